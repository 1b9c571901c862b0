-- BAM! through the real rules, with fixed deals: every worked figure of
-- seeds/002 (tabletop) and seeds/000 (the app), and the rules around them.
local helper = require "tests.spec.helper"
local referee = helper.referee

-- The deck stacked so that the deal (one card at a time, clockwise from the
-- dealer's left) gives each seat its cards; `after` are the next cards of
-- the stock (the redraw replacements).
local function stacked(dealer, nseats, hands, after)
  local order, s = {}, dealer
  for _ = 1, nseats do
    s = s % nseats + 1
    order[#order + 1] = s
  end
  local top = {}
  for r = 1, #hands[order[1]] do
    for _, seat in ipairs(order) do top[#top + 1] = hands[seat][r] end
  end
  for _, name in ipairs(after or {}) do top[#top + 1] = name end
  return top
end

local function new(game, nseats, dealer, hands, options, extra)
  options = options or {}
  options.dealer = dealer
  local args = { seats = nseats, seed = 1, options = options, rules_path = "rules",
                 shuffles = { stacked(dealer, nseats, hands, extra and extra.after) } }
  for k, v in pairs(extra or {}) do args[k] = v end
  local g, err = referee.game(game, args)
  assert(g, err)
  return g
end

local play = helper.play

-- Four rounds, one suit each (spades, hearts, diamonds, clubs): every
-- player holds one card of each suit and must follow, so whoever holds the
-- highest card of a round's suit wins it. winners[r] is that seat.
local RANKS = { "A", "K", "Q", "J", "10", "9" }
local SUITS = { "S", "H", "D", "C" }
local function hands_for(nseats, winners)
  local hands = {}
  for s = 1, nseats do hands[s] = {} end
  for r, suit in ipairs(SUITS) do
    local rank = 2
    for s = 1, nseats do
      if s == winners[r] then hands[s][r] = "A" .. suit
      else
        hands[s][r] = RANKS[rank] .. suit
        rank = rank + 1
      end
    end
  end
  return hands
end

-- The moves of those four rounds: the round winner leads the next.
local function rounds_for(nseats, leader, winners, hands)
  local moves = {}
  for r = 1, 4 do
    local s = leader
    for _ = 1, nseats do
      moves[#moves + 1] = hands[s][r]
      s = s % nseats + 1
    end
    leader = winners[r]
  end
  return moves
end

local TABLETOP = { fold = false, redraw = false }

-- One tabletop hand with these round winners; returns the game.
local function tabletop_hand(nseats, winners)
  local dealer = nseats
  local hands = hands_for(nseats, winners)
  local g = new("bam", nseats, dealer, hands, { fold = false, redraw = false })
  play(g, { "turn " .. hands[dealer][1] })
  play(g, rounds_for(nseats, 1, winners, hands))
  return g
end

describe("BAM! tabletop: the hand outcomes of seeds/002", function()
  it("3 players, a pot of 150: a win without a BamBoozal leaves 150 for the next hand", function()
    local g = tabletop_hand(3, { 1, 1, 2, 3 })
    local t = g:table()
    assert.are.equal(1000 - 50 + 150 - 50, t:balance("seat1"))
    assert.are.equal(150, t:balance("pot"))
    -- how each seat stands, for search bots: its credits
    assert.are.same({ 1050, 900, 900 }, g:standing())
  end)

  it("4 players: a win with one BamBoozal makes the next pot 350", function()
    local g = tabletop_hand(4, { 1, 1, 2, 3 })
    local t = g:table()
    assert.are.equal(350, t:balance("pot"))
    assert.are.equal(1000 - 50 - 200, t:balance("seat4")) -- paid the pot of 200
    assert.matches("seat 4 is BamBoozalled and pays 200", table.concat(t:log_lines(), "\n"))
  end)

  it("4 players: a split without a BamBoozal makes the next pot 400", function()
    local g = tabletop_hand(4, { 1, 2, 3, 4 })
    assert.are.equal(400, g:table():balance("pot"))
    for s = 1, 4 do assert.are.equal(900, g:table():balance("seat" .. s)) end
  end)

  it("3 players: a split with a BamBoozal makes the next pot 400", function()
    local g = tabletop_hand(3, { 1, 1, 2, 2 })
    local t = g:table()
    assert.are.equal(400, t:balance("pot"))
    assert.are.equal(1000 - 50 - 150, t:balance("seat3"))
  end)
end)

-- One app hand between "You" (seat 1, the dealer) and seat 2.
local function app_hand(winners, levels)
  local hands = hands_for(2, winners)
  local g = new("bam-app", 2, 1, hands, { levels = levels or { { hands = 5, target = 0, hand_amount = 50, cards = 4 } } },
    { randoms = { 1 } })
  play(g, rounds_for(2, 2, winners, hands))
  return g
end

describe("BAM! app: the hand outcomes of seeds/000 (pot 100, hand amount 50)", function()
  it("a win without a BamBoozal: the next pot is 100", function()
    local g = app_hand({ 2, 2, 2, 1 })
    local t = g:table()
    assert.are.equal(100, t:balance("pot"))
    assert.are.equal(1000 - 50 + 100 - 50, t:balance("seat2"))
    local log = table.concat(t:log_lines(), "\n")
    assert.matches("Seat 2 won the Hand!", log)
    assert.matches("Credits: You 950, Seat 2 1050", log)
  end)

  it("a win with a BamBoozal: the next pot is 150", function()
    local g = app_hand({ 1, 1, 1, 1 })
    local t = g:table()
    assert.are.equal(150, t:balance("pot"))
    assert.are.equal(1000 - 50 + 100 - 50, t:balance("seat1"))
    assert.are.equal(1000 - 50 - 100, t:balance("seat2"))
    local log = table.concat(t:log_lines(), "\n")
    assert.matches("BamBoozalled!\n[^\n]*You won the Hand!", log)
  end)

  it("a split: nobody is paid and the next pot is 200", function()
    local g = app_hand({ 1, 2, 1, 2 })
    local t = g:table()
    assert.are.equal(200, t:balance("pot"))
    assert.matches("SPLIT POT!", table.concat(t:log_lines(), "\n"))
  end)

  it("draws the dealer at random at the start of every level, not by rotation", function()
    local two = { { hands = 1, target = 0, hand_amount = 50, cards = 4 },
                  { hands = 1, target = 0, hand_amount = 50, cards = 4 } }
    for pick = 1, 2 do
      local hands = hands_for(2, { 1, 2, 1, 2 })
      local g = new("bam-app", 2, 1, hands, { levels = two }, { randoms = { 1, pick } })
      play(g, rounds_for(2, 2, { 1, 2, 1, 2 }, hands))
      assert.are.equal(pick, g:table():dealer()) -- level 2's first dealer: drawn, not rotated
      assert.matches(pick == 1 and "Level 2: You deal first" or "Level 2: Seat 2 deals first",
                     table.concat(g:table():log_lines(), "\n"))
    end
  end)

  -- Issue 50, item 9: a level's drawn dealer who goes out at that level's
  -- first pay-in passes the deal on, and the note names who deals.
  it("names the level's real dealer when the drawn one goes out at its first pay-in", function()
    local two = { { hands = 1, target = 0, hand_amount = 50, cards = 4 },
                  { hands = 1, target = 0, hand_amount = 50, cards = 4 } }
    -- Level 1: You and seat 2 split the rounds; seat 3 wins none, is
    -- BamBoozalled and owes the pot (150) with 50 left.
    local hands = hands_for(3, { 1, 1, 2, 2 })
    local g = new("bam-app", 3, 1, hands, { credits = 100, levels = two }, { randoms = { 1, 3 } })
    play(g, rounds_for(3, 2, { 1, 1, 2, 2 }, hands))
    local t = g:table()
    assert.are.equal(2, t.vars.level)
    assert.is_false(t:active(3))                  -- the drawn dealer went out
    assert.are.equal(1, t:dealer())               -- and the deal passed on
    local log = table.concat(t:log_lines(), "\n")
    assert.matches("seat 3 cannot pay 150 and is out of the game", log)
    assert.matches("Level 2: You deal first", log)
    assert.is_nil(log:find("Level 2: Seat 3 deals first", 1, true))
  end)

  it("turns a random card of the dealer's hand as trumps, and keeps it", function()
    local g = app_hand({ 1, 2, 1, 2 })
    local log = table.concat(g:table():log_lines(), "\n")
    assert.matches("trumps are spades %(seat 1 turns AS%)", log)
  end)
end)

-- RULINGS.md, end of a game: no game ends with credits in the pot.
describe("BAM!: the end of a game leaves nothing in the pot", function()
  local function balances(g, n)
    local t, list = g:table(), {}
    for s = 1, n do list[s] = t:balance("seat" .. s) end
    return list
  end

  it("gives a pay-in back, and shares the carried pot, when every player busts at it", function()
    -- A 4-way split carries 200; each has 40 left, short of the next 50.
    local hands = hands_for(4, { 1, 2, 3, 4 })
    local g = new("bam", 4, 4, hands, { fold = false, redraw = false, credits = 90 })
    play(g, { "turn " .. hands[4][1] })
    play(g, rounds_for(4, 1, { 1, 2, 3, 4 }, hands))
    local result = assert(g:result())
    assert.are.equal(0, g:table():balance("pot"))
    assert.are.same({ 90, 90, 90, 90 }, balances(g, 4)) -- 40 back each, and 200 / 4
    assert.are.same({ 1, 2, 3, 4 }, result.winners)
  end)

  it("gives every payment back when all players but one bust at a pay-in", function()
    -- Seat 1 wins all four rounds; seats 2 and 3, BamBoozalled, owe 150 with 10.
    local hands = hands_for(3, { 1, 1, 1, 1 })
    local g = new("bam", 3, 3, hands, { fold = false, redraw = false, credits = 60 })
    play(g, { "turn " .. hands[3][1] })
    play(g, rounds_for(3, 1, { 1, 1, 1, 1 }, hands))
    local result = assert(g:result())
    assert.are.equal(0, g:table():balance("pot"))
    assert.are.same({ 160, 10, 10 }, balances(g, 3)) -- not 230, 0, 0: the payments come back
    assert.are.same({ 1 }, result.winners)
    assert.matches("pay 10 from pot to seat2 %(pay%-in returned", table.concat(g:table():log_lines(), "\n"))
  end)

  -- A game of one hand that seats 1 and 2 split, two rounds each, seat 3
  -- dealing; each of the three pays hand_amount in.
  local function split_hand(hand_amount)
    local hands = hands_for(3, { 1, 1, 2, 2 })
    local g = new("bam", 3, 3, hands, { fold = false, redraw = false, hands = 1, hand_amount = hand_amount })
    play(g, { "turn " .. hands[3][1] })
    play(g, rounds_for(3, 1, { 1, 1, 2, 2 }, hands))
    return g
  end

  it("shares a split pot among those who tied when the last hand was a split, a credit each clockwise first", function()
    -- Seats 1 and 2 win two rounds each; the pot of 153 is theirs, 77 and 76.
    local g = split_hand(51)
    local result = assert(g:result())
    assert.are.equal(0, g:table():balance("pot"))
    assert.are.same({ 1000 - 51 + 77, 1000 - 51 + 76, 1000 - 51 }, balances(g, 3))
    assert.are.same({ 1 }, result.winners)
  end)

  it("names every seat tied for the most credits as a winner, in seat order", function()
    -- Seats 1 and 2 win two rounds each and share the pot of 150: 1025 each.
    local g = split_hand(50)
    local result = assert(g:result())
    assert.are.same({ 1025, 1025, 950 }, balances(g, 3))
    assert.are.same({ 1, 2 }, result.winners)
    assert.are.same({ 1025, 1025, 950 }, result.scores)
    assert.are.equal("seat 1 and seat 2 end with the most credits: 1025", result.message)
  end)

  it("in the app, gives the pay-in back and shares the carried pot when the person busts", function()
    -- A split (seats 2 and 3) carries 150; You, BamBoozalled, owe 150 with 50.
    local hands = hands_for(3, { 2, 2, 3, 3 })
    local g = new("bam-app", 3, 1, hands, { credits = 100,
      levels = { { hands = 5, target = 0, hand_amount = 50, cards = 4 } } }, { randoms = { 1 } })
    play(g, rounds_for(3, 2, { 2, 2, 3, 3 }, hands))
    local result = assert(g:result())
    assert.are.equal(0, g:table():balance("pot"))
    assert.are.same({ 100, 100, 100 }, balances(g, 3))
    assert.matches("You are out of credits on level 1", result.message)
  end)

  it("is a promise the referee checks: a result with credits in the pot is the rules' mistake", function()
    local folder = helper.temp_folder()
    helper.write(folder .. "/leaves-pot.lua", [[
local game = inherit("bam")
function game.finish(t) t.vars.over = true end
return game]])
    local hands = hands_for(3, { 1, 1, 2, 2 })
    local g = assert(referee.game("leaves-pot", { seats = 3, seed = 1, rules_path = folder .. ":rules",
      options = { dealer = 3, fold = false, redraw = false, hands = 1 },
      shuffles = { stacked(3, 3, hands) } }))
    play(g, { "turn " .. hands[3][1] })
    play(g, rounds_for(3, 1, { 1, 1, 2, 2 }, hands))
    local result, why = g:result()
    assert.is_nil(result)
    assert.matches("the game ended with 150 credits in the pot, which belong to nobody", why, 1, true)
  end)
end)

describe("BAM! rules", function()
  local hands = hands_for(3, { 1, 1, 2, 3 })

  it("makes players follow the round suit if they can, and says why", function()
    local g = new("bam", 3, 3, hands, TABLETOP)
    play(g, { "turn " .. hands[3][1], "AS" })
    local ok, err = g:play(2, "KH")
    assert.is_nil(ok)
    assert.matches("you must follow spades: you hold KS", err)
    ok, err = g:play(2, "2C")
    assert.matches("you do not hold 2C", err)
    assert.are.same({ "KS" }, g:pending().moves[2])
  end)

  it("shows the state at a glance: trumps, the pot, rounds won, credits", function()
    local g = new("bam", 3, 3, hands, TABLETOP)
    play(g, { "turn " .. hands[3][1], "AS" })
    local status = table.concat(assert(g:status(1)), "\n")
    assert.matches("hand 1, dealer seat 3; pot 150", status, 1, true)
    assert.matches("trumps: spades (" .. hands[3][1] .. " turned, kept)", status, 1, true)
    assert.matches("rounds won: seat 1 0, seat 2 0, seat 3 0", status, 1, true)
    assert.matches("credits: seat 1 950, seat 2 950, seat 3 950", status, 1, true)
  end)

  it("says the game is over in its status once it is, not the hand to come", function()
    local referee = require "referee"
    local g = assert(referee.game("bam", { seats = 3, seed = "3", options = { hands = 1 }, rules_path = "rules" }))
    local salt = 1
    while g:pending() do
      local p = g:pending()
      if p.window then
        local answers = {}
        for _, s in ipairs(p.seats) do answers[#answers + 1] = { s, g:random_move(s, salt) } end
        assert(g:window(answers))
      else
        assert(g:play(p.seats[1], g:random_move(p.seats[1], salt)))
      end
      salt = salt + 1
    end
    local status = table.concat(assert(g:status(1)), "\n")
    assert.matches("game over after 1 hand", status, 1, true)
    assert.is_nil(status:find("hand 2,", 1, true))
  end)

  it("lets a trump beat the round suit", function()
    -- Seat 2 has no spades; hearts are trumps; its 2H beats the AS led.
    local h = { { "AS", "3S", "4S", "5S" }, { "2H", "3D", "4D", "5D" }, { "KH", "6S", "7S", "8S" } }
    local g = new("bam", 3, 3, h, TABLETOP)
    play(g, { "turn KH", "AS", "2H", "6S" })
    assert.matches("round 1: seat 2 wins with 2H", table.concat(g:table():log_lines(), "\n"))
    assert.are.equal(2, g:pending().seats[1]) -- the winner leads
  end)

  it("gives the pot at once to the one player left when the others fold", function()
    local g = new("bam", 3, 3, hands, { fold = true, redraw = false })
    play(g, { "turn " .. hands[3][1], "fold", "fold" })
    local t = g:table()
    assert.are.equal(1000 - 50 + 150 - 50, t:balance("seat3"))
    assert.are.equal(900, t:balance("seat1"))  -- a folded payment stays in the pot
    assert.matches("seat 3 takes the pot: everyone else folded", table.concat(t:log_lines(), "\n"))
    assert.are.equal("turn trump", g:pending().kind) -- the next hand has begun
  end)

  it("keeps the turned card face up in the dealer's hand, or replaces a discarded one", function()
    local g = new("bam", 3, 3, hands, { fold = true, redraw = true }, { after = { "2D", "3D" } })
    play(g, { "turn " .. hands[3][1], "keep" })
    local turned = hands[3][1]
    local view = g:view(1)
    local seen = false
    for _, name in ipairs(view.zones.hand3.cards) do seen = seen or name == turned end
    assert.is_true(seen) -- everyone sees the kept trump card

    g = new("bam", 3, 3, hands, { fold = true, redraw = true }, { after = { "2D", "3D" } })
    play(g, { "turn " .. turned, "discard", "play", "play", "play", "stand", "stand" })
    local t = g:table()
    assert.are.equal("discard", t:where(t:card(turned)))
    assert.are.equal(3, t:count("hand3"))
    play(g, { "stand" })                    -- the dealer's draw step replaces it
    assert.are.equal(4, t:count("hand3"))
    assert.are.equal("hand3", t:where(t:card("2D")))
  end)

  it("carries how many cards each player discarded and drew in every view", function()
    -- RULINGS: the table sees how many, not which: a bot's view (and the
    -- REPL's show, and the pages, through the status) carries it.
    local g = new("bam", 3, 3, hands, { fold = false, redraw = true }, { after = { "2D", "3D" } })
    play(g, { "turn " .. hands[3][1], "keep", "discard " .. hands[1][1] .. " " .. hands[1][2], "stand" })
    for seat = 1, 3 do
      local vars = g:view(seat).vars
      assert.are.same({ 2, 0, false }, vars.discarded) -- the dealer has not had their step yet
      assert.are.same({ 2, 0, false }, vars.drawn)
    end
    assert.matches("discarded and drawn: seat 1 2 out, 2 in, seat 2 0 out, 0 in",
                   table.concat(g:status(0), "\n"), 1, true)
  end)

  it("takes a discard's cards in any order, and typed in any case", function()
    local g = new("bam", 3, 3, hands, { fold = false, redraw = true })
    play(g, { "turn " .. hands[3][1], "keep" })
    assert.is_true(g:play(1, ("Discard  %s %s"):format(hands[1][2]:lower(), hands[1][1])))
    assert.are.same({ 1, "discard " .. hands[1][1] .. " " .. hands[1][2] }, g:moves()[#g:moves()])
  end)

  it("keeps a discard secret from the other players", function()
    local g = new("bam", 3, 3, hands, { fold = false, redraw = true })
    play(g, { "turn " .. hands[3][1], "keep", "discard " .. hands[1][1] .. " " .. hands[1][2] })
    local t = g:table()
    local mine = table.concat(t:log_lines(1, 1), "\n")
    local theirs = table.concat(t:log_lines(1, 2), "\n")
    assert.matches("seat 1: discard " .. hands[1][1], mine)
    assert.matches("seat 1: %(a move only they know%)", theirs)
    assert.is_nil(theirs:find(hands[1][1] .. ": hand1", 1, true))
    assert.matches("seat 1 discards 2 and draws 2", theirs)
  end)

  it("lets nobody discard more cards than the stock holds", function()
    -- 6 players with 6 cards leave 16 in the stock.
    local g = assert(referee.game("bam", { seats = 6, seed = 5, rules_path = "rules",
      options = { cards = 6, dealer = 6, fold = false } }))
    local p = g:pending()
    play(g, { p.moves[6][1], "keep" })
    local function discard_all(seat)
      local names = {}
      for _, c in ipairs(g:table():cards("hand" .. seat)) do names[#names + 1] = g:table():name(c) end
      return "discard " .. table.concat(names, " "), names
    end
    play(g, { (discard_all(1)), (discard_all(2)) })   -- 12 drawn, 4 left
    local move, names = discard_all(3)
    local ok, err = g:play(3, move)
    assert.is_nil(ok)
    assert.matches("you may discard at most 4: the stock holds 4", err)
    -- Other mistakes in a discard are named too.
    for typed, why in pairs({
      [("discard %s %s"):format(names[1], names[1])] = names[1] .. " is named twice",
      ["discard " .. g:table():name(g:table():cards("hand1")[1])] = "you do not hold " .. g:table():name(g:table():cards("hand1")[1]),
    }) do
      ok, err = g:play(3, typed)
      assert.is_nil(ok)
      assert.matches(why, err, 1, true)
    end
    for _, m in ipairs(g:pending().moves[3]) do
      assert.is_true(select(2, m:gsub("%S+", "")) - 1 <= 4)
    end
    assert.is_true(g:play(3, "discard " .. table.concat(names, " ", 1, 4)))
    assert.are.equal(0, g:table():count("stock"))
  end)

  it("puts out a player who cannot pay, and ends when one player has credits", function()
    -- With 100 credits each: seat 3 is BamBoozalled for a pot of 150 and
    -- cannot pay it all.
    local g = new("bam", 3, 3, hands_for(3, { 1, 1, 2, 2 }), { fold = false, redraw = false, credits = 100 })
    play(g, { "turn " .. hands_for(3, { 1, 1, 2, 2 })[3][1] })
    play(g, rounds_for(3, 1, { 1, 1, 2, 2 }, hands_for(3, { 1, 1, 2, 2 })))
    local t = g:table()
    assert.is_false(t:active(3))
    assert.are.equal(0, t:balance("seat3"))
    assert.matches("seat 3 cannot pay 150 and is out of the game", table.concat(t:log_lines(), "\n"))
    for seed = 1, 20 do -- every game ends at a pay-in with one player (or none) left in it
      local game = assert(referee.game("bam", { seats = 3, seed = seed, rules_path = "rules", options = { credits = 200 } }))
      helper.play_out(game, seed)
      assert(game:result())
      local t = game:table()
      assert.is_true(t:active_count() <= 1)
      assert.are.equal(0, t:balance("pot"))
      assert.are.equal(600, t:balance("seat1") + t:balance("seat2") + t:balance("seat3"))
    end
  end)
end)

describe("BAM! app campaign", function()
  local two_levels = {
    { hands = 1, target = 3, hand_amount = 50, cards = 4, ai = "easy" },
    { hands = 1, target = 4, hand_amount = 100, cards = 4, ai = "hard" },
  }

  it("advances to the next level when the points target is reached", function()
    local g = app_hand({ 1, 1, 1, 2 }, two_levels)
    local t = g:table()
    assert.are.equal(2, t.vars.level)
    assert.are.equal("hard", t.vars.ai)
    assert.are.equal(3, t.vars.score[1])
    assert.matches("Level 1 cleared with 3 points", table.concat(t:log_lines(), "\n"))
    assert.are.equal(100 + 100, t:balance("pot")) -- level 2's hand amount
  end)

  it("replays the level when the target is missed", function()
    local g = app_hand({ 1, 1, 2, 2 }, two_levels)
    local t = g:table()
    assert.are.equal(1, t.vars.level)
    assert.matches("Level 1 again: 2 points of 3", table.concat(t:log_lines(), "\n"))
  end)

  it("ends when you clear the last level", function()
    local g = app_hand({ 1, 1, 1, 1 }, { { hands = 1, target = 4, hand_amount = 50, cards = 4 } })
    local r = assert(g:result())
    assert.are.same({ 1 }, r.winners)
    assert.matches("You cleared all 1 levels with a score of 4", r.message)
  end)

  it("refuses a malformed level table before the game starts", function()
    local g, err = referee.game("bam-app", { seats = 2, rules_path = "rules",
      options = { levels = { { hands = 1, target = 3, hand_amount = 50, cards = 9 } } } })
    assert.is_nil(g)
    assert.matches("option 'levels': level 1: cards must be 3 to 6", err)
  end)
end)

describe("BAM! over many random hands", function()
  it("conserves credits over 10,000 hands", function()
    local hands = 0
    local seed = 0
    while hands < 10000 do
      seed = seed + 1
      local name = seed % 4 == 0 and "bam-app" or "bam"
      local nseats = name == "bam-app" and 2 + seed % 3 or 3 + seed % 4
      local g = assert(referee.game(name, { seats = nseats, seed = seed, rules_path = "rules",
        options = { hands = 40, cards = 3 + seed % 4 } }))
      local t0 = g:table():total()
      helper.play_out(g, seed)
      local t, sum = g:table(), 0
      for s = 1, nseats do
        local b = t:balance("seat" .. s)
        assert.is_true(b >= 0)
        sum = sum + b
      end
      assert.are.equal(t0, sum + t:balance("pot"))
      assert.are.equal(nseats * 1000, t0)
      hands = hands + t.vars.hands_played
    end
  end)
end)
