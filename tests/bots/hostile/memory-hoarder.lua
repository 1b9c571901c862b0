-- Fills its memory to the brim, keeps it, and answers legally: the next
-- decision's view must still be handed to it (or refused as a fault)
-- without the referee running out of memory in the bot's state.
-- expect: ^choose failed: not enough memory$
-- expect: the view could not be handed over \(it did not fit
local hoard = {}
local function fill()
  local size = 1 << 20
  while size >= 16 do
    local ok, block = pcall(string.rep, "x", size)
    if ok then hoard[#hoard + 1] = block else size = size // 2 end
  end
end
return { choose = function()
  fill()
  return 1
end }
