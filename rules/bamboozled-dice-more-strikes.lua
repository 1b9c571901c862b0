-- Bamboozled, the dice game, played longer: five strikes eliminate
-- (seeds/004, "More Strikes"; any number with --set strikes=N).
local game = inherit("bamboozled-dice")
game.description = "Bamboozled dice with more strikes before elimination (default 5)"
for _, option in ipairs(game.options) do
  if option.name == "strikes" then option.default = 5 end
end
return game
