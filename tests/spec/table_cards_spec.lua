-- A real deck at the table (--table cards): the referee knows a card only
-- once it is shown, when the person names it. A game whose moves name the
-- same cards as a game with the referee's deck ends the same, with the same
-- credits and strikes; a name already shown elsewhere is refused, and a
-- revoke is caught when the card that was held shows up.
local helper = require "tests.spec.helper"
local referee = helper.referee

local rolls_of = helper.rolls_of

-- A game of the bundled rules at a table with a real deck.
local function real_game(name, seats, seed, options)
  return assert(referee.game(name, { seats = seats, seed = seed, rules_path = "rules", real_cards = true,
                                     options = options }))
end

-- Plays a game with the referee's deck at random, and the same moves at a
-- table with a real deck. The real table's game has another seed, so the
-- referee's stand-ins for the real cards lie elsewhere and the names typed
-- go to cards it dealt otherwise; its first dealer or player is fixed, and
-- its dice are typed (as they rolled at the referee's table). Where the
-- real table asks what the referee's could rule out (a strike, a caught
-- bluff or a short roll the seat may answer with a card it might hold),
-- the seat answers as the referee's table answered for it: it takes the
-- strike.
local function play_both(name, seed, seats)
  local dice = name:match("dice") ~= nil
  local fixed = { [(dice or name == "bamm") and "first" or "dealer"] = 1 + seed % seats }
  if name == "bamm" then fixed.claims = "order" end -- calls at once placed clockwise, at both tables
  local chance = assert(referee.game(name, { seats = seats, seed = seed, rules_path = "rules", options = fixed }))
  local physical
  local opts = { seats = seats, seed = seed + 1000, rules_path = "rules", real_cards = true, options = fixed }
  if dice then
    -- A die read at the real table is the k-th roll of it there.
    opts.typed_dice = function(read)
      local here, there, values = rolls_of(physical), rolls_of(chance), {}
      for i, d in ipairs(read) do values[i] = there[d][#here[d]] end
      return values
    end
  end
  physical = assert(referee.game(name, opts))
  local n, extra = 0, 0
  while physical:pending() do
    local p, q = chance:pending(), physical:pending()
    if p and p.window then
      -- a claim window: each seat's answer at random, the same answers at both tables
      local answers = {}
      for _, s in ipairs(p.seats) do answers[#answers + 1] = { s, chance:random_move(s, seed * 31 + n * 7 + s) } end
      assert(chance:window(answers))
      local ok, err = physical:window(answers)
      assert(ok, ("seed %d, move %d (a window): %s"):format(seed, n + 1, tostring(err)))
      n = n + 1
    elseif not p or q.kind ~= p.kind or q.seats[1] ~= p.seats[1] then
      local ok, err = physical:play(q.seats[1], "take strike")
      assert(ok, ("seed %d, move %d: the real table asks '%s' (%s)"):format(seed, n + 1, q.kind, tostring(err)))
      extra = extra + 1
    else
      local seat = p.seats[1]
      local move = chance:random_move(seat, seed * 7919 + n)
      assert(chance:play(seat, move))
      local ok, err = physical:play(seat, move)
      assert(ok, ("seed %d, move %d (%s by seat %d): %s"):format(seed, n + 1, move, seat, tostring(err)))
      n = n + 1
    end
  end
  assert.is_nil(chance:pending(), ("seed %d: the real table ended first"):format(seed))
  return chance, physical, n, extra
end

local function balances(g, seats)
  local t, out = g:table(), {}
  for s = 1, seats do out[s] = t:balance("seat" .. s) end
  out.pot = t:balance("pot")
  return out
end

describe("a table with a real deck", function()
  it("ends BAM! as the referee's deck would, the cards named as they are played", function()
    for seed = 1, 12 do
      local seats = 3 + seed % 3
      local chance, physical = play_both("bam", seed, seats)
      assert.are.same(chance:result(), physical:result(), "seed " .. seed)
      assert.are.same(balances(chance, seats), balances(physical, seats), "seed " .. seed)
    end
  end)

  it("ends BAMM! as the referee's deck would, each claim naming the cards of the hand it uses", function()
    local claims = 0
    for seed = 1, 12 do
      local seats = 2 + seed % 4
      local chance, physical = play_both("bamm", seed, seats)
      assert.are.same(chance:result(), physical:result(), "seed " .. seed)
      for _, line in ipairs(chance:table():log_lines(0, -1)) do
        if line:match("BAMM! a") then claims = claims + 1 end
      end
    end
    assert.is_true(claims > 10, "only " .. claims .. " claims were made")
  end)

  it("ends the rummy as the referee's deck would, the dealer naming the upcard and each hand its cards left", function()
    local named, judged = 0, 0
    for seed = 1, 8 do
      local fixed = { first = 1 + seed % 2, target = 150 }
      local chance = assert(referee.game("bamboozled", { seats = 2, seed = seed, rules_path = "rules", options = fixed }))
      local physical = real_game("bamboozled", 2, seed + 1000, fixed)
      local function hand_names(s)
        local t, names = chance:table(), {}
        for _, c in ipairs(t:cards("hand" .. s)) do names[#names + 1] = t:name(c) end
        return table.concat(names, " ")
      end
      local before, n = { hand_names(1), hand_names(2) }, 0
      while physical:pending() do
        local q = physical:pending()
        local seat, move = q.seats[1], nil
        if q.kind == "turn the upcard" then -- the card the referee's table turned
          local t = chance:table()
          move = "up " .. t:name(t:cards("stack")[1])
        elseif q.kind == "name the cards left" then -- the cards its hand held as the hand ended
          move = "left " .. before[seat]
          named = named + 1
        else
          local p = assert(chance:pending(), ("seed %d: the referee's table ended first"):format(seed))
          assert.are.equal(p.kind, q.kind, ("seed %d, move %d"):format(seed, n + 1))
          move = chance:random_move(seat, seed * 7919 + n)
          before = { hand_names(1), hand_names(2) }
          assert(chance:play(seat, move))
          n = n + 1
        end
        local listed = false
        for _, m in ipairs(q.moves[seat] or q.moves[1]) do listed = listed or m == move end
        if not listed then judged = judged + 1 end
        local ok, err = physical:play(seat, move)
        assert(ok, ("seed %d, move %d (%s by seat %d): %s"):format(seed, n, move, seat, tostring(err)))
      end
      assert.is_nil(chance:pending(), ("seed %d: the real table ended first"):format(seed))
      assert.are.same(chance:result(), physical:result(), "seed " .. seed)
      assert.are.same(chance:table().vars.totals, physical:table().vars.totals, "seed " .. seed)
    end
    assert.is_true(named > 8, "cards left were named " .. named .. " times")
    assert.is_true(judged > 100, "only " .. judged .. " moves were judged, not listed")
  end)

  for _, name in ipairs({ "bamboozled-dice", "bamboozled-dice-no-bluffing", "bamboozled-dice-more-strikes" }) do
    it("ends " .. name .. " as the referee's deck would, a card named as it is played", function()
      local extras = 0
      for seed = 1, 12 do
        local chance, physical, _, extra = play_both(name, seed, 3)
        extras = extras + extra
        assert.are.same(chance:result(), physical:result(), "seed " .. seed)
        assert.are.same(chance:table().vars.strikes, physical:table().vars.strikes, "seed " .. seed)
      end
    end)
  end

  it("shows nobody a card before it is played, its holder included", function()
    local function dealt_names_seen(real_cards)
      local g = assert(referee.game("bam", { seats = 3, seed = 5, rules_path = "rules", real_cards = real_cards }))
      local seen, t = 0, g:table()
      for seat = 0, 3 do
        for _, line in ipairs(t:log_lines(0, seat)) do
          if line:match("^%w+: stock") then seen = seen + 1 end
        end
        -- and the table itself: what a seat sees of its own hand (show, views)
        for _, c in ipairs(seat > 0 and t:cards("hand" .. seat) or {}) do
          if t:sees(seat, c) then seen = seen + 1 end
        end
      end
      return seen
    end
    assert.are.equal(24, dealt_names_seen(false)) -- each seat sees its own 4 with the referee's deck
    assert.are.equal(0, dealt_names_seen(true))
  end)

  it("refuses a card shown elsewhere, with where it is, and changes nothing", function()
    local g = real_game("bam", 3, 1, { dealer = 3 })
    assert(g:play(3, "turn 7H"))
    assert(g:play(3, "keep"))
    for s = 1, 3 do assert(g:play(s, "play")) end
    local before = g:hash()
    local ok, err = g:play(1, "discard 7H")
    assert.is_nil(ok)
    assert.matches("7H is already accounted for: it lies in seat 3's hand", err, 1, true)
    assert.are.equal(before, g:hash())
    assert(g:play(1, "discard 8H 2C")) -- cards nobody has shown
  end)

  it("tells the table of a revoke when the card held shows up", function()
    local g = real_game("bam", 3, 1, { dealer = 3, redraw = false })
    for _, m in ipairs({ { 3, "turn 7H" }, { 1, "play" }, { 2, "play" }, { 3, "play" },
                         { 1, "KD" }, { 2, "5C" }, { 3, "AS" } }) do
      assert(g:play(m[1], m[2]))
    end
    local lines = #g:table():log_lines(0, -1)
    assert(g:play(1, "2D"))
    assert(g:play(2, "9D"))
    local function revokes()
      local told = {}
      for _, line in ipairs(g:table():log_lines(lines, 0)) do
        if line:match("revokes") then told[#told + 1] = line end
      end
      return told
    end
    assert.are.equal(1, #revokes(), "the revoke was not told")
    assert.matches("seat 2 revokes: they played 5C when diamonds were led, holding 9D", revokes()[1])
    -- seat 2 wins the round with 9D and leads a club: it never showed out of clubs
    assert(g:play(3, "3S"))
    assert(g:play(2, "JC"))
    assert.are.equal(1, #revokes())
  end)

  it("makes a shown card that must be followed one the referee enforces", function()
    local g = real_game("bam", 3, 1, { dealer = 3, redraw = false })
    for _, m in ipairs({ { 3, "turn 7H" }, { 1, "play" }, { 2, "play" }, { 3, "play" }, { 1, "2H" } }) do
      assert(g:play(m[1], m[2]))
    end
    assert(g:play(2, "3H"))
    local ok, err = g:play(3, "AS")
    assert.is_nil(ok)
    assert.matches("hearts must be followed: you hold 7H, shown", err)
  end)

  it("undoes a move that named cards: the names go back with it", function()
    local g = real_game("bamm", 3, 3, { first = 1 })
    assert(g:play(1, "2C/10D"))
    assert(g:play(2, "2D/AS"))
    local before = g:hash()
    assert(g:window({ { 1, "pass" }, { 3, "bamm 2C/10D 2D/AS 2H/2S" } }))
    assert.are_not.equal(before, g:hash())
    assert.is_true(g:undo(2))
    assert.are.equal(before, g:hash())
    -- and the same claim stands again, named as before
    assert(g:window({ { 1, "pass" }, { 3, "bamm 2C/10D 2D/AS 2H/2S" } }))
    local names = {}
    for _, c in ipairs(g:table():cards("pile3")) do names[#names + 1] = g:table():name(c) end
    assert.are.same({ "2C/10D", "2D/AS", "2H/2S" }, names)
  end)

  it("replays its record with nothing to type, and a game without real_deck is refused", function()
    local _, physical = play_both("bam", 4, 4)
    local record = physical:record()
    assert.matches('"cards": true', record)
    local again = assert(referee.replay(record, "rules"))
    assert.are.same(physical:result(), again:result())
    local bad, err = referee.game("bam-app", { seats = 3, seed = 1, rules_path = "tests/fixture:rules", real_cards = true })
    assert.is_not_nil(bad) -- the app's definition says real_deck (it is BAM!'s), the REPL refuses its bots
    bad, err = referee.game("fixture", { seats = 2, seed = 1, rules_path = "tests/fixture:rules", real_cards = true })
    assert.is_nil(bad)
    assert.matches("fixture cannot be refereed with a real deck", err)
  end)
end)
