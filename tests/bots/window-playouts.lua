-- Checks that a sample's playout answers a claim window as the referee
-- does: every asked seat at once, taken in the window's claim order. In
-- crossroads (tests/fixture/crossroads.lua) answered at random, seat 2
-- then scores 3 rounds in 8; asked one seat at a time, seat 1 first, it
-- would score 2 in 8. A share outside 0.31..0.44 is a fault.
return { choose = function(view, moves, ctx)
  if view.vars.round == 1 and ctx.seat == 1 and moves[1] ~= "next" then
    local played, scored = 0, 0
    for _ = 1, 40 do
      local result = assert(ctx.sample():playout())
      played, scored = played + view.vars.rounds, scored + result.scores[2]
    end
    local share = scored / played
    assert(share > 0.31 and share < 0.44, ("seat 2 scored %.3f of the rounds played out"):format(share))
  end
  return moves[1]
end }
