-- The conformance suite: the promises every game and variant keeps
-- (DESIGN.md), tried over many random games of one rules file. `referee
-- check FILE.lua` runs it for a house-rule author (repl/check.c);
-- tests/spec/conformance_spec.lua runs it over every bundled game and
-- variant. It is given `referee` (the kernel module) and a spec:
--   game        a game's name or a rules file's path
--   rules_path  the rules folders (a path's own folder is put first)
--   games       how many games (each with its own seed)
--   seed        the seed text the games' seeds are made from
--   options     options every game is played with ({name = value})
--   binary      the referee binary, for the promises that need processes
--   bots_path   the bots folders (the game's default_bot plays some games)
-- and returns one entry per promise ({promise, held, tried, detail,
-- repro}), the number of games played, and notes (games cut off or not
-- played); or nil and why the game cannot be played at all.
local referee = ...

local check = {}

local MAX_DECISIONS = 20000

-- ---- the games to play: seats and options at their extremes ----

local function quoted(word)
  if word:match("^[%w%-%._/:=,]+$") then return word end
  return "'" .. word:gsub("'", "'\\''") .. "'"
end

local function folder_of(path)
  return path:match("^(.*)/[^/]*$") or "."
end

-- The options' extremes: each option at each end of its range (min, max),
-- each of its choices, a boolean flipped. One extreme a game.
local function extremes(definition)
  local list = { {} }
  for _, o in ipairs(definition.options or {}) do
    local values = {}
    if o.seat then
      values = {} -- a seat option's extremes depend on the seats: its default only
    elseif math.type(o.default) == "integer" and o.min and o.max then
      values = { o.min, o.max }
    elseif o.choices then
      values = o.choices
    elseif type(o.default) == "boolean" then
      values = { not o.default }
    end
    for _, value in ipairs(values) do
      if value ~= o.default then list[#list + 1] = { [o.name] = value } end
    end
  end
  return list
end

-- The options of the k-th game: the spec's, and one extreme.
local function options_for(spec, list, k)
  local opts = {}
  for name, value in pairs(spec.options or {}) do opts[name] = value end
  for name, value in pairs(list[(k - 1) % #list + 1]) do
    if spec.options == nil or spec.options[name] == nil then opts[name] = value end
  end
  return opts
end

local function option_words(opts)
  local names, words = {}, {}
  for name in pairs(opts) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local value = opts[name]
    if type(value) == "table" then value = referee.json.encode(value) end
    words[#words + 1] = "--set " .. quoted(name .. "=" .. tostring(value))
  end
  return table.concat(words, " ")
end

-- ---- what a promise found ----

local PROMISES = {
  { key = "ends", text = "every game ends" },
  { key = "credits", text = "credits are conserved, and no game ends with credits in the pot" },
  { key = "hidden", text = "a seat's view shows only what the seat may see" },
  { key = "replay", text = "a save replays to the same table" },
  { key = "sample", text = "a sample keeps what its seat knows" },
  { key = "illegal", text = "an illegal move is refused with why, and changes nothing" },
  { key = "processes", text = "two processes play the same game" },
  { key = "record", text = "the record re-referees to the same result" },
}

local function new_findings()
  local f = {}
  for _, p in ipairs(PROMISES) do f[p.key] = { tried = 0 } end
  return f
end

local function held(f, key) f[key].tried = f[key].tried + 1 end

local function broken(f, key, detail, repro)
  local p = f[key]
  p.tried = p.tried + 1
  if not p.detail then p.detail, p.repro = detail, repro end
end

-- ---- one game, played by random seats ----

local function view_problem(g, t, seat)
  local view = g:view(seat)
  for name, zone in pairs(view.zones) do
    local cards = t:cards(name)
    for i, shown in ipairs(zone.cards) do
      if shown ~= "??" and not t:sees(seat, cards[i]) then
        return ("seat %d's view names %s in %s, a card it does not see"):format(seat, shown, name)
      end
    end
  end
end

local function sample_problem(g, seat, salt)
  local s, why = g:sample(seat, salt)
  if not s then return "no sample: " .. tostring(why) end
  local a, b = referee.json.encode(g:view(seat)), referee.json.encode(s:view(seat))
  if a ~= b then return ("seat %d's view of its sample differs from its view of the game"):format(seat) end
end

local ILLEGAL = "no-such-move-7"

local function illegal_problem(g, seat)
  local before = g:hash()
  local ok, why = g:play(seat, ILLEGAL)
  if ok then return ("'%s' was played as a legal move"):format(ILLEGAL) end
  if type(why) ~= "string" or not why:find("is not a legal move", 1, true) then
    return ("'%s' was refused without a reason: %s"):format(ILLEGAL, tostring(why))
  end
  if g:hash() ~= before then return ("refusing '%s' changed the table"):format(ILLEGAL) end
end

local function total_credits(view)
  local sum = 0
  for _, balance in pairs(view.accounts) do sum = sum + balance end
  return sum
end

-- Plays game k, seat 1 played by `bot` when given (a bundled bot playing
-- as the referee's games are played), the others at random: what each
-- promise found goes into f.
local function play_one(spec, f, k, seats, opts, repro, bot)
  local salt = k * 7919
  local g, why = referee.game(spec.game, { seats = seats, seed = spec.seed .. "/" .. k,
                                            rules_path = spec.rules_path, options = opts })
  if not g then return false, why end
  local t = g:table()
  local credits = total_credits(g:view(1))
  local decisions = 0
  while g:pending() and decisions < MAX_DECISIONS do
    local p = g:pending()
    -- the views of every seat, an illegal move and a sample: now and then
    -- (an illegal move early on: the table's fingerprint that shows it
    -- changed nothing costs as much as the game so far)
    if decisions % 7 == 0 then
      for seat = 1, seats do
        local problem = view_problem(g, t, seat)
        if problem then broken(f, "hidden", problem, repro) else held(f, "hidden") end
      end
      if decisions < 300 then
        local problem = illegal_problem(g, p.seats[1])
        if problem then broken(f, "illegal", problem, repro) else held(f, "illegal") end
      end
    end
    if decisions % 23 == 5 then
      local problem = sample_problem(g, p.seats[1], salt + decisions)
      if problem then broken(f, "sample", problem, repro) else held(f, "sample") end
    end
    local ok, err
    if p.window then
      local answers = {}
      for _, s in ipairs(p.seats) do answers[#answers + 1] = { s, g:random_move(s, salt + decisions * 31 + s) } end
      ok, err = g:window(answers)
    else
      local seat, move = p.seats[1]
      if bot and seat == 1 then move = bot:choose(g, seat, tostring(salt + decisions)) end
      ok, err = g:play(seat, move or g:random_move(seat, salt + decisions))
    end
    if not ok then
      broken(f, "ends", "a legal move failed: " .. tostring(err), repro)
      return true
    end
    decisions = decisions + 1
    if total_credits(g:view(1)) ~= credits then
      broken(f, "credits", ("the credits came to %d after move %d, not %d"):format(
        total_credits(g:view(1)), decisions, credits), repro)
      credits = total_credits(g:view(1))
    end
  end
  if g:pending() then
    -- A long game is no broken promise (a billion credits each): cut off,
    -- and said, but not counted either way.
    f.cut = f.cut or { count = 0, repro = repro }
    f.cut.count = f.cut.count + 1
    return true
  end
  local result, rwhy = g:result()
  if not result then
    broken(f, "ends", "the game stopped without a result: " .. tostring(rwhy), repro)
    return true
  end
  held(f, "ends")
  local pot = g:view(1).accounts.pot
  if pot and pot ~= 0 then
    broken(f, "credits", ("the game ended with %d credits in the pot"):format(pot), repro)
  else
    held(f, "credits")
  end
  local again, awhy = referee.replay(g:record(), spec.rules_path)
  if not again then
    broken(f, "replay", "the save does not load: " .. tostring(awhy), repro)
  elseif again:hash() ~= g:hash() then
    broken(f, "replay", "the save replays to another table", repro)
  else
    held(f, "replay")
  end
  return true
end

-- ---- in other processes: the binary's run --json ----

local function run_json(spec, seats, opts, k)
  local bots = {}
  for s = 1, seats do bots[s] = "random" end
  local errors = os.tmpname()
  local command = ("REFEREE_RULES=%s %s run %s --seats %s --seed %s %s --json 2>%s"):format(
    quoted(spec.rules_path), quoted(spec.binary),
    quoted(spec.game), table.concat(bots, ","), quoted(spec.seed .. "/" .. k), option_words(opts), quoted(errors))
  local pipe = io.popen(command, "r")
  if not pipe then return nil, "" end
  local text = pipe:read("a")
  pipe:close()
  local said = io.open(errors, "r")
  local stderr = said and said:read("a") or ""
  if said then said:close() end
  os.remove(errors)
  return text, stderr
end

-- The lines of a text (found plainly: a pattern over a long record is
-- refused by the guard that bounds patterns).
local function lines(text)
  local at = 1
  return function()
    while at <= #text do
      local stop = text:find("\n", at, true) or #text + 1
      local line = text:sub(at, stop - 1)
      at = stop + 1
      if line ~= "" then return line end
    end
  end
end

-- The record's decisions through the rules, from its start line: the
-- result they come to, against the record's.
local function rereferee(spec, text)
  local g, in_window, last
  for line in lines(text) do
    local j = referee.json.decode(line)
    if type(j) ~= "table" then return "a line of the record is not JSON: " .. line:sub(1, 80) end
    if j.type == "start" then
      local why
      g, why = referee.game(spec.game, { seats = #j.seats, seed = j.seed, rules_path = spec.rules_path,
                                        options = j.options })
      if not g then return "the record's start does not set up: " .. tostring(why) end
    elseif j.type == "ask" then
      in_window = false
    elseif j.type == "window" and g then
      local answers = {}
      for _, a in ipairs(j.answers) do answers[#answers + 1] = { a.seat, a.move } end
      local ok, why = g:window(answers)
      if not ok then return "a window of the record is refused: " .. tostring(why) end
      in_window = true
    elseif j.type == "decision" and g and not in_window then
      local ok, why = g:play(j.seat, j.move)
      if not ok then return ("the record's move '%s' is refused: %s"):format(j.move, tostring(why)) end
    elseif j.type == "result" then
      last = j
    end
  end
  if not g or not last then return "the record has no start or no result" end
  local result = g:result()
  if not result then return "the record's moves do not end the game" end
  if referee.json.encode(result.winners) ~= referee.json.encode(last.winners) then
    return ("the record says winners %s, the rules %s"):format(referee.json.encode(last.winners),
                                                             referee.json.encode(result.winners))
  end
end

local function in_processes(spec, f, seats, opts, k, repro)
  local first, stderr = run_json(spec, seats, opts, k)
  local second = run_json(spec, seats, opts, k)
  local command = repro .. " --json"
  if not first or first ~= second then
    broken(f, "processes", "two runs of one seed wrote different records", command)
    return
  end
  held(f, "processes")
  if not first:find('"type":"result"', 1, true) then
    local said = "(it said nothing)"
    for line in lines(stderr) do
      if line:sub(1, 9) == "referee: " then said = line:sub(10) end
    end
    broken(f, "record", "the run wrote no result: " .. said, command)
    return
  end
  local problem = rereferee(spec, first)
  if problem then broken(f, "record", problem, command) else held(f, "record") end
end

-- ---- the suite ----

-- A --set NAME=VALUE's value as the option takes it: a number, true or
-- false, JSON for a table, else the text.
local function option_value(text)
  if text == "true" or text == "false" then return text == "true" end
  if text:match("^[%[{]") then return referee.json.decode(text) end
  return math.tointeger(tonumber(text)) or tonumber(text) or text
end

function check.run(spec)
  spec.games = spec.games or 30
  spec.seed = spec.seed or "check"
  for _, set in ipairs(spec.sets or {}) do
    local name, value = set:match("^([^=]+)=(.*)$")
    spec.options = spec.options or {}
    spec.options[name] = option_value(value)
  end
  if spec.game:find("/") or spec.game:match("%.lua$") then
    spec.rules_path = folder_of(spec.game) .. ":" .. (spec.rules_path or "rules")
  end
  local probe, why = referee.game(spec.game, { seats = 2, seed = "probe", rules_path = spec.rules_path,
                                                options = spec.options })
  local definition = probe and probe:definition() or nil
  if not definition then
    -- a game of more seats than two, or options that need more
    for seats = 3, 16 do
      probe = referee.game(spec.game, { seats = seats, seed = "probe", rules_path = spec.rules_path,
                                        options = spec.options })
      if probe then definition = probe:definition() break end
    end
  end
  if not definition then return nil, why end
  local lo, hi = definition.players.min, math.min(definition.players.max, 8)
  local list = extremes(definition)
  local f = new_findings()
  local played, skipped = 0, 0
  -- The game's own bot plays seat 1 in every fifth game (its budget kept
  -- small: a search bot is asked to play, not to play well).
  local bot = definition.default_bot and referee.bot(definition.default_bot,
    { bots_path = spec.bots_path, budget = 200000 })
  for k = 1, spec.games do
    local seats = lo + (k - 1) % (hi - lo + 1)
    local opts = options_for(spec, list, k)
    local repro = ("referee run %s --seats %s --seed %s %s"):format(quoted(spec.game),
      ("random,"):rep(seats):sub(1, -2), quoted(spec.seed .. "/" .. k), option_words(opts)):gsub(" $", "")
    if spec.progress then spec.progress(k, repro) end
    local ok, why = play_one(spec, f, k, seats, opts, repro, k % 5 == 0 and bot or nil)
    if ok then
      played = played + 1
      if spec.binary and k <= 3 then in_processes(spec, f, seats, opts, k, repro) end
    elseif tostring(why):find("option '", 1, true) then
      skipped = skipped + 1 -- an extreme these seats do not allow
    else
      broken(f, "ends", "the game could not start: " .. tostring(why), repro)
    end
  end
  local out = {}
  for _, p in ipairs(PROMISES) do
    local found = f[p.key]
    out[#out + 1] = { promise = p.text, held = found.detail == nil, tried = found.tried,
                      detail = found.detail, repro = found.repro }
  end
  local notes = {}
  if f.cut then
    notes[#notes + 1] = ("%d game%s still going after %d decisions %s cut off, such as: %s"):format(
      f.cut.count, f.cut.count == 1 and "" or "s", MAX_DECISIONS, f.cut.count == 1 and "was" or "were", f.cut.repro)
  end
  if skipped > 0 then
    notes[#notes + 1] = ("%d game%s not played: an option's extreme these seats refuse"):format(
      skipped, skipped == 1 and "" or "s")
  end
  return out, played, notes
end

return check
