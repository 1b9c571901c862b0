-- Calls the iterators pairs() gives for view.zones and view.vars with what
-- is no table, and with a key the table does not hold (this once crashed
-- the referee: the iterator took any value for a table). Each call must
-- fail as a Lua error; the last one, unprotected, makes the fault.
-- expect: bad argument #1 to 'iterate'
return { choose = function(view)
  local misuse = { { 5 }, { "abc" }, { nil }, { true, 1 }, { {}, "no such key" }, { view.zones, "no zone" } }
  for _, lazy in ipairs({ view.zones, view.vars }) do
    local iterate = pairs(lazy)
    for _, args in ipairs(misuse) do
      pcall(iterate, args[1], args[2])
    end
  end
  local iterate = pairs(view.vars)
  return iterate(42)
end }
