-- A game definition is checked as its rules load: its players, options,
-- description and default bot must be of the kinds the referee reads, or
-- the rules are refused with what is wrong. The referee then reads its own
-- copy, so nothing the script does to its table later reaches it; and what
-- pending, result and standing return it reads as plain copies. Each of
-- these scripts once crashed the referee (a NULL option name, an error
-- raised outside any protected call).
local helper = require "tests.spec.helper"
local referee = helper.referee

local folder = helper.temp_folder()

-- Writes rules/NAME.lua: a game of three "go" decisions, with `head` (the
-- definition's fields) and `tail` (what it does after, before returning).
local function rules(name, head, tail, returns)
  local f = assert(io.open(folder .. "/" .. name .. ".lua", "w"))
  f:write("local game = { " .. head .. " }\n", [[
function game.setup(t, o) t.vars.n = 0; t:ask(1, "go", { "a", "b" }) end
function game.apply(t, seat, move)
  t.vars.n = t.vars.n + 1
  if t.vars.n < 3 then t:ask(1, "go", { "a", "b" }) end
end
function game.result(t)
  if t.vars.n >= 3 then return { winners = { 1 }, scores = { 0, 0 }, message = "done" } end
end
]], tail or "", "\nreturn " .. (returns or "game") .. "\n")
  f:close()
end

local function start(name, options)
  return referee.game(name, { seats = 2, seed = 1, rules_path = folder, options = options })
end

describe("a game definition", function()
  teardown(function() os.execute("rm -rf " .. folder) end)

  it("is refused, with what is wrong, when its fields are not what the referee reads", function()
    local cases = {
      { "players = 17", "players is a number: make it {min = m, max = n}" },
      { "players = { min = 2, max = 3, people = { 4 } }", "players.people must list the seats a person may take, each from 1 to 3" },
      { "options = { { name = 'first', default = 0, seat = 'yes' } }", "option 'first''s seat must be true or false" },
      { "options = { { name = 'first', default = 'x', seat = true } }", "option 'first''s seat must be true or false, and a seat option's default a whole number" },
      { "players = { min = 3, max = 2 }", "players.min %(3%) is more than players.max %(2%)" },
      { "players = { min = 'x' }", "players.min must be a whole number from 1 to 16" },
      { "description = {}", "description must be a text" },
      { "default_bot = 5", "default_bot must be a text" },
      { "options = 5", "options is a number: make it a list of options" },
      { "options = { 5 }", "option 1 is a number: make it {name = ..., default = ...}" },
      { "options = { { default = 1 } }", "option 1 needs a name of letters, digits and _" },
      { "options = { { name = 'a b', default = 1 } }", "option 1 needs a name of letters, digits and _" },
      { "options = { { name = 'x', default = 1 }, { name = 'x', default = 2 } }",
        "option 2's name 'x' is an earlier option's too" },
      { "options = { { name = 'x' } }", "option 'x' needs a default: true or false, a number, a text or a table %(not nil%)" },
      { "options = { { name = 'x', default = 0/0 } }", "option 'x''s default is not a number %(NaN%)" },
      { "options = { { name = 'x', default = 'caf\\233' } }", "option 'x''s default must be printable UTF%-8 text %(is the rules script saved as UTF%-8%?%)" },
      { "options = { { name = 'x', default = 'a\\7b' } }", "option 'x''s default must be printable UTF%-8 text" },
      { "options = { { name = 'x', default = { names = { 'caf\\233' } } } }",
        "option 'x''s default holds a text that is not printable UTF%-8 text %(is the rules script saved as UTF%-8%?%)" },
      { "options = { { name = 'x', default = { ['tab\\t'] = 1 } } }", "option 'x''s default holds a text that is not printable UTF%-8" },
      { "options = { { name = 'x', default = { f = print } } }",
        "option 'x''s default cannot go into a record: a function cannot be saved" },
      { "options = { { name = 'x', default = { 'a', b = 1 } } }", "option 'x''s default cannot go into a record: a table has a key" },
      { "options = { { name = 'x', default = 'a', min = 1 } }", "option 'x' has a min, but its default is not a number" },
      { "options = { { name = 'x', default = 1, max = {} } }", "option 'x''s max must be a number" },
      { "options = { { name = 'x', default = 9, max = 5 } }", "option 'x''s default is above its max" },
      { "options = { { name = 'x', default = 1, help = 2 } }", "option 'x''s help must be a text" },
      { "options = { { name = 'x', default = 1, check = 2 } }", "option 'x''s check must be a function" },
      { "options = { { name = 'x', default = 'a', choices = {} } }", "option 'x''s choices must list the values it takes" },
      { "options = { { name = 'x', default = 'a', choices = { 'b', 1 } } }", "option 'x''s choice 2 is not of its default's kind" },
      { "options = { { name = 'x', default = 'a', choices = { 'b' } } }", "option 'x''s default is not one of its choices" },
    }
    for i, case in ipairs(cases) do
      rules("bad" .. i, case[1])
      local g, why = start("bad" .. i)
      assert.is_nil(g, case[1])
      assert.matches("bad" .. i .. "%.lua: the game definition is malformed: " .. case[2], why)
    end
  end)

  it("is read once, as the rules load, through a copy the script cannot reach", function()
    -- a metatable whose __index fails: refused with its error, no crash
    rules("indexes", "", nil, 'setmetatable(game, { __index = function(_, k) error("no field " .. k) end })')
    local g, why = start("indexes")
    assert.is_nil(g)
    assert.matches("indexes%.lua: reading the game definition failed: .*no field", why)
    -- an apply that fails on its third reading: read once, it plays on
    rules("reads-once", "", [[
local apply, reads = game.apply, 0
game.apply = nil
setmetatable(game, { __index = function(_, k)
  if k ~= "apply" then return nil end
  reads = reads + 1
  if reads > 1 then error("read again") end
  return apply
end })]])
    g = assert(start("reads-once"))
    helper.play_out(g)
    assert.are.equal("done", g:result().message)
    -- a setup that breaks its options, players and apply: the next game is as the first
    rules("changes-itself", "players = { min = 2, max = 2 }, options = { { name = 'x', default = 1 } }", [[
local setup = game.setup
function game.setup(t, o)
  game.options[1].name, game.options[2] = nil, 5
  game.players, game.apply = { min = "x" }, 5
  setup(t, o)
end]])
    for _ = 1, 2 do
      g = assert(start("changes-itself", { x = 2 }))
      helper.play_out(g)
      assert.are.equal("done", g:result().message)
    end
  end)

  it("refuses an option that names a seat the game does not have, with the range that would be right", function()
    rules("seated", "options = { { name = 'first', default = 0, min = 0, max = 16, seat = true } }")
    local g, why = referee.game("seated", { seats = 2, seed = 1, rules_path = folder, options = { first = 3 } })
    assert.is_nil(g)
    assert.are.equal("option 'first' names a seat: 1 to 2 for this game of 2 seats, or 0 for none, not 3", why)
    for _, first in ipairs({ 0, 1, 2 }) do
      assert(referee.game("seated", { seats = 2, seed = 1, rules_path = folder, options = { first = first } }))
    end
    -- the bundled games' seat options
    for game, option in pairs({ bam = "dealer", ["bamboozled-dice"] = "first", bamm = "first" }) do
      g, why = referee.game(game, { seats = 3, seed = 1, rules_path = "rules", options = { [option] = 4 } })
      assert.is_nil(g)
      assert.matches("option '" .. option .. "' names a seat: 1 to 3", why, 1, true)
    end
  end)

  it("shows the rules' status lines for a seat, and refuses status that is not a list of lines", function()
    rules("status-good", "", 'function game.status(t, seat) return { "moves so far: " .. t.vars.n, "for seat " .. seat } end')
    local g = assert(start("status-good"))
    assert.are.same({ "moves so far: 0", "for seat 2" }, g:status(2))
    rules("status-bad", "", 'function game.status(t, seat) return { "two\\nlines" } end')
    local lines, why = assert(start("status-bad")):status(1)
    assert.is_nil(lines)
    assert.matches("the rules' status() is malformed: line 1 must be one line", why, 1, true)
    rules("status-none", "")
    assert.is_nil(assert(start("status-none")):status(1)) -- none defined: nil, no error
  end)

  it("has what result and standing return read without their metatables", function()
    local failing = 'setmetatable({}, { __index = function(_, k) error("read " .. tostring(k)) end, '
                    .. '__len = function() error("len") end })'
    local why
    rules("results", "", "function game.result(t) if t.vars.n >= 3 then return " .. failing .. " end end\n"
                          .. "function game.standing() return " .. failing .. " end")
    local g = assert(start("results"))
    local standing
    standing, why = g:standing()
    assert.is_nil(standing)
    assert.matches("standing%(%) is malformed", why)
    helper.play_out(g)
    local result
    result, why = g:result()
    assert.is_nil(result)
    assert.matches("result%(%) is malformed: winners is missing", why)
  end)

  -- A decision's kind and prompt are shown at the REPL's prompt and read
  -- by bots: one line of UTF-8 text, refused otherwise with what is wrong.
  it("refuses a decision's kind or prompt that cannot be shown at the prompt", function()
    local cases = {
      { 't:ask(1, "caf\233", { "a" })', "the kind 'caf?' must be UTF-8 text (is the rules script saved as UTF-8?)" },
      { 't:ask(1, "go", { "a" }, "line\\none")', "the prompt 'line?one' must be one line without control characters" },
      { 't:ask(1, "go", { "a" }, "\27[2J")', "the prompt '?[2J' must be one line without control characters" },
      { 't:ask(1, "go", { "a" }, "\194\155")', "the prompt '??' must be one line without control characters" },
      { 't:ask(1, "go\\0on", { "a" })', "the kind 'go' must be one line without control characters" },
      { 't:ask(1, ("k"):rep(48), { "a" })', "the kind 'kkkk", "is 48 bytes: at most 47 fit" },
      { 't:ask(1, "go", { "a" }, ("p"):rep(200))', "is 200 bytes: at most 199 fit" },
      { 't:zone("h", { owner = 1 }); t:deck("h", { "AS" }); t:ask_cards(1, "pl\ay", "h")', "the kind 'pl?y' must be one line" },
      { 't:zone("h", { owner = 1 }); t:deck("h", { "AS" }); t:ask_discards(1, "go", "h", 1, "\255")', "the prompt '?' must be UTF-8 text" },
    }
    for i, case in ipairs(cases) do
      rules("labels" .. i, "", "function game.setup(t) " .. case[1] .. " end")
      local g, why = start("labels" .. i)
      assert.is_nil(g)
      for k = 2, #case do assert.matches(case[k], why, 1, true) end
    end
    -- the same for claim windows, and what a window must be
    local window_cases = {
      { 't:ask_window({ 1 }, "caf\233", { { "a" } })', "the kind 'caf?' must be UTF-8 text" },
      { 't:ask_window({ 1 }, "go", { { "a" } }, "\27]0;x\7")', "the prompt '?]0;x?' must be one line without control characters" },
      { 't:ask_window({ 1, 1 }, "go", { { "a" } })', "seat 1 is listed twice: a window takes one answer from each seat" },
      { 't:ask_window({ 3 }, "go", { { "a" } })', "entry 1 is not a seat from 1 to 2" },
      { 't:ask_window({}, "go", {})', "seats must list 1 or more of the table's seats" },
      { 't:ask_window({ 1, 2 }, "go", { { "a" } })', "moves[2] is a nil: each seat of the window needs its list of moves" },
      { 't:ask_window({ 1 }, "go", { {} })', "moves[1] is empty: a seat that is asked must have at least one legal move" },
      { 't:ask_window({ 1 }, "go", { { "a", 5 } })', "moves[1] must be a list of move texts: entry 2 is a number" },
      { 't:ask_window({ 1 }, "go", { { "Pass", "pass" } })', "moves 1 and 2 both read 'pass'" },
      { 't:ask_window({ 1 }, "go", { { "a" } }, nil, { policy = "loudest" })', 'policy must be "order", "random" or "arrival"' },
      { 't:ask_window({ 1 }, "go", { { "a" } }, nil, { start = 9 })', "start must be a seat from 1 to 2" },
      { 't:ask_window({ 1 }, "go", { { "a" } }, nil, { open = "two words" })', "open must be a word, or a list of words" },
      { 't:ask(1, "go", { "a" }, nil, false, {})', "open must be a word, or a list of words" },
      { 't:ask(1, "go", { "a" }, nil, false, { "meld", "two words" })', "open must be a word, or a list of words" },
      { 't:ask_window({ 1 }, "go", { { "a" } }, nil, { first = 1 })', "how takes policy, start, hidden and open, not 'first'" },
    }
    -- and the events a record carries
    window_cases[#window_cases + 1] = { 't:event("two words")', "an event's name is one word" }
    window_cases[#window_cases + 1] = { 't:event("hand", { event = 2 })', "an event's fields are names (not 'event'" }
    window_cases[#window_cases + 1] = { 't:event("hand", { f = print })', "an event's fields are names (not 'event'" }
    -- and an event fixed once (event_fields), in the rules' own file
    local fixed_cases = {
      { 'event_fields("two words", "a")', "an event's name is one word" },
      { 'event_fields("hand")', 'an event has at least one field: event_fields("hand", "number", ...)' },
      { 'event_fields("hand", "number", "event")', "a field's name is a text, not 'event'" },
      { 'event_fields("hand", "number", 7)', "a field's name is a text, not 'event'" },
      { 'event_fields("hand", "dealer", "pot", "dealer")', "field 'dealer' is named twice: each field once" },
      { 'local e = event_fields("hand", "number", "dealer"); function game.setup(t) t:event(e, 1, 2, 3) end',
        "event 'hand' takes 2 value(s), one per field (number, dealer), in that order: 3 given" },
      { 'local e = event_fields("hand", "number", "dealer"); function game.setup(t) t:event(e, 1, print) end',
        "event 'hand': field 'dealer' cannot be written (a function)" },
    }
    for i, case in ipairs(fixed_cases) do
      local body = case[1]:find("function game.setup", 1, true) and case[1]
        or ("local e = " .. case[1] .. "; function game.setup(t) t:ask(1, 'go', { 'a' }) end")
      rules("fixed-event" .. i, "", body)
      local g, why = start("fixed-event" .. i)
      assert.is_nil(g)
      assert.matches(case[2], why, 1, true)
    end
    for i, case in ipairs(window_cases) do
      rules("window-labels" .. i, "", "function game.setup(t) " .. case[1] .. " end")
      local g, why = start("window-labels" .. i)
      assert.is_nil(g)
      assert.matches(case[2], why, 1, true)
    end
    -- a seat of two digits is named so
    rules("window-labels-12", "players = { min = 12, max = 12 }",
          'function game.setup(t) t:ask_window({ 1, 12 }, "go", { { "a" } }) end')
    local g12, why12 = referee.game("window-labels-12", { seats = 12, seed = 1, rules_path = folder })
    assert.is_nil(g12)
    assert.matches("moves[12] is a nil: each seat of the window needs its list of moves", why12, 1, true)
    -- what may be shown is taken: UTF-8 beyond ASCII, and the longest that fits
    rules("labels-fit", "", 'function game.setup(t) t:ask(1, ("k"):rep(47), { "a" }, "tr\195\168fle") end')
    local g = assert(start("labels-fit"))
    local p = assert(g:pending())
    assert.are.equal(("k"):rep(47), p.kind)
    assert.are.equal("tr\195\168fle", p.prompt)
  end)

  it("takes a variant's other defaults in its inherit call, and refuses a name or kind it has not", function()
    local function variant(name, call)
      local f = assert(io.open(folder .. "/" .. name .. ".lua", "w"))
      f:write("local game = " .. call .. "\nreturn game\n")
      f:close()
    end
    rules("base-of-defaults", "options = { { name = 'rounds', default = 3 }, { name = 'fast', default = true } }")
    variant("defaults-given", 'inherit("base-of-defaults", { rounds = 5, fast = false })')
    local g = assert(start("defaults-given"))
    assert.are.same({ rounds = 5, fast = false }, g:options())
    -- the base is as it was, in the same state
    assert.are.same({ rounds = 3, fast = true }, assert(start("base-of-defaults")):options())
    local cases = {
      { 'inherit("base-of-defaults", { round = 5, fst = 1 })', "inherit: base-of-defaults has no option 'fst' to give a default" },
      { 'inherit("base-of-defaults", { rounds = "5" })', "inherit: option 'rounds' of base-of-defaults takes a number as its default, not a string" },
      { 'inherit("base-of-defaults", { 5 })', "inherit: the defaults are named by option names, not by a number" },
      { 'inherit("base-of-defaults", 5)', "bad argument #2 to 'inherit' (table expected, got number)" },
    }
    for i, case in ipairs(cases) do
      variant("defaults-wrong" .. i, case[1])
      local bad, why = start("defaults-wrong" .. i)
      assert.is_nil(bad)
      assert.matches(case[2], why, 1, true)
    end
  end)

  it("routes each answer to the step of its decision's kind, and says what t:asked() is", function()
    local function write(name, text)
      local f = assert(io.open(folder .. "/" .. name .. ".lua", "w"))
      f:write(text)
      f:close()
    end
    -- two kinds, each with its own step; "other" has none and goes to apply
    write("by-kind", [[
local game = { players = { min = 1, max = 1 } }
function game.setup(t) t.vars.log = {} t:ask(1, "pick", { "a", "b" }) end
game.answers = {
  pick = function(t, seat, move)
    t.vars.log[#t.vars.log + 1] = "pick " .. move .. " answering " .. tostring(t:asked())
    t:ask(1, "confirm", { "yes" })
    t.vars.log[#t.vars.log + 1] = "now " .. tostring(t:asked())
  end,
  confirm = function(t) t:ask(1, "other", { "x" }) end,
}
function game.apply(t, seat, move) t.vars.log[#t.vars.log + 1] = "apply " .. move end
function game.explain(t) return "asked " .. tostring(t:asked()) end
function game.result(t) if t.vars.log[3] then return { winners = { 1 } } end end
return game
]])
    local g = assert(referee.game("by-kind", { seats = 1, seed = 1, rules_path = folder }))
    local ok, why = g:play(1, "c")
    assert.is_falsy(ok)
    assert.matches("asked pick", why, 1, true)
    assert.is_true(g:play(1, "b"))
    assert.is_true(g:play(1, "yes"))
    assert.is_true(g:play(1, "x"))
    assert.are.same({ "pick b answering pick", "now confirm", "apply x" }, g:table().vars.log)
    -- without apply, a kind no step takes is the rules' fault, with why
    write("no-step", [[
local game = {}
function game.setup(t) t:ask(1, "pick", { "a" }) end
game.answers = { choose = function() end }
function game.result(t) end
return game
]])
    g = assert(referee.game("no-step", { seats = 1, seed = 1, rules_path = folder }))
    ok, why = g:play(1, "a")
    assert.is_falsy(ok)
    assert.matches([[the rules have no answers["pick"] and no apply]], why, 1, true)
    -- answers must map texts to functions; a game needs answers or apply
    local cases = {
      { "game.answers = 5", "the game definition's 'answers' is a number" },
      { "game.answers = { pick = 5 }", [[the game definition's answers["pick"] is a number: make it a function]] },
      { "game.answers = { function() end }", "the game definition's answers are keyed by decisions' kinds (texts), not by a number" },
      { "", "the game definition has no function 'apply' and no 'answers'" },
    }
    for i, case in ipairs(cases) do
      write("answers-wrong" .. i, "local game = {}\nfunction game.setup(t) t:ask(1, 'pick', { 'a' }) end\n" ..
        "function game.result() end\n" .. case[1] .. "\nreturn game\n")
      local bad, err = referee.game("answers-wrong" .. i, { seats = 1, seed = 1, rules_path = folder })
      assert.is_nil(bad)
      assert.matches(case[2], err, 1, true)
    end
  end)

  it("sends each answer to its kind's step, over more kinds than the referee keeps at hand", function()
    -- The referee keeps the kinds answered lately (12) as Lua strings to
    -- look the steps up by: 17 kinds, asked in turn twice over, each step
    -- noting the kind it was called for, so a kind mistaken for another
    -- (an old one's string kept for a new one) sends an answer astray.
    local f = assert(io.open(folder .. "/many-kinds.lua", "w"))
    f:write([[
local game = { players = { min = 1, max = 1 } }
local KINDS = {}
for i = 1, 17 do KINDS[i] = "kind number " .. i end
game.answers = {}
for i, kind in ipairs(KINDS) do
  game.answers[kind] = function(t, seat, move)
    local v = t.vars
    v.log[#v.log + 1] = kind .. ": " .. move
    if #v.log < 34 then t:ask(1, KINDS[#v.log % 17 + 1], { "m" .. #v.log }) end
  end
end
function game.setup(t) t.vars.log = {} t:ask(1, KINDS[1], { "m0" }) end
function game.result(t) if #t.vars.log == 34 then return { winners = { 1 } } end end
return game
]])
    f:close()
    local g = assert(referee.game("many-kinds", { seats = 1, seed = 1, rules_path = folder }))
    local want = {}
    for n = 0, 33 do
      assert.is_true(g:play(1, "m" .. n))
      want[n + 1] = "kind number " .. (n % 17 + 1) .. ": m" .. n
    end
    assert.are.same(want, g:table().vars.log)
  end)
end)
