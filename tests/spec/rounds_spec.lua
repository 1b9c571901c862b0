-- Rounds the kernel runs (t:ask_trick): each seat in turn plays a card,
-- following suit if it can; the kernel asks and plays every card but the
-- round's last, which the rules apply (tests/fixture/rounds.lua).
local helper = require "tests.spec.helper"
local referee = helper.referee

-- Dealt one at a time from the top: seat 1 holds 2C 4C 2H, seat 2 3H 6H 3C,
-- seat 3 5C 7C 4H.
local DEAL = { "2C", "3H", "5C", "4C", "6H", "7C", "2H", "3C", "4H" }

local function rounds(args)
  args = args or {}
  args.seats = args.seats or 3
  args.shuffles = args.shuffles or { DEAL }
  return referee.game("rounds", { seats = args.seats, seed = 7, shuffles = args.shuffles,
                                  options = args.options, rules_path = "tests/fixture:rules" })
end

local function sorted(list)
  local copy = { table.unpack(list) }
  table.sort(copy)
  return copy
end

describe("a round the kernel runs (t:ask_trick)", function()
  it("asks each seat in turn and plays every card but the last without the rules", function()
    local g = assert(rounds())
    local t = g:table()
    local p = g:pending()
    assert.are.same({ 1 }, p.seats)
    assert.are.equal("play", p.kind)
    assert.are.equal("play a card: follow suit if you can", p.prompt)
    assert.are.same({ "2C", "2H", "4C" }, sorted(p.moves[1]))

    assert.is_true(g:play(1, "4C"))
    t = g:table()
    assert.are.same({ "4C" }, helper.names(t, "trick"))
    assert.are.equal(2, t:turn()) -- the turn passes to the seat asked
    assert.are.same({}, t.vars.applied) -- the rules were not called
    -- seat 2 holds a club, so it must follow clubs
    assert.are.same({ "3C" }, g:pending().moves[2])
    local ok, err, kind = g:play(2, "3H")
    assert.is_nil(ok)
    assert.are.equal("illegal", kind)
    assert.matches("legal moves: 3C", err)

    assert.is_true(g:play(2, "3C"))
    assert.are.same({ "5C", "7C" }, sorted(g:pending().moves[3]))
    assert.are.same({}, g:table().vars.applied)
    assert.is_true(g:play(3, "7C"))

    -- the last card came to apply, with the other two in the trick
    t = g:table()
    assert.are.same({ { seat = 3, move = "7C", before = 2, turn = 3 } }, t.vars.applied)
    assert.are.same({ "4C", "3C", "7C" }, helper.names(t, "taken"))
    assert.are.same({ 0, 0, 1 }, t.vars.won)
    -- 7C won: seat 3 leads the next round, then seats 1 and 2
    assert.are.same({ 3 }, g:pending().seats)
    assert.are.same({ "4H", "5C" }, sorted(g:pending().moves[3]))
  end)

  it("lets a seat without the suit led play any card", function()
    local g = assert(rounds())
    helper.play(g, { "4C", "3C", "7C", "5C" })
    assert.are.same({ "2C" }, g:pending().moves[1]) -- seat 1 holds 2C and 2H
    assert.is_true(g:play(1, "2C"))
    assert.are.same({ "3H", "6H" }, sorted(g:pending().moves[2])) -- no club left
    assert.is_true(g:play(2, "6H"))
    assert.are.same({ 0, 0, 2 }, g:table().vars.won)
  end)

  it("shows each card played to every seat, and no card still in a hand", function()
    local g = assert(rounds())
    helper.play(g, { "4C" })
    local seen_by_2 = table.concat(g:table():log_lines(1, 2), "\n")
    assert.matches("4C: hand1 %-> trick", seen_by_2)
    assert.is_nil(seen_by_2:find("2H", 1, true))
    assert.is_nil(seen_by_2:find("5C", 1, true))
  end)

  it("replays, undoes and samples a game in the middle of a round", function()
    local g = assert(rounds())
    helper.play(g, { "4C", "3C", "7C", "4H" })
    -- a sample as seat 1 sees it goes on with the round from its own hand
    local s = assert(g:sample(1, 3))
    assert.are.same({ 1 }, s:pending().seats)
    assert.are.same({ "2H" }, s:pending().moves[1])
    assert.is_true(s:play(1, "2H"))
    assert.are.same({ 2 }, s:pending().seats)
    assert.are.same({ 1 }, g:pending().seats) -- the game itself is as it was

    assert.is_true(g:undo(2))
    assert.are.same({ "4C", "3C" }, helper.names(g:table(), "trick"))
    assert.are.same({ 3 }, g:pending().seats)
    assert.are.same({ "5C", "7C" }, sorted(g:pending().moves[3]))

    -- seeded games of random moves, stopped in a round, replay from their
    -- record; played to the end, every round has a winner and one apply
    for seed = 1, 20 do
      local r = assert(referee.game("rounds", { seats = 2 + seed % 3, seed = seed,
                                                rules_path = "tests/fixture:rules" }))
      for i = 1, seed % 5 + 1 do helper.step(r, i) end
      local replayed = assert(referee.replay(r:record(), "tests/fixture:rules"))
      assert.are.equal(r:hash(), replayed:hash())
      assert.are.same(r:pending(), replayed:pending())
      helper.play_out(r, seed)
      local total = 0
      for _, n in ipairs(r:table().vars.won) do total = total + n end
      assert.are.equal(3, total)
      assert.are.equal(3, #r:table().vars.applied)
    end
  end)

  it("takes the hands by the numbers t:zone gave as by their names", function()
    for seed = 1, 6 do
      local function game(options)
        return assert(referee.game("rounds", { seats = 2 + seed % 3, seed = seed, options = options,
                                               rules_path = "tests/fixture:rules" }))
      end
      local by_name, by_number = game({}), game({ by_number = true })
      for i = 1, 9 do
        local p = by_name:pending()
        if not p then break end
        assert.are.same(p.moves, by_number:pending().moves)
        local seat = p.seats[1]
        local move = p.moves[seat][1 + (seed + i) % #p.moves[seat]]
        assert.is_true(by_name:play(seat, move))
        assert.is_true(by_number:play(seat, move))
      end
      assert.are.same(by_name:table().vars.won, by_number:table().vars.won)
      assert.are.same(by_name:table().vars.applied, by_number:table().vars.applied)
    end
  end)

  it("ends the round when the rules ask anything else", function()
    local g = assert(rounds({ options = { then_ask = true } }))
    assert.are.same({ 2 }, g:pending().seats)
    assert.is_true(g:play(2, "pick"))
    local applied = g:table().vars.applied
    assert.are.equal("pick", applied[1].move) -- the rules applied it
    assert.are.same({ 1 }, g:pending().seats)
    assert.are.same({ "2C", "2H", "4C" }, sorted(g:pending().moves[1]))
  end)

  it("refuses a mistaken round with what was wrong", function()
    local cases = {
      ["no-seats"] = "seats must list 1 or more of the table's seats, in the order they play",
      ["twice"] = "seat 1 is listed twice: each seat plays once a round",
      ["bad-seat"] = "entry 2 is not a seat from 1 to 3",
      ["no-hand"] = "hands%[2%] is a nil: expected seat 2's hand, its name or the number t:zone gave",
      ["bad-number"] = "hands%[2%] is 99: no zone has that number %(t:zone gives it%)",
      ["fraction"] = "hands%[2%] is 4.5: no zone has that number",
      ["no-zone"] = "hands%[2%] is 'hand9': no zone has that name",
      ["into-hand"] = "'hand2' is seat 2's hand: the cards are played onto another zone",
      ["empty-hand"] = "zone 'hand1' has no card to offer",
      ["not-a-list"] = "table expected, got number",
    }
    for mistake, message in pairs(cases) do
      local g, err = rounds({ options = { mistake = mistake } })
      assert.is_nil(g, mistake)
      assert.matches(message, err)
    end
  end)

  it("refuses a card after which a seat of the round has nothing to play, changing nothing", function()
    local g = assert(rounds({ options = { mistake = "shared-hand" } }))
    local before, card = g:hash(), g:pending().moves[1][1]
    local ok, err, kind = g:play(1, card)
    assert.is_nil(ok)
    assert.are.equal("script", kind)
    assert.matches("went on after seat 1's card to a seat whose hand is empty", err)
    assert.are.equal(before, g:hash())
    assert.are.same({ card }, g:pending().moves[1])
  end)
end)
