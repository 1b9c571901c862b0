-- Bamboozled, the dice game, through the real rules: the ranking, every
-- action card in its timing window, the two-player rules, the variants,
-- hidden information and the end of every game.
local helper = require "tests.spec.helper"
local referee = helper.referee

-- Puts named action cards into seats' hands: give{[2] = {"Skip", "Reverse"}}.
-- The round starts again, so that its first decision offers the cards.
local function give(hands)
  return function(t, game)
    for seat, names in pairs(hands) do
      for _, name in ipairs(names) do t:move(t:card(name, "deck"), "cards" .. seat) end
    end
    game.start_round(t, t:turn())
  end
end

-- A game whose deck deals `cards` (one each, seat 1 first, then the next
-- draws) and whose dice roll `rolls`; seat `first` starts.
local function new(args)
  local g, err = referee.game(args.game or "bamboozled-dice", {
    seats = args.seats or 3, seed = args.seed or 1, rules_path = "rules",
    options = args.options or { first = args.first or 1 },
    shuffles = args.cards and { args.cards } or nil, rolls = args.rolls, arrange = args.arrange })
  assert(g, err)
  return g
end

local play = helper.play

local function log(g) return table.concat(g:table():log_lines(), "\n") end
local function pending_seat(g) return g:pending().seats[1] end

