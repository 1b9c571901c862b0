-- What each seat may know, from a game's saves (the oracle of the screen
-- audit, tests/screens/audit.py). Each save, in the order it was taken,
-- is replayed move by move through the real rules; after every move each
-- seat's view (the kernel's, as a bot gets it) adds the cards it lists to
-- what that seat has seen. Knowledge only grows: a card seen once is known.
--
-- usage: lua5.4 knowledge.lua RULES_PATH SAVE...
-- prints, per save i:  "known i SEAT CARD CARD ..." (the cards that seat
-- has seen by then, new ones only) and "dice i SEAT V V" (the values of
-- the dice that seat sees as the save stands); and once "all CARD ...".
local referee = require "referee"

local rules_path = arg[1]
local known, all = {}, {}

local function add_view(g, nseats, i)
  local t = g:table()
  for seat = 0, nseats do
    known[seat] = known[seat] or {}
    local new = {}
    local function learn(name)
      if not known[seat][name] then
        known[seat][name] = true
        new[#new + 1] = name
      end
    end
    for _, zone in pairs(g:view(seat).zones) do
      for _, card in ipairs(zone.cards or {}) do learn(card) end
    end
    -- What the log tells this seat (a card played, a claim's cards): its
    -- words, of which the audit keeps those that name cards.
    local lines = t:log_lines(1, seat)
    for k = 1, #lines do -- all: a line may grow (cards dealt one after another read as one)
      for word in lines[k]:gmatch("[%w/]+") do learn(word) end
      -- a die's value the log tells this seat, as "die1=4"
      for die, value in lines[k]:gmatch("die (%d+)[^:]*: (%d+)") do learn("die" .. die .. "=" .. value) end
    end
    if #new > 0 then print("known " .. i .. " " .. seat .. " " .. table.concat(new, " ")) end
  end
end

local function dice_line(g, nseats, i)
  for seat = 0, nseats do
    local values = {}
    for _, die in ipairs(g:view(seat).dice) do
      if die.value then values[#values + 1] = die.value end
    end
    print("dice " .. i .. " " .. seat .. " " .. table.concat(values, " "))
  end
end

local function note_all(g)
  local t = g:table()
  for name in pairs(g:view(0).zones) do
    for _, card in ipairs(t:cards(name)) do all[t:name(card)] = true end
  end
end

-- Plays moves[from..to] on g, a window's answers together.
local function play(g, moves, from, to, nseats, i)
  local k = from
  while k <= to do
    local m = moves[k]
    local ok, why
    if m[2] ~= 0 then
      local answers, j = {}, k
      while j <= to and moves[j][2] == m[2] do
        answers[#answers + 1] = {moves[j][1], moves[j][3]}
        j = j + 1
      end
      ok, why = g:window(answers)
      k = j
    else
      ok, why = g:play(m[1], m[3])
      k = k + 1
    end
    assert(ok, "save " .. i .. ": move " .. k .. " did not replay: " .. tostring(why))
    add_view(g, nseats, i)
    note_all(g)
  end
end

local g, played
for i = 2, #arg do
  local f = assert(io.open(arg[i]))
  local save = referee.json.decode(f:read("a"))
  f:close()
  local moves, nseats = save.moves, #save.seats
  local prefix = g ~= nil and #played <= #moves
  for k = 1, prefix and #played or 0 do
    local a, b = played[k], moves[k]
    if a[1] ~= b[1] or a[2] ~= b[2] or a[3] ~= b[3] then prefix = false break end
  end
  local from = 1
  if prefix then
    from = #played + 1
  else
    g = assert(referee.game(save.game, {seats = nseats, seed = save.seed, options = save.options,
                                        rules_path = rules_path}))
    add_view(g, nseats, i - 2)
    note_all(g)
  end
  play(g, moves, from, #moves, nseats, i - 2)
  played = moves
  dice_line(g, nseats, i - 2)
end
local names = {}
for name in pairs(all) do names[#names + 1] = name end
table.sort(names)
print("all " .. table.concat(names, " "))
