-- Standard functions that loop in C for as long as their arguments say,
-- allocating nothing, so neither the budget's hook nor the memory cap
-- would stop them: each must be refused or answered at once.
-- expect: too many to walk
local huge = setmetatable({}, { __len = function() return 1 << 40 end })
return { choose = function()
  assert(string.rep("", 1 << 62) == "" and ("").rep("", 1 << 62, "") == "")
  for _, try in ipairs({
    function() table.move({}, 1, 1 << 40, 1) end,
    function() table.move({}, -(1 << 40), 0, 1) end,
    function() table.remove(huge, 1) end,
    function() table.insert(huge, 1, "x") end,
  }) do
    if pcall(try) then return "a C loop ran" end
  end
  table.move({}, 1, 1 << 40, 1) -- refused: the error is the fault
end }
