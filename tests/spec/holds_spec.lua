-- t:holds(zone, name, ...): for each name what t:card(name, zone) finds, in
-- one call, names given as false skipped. The dice game asks it for the
-- cards a seat might play on every question. Checked against t:card name
-- by name: with the referee's deck, and at a real deck, where looking a
-- card up names an unknown one (the two tables must end alike).
local helper = require "tests.spec.helper"
local referee = helper.referee

local NAMES = { "FreshStart", "MyBad", "Reverse", "Skip", "Revive", "Double", "Jackpot", "UpDown",
                "freshstart", "Nothing", false }

-- The dice game's table after its setup (each seat holding one card), at
-- the referee's deck or a real one.
local function dice_table(seed, real)
  local g = assert(referee.game("bamboozled-dice", { seats = 4, seed = seed, rules_path = "rules",
                                                      real_cards = real, options = { first = 1 } }))
  return g:table()
end

-- n names at random from NAMES, false among them.
local function some_names(n)
  local names = {}
  for i = 1, n do names[i] = NAMES[math.random(#NAMES)] end
  return names
end

-- What t:card gives for each name in turn, false for a name not looked for
-- or not found.
local function card_by_card(t, zone, names)
  local found = {}
  for i, name in ipairs(names) do found[i] = name and t:card(name, zone) or false end
  return found
end

local function holds_of(t, zone, names)
  return { t:holds(zone, table.unpack(names, 1, #names)) }
end

describe("t:holds", function()
  it("finds what t:card finds, name by name, with the referee's deck", function()
    math.randomseed(3)
    local checked, found = 0, 0
    for seed = 1, 20 do
      local t = dice_table(seed, false)
      t:move_all("deck", "cards1") -- a hand of every action card
      for _ = 1, 50 do
        local zone, names = ({ "cards1", "cards2", "discards" })[math.random(3)], some_names(math.random(0, 6))
        local expected = card_by_card(t, zone, names)
        assert.same(expected, holds_of(t, zone, names))
        for _, c in ipairs(expected) do if c then found = found + 1 end end
        checked = checked + 1
      end
    end
    assert.is_true(checked == 1000 and found > 500, checked .. " checked, " .. found .. " found")
  end)

  it("names unknown cards as t:card would, in the order given, at a real deck", function()
    math.randomseed(5)
    local named = 0
    for seed = 1, 20 do
      local t = dice_table(seed, true)
      for _ = 1, 10 do
        local a, b = t:clone(), t:clone()
        local zone, names = "cards" .. math.random(4), some_names(math.random(1, 6))
        local by_card, by_holds = card_by_card(a, zone, names), holds_of(b, zone, names)
        assert.same(by_card, by_holds)
        assert.equal(a:save(), b:save()) -- the same cards took the same names
        for _, c in ipairs(by_holds) do if c then named = named + 1 end end
        t = b
      end
    end
    assert.is_true(named > 50, named .. " named")
  end)

  it("gives false for a name not looked for, and one value per name", function()
    local t = dice_table(1, false)
    t:move_all("deck", "cards2")
    local skip = t:card("Skip", "cards2")
    assert.same({ false, skip, false }, { t:holds("cards2", false, "Skip", nil) })
    assert.same({}, { t:holds("cards2") })
    -- more names than a C function's stack has room for at its start
    local many, expected = {}, {}
    for i = 1, 60 do
      many[i] = i % 3 == 0 and "Skip" or "Jackpot" .. i
      expected[i] = i % 3 == 0 and skip or false
    end
    assert.same(expected, { t:holds("cards2", table.unpack(many)) })
  end)

  it("refuses a zone or a name that is none and changes nothing", function()
    local t = dice_table(2, true)
    local before = t:save()
    local function refused(pattern, ...)
      local ok, err = pcall(t.holds, t, ...)
      assert.is_false(ok)
      assert.matches(pattern, err)
      assert.equal(before, t:save())
    end
    refused("no zone named 'hand9'", "hand9", "Skip")
    refused("string expected, got table", "cards1", "Skip", {})
    refused("string expected, got table", "cards1", {}, "Skip") -- before Skip takes a name
    refused("string expected, got boolean", "cards1", "Skip", true)
  end)
end)
