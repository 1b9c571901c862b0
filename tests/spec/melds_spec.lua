-- t:melds(hand, table, prefix, from_hand, from_table): every set and run a
-- hand makes with a table, each card by one of its faces (core/kernel/
-- melds.c). Checked on the BAMM! deck's dual-face cards and on a standard
-- deck, in its order, against every combination tried by brute force, and
-- as BAMM!'s claims (bamm_spec plays them through the rules).
local helper = require "tests.spec.helper"
local referee = helper.referee

-- A table of game (its deck) whose seat 1 holds `hand` and whose zone
-- `pile` holds `on_table`: every hand is put back in the stock first.
local function table_with(game, seats, pile, hand, on_table)
  local g = assert(referee.game(game, { seats = seats, seed = 1, rules_path = "rules",
    arrange = function(t)
      for s = 1, seats do t:move_all("hand" .. s, "stock") end
      t:move_all(pile, "stock")
      for _, name in ipairs(hand) do t:move(t:card(name), "hand1") end
      for _, name in ipairs(on_table) do t:move(t:card(name), pile) end
    end }))
  return g:table()
end

-- BAMM!'s dual-face cards, on its table; standard cards, on BAM!'s pile of
-- cards played.
local function bamm_with(hand, on_table) return table_with("bamm", 2, "table", hand, on_table) end
local function standard_with(hand, on_table) return table_with("bam", 3, "played", hand, on_table) end

