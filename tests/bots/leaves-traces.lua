-- Leaves traces of every game in its state: a global, a field of the
-- string library, a module-level counter, and memory it holds on to. A
-- tournament keeps its bots from game to game and must put each back as
-- its script left it: a trace of an earlier game is a fault, and so is
-- running out of memory, which one game alone never does at
-- --bot-memory 16 (a quarter of a megabyte a decision).
local first, last_decision, held = true, 0, {}

return { choose = function(view, moves, ctx)
  if first and (rawget(_G, "trace") or string.trace) then
    error("a global set in an earlier game is still set")
  end
  if ctx.decision < last_decision then error("the decision counter of an earlier game is still here") end
  first, last_decision = false, ctx.decision
  trace, string.trace = true, true
  held[#held + 1] = string.rep("x", 1 << 18)
  return moves[1]
end }
