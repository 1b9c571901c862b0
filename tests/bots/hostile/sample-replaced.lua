-- Holds on to more samples than stay usable, then uses the oldest.
-- expect: this sample was replaced
return { choose = function(view, moves, ctx)
  local samples = {}
  for i = 1, 9 do samples[i] = ctx.sample() end
  samples[1]:playout()
  return moves[1]
end }
