-- Tries the debug library, require and bytecode.
-- expect: undefined global 'require'
return { choose = function(view, moves)
  local ok = pcall(function() return debug.getregistry() end)
  if ok then return "escaped" end
  ok = pcall(require, "os")
  if ok then return "escaped" end
  local code = string.dump and string.dump(function() end)
  if code or load("\27Lua") then return "escaped" end
  return rawget(_G, "io") and "escaped" or moves[1]
end }
