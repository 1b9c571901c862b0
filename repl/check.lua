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

-- The bounds it keeps and says: decisions a game at the options' defaults
-- (a game still going then has broken its promise to end: a random BAM!
-- of 6 seats takes up to about 60,000), decisions a game at an option's
-- extreme (a billion credits each may take for ever: one still going is
-- said, not judged), and CPU seconds in all (games past it are not
-- played, and the report says so).
local MAX_DECISIONS = 200000
local MAX_AT_EXTREMES = 20000

-- A game's bound. Once one game at the defaults has not ended, the promise
-- to end is broken and said: the games after it are played as far as those
-- at an extreme, for the other promises (an endless game, played to the
-- full bound again and again, made the most of a check's time).
local function bound_for(f, judged)
  if not judged then return MAX_AT_EXTREMES end
  return f.endless and MAX_AT_EXTREMES or MAX_DECISIONS
end

local SECONDS_DEFAULT = 600
-- A move played on a fork of the game too: every move of the first 60,
-- then every so many (to a thousand; past them, every 97th).
local FORK_EVERY = 5

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

-- The options of the k-th game: the spec's, and one extreme; the first
-- games, one at each seat count, at the defaults (where every game must
-- end). Also whether they are the defaults.
local function options_for(spec, list, k, defaults_first)
  local opts = {}
  for name, value in pairs(spec.options or {}) do opts[name] = value end
  local extreme = k <= defaults_first and {} or list[(k - defaults_first - 1) % #list + 1]
  for name, value in pairs(extreme) do
    if spec.options == nil or spec.options[name] == nil then opts[name] = value end
  end
  return opts, next(extreme) == nil
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
  { key = "legal", text = "every move the rules list is played when chosen" },
  { key = "cards", text = "every card is in exactly one zone at every step" },
  { key = "credits", text = "credits are conserved, and no game ends with credits in the pot" },
  { key = "hidden", text = "a seat's view shows only what the seat may see" },
  { key = "told", text = "a seat is told only the cards and dice it may know (notes, status, prompts, moves, vars)" },
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
  -- its first line: a traceback is the rules' to read by playing the game
  detail = tostring(detail)
  local cut = detail:find("\n", 1, true)
  if cut then detail = detail:sub(1, cut - 1) end
  if not p.detail then p.detail, p.repro = detail, repro end
end

-- ---- one game, played by random seats ----

local function view_problem(g, t, seat, view)
  for name, zone in pairs(view.zones) do
    local cards = t:cards(name)
    for i, shown in ipairs(zone.cards) do
      if shown ~= "??" and not t:sees(seat, cards[i]) then
        return ("seat %d's view names %s in %s, a card it does not see"):format(seat, shown, name)
      end
    end
  end
end

-- The table's state as a text, to find a game that comes back to where
-- it was: where every card is, the accounts and the rules' vars (not the
-- log, which only grows, nor its fingerprint, which hashes the log too).
local function fingerprint(g, t, zones)
  local cards = {}
  for _, zone in ipairs(zones) do cards[#cards + 1] = t:cards(zone) end
  return referee.json.encode({ cards, g:view(0).accounts, t.vars })
end

-- ---- cards: where each one is, and who has seen it ----

-- A name that names one playing card: a rank and a suit ("10H", "QS"),
-- or a dual card's two faces ("8S/JC"). Other names (an action card's
-- "Skip") are a kind of card more than a card: a text may name them.
local function face(s)
  return s:match("^[2-9JQKA][CDHS]$") or s:match("^10[CDHS]$")
end
local function names_a_card(name)
  if face(name) then return true end
  local a, b2 = name:match("^([^/]+)/([^/]+)$")
  return a ~= nil and face(a) and face(b2)
end

-- Every card of the table, each zone looked into: count[id], and the
-- zones' names. The deck is what the setup made.
local function census(t, zones)
  local where, total = {}, 0
  for _, zone in ipairs(zones) do
    for _, id in ipairs(t:cards(zone)) do
      total = total + 1
      if where[id] then return nil, ("%s is in %s and in %s"):format(t:name(id), where[id], zone) end
      where[id] = zone
    end
  end
  return where, total
end

-- The cards on the table, counted zone by zone (no list made): a card
-- made or lost shows at once; where each one is, census tells.
local function count_cards(t, zones)
  local total = 0
  for _, zone in ipairs(zones) do total = total + t:count(zone) end
  return total
end

-- What each seat has seen of the cards, so far (a card once seen stays
-- known): what it sees now, looked at now and then, and every card the
-- kernel's log lines name to it.
local function learn(t, seats, where, known)
  for id in pairs(where) do
    for seat = 1, seats do
      if not known[seat][id] and t:sees(seat, id) then known[seat][id] = true end
    end
  end
end

-- The words of a text: runs of letters, digits and '/' (found a
-- character class at a time: a pattern with a repeat over a long text is
-- refused by the guard that bounds patterns).
local function words(text)
  local at, n = 1, #text
  return function()
    local s = text:find("[%w/]", at)
    if not s then return nil end
    local e = text:find("[^%w/]", s) or n + 1
    at = e
    return text:sub(s, e - 1)
  end
end

-- Whether text holds name as a word of its own (not inside "10HS").
local function holds_word(text, name)
  local at = 1
  while true do
    local s, e = text:find(name, at, true)
    if not s then return false end
    local before, after = text:sub(s - 1, s - 1), text:sub(e + 1, e + 1)
    if not before:find("[%w/]") and not after:find("[%w/]") then return true end
    at = s + 1
  end
end

-- A text told to seat naming a playing card it has never seen, or nil:
-- each name it has not seen looked for (most texts are long, and most
-- names seen soon).
local function told_unseen(text, seat, unseen, what)
  text = tostring(text)
  for _, name in ipairs(unseen) do
    if holds_word(text, name) then
      return ("seat %d is told %s naming %s, a card it has not seen: %s"):format(
        seat, what, name, text:sub(1, 120))
    end
  end
end

-- The names of the cards seat has not seen (a name is seen when any card
-- of that name is).
local function unseen_names(seat, names, known)
  local list = {}
  for name, ids in pairs(names) do
    local seen = false
    for _, id in ipairs(ids) do seen = seen or known[seat][id] end
    if not seen then list[#list + 1] = name end
  end
  table.sort(list)
  return list
end

-- The kernel's own log lines (a move, a card moved, a reveal, a roll, a
-- payment, a seat out): it names a card in them only to a seat that may
-- see it. The rest are the rules' notes and events: theirs to get right.
-- The log's lines by kind: the rules' own words (a note; a payment's
-- reason) are theirs to get right; the kernel names a card in a move, a
-- card's way or a reveal only to a seat that may see it, and those teach
-- the seat the card. The rest name no card.
local RULES_WORDS = { note = true, transfer = true }
local TEACHES = { decision = true, move = true, reveal = true }

-- The vars as a seat's view holds them, less the options (told to all
-- at the start: a deck's list of cards names them all, and where none is).
local function vars_told(options, vars)
  local shown = {}
  for k, v in pairs(vars) do
    if type(v) ~= "table" or referee.json.encode(v) ~= options then shown[k] = v end
  end
  return referee.json.encode(shown)
end

-- Everything seat is told now, each text with what it is; the kernel's
-- log lines teach the seat the cards they name.
local function told(g, t, seat, view, log_from, p, options)
  local texts = {}
  local lines, _, kinds = t:log_lines(log_from, seat)
  for i, line in ipairs(lines) do
    if RULES_WORDS[kinds[i]] then
      texts[#texts + 1] = { line, "a log line", false }
    elseif TEACHES[kinds[i]] then
      texts[#texts + 1] = { line, "a log line", true }
    end
  end
  local status = g:status(seat)
  if type(status) == "table" then
    for _, line in ipairs(status) do texts[#texts + 1] = { line, "a status line" } end
  end
  if p and p.moves[seat] then
    if p.prompt then texts[#texts + 1] = { p.prompt, "the prompt" } end
    for _, move in ipairs(p.moves[seat]) do texts[#texts + 1] = { move, "a move" } end
  end
  if type(view.vars) == "table" then texts[#texts + 1] = { vars_told(options, view.vars), "its view's vars" } end
  return texts
end

-- What the kernel told seat in a line: every card it names, known.
local function learn_from(line, seat, names, known)
  for word in words(line) do
    for _, id in ipairs(names[word] or {}) do known[seat][id] = true end
  end
end

-- A sample: the table dealt otherwise where seat cannot see (its hidden
-- cards shuffled, its hidden dice rolled again). Its view must be the
-- same; and so must what the rules tell seat of it (its status): else the
-- status tells what the seat cannot see. The first problem, and which
-- promise it breaks.
local function sample_problem(g, seat, salt)
  local s, why = g:sample(seat, salt)
  if not s then return "no sample: " .. tostring(why), "sample" end
  local a, b = referee.json.encode(g:view(seat)), referee.json.encode(s:view(seat))
  if a ~= b then return ("seat %d's view of its sample differs from its view of the game"):format(seat), "sample" end
  local here, there = g:status(seat), s:status(seat)
  if type(here) == "table" and type(there) == "table" then
    a, b = table.concat(here, " | "), table.concat(there, " | ")
    if a ~= b then
      return ("seat %d's status tells what it cannot see: '%s', and with its hidden cards and "
        .. "dice dealt otherwise '%s'"):format(seat, a:sub(1, 100), b:sub(1, 100)), "told"
    end
  end
end

-- The lines a seat's log holds from entry `from` on: the rules' own words,
-- or the kernel's own lines when `kernel`; in order of their text (chance
-- may order a window's answers: the order is public).
local function log_from(t, from, seat, kernel)
  local lines, _, kinds = t:log_lines(from, seat)
  local said = {}
  for i, line in ipairs(lines) do
    if not RULES_WORDS[kinds[i]] == not not kernel then said[#said + 1] = line end
  end
  table.sort(said)
  return said
end

-- The vars as lines (public, the same for every seat).
local function var_lines(g)
  local said = {}
  for name, value in pairs(g:view(1).vars or {}) do
    said[#said + 1] = ("the var %s = %s"):format(tostring(name), referee.json.encode(value))
  end
  return said
end

-- What the rules tell seat of a game from log entry `from` on: their
-- notes and events, the status, the prompt and moves it is asked, and
-- the given var lines.
local function rules_told(g, from, seat, vars)
  local said = log_from(g:table(), from, seat)
  for _, line in ipairs(vars) do said[#said + 1] = line end
  local status = g:status(seat)
  if type(status) == "table" then
    for _, line in ipairs(status) do said[#said + 1] = "the status line " .. tostring(line) end
  end
  local p = g:pending()
  if p and p.moves[seat] then
    said[#said + 1] = "the prompt " .. tostring(p.prompt)
    for _, move in ipairs(p.moves[seat]) do said[#said + 1] = "the move " .. tostring(move) end
  end
  table.sort(said)
  return said
end

-- What the kernel shows seat of a game: its view less the rules' vars, and
-- its own log lines from `from` on (a roll it may see, a window's answers
-- in the order chance took them).
local function kernel_shown(g, from, seat)
  local view = g:view(seat)
  view.vars = nil
  return table.concat(log_from(g:table(), from, seat, true), "\n") .. referee.json.encode(view)
end

-- The first line of a list that b does not hold as many times, or nil.
local function first_not_in(a, b)
  local count = {}
  for _, line in ipairs(b) do count[line] = (count[line] or 0) + 1 end
  for _, line in ipairs(a) do
    if (count[line] or 0) == 0 then return line end
    count[line] = count[line] - 1
  end
end

-- A move played on the game and on its fork (the same table, its dice to
-- come falling otherwise): a seat the kernel shows the same of both, yet
-- whom the rules tell otherwise (a note, the vars, the status), is told a
-- die it cannot see (a roll under the cup told in a note). The first such
-- problem, or nil.
local function fork_problem(g, fork, from, seats, move_number)
  local all_here, all_there = g:table():log_lines(from, -1), fork:table():log_lines(1, -1)
  if table.concat(all_here, "\n") == table.concat(all_there, "\n") then
    return nil -- no die rolled, or each fell as it did in the game: nothing told apart
  end
  local vars_here, vars_there = var_lines(g), var_lines(fork)
  if table.concat(vars_here, "\n") == table.concat(vars_there, "\n") then
    vars_here, vars_there = {}, {} -- the same: nothing told apart
  end
  for seat = 1, seats do
    local here, there = rules_told(g, from, seat, vars_here), rules_told(fork, 1, seat, vars_there)
    local told_here = first_not_in(here, there)
    local told_there = first_not_in(there, here)
    if (told_here or told_there) and kernel_shown(g, from, seat) == kernel_shown(fork, 1, seat) then
      return ("after move %d, seat %d is told %s where the same move, its dice falling "
        .. "otherwise, tells it %s and shows it the same: the rules tell a die it cannot see"):format(
        move_number, seat, ("'%s'"):format(told_here or "nothing"):sub(1, 120),
        ("'%s'"):format(told_there or "nothing"):sub(1, 120))
    end
  end
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

-- The accounts' names, as seat 1's view lists them, sorted (accounts are
-- opened in setup only: the list made after it stays whole).
local function account_names(view)
  local names = {}
  for name in pairs(view.accounts) do names[#names + 1] = name end
  table.sort(names)
  return names
end

-- The credits on the table, read account by account (a whole view after
-- every move cost more than the rest of the check's work on it).
local function credits_in(t, names)
  local sum = 0
  for _, name in ipairs(names) do sum = sum + t:balance(name) end
  return sum
end

-- Plays game k, seat 1 played by `bot` when given (a bundled bot playing
-- as the referee's games are played), the others at random: what each
-- promise found goes into f.
local function play_one(spec, f, k, seats, opts, repro, bot, judged)
  local bound = bound_for(f, judged)
  local salt = k * 7919
  local g, why = referee.game(spec.game, { seats = seats, seed = spec.seed .. "/" .. k,
                                            rules_path = spec.rules_path, options = opts })
  if not g then return false, why end
  local t = g:table()
  local zones = {}
  for name in pairs(g:view(1).zones) do zones[#zones + 1] = name end
  table.sort(zones)
  local where, deck = census(t, zones)
  if not where then
    broken(f, "cards", deck .. " after the setup", repro)
    return true
  end
  local names, known = {}, {}
  for id in pairs(where) do
    local name = t:name(id)
    if names_a_card(name) then
      names[name] = names[name] or {}
      table.insert(names[name], id)
    end
  end
  for seat = 1, seats do known[seat] = {} end
  learn(t, seats, where, known)
  local cards_broken, told_broken = false, false
  local has_dice = next(g:view(1).dice or {}) ~= nil -- a fork tells apart the dice alone
  local options = referee.json.encode(g:options())
  local log_from, last_move_at = 1, 1
  local accounts = account_names(g:view(1))
  local credits = credits_in(t, accounts)
  local decisions = 0
  local seen_at = {} -- the table's state every 100 decisions past 1,000: where a game repeats
  local repeats
  while g:pending() and decisions < bound do
    local p = g:pending()
    -- the views of every seat, what each is told, an illegal move and a
    -- sample: now and then (an illegal move early on: the table's
    -- fingerprint that shows it changed nothing costs as much as the game so far)
    if decisions % (decisions < 1000 and 7 or 49) == 0 then
      local _, upto = t:log_lines(math.maxinteger, -1) -- (no lines: where the log ends)
      -- Past a thousand decisions, what the last move told (a long game's
      -- every line, for every seat, would cost the most of the check).
      if decisions >= 1000 then log_from = math.max(log_from, last_move_at) end
      for seat = 1, seats do
        local view = g:view(seat)
        local problem = view_problem(g, t, seat, view)
        if problem then broken(f, "hidden", problem, repro) else held(f, "hidden") end
        if not told_broken then
          local texts, unseen = told(g, t, seat, view, log_from, p, options), nil
          for _, text in ipairs(texts) do
            if text[3] then learn_from(text[1], seat, names, known) end
          end
          for _, text in ipairs(texts) do
            if not text[3] then
              unseen = unseen or unseen_names(seat, names, known)
              problem = told_unseen(text[1], seat, unseen, text[2])
              if problem then break end
            end
          end
          if problem then
            told_broken = true
            broken(f, "told", ("after move %d, %s"):format(decisions, problem), repro)
          else
            held(f, "told")
          end
        end
      end
      log_from = upto
      if decisions < 300 then
        local problem = illegal_problem(g, p.seats[1])
        if problem then broken(f, "illegal", problem, repro) else held(f, "illegal") end
      end
    end
    if decisions % 23 == 5 then
      local problem, promise = sample_problem(g, p.seats[1], salt + decisions)
      if problem then broken(f, promise, problem, repro) else held(f, "sample") end
    end
    if decisions >= 1000 and decisions % 100 == 0 then
      local h = fingerprint(g, t, zones)
      if seen_at[h] and not repeats then repeats = { seen_at[h], decisions } end
      seen_at[h] = seen_at[h] or decisions
    end
    local ok, err, move
    if decisions >= 999 then last_move_at = select(2, t:log_lines(math.maxinteger, -1)) end
    -- a fork, the move played on it too: now and then
    local fork, fork_from
    if has_dice and not told_broken and (decisions < 60 or decisions % (decisions < 1000 and FORK_EVERY or 97) == 2) then
      fork = g:fork(salt + decisions * 17 + 1)
      fork_from = select(2, t:log_lines(math.maxinteger, -1))
    end
    if p.window then
      local answers = {}
      for _, s in ipairs(p.seats) do answers[#answers + 1] = { s, g:random_move(s, salt + decisions * 31 + s) } end
      ok, err = g:window(answers)
      if ok and fork then fork:window(answers) end
      move = "a claim window's answers"
    else
      local seat = p.seats[1]
      if bot and seat == 1 then move = bot:choose(g, seat, tostring(salt + decisions)) end
      move = move or g:random_move(seat, salt + decisions)
      ok, err = g:play(seat, move)
      if ok and fork then fork:play(seat, move) end
      move = ("seat %d's '%s'"):format(seat, tostring(move))
    end
    if ok and fork then
      local problem = fork_problem(g, fork, fork_from, seats, decisions + 1)
      if problem then
        told_broken = true
        broken(f, "told", problem, repro)
      end
    end
    if not ok then
      broken(f, "legal", ("%s, a move the rules listed, was refused at move %d: %s"):format(
        move, decisions + 1, tostring(err)), repro)
      return true
    end
    decisions = decisions + 1
    held(f, "legal")
    -- every decision the cards counted; now and then each one found
    local now, count = true, count_cards(t, zones)
    if count ~= deck or decisions % (decisions < 1000 and 7 or 49) == 0 then
      if count ~= deck then -- a zone made since? looked for again
        zones = {}
        for name in pairs(g:view(1).zones) do zones[#zones + 1] = name end
        table.sort(zones)
      end
      now, count = census(t, zones)
      if now then learn(t, seats, now, known) end
    end
    if not cards_broken and (not now or count ~= deck) then
      cards_broken = true
      broken(f, "cards", not now and ("%s after move %d (%s)"):format(count, decisions, move)
        or ("the table holds %d cards after move %d (%s), not the %d it was dealt with"):format(
          count, decisions, move, deck), repro)
    elseif not cards_broken then
      held(f, "cards")
    end
    local now_credits = credits_in(t, accounts)
    if now_credits ~= credits then
      broken(f, "credits", ("the credits came to %d after move %d, not %d"):format(
        now_credits, decisions, credits), repro)
      credits = now_credits
    end
  end
  if g:pending() then
    local why = ("the game was still going after %d decisions%s"):format(bound,
      repeats and (", its table at decision %d the same as at decision %d: it repeats"):format(
        repeats[2], repeats[1]) or "")
    if judged then -- at the defaults: a game must end
      broken(f, "ends", why, repro)
      if bound < MAX_DECISIONS then f.shortened = (f.shortened or 0) + 1 end
      f.endless = true
    else -- at an option's extreme: said, not judged
      f.cut = f.cut or { count = 0, repro = repro }
      f.cut.count = f.cut.count + 1
    end
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

-- ---- in other processes: the binary's run --json ----

-- The command that plays game k in a process of its own, its record on
-- stdout, bounded as the suite bounds its own games (a runaway record is
-- stopped there, never read whole).
local function run_command(spec, seats, opts, k, errors, bound)
  local bots = {}
  for s = 1, seats do bots[s] = "random" end
  return ("REFEREE_RULES=%s %s run %s --seats %s --seed %s %s --max-moves %d --json 2>%s"):format(
    quoted(spec.rules_path), quoted(spec.binary), quoted(spec.game), table.concat(bots, ","),
    quoted(spec.seed .. "/" .. k), option_words(opts), bound, quoted(errors))
end

-- A re-referee fed the record a line at a time: the record's decisions
-- through the rules, from its start line, and at the end the result they
-- come to against the record's. feed(line) returns why it stops, or nil;
-- finish() why the record and the rules disagree, or nil.
local function rereferee(spec)
  local g, in_window, last
  local r = {}
  function r.feed(line)
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
  function r.finish()
    if not g or not last then return "the record has no start or no result" end
    local result = g:result()
    if not result then return "the record's moves do not end the game" end
    if referee.json.encode(result.winners) ~= referee.json.encode(last.winners) then
      return ("the record says winners %s, the rules %s"):format(referee.json.encode(last.winners),
                                                               referee.json.encode(result.winners))
    end
  end
  return r
end

-- Two processes of one seed, read side by side a line at a time: the
-- same bytes, each line re-refereed as it comes.
local function in_processes(spec, f, seats, opts, k, repro, bound)
  local errors = os.tmpname()
  local a = io.popen(run_command(spec, seats, opts, k, errors, bound), "r")
  local b2 = io.popen(run_command(spec, seats, opts, k, "/dev/null", bound), "r")
  local command = repro .. " --json"
  if not a or not b2 then
    if a then a:close() end
    if b2 then b2:close() end
    return
  end
  local r, same, problem, result = rereferee(spec), true, nil, false
  for line in a:lines() do
    same = same and b2:read("l") == line
    result = result or line:find('"type":"result"', 1, true) ~= nil
    problem = problem or r.feed(line)
  end
  same = same and b2:read("l") == nil
  a:close()
  b2:close()
  local said = io.open(errors, "r")
  local stderr = said and said:read("a") or ""
  if said then said:close() end
  os.remove(errors)
  if not same then
    broken(f, "processes", "two runs of one seed wrote different records", command)
    return
  end
  held(f, "processes")
  if not result then
    local why = "(it said nothing)"
    for line in lines(stderr) do
      if line:sub(1, 9) == "referee: " then why = line:sub(10) end
    end
    broken(f, "record", "the run wrote no result: " .. why, command)
    return
  end
  problem = problem or r.finish()
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
  table.remove(list, 1) -- (the defaults: the first games play them, one at each seat count)
  if #list == 0 then list = { {} } end
  local f = new_findings()
  local played, skipped = 0, 0
  -- The game's own bot plays seat 1 in every fifth game (its budget kept
  -- small: a search bot is asked to play, not to play well).
  local bot = definition.default_bot and referee.bot(definition.default_bot,
    { bots_path = spec.bots_path, budget = 200000 })
  local started, seconds, unplayed = os.clock(), spec.seconds or SECONDS_DEFAULT, 0
  for k = 1, spec.games do
    if os.clock() - started > seconds then
      unplayed = spec.games - k + 1
      break
    end
    local seats = lo + (k - 1) % (hi - lo + 1)
    local opts, judged = options_for(spec, list, k, hi - lo + 1)
    local repro = ("referee run %s --seats %s --seed %s %s"):format(quoted(spec.game),
      ("random,"):rep(seats):sub(1, -2), quoted(spec.seed .. "/" .. k), option_words(opts)):gsub(" $", "")
    if spec.progress then spec.progress(k, repro) end
    local ok, why = play_one(spec, f, k, seats, opts, repro, k % 5 == 0 and bot or nil, judged)
    if ok then
      played = played + 1
      if spec.binary and k <= 3 then
        in_processes(spec, f, seats, opts, k, repro, bound_for(f, judged))
      end
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
    notes[#notes + 1] = ("%d game%s at an option's extreme still going after %d decisions %s cut "
      .. "off, not judged, such as: %s"):format(f.cut.count, f.cut.count == 1 and "" or "s",
      MAX_AT_EXTREMES, f.cut.count == 1 and "was" or "were", f.cut.repro)
  end
  if f.shortened then
    notes[#notes + 1] = ("%d more game%s at the defaults %s played only to %d decisions, once one had not "
      .. "ended after %d"):format(f.shortened, f.shortened == 1 and "" or "s", f.shortened == 1 and "was" or "were",
      MAX_AT_EXTREMES, MAX_DECISIONS)
  end
  if unplayed > 0 then
    notes[#notes + 1] = ("%d game%s not played: the check's bound of %d CPU seconds was reached"):format(
      unplayed, unplayed == 1 and "" or "s", seconds)
  end
  if skipped > 0 then
    notes[#notes + 1] = ("%d game%s not played: an option's extreme these seats refuse"):format(
      skipped, skipped == 1 and "" or "s")
  end
  return out, played, notes, { decisions = MAX_DECISIONS, at_extremes = MAX_AT_EXTREMES, seconds = seconds }
end

return check
