-- Real dice at the table (--table dice): a game whose dice values are
-- typed as the rules read them ends as the same game with the referee's
-- dice, when the values typed are the ones the referee rolled. The cards
-- stay the referee's, dealt as they would be.
local helper = require "tests.spec.helper"
local referee = helper.referee

local rolls_of = helper.rolls_of

local function play_both(name, seed)
  local opts = { seats = 3, seed = seed, rules_path = "rules" }
  local chance = assert(referee.game(name, opts))
  local typed, reads = {}, 0
  local physical
  -- A die read at the table is the k-th roll of it there, k counted in the
  -- physical game's own log (the referee's game, a move ahead, rolled it too).
  opts.typed_dice = function(dice)
    local here, there, values = rolls_of(physical), rolls_of(chance), {}
    for i, d in ipairs(dice) do values[i] = there[d][#here[d]] end
    reads = reads + 1
    return values
  end
  physical = assert(referee.game(name, opts))
  local n = 0
  while chance:pending() do
    local p = chance:pending()
    local seat = p.seats[1]
    local move = chance:random_move(seat, seed * 7919 + n)
    assert(chance:play(seat, move))
    local ok, err = physical:play(seat, move)
    assert(ok, ("seed %d, move %d (%s by seat %d): %s"):format(seed, n + 1, move, seat, tostring(err)))
    n = n + 1
  end
  assert.is_nil(physical:pending(), "the physical game goes on after the referee's ended")
  return chance, physical, reads
end

describe("a table with real dice", function()
  for _, name in ipairs({ "bamboozled-dice", "bamboozled-dice-no-bluffing", "bamboozled-dice-more-strikes" }) do
    it("ends " .. name .. " as the referee's dice would, typed only where read", function()
      local total_reads = 0
      for seed = 1, 12 do
        local chance, physical, reads = play_both(name, seed)
        total_reads = total_reads + reads
        assert.are.same(chance:result(), physical:result(), "seed " .. seed)
        assert.are.same(chance:table().vars.strikes, physical:table().vars.strikes)
        -- the same cards dealt: the chance stream kept its course
        assert.are.same(chance:table():log_lines(0, 0), physical:table():log_lines(0, 0))
      end
      assert.is_true(total_reads > 12, "the dice were typed " .. total_reads .. " times")
    end)
  end

  it("replays a save with its typed dice and asks for nothing; a cut list is refused", function()
    local _, physical = play_both("bamboozled-dice", 3)
    local record = physical:record()
    assert.matches('"table": {\n  "dice": %[', record)
    local again = assert(referee.replay(record, "rules"))
    assert.are.same(physical:result(), again:result())
    local cut = record:gsub('"dice": %[[^%]]*%]', '"dice": [6]')
    local bad, err = referee.replay(cut, "rules")
    assert.is_nil(bad)
    assert.matches("the dice typed at the table ran out", err)
  end)

  it("asks only when a rule reads the dice, and takes a typed value out of range back", function()
    local asked = 0
    local g = assert(referee.game("bamboozled-dice", { seats = 3, seed = 1, rules_path = "rules",
      options = { first = 1 }, typed_dice = function(dice) asked = asked + 1; return { 7, 1 } end }))
    assert(g:play(1, "roll"))
    assert(g:play(1, "declare 53"))
    assert.are.equal(0, asked) -- rolled and declared: nobody looked at the values
    local before = g:hash()
    local ok, err = g:play(2, "challenge")
    assert.is_nil(ok)
    assert.matches("die 1 cannot show 7: it has 6 faces", err)
    assert.are.equal(before, g:hash()) -- nothing changed
    assert.are.equal(1, asked)
  end)
end)
