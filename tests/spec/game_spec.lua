-- The referee loop: rules loading, options, legality, transactions, undo,
-- claim windows, records.
local helper = require "tests.spec.helper"
local referee = helper.referee

local function new_game(name, args)
  args = args or {}
  args.rules_path = args.rules_path or "tests/fixture:tests/fixture/broken:rules"
  return referee.game(name, args)
end

-- Puts the named cards into the hand of the seat to play first.
-- An arrangement: the hand of the seat to play holds these cards, and it
-- is asked again (the fixture's step that asks it).
local function give(names)
  return function(t, game)
    local hand = "hand" .. t:turn()
    for _, c in ipairs(t:cards(hand)) do t:move(c, "stock", "bottom") end
    for _, name in ipairs(names) do t:move(t:card(name), hand) end
    game.ask_to_play(t)
  end
end

describe("loading rules and options", function()
  it("refuses a bad option before the game starts, naming it and the allowed values", function()
    local g, err = new_game("fixture", { options = { ante = "99" } })
    assert.is_nil(g)
    assert.are.equal("option 'ante' must be an integer from 1 to 50, not 99", err)
    g, err = new_game("fixture", { options = { ante = 0 } })
    assert.are.equal("option 'ante' must be an integer from 1 to 50, not 0", err)
    g, err = new_game("fixture", { options = { policy = "fastest" } })
    assert.are.equal("option 'policy' must be one of order, random, arrival, not 'fastest'", err)
    g, err = new_game("fixture", { options = { colour = "red" } })
    assert.are.equal("unknown option 'colour' for fixture; its options are: ante, credits, hands, policy", err)
    g, err = new_game("fixture", { options = { ante = "2.5" } })
    assert.matches("must be an integer", err)
  end)

  it("converts option texts by the default's type", function()
    local g = assert(new_game("fixture", { options = { ante = "7", policy = "order" } }))
    local opts = g:options()
    assert.are.equal(7, opts.ante)
    assert.are.equal(40, opts.credits)
    assert.are.equal("order", opts.policy)
  end)

  it("keeps checked options by their values, never a refusal, and hands out copies", function()
    local first = assert(new_game("fixture", { options = { ante = "7" } }))
    local mine = first:options()
    mine.ante, mine.policy = 49, "changed"
    -- The same values again: the kept table, unchanged by the copy above.
    local same = assert(new_game("fixture", { options = { ante = "7" } }))
    assert.are.same({ ante = 7, credits = 40, hands = 3, policy = "random" }, same:options())
    -- Other values, or the same as another type, are checked for themselves.
    assert.are.equal(8, assert(new_game("fixture", { options = { ante = "8" } })):options().ante)
    assert.are.equal(7, assert(new_game("fixture", { options = { ante = 7 } })):options().ante)
    local g, err = new_game("fixture", { options = { ante = "99" } })
    assert.is_nil(g)
    assert.are.equal("option 'ante' must be an integer from 1 to 50, not 99", err)
    g, err = new_game("fixture", { options = { ante = "99" } })
    assert.are.equal("option 'ante' must be an integer from 1 to 50, not 99", err)
    g, err = new_game("fixture", { options = { ante = { 7 } } })
    assert.matches("option 'ante' must be an integer", err)
  end)

  it("looks into a table option for control characters, each table once", function()
    local g, err = new_game("bam-app", { seats = 2, options = { levels = { { hands = 1, name = "a\27[2Jb" } } } })
    assert.is_nil(g)
    assert.are.equal("option 'levels' holds a control character (a tab, a newline, an escape) or bytes that "
      .. "are no UTF-8 text: give it printable UTF-8 text", err)
    g, err = new_game("bam-app", { seats = 2, options = { levels = { { ["\7"] = 1 } } } })
    assert.matches("option 'levels' holds a control character", err)
    -- saves are JSON: a Latin-1 text, as a value or a key, is refused too
    g, err = new_game("bam-app", { seats = 2, options = { levels = { { hands = 1, name = "caf\233" } } } })
    assert.matches("option 'levels' holds a control character (a tab, a newline, an escape) or bytes that are no UTF-8 text", err, 1, true)
    g, err = new_game("fixture", { options = { policy = { ["caf\233"] = 1 } } })
    assert.matches("option 'policy' holds a control character (a tab, a newline, an escape) or bytes that are no UTF-8 text", err, 1, true)
    -- A table that holds another twice, 26 times over: looked into as a
    -- tree it is 2^26 tables, looked into once each it is 26.
    local shared = {}
    for _ = 1, 26 do shared = { shared, shared } end
    local started = os.clock()
    g, err = new_game("fixture", { options = { policy = shared } })
    assert.is_true(os.clock() - started < 1, "looking into the option took " .. (os.clock() - started) .. " s")
    assert.are.equal("option 'policy' must be one of order, random, arrival, not a table", err)
    local itself = {}
    itself[1], itself[2] = itself, itself
    g, err = new_game("fixture", { options = { policy = itself } })
    assert.are.equal("option 'policy' must be one of order, random, arrival, not a table", err)
    local deep = {}
    for _ = 1, 100 do deep = { deep } end
    g, err = new_game("fixture", { options = { policy = deep } })
    assert.are.equal("option 'policy' is nested more than 64 deep: a save could not hold it", err)
  end)

  it("refuses a table option a save could not hold, and copies one in its shape", function()
    -- One table held twice at each of 60 levels: copied or written as a
    -- tree, 2^60 tables (the game never started).
    local shared = {}
    for _ = 1, 60 do shared = { shared, shared } end
    local started = os.clock()
    local g, err = new_game("bam-app", { seats = 2, options = { levels = shared } })
    assert.is_true(os.clock() - started < 5, "checking the option took " .. (os.clock() - started) .. " s")
    assert.is_nil(g)
    assert.are.equal("option 'levels' cannot be saved as JSON: holds more than 100000 tables, a table "
      .. "counted once for each place that holds it (one table held in many places?)", err)
    local level = { hands = 1, target = 7, hand_amount = 50, cards = 4, ai = "easy" }
    local cycle = { level }
    cycle[2] = cycle
    g, err = new_game("bam-app", { seats = 2, options = { levels = cycle } })
    assert.are.equal("option 'levels' cannot be saved as JSON: nested more than 64 deep (a cycle?)", err)
    g, err = new_game("bam-app", { seats = 2, options = { levels = { level, print } } })
    assert.are.equal("option 'levels' cannot be saved as JSON: a function cannot be saved (only nil, "
      .. "booleans, numbers, strings and tables)", err)
    -- The same level twice: the game's copy holds its one copy twice.
    g = assert(new_game("bam-app", { seats = 2, options = { levels = { level, level } } }))
    local levels = g:options().levels
    assert.are.equal(levels[1], levels[2])
    assert.are_not.equal(level, levels[1])
    assert.are.same(level, levels[1])
  end)

  it("refuses arguments of the wrong kind instead of ignoring them", function()
    for field, value in pairs({ arrange = 5, rules_path = {}, options = "x", shuffles = "x", rolls = 6, randoms = true }) do
      local ok, err = pcall(referee.game, "fixture", { seats = 2, [field] = value })
      assert.is_false(ok)
      assert.matches("referee.game: " .. field .. " must be a %a+ %(or left out%), not a " .. type(value), err)
    end
  end)

  it("refuses a number of players the game does not take", function()
    local g, err = new_game("fixture", { seats = 5 })
    assert.is_nil(g)
    assert.matches("fixture takes 2 to 4 players, not 5", err)
  end)

  it("reports broken scripts clearly instead of crashing", function()
    local cases = {
      ["no-such-game"] = "no game 'no%-such%-game'",
      ["no-apply"] = "has no function 'apply'",
      ["not-a-table"] = "must return its game definition table",
      ["syntax"] = "syntax.lua:4:",
      ["random-on-load"] = "math.random is available to rules while a game runs",
    }
    for name, pattern in pairs(cases) do
      local g, err = new_game(name)
      assert.is_nil(g)
      assert.matches(pattern, err)
    end
    local g, err = new_game("asks-no-seat")
    assert.is_nil(g)
    assert.matches("bad argument #1 to 'ask' (seat must be from 1 to 2)", err, 1, true)
    g, err = new_game("asks-twice")
    assert.is_nil(g)
    assert.matches("moves 1 and 2 both read 'pass': a seat's moves must differ (ignoring case)",
                   err, 1, true)
  end)

  it("refuses a malformed result with what is wrong, and takes a well-formed one", function()
    local cases = {
      ["no-winners"] = "winners is missing: it must be a list of the winning seats",
      ["empty-winners"] = "winners must be a list of at least one seat number",
      ["seat-99"] = "winners%[1%] is 99, not a seat: winners lists seat numbers from 1 to 2",
      ["seat-text"] = 'winners%[1%] is "2", not a seat',
      ["seat-twice"] = "winners names seat 2 twice",
      ["seat-fraction"] = "winners%[1%] is 1.5, not a seat",
      ["scores-short"] = "scores must be a list of one number per seat %(2%), or left out",
      ["scores-nan"] = "scores%[2%] is %-?nan, not a finite number",
      ["scores-text"] = 'scores%[2%] is "lots", not a finite number',
      ["message-number"] = "message must be a text, or left out",
      ["places-short"] = "places must be a list of one number per seat %(2%), or left out",
      ["places-zero"] = "places%[1%] is not a place: each seat's place is a whole number from 1 %(first%) to 2",
      ["places-loser-first"] = "places%[1%] is 1, but seat 1 is not a winner: the winners, and only they, are in place 1",
      ["places-winner-second"] = "places%[2%] is 2, but seat 2 is a winner",
      ["message-latin-1"] = "message must be UTF%-8 text %(is the rules script saved as UTF%-8%?%)",
    }
    for shape, pattern in pairs(cases) do
      local g = assert(new_game("bad-result", { options = { shape = shape } }))
      assert(g:play(1, "go"))
      local r, err = g:result()
      assert.is_nil(r, shape)
      assert.matches("the rules' result%(%) is malformed: " .. pattern, err)
      assert.matches("a result is {winners = {seat, ...}", err, 1, true)
    end
    local g = assert(new_game("bad-result", { options = { shape = "none" } }))
    assert.is_nil(g:result()) -- the game goes on: no result yet, and no error
    assert(g:play(1, "go"))
    local r, err = g:result()
    assert.is_nil(r)
    assert.matches("the game stopped without a result: no decision is asked and result%(%) returned nil", err)
    for _, shape in ipairs({ "good", "draw" }) do
      local g = assert(new_game("bad-result", { options = { shape = shape } }))
      assert(g:play(1, "go"))
      assert.is_table(g:result(), shape)
    end
    -- A script's result is its own copy: the rules' tables (here one they
    -- keep and hand out every time) are not changed through it.
    local g2 = assert(new_game("bad-result"))
    assert(g2:play(1, "go"))
    local mine = g2:result()
    mine.scores[2], mine.winners[1] = 99, 1
    assert.same({ winners = { 2 }, scores = { 0, 1 }, message = "seat 2 wins", places = { 2, 1 } }, g2:result())
    -- The finishing places: the rules' own when given, else the winners
    -- first and the rest by score; a draw shares the first place.
    local places = {}
    for _, shape in ipairs({ "placed", "good", "draw" }) do
      local g = assert(new_game("bad-result", { options = { shape = shape } }))
      assert(g:play(1, "go"))
      places[shape] = g:result().places
    end
    assert.same({ 1, 2 }, places.placed) -- seat 2 scored more, but the rules placed it second
    assert.same({ 2, 1 }, places.good)
    assert.same({ 1, 1 }, places.draw)
  end)

  it("reads the rules' standing, refusing a malformed one with what is wrong", function()
    local g = assert(new_game("bad-result"))
    assert.are.same({ 3, -4.5 }, g:standing())
    local cases = {
      short = "standing must be a list of one number per seat %(2%)",
      nan = "standing%[2%] is %-?nan, not a finite number",
      text = 'standing%[2%] is "high", not a finite number',
      ["not-a-table"] = "standing must be a list of one number per seat %(2%)",
    }
    for shape, pattern in pairs(cases) do
      local g = assert(new_game("bad-result", { options = { standing = shape } }))
      local before = g:hash()
      local r, err, kind = g:standing()
      assert.is_nil(r, shape)
      assert.matches("the rules' standing%(%) is malformed: " .. pattern, err)
      assert.matches("higher for a seat better placed", err, 1, true)
      assert.are.equal("script", kind)
      assert.are.equal(before, g:hash())
    end
    local r, err = assert(new_game("bad-result", { options = { standing = "fails" } })):standing()
    assert.is_nil(r)
    assert.matches("the rules failed in standing%(%): .*no standing today", err)
    -- rules without one give nil, no error; the fixture's is each seat's credits
    assert.are.same({ nil }, { assert(new_game("asking")):standing() })
    local f = assert(new_game("fixture", { seats = 3, seed = 2 }))
    local t = f:table()
    assert.are.same({ t:balance("seat1"), t:balance("seat2"), t:balance("seat3") }, f:standing())
  end)

  it("refuses a standing that is not a function when the rules load", function()
    local ok, err = new_game("standing-not-function")
    assert.is_nil(ok)
    assert.matches("the game definition's 'standing' is a number: make it a function, or leave it out", err)
  end)

  it("refuses rulings that are not a list of texts when the rules load", function()
    local ok, err = new_game("rulings-not-a-list")
    assert.is_nil(ok)
    assert.matches("the game definition's 'rulings' must be a list of texts", err, 1, true)
  end)

  it("refuses card_text that is not a card's name to a text when the rules load", function()
    local ok, err = new_game("card-text-not-texts")
    assert.is_nil(ok)
    assert.matches("the game definition's 'card_text' must be a table from a card's name to a text", err, 1, true)
  end)

  it("makes a timed-out seat's move from the rules' default_answer, else a pass, checked", function()
    -- BAM!: silence keeps the turned card; a card to turn is the seat's own choice.
    local g = assert(referee.game("bam", { seats = 3, seed = 4, options = { dealer = 1 }, rules_path = "rules" }))
    assert.are.equal("turn trump", g:pending().kind)
    assert.is_nil(g:default_answer(1))
    local turn = g:pending().moves[1][1]
    assert.is_true(g:play(1, turn))
    assert.are.equal("keep or discard", g:pending().kind)
    assert.are.equal("keep", g:default_answer(1))
    assert.is_nil(g:default_answer(2))                    -- not asked
    -- No default_answer: a pass where a pass is legal (the fixture's window).
    g = assert(new_game("fixture", { seats = 3, seed = 1, arrange = function(t, game)
      t:set_turn(1)
      for s = 1, 3 do
        for _, c in ipairs(t:cards("hand" .. s)) do t:move(c, "stock", "bottom") end
      end
      for s, names in ipairs({ { "9C", "2D" }, { "9D", "4D" }, { "3H", "6D" } }) do
        for _, n in ipairs(names) do t:move(t:card(n), "hand" .. s) end
      end
      game.ask_to_play(t)
    end }))
    assert.is_nil(g:default_answer(1))                    -- a card to play: no pass
    assert.is_true(g:play(1, "play 9C"))
    assert.is_true(g:pending().window)
    assert.are.equal("pass", g:default_answer(2))
    -- A default answer that is not legal now is the rules' fault, said so.
    g = assert(new_game("default-answer-illegal", { seats = 3, seed = 1 }))
    local move, err = g:default_answer(g:pending().seats[1])
    assert.is_nil(move)
    assert.matches("the rules' default_answer() gave 'shout', which is not a legal move now", err, 1, true)
  end)

  it("lets a variant inherit its base and change a default and a function", function()
    local g = assert(new_game("fixture-rich", { seed = 3 }))
    assert.are.equal(500, g:options().credits)
    assert.are.equal(500, g:table():balance("seat1") + 5)
    helper.play_out(g, 2)
    local r = g:result()
    assert.is_table(r)
  end)
end)

describe("a table prepared once", function()
  -- tests/fixture/prepared.lua counts its prepare() runs in the rules'
  -- state and leaves the count in the table's vars.
  local function prepared_in_run(g) return g:view(1).vars.prepared_in_run end

  it("sets out the table once for all the games of a Game, each with its own seed", function()
    local g = assert(new_game("prepared", { seats = 3, seed = "p-1" }))
    local run = prepared_in_run(g)
    assert.is_true(g:play(1, "show"))
    assert.is_true(g:undo())                               -- a rebuild: no second run
    assert.are.equal(run, prepared_in_run(g))
    local dealt = g:view(1).zones["hand1"]
    assert.is_true(g:restart("p-2"))                       -- the next game: none either
    assert.are.equal(run, prepared_in_run(g))
    -- Each game on the kept table is the game of its own seed: a new Game
    -- prepares its table again (one run more) and deals the same cards.
    local fresh = assert(new_game("prepared", { seats = 3, seed = "p-2" }))
    assert.are.equal(run + 1, prepared_in_run(fresh))
    assert.are.same(fresh:view(1).zones, g:view(1).zones)
    assert.are.same({ fresh:table():log_lines(1) }, { g:table():log_lines(1) })
    assert.are_not.same(dealt, g:view(1).zones["hand1"])
  end)

  it("gives each game its own options and prepared vars to write into", function()
    local g = assert(new_game("prepared", { seats = 3, seed = "p-1" }))
    local fresh = { list = 1, stack = 1 } -- no option written, the prepared list as it was set out
    assert.are.same(fresh, g:view(1).vars.found)
    assert.is_true(g:play(1, "show"))
    assert.is_true(g:undo())
    assert.are.same(fresh, g:view(1).vars.found)
    for seed = 2, 4 do
      assert.is_true(g:restart("p-" .. seed))
      assert.are.same(fresh, g:view(1).vars.found)
      assert.are.same({ "prepared", "written" }, g:view(1).vars.list)
    end
    assert.are.equal(10, g:options().credits) -- the game's own, unwritten
  end)

  it("keeps its own copy of a table option, whoever else holds the table given", function()
    local given = { "given" }
    local g = assert(new_game("prepared", { seats = 3, seed = "p-1", options = { stack = given } }))
    given[2] = "written by the host"
    local fresh = { list = 1, stack = 1 }
    assert.are.same(fresh, g:view(1).vars.found)
    for seed = 2, 4 do
      assert.is_true(g:restart("p-" .. seed))
      assert.are.same(fresh, g:view(1).vars.found)
    end
    -- what the games took is what the record keeps
    assert.are.same({ "given" }, g:options().stack)
    assert.matches('"stack": %[%s*"given"%s*%]', g:record())
  end)

  it("refuses a prepare() that draws, asks or fails, and says why", function()
    local said = {
      shuffle = "it drew at random (a shuffle, a roll, t:random or math.random)",
      random = "it drew at random", math = "it drew at random", roll = "it drew at random",
      ask = "it asked a decision: ask the first one in setup()",
      fail = "the rules failed in prepare(): ",
    }
    for wrong, why in pairs(said) do
      local g, err = new_game("prepare-wrong", { seed = 1, options = { wrong = wrong } })
      assert.is_nil(g, wrong)
      assert.matches(why, err, 1, true)
    end
  end)
end)

describe("the referee loop", function()
  it("refuses an illegal move with the rules' reason and changes nothing", function()
    local g = assert(new_game("fixture", { seed = 11, arrange = give({ "2C", "5D", "9S" }) }))
    local p = g:pending()
    local seat = p.seats[1]
    local before = g:table():hash()
    local ok, err, kind = g:play(seat, "play KH")
    assert.is_nil(ok)
    assert.are.equal("illegal", kind)
    assert.matches("'play KH' is not a legal move: you do not hold KH; legal moves: play 2C, play 5D, play 9S", err, 1, true)
    ok, err = g:play(seat == 1 and 2 or 1, "play 2C")
    assert.is_nil(ok)
    assert.matches("it is not seat %d's turn", err)
    assert.are.equal(before, g:table():hash())
    assert.is_true(g:play(seat, "  PLAY   2c "))  -- spacing and case are forgiven
    assert.are.same({ seat, "play 2C" }, g:moves()[1])
  end)

  it("rolls a failing rules script back to exactly the table before the move", function()
    local g = assert(new_game("explodes", { seed = 4, arrange = give({ "JH", "7C", "4D", "6H", "5S" }) }))
    local seat = g:pending().seats[1]
    local t = g:table()
    local before = t:hash()
    local ok, err, kind = g:play(seat, "play JH")
    assert.is_nil(ok)
    assert.are.equal("script", kind)
    assert.matches("boom: the rules broke on play JH", err)
    assert.matches("stack traceback", err)
    assert.matches("explodes.lua:10", err)
    assert.are.equal(before, g:table():hash())
    assert.are.equal("hand" .. seat, g:table():where(g:table():card("JH")))

    ok, err = g:play(seat, "play 7C")
    assert.matches("error object is a table value", err)
    assert.are.equal(before, g:table():hash())

    ok, err = g:play(seat, "play 4D")
    assert.matches("ran too long", err)
    assert.are.equal(before, g:table():hash())

    ok, err = g:play(seat, "play 6H")               -- pcall cannot swallow the stop
    assert.matches("ran too long", err)
    assert.are.equal(before, g:table():hash())

    assert.is_true(g:play(seat, "play 5S"))        -- the game goes on
    assert.are_not.equal(before, g:table():hash())
  end)

  -- The most this state's heap reaches while 20 MB of short-lived tables
  -- are made: what its collector's pace keeps standing.
  local function churn_peak()
    local peak = 0
    for _ = 1, 200 do
      local t = {}
      for j = 1, 1000 do t[j] = { j, tostring(j) } end
      peak = math.max(peak, collectgarbage("count"))
    end
    return peak
  end

  it("holds the rules to their memory cap, and the game goes on", function()
    local g = assert(new_game("memory-bomb", { seed = 3 }))
    local before = g:table():hash()
    for _, move in ipairs({ "hoard", "rep" }) do  -- growing without end; 2 GB at once
      local ok, err, kind = g:play(1, move)
      assert.is_nil(ok)
      assert.are.equal("script", kind)
      assert.matches("the script used more than 256 MB of memory", err, 1, true)
      assert.are.equal(before, g:table():hash())
      -- What the refused call left is collected, and the collector keeps
      -- its pace: in busted's generational mode it had let 250 MB of
      -- garbage stand, and every later rules call ran at the cap.
      assert.is_true(collectgarbage("count") < 64 * 1024, collectgarbage("count") // 1024 .. " MB left")
      assert.is_true(churn_peak() < 16 * 1024, "the collector let " .. churn_peak() // 1024 .. " MB stand")
    end
    assert.is_true(g:play(1, "fine"))
    assert.are_not.equal(before, g:table():hash())
    -- The cap is the rules' alone: once they return, the referee's own use
    -- of the state is not held to it.
    local big = ("x"):rep(300 << 20)
    assert.are.equal(300 << 20, #big)
    big = nil
    -- (Lua 5.4.4's generational collector, after a full collection of so
    -- large a string, waits tens of megabytes before its next step: set
    -- going again, for the specs after this one.)
    collectgarbage()
    collectgarbage("restart")
  end)

  it("undoes moves by replaying the rest", function()
    local g = assert(new_game("fixture", { seed = 9 }))
    local hashes = { g:hash() }
    for i = 1, 6 do
      helper.step(g, i)
      hashes[#hashes + 1] = g:hash()
    end
    local n = #g:moves()
    assert.is_true(g:undo(1))
    assert.are.equal(n - 1, #g:moves())
    assert.is_true(g:undo(#g:moves()))
    assert.are.equal(hashes[1], g:hash())
  end)

  -- While its rules run, a game knows its own table by identity (the fast
  -- path of every method call); any other table is still checked inside.
  it("finds the running game's table by identity, and checks every other table", function()
    local seen = {}
    local g = assert(new_game("fixture", { seed = 3, arrange = function(t)
      seen.before = t:count("stock")
      rawset(t, 0, "not the kernel's table")
      seen.after = t:count("stock")
      seen.plain = { pcall(t.count, {}, "stock") }
      seen.other = { pcall(t.count, referee.new_table(2, 1), "stock") }
    end }))
    assert.are.equal(seen.before, seen.after)
    assert.is_false(seen.plain[1])
    assert.matches("referee.Table expected", seen.plain[2], 1, true)
    -- Another table is its own: it has no zone of that name.
    assert.is_false(seen.other[1])
    assert.matches("no zone named 'stock'", seen.other[2], 1, true)
    -- Outside a rules call the table is looked into, and the junk refused.
    local ok, err = pcall(function() return g:table():count("stock") end)
    assert.is_false(ok)
    assert.matches("referee.Table expected", err, 1, true)
  end)

  it("draws rules' math.random from the table's seeded stream", function()
    local dealers = {}
    for seed = 1, 40 do
      local g = assert(new_game("fixture", { seed = seed, seats = 4 }))
      local again = assert(new_game("fixture", { seed = seed, seats = 4 }))
      assert.are.equal(g:table():dealer(), again:table():dealer())
      dealers[g:table():dealer()] = true
    end
    assert.is_true(dealers[1] and dealers[2] and dealers[3] and dealers[4])
  end)

  it("keeps games of one Lua state apart: each step binds its own game's table", function()
    -- Games made in the same state and played a step each in turn end as
    -- each ends played alone: every method call and math.random (the
    -- lucky draw's every draw) of one game's rules reaches its own table.
    local games = { { "lucky-draw", 1 }, { "fixture", 2 }, { "lucky-draw", 3 }, { "bamboozled-dice", 4 } }
    for seed = 1, 6 do
      local alone, together = {}, {}
      for i, game in ipairs(games) do
        local g = assert(new_game(game[1], { seed = seed * 10 + game[2], seats = 3 }))
        helper.play_out(g, i)
        alone[i] = g:hash()
      end
      for i, game in ipairs(games) do
        together[i] = assert(new_game(game[1], { seed = seed * 10 + game[2], seats = 3 }))
      end
      local steps, more = 0, true
      while more do
        more = false
        for i, g in ipairs(together) do
          more = helper.step(g, i * 1000 + steps) or more
        end
        steps = steps + 1
      end
      for i, g in ipairs(together) do
        assert.are.equal(alone[i], g:hash())
      end
    end
  end)

  it("orders a claim window's answers by its policy; later claims lapse", function()
    local function window_game(policy, seed)
      -- Seat 1 (first to play) leads a 9; seats 2 and 3 both hold a 9.
      local g = assert(new_game("fixture", { seats = 3, seed = seed, options = { policy = policy },
        arrange = function(t, game)
          t:set_turn(1)
          for s = 1, 3 do
            for _, c in ipairs(t:cards("hand" .. s)) do t:move(c, "stock", "bottom") end
          end
          for s, names in ipairs({ { "9C", "2D", "3D" }, { "9D", "4D", "5D" }, { "9H", "6D", "7D" } }) do
            for _, n in ipairs(names) do t:move(t:card(n), "hand" .. s) end
          end
          game.ask_to_play(t)
        end }))
      assert.is_true(g:play(1, "play 9C"))
      local p = g:pending()
      assert.is_true(p.window)
      assert.are.same({ 2, 3 }, p.seats)
      assert.are.same({ "pass", "snap" }, p.moves[3])
      assert.is_true(g:window({ { 3, "snap" }, { 2, "snap" } }))   -- 3 called first
      local t = g:table()
      return t:where(t:card("9D")) == "discard" and 2 or 3, g
    end
    assert.are.equal(2, window_game("order", 1))    -- clockwise from seat 2
    assert.are.equal(3, window_game("arrival", 1))  -- as called
    local winners = {}
    for seed = 1, 30 do winners[window_game("random", seed)] = true end
    assert.is_true(winners[2] and winners[3])
    local _, g = window_game("arrival", 1)
    local log = table.concat(g:table():log_lines(), "\n")
    assert.matches("seat 2's answer 'snap' lapsed", log)
    local ok, err = g:window({ { 2, "snap" } })
    assert.is_nil(ok)
    assert.matches("no claim window is open", err)
  end)

  it("lets an answer lapse when its window closes and a new one opens at once", function()
    -- Crossroads without the pause: both seats get their wish, so the first
    -- in claim order scores round 1 and round 2's window opens at once. The
    -- other answer was given to round 1; it must not count in round 2.
    for seed = 1, 6 do
      local g = assert(new_game("crossroads", { seats = 2, seed = seed, options = { rounds = 2, pause = false } }))
      local ok, err = pcall(g.window, g, { { 1, "left" }, { 2, 5 } }) -- a move is a text
      assert.is_false(ok)
      assert.matches("expected {seat, text} answers", err, 1, true)
      assert.is_true(g:window({ { 1, "left" }, { 2, "right" } }))
      local p = g:pending()
      assert.is_true(p.window)
      assert.are.same({ 1, 2 }, p.seats)
      local points = g:table().vars.points
      assert.are.equal(1, points[1] + points[2])
      assert.matches("answer '%a+' lapsed: the window had closed", table.concat(g:table():log_lines(), "\n"))
      -- and a replay of the record takes the same answers the same way
      local again = assert(referee.replay(g:record(), "tests/fixture:rules"))
      assert.are.equal(g:hash(), again:hash())
    end
  end)

  it("replays a record to the same table, and refuses a tampered one", function()
    local g = assert(new_game("fixture", { seed = 21, seats = 3 }))
    helper.play_out(g, 5)
    local record = g:record()
    local again = assert(referee.replay(record, "tests/fixture:rules"))
    assert.are.equal(g:hash(), again:hash())
    local tampered = record:gsub('"seed": "21"', '"seed": "22"')
    local bad, err = referee.replay(tampered, "tests/fixture:rules")
    assert.is_nil(bad)
    assert.matches("does not replay", err)
    bad, err = referee.replay("{ not json", "tests/fixture:rules")
    assert.matches("not a saved game", err)
  end)

  it("conserves credits and ends every game, over many random games", function()
    for seed = 1, 150 do
      local g = assert(new_game("fixture", { seed = seed, seats = 2 + seed % 3 }))
      local t0 = g:table():total()
      local steps = helper.play_out(g, seed)
      assert.is_true(steps < 500)
      assert.is_table(g:result())
      local t, sum = g:table(), 0
      for s = 1, g:table().nseats do sum = sum + t:balance("seat" .. s) end
      assert.are.equal(t0, sum + t:balance("pot"))
    end
  end)

  it("never shows a seat a card or die its view may not show", function()
    -- What the fixture's rules say each seat may know: its own hand; the
    -- table, and the discard pile's top; the stock never; the lucky die
    -- only as the dealer, until the end of the hand shows it to all.
    local shown_dice = 0
    for seed = 1, 60 do
      local g = assert(new_game("fixture", { seed = seed, seats = 3 }))
      local n = 0
      repeat
        local t = g:table()
        local log = t:log_lines()
        local die_public, public_cards = false, {}
        for _, line in ipairs(log) do
          local card = line:match("^reveal (%S+) to all")
          if card then public_cards[card] = true end         -- a snap shows it to all
          local zone = line:match("^shuffle (%S+)")
          if zone == "stock" then public_cards = {} end        -- and a shuffle hides it
        end
        for i = #log, 1, -1 do
          if log[i]:match("^roll die 1") then break end
          if log[i]:match("^show die 1 to all") then die_public = true end
        end
        for seat = 0, 3 do
          local v = g:view(seat)
          for zone, z in pairs(v.zones) do
            for i, name in ipairs(z.cards) do
              local allowed = zone == "table" or zone == "hand" .. seat
                or (zone == "discard" and (i == #z.cards or public_cards[name]))
              if zone == "stock" or (zone:match("^hand") and zone ~= "hand" .. seat) then
                allowed = public_cards[name] or false
              end
              if not allowed then
                assert.are.equal("??", name, ("seat %d saw %s in %s"):format(seat, name, zone))
              end
            end
          end
          if v.dice[1].value then
            shown_dice = shown_dice + 1
            assert.is_true(die_public or seat == t:dealer(),
              ("seat %d saw the lucky die of dealer %d"):format(seat, t:dealer()))
          end
        end
        n = n + 1
      until not helper.step(g, seed * 100 + n)
    end
    assert.is_true(shown_dice > 1000) -- the check met many dice it could see
  end)
end)

describe("chance scripts", function()
  it("stacks the next shuffles and rolls, and makes them again on every rebuild", function()
    local g = assert(new_game("fixture", { seats = 2, seed = 1, options = { policy = "order" },
      shuffles = { { "AS", "KS", "QS", "JS", "10S", "9S" } }, rolls = { 6 } }))
    local t = g:table()
    local dealt = {}
    for s = 1, 2 do
      for _, c in ipairs(t:cards("hand" .. s)) do dealt[#dealt + 1] = t:name(c) end
    end
    table.sort(dealt)
    assert.are.same({ "10S", "9S", "AS", "JS", "KS", "QS" }, dealt)
    assert.are.equal(6, t:die_value(1))
    helper.step(g, 1)
    g:undo(1)                       -- a rebuild stacks the deck again
    assert.are.equal(6, g:table():die_value(1))
    local bad, err = new_game("fixture", { shuffles = { { "AS", "AS" } } })
    assert.is_nil(bad)
    assert.matches("names 'AS', which is not there %(or is named twice%)", err)
    bad, err = new_game("fixture", { rolls = { 9 } })
    assert.matches("a prescribed roll of 9 does not fit a 6%-sided die", err)
  end)
end)

describe("rules that ask (t:ask, t:ask_cards, t:ask_discards)", function()
  -- Seat 1 holds 2C and 5C, seat 2 holds 3H and 4C (dealt one at a time).
  local function high_card(args)
    args = args or {}
    args.seats = args.seats or 2
    args.shuffles = { { "2C", "3H", "5C", "4C" } }
    return new_game("asking", args)
  end

  local function sorted(list)
    local copy = { table.unpack(list) }
    table.sort(copy)
    return copy
  end

  it("offers the moves the kernel builds: discards, cards with a prefix, suit to follow", function()
    local g = assert(high_card())
    local t = g:table()
    local hand1 = {}
    for _, c in ipairs(t:cards("hand1")) do hand1[#hand1 + 1] = t:name(c) end
    assert.are.same({ "2C", "5C" }, sorted(hand1))

    local p = g:pending()
    assert.are.equal("discard and draw", p.kind)
    assert.are.equal("discard a card to draw another, or stand", p.prompt)
    assert.is_true(p.hidden)
    -- "stand", then each discard of at most one card, in the hand's order
    assert.are.same({ "stand", "discard " .. hand1[1], "discard " .. hand1[2] }, p.moves[1])
    assert.is_true(g:play(1, "stand"))
    assert.are.equal(2, g:pending().seats[1])
    assert.is_nil(g:pending().prompt)
    assert.is_true(g:play(2, "stand"))

    p = g:pending()
    assert.are.equal("lead", p.kind)
    assert.is_false(p.hidden)
    assert.are.same({ "lead 2C", "lead 5C" }, sorted(p.moves[1]))
    assert.is_true(g:play(1, "lead 5c")) -- typed in any case

    -- seat 2 holds a club, so it must follow clubs
    p = g:pending()
    assert.are.same({ "4C" }, p.moves[2])
    local ok, err, kind = g:play(2, "3H")
    assert.is_nil(ok)
    assert.are.equal("illegal", kind)
    assert.matches("legal moves: 4C", err)
    assert.is_true(g:play(2, "4C"))

    p = g:pending()
    assert.are.same({ "again", "stop" }, p.moves[1])
    -- a packed list (moves{...}) still reads like the list it came from
    local packed = referee.moves({ "again", "stop" })
    assert.are.equal(2, #packed)
    assert.are.same({ "again", "stop", nil }, { packed[1], packed[2], packed[3] })
    assert.is_true(g:play(1, "stop"))
    assert.is_nil(g:pending()) -- nothing more was asked: the game is over
    assert.are.same({ 1 }, g:result().winners)
  end)

  it("offers every card when the seat cannot follow suit", function()
    local g = assert(high_card())
    assert.is_true(g:play(1, "stand"))
    assert.is_true(g:play(2, "discard 4C")) -- draws from 2H 3C 4H 5H
    assert.is_true(g:play(1, "lead 2C"))
    local t = g:table()
    local held, clubs = {}, {}
    for _, c in ipairs(t:cards("hand2")) do
      held[#held + 1] = t:name(c)
      if t:suit(c) == "C" then clubs[#clubs + 1] = t:name(c) end
    end
    local expected = #clubs > 0 and clubs or held
    assert.are.same(sorted(expected), sorted(g:pending().moves[2]))
  end)

  it("writes card names of every length whole, in discards and in a shuffle's record", function()
    local folder = helper.temp_folder()
    helper.write(folder .. "/long-names.lua", [=[
return {
  players = { min = 1, max = 2 },
  setup = function(t)
    t:zone("stock")
    t:zone("hand", { owner = 1 })
    t:deck("stock", { "A", "Fifteen-letters", "BB", "Seven-7", "Fourteen-chars" })
    t:shuffle("stock")
    t:draw("stock", "hand", 4)
    t:ask_discards(1, "discard", "hand", 4)
  end,
  apply = function(t) t.vars.done = true end,
  result = function(t) if t.vars.done then return { winners = { 1 }, scores = { 0 } } end end,
}]=])
    local g = assert(referee.game("long-names", { seats = 1, seed = 3, rules_path = folder }))
    local t = g:table()
    local held = {}
    for i, c in ipairs(t:cards("hand")) do held[i] = t:name(c) end
    -- "stand", then every set of the held cards, named in the hand's order
    local expected = { "stand" }
    for mask = 1, 15 do
      local named = {}
      for i = 1, 4 do
        if mask & (1 << (i - 1)) ~= 0 then named[#named + 1] = held[i] end
      end
      expected[#expected + 1] = "discard " .. table.concat(named, " ")
    end
    assert.are.same(expected, g:pending().moves[1])
    -- the full record keeps the shuffled order: the five names, each whole
    local order = assert(t:save():match('"log":%[%[1,0,%d+,0,0,0,"([^"]*)"%]'))
    local words = {}
    for word in order:gmatch("%S+") do words[#words + 1] = word end
    table.sort(words)
    assert.are.same({ "A", "BB", "Fifteen-letters", "Fourteen-chars", "Seven-7" }, words)
    assert.are.equal(#"A BB Fifteen-letters Fourteen-chars Seven-7", #order)
    os.execute("rm -rf " .. folder)
  end)

  it("keeps a hidden discard from the other seats", function()
    local g = assert(high_card())
    assert.is_true(g:play(1, "discard 2C"))
    local seen_by_2 = table.concat(g:table():log_lines(1, 2), "\n")
    local record = table.concat(g:table():log_lines(1), "\n")
    assert.matches("discard 2C", record)
    assert.is_nil(seen_by_2:find("discard 2C", 1, true))
  end)

  it("replays, undoes and rolls back games that ask", function()
    local g = assert(high_card({ options = { mistake = "again-fails" } }))
    for _, m in ipairs({ { 1, "stand" }, { 2, "stand" }, { 1, "lead 2C" }, { 2, "4C" } }) do
      assert.is_true(g:play(m[1], m[2]))
    end
    local before = g:hash()
    -- "again" deals anew and then asks wrongly: the move is refused and
    -- the table is as it was, still asking again or stop
    local ok, err, kind = g:play(1, "again")
    assert.is_nil(ok)
    assert.are.equal("script", kind)
    assert.matches("follow must be a suit", err)
    assert.are.equal(before, g:hash())
    assert.are.same({ "again", "stop" }, g:pending().moves[1])

    assert.is_true(g:undo(2))
    assert.are.same({ "lead 2C", "lead 5C" }, sorted(g:pending().moves[1]))

    -- a seeded game of random moves replays from its record
    g = assert(new_game("asking", { seed = 5, seats = 3 }))
    for i = 1, 12 do
      local p = g:pending()
      if not p then break end
      assert.is_true(g:play(p.seats[1], g:random_move(p.seats[1], i)))
    end
    local again = assert(referee.replay(g:record(), "tests/fixture:rules"))
    assert.are.equal(g:hash(), again:hash())
    assert.are.same(g:pending(), again:pending())
  end)

  it("refuses a mistaken ask with what was wrong, and starts no game", function()
    local cases = {
      ["no-moves"] = "moves is empty: a seat that is asked must have at least one legal move",
      ["empty-zone"] = "zone 'trick' has no card to offer",
      ["bad-seat"] = "seat must be from 1 to 2",
      ["bad-suit"] = "follow must be a suit: \"C\", \"D\", \"H\" or \"S\", not 'X'",
      ["not-text"] = "moves must be a list of move texts: entry 2 is a number",
      ["packed-not-text"] = "moves{...} takes a list of move texts: entry 2 is a boolean",
      ["packed-empty"] = "moves{} is empty: a seat that is asked must have at least one legal move",
      ["not-a-list"] = "list of move texts or moves{...} expected, got string",
      -- move texts a person could not type back, or could not tell apart
      ["twice"] = "moves 1 and 3 both read 'again': a seat's moves must differ (ignoring case)",
      ["twice-by-case"] = "moves 1 and 3 both read 'stop'",
      ["empty-text"] = "move 2 '': a move text must not be empty",
      ["extra-space"] = "move 1 'go  on': a move text separates its words by single spaces",
      ["too-long"] = "a move text is at most 200 characters",
      ["packed-twice"] = "moves 1 and 2 both read 'again'",
      ["packed-extra-space"] = "move 1 ' again': a move text must not begin or end with a space",
      ["bad-prefix"] = "the prefix makes 'lead  ",
      -- saves and records are JSON, so UTF-8; shown with '?' for the bytes
      ["latin-1"] = "move 2 'caf?': a move text must be UTF-8 text (is the rules script saved as UTF-8?)",
      ["packed-latin-1"] = "move 1 'caf?': a move text must be UTF-8 text",
      ["control"] = "move 1 'del?ete': a move text is one line of words separated by single spaces",
    }
    for mistake, message in pairs(cases) do
      local g, err = high_card({ options = { mistake = mistake } })
      assert.is_nil(g)
      assert.matches("the rules failed in setup", err, 1, true)
      assert.matches(message, err, 1, true)
    end
    local g, err = new_game("retired-pending")
    assert.is_nil(g)
    assert.matches("the game definition has 'pending': the referee no longer calls it. Ask each "
                   .. "decision where the rules reach it, with t:ask", err, 1, true)
  end)

  it("offers cards of one name as one move, to play and to discard, and replays them", function()
    local g = assert(new_game("twin-cards"))
    local p = g:pending()
    assert.are.same(sorted({ "stand", "discard JK", "discard AS", "discard 2C", "discard JK JK",
                             "discard JK AS", "discard JK 2C", "discard AS AS", "discard AS 2C" }),
                    sorted(p.moves[1]))
    assert.is_true(g:play(1, "discard AS"))
    assert.are.same({ "JK", "AS", "2C" }, g:pending().moves[1]) -- in the hand's order
    assert.is_true(g:play(1, "JK"))
    assert.is_true(g:play(2, "wait"))
    assert.are.same({ 1, 2 }, g:result().winners)
    local again = assert(referee.replay(g:record(), "tests/fixture:rules"))
    assert.are.equal(g:hash(), again:hash())
  end)

  it("ends the game when the rules ask nothing", function()
    local g = assert(high_card({ options = { mistake = "nothing" } }))
    assert.is_nil(g:pending())
    local ok, err, kind = g:play(1, "stand")
    assert.are.equal("over", kind)
    assert.matches("the game is over", err)
  end)
end)
