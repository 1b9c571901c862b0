-- Shared by the specs: the kernel module, and a driver that plays a game
-- with every seat choosing at random from a seeded stream.
if not os.getenv("LUA_CPATH") then package.cpath = "build/?.so;" .. package.cpath end
local referee = require "referee"

local helper = { referee = referee }

function helper.new(name, args)
  args = args or {}
  args.seats = args.seats or 2
  args.seed = args.seed or 7
  args.rules_path = args.rules_path or "tests/fixture:tests/fixture/broken:rules"
  local g, err = referee.game(name, args)
  assert(g, err)
  return g
end

-- A fresh, empty folder for rules a spec writes (rm -rf it in teardown).
function helper.temp_folder()
  local folder = os.tmpname()
  os.remove(folder)
  assert(os.execute("mkdir -p " .. folder))
  return folder
end

-- Writes text into the file at path.
function helper.write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

-- Answers the pending decision at random (stream `salt`); false at the end.
function helper.step(g, salt)
  local p = g:pending()
  if not p then return false end
  if p.window then
    local answers = {}
    for _, s in ipairs(p.seats) do answers[#answers + 1] = { s, g:random_move(s, salt * 31 + s) } end
    assert(g:window(answers))
  else
    local s = p.seats[1]
    assert(g:play(s, g:random_move(s, salt)))
  end
  return true
end

function helper.play_out(g, salt)
  local n = 0
  while helper.step(g, (salt or 1) * 1000 + n) do n = n + 1 end
  return n
end

-- random(n), 1 to n, from a small LCG seeded with seed: the same draws on
-- every run, for specs that deal many random hands.
function helper.lcg(seed)
  local state = seed
  return function(n)
    state = (state * 1103515245 + 12345) % 2147483648
    return state % n + 1
  end
end

-- Plays moves for whoever is asked, in turn; each must be legal.
function helper.play(g, moves)
  for _, move in ipairs(moves) do
    local p = assert(g:pending(), "the game ended before " .. move)
    local ok, err = g:play(p.seats[1], move)
    assert(ok, err)
  end
end

-- The values rolled on each die, in order, read from a game's full log:
-- rolled[die][k] is the k-th roll of die (a table with real dice types them).
function helper.rolls_of(g)
  local rolled = {}
  for _, line in ipairs(g:table():log_lines(0, -1)) do
    local die, value = line:match("^roll die (%d+): (%d+)$")
    if die then
      die = tonumber(die)
      rolled[die] = rolled[die] or {}
      table.insert(rolled[die], tonumber(value))
    end
  end
  return rolled
end

-- The names of a zone's cards, bottom first.
function helper.names(t, zone)
  local list = {}
  for _, c in ipairs(t:cards(zone)) do list[#list + 1] = t:name(c) end
  return list
end

-- Whether a list holds an item.
function helper.has(list, item)
  for _, x in ipairs(list) do
    if x == item then return true end
  end
  return false
end

return helper
