-- Checks, at every decision, that the view and moves handed over are whole
-- and typed as the game has them, and that other hands stay hidden; any
-- difference is an error, which the referee records as a fault.
local function check(ok, what)
  if not ok then error("view check failed: " .. what, 2) end
end

return { choose = function(view, moves, ctx)
  check(math.type(view.seat) == "integer" and view.seat == ctx.seat, "seat")
  check(math.type(ctx.decision) == "integer" and type(ctx.kind) == "string", "ctx")
  check(#moves > 0, "moves")
  for _, m in ipairs(moves) do check(type(m) == "string", "move text") end
  local own = view.zones["hand" .. view.seat]
  check(own and #own.cards == own.count, "own hand")
  for _, name in ipairs(own.cards) do check(name ~= "??", "own card hidden") end
  for s = 1, view.seats.n do
    local hand = view.zones["hand" .. s]
    if s ~= view.seat then
      for _, name in ipairs(hand.cards) do check(name == "??", "seat " .. s .. "'s card shown") end
    end
    check(math.type(view.accounts["seat" .. s]) == "integer", "credits of seat " .. s)
  end
  check(type(view.vars.opts) == "table" and math.type(view.vars.opts.ante) == "integer", "vars")
  check(#view.vars.scores == view.seats.n, "scores")
  return #moves
end }
