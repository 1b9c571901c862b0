-- Reads a sample without end (its standing, which runs the rules'
-- standing(); its pending decision, a random move, its cards and dice),
-- catching every error. Each read is charged what it costs, the rules'
-- instructions it runs included, so the bot faults by its instruction
-- budget, the same on every run and machine, long before the CPU-time
-- backstop (which would say "seconds of CPU time").
-- expect: ran too long \(over its budget of [0-9]+ instructions
return { choose = function(view, moves, ctx)
  local s = ctx.sample()
  local seat = view.seat
  while true do
    pcall(s.standing, s)
    pcall(s.pending, s)
    pcall(s.random_move, s, seat)
    pcall(s.cards, s, "hand1")
    pcall(s.dice, s)
  end
end }
