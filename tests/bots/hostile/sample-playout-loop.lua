-- Plays samples out at random without end, catching every error: each move
-- played is charged to its budget.
-- expect: ran too long \(over its budget of [0-9]+ instructions
return { choose = function(view, moves, ctx)
  while true do
    pcall(function() ctx.sample():playout() end)
  end
end }
