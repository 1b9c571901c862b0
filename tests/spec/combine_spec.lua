-- t:combines, t:combining and t:combinable: the two-card combinations of
-- Bamboozled's rummy, "any pairs (e.g. 4H 4D) or suited connectors (e.g.
-- 8S 9S)", the ace both low and high and jokers only with each other
-- (core/games/combine.c). Checked on the seed's examples, at the edges,
-- and on random zones against the relation as the rules once wrote it in
-- Lua, by rank and suit.
local helper = require "tests.spec.helper"
local referee = helper.referee

-- The rummy's table with `layout[zone]`'s cards in each zone (bottom
-- first), every other card in the deck.
local function table_with(layout)
  local g = assert(referee.game("bamboozled", { seats = 2, seed = 1, rules_path = "rules",
    options = { first = 1 },
    arrange = function(t)
      for _, zone in ipairs({ "hand1", "hand2", "side1", "side2", "stack" }) do t:move_all(zone, "deck") end
      for _, zone in ipairs({ "hand1", "hand2", "side1", "side2", "stack" }) do
        for _, name in ipairs(layout[zone] or {}) do t:move(assert(t:card(name, "deck"), name), zone) end
      end
    end }))
  return g:table()
end

-- Card names for ids, so that expectations read as cards: a set of cards
-- (card = true) as its names in order, a list as a list.
local function named(t, value)
  if type(value) == "number" then return t:name(value) end
  local out, is_set = {}, next(value) ~= nil
  for _, v in pairs(value) do is_set = is_set and v == true end
  if is_set then
    for c in pairs(value) do out[#out + 1] = t:name(c) end
    table.sort(out)
    return out
  end
  for i, v in ipairs(value) do out[i] = named(t, v) end
  return out
end

-- The relation as the rummy's rules wrote it before the kernel had it: by
-- rank and suit, read through t:rank and t:suit.
local function related(t, a, b)
  if a == b then return false end
  local ra, sa, rb, sb = t:rank(a), t:suit(a), t:rank(b), t:suit(b)
  if sa == nil or sb == nil then return sa == nil and sb == nil end
  if ra == rb then return true end
  if sa ~= sb then return false end
  local d = math.abs(ra - rb)
  return d == 1 or d == 12
end

describe("t:combines", function()
  it("takes the seed's pair and suited connectors, the ace both ways, and jokers with jokers", function()
    local t = table_with({})
    local function combines(a, b) return t:combines(t:card(a), t:card(b)) end
    assert.is_true(combines("4H", "4D")) -- "any pairs (e.g. 4H 4D)"
    assert.is_true(combines("8S", "9S")) -- "or suited connectors (e.g. 8S 9S)"
    assert.is_true(combines("9S", "8S"))
    assert.is_true(combines("AS", "2S")) -- the ace below the two
    assert.is_true(combines("KS", "AS")) -- and above the king
    assert.is_true(combines("JK1", "JK2"))
    assert.is_false(combines("8S", "9H")) -- connectors of two suits
    assert.is_false(combines("8S", "10S")) -- a gap
    assert.is_false(combines("AS", "3S"))
    assert.is_false(combines("QS", "AS"))
    assert.is_false(combines("JK1", "AS")) -- a joker only with a joker
    assert.is_false(combines("2C", "JK2"))
    assert.is_false(combines("4H", "4H")) -- a card with itself
  end)

  it("weighs a card against every card of a zone", function()
    local t = table_with({ side1 = { "4S", "4C", "5D", "6D" }, side2 = { "JK1" }, stack = { "9H" } })
    assert.is_true(t:combines(t:card("6C"), "side1")) -- a pair with the 6D
    assert.is_true(t:combines(t:card("4D"), "side1")) -- with the fours, and the 5D
    assert.is_true(t:combines(t:card("7D"), "side1")) -- connectors with the 6D
    assert.is_false(t:combines(t:card("8C"), "side1"))
    assert.is_true(t:combines(t:card("JK2"), "side2"))
    assert.is_false(t:combines(t:card("9H"), "stack")) -- only itself there
    assert.is_false(t:combines(t:card("9H"), "hand1")) -- an empty zone
  end)

  it("refuses what is no card or no zone, saying which", function()
    local t = table_with({})
    assert.has_error(function() t:combines(t:card("4H"), "nowhere") end, "bad argument #2 to 'combines' (no zone named 'nowhere')")
    assert.has_error(function() t:combines(t:card("4H"), 999) end, "bad argument #2 to 'combines' (no card of that number)")
    assert.has_error(function() t:combines("ZZ", t:card("4H")) end, "bad argument #1 to 'combines' (no card named 'ZZ')")
  end)
end)

describe("t:combining", function()
  it("lists each related pair of a zone once, the lower card first, in the zone's order", function()
    local t = table_with({ hand1 = { "4H", "9S", "4D", "JK1", "8S", "KD", "JK2" } })
    assert.are.same({ { "4H", "4D" }, { "9S", "8S" }, { "JK1", "JK2" } }, named(t, t:combining("hand1")))
  end)

  it("pairs each card of a zone with the cards of another it combines with", function()
    -- the seed's side of a bamboozle: "4S 4C 5D 6D"
    local t = table_with({ hand1 = { "5H", "4D", "QH" }, side2 = { "4S", "4C", "5D", "6D" } })
    assert.are.same({ { "5H", "5D" }, { "4D", "4S" }, { "4D", "4C" }, { "4D", "5D" } },
                    named(t, t:combining("hand1", "side2")))
    assert.are.same({}, t:combining("hand1", "side1"))
  end)
end)

describe("t:combinable", function()
  it("marks the cards of a zone that combine with another zone's, or with a card above them", function()
    local t = table_with({ stack = { "7C", "2H", "8C", "AH", "5S" }, hand1 = { "5D", "KC" } })
    assert.are.same({ "5S" }, named(t, t:combinable("stack", "hand1")))
    -- above the 7C lies the 8C, above the 2H the AH; nothing above the 5S
    assert.are.same({ "2H", "7C" }, named(t, t:combinable("stack")))
    assert.are.same({}, t:combinable("stack", "side1"))
  end)

  it("agrees with the relation by rank and suit on random zones", function()
    local deck = {}
    for _, s in ipairs({ "C", "D", "H", "S" }) do
      for _, r in ipairs({ "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" }) do
        deck[#deck + 1] = r .. s
      end
    end
    deck[#deck + 1], deck[#deck + 2] = "JK1", "JK2"
    local random = helper.lcg(11) -- the same zones on every run
    local pairs_seen = 0
    for _ = 1, 150 do
      local pool, layout = { table.unpack(deck) }, { hand1 = {}, side2 = {} }
      for _ = 1, random(10) do layout.hand1[#layout.hand1 + 1] = table.remove(pool, random(#pool)) end
      for _ = 1, random(12) - 1 do layout.side2[#layout.side2 + 1] = table.remove(pool, random(#pool)) end
      local t = table_with(layout)
      local hand, side = t:cards("hand1"), t:cards("side2")
      local want_pairs, want_with, want_above = {}, {}, {}
      for i, a in ipairs(hand) do
        for j = i + 1, #hand do
          if related(t, a, hand[j]) then want_pairs[#want_pairs + 1], want_above[a] = { a, hand[j] }, true end
        end
        for _, b in ipairs(side) do
          if related(t, a, b) then want_with[a] = true end
        end
        assert.are.equal(want_with[a] == true, t:combines(a, "side2"))
        for _, b in ipairs(side) do assert.are.equal(related(t, a, b), t:combines(a, b)) end
      end
      assert.are.same(want_pairs, t:combining("hand1"))
      assert.are.same(want_above, t:combinable("hand1"))
      assert.are.same(want_with, t:combinable("hand1", "side2"))
      pairs_seen = pairs_seen + #want_pairs
    end
    assert.is_true(pairs_seen > 50, pairs_seen .. " related pairs in 150 hands: the hands test too little")
  end)
end)
