-- The kernel as rules see it: t:zone, t:deck, t:draw and the rest.
local helper = require "tests.spec.helper"
local referee = helper.referee

local function table_with_deck(seats)
  local t = referee.new_table(seats or 2, 5)
  t:zone("stock")
  t:zone("hand1", { owner = 1 })
  t:zone("hand2", { owner = 2 })
  t:zone("table", { vis = "public" })
  t:zone("discard", { vis = "top" })
  t:deck("stock", { "standard52", "JK", "JK" })
  return t
end

describe("cards and zones", function()
  it("builds decks from data: standard cards, jokers, dual faces, tokens", function()
    local t = table_with_deck()
    assert.are.equal(54, t:count("stock"))
    assert.are.equal("2C", t:name(1))
    assert.are.equal("AS", t:name(52))
    assert.are.equal("JK", t:name(54))
    assert.are.equal(10, t:rank("10H"))
    assert.are.equal("H", t:suit("10H"))
    assert.are.equal(14, t:rank("AS"))
    assert.are.equal(1, t:rank(53))
    assert.is_nil(t:suit(53))
    t:zone("bamm")
    local first = t:deck("bamm", { "QS/KH", "Skip" })
    assert.are.equal("QS/KH", t:name(first))
    assert.are.equal(13, t:rank(first, 2))
    assert.are.equal("H", t:suit(first, 2))
    assert.is_nil(t:rank(first + 1))
    -- a dual-face card is found named from either face, in the deck and in
    -- a zone, in a clone and in a table loaded from a save
    for _, u in ipairs({ t, t:clone(), assert(referee.load_table(t:save())) }) do
      assert.are.equal(first, u:card("KH/QS"))
      assert.are.equal(first, u:card("kh/qs", "bamm"))
      assert.are.equal(first, (u:holds("bamm", "KH/QS")))
      assert.is_nil(u:card("KH/QD"))
    end
    -- without one in the deck, no name is read swapped
    local plain = table_with_deck()
    assert.is_nil(plain:card("KH/QS"))
    assert.is_false((plain:holds("stock", "KH/QS")))
  end)

  it("draws and deals from the top, and refuses an empty stock with nil and a message", function()
    local t = table_with_deck()
    local top = t:top("stock")
    local c = t:draw("stock", "hand1")
    assert.are.equal(top, c)
    assert.are.equal("hand1", t:where(c))
    assert.is_true(t:deal("stock", { "hand1", "hand2" }, 3))
    assert.are.equal(4, t:count("hand1"))
    assert.are.equal(3, t:count("hand2"))
    local ok, err = t:draw("stock", "hand1", 100)
    assert.is_nil(ok)
    assert.matches("stock holds 47 card%(s%), not 100", err)
    assert.are.equal(47, t:count("stock")) -- nothing moved
    ok, err = t:deal("stock", { "hand1", "hand2" }, 30)
    assert.is_nil(ok)
    assert.matches("stock holds 47 card%(s%), not 30 for each of 2 zone%(s%)", err)
    -- counts whose product overflows, or below zero, are refused: nothing moves
    ok, err = t:deal("stock", { "hand1", "hand2" }, math.maxinteger)
    assert.is_nil(ok)
    assert.matches("not 9223372036854775807 for each of 2 zone%(s%)", err)
    ok, err = t:draw("stock", "hand1", math.maxinteger)
    assert.matches("stock holds 47 card%(s%), not 9223372036854775807", err)
    ok, err = pcall(t.deal, t, "stock", { "hand1" }, -1)
    assert.is_false(ok)
    assert.matches("deal 0 or more cards to each zone", err)
    assert.are.equal(47, t:count("stock"))
  end)

  it("moves a whole zone onto another keeping its order, as moving card by card would", function()
    local by_move, by_all = table_with_deck(), table_with_deck()
    for _, t in ipairs({ by_move, by_all }) do
      t:shuffle("stock")
      assert(t:deal("stock", { "hand1", "table" }, 3))
    end
    local hand, tabled = by_all:cards("hand1"), by_all:cards("table")
    for _, zone in ipairs({ "hand1", "table", "stock" }) do
      for _, c in ipairs(by_move:cards(zone)) do by_move:move(c, "stock") end
    end
    by_all:move_all("hand1", "stock")
    by_all:move_all("table", "stock")
    by_all:move_all("stock", "stock") -- onto itself: the order stays
    assert.are.equal(0, by_all:count("hand1"))
    local stock = by_all:cards("stock")
    assert.are.same(hand, { table.unpack(stock, #stock - 5, #stock - 3) })
    assert.are.same(tabled, { table.unpack(stock, #stock - 2) })
    assert.are.same(by_move:cards("stock"), by_all:cards("stock"))
    assert.are.equal(by_move:hash(), by_all:hash()) -- the same log, too
    local ok, err = pcall(function() by_all:move_all("hand1", "nowhere") end)
    assert.is_false(ok)
    assert.matches("bad argument #2 to 'move_all' %(no zone named 'nowhere'%)", err)
  end)

  it("raises on a caller's mistake, naming the argument and what was expected", function()
    local t = table_with_deck()
    local ok, err = pcall(function() t:move(1, "nowhere") end)
    assert.is_false(ok)
    assert.matches("bad argument #2 to 'move' %(no zone named 'nowhere'%)", err)
    ok, err = pcall(function() t:move(999, "table") end)
    assert.matches("bad argument #1 to 'move' %(no card of that number%)", err)
    ok, err = pcall(function() t:zone("x", { vis = "sideways" }) end)
    assert.matches("bad argument #2 to 'zone' %(vis must be", err)
    ok, err = pcall(function() t:zone("stock") end)
    assert.matches("already exists", err)
    ok, err = pcall(function() t:reveal(1, 7) end)
    assert.matches("seat must be from 1 to 2", err)
    ok, err = pcall(function() t:deck("stock", "no such card!") end)
    assert.matches("card name", err)
    ok, err = pcall(function() t.score = 1 end)
    assert.matches("keep the rules' own variables in t.vars", err)
    -- the widest intervals overflow hi - lo: refused, not divided by zero
    for _, range in ipairs({ { math.mininteger, math.maxinteger }, { math.mininteger, 0 } }) do
      ok, err = pcall(t.random, t, range[1], range[2])
      assert.is_false(ok)
      assert.matches("interval is empty or too large", err)
    end
    -- log lines from anywhere: none past the end; a viewer must be one
    assert.are.same({}, t:log_lines(2 ^ 53))
    assert.are.same({}, t:log_lines(math.maxinteger))
    ok, err = pcall(t.log_lines, t, 1, 99)
    assert.is_false(ok)
    assert.matches("the viewer is %-1 %(everything%), 0 %(a spectator%) or a seat", err)
  end)

  it("writes an event as JSON, its fields in byte order, texts escaped", function()
    local t = referee.new_table(2, 5)
    t:event("x", { b = 'q"uo\\te\n', a = { 1, 2.5, "z" }, c = true, d = -7, ["\195\188"] = 1, B = false })
    t:event("bare")
    local log = t:save():match('"log":(.-),"rng"')
    assert.are.equal('[[10,0,0,0,0,0,"{\\"event\\":\\"x\\",\\"B\\":false,\\"a\\":[1,2.5,\\"z\\"],' ..
                     '\\"b\\":\\"q\\\\\\"uo\\\\\\\\te\\\\u000a\\",\\"c\\":true,\\"d\\":-7,\\"\195\188\\":1}"],' ..
                     '[10,0,0,0,0,0,"{\\"event\\":\\"bare\\"}"]]', log)
    local fields = {}
    for i = 1, 33 do fields["f" .. i] = i end
    local ok, err = pcall(t.event, t, "many", fields)
    assert.is_false(ok)
    assert.matches("at most 32", err)
  end)

  it("writes an event fixed once by event_fields as the same event's table, byte for byte", function()
    local by_table, by_fields = referee.new_table(2, 5), referee.new_table(2, 5)
    local function log(t) return t:save():match('"log":(.-),"rng"') end
    -- the fields named in any order, the values given in that order
    local X = referee.event_fields("x", "d", "b", "\195\188", "a", "c", "B")
    by_table:event("x", { b = 'q"uo\\te\n', a = { 1, 2.5, "z" }, c = true, d = -7, ["\195\188"] = 1, B = false })
    by_fields:event(X, -7, 'q"uo\\te\n', 1, { 1, 2.5, "z" }, true, false)
    -- a value left nil, or not given, is a field left out of the table
    local HAND = referee.event_fields("hand", "number", "dealer", "pot")
    by_table:event("hand", { number = 1, pot = 150 })
    by_fields:event(HAND, 1, nil, 150)
    by_table:event("hand", { number = 2 })
    by_fields:event(HAND, 2)
    assert.are.equal(log(by_table), log(by_fields))
    assert.matches('{\\"event\\":\\"hand\\",\\"number\\":1,\\"pot\\":150}', log(by_fields), 1, true)
    assert.are.equal('event_fields("hand": number, dealer, pot)', tostring(HAND))
    -- a refusal says what is wrong and what is right, and writes nothing
    local before = log(by_fields)
    local ok, err = pcall(by_fields.event, by_fields, HAND, 1, 2, 3, 4)
    assert.is_false(ok)
    assert.matches("event 'hand' takes 3 value(s), one per field (number, dealer, pot), in that order: 4 given",
                   err, 1, true)
    ok, err = pcall(by_fields.event, by_fields, HAND, 1, {}, function() end)
    assert.is_false(ok)
    assert.matches("event 'hand': field 'pot' cannot be written (a function): a field's value is a number, a text of UTF-8, a boolean or a list of them", err, 1, true)
    ok, err = pcall(by_fields.event, by_fields, HAND, 1, { { 2 } })
    assert.is_false(ok)
    assert.matches("event 'hand': field 'dealer' cannot be written (a table)", err, 1, true)
    ok, err = pcall(by_fields.event, by_fields, { number = 1 }, 1)
    assert.is_false(ok)
    assert.matches("event name or event_fields(...) expected, got table", err, 1, true)
    assert.are.equal(before, log(by_fields))
    local many = { "many" }
    for i = 1, 33 do many[#many + 1] = "f" .. i end
    ok, err = pcall(referee.event_fields, table.unpack(many))
    assert.is_false(ok)
    assert.matches("at most 32", err)
    ok, err = pcall(referee.event_fields, "hand", "pot", "pot")
    assert.is_false(ok)
    assert.matches("field 'pot' is named twice: each field once", err, 1, true)
    ok, err = pcall(referee.event_fields, "hand", "a\tb")
    assert.is_false(ok)
    assert.matches("without quotes, backslashes or control characters", err, 1, true)
  end)

  it("announces notes: t:note to all or one seat, t:notef formatted by the kernel", function()
    local t = table_with_deck()
    t:note("to everyone")
    t:note("only for seat 2", 2)
    t:notef("seat %d rolls %s at %d%%, %s", 3, "66", -42, 1.5)
    local all = table.concat(t:log_lines(1, 2), "\n")
    assert.matches("to everyone", all)
    assert.matches("only for seat 2", all)
    assert.matches("seat 3 rolls 66 at %-42%%, 1.5", all)
    assert.not_matches("only for seat 2", table.concat(t:log_lines(1, 1), "\n"))
    local before = #t:log_lines()
    local function refused(...)
      local args = table.pack(...)
      local ok, err = pcall(function() t:notef(table.unpack(args, 1, args.n)) end)
      assert.is_false(ok)
      return err
    end
    assert.matches("number has no integer representation", refused("seat %d", 1.5))
    assert.matches("bad argument #3 to 'notef' %(no value for format 2: one value per %%d or %%s%)",
      refused("seat %d and %d", 1))
    assert.matches("2 value%(s%) given for 1 format%(s%): one value per %%d or %%s", refused("seat %d", 1, 2))
    assert.matches("'%%x' is not a note format: use %%d", refused("%x marks the spot", 1))
    assert.matches("string expected, got table", refused("seat %s", {}))
    -- a note goes into saves and records, which are JSON: UTF-8 only
    assert.matches("t:notef: the note is not UTF-8 text (is the rules script saved as UTF-8?)",
      refused("caf\233 for seat %d", 1), 1, true)
    assert.matches("the note is not UTF-8 text", refused("seat %s", "caf\233"), 1, true)
    local ok, err = pcall(function() t:note("caf\233") end)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'note' (not UTF-8 text (is the rules script saved as UTF-8?))", err, 1, true)
    assert.are.equal(before, #t:log_lines()) -- a refused note adds nothing
    t:notef("%s au lait", "caf\195\169")
    assert.matches("café au lait", t:log_lines()[#t:log_lines()], 1, true)
    -- a note of any length, each piece in its place, whatever it is written in
    for _, size in ipairs({ 500, 508, 509, 510, 511, 512, 513, 1500, 70000 }) do
      local long = ("x"):rep(size - 16)
      t:notef("<%s|%d|%s>%%", long, 1234567, "tail")
      assert.are.equal("<" .. long .. "|1234567|tail>%", t:log_lines()[#t:log_lines()])
    end
    local lines_before = #t:log_lines()
    assert.matches("the note is not UTF-8 text", refused("%s seat %s", ("y"):rep(600), "caf\233"), 1, true)
    assert.are.equal(lines_before, #t:log_lines())
    -- where the log ends, and each line's kind: a note is the rules' words
    local lines, upto, kinds = t:log_lines(math.maxinteger)
    assert.are.same({}, lines)
    lines, upto, kinds = t:log_lines()
    assert.are.equal(#lines, #kinds)
    assert.is_true(upto > #lines - 1)
    assert.are.equal("note", kinds[#kinds])
  end)

  it("reads a long note back whole, at every length around its line buffers", function()
    local t = table_with_deck()
    for _, n in ipairs({ 510, 511, 512, 1023, 1024, 1025, 5000 }) do
      local text = ("x"):rep(n - 1) .. "y"
      t:note(text)
      t:note(text, 1)
      local lines = t:log_lines(1, 1)
      assert.are.equal(text, lines[#lines])
      assert.are.equal(text, lines[#lines - 1])
      -- seat 2 is not told seat 1's note: the line before it is the last it reads
      lines = t:log_lines(1, 2)
      assert.are.equal(text, lines[#lines])
    end
  end)

  it("builds each seat's view from visibility: owner, public, top card, hidden, reveals", function()
    local t = table_with_deck()
    t:shuffle("stock")
    t:deal("stock", { "hand1", "hand2" }, 2)
    t:draw("stock", "table")
    t:draw("stock", "discard", 2)
    local v1, v2 = t:view(1), t:view(2)
    local mine, theirs = t:cards("hand1"), t:cards("hand2")
    assert.are.same({ t:name(mine[1]), t:name(mine[2]) }, v1.zones.hand1.cards)
    assert.are.same({ "??", "??" }, v1.zones.hand2.cards)
    assert.are.same({ "??", "??" }, v2.zones.hand1.cards)
    assert.are.equal(t:name(t:top("table")), v2.zones.table.cards[1])
    assert.are.equal("??", v2.zones.discard.cards[1])
    assert.are.equal(t:name(t:top("discard")), v2.zones.discard.cards[2])
    assert.are.equal(47, v1.zones.stock.count)
    for _, name in ipairs(v1.zones.stock.cards) do assert.are.equal("??", name) end
    t:reveal(theirs[1], 1)
    assert.are.equal(t:name(theirs[1]), t:view(1).zones.hand2.cards[1])
    assert.are.equal("??", t:view(0).zones.hand2.cards[1])
    t:move(theirs[1], "stock")           -- knowledge travels with the card
    assert.is_true(t:sees(1, theirs[1]))
    t:shuffle("stock")                   -- and a shuffle forgets it
    assert.is_false(t:sees(1, theirs[1]))
  end)

  it("hands out views and copies that change nothing when changed", function()
    local t = table_with_deck()
    t.vars.phase = "deal"
    local v = t:view(1)
    v.vars.phase = "hacked"
    v.zones.stock.cards[1] = "AS"
    assert.are.equal("deal", t.vars.phase)
    local c = t:clone()
    c.vars.phase = "other"
    c:draw("stock", "hand1")
    assert.are.equal("deal", t.vars.phase)
    assert.are.equal(54, t:count("stock"))
    assert.are.equal(53, c:count("stock"))
  end)

  it("clones vars in their shape: a table held in two places is one table in the clone", function()
    local t = table_with_deck()
    t.vars.players = { { score = 1 }, { score = 2 } }
    t.vars.current = t.vars.players[2]
    t.vars.players.all = t.vars.players
    local c = t:clone()
    assert.are.equal(c.vars.players[2], c.vars.current)
    assert.are.equal(c.vars.players, c.vars.players.all)
    assert.are_not.equal(t.vars.current, c.vars.current)
    c.vars.current.score = 5
    assert.are.equal(5, c.vars.players[2].score)
    assert.are.equal(2, t.vars.players[2].score)
    -- Held twice at each of 60 levels: 2^60 tables as a tree, 61 as it is.
    local x = {}
    for _ = 1, 60 do x = { x, x } end
    t.vars.shared = x
    local started = os.clock()
    c = t:clone()
    assert.is_true(os.clock() - started < 5, "the clone took " .. (os.clock() - started) .. " s")
    assert.are.equal(c.vars.shared[1], c.vars.shared[2])
  end)

  it("resamples only the cards a seat cannot see", function()
    local t = table_with_deck(3)
    t:zone("hand3", { owner = 3 })
    t:shuffle("stock")
    t:deal("stock", { "hand1", "hand2", "hand3" }, 5)
    t:draw("stock", "table", 2)
    t:reveal(t:cards("hand2")[1], 1)
    for round = 1, 50 do
      local c = t:clone()
      local moved = c:resample(1, round)
      assert.is_true(moved > 40)
      for _, zone in ipairs({ "stock", "hand1", "hand2", "hand3", "table" }) do
        assert.are.equal(t:count(zone), c:count(zone))
        local before, after = t:cards(zone), c:cards(zone)
        for i, card in ipairs(before) do
          if t:sees(1, card) then assert.are.equal(card, after[i]) end
        end
      end
    end
    local c = t:clone()
    c:resample(1, 1)
    assert.are_not.same(t:cards("hand3"), c:cards("hand3"))
  end)

  it("keeps dice hidden until revealed, and takes results set by hand", function()
    local t = table_with_deck()
    local d = t:die(6)
    local v = t:roll(d)
    assert.is_true(v >= 1 and v <= 6)
    assert.is_nil(t:view(1).dice[1].value)
    t:show_die(d, 1)
    assert.are.equal(v, t:view(1).dice[1].value)
    assert.is_nil(t:view(2).dice[1].value)
    t:set_die(d, 3)
    t:show_die(d, "all")
    assert.are.equal(3, t:view(2).dice[1].value)
    assert.has_error(function() t:set_die(d, 7) end)
  end)

  it("reads, shows and hides several dice in one call as one call each would", function()
    local t = table_with_deck(4)
    for _ = 1, 3 do t:die(6) end
    local a, b, c = t:roll(1, 2, 3)
    assert.same({ a, b, c }, { t:die_value(1, 2, 3) })
    assert.same({ c, a }, { t:die_value(3, 1) })
    local together, apart = t:clone(), t:clone()
    together:show_die({ 3, 1 }, { 2, 4 })
    apart:show_die(3, { 2, 4 })
    apart:show_die(1, { 2, 4 })
    assert.equal(apart:save(), together:save()) -- the same reveals, logged in the same order
    assert.equal(a, together:view(2).dice[1].value)
    assert.is_nil(together:view(2).dice[2].value)
    together:hide_die(1, 3)
    apart:hide_die(1)
    apart:hide_die(3)
    assert.equal(apart:save(), together:save())
    assert.is_nil(together:view(4).dice[3].value)
    -- a die that is none, anywhere in the call, is refused before any is touched
    local before = t:save()
    for _, call in ipairs({
      function() return t:die_value(1, 4) end,
      function() return t:show_die({ 1, 4 }, "all") end,
      function() return t:show_die({ 1, "x" }, "all") end,
      function() return t:show_die({}, "all") end,
      function() return t:show_die({ 1, 2 }, 9) end,
      function() return t:hide_die(2, 0) end,
      function() return t:die_value() end,
    }) do
      local ok, err = pcall(call)
      assert.is_false(ok)
      assert.matches("bad argument", err)
      assert.equal(before, t:save())
    end
  end)

  it("moves credits by transfer only, refusing an overdraft with nil and a message", function()
    local t = table_with_deck()
    t:account("alice", 100)
    t:account("pot")
    assert.is_true(t:transfer("alice", "pot", 60, "ante"))
    local ok, err = t:transfer("alice", "pot", 60, "again")
    assert.is_nil(ok)
    assert.matches("insufficient credits: alice has 40, not 60", err)
    assert.are.equal(40, t:balance("alice"))
    assert.are.equal(100, t:total())
    assert.has_error(function() t:transfer("alice", "pot", -1, "negative") end)
    assert.has_error(function() t:transfer("alice", "nobody", 1, "x") end)
    -- an account by the number t:account gave, as well as by its name
    local bob, pot = t:account("bob", 5), 2
    assert.are.equal(3, bob)
    assert.is_true(t:transfer(bob, pot, 5, "ante"))
    assert.are.equal(0, t:balance(bob))
    assert.are.equal(65, t:balance(pot))
    assert.are.equal(65, t:balance("pot"))
    for _, n in ipairs({ 0, 4, -1 }) do
      assert.has_error(function() t:balance(n) end,
        "bad argument #1 to 'balance' (no account of that number (t:account gives it))")
    end
    assert.has_error(function() t:transfer(bob, 2.5, 1, "x") end,
      "bad argument #2 to 'transfer' (number has no integer representation)")
    assert.are.equal(105, t:total())
    -- a reason goes into the journal, and the record: UTF-8 only
    local ok2, err2 = pcall(function() t:transfer("alice", "pot", 1, "caf\233") end)
    assert.is_false(ok2)
    assert.matches("bad argument #4 to 'transfer' (not UTF-8 text", err2, 1, true)
    assert.are.equal(40, t:balance("alice"))
    -- names of accounts and zones: UTF-8 text, no spaces, quotes or controls
    for _, name in ipairs({ "caf\233", "bell\7", "del\127", "a b" }) do
      local bad_account = select(2, pcall(function() t:account(name) end))
      assert.matches("an account name is 1 to 23 bytes of UTF-8 text without spaces, quotes, "
        .. "backslashes or control characters", bad_account, 1, true)
      local bad_zone = select(2, pcall(function() t:zone(name) end))
      assert.matches("a zone name is 1 to 23 bytes of UTF-8 text", bad_zone, 1, true)
    end
    t:account("caf\195\169")
    t:zone("pi\195\168ce")
    assert.are.equal(0, t:balance("caf\195\169"))
  end)

  it("runs seats in a ring with direction, skips and eliminations", function()
    local t = referee.new_table(4, 1)
    assert.are.equal(1, t:turn())
    assert.are.equal(2, t:advance())
    assert.are.equal(4, t:skip())
    t:reverse()
    assert.are.equal(3, t:next())
    t:eliminate(3)
    assert.are.equal(2, t:next())
    assert.are.equal(3, t:active_count())
    assert.is_false(t:active(3))
  end)

  it("saves to JSON and loads back the same table; a corrupt save is refused", function()
    local t = table_with_deck()
    t:account("alice", 10)
    t:shuffle("stock")
    t:draw("stock", "hand1", 3)
    t.vars.round = 2
    t.vars.history = { "a", "b" }
    local text = assert(t:save())
    local back = assert(referee.load_table(text))
    assert.are.equal(text, back:save())
    assert.are.equal(t:hash(), back:hash())
    assert.are.same({ "a", "b" }, back.vars.history)
    local broken, err = referee.load_table(text:gsub('"total":10', '"total":11'))
    assert.is_nil(broken)
    assert.matches("corrupt save", err)
    assert.is_nil(referee.load_table("{"))
    -- vars that would load but not save again are refused too
    for _, case in ipairs({ { '"history":["a",null,"c"]', "t.vars: a list has gaps" },
                            { '"vars":5', 't.vars: "vars" is a number, not the table' } }) do
      local forged = text:gsub('"history":%b[]', '"history":["a","b"]', 1)
      forged = forged:gsub(case[1] == '"vars":5' and '"vars":%b{}' or '"history":%b[]', case[1], 1)
      broken, err = referee.load_table(forged)
      assert.is_nil(broken)
      assert.matches("corrupt save: " .. case[2]:gsub("%p", "%%%0"), err)
    end
    t.vars.bad = function() end
    local ok, why = t:save()
    assert.is_nil(ok)
    assert.matches("cannot be saved", why)
    -- each value JSON cannot hold is refused with what it is
    local cases = {
      { 1 / 0, "t.vars: a number that is not finite %(inf%) cannot be saved" },
      { 0 / 0, "t.vars: a number that is not finite %(%-?nan%) cannot be saved" },
      { { 1, 2, [5] = 5 }, "a list has gaps %(3 values under keys up to 5%)" },
      { { [1.5] = 1 }, "a table has a key %(1.5%) that is neither in a sequence 1..n nor a string" },
      { { ["\255"] = 1 }, "a key is not valid UTF%-8 text" },
      { { ["a\0b"] = 1 }, "a key is not valid UTF%-8 text %(or holds a NUL byte%)" },
    }
    for _, case in ipairs(cases) do
      t.vars.bad = case[1]
      ok, why = t:save()
      assert.is_nil(ok)
      assert.matches(case[2], why)
    end
  end)
end)
