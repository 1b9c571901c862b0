-- Bamboozled, the dice game, played longer: five strikes eliminate
-- (seeds/004, "More Strikes"; any number with --set strikes=N).
local game = inherit("bamboozled-dice", { strikes = 5 })
game.description = "Bamboozled dice with more strikes before elimination (default 5)"
return game
