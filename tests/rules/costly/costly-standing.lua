-- Snap Duel whose standing() works hard (a quarter of a million steps),
-- as a rummy's weighing of every hand might: a bot that reads a sample's
-- standing in a loop must pay for that work out of its own budget
-- (hostile.sh, reads), not leave it to the CPU-time backstop.
local game = inherit("fixture", {})
local standing = game.standing
game.standing = function(t)
  local sum = 0
  for i = 1, 250000 do sum = sum + i % 7 end
  return standing(t)
end
return game
