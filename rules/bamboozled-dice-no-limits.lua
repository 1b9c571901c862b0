-- Bamboozled, the dice game, with no limit on action cards: hold any
-- number, and play any number each turn (seeds/004, "No Limits").
local game = inherit("bamboozled-dice", { hand_limit = 0, cards_per_turn = 0 })
game.description = "Bamboozled dice with no limit on action cards held or played"
return game
