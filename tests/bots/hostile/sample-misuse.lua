-- Calls the sampling API every wrong way it can think of; each call must
-- fail with an error (or refuse with nil and why), never crash the referee.
-- Then it answers nonsense, to be recorded as faulting.
-- expect: answered a table, not one of its moves
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
    function() s:window({ { ctx.seat, moves[1] }, { ctx.seat, moves[1] } }) end,
    function() s:window({ { "one" }, { 2, {} } }) end,
    function() local many = {} for i = 1, 40 do many[i] = { i, "x" } end s:window(many) end,
    function() s.playout(ctx) end,
    function() s:playout(-1) end,
    function() getmetatable(s).__index = nil end,
    function() ctx.sample.x = 1 end,
  }
  local ok, why = s:play(ctx.seat, "no such move")
  assert(ok == nil and type(why) == "string", "an illegal move in a sample was not refused")
  assert(s:pending(), "the sample ended")
  for _, call in ipairs(calls) do pcall(call) end
  -- every method with every pair of odd arguments
  local odd = { nil, false, true, 0, -1, 1, 2, math.maxinteger, math.mininteger, 0 / 0, 1e308,
                "", "x", "play", ctx.seat, {}, { 1 }, math.abs, s, coroutine.create(math.abs) }
  for _, name in ipairs({ "pending", "play", "window", "random_move", "playout", "result", "standing" }) do
    local method = s[name]
    for i = 1, 20 do
      for j = 1, 20 do pcall(method, s, odd[i], odd[j]) end
      pcall(method, odd[i])
    end
  end
  return {}
end }
