-- Tries to reach the file system and the process.
-- expect: undefined global 'io'
return { choose = function()
  local f = io.open("/etc/passwd")
  os.execute("echo escaped")
  return f and f:read("a")
end }
