-- Bamboozled, the dice game, without bluffing (seeds/004, "No Bluffing"):
-- rolls are public and every declaration is true; a roll that cannot beat
-- the score is a strike and the previous player takes an action card.
-- There are no My Bad cards in the deck: the base game leaves them out
-- whenever bluffing is off.
local game = inherit("bamboozled-dice", { bluffing = false })
game.description = "Bamboozled dice without bluffing: public rolls that must beat the score"

-- RULINGS: --set bluffing=true on this variant is refused, with why.
for i, option in ipairs(game.options) do
  if option.name == "bluffing" then
    local own = {}
    for k, v in pairs(option) do own[k] = v end
    own.check = function(value)
      if value then
        return false, "this variant plays without bluffing: with bluffing it is the base game, bamboozled-dice"
      end
      return true
    end
    game.options[i] = own
  end
end
return game
