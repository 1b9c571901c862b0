-- Bamboozled, the rummy, through the real rules, on tables laid out card
-- by card: the seed's bamboozle (seeds/003) and the rulings around it.
local helper = require "tests.spec.helper"
local referee = helper.referee

-- A game whose hands, sides and stack (bottom first) are `layout`'s after
-- the deal; seat 1 plays first.
local function new(layout, options)
  options = options or {}
  options.first = options.first or 1
  options.hands = options.hands or 1
  return assert(referee.game("bamboozled", { seats = 2, seed = 1, rules_path = "rules", options = options,
    arrange = function(t, game)
      for _, zone in ipairs({ "hand1", "hand2", "side1", "side2", "stack" }) do t:move_all(zone, "deck") end
      for _, zone in ipairs({ "hand1", "hand2", "side1", "side2", "stack" }) do
        for _, name in ipairs(layout[zone] or {}) do t:move(assert(t:card(name, "deck"), name), zone) end
      end
      if layout.empty_deck then
        -- The rest of the deck goes under the stack, so the deck is empty.
        for _, c in ipairs(t:cards("deck")) do t:move(c, "stack", "bottom") end
      end
      for _, name in ipairs(layout.deck or {}) do t:move(assert(t:card(name, "deck"), name), "deck") end
      for _, name in ipairs(layout.seen_by_1 or {}) do t:reveal(t:card(name), 1) end
      t:ask(1, "draw", game.draw_moves(t, 1)) -- seat 1 draws first, from this table
    end }))
end

local has = helper.has

local function sorted(list)
  table.sort(list)
  return list
end

-- The names of a zone's cards, sorted.
local function names(t, zone) return sorted(helper.names(t, zone)) end

