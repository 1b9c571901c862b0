-- Bamboozled, the dice game, without bluffing (seeds/004, "No Bluffing"):
-- rolls are public and every declaration is true; a roll that cannot beat
-- the score is a strike and the previous player takes an action card.
-- There are no My Bad cards in the deck: the base game leaves them out
-- whenever bluffing is off.
local game = inherit("bamboozled-dice", { bluffing = false })
game.description = "Bamboozled dice without bluffing: public rolls that must beat the score"
return game
