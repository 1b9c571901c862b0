-- Recurses until the stack gives out, in Lua and through C (string.gsub).
-- expect: C stack overflow
-- expect: ^choose failed: not enough memory$
local function down(n) return 1 + down(n + 1) end
local function through_c(s) return (s:gsub(".", through_c)) end
local n = 0
return { choose = function()
  n = n + 1
  if n % 2 == 0 then return through_c("ab") end
  return down(1)
end }
