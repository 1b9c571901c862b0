-- Finalizers that never end. Lua runs __gc with hooks off, so the budget
-- could not stop one: the collector would hang in the referee's copy of a
-- view, or when the bot's state closes. setmetatable refuses __gc.
-- expect: setmetatable: a script may not set __gc
local function trap()
  return setmetatable({}, { __gc = function() while true do end end })
end
return { choose = function()
  for _ = 1, 1000 do trap() end
  return 1
end }
