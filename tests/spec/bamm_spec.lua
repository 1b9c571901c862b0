-- BAMM! through the real rules, with fixed deals: the worked example of
-- seeds/001 and the rulings around it (RULINGS.md, BAMM!).
local helper = require "tests.spec.helper"
local referee = helper.referee

-- The deck stacked so that the deal (one card at a time, seat 1 first)
-- gives each seat its cards; `after` are the next cards of the stock.
local function stacked(hands, after)
  local top = {}
  for r = 1, #hands[1] do
    for s = 1, #hands do top[#top + 1] = hands[s][r] end
  end
  for _, name in ipairs(after or {}) do top[#top + 1] = name end
  return top
end

local function new(hands, after, options, extra)
  options = options or {}
  options.first = options.first or 1
  options.cards = options.cards or #hands[1]
  local args = { seats = #hands, seed = 1, options = options, rules_path = "rules",
                 shuffles = { stacked(hands, after) } }
  for k, v in pairs(extra or {}) do args[k] = v end
  return assert(referee.game("bamm", args))
end

local names, has = helper.names, helper.has

-- Everyone asked in the window passes.
local function all_pass(g)
  local p = assert(g:pending())
  assert.is_true(p.window)
  local answers = {}
  for _, s in ipairs(p.seats) do answers[#answers + 1] = { s, "pass" } end
  assert(g:window(answers))
end

-- The seed's four-player game: Addison (1), Blair (2), Chris (3), Drew (4).
local EXAMPLE = {
  { "QS/KH", "2C/10D", "4C/KC", "7C/JH" },
  { "3H/2C", "5C/3D", "9C/5D", "JC/10C" },
  { "2D/AS", "8C/5H", "QC/KD", "AD/6H" },
  { "4D/9S", "6D/7H", "7D/QH", "9D/9H" },
}
local DRAWS = { "10S/AD", "JS/7D", "KS/3H", "2S/KS" }

describe("BAMM!", function()
  it("has the default deck the rulings ask for", function()
    local g = new(EXAMPLE, DRAWS)
    local deck = g:table().vars.opts.deck
    assert.are.equal(52, #deck)
    local tops, bottoms = {}, {}
    for _, name in ipairs(deck) do
      local top, bottom = name:match("^(.+)/(.+)$")
      assert.are_not.equal(top, bottom)
      assert.is_nil(tops[top])
      assert.is_nil(bottoms[bottom])
      tops[top], bottoms[bottom] = true, true
    end
    for _, card in ipairs({ "QS/KH", "3H/2C", "2D/AS", "2C/10D" }) do assert.is_true(has(deck, card)) end
  end)

  it("refuses a deck that is not one face of each kind on top and below", function()
    local deck = {}
    local base = assert(referee.game("bamm", { seats = 2, seed = 1, rules_path = "rules" })):table().vars.opts.deck
    for i, name in ipairs(base) do deck[i] = name end
    deck[52] = nil
    local g, err = referee.game("bamm", { seats = 2, seed = 1, rules_path = "rules", options = { deck = deck } })
    assert.is_nil(g)
    assert.matches("the deck must list 52 cards, not 51", err)
    deck[52] = base[1] -- a card twice: its faces are on top and below twice
    g, err = referee.game("bamm", { seats = 2, seed = 1, rules_path = "rules", options = { deck = deck } })
    assert.is_nil(g)
    assert.matches("is the top face of two cards", err)
    for _, case in ipairs({ { "02C/10D", "card 52 must be two faces, such as QS/KH, not 02C/10D" },
                            { "2C/2C", "card 52, 2C/2C, shows the same face twice" } }) do
      deck[52] = case[1]
      g, err = referee.game("bamm", { seats = 2, seed = 1, rules_path = "rules", options = { deck = deck } })
      assert.is_nil(g)
      assert.matches(case[2], err, 1, true)
    end
  end)

  it("plays the seed's example: Addison's BAMM! with the 2C/10D makes a set of 2s", function()
    local g = new(EXAMPLE, DRAWS)
    -- "Addison plays the Q♠/K♥ then replenishes her hand": one card on
    -- the table, so no claim could be made and no window opens.
    helper.play(g, { "QS/KH" })
    local t = g:table()
    assert.are.same({ "QS/KH" }, names(t, "table"))
    assert.are.equal(4, t:count("hand1"))
    assert.are.equal(2, g:pending().seats[1])
    -- "Blair plays the 3♥/2♣ and draws": the others may call, not Blair.
    helper.play(g, { "3H/2C" })
    local p = g:pending()
    assert.is_true(p.window)
    assert.are.same({ 1, 3, 4 }, p.seats)
    assert.are.same({ "bamm", "pass" }, p.moves[1]) -- no run or set yet
    all_pass(g)
    -- "Chris plays the 2♦/A♠": now Addison holds a claim.
    helper.play(g, { "2D/AS" })
    p = g:pending()
    assert.are.same({ 1, 2, 4 }, p.seats)
    assert.is_true(has(p.moves[1], "bamm 2C/10D 2C/3H 2D/AS"))
    -- "Addison calls BAMM! and plays the 2♣/10♦, creating a set of 2's."
    assert(g:window({ { 1, "bamm 2C/10D 2C/3H 2D/AS" }, { 2, "pass" }, { 4, "pass" } }))
    t = g:table()
    assert.are.same({ "2C/10D", "3H/2C", "2D/AS" }, names(t, "pile1"))
    assert.are.same({ "QS/KH" }, names(t, "table"))
    assert.matches("seat 1: BAMM! a set of twos, 3 cards to their points pile",
                   table.concat(t:log_lines(0), "\n"), 1, true)
    -- "Addison draws a card from the stock pile, which brings her hand
    -- back up to four cards."
    assert.are.equal(4, t:count("hand1"))
    assert.is_true(has(names(t, "hand1"), DRAWS[4]))
    -- "Addison takes the lead, skipping Drew." (After a BAMM! everyone
    -- may call again, but one card left on the table makes no claim.)
    p = g:pending()
    assert.is_false(p.window)
    assert.are.same({ 1 }, p.seats)
  end)

  it("costs a point for a call without a run or a set, and changes nothing else", function()
    local g = new(EXAMPLE, DRAWS)
    helper.play(g, { "QS/KH", "3H/2C" })
    local before = g:table():hash()
    assert(g:window({ { 3, "bamm" }, { 1, "pass" }, { 4, "pass" } }))
    local t = g:table()
    assert.are.same({ 0, 0, 1, 0 }, t.vars.penalties)
    assert.matches("seat 3 calls BAMM! without a run or a set: 1 off (1 in all)",
                   table.concat(t:log_lines(0), "\n"), 1, true)
    assert.are.same({ "QS/KH", "3H/2C" }, names(t, "table"))
    assert.are.equal(4, t:count("hand3"))
    assert.are_not.equal(before, t:hash())
    assert.are.equal(3, g:pending().seats[1]) -- Chris's turn, as after any window
  end)

  -- "If a player calls BAMM! and does not have a run or set, they get a 1
  -- point penalty": a claim of real cards that make neither costs it; a
  -- claim naming cards that are not there is a typo, refused.
  it("takes a card played by either face first, as a claim writes it", function()
    local g = new(EXAMPLE, DRAWS)
    assert.is_true(g:play(1, "KH/QS"))
    assert.are.same({ 1, "QS/KH" }, g:moves()[#g:moves()])
    -- the kernel finds it so too: t:card("10D/2C") is the 2C/10D of seat 1's hand
    assert.are.equal("2C/10D", g:table():name(g:table():card("10D/2C", "hand1")))
  end)

  it("takes a claim in any order, penalises one that is neither a set nor a run, refuses a typo", function()
    local function at_window()
      local g = new(EXAMPLE, DRAWS)
      helper.play(g, { "QS/KH", "3H/2C" })
      all_pass(g)
      helper.play(g, { "2D/AS" })
      return g
    end
    local log = function(g) return table.concat(g:table():log_lines(0), "\n") end
    -- a good claim, typed in another order, case and spacing: the listed claim
    local g = at_window()
    assert.is_true(g:play(1, "BAMM  2d/as 2C/3H 2c/10d"))
    assert.are.same({ 1, "bamm 2C/10D 2C/3H 2D/AS" }, g:moves()[#g:moves()])
    assert.matches("seat 1: BAMM! a set of twos, 3 cards", log(g), 1, true)
    -- real cards that make no set or run, or too few of the hand or table: a point off
    for _, claim in ipairs({ "bamm 10D/2C 3H/2C 2D/AS", "bamm 2C/10D 2C/3H", "bamm 2C/3H 2D/AS KH/QS" }) do
      g = at_window()
      local before = g:table():count("hand1")
      assert.is_true(g:play(1, claim), claim)
      assert.matches("seat 1 calls BAMM! without a run or a set: 1 off (1 in all)", log(g), 1, true)
      assert.are.equal(before, g:table():count("hand1")) -- nothing else changes
      assert.are.equal(1, g:table().vars.penalties[1])
    end
    -- typos: refused, and the refusal does not give the good claim away
    g = at_window()
    local record = g:record()
    for claim, reason in pairs({
      ["bamm 2C/10D 9S/4D 2D/AS"] = "4D/9S is neither in your hand nor on the table",
      ["bamm 2C/10D 2C/3H 2C/3H"] = "named twice",
      ["bamm 2C/10D XX/YY"] = "'XX/YY' is not a card of this deck",
      ["snap"] = "bamm and its cards",
    }) do
      local ok, why = g:play(1, claim)
      assert.is_nil(ok, claim)
      assert.matches(reason, why, 1, true)
      assert.is_nil(why:find("bamm 2C/10D 2C/3H 2D/AS", 1, true), why) -- the claim it could make
    end
    assert.are.equal(record, g:record())
  end)

  it("finds runs of one suit, the ace low or high, each card once", function()
    -- Blair holds the 4C; the table gets the 2C/10D... as the 2C and
    -- 3C/6D as the 3C: 2-3-4 of clubs. The ace of clubs makes A-2-3-4.
    local g = new({ { "2C/10D", "3C/6D", "8C/5H", "9C/5D" }, { "4C/KC", "AC/QS", "QC/KD", "KS/3H" } },
                  { "10S/AD", "JS/7D", "7H/10S", "JH/4D" })
    helper.play(g, { "2C/10D" })
    assert.are.equal(2, g:pending().seats[1]) -- one card on the table: no window
    helper.play(g, { "KS/3H" })
    all_pass(g)
    helper.play(g, { "3C/6D" })
    local moves = g:pending().moves[2]
    assert.is_true(has(moves, "bamm 2C/10D 3C/6D 4C/KC"))
    assert.is_true(has(moves, "bamm AC/QS 2C/10D 3C/6D"))
    assert.is_true(has(moves, "bamm AC/QS 2C/10D 3C/6D 4C/KC"))
    -- Every claim holds a card of Blair's hand and two of the table.
    for _, m in ipairs(moves) do
      if m ~= "bamm" and m ~= "pass" then
        assert.is_truthy(m:find("4C/KC", 1, true) or m:find("AC/QS", 1, true), m)
      end
    end
    assert.are.equal(5, #moves) -- the three runs, bamm and pass
  end)

  it("ends at once when a player plays their last card, and scores the piles", function()
    -- One card each: Addison plays hers and goes out, adding three stock
    -- cards to her pile; Blair loses a point for the card in hand.
    local g = new({ { "QS/KH" }, { "3H/2C" } }, { "2D/AS", "2C/10D", "4C/KC" })
    helper.play(g, { "QS/KH" })
    assert.is_nil(g:pending())
    local t = g:table()
    assert.are.same({ "2D/AS", "2C/10D", "4C/KC" }, names(t, "pile1"))
    local result = g:result()
    assert.are.same({ 1 }, result.winners)
    assert.are.same({ 3, -1 }, result.scores)
  end)

  -- Blair's last card makes a set of 5s with two cards of the table.
  local function last_card_bamm(options)
    local g = new({ { "5C/3D" }, { "8C/5H" } }, {}, options, {
      arrange = function(t)
        t:move(t:card("4C/KC"), "hand1")
        t:move(t:card("9C/5D"), "table")
        t:move(t:card("QS/KH"), "table")
      end,
    })
    helper.play(g, { "5C/3D" })
    assert.are.same({ 2 }, g:pending().seats)
    assert(g:window({ { 2, "bamm 5C/3D 5D/9C 5H/8C" } }))
    assert.is_nil(g:pending())
    return g, g:table()
  end

  it("ends at once when a BAMM! takes a player's last card", function()
    local g, t = last_card_bamm({})
    assert.are.equal(0, t:count("hand2")) -- no card drawn after going out
    assert.are.equal(6, t:count("pile2")) -- the set and three stock cards
    assert.are.same({ "QS/KH" }, names(t, "table"))
    assert.are.same({ -2, 6 }, g:result().scores)
  end)

  it("takes the bonus from the table, the card played last first, when the stock runs short", function()
    local g, t = last_card_bamm({ bonus = 52 })
    assert.are.equal(0, t:count("stock"))
    assert.are.equal(0, t:count("table"))
    local pile = names(t, "pile2")
    assert.are.equal(50, #pile) -- the set, the 46 cards of the stock, and the table's last
    assert.are.equal("QS/KH", pile[#pile])
    assert.are.same({ -2, 50 }, g:result().scores)
  end)

  it("keeps a claim that lapsed from the other seats: it names cards of a hand", function()
    local g = new({ { "5C/3D" }, { "8C/5H" }, { "6S/5C" } }, {}, { claims = "order" }, {
      arrange = function(t)
        t:move(t:card("4C/KC"), "hand1")
        t:move(t:card("9C/5D"), "table")
      end,
    })
    helper.play(g, { "5C/3D" })
    local two, three = "bamm 5C/3D 5D/9C 5H/8C", "bamm 5C/3D 5C/6S 5D/9C"
    local p = g:pending()
    assert.is_true(has(p.moves[2], two) and has(p.moves[3], three))
    assert(g:window({ { 3, three }, { 2, two } })) -- in order: seat 2 first, and goes out
    local t = g:table()
    assert.are.same({ "5C/3D", "9C/5D", "8C/5H" }, { table.unpack(names(t, "pile2"), 1, 3) })
    for viewer = 1, 2 do
      local log = table.concat(t:log_lines(0, viewer), "\n")
      assert.matches("seat 3's answer lapsed: the window had closed", log, 1, true)
      assert.is_nil(log:find("6S", 1, true), log) -- seat 3's card
    end
  end)

  it("opens the window to every player after a BAMM!, and the caller leads", function()
    local g = new({ { "5C/3D" }, { "8C/5H" } }, {}, {}, {
      arrange = function(t)
        t:move(t:card("4C/KC"), "hand1")
        t:move(t:card("JS/7D"), "hand2")
        for _, name in ipairs({ "9C/5D", "QS/KH", "KS/3H" }) do t:move(t:card(name), "table") end
      end,
    })
    helper.play(g, { "5C/3D" })
    assert(g:window({ { 2, "bamm 5C/3D 5D/9C 5H/8C" } }))
    local p = g:pending()
    assert.are.same({ 1, 2 }, p.seats)
    all_pass(g)
    assert.are.same({ 2 }, g:pending().seats)
    assert.are.equal("play", g:pending().kind)
  end)
end)
