-- Checks ctx.sample from inside a bot, at every decision: a sample starts at
-- this very decision (this seat asked, these moves), keeps the dice the seat
-- saw, plays on by the rules, tells a standing of the right shape, and
-- plays out to a result (cut when asked to stop). It answers the first move; any
-- failed check is a fault, which the test counts.
local function same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

return { choose = function(view, moves, ctx)
  for _ = 1, 3 do
    local s = ctx.sample()
    local p = assert(s:pending(), "a sample of a decision is not over")
    assert(p.seats[1] == ctx.seat, "the sample asks another seat")
    assert(same_list(p.moves[ctx.seat], moves), "the sample offers other moves")
    local dice = s:dice()
    assert(#dice == #view.dice, "a sample with another number of dice")
    for i, die in ipairs(view.dice) do
      assert(not die.value or dice[i] == die.value, "a sample changed a die its seat saw")
    end
    assert(s:play(ctx.seat, moves[1]))
    local standing = s:standing() -- nil, or one number per seat
    assert(standing == nil or #standing == view.seats.n, "a standing of the wrong length")
    for _, v in ipairs(standing or {}) do assert(type(v) == "number", "a standing that is not numbers") end
    local none, why = s:playout(0)
    if s:pending() then
      assert(none == nil and why:find("cut after 0 moves", 1, true), "a playout of 0 moves was not cut")
    else
      assert(none and none.winners, "a playout of 0 moves of a game over gave no result")
    end
    local result = assert(s:playout())
    assert(type(result.winners) == "table" and #result.winners >= 1, "a playout without winners")
    assert(s:pending() == nil and s:result().winners[1] == result.winners[1], "played out, yet not over")
    assert(s:random_move(ctx.seat) == nil, "a move offered after the end")
  end
  return moves[1]
end }
