-- Bamboozled, the dice game, with no limit on action cards: hold any
-- number, and play any number each turn (seeds/004, "No Limits").
local game = inherit("bamboozled-dice")
game.description = "Bamboozled dice with no limit on action cards held or played"
for _, option in ipairs(game.options) do
  if option.name == "hand_limit" or option.name == "cards_per_turn" then option.default = 0 end
end
return game
