-- Calls the sampling API every wrong way it can think of; each call must
-- fail with an error (or refuse with nil and why), never crash the referee.
-- Then it answers nonsense, to be recorded as faulting.
return { choose = function(view, moves, ctx)
  local s = ctx.sample()
  local calls = {
    function() s.pending(nil) end,
    function() s.pending({}) end,
    function() s:play() end,
    function() s:play("one", "two") end,
    function() s:play(1, {}) end,
    function() s:play(math.maxinteger, "x") end,
    function() s:random_move(-1) end,
    function() s.playout(ctx) end,
    function() getmetatable(s).__index = nil end,
    function() ctx.sample.x = 1 end,
  }
  for _, call in ipairs(calls) do pcall(call) end
  local ok, why = s:play(ctx.seat, "no such move")
  assert(ok == nil and type(why) == "string", "an illegal move in a sample was not refused")
  assert(s:pending(), "the sample ended")
  return {}
end }
