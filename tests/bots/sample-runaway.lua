-- At its first decision it plays, in a sample, the move that sends the
-- rules into an endless loop (tests/fixture/broken/loops-later.lua). The
-- watchdog stops the loop and the bot faults for running too long; the
-- game itself must play on to its end. Later it answers the first move.
local looped = false
return { choose = function(view, moves, ctx)
  if not looped then
    looped = true
    local s = ctx.sample()
    assert(s:play(ctx.seat, moves[1]))
    s:play(s:pending().seats[1], "loop")
  end
  return moves[1]
end }
