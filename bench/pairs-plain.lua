-- make bench: bench/pairs-probe.lua's loop in plain Lua 5.4, with Lua's own
-- next: lua5.4 bench/pairs-plain.lua KEYS LOOPS.
local keys, loops = tonumber(arg[1]), tonumber(arg[2])
local tab = {}
for i = 1, keys do tab["key" .. i] = i end
local sum = 0
for _ = 1, loops do
  for _, v in pairs(tab) do sum = sum + v end
end
print(sum)
