-- A bot that plays by the rules: the last legal move, by its number.
-- expect: no fault
return { choose = function(view, moves, ctx)
  assert(view.seat == ctx.seat)
  return #moves
end }
