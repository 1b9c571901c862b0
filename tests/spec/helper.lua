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

-- Plays moves for whoever is asked, in turn; each must be legal.
function helper.play(g, moves)
  for _, move in ipairs(moves) do
    local p = assert(g:pending(), "the game ended before " .. move)
    local ok, err = g:play(p.seats[1], move)
    assert(ok, err)
  end
end

-- A generator of the specs' own, so every run tries the same cases:
-- stream(seed)(n) is 1..n.
function helper.stream(seed)
  local x = seed
  return function(n)
    x = (x * 1103515245 + 12345) % 2147483648
    return x % n + 1
  end
end

-- The values of a JSON text (and its keys, followed by ':'), as spans of
-- it: every number and every string.
local function tokens(text)
  local found = {}
  local at = 1
  while true do
    local from, to = text:find('"[^"]*"', at)
    local nfrom, nto = text:find("%-?%d+", at)
    if nfrom and (not from or nfrom < from) then from, to = nfrom, nto end
    if not from then return found end
    found[#found + 1] = { from, to }
    at = to + 1
  end
end

local REPLACEMENTS = { "0", "-1", "1", "2", "3", "55", "56", "64", "65", "2147483648", "9007199254740993",
                       "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1.5", "1e999",
                       '""', '"x"', '"stock"', '"QS"', '"-1"', '"18446744073709551616"', '"' .. ("9"):rep(40) .. '"',
                       "null", "true", "[]", "{}", "[1]", '["x"]' }

-- A JSON text changed in one place: a value (or key) replaced by another
-- of any kind, removed with its comma, or repeated. pick is a stream.
function helper.mutate_json(text, pick)
  local spans = tokens(text)
  local span = spans[pick(#spans)]
  local before, token, after = text:sub(1, span[1] - 1), text:sub(span[1], span[2]), text:sub(span[2] + 1)
  local how = pick(4)
  if how == 1 then
    return before:gsub(",%s*$", "") .. after
  elseif how == 2 then
    return before .. token .. "," .. token .. after
  end
  return before .. REPLACEMENTS[pick(#REPLACEMENTS)] .. after
end

return helper