describe("Bamboozled, the rummy", function()
  it("bamboozles as the seed says: 4D takes 4S 4C 5D 6D, but not the 6C paired with the 6D", function()
    local g = new({ hand1 = { "4D", "9H", "KS" }, hand2 = { "2H", "3H" },
                    side2 = { "4S", "4C", "5D", "6D", "6C" }, stack = { "QC" } })
    helper.play(g, { "draw", "bamboozle 4D" })
    local t = g:table()
    assert.are.same(sorted({ "4D", "4S", "4C", "5D", "6D" }), names(t, "side1"))
    assert.are.same({ "6C" }, names(t, "side2"))
    assert.matches("seat 1 bamboozles with 4D and takes", table.concat(t:log_lines(0), "\n"), 1, true)
  end)

  it("bamboozles with an ace through the king and the two of its suit, but never a joker", function()
    local g = new({ hand1 = { "AH", "9C", "KS" }, hand2 = { "2C" },
                    side2 = { "KH", "QH", "2H", "3H", "JK1", "JK2", "5S" }, stack = { "QC" } })
    helper.play(g, { "draw", "bamboozle AH" })
    local t = g:table()
    assert.are.same(sorted({ "AH", "KH", "QH", "2H", "3H" }), names(t, "side1"))
    assert.are.same({ "5S", "JK1", "JK2" }, names(t, "side2"))
    assert.is_false(has(g:pending().moves[1], "bamboozle 5S"))
  end)

  it("takes a card of the stack with every card above it, and it must be used before the discard", function()
    local g = new({ hand1 = { "7H", "2C", "KS" }, hand2 = { "2D" }, stack = { "QC", "7S", "9D", "4C" } })
    local moves = g:pending().moves[1]
    assert.is_true(has(moves, "take 7S")) -- pairs with the 7H
    assert.is_false(has(moves, "take 9D")) -- nothing to use it with
    local ok, why = g:play(1, "take 9D")
    assert.is_nil(ok)
    assert.matches("9D could not be used this turn", why, 1, true)
    helper.play(g, { "take 7S" })
    local t = g:table()
    assert.are.same(sorted({ "7H", "2C", "KS", "7S", "9D", "4C" }), names(t, "hand1"))
    assert.are.same({ "QC" }, names(t, "stack"))
    moves = g:pending().moves[1]
    assert.are.same({ "meld 7H 7S" }, moves) -- nothing else to place, and no discard yet
    -- Each refusal says what is wrong with the move typed.
    for move, reason in pairs({
      ["discard 2C"] = "use 7S, taken from the stack, before you discard",
      ["meld 2C KS"] = "2C KS are neither a pair nor suited connectors",
      ["meld 7S 9D"] = "7S 9D are neither a pair nor suited connectors",
    }) do
      ok, why = g:play(1, move)
      assert.is_nil(ok)
      assert.matches(reason, why, 1, true)
    end
    assert.is_true(g:play(1, "meld 7s 7h")) -- its cards in any order and case
    assert.are.same({ 1, "meld 7H 7S" }, g:moves()[#g:moves()])
    helper.play(g, { "discard 2C" })
  end)

  -- Issue 50, item 5 (RULINGS.md): "at any point before your discard, not
  -- necessarily in your next move"; a move after which it could not be
  -- used is refused with why.
  it("lets the card taken be used later in the turn, but refuses a move that would strand it", function()
    local g = new({ hand1 = { "7H", "9C", "10C", "KS" }, hand2 = { "2D" }, stack = { "QC", "7S" } })
    helper.play(g, { "take 7S" })
    assert.are.same({ "meld 7H 7S", "meld 9C 10C" }, g:pending().moves[1])
    helper.play(g, { "meld 9C 10C" })            -- first another combination
    assert.are.same({ "meld 7H 7S" }, g:pending().moves[1])
    helper.play(g, { "meld 7H 7S", "discard KS" })
    assert.are.same(sorted({ "9C", "10C", "7H", "7S" }), names(g:table(), "side1"))
    -- Three cards and the 7S: the 9C 10C would leave it no partner and
    -- only one card to discard.
    g = new({ hand1 = { "7H", "9C", "10C" }, hand2 = { "2D" }, stack = { "QC", "7S" } })
    helper.play(g, { "take 7S" })
    assert.are.same({ "meld 7H 7S" }, g:pending().moves[1])
    local ok, why = g:play(1, "meld 9C 10C")
    assert.is_nil(ok)
    assert.matches("that would leave 7S, taken from the stack, with no way to use it this turn", why, 1, true)
  end)

  -- RULINGS.md: a stack card may be taken when the taker's own moves this
  -- turn could use it, judged from what the taker can see (their hand, both
  -- sides); a use that hangs on the opponent's hand does not count.
  it("offers a stack card its taker could use by what they see, and no other", function()
    local g = new({ hand1 = { "2C", "KS", "9H" }, hand2 = { "5H", "JC" }, side2 = { "8D", "9D" },
                    stack = { "QC", "10D", "6S", "7S", "5S" },
                    seen_by_1 = { "5H" } }) -- seat 1 once saw the 5H: it is still the opponent's
    local t = g:table()
    assert.is_true(t:sees(1, t:card("5H")))
    local moves = g:pending().moves[1]
    assert.is_true(has(moves, "take 10D")) -- in a bamboozle of the 9D, with no card of the hand
    assert.is_true(has(moves, "take 6S"))  -- with the 7S taken above it
    assert.is_false(has(moves, "take 5S")) -- only with the 5H, in the opponent's hand
    assert.is_false(has(moves, "take QC")) -- with nothing seat 1 sees
    helper.play(g, { "take 10D", "bamboozle 10D" })
    t = g:table()
    assert.are.same(sorted({ "10D", "9D", "8D" }), names(t, "side1"))
    assert.is_true(has(g:pending().moves[1], "discard 2C"))
  end)

  it("shows the hand to the opponent after a combination", function()
    local g = new({ hand1 = { "8S", "9S", "2C", "KD" }, hand2 = { "2D" }, stack = { "QC" } })
    helper.play(g, { "draw" })
    local t = g:table()
    local kd = t:card("KD")
    assert.is_false(t:sees(2, kd))
    helper.play(g, { "meld 8S 9S" })
    t = g:table()
    assert.is_true(t:sees(2, t:card("KD")))
    assert.are.same({ "8S", "9S" }, names(t, "side1"))
  end)

  it("lets a pair of jokers see the opponent's hand and take one card of it, if the player wishes", function()
    local function melded()
      local g = new({ hand1 = { "JK1", "JK2", "2C" }, hand2 = { "5D", "QH" }, stack = { "9C" } })
      helper.play(g, { "draw", "meld JK1 JK2" })
      return g
    end
    local g = melded()
    local p = g:pending()
    assert.are.equal("steal", p.kind)
    assert.are.same({ "steal 5D", "steal QH", "pass" }, p.moves[1])
    local t = g:table()
    assert.is_true(t:sees(1, t:card("QH")))
    helper.play(g, { "steal QH" })
    t = g:table()
    assert.are.same({ "5D" }, names(t, "hand2"))
    assert.is_true(has(names(t, "hand1"), "QH"))
    -- "may": a pass takes nothing, and the turn goes on
    g = melded()
    helper.play(g, { "pass" })
    t = g:table()
    assert.are.same({ "5D", "QH" }, names(t, "hand2"))
    assert.are.equal("play", g:pending().kind)
    assert.matches("seat 1 takes no card of seat 2's hand", table.concat(t:log_lines(0), "\n"), 1, true)
  end)

  -- "The two jokers are told apart (JK1, JK2 or similar) in moves and records."
  it("tells the two jokers apart, in moves and records", function()
    local g = new({ hand1 = { "7H", "8H", "2C" }, hand2 = { "5D" }, stack = { "JK1", "9C", "JK2" } })
    local moves = g:pending().moves[1]
    assert.is_true(has(moves, "take JK1"))  -- with the 9C and the JK2 above it: a pair of jokers
    assert.is_false(has(moves, "take JK2")) -- alone, it pairs with nothing
    local t = g:table()
    assert.are_not.equal(t:card("JK1"), t:card("JK2"))
    assert.are.equal(0, t:rank(t:card("JK2")) - t:rank(t:card("JK1")))
  end)

  it("offers the rap when the discard could have gone onto the table, and the rapper takes it", function()
    local g = new({ hand1 = { "4H", "KC", "9S" }, hand2 = { "2D", "8D" }, side2 = { "4S", "4C" }, stack = { "QD" } })
    helper.play(g, { "draw", "discard 4H" })
    local p = g:pending()
    assert.are.equal("rap", p.kind)
    assert.are.same({ 2 }, p.seats) -- never the one who discarded
    helper.play(g, { "rap" })
    local t = g:table()
    assert.is_true(has(names(t, "hand2"), "4H"))
    assert.are.same({ "QD" }, names(t, "stack"))
    p = g:pending()
    assert.are.equal("draw", p.kind) -- the rapped card is not the draw
    assert.are.same({ 2 }, p.seats)
    -- A discard related to nothing is not rapped.
    g = new({ hand1 = { "5H", "KC", "9S" }, hand2 = { "2D" }, side2 = { "4S", "4C" }, stack = { "QD" } })
    helper.play(g, { "draw", "discard 9S" })
    assert.are.equal("draw", g:pending().kind)
  end)

  it("ends the hand when a player discards their last card, and scores sides less hands", function()
    -- Seat 1 draws the 2C, melds 7H 8H and discards the 2C: out, with
    -- 4S 4C 7H 8H on its side (23). Seat 2 has 5S 5C and a joker on its
    -- side (10 + 0) and holds a joker (+10), the KH (-10) and the AS (-1).
    local g = new({ hand1 = { "7H", "8H" }, hand2 = { "JK1", "KH", "AS" }, side1 = { "4S", "4C" },
                    side2 = { "5S", "5C", "JK2" }, stack = { "QD" }, deck = { "2C" } })
    helper.play(g, { "draw", "meld 7H 8H", "discard 2C" })
    assert.is_nil(g:pending())
    local result = g:result()
    assert.are.same({ 23, 9 }, result.scores)
    assert.are.same({ 1 }, result.winners)
    assert.matches("hand 1: seat 2 scores 9 (9 in all)", table.concat(g:table():log_lines(0), "\n"), 1, true)
  end)

  it("deals a new hand, the other player first, until the hands or the target are reached", function()
    local g = new({ hand1 = { "7H", "8H" }, hand2 = { "KH" }, stack = { "QD" }, deck = { "2C" } }, { hands = 2 })
    helper.play(g, { "draw", "meld 7H 8H", "discard 2C" })
    local t = g:table()
    assert.are.same({ 15, -10 }, t.vars.totals)
    assert.are.equal(7, t:count("hand1"))
    assert.are.equal(7, t:count("hand2"))
    assert.are.equal(1, t:count("stack"))
    assert.are.same({ 2 }, g:pending().seats) -- "The player who goes first alternates every hand."
    g = new({ hand1 = { "7H", "8H" }, hand2 = { "KH" }, stack = { "QD" }, deck = { "2C" } }, { hands = 0, target = 15 })
    helper.play(g, { "draw", "meld 7H 8H", "discard 2C" })
    assert.is_nil(g:pending()) -- 15 reaches the target
  end)

  it("refills an empty deck from the stack, all but its top card", function()
    local g = new({ hand1 = { "7H", "2C", "KS" }, hand2 = { "KH" }, stack = { "QD", "3S", "9C" }, empty_deck = true })
    helper.play(g, { "draw" })
    local t = g:table()
    assert.are.same({ "9C" }, names(t, "stack"))
    assert.are.equal(4, t:count("hand1"))
    assert.are.equal(54 - 3 - 1 - 1 - 1, t:count("deck")) -- all but the hands, the top and the card drawn
    assert.matches("the stack but its top card is shuffled into a new deck", table.concat(t:log_lines(0), "\n"), 1, true)
  end)
end)

describe("the rummy's rulings", function()
  it("puts points right, and a replay keeps them", function()
    local g = assert(referee.game("bamboozled", { seats = 2, seed = "r1", rules_path = "rules" }))
    assert.is_true(g:play(0, "ruling points 20 to seat2: a miscount"))
    assert.is_true(g:play(0, "ruling points -5 to seat2: too many"))
    assert.matches("match: seat 1 0, seat 2 15", table.concat(g:status(0), "\n"), 1, true)
    local again = assert(referee.replay(g:record(), "rules"))
    assert.are.equal(g:hash(), again:hash())
    local ok, err = g:play(0, "ruling strike seat2: no strikes here")
    assert.is_nil(ok)
    assert.matches("'ruling points N to SEAT: WHY'", err, 1, true)
  end)
end)
