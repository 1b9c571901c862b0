-- Allocates without end.
-- expect: ^choose failed: not enough memory$
return { choose = function()
  local t = {}
  while true do t[#t + 1] = { 1, 2, 3, 4, 5, 6, 7, 8 } end
end }
