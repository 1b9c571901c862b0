-- make bench: pairs over a table of `keys` string keys, `loops` times, at
-- setup (tools/bench.sh prices one traversal against plain Lua's, bench/pairs-plain.lua).
local game = { players = { min = 1, max = 1 },
  options = { { name = "keys", default = 10, min = 1, max = 100000, help = "keys" },
              { name = "loops", default = 1000, min = 0, max = 1000000, help = "traversals" } } }
function game.setup(t, opts)
  local tab = {}
  for i = 1, opts.keys do tab["key" .. i] = i end
  local sum = 0
  for _ = 1, opts.loops do
    for _, v in pairs(tab) do sum = sum + v end
  end
  t.vars.sum = sum
end
function game.apply() end
function game.result() return { winners = { 1 } } end
return game
