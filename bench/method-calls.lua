-- Method Calls, for `make bench`: Loop Floor (bench/loop-floor.lua) with
-- ten calls of t:suit in every decision. What a decision costs here above
-- Loop Floor, divided by ten, is what one call from rules to a table method
-- costs, the unit of a rules script's work: a 4-player BAM! hand makes
-- about 150 (12 a decision).
local game = inherit("loop-floor")
game.description = "Loop Floor with ten t:suit calls a decision, to measure a method call"

local CALLS = 10 -- tools/bench.sh reads this line to divide by it
local base_setup, base_apply = game.setup, game.apply

function game.setup(t, opts)
  t:zone("stock")
  t:deck("stock", "standard52")
  base_setup(t, opts)
end

function game.apply(t, seat, move)
  for _ = 1, CALLS do t:suit(1) end
  base_apply(t, seat, move)
end

return game