describe("t:melds", function()
  it("finds a set with dual-face cards by the face each uses, written with that face first", function()
    -- the seed's example: 5C/3D in hand, 9C/5D and 8C/5H on the table
    local t = bamm_with({ "5C/3D" }, { "9C/5D", "8C/5H", "QS/KH" })
    assert.are.same({ "bamm 5C/3D 5D/9C 5H/8C" }, t:melds("hand1", "table", "bamm", 1, 2))
  end)

  it("finds runs with the ace low and high, and orders sets by suit, runs from their low end", function()
    local t = standard_with({ "AH", "4H", "QS" }, { "2H", "3H", "KH", "QH", "QD", "QC" })
    assert.are.same({
      -- the sets of queens: by suit, every choice of at least one of the hand's and two of the table's
      "QC QD QS", "QC QH QS", "QD QH QS", "QC QD QH QS",
      -- the runs of hearts: ace low (A 2 3, A 2 3 4, 2 3 4) and high (Q K A)
      "AH 2H 3H", "AH 2H 3H 4H", "2H 3H 4H", "QH KH AH",
    }, t:melds("hand1", "played", "", 1, 2))
  end)

  it("takes as many of each zone as asked, and a prefix of one word", function()
    local t = standard_with({ "5S", "6S" }, { "7S", "5D" })
    assert.are.same({ "5S 6S 7S" }, t:melds("hand1", "played", "", 1, 1))
    assert.are.same({}, t:melds("hand1", "played", "", 1, 2))
    assert.are.same({ "meld 5S 6S 7S" }, t:melds("hand1", "played", "meld", 2, 1))
    assert.are.same({}, t:melds("hand1", "played", "meld", 3, 0))
    assert.has_error(function() t:melds("hand1", "played", "two words") end)
    assert.has_error(function() t:melds("hand1", "played", "", -1) end)
    assert.has_error(function() t:melds("hand1", "nowhere") end)
  end)

  it("counts a card with two faces of one rank once in a set, and either face in a run", function()
    -- 9D/9H: a nine of diamonds or of hearts
    local t = bamm_with({ "9D/9H" }, { "9C/5D", "9S/4S", "8H/6S", "10H/7S" })
    assert.are.same({ "bamm 9C/5D 9D/9H 9S/4S", "bamm 8H/6S 9H/9D 10H/7S" },
      t:melds("hand1", "table", "bamm", 1, 2))
  end)

  -- Every combination of the cards, each unused or by one of its faces,
  -- that is a set or a run with one card or more of the hand and two or
  -- more of the table: the melds as a brute force finds them.
  local function brute_force(t, hand, on_table)
    local cards, found = {}, {}
    for _, name in ipairs(hand) do cards[#cards + 1] = { name = name, hand = true } end
    for _, name in ipairs(on_table) do cards[#cards + 1] = { name = name } end
    local SUIT_ORDER = { C = 1, D = 2, H = 3, S = 4 }
    local function faces(name)
      local top, bottom = name:match("^([^/]+)/([^/]+)$")
      local list = {}
      for i, face in ipairs({ top, bottom }) do
        local rank, suit = referee.card_face(face)
        list[i] = { rank = rank, suit = suit, text = i == 1 and name or bottom .. "/" .. top }
      end
      return list
    end
    local chosen = {}
    local function consider()
      if #chosen < 3 then return end
      local hand_n = 0
      for _, c in ipairs(chosen) do hand_n = hand_n + (c.hand and 1 or 0) end
      if hand_n < 1 or #chosen - hand_n < 2 then return end
      local same_rank, same_suit = true, true
      for _, c in ipairs(chosen) do
        same_rank = same_rank and c.rank == chosen[1].rank
        same_suit = same_suit and c.suit == chosen[1].suit
      end
      if same_rank then
        for _, c in ipairs(chosen) do if c.twin_second then return end end
        local list = { table.unpack(chosen) }
        table.sort(list, function(a, b)
          if a.suit ~= b.suit then return SUIT_ORDER[a.suit] < SUIT_ORDER[b.suit] end
          return a.text < b.text
        end)
        local words = {}
        for i, c in ipairs(list) do words[i] = c.text end
        found[#found + 1] = "bamm " .. table.concat(words, " ")
      end
      if same_suit then
        for _, ace_low in ipairs({ false, true }) do
          local list = { table.unpack(chosen) }
          local function place(c) return (ace_low and c.rank == 14) and 1 or c.rank end
          table.sort(list, function(a, b) return place(a) < place(b) end)
          local in_a_row = true
          for i = 2, #list do in_a_row = in_a_row and place(list[i]) == place(list[i - 1]) + 1 end
          local has_ace = false
          for _, c in ipairs(list) do has_ace = has_ace or c.rank == 14 end
          if in_a_row and (not ace_low or has_ace) then
            local words = {}
            for i, c in ipairs(list) do words[i] = c.text end
            found[#found + 1] = "bamm " .. table.concat(words, " ")
          end
        end
      end
    end
    local function choose(i)
      if i > #cards then return consider() end
      choose(i + 1)
      local f = faces(cards[i].name)
      for k = 1, 2 do
        chosen[#chosen + 1] = { rank = f[k].rank, suit = f[k].suit, text = f[k].text, hand = cards[i].hand,
                                twin_second = k == 2 and f[1].rank == f[2].rank }
        choose(i + 1)
        chosen[#chosen] = nil
      end
    end
    choose(1)
    table.sort(found)
    return found
  end

  it("finds what a brute force finds, no more and no less, and each once (200 deals)", function()
    local deck = {}
    local g = assert(referee.game("bamm", { seats = 2, seed = 1, rules_path = "rules" }))
    local t0 = g:table()
    for _, zone in ipairs({ "stock", "hand1", "hand2", "table" }) do
      for _, c in ipairs(t0:cards(zone)) do deck[#deck + 1] = t0:name(c) end
    end
    table.sort(deck)
    local random = helper.lcg(7) -- the same deals on every run
    local melds_seen = 0
    for _ = 1, 200 do
      local pool = { table.unpack(deck) }
      local function draw()
        return table.remove(pool, random(#pool))
      end
      local hand, on_table = {}, {}
      for _ = 1, random(3) do hand[#hand + 1] = draw() end
      for _ = 1, 2 + random(4) do on_table[#on_table + 1] = draw() end
      local t = bamm_with(hand, on_table)
      local got = t:melds("hand1", "table", "bamm", 1, 2)
      local seen = {}
      for _, m in ipairs(got) do
        assert.is_nil(seen[m], m .. " is listed twice")
        seen[m] = true
      end
      table.sort(got)
      assert.are.same(brute_force(t, hand, on_table), got)
      melds_seen = melds_seen + #got
    end
    assert.is_true(melds_seen > 20, melds_seen .. " melds in 200 deals: the deals test too little")
  end)
end)

describe("t:melds at the largest inputs its arguments allow", function()
  -- Two full decks of BAMM!'s dual cards in one hand (and a deck on the
  -- table): 16 picks of each rank, four at every place of every run, so
  -- listing every meld would take longer than the age of the universe.
  -- The search is bounded and says so, at once, in the kernel's words.
  local function two_decks(on_table)
    local t = referee.new_table(2, "melds-largest")
    local faces = {}
    local g = assert(referee.game("bamm", { seats = 2, seed = 1, rules_path = "rules" }))
    for _, name in ipairs(g:options().deck) do faces[#faces + 1] = name end
    t:zone("hand1", { owner = 1, vis = "owner" })
    t:zone("table", { vis = "public" })
    t:deck("hand1", faces)
    t:deck(on_table and "table" or "hand1", faces)
    return t
  end

  it("stops with a clear error naming its limit, in a bounded time", function()
    for _, on_table in ipairs({ false, true }) do
      local t = two_decks(on_table)
      local started = os.clock()
      local ok, why = pcall(t.melds, t, "hand1", "table", "bamm", 1, 0)
      assert.is_false(ok)
      assert.matches("more melds than it lists %(at most 500000 melds", why)
      assert.is_true(os.clock() - started < 10, "t:melds took " .. (os.clock() - started) .. " s of CPU")
    end
    local t = two_decks(true)
    -- a demand the hand cannot meet is answered at once, with nothing
    ok, why = pcall(t.melds, t, "hand1", "table", "bamm", 200, 0)
    assert.is_true(ok, why)
    assert.are.same({}, why)
  end)

  it("lists every meld of one whole deck, the most a BAMM! table can hold", function()
    -- BAMM!'s 52 cards, 7 in the hand and 45 on the table (a game whose
    -- players never call): well over a hundred thousand claims, all listed.
    local g = assert(referee.game("bamm", { seats = 2, seed = 1, rules_path = "rules" }))
    local deck, hand, on_table = g:options().deck, {}, {}
    for i, name in ipairs(deck) do
      if i % 7 == 3 and #hand < 7 then hand[#hand + 1] = name else on_table[#on_table + 1] = name end
    end
    local t = referee.new_table(2, "melds-one-deck")
    t:zone("hand1", { owner = 1, vis = "owner" })
    t:zone("table", { vis = "public" })
    t:deck("hand1", hand)
    t:deck("table", on_table)
    local ok, melds = pcall(t.melds, t, "hand1", "table", "bamm", 1, 2)
    assert.is_true(ok, melds)
    assert.is_true(#melds > 100000, #melds .. " melds")
  end)

  it("refuses a rank with more cards than every set of it could be tried for", function()
    local t = referee.new_table(2, "melds-rank")
    t:zone("hand1", { owner = 1, vis = "owner" })
    t:zone("table", { vis = "public" })
    for _ = 1, 7 do t:deck("hand1", { "QS", "QH", "QD" }) end
    local ok, why = pcall(t.melds, t, "hand1", "table", "", 1, 0)
    assert.is_false(ok)
    assert.matches("more than 20 cards of one rank", why)
  end)
end)

describe("the rummies' other enumerations at their largest inputs", function()
  it("t:combining and t:combinable over two zones of the most cards a table holds", function()
    local t = referee.new_table(2, "combine-largest")
    t:zone("a", { vis = "public" })
    t:zone("b", { vis = "public" })
    for _, zone in ipairs({ "a", "a", "b", "b" }) do t:deck(zone, "standard52") end -- 208 cards
    local started = os.clock()
    local pairs_in_a = t:combining("a")
    local across = t:combining("a", "b")
    local set = t:combinable("a", "b")
    assert.is_true(#pairs_in_a > 500 and #across > 1000, #pairs_in_a .. " and " .. #across .. " pairs")
    assert.is_true(next(set) ~= nil)
    assert.is_true(os.clock() - started < 5, "took " .. (os.clock() - started) .. " s of CPU")
  end)
end)
