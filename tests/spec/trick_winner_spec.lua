-- t:trick_winner: which card of a trick wins it, "the highest trump, else
-- the highest card of the suit led" (core/games/trick_winner.c), which
-- rules/lib/cards.lua's trick_winner now asks in one call. Checked on
-- BAM!'s cases, and on random tricks of every kind of card (jokers, a
-- dual-face card, a token) against the comparison as the lib wrote it in
-- Lua, card by card through t:suit and t:rank.
local helper = require "tests.spec.helper"
local referee = helper.referee

-- A table whose one zone holds a standard deck, two jokers, a dual-face
-- card and a token card.
local function deck_table()
  local t = referee.new_table(4, "trick")
  t:zone("deck")
  t:deck("deck", "standard52")
  t:deck("deck", { "JK1", "JK2", "QS/KH", "Skip" })
  return t
end

-- The lib's comparison before the kernel had it: raises where Lua cannot
-- compare two ranks (a token card has none).
local function lua_winner(t, trick, trump)
  local best = 1
  for i = 2, #trick do
    local suit, best_suit = t:suit(trick[i]), t:suit(trick[best])
    if suit == best_suit then
      if t:rank(trick[i]) > t:rank(trick[best]) then best = i end
    elseif suit == trump then
      best = i
    end
  end
  return best
end

local function cards(t, names)
  local ids = {}
  for i, name in ipairs(names) do ids[i] = assert(t:card(name), name) end
  return ids
end

describe("t:trick_winner", function()
  local t = deck_table()

  it("gives the highest card of the suit led when no trump is played", function()
    assert.equal(3, t:trick_winner(cards(t, { "9H", "2H", "KH", "AS" }), "C"))
    assert.equal(1, t:trick_winner(cards(t, { "AD", "2H", "KD" }), "S"))
  end)

  it("gives the highest trump over any card of the suit led", function()
    assert.equal(2, t:trick_winner(cards(t, { "AH", "2C", "KH" }), "C"))
    assert.equal(4, t:trick_winner(cards(t, { "AH", "2C", "KH", "3C" }), "C"))
    assert.equal(2, t:trick_winner(cards(t, { "AH", "3C", "KH", "2C" }), "C"))
  end)

  it("takes a trick of one card, cards by name, and no trump", function()
    assert.equal(1, t:trick_winner(cards(t, { "7D" }), "H"))
    assert.equal(2, t:trick_winner({ "7D", "9D", "8S" }))
  end)

  it("agrees with the lib's comparison in Lua on random tricks of every kind of card", function()
    local all = t:cards("deck")
    local trumps = { false, "C", "D", "H", "S" }
    local compared, raised = 0, 0
    math.randomseed(11)
    for _ = 1, 3000 do
      local n, trick, used = math.random(1, 6), {}, {}
      while #trick < n do
        local c = all[math.random(#all)]
        if not used[c] then used[c], trick[#trick + 1] = true, c end
      end
      local trump = trumps[math.random(#trumps)] or nil
      local ok, expected = pcall(lua_winner, t, trick, trump)
      local got_ok, got = pcall(t.trick_winner, t, trick, trump)
      assert.equal(ok, got_ok, "the same trick raised in one and not the other")
      if ok then
        assert.equal(expected, got)
        compared = compared + 1
      else
        assert.matches("Skip is a token card: it has no rank to win a trick by", got)
        raised = raised + 1
      end
    end
    assert.is_true(compared > 2500 and raised > 10, compared .. " compared, " .. raised .. " raised")
  end)

  it("refuses what is no trick or no trump, saying what would be", function()
    local function refused(pattern, ...)
      local ok, err = pcall(t.trick_winner, t, ...)
      assert.is_false(ok)
      assert.matches(pattern, err)
    end
    refused("a trick is a list of 1 or more cards", {}, "C")
    refused("table expected, got nil", nil, "C")
    refused("its item 2 is no card of the table", { 1, 500 }, "C")
    refused("its item 1 is no card of the table", { "ZZ" }, "C")
    refused("its item 2 is no card of the table", { 1, 2.5 }, "C")
    refused('trump must be a suit, "C", "D", "H" or "S", or nil for none', { 1, 2 }, "clubs")
    refused('trump must be a suit', { 1, 2 }, "c")
  end)
end)
