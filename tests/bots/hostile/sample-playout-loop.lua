-- Plays samples out at random without end, catching every error: each move
-- played is charged to its budget.
return { choose = function(view, moves, ctx)
  while true do
    pcall(function() ctx.sample():playout() end)
  end
end }
