-- Writes a random REPL session (seeded: lua5.4 tests/cli/repl-fuzz.lua SEED):
-- new games of every kind with odd seats, seeds and options, saves and
-- loads, and commands, moves and words in any order and number, odd bytes
-- included. tests/cli.sh feeds sessions to the referee, which must end
-- each with exit 0 or 1 (1: some line was refused), never a crash.
local seed = assert(math.tointeger(tonumber(arg[1])), "usage: lua5.4 tests/cli/repl-fuzz.lua SEED")
math.randomseed(seed)

local function pick(list) return list[math.random(#list)] end

local GAMES = { "bam", "bam-app", "bamboozled-dice", "bamboozled-dice-no-limits", "fixture", "crossroads",
  "asking", "many-zones", "vars-kinds", "twin-cards", "nosuch", "" }
local SEATS = { "human", "random", "bam-greedy", "dice-honest", "human,random", "human,human,human",
  "random,random,random,random", ("x"):rep(300), ",,,", ("human,"):rep(20) }
local SEEDS = { "1", "-5", "x", "18446744073709551616", "42", "0" }
local SETS = { "cards=3", "hands=2", "cards=x", "credits=1", "fold=false", "redraw=maybe", "=",
  "hand_amount=1000000000", "K=V=W" }
local WORDS = { "help", "games", "bots", "new", "show", "moves", "play", "undo", "log", "seats", "save",
  "load", "table", "all", "discard", "turn", "keep", "fold", "stand", "play", "2H", "QS", "10C", "AS",
  "claim", "challenge", "revive", "", "%s%n", "\0", "ü", "\xff\xfe", "-1", "999999999999999999999", "0" }
local FILE = (os.getenv("TMPDIR") or "/tmp") .. "/referee-repl-fuzz-" .. seed % 3 .. ".json"
local FILES = { "save " .. FILE, "load " .. FILE, "load /nonexistent", "save /", "load /etc/passwd", "save" }

local lines = {}
for _ = 1, 60 do
  local r = math.random()
  if r < 0.15 then
    local line = "new " .. pick(GAMES)
    if math.random() < 0.5 then line = line .. " --seats " .. pick(SEATS) end
    if math.random() < 0.5 then line = line .. " --seed " .. pick(SEEDS) end
    if math.random() < 0.3 then line = line .. " --set " .. pick(SETS) end
    lines[#lines + 1] = line
  elseif r < 0.25 then
    lines[#lines + 1] = pick(FILES)
  else
    local words = {}
    for i = 1, math.random(0, 4) do words[i] = pick(WORDS) end
    lines[#lines + 1] = table.concat(words, " ")
  end
end
lines[#lines + 1] = "quit"
io.write(table.concat(lines, "\n"), "\n")
