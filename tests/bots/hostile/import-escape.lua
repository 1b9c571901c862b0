-- Tries to import files from outside bots/lib/.
-- expect: import: '/etc/passwd' is not a helper name
return { choose = function()
  local ok = pcall(import, "../../../etc/passwd")
  if ok then return "escaped" end
  return import("/etc/passwd")
end }
