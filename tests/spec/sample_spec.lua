-- g:sample(seat, seed): the game as one seat could imagine it, for search.
-- What the seat may know is kept; what it may not is drawn anew; the real
-- game is untouched; nothing of its log or its chance to come crosses over.
local helper = require "tests.spec.helper"
local referee = helper.referee

local function bam(seed)
  local g = assert(referee.game("bam", { seats = 4, seed = seed or 3, options = { hands = 1 }, rules_path = "rules" }))
  return g, g:pending().seats[1]
end

local function names(t, zone)
  local list = {}
  for _, c in ipairs(t:cards(zone)) do list[#list + 1] = t:name(c) end
  table.sort(list)
  return table.concat(list, " ")
end

describe("a sample of a game", function()
  it("keeps what the seat sees and deals anew the cards it cannot see", function()
    local g, seat = bam()
    local real = g:table()
    local moved = 0
    for seed = 1, 8 do
      local s = assert(g:sample(seat, seed))
      local t = s:table()
      assert.are.equal(names(real, "hand" .. seat), names(t, "hand" .. seat))
      assert.are.same(g:view(seat), s:view(seat)) -- the seat's whole view, vars included
      local all = {}
      for _, zone in ipairs({ "stock", "hand1", "hand2", "hand3", "hand4" }) do
        assert.are.equal(real:count(zone), t:count(zone))
        for _, c in ipairs(t:cards(zone)) do all[#all + 1] = t:name(c) end
        if zone ~= "hand" .. seat and names(real, zone) ~= names(t, zone) then moved = moved + 1 end
      end
      assert.are.equal(52, #all)
      assert.are.same(g:pending().moves[seat], s:pending().moves[seat])
    end
    assert.is_true(moved >= 8, "the other hands and the stock were never dealt anew")
  end)

  it("starts with an empty log and leaves the game as it was", function()
    local g, seat = bam()
    local before = g:hash()
    local s = assert(g:sample(seat, 1))
    assert.are.same({}, s:table():log_lines())
    helper.play_out(s, 5)
    assert.is_table(s:result())
    assert.are.equal(before, g:hash())
    assert.is_true(#g:table():log_lines() > 0)
  end)

  it("is the same for the same seed, and another for another", function()
    local g, seat = bam()
    assert.are.equal(g:sample(seat, 7):hash(), g:sample(seat, 7):hash())
    assert.are_not.equal(g:sample(seat, 7):hash(), g:sample(seat, 8):hash())
  end)

  it("rolls anew the dice the seat has not seen, and keeps those it has", function()
    -- Seat 1 rolls 3 and 1 under the cup and declares; seat 2 has not seen them.
    local g = assert(referee.game("bamboozled-dice", { seats = 3, seed = 1, rules_path = "rules",
      options = { first = 1 }, rolls = { 3, 1 } }))
    helper.play(g, { "roll", "declare 55" })
    local rolled_anew = 0
    for seed = 1, 12 do
      local s = assert(g:sample(2, seed))
      local t = s:table()
      if t:die_value(1) ~= 3 or t:die_value(2) ~= 1 then rolled_anew = rolled_anew + 1 end
      assert.is_nil(s:view(2).dice[1].value)
    end
    assert.is_true(rolled_anew >= 6, "seat 2's samples kept the hidden dice " .. (12 - rolled_anew) .. " times in 12")
    -- the claimer knows its own roll: after an accept it is seat 2's turn, so
    -- look from a game where seat 1 is asked with its dice still under the cup
    local h = assert(referee.game("bamboozled-dice", { seats = 2, seed = 1, rules_path = "rules",
      options = { first = 1 }, rolls = { 6, 4 } }))
    helper.play(h, { "roll" })
    for seed = 1, 4 do
      local t = assert(h:sample(1, seed)):table()
      assert.are.equal(6, t:die_value(1))
      assert.are.equal(4, t:die_value(2))
    end
  end)

  it("gives a bot the dice it imagines: those it saw, the others rolled anew", function()
    -- Seat 1 rolls 3 and 1 under the cup and declares 55: seat 2, facing
    -- the claim, has not seen them; seat 1, had it to answer, has.
    local g = assert(referee.game("bamboozled-dice", { seats = 3, seed = 1, rules_path = "rules",
      options = { first = 1 }, rolls = { 3, 1 } }))
    helper.play(g, { "roll", "declare 55" })
    local peek = assert(referee.bot("tests/bots/dice-peek.lua"))
    local _, why = peek:choose(g, 2, "peek")
    local dice = {}
    for d in why:match("dice ([%d ]+)"):gmatch("%d%d") do dice[#dice + 1] = d end
    assert.are.equal(24, #dice)
    local real = 0
    for _, d in ipairs(dice) do
      if d == "31" then real = real + 1 end
      assert.matches("^[1-6][1-6]$", d)
    end
    assert.is_true(real <= 6, "seat 2's samples showed the hidden dice " .. real .. " times in 24")
    local h = assert(referee.game("bamboozled-dice", { seats = 2, seed = 1, rules_path = "rules",
      options = { first = 1 }, rolls = { 6, 4 } }))
    helper.play(h, { "roll" })
    _, why = peek:choose(h, 1, "peek")
    assert.are.equal(("64 "):rep(23) .. "64", why:match("dice ([%d ]+)"))
  end)

  it("gives a bot the cards it imagines: its own as they are, another's dealt anew", function()
    local g, seat = bam()
    local other = seat % 4 + 1
    local function real(s)
      local list = {}
      for _, c in ipairs(g:table():cards("hand" .. s)) do list[#list + 1] = g:table():name(c) end
      return table.concat(list, ",")
    end
    local peek = assert(referee.bot("tests/bots/cards-peek.lua"))
    local _, why = peek:choose(g, seat, "peek")
    local mine, differed, none, others = why:match("mine (%S+) (%d+) none (%S+) other ([%w ]+)")
    assert.are.equal(real(seat), mine)
    assert.are.equal("0", differed)
    assert.are.equal("nil", none)
    local same, n = 0, 0
    for hand in others:gmatch("%S+") do
      n = n + 1
      if hand == real(other):gsub(",", "") then same = same + 1 end
    end
    assert.are.equal(24, n)
    assert.is_true(same <= 1, "the samples dealt seat " .. other .. " its real hand " .. same .. " times in 24")
  end)

  it("does not carry the game's chance to come", function()
    -- The game's next roll is fixed by its stream; a sample's is its own.
    local function dice_game()
      return assert(referee.game("bamboozled-dice", { seats = 2, seed = 5, rules_path = "rules", options = { first = 1 } }))
    end
    local function reading(t) return t:die_value(1) * 10 + t:die_value(2) end
    local real = dice_game()
    helper.play(real, { "roll" })
    local g, differ = dice_game(), 0
    for seed = 1, 12 do
      local s = assert(g:sample(1, seed))
      helper.play(s, { "roll" })
      if reading(s:table()) ~= reading(real:table()) then differ = differ + 1 end
    end
    assert.is_true(differ >= 6, "the samples rolled what the game rolls next")
  end)

  it("is taken by the seat the game asks, whose moves it knows", function()
    local g, seat = bam()
    local other = seat % 4 + 1
    local s, err = g:sample(other, 1)
    assert.is_nil(s)
    assert.matches("a sample is taken by a seat that is to answer now", err)
    assert.has_error(function() g:sample(9, 1) end)
    helper.play_out(g, 3)
    s, err = g:sample(seat, 1)
    assert.is_nil(s)
    assert.matches("the game is over", err)
  end)

  -- In a claim window the other seats' moves name cards of their hands,
  -- which the sample deals afresh: it asks the sampling seat alone, with
  -- its own moves, and the window's next answers are the sample's rules'.
  it("taken in a claim window, asks the sampling seat alone, with its own moves", function()
    for seed = 1, 40 do
      local g = assert(referee.game("bamm", { seats = 3, seed = seed, rules_path = "rules" }))
      local p = g:pending()
      while p and not p.window do
        assert(g:play(p.seats[1], p.moves[p.seats[1]][1]))
        p = g:pending()
      end
      if p and #p.seats >= 2 then
        local me = p.seats[1]
        local s = assert(g:sample(me, seed))
        local sp = s:pending()
        assert.is_true(sp.window)
        assert.are.same({ me }, sp.seats)
        assert.are.same(p.moves[me], sp.moves[me])
        for _, other in ipairs(p.seats) do
          if other ~= me then assert.is_nil(sp.moves[other]) end
        end
        -- after this seat passes, the sample asks the others from its own hands
        assert(s:window({ { me, "pass" } }))
        local after = s:pending()
        assert.is_true(after.window)
        assert.is_false(helper.has(after.seats, me))
        for _, other in ipairs(after.seats) do
          for _, claim in ipairs(after.moves[other]) do
            for card in claim:gmatch("%S+/%S+") do
              local name = card:match("^(%S+)/") and card
              local t = s:table()
              local c = t:card(name) or t:card(name:match("/(%S+)$") .. "/" .. name:match("^(%S+)/"))
              assert.is_truthy(t:where(c) == "hand" .. other or t:where(c) == "table", claim)
            end
          end
        end
        return
      end
    end
    error("no seed of 40 opened a window to two seats")
  end)

  it("has no moves to replay: undo is refused", function()
    local g, seat = bam()
    local s = assert(g:sample(seat, 1))
    helper.step(s, 1)
    local ok, err = s:undo()
    assert.is_nil(ok)
    assert.matches("a sample has no moves before it to replay", err)
  end)

  it("is broken, not rebuilt, when its rules fail", function()
    local g = helper.new("fails-on-move", { seats = 2 })
    local seat = g:pending().seats[1]
    local s = assert(g:sample(seat, 1))
    local ok, err = s:play(seat, "boom")
    assert.is_nil(ok)
    assert.matches("this sample's rules failed", err)
    ok, err = s:play(seat, "fine")
    assert.is_nil(ok)
    assert.matches("this sample's rules failed", err)
    assert.is_truthy(g:play(seat, "fine")) -- the game itself plays on
  end)
end)

describe("a fork of a game", function()
  local function reading(t) return t:die_value(1) * 10 + t:die_value(2) end

  it("rolls its dice to come otherwise, and deals and shuffles as the game does", function()
    -- the fixture: each hand's end shuffles the deck and rolls the lucky die
    local g = assert(referee.game("fixture", { seats = 2, seed = 4, rules_path = "tests/fixture:rules" }))
    local rolled_otherwise = 0
    for seed = 1, 12 do
      local real = assert(referee.game("fixture", { seats = 2, seed = 4, rules_path = "tests/fixture:rules" }))
      local fork = assert(g:fork(seed))
      assert.are.same({}, fork:table():log_lines())
      for _ = 1, 12 do -- past the first hand's end
        local p = real:pending()
        local move = real:random_move(p.seats[1], 99)
        assert.is_truthy(real:play(p.seats[1], move))
        assert.is_truthy(fork:play(p.seats[1], move))
      end
      for _, zone in ipairs({ "stock", "hand1", "hand2", "table", "discard" }) do
        assert.are.equal(names(real:table(), zone), names(fork:table(), zone))
      end
      assert.are.same(real:view(0).accounts, fork:view(0).accounts)
      if real:table():die_value(1) ~= fork:table():die_value(1) then rolled_otherwise = rolled_otherwise + 1 end
    end
    assert.is_true(rolled_otherwise >= 6, "the forks rolled what the game rolls " .. (12 - rolled_otherwise) .. " times in 12")
  end)

  it("may be asked of any seat, and leaves the game as it was", function()
    local g = assert(referee.game("bamboozled-dice", { seats = 3, seed = 5, rules_path = "rules", options = { first = 1 } }))
    local before, forks = g:hash(), {}
    for seed = 1, 8 do
      forks[seed] = assert(g:fork(seed)) -- seat 1 is asked; a fork is not a seat's
      helper.play(forks[seed], { "roll" })
    end
    assert.are.equal(before, g:hash())
    helper.play(g, { "roll" })
    local differ = 0
    for _, fork in ipairs(forks) do
      assert.are.same(g:view(2), fork:view(2)) -- seat 2 cannot tell them apart
      if reading(fork:table()) ~= reading(g:table()) then differ = differ + 1 end
    end
    assert.is_true(differ >= 4, "the forks rolled what the game rolled " .. (8 - differ) .. " times in 8")
  end)

  it("is refused once the game is over", function()
    local g = helper.new("fixture", { seats = 2 })
    helper.play_out(g, 1)
    local fork, why = g:fork(1)
    assert.is_nil(fork)
    assert.matches("the game is over", why)
  end)
end)

describe("samples over whole games", function()
  -- A sample changes only what the asked seat cannot see, so the seat's
  -- view of it must be its view of the game, at every decision of every
  -- game: a difference would be hidden information in the view (or a
  -- sample that forgot something the seat knows).
  local games = {
    { "bam", 4, { hands = 2 } }, { "bam-app", 2, {} }, { "bamboozled-dice", 4, {} },
    { "fixture", 3, {} }, { "fixture-rich", 3, {} }, { "bamm", 3, {} }, { "bamboozled", 2, { hands = 1 } },
  }
  for _, case in ipairs(games) do
    local name, seats, options = case[1], case[2], case[3]
    it("leaves " .. name .. "'s view of the seat asked as it was (20 games)", function()
      local checked = 0
      for seed = 1, 20 do
        local g = helper.new(name, { seats = seats, seed = seed, options = options,
                                     rules_path = "tests/fixture:rules" })
        local salt = 0
        while true do
          local p = g:pending()
          if not p then break end
          if not p.window and salt % 3 == 0 then
            local seat = p.seats[1]
            local s = assert(g:sample(seat, seed * 7919 + salt))
            assert.are.same(g:view(seat), s:view(seat), name .. " seed " .. seed .. " move " .. salt)
            checked = checked + 1
          end
          assert(helper.step(g, seed * 1000 + salt))
          salt = salt + 1
        end
      end
      assert.is_true(checked > 20)
    end)
  end
end)
