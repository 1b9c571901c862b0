-- Leans on the order pairs and next give bots: the same in every process
-- (numbers ascending, strings by their bytes, false, true, then the one
-- table key a table may have), over its own tables and its view's; two
-- table keys are refused with why. Faults if any of it does not hold.
-- expect: no fault
local function keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = tostring(k) end
  return table.concat(out, " ")
end

return { choose = function(view, moves)
  local mixed = { "a", "b", [-1] = 0, [0.5] = 0, zed = 0, Alpha = 0, [true] = 0, [false] = 0 }
  assert(keys(mixed) == "-1 0.5 1 2 Alpha zed false true", keys(mixed))
  assert(next(mixed) == -1 and next({}) == nil)
  local names = {}
  for name in pairs(view.zones) do names[#names + 1] = name end
  for i = 2, #names do assert(names[i - 1] < names[i], "view.zones out of order") end
  local legal = {}
  for i, m in ipairs(moves) do legal[m] = i end
  local ordered = {}
  for m in pairs(legal) do ordered[#ordered + 1] = m end
  for i = 2, #ordered do assert(ordered[i - 1] < ordered[i], "moves out of order") end
  local ok, why = pcall(function() for _ in pairs({ [{}] = 1, [{}] = 2 }) do end end)
  assert(not ok and why:find("whose order is not the same from one run to the next"), why)
  return legal[ordered[1]]
end }
