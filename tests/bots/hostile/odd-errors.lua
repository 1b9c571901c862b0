-- Raises errors that are not strings: a table, and an object whose
-- __tostring fails too.
-- expect: \(error object is a table value\)
-- expect: no text for you
local n = 0
return { choose = function()
  n = n + 1
  if n % 2 == 0 then error({ code = 42 }) end
  error(setmetatable({}, { __tostring = function() error("no text for you") end }))
end }
