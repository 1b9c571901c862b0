-- Keeps a sample for a later decision, when the game has moved on: using it
-- then is an error (a sample lasts while the choose that took it runs).
-- expect: this sample was taken for an earlier decision
local kept
return { choose = function(view, moves, ctx)
  if kept then return kept:pending() and moves[1] end
  kept = ctx.sample()
  return moves[1]
end }
