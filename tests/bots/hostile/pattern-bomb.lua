-- Patterns whose backtracking runs in C for ages: one call would hang the
-- referee, out of reach of the budget's hook. Tried every way a bot can
-- call the matcher; each must be refused, never run.
-- expect: string.find: this pattern could backtrack too long
local subject = string.rep("a", 5000)
local bomb = string.rep("a*", 20) .. "b"
return { choose = function()
  for _, try in ipairs({
    function() return string.find(subject, bomb) end,
    function() return subject:match(bomb) end,
    function() for _ in subject:gmatch(bomb) do end end,
    function() return subject:gsub(bomb, "") end,
  }) do
    if pcall(try) then return "the matcher ran" end
  end
  return subject:find(bomb) -- refused: the error is the fault
end }
