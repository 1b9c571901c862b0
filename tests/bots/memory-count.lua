-- Holds blocks of 512 KB until its memory is full, then says how many bytes
-- it held (in its error): the cap bounds the bytes a bot holds live, so the
-- count is under the cap (the state itself holds some of it), and near it.
return { choose = function()
  local held = {}
  local size = 1 << 19
  while true do
    local ok, block = pcall(string.rep, "x", size - 24)
    if not ok then break end
    held[#held + 1] = block
  end
  error(("held %d bytes"):format(#held * size), 0)
end }