describe("the score ranking", function()
  -- The ranking written out by hand, highest first.
  local ORDER = { 21, 66, 55, 44, 33, 22, 11 }
  for value = 65, 13, -1 do -- (12 is no score: a 1 and a 2 are 21)
    local a, b = value // 10, value % 10
    if a ~= b and a >= 1 and a <= 6 and b >= 1 and b <= 6 and value ~= 21 then ORDER[#ORDER + 1] = value end
  end
  local position = {}
  for i, r in ipairs(ORDER) do position[r] = i end

  it("orders every pair of readings: 21, then doubles, then the rest by value", function()
    assert.are.equal(35, #ORDER)
    -- For each score, the declarations the rules allow are exactly the
    -- readings ranked at or above it.
    for _, score in ipairs(ORDER) do
      local g = new({ seats = 2, rolls = { 3, 4, 5, 5 } })
      play(g, { "roll", "declare " .. score, "accept" })
      local allowed = {}
      for _, m in ipairs(g:pending().moves[2]) do allowed[tonumber(m:match("%d%d"))] = true end
      for _, r in ipairs(ORDER) do
        assert.are.equal(position[r] <= position[score], allowed[r] == true,
          ("after %d, declaring %d"):format(score, r))
      end
    end
  end)

  it("refuses a declaration below the score, saying which score stands", function()
    local g = new({ seats = 2 })
    play(g, { "roll", "declare 61", "accept" })
    local ok, err = g:play(2, "declare 53")
    assert.is_nil(ok)
    assert.matches("53 does not beat the current 61", err)
    ok, err = g:play(2, "declare 71")
    assert.matches("71 is not a reading two dice can show", err)
  end)
end)

describe("accept and challenge", function()
  it("shows the dice to the acceptor alone, and pays an accepted bluff with a card", function()
    local g = new({ rolls = { 3, 1, 6, 6 }, cards = { "Skip", "Skip", "Skip", "Double" } })
    play(g, { "roll", "declare 55" })          -- seat 1 rolled 31: a bluff
    assert.is_nil(g:view(2).dice[1].value)
    play(g, { "accept" })                      -- seat 2 looks, then rolls
    assert.are.equal(2, g:table():count("cards1")) -- the bluff earned a card
    assert.matches("seat 1 takes an action card", log(g))
    assert.are.equal(6, g:view(2).dice[1].value) -- seat 2's own new roll
    assert.is_nil(g:view(1).dice[1].value)
    assert.is_nil(g:view(3).dice[1].value)
  end)

  it("strikes the challenger of a true claim and the bluffer caught; the struck player starts", function()
    local g = new({ rolls = { 6, 5, 2, 3 }, cards = { "Skip", "Skip", "Skip", "Skip" } })
    play(g, { "roll", "declare 65", "challenge" })
    local t = g:table()
    assert.are.same({ 0, 1, 0 }, t.vars.strikes)
    assert.are.equal(2, pending_seat(g))
    assert.are.equal("roll", g:pending().kind)
    -- a challenge shows the dice to all; the next round starts with none on the table
    local shown = table.concat(t:log_lines(1, 3), "\n")
    assert.matches("show die 2 to all: 5", shown, 1, true)
    assert.is_nil(g:view(3).dice[2].value)
    play(g, { "roll", "declare 44", "challenge" })
    assert.are.same({ 0, 2, 0 }, g:table().vars.strikes)
  end)

  it("eliminates at the strike limit and ends with the last player", function()
    local g = new({ seats = 2, options = { first = 1, strikes = 1 }, rolls = { 6, 5 }, cards = { "Skip", "Skip" } })
    play(g, { "roll", "declare 65", "challenge" })
    local r = assert(g:result())
    assert.are.same({ 1 }, r.winners)
  end)
end)

describe("action cards", function()
  it("Double backs a challenged claim: no strike, and the challenger plays on", function()
    local g = new({ rolls = { 6, 1, 4, 4 }, cards = { "Double", "Skip", "Skip" } })
    play(g, { "roll", "declare 66", "challenge" })
    assert.are.same({ "Double", "take strike" }, g:pending().moves[1])
    play(g, { "Double" })
    local t = g:table()
    assert.are.same({ 0, 0, 0 }, t.vars.strikes)
    assert.are.equal(66, t.vars.score)
    assert.are.equal("discards", t:where(t:card("Double")))
    assert.are.equal(2, pending_seat(g))         -- the challenger faces the 66
    assert.are.equal("face the score", g:pending().kind)
    assert.are.same({ "roll", "Skip" }, g:pending().moves[2])
    play(g, { "roll" })
    assert.are.same({ "declare 21", "declare 66" }, g:pending().moves[2])
  end)

  -- Seed 004's Jackpot card: "To beat the Jackpot the next player either
  -- needs to roll their own Jackpot or use another action card. They can
  -- use a My Bad or Fresh Start card to reset the total to zero, or they
  -- can play a Skip or Reverse card to force another player to deal with
  -- the Jackpot."
  it("facing a backed Jackpot, MyBad or FreshStart resets it, Skip or Reverse passes it on", function()
    local function backed(seats, second)
      local cards = { "Jackpot", second, "Revive", "Revive" }
      local g = new({ seats = seats, rolls = { 5, 3, 4, 4 }, cards = { table.unpack(cards, 1, seats) } })
      play(g, { "roll", "declare 21", "challenge", "Jackpot" })
      assert.are.equal(2, pending_seat(g))
      assert.are.equal("face the score", g:pending().kind)
      return g
    end
    for _, card in ipairs({ "MyBad", "FreshStart" }) do
      local g = backed(3, card)
      assert.are.same({ "roll", card }, g:pending().moves[2])
      play(g, { card:lower() })                      -- typed in any case
      assert.is_nil(g:table().vars.score)
      assert.are.equal("declare", g:pending().kind)  -- seat 2 rolls, and declares anything
      assert.are.equal(2, pending_seat(g))
      assert.matches("seat 2 plays " .. card .. ": the score resets", log(g))
    end
    local g = backed(3, "Skip")
    play(g, { "Skip" })
    assert.are.equal(3, pending_seat(g))              -- seat 3 must deal with the 21
    assert.are.equal("face the score", g:pending().kind)
    assert.are.equal(21, g:table().vars.score)
    g = backed(4, "Reverse")
    play(g, { "Reverse" })
    assert.are.equal(1, pending_seat(g))              -- the other way: the claimer rolls from 21
    assert.are.equal("declare", g:pending().kind)
    assert.matches("seat 1 rolls again from their own 21", log(g))
  end)

  it("Jackpot turns the dice to 21, Up/Down moves one die by one", function()
    local g = new({ rolls = { 5, 3 }, cards = { "Jackpot", "Skip", "Skip" } })
    play(g, { "roll", "declare 21", "challenge", "Jackpot" })
    assert.matches("the dice now show 2 and 1", log(g))
    g = new({ rolls = { 2, 2 }, cards = { "UpDown", "Skip", "Skip" } })
    play(g, { "roll", "declare 21", "challenge" })
    assert.are.same({ "UpDown", "take strike" }, g:pending().moves[1])
    play(g, { "UpDown" })
    assert.are.same({ 0, 0, 0 }, g:table().vars.strikes)
    g = new({ rolls = { 6, 6 }, cards = { "UpDown", "Skip", "Skip" } })
    play(g, { "roll", "declare 21", "challenge" })  -- 66 cannot become 21
    assert.are.same({ 1, 0, 0 }, g:table().vars.strikes)
  end)

  it("keeps an after-roll card hidden when the claim is accepted", function()
    local g = new({ rolls = { 6, 1, 3, 3 }, cards = { "Double", "Skip", "Skip", "Revive" } })
    play(g, { "roll", "declare 66", "accept" })
    local t = g:table()
    assert.are.equal("cards1", t:where(t:card("Double")))
    assert.are.equal("??", g:view(2).zones.cards1.cards[1])
  end)

  it("Fresh Start resets the score, and the bluffer gets no card", function()
    local g = new({ rolls = { 1, 3, 4, 2 }, cards = { "Skip", "FreshStart", "Skip" } })
    play(g, { "roll", "declare 66" })
    assert.are.same({ "accept", "challenge", "FreshStart", }, g:pending().moves[2])
    play(g, { "FreshStart" })
    local t = g:table()
    assert.is_nil(t.vars.score)
    assert.are.equal(1, t:count("cards1"))
    assert.are.equal("declare", g:pending().kind)
    assert.are.equal(35, #g:pending().moves[2]) -- any score (12 is none)
  end)

  it("Reverse sends the turn the other way with three players", function()
    local g = new({ rolls = { 6, 5, 4, 4 }, cards = { "Skip", "Reverse", "Skip" } })
    play(g, { "roll", "declare 65", "Reverse", "accept", "declare 44" })
    assert.are.equal(1, pending_seat(g)) -- after seat 2, seat 1 now
    assert.are.equal(-1, g:table():direction())
  end)

  it("Skip passes the same claim to the next player with three players", function()
    local g = new({ rolls = { 6, 5 }, cards = { "Skip", "Skip", "Skip" } })
    play(g, { "roll", "declare 65", "Skip" })
    assert.are.equal(3, pending_seat(g))
    assert.are.equal(65, g:table().vars.score)
    assert.are.equal("accept or challenge", g:pending().kind)
  end)

  it("with two players, Skip and Reverse make the claimer roll again from their own score", function()
    for _, card in ipairs({ "Skip", "Reverse" }) do
      local g = new({ seats = 2, rolls = { 3, 1, 5, 5 }, cards = { "Revive", card } })
      play(g, { "roll", "declare 44", card })
      local t = g:table()
      assert.are.equal(1, pending_seat(g))
      assert.are.equal("declare", g:pending().kind)
      assert.are.equal(1, t:count("cards1")) -- the earlier bluff earns nothing
      local moves = table.concat(g:pending().moves[1], ",")
      assert.matches("declare 44", moves)
      assert.is_nil(moves:find("declare 43", 1, true))
      assert.matches("seat 1 rolls again from their own 44", log(g))
    end
  end)

  it("Revive sheds a strike on your turn, and saves you from elimination", function()
    local g = new({ seats = 2, options = { first = 1 }, rolls = { 6, 5, 6, 5, 6, 5 },
      cards = { "Revive", "Revive", "Skip", "Skip" } })
    play(g, { "roll", "declare 65", "challenge" })      -- seat 2 may stop the strike
    assert.are.same({ "Revive", "take strike" }, g:pending().moves[2])
    play(g, { "take strike" })                          -- seat 2: strike 1
    assert.are.same({ "roll", "Revive" }, g:pending().moves[2])
    play(g, { "Revive" })
    assert.are.same({ 0, 0 }, g:table().vars.strikes)

    g = new({ seats = 2, options = { first = 1, strikes = 1 }, rolls = { 6, 5 },
      cards = { "Skip", "Revive" } })
    play(g, { "roll", "declare 65", "challenge" })
    assert.are.same({ "Revive", "take strike" }, g:pending().moves[2])
    play(g, { "Revive" })
    assert.is_nil(g:result())                            -- still in the game
    assert.is_true(g:table():active(2))
  end)

  it("ends the turn at a strike Revive cancels: the next round is a new turn, its cards offered", function()
    -- Seat 2's challenge fails; Revive cancels the strike. A strike ends
    -- the turn all the same (RULINGS.md), so seat 2 starts the next round
    -- with a fresh count: its Reverse is offered before the roll (after My
    -- Bad, whose turn goes on, the card limit of 1 would be reached).
    local g = new({ seats = 3, options = { first = 1 }, rolls = { 6, 5 },
      cards = { "Skip", "Revive", "Skip" }, arrange = give({ [2] = { "Reverse" } }) })
    play(g, { "roll", "declare 65", "challenge" })
    assert.are.same({ "Revive", "take strike" }, g:pending().moves[2])
    play(g, { "Revive" })
    assert.are.equal(2, pending_seat(g))
    assert.are.same({ "roll", "Reverse" }, g:pending().moves[2])
  end)

  it("My Bad answers a failed challenge: no strike, the score resets, the challenger rolls", function()
    local g = new({ rolls = { 6, 5 }, cards = { "Skip", "MyBad", "Skip" } })
    play(g, { "roll", "declare 65", "challenge" })
    assert.are.same({ "MyBad", "take strike" }, g:pending().moves[2])
    play(g, { "MyBad" })
    local t = g:table()
    assert.are.same({ 0, 0, 0 }, t.vars.strikes)
    assert.is_nil(t.vars.score)
    assert.are.equal(2, pending_seat(g))
    assert.are.equal("roll", g:pending().kind)
  end)

  it("counts My Bad in the challenger's turn: with the default limit, no card before the roll", function()
    -- RULINGS: My Bad takes no strike, so the turn goes on and the card
    -- counts in it. It once started a fresh count, offering Reverse.
    local g = new({ rolls = { 6, 5 }, cards = { "Skip", "MyBad", "Skip" },
      arrange = give({ [2] = { "Reverse" } }) })
    play(g, { "roll", "declare 65", "challenge", "MyBad" })
    assert.are.equal(2, pending_seat(g))
    assert.are.same({ "roll" }, g:pending().moves[2])
    -- with no limit on cards a turn, Reverse is still offered
    g = new({ rolls = { 6, 5 }, cards = { "Skip", "MyBad", "Skip" },
      arrange = give({ [2] = { "Reverse" } }), options = { first = 1, cards_per_turn = 0 } })
    play(g, { "roll", "declare 65", "challenge", "MyBad" })
    assert.are.same({ "roll", "Reverse" }, g:pending().moves[2])
  end)

  it("keeps the cards that could answer a strike or back a claim out of the vars all seats see", function()
    local json = referee.json
    local g = new({ rolls = { 6, 5 }, cards = { "Skip", "MyBad", "Skip" } })
    play(g, { "roll", "declare 65", "challenge" })
    assert.are.same({ "MyBad", "take strike" }, g:pending().moves[2])
    for seat = 1, 3 do assert.is_nil(json.encode(g:view(seat).vars):lower():find("my ?bad")) end
    g = new({ rolls = { 6, 1, 4, 4 }, cards = { "Double", "Skip", "Skip" } })
    play(g, { "roll", "declare 66", "challenge" })
    assert.are.same({ "Double", "take strike" }, g:pending().moves[1])
    for seat = 1, 3 do assert.is_nil(json.encode(g:view(seat).vars):lower():find("Double")) end
  end)

  it("makes a player over the hand limit discard one of three, and refills an empty deck", function()
    local g = new({ seats = 2, rolls = { 3, 1 }, arrange = give({ [1] = { "Jackpot" } }),
      cards = { "Skip", "Revive", "Double" } })
    play(g, { "roll", "declare 44", "accept" })       -- the bluff earns a third card
    assert.are.equal("discard", g:pending().kind)
    assert.are.same({ "discard Skip", "discard Jackpot", "discard Double" }, g:pending().moves[1])
    play(g, { "discard Skip" })
    assert.are.equal(2, g:table():count("cards1"))
    assert.are.equal("declare", g:pending().kind)      -- seat 2 rolls on

    g = new({ seats = 2, rolls = { 3, 1 }, arrange = function(t)
      for _, c in ipairs(t:cards("deck")) do t:move(c, "discards") end
    end })
    play(g, { "roll", "declare 44", "accept" })        -- the deck is empty: refilled
    assert.are.equal(2, g:table():count("cards1"))
    assert.matches("shuffle deck", log(g))
  end)

  it("allows one before-roll card a turn", function()
    local g = new({ rolls = { 6, 5 }, arrange = give({ [2] = { "Reverse", "FreshStart" } }) })
    play(g, { "roll", "declare 65" })
    assert.are.same({ "accept", "challenge", "FreshStart", "Reverse" }, g:pending().moves[2])
    play(g, { "Reverse" })
    assert.are.same({ "accept", "challenge" }, g:pending().moves[2])
    local ok, err = g:play(2, "FreshStart")
    assert.matches("you have played your 1 action card for this turn", err)
  end)
end)

-- Where play differed from the texts (issue 50), after RULINGS.md.
describe("the dice game held to its text", function()
  it("counts every card of a turn: none more after one's own challenge is backed against", function()
    -- Seat 2 plays Reverse, challenges seat 1's 66, and the Double backs it:
    -- seat 2's turn goes on, its one card played.
    local g = new({ options = { first = 1, cards_per_turn = 1 }, rolls = { 6, 1 },
      cards = { "Double", "Skip", "Skip" }, arrange = give({ [2] = { "Reverse", "MyBad" } }) })
    play(g, { "roll", "declare 66", "Reverse", "challenge", "Double" })
    assert.are.equal(2, pending_seat(g))
    assert.are.equal("face the score", g:pending().kind)
    assert.are.same({ "roll" }, g:pending().moves[2])
    -- With no card played before, facing it offers them (and one counts).
    g = new({ options = { first = 1, cards_per_turn = 1 }, rolls = { 6, 1 },
      cards = { "Double", "Skip", "Skip" }, arrange = give({ [2] = { "Reverse", "MyBad" } }) })
    play(g, { "roll", "declare 66", "challenge", "Double" })
    assert.are.same({ "roll", "MyBad", "Reverse", "Skip" }, g:pending().moves[2])
  end)

  it("sends a Jackpot back to its claimer when the player facing it plays Reverse", function()
    local g = new({ rolls = { 5, 3, 2, 1 }, cards = { "Skip", "Reverse", "Skip" } })
    play(g, { "roll", "declare 21", "Reverse" })
    assert.are.equal(-1, g:table():direction())
    assert.are.equal(1, pending_seat(g))               -- the claimer plays it off
    assert.are.same({ "declare 21" }, g:pending().moves[1])
    assert.matches("seat 1 rolls again from their own 21", log(g))
    assert.are.equal(1, g:table():count("cards1"))     -- no card for the earlier claim
    play(g, { "declare 21" })
    assert.are.equal(3, pending_seat(g))               -- to the next in the new direction
  end)

  it("starts the round after an elimination with the next player clockwise", function()
    -- Seat 2 reverses: seat 2's 66 goes to seat 1, who challenges it and is out.
    local g = new({ options = { first = 1, strikes = 1 }, rolls = { 6, 5, 6, 6 },
      cards = { "Skip", "Reverse", "Skip" } })
    play(g, { "roll", "declare 65", "Reverse", "accept", "declare 66" })
    assert.are.equal(1, pending_seat(g))
    play(g, { "challenge" })
    local t = g:table()
    assert.is_false(t:active(1))
    assert.are.equal(2, pending_seat(g))               -- clockwise from seat 1, not seat 3
    assert.are.equal("roll", g:pending().kind)
    assert.are.equal(1, t:direction())
  end)

  it("scores a 1 and a 2 as 21: 12 is no score, never declared", function()
    local g = new({ seats = 2, rolls = { 1, 2 } })
    play(g, { "roll" })
    local moves = table.concat(g:pending().moves[1], ",")
    assert.is_nil(moves:find("declare 12", 1, true))
    assert.matches("declare 21", moves)
    local ok, err = g:play(1, "declare 12")
    assert.is_nil(ok)
    assert.matches("a 1 and a 2 score 21, the Jackpot: 12 is no score", err, 1, true)
  end)

  it("lets whoever faces a declared Jackpot reset it with My Bad", function()
    local g = new({ rolls = { 5, 3, 4, 4 }, cards = { "Skip", "MyBad", "Skip" } })
    play(g, { "roll", "declare 21" })
    assert.are.same({ "accept", "challenge", "MyBad" }, g:pending().moves[2])
    play(g, { "MyBad" })
    assert.is_nil(g:table().vars.score)
    assert.are.equal("declare", g:pending().kind)
    assert.are.equal(2, pending_seat(g))
    assert.matches("seat 2 plays MyBad: the score resets", log(g))
  end)

  it("leaves the My Bad cards out of the base game's deck without bluffing, as the variant does", function()
    for _, name in ipairs({ "bamboozled-dice", "bamboozled-dice-no-bluffing" }) do
      local g = new({ game = name, options = { first = 1, bluffing = false } })
      local t, count = g:table(), 0
      for _, zone in ipairs({ "deck", "cards1", "cards2", "cards3" }) do
        for _, c in ipairs(t:cards(zone)) do
          assert.are_not.equal("MyBad", t:name(c), name)
          count = count + 1
        end
      end
      assert.are.equal(22, count, name)
    end
  end)

  it("holds a strike in one's own turn to the card limit: no My Bad or Revive after a card", function()
    local g = new({ options = { first = 1, cards_per_turn = 1 }, rolls = { 6, 5 },
      cards = { "Skip", "Skip", "Skip" }, arrange = give({ [2] = { "Reverse", "MyBad", "Revive" } }) })
    play(g, { "roll", "declare 65", "Reverse", "challenge" })
    local t = g:table()
    assert.are.same({ 0, 1, 0 }, t.vars.strikes)     -- taken at once: no card offered
    assert.are.equal("roll", g:pending().kind)
    -- A caught claimer's strike is outside their turn: their Revive is offered.
    g = new({ options = { first = 1, cards_per_turn = 1 }, rolls = { 3, 1 },
      cards = { "Revive", "Skip", "Skip" }, arrange = give({ [2] = { "Reverse" } }) })
    play(g, { "roll", "declare 65", "Reverse", "challenge" })
    assert.are.equal(1, pending_seat(g))
    assert.are.same({ "Revive", "take strike" }, g:pending().moves[1])
  end)

  it("holds a short roll without bluffing to the card limit: no card changes it, none answers its strike", function()
    local g = new({ game = "bamboozled-dice-no-bluffing", options = { first = 1, cards_per_turn = 1 },
      rolls = { 6, 5, 5, 4 }, cards = { "Skip", "Skip", "Skip" },
      arrange = give({ [2] = { "Reverse", "UpDown", "Revive" } }) })
    play(g, { "roll", "declare 65", "Reverse", "roll" })
    local t = g:table()
    assert.are.equal(1, t.vars.strikes[2])            -- the 54 stands short: a strike at once
    assert.are_not.equal("short roll", g:pending().kind)
  end)
end)

-- Issue 53, item 8: every refusal says why, in the game's words.
describe("the dice game's refusals", function()
  it("explain a declaration typed without its verb, and a card typed when it cannot be played", function()
    local g = new({ seats = 3, rolls = { 6, 5 }, arrange = give({ [1] = { "Skip" } }) })
    play(g, { "roll" })
    local ok, why = g:play(1, "71")
    assert.is_nil(ok)
    assert.matches("71 is not a reading two dice can show", why, 1, true)
    g = new({ seats = 3, rolls = { 6, 5 }, arrange = give({ [1] = { "Skip" } }) })
    ok, why = g:play(1, "Skip")
    assert.is_nil(ok)
    assert.matches("Skip is played when a claim reaches you, before you accept, challenge or roll", why, 1, true)
    ok, why = g:play(1, "accept")
    assert.matches("now roll to start the round", why, 1, true)
  end)
end)

describe("the variants", function()
  it("no bluffing: public rolls, true declarations, a short roll is a strike and a card for the previous player", function()
    local g = new({ game = "bamboozled-dice-no-bluffing", seats = 2, rolls = { 6, 5, 2, 3 } })
    for _, c in ipairs(g:table():cards("deck")) do
      assert.are_not.equal("MyBad", g:table():name(c))
    end
    assert.are.equal(22, g:table():count("deck") + 2)
    play(g, { "roll" })
    assert.are.same({ "declare 65", "declare 56" }, g:pending().moves[1])
    assert.are.equal(6, g:view(2).dice[1].value)       -- everyone sees the roll
    play(g, { "declare 65", "roll" })                   -- seat 2 rolls 23: short
    assert.are.same({ 0, 1 }, g:table().vars.strikes)
    assert.are.equal(2, g:table():count("cards1"))
  end)

  it("more strikes: five by default", function()
    local g = new({ game = "bamboozled-dice-more-strikes", options = {} })
    assert.are.equal(5, g:options().strikes)
  end)

  it("no limits: any number of cards held and played in a turn", function()
    local g = new({ game = "bamboozled-dice-no-limits", options = { first = 1 }, rolls = { 6, 5, 3, 1 },
      arrange = give({ [2] = { "Reverse", "FreshStart", "Skip" } }) })
    play(g, { "roll", "declare 65", "Reverse" })          -- and still more cards to play
    local moves = table.concat(g:pending().moves[2], ",")
    assert.matches("FreshStart", moves)
    assert.matches("Skip", moves)
    g = new({ game = "bamboozled-dice-no-limits", seats = 2, options = { first = 1 }, rolls = { 3, 1 },
      arrange = give({ [1] = { "Jackpot", "Double" } }) })
    play(g, { "roll", "declare 44", "accept" })
    assert.are.equal(4, g:table():count("cards1"))     -- no discard
    assert.are.equal("declare", g:pending().kind)
  end)
end)

describe("random games", function()
  local names = { "bamboozled-dice", "bamboozled-dice-no-bluffing", "bamboozled-dice-more-strikes", "bamboozled-dice-no-limits" }

  it("stand each seat by the strikes it may still take, 0 once out (for search bots)", function()
    for seed = 1, 20 do
      local g = assert(referee.game(names[seed % 4 + 1], { seats = 3, seed = seed, rules_path = "rules" }))
      local limit, steps = g:options().strikes, 0
      repeat
        local t, standing = g:table(), assert(g:standing())
        for s = 1, 3 do
          assert.are.equal(t:active(s) and limit - t.vars.strikes[s] or 0, standing[s])
        end
        steps = steps + 1
      until not helper.step(g, seed * 1000 + steps)
      local standing, winner = g:standing(), g:result().winners[1]
      for s = 1, 3 do assert.are.equal(s == winner, standing[s] > 0) end
    end
  end)

  it("never show a seat another's roll or action cards, and always end (1,000 games)", function()
    for seed = 1, 1000 do
      local name = names[seed % 4 + 1]
      local nseats = 2 + seed % 4
      local g = assert(referee.game(name, { seats = nseats, seed = seed, rules_path = "rules" }))
      local bluffing = g:options().bluffing
      local steps = 0
      repeat
        local p = g:pending()
        if not p then break end
        local t = g:table()
        for seat = 1, nseats do
          local view = g:view(seat)
          -- Another's action cards are never seen.
          for other = 1, nseats do
            if other ~= seat then
              for _, name2 in ipairs(view.zones["cards" .. other].cards) do
                assert.are.equal("??", name2)
              end
            end
          end
          -- Under the cup, only the roller sees the dice.
          if bluffing and (p.kind == "declare" or p.kind == "accept or challenge") then
            local roller = p.kind == "declare" and p.seats[1] or t.vars.claimer
            if seat ~= roller then assert.is_nil(view.dice[1].value) end
          end
        end
        steps = steps + 1
      until not helper.step(g, seed * 1000 + steps) or steps > 3000
      assert.is_true(steps <= 3000, name .. " did not end, seed " .. seed)
      assert.are.equal(1, #g:result().winners)
    end
  end)
end)

describe("the no-bluffing variant, after RULINGS.md", function()
  local function nb(args)
    args.game = "bamboozled-dice-no-bluffing"
    args.options = { first = 1 }
    return new(args)
  end

  it("lets Revive answer the strike of a short roll", function()
    local g = nb({ rolls = { 6, 5, 2, 3 }, cards = { "Skip", "Revive", "Skip" } })
    play(g, { "roll", "declare 65", "roll" })
    assert.are.equal(2, pending_seat(g))
    assert.are.equal("strike", g:pending().kind)
    assert.are.same({ "Revive", "take strike" }, g:pending().moves[2])
    play(g, { "Revive" })
    assert.are.same({ 0, 0, 0 }, g:table().vars.strikes)
  end)

  it("gives the card of a short roll to the previous player, with two players too", function()
    -- Seat 2 skips: seat 1 rolls from its own 65, short: seat 2 gets the card.
    local g = nb({ seats = 2, rolls = { 6, 5, 2, 3 }, cards = { "Reverse", "Skip" } })
    play(g, { "roll", "declare 65", "Skip" })
    local t = g:table()
    assert.are.same({ 1, 0 }, t.vars.strikes)
    assert.are.equal(1, t:count("cards2"))          -- Skip played, one card taken
    assert.are.equal(1, t:count("cards1"))
    assert.matches("seat 2 takes an action card", log(g))
  end)

  it("gives the card of a score not beaten to who passed it on: a Skip passes it", function()
    -- Seat 1 declares 65, seat 2 plays Skip, seat 3 rolls 32: the card is
    -- seat 2's, whose Skip passed the 65 to seat 3 (not seat 1's).
    local g = nb({ seats = 3, rolls = { 6, 5, 2, 3 },
      cards = { "Reverse", "Skip", "Reverse", "Skip", "Revive", "Skip" } })
    play(g, { "roll", "declare 65", "Skip", "roll" })
    local t = g:table()
    assert.are.same({ 0, 0, 1 }, t.vars.strikes)
    assert.matches("seat 2 takes an action card", log(g))
    assert.are.equal(1, t:count("cards2")) -- its Skip played, the card drawn
  end)

  it("lets a Double, Jackpot or UpDown change the roller's own short roll", function()
    local g = nb({ seats = 2, rolls = { 5, 4, 5, 3 }, cards = { "Skip", "UpDown" } })
    play(g, { "roll", "declare 54", "roll" })
    assert.are.equal("short roll", g:pending().kind)
    assert.are.same({ "UpDown 63", "UpDown 54", "take strike" }, g:pending().moves[2])
    play(g, { "UpDown 63" })
    assert.are.same({ "declare 63" }, g:pending().moves[2])
    assert.matches("seat 2 plays UpDown: the dice now show 6 and 3", log(g))
    assert.are.same({ 0, 0 }, g:table().vars.strikes)
  end)
end)

describe("typing", function()
  it("takes a declaration without its verb, where every move is a declaration", function()
    local g = new({ rolls = { 6, 5 }, cards = { "Skip", "Skip", "Skip" } })
    play(g, { "roll" })
    assert.is_true(g:play(1, "65"))
    assert.are.same({ 1, "declare 65" }, g:moves()[#g:moves()])
    local ok, why = g:play(2, "65")                    -- accept or challenge: no one verb
    assert.is_nil(ok)
    assert.matches("not a legal move", why, 1, true)
  end)
end)

describe("the cards' names", function()
  it("are one name each, in hands, moves, discards and notes", function()
    local g = new({ rolls = { 6, 5 }, cards = { "Skip", "FreshStart", "Skip" } })
    play(g, { "roll", "declare 65" })
    assert.are.same({ "accept", "challenge", "FreshStart" }, g:pending().moves[2])
    assert.are.same({ "FreshStart" }, g:view(2).zones.cards2.cards)
  end)
end)

describe("the table's rulings", function()
  it("gives a strike as any strike: the struck player starts the next round, or is out", function()
    local g = new({ seats = 3, options = { first = 1, strikes = 2 } })
    assert.is_true(g:play(0, "ruling strike seat2: slow play"))
    assert.matches("the table's ruling: seat 2 takes a strike %(slow play%)", log(g))
    assert.matches("seat 2 takes strike 1", log(g))
    assert.are.equal(2, pending_seat(g)) -- a strike ends the turn: seat 2 starts the next round
    assert.is_true(g:play(0, "ruling strike seat2: again"))
    assert.matches("seat 2 is eliminated", log(g))
    assert.are.equal(3, pending_seat(g))
    -- a ruling is a move of the record: a replay gives the same table
    local again = assert(referee.replay(g:record(), "rules"))
    assert.are.equal(g:hash(), again:hash())
  end)

  it("takes a strike back, and refuses what it cannot do with the forms it takes", function()
    local g = new({ seats = 3 })
    assert.is_true(g:play(0, "ruling strike seat3: slow play"))
    local before = g:hash()
    assert.is_true(g:play(0, "ruling unstrike seat3: it was not slow"))
    assert.matches("seat 3's strike is taken back %(it was not slow%); 0 left", log(g))
    assert.are_not.equal(before, g:hash())
    local hash = g:hash()
    local ok, err = g:play(0, "ruling unstrike seat3: once more")
    assert.is_nil(ok)
    assert.matches("seat 3 has no strike to take back", err)
    assert.matches("'ruling strike SEAT: WHY', or 'ruling unstrike SEAT: WHY'", err, 1, true)
    assert.are.equal(hash, g:hash()) -- refused: nothing changed
    ok, err = g:play(0, "ruling strike seat9: nobody")
    assert.is_nil(ok)
    assert.matches("seat 9 is not a player still in the game", err)
  end)
end)
