-- Holds 10 MB for the whole game and makes 2 MB of garbage every decision.
-- At --bot-memory 16 its state collects only when an allocation would pass
-- the cap (a bot's collector waits for memory to grow tenfold), and that
-- collection must come before the allocation is refused: this bot never
-- runs out of memory.
local held

return { choose = function(view, moves, ctx)
  if not held then
    held = {}
    for i = 1, 10 do held[i] = string.rep(string.char(64 + i), 1 << 20) end
  end
  for i = 1, 4 do
    local garbage = string.rep(tostring((ctx.decision + i) % 10), 1 << 19)
    if #garbage == 0 then error("unreachable") end
  end
  return moves[1]
end }
