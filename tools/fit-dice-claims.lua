-- Fits the claim model of bots/lib/dice-claims.lua: in the dice game played
-- among the bundled dice bots and random seats (2 to 4 seats, drawn at
-- random), how often a claim of each score is true, and how often the
-- seat facing it challenges. Prints the two tables as Lua, to paste there.
--
--   LUA_CPATH="build/?.so;;" REFEREE_BOTS=bots lua5.4 tools/fit-dice-claims.lua [GAMES]
local referee = require "referee"

local KINDS = { "dice-bluffer", "dice-honest", "random" }
local bots = {}
for _, name in ipairs(KINDS) do
  if name ~= "random" then bots[name] = assert(referee.bot(name)) end
end

local claims, true_claims, faced, challenged = {}, {}, {}, {}
local function count(t, k) t[k] = (t[k] or 0) + 1 end

local function shows(t, score)
  local x, y = t:die_value(1), t:die_value(2)
  return x * 10 + y == score or y * 10 + x == score
end

math.randomseed(20261127)
for game = 1, tonumber(arg[1] or 3000) do
  local n = math.random(2, 4)
  local seats = {}
  for s = 1, n do seats[s] = KINDS[math.random(#KINDS)] end
  local g = assert(referee.game("bamboozled-dice", { seats = n, seed = "fit" .. game, rules_path = "rules" }))
  local decision = 0
  for p in function() return g:pending() end do
    local seat = p.seats[1]
    local moves = p.moves[seat]
    decision = decision + 1
    local move = seats[seat] == "random" and moves[math.random(#moves)]
      or assert(bots[seats[seat]]:choose(g, seat, game * 1000 + decision))
    if p.kind == "accept or challenge" then
      local score = g:view(seat).vars.score
      count(claims, score)
      if shows(g:table(), score) then count(true_claims, score) end
      count(faced, score)
      if move == "challenge" then count(challenged, score) end
    end
    assert(g:play(seat, move))
  end
end

-- Each share smoothed by one claim either way, so a score seldom claimed
-- is taken near one half rather than at 0 or 1.
local function share_table(name, hits, of)
  local keys = {}
  for k in pairs(of) do keys[#keys + 1] = k end
  table.sort(keys)
  local parts = {}
  for _, k in ipairs(keys) do
    parts[#parts + 1] = ("[%d] = %.2f"):format(k, ((hits[k] or 0) + 1) / (of[k] + 2))
  end
  print(name .. " = { " .. table.concat(parts, ", ") .. " }")
end
share_table("TRUE", true_claims, claims)
share_table("CHALLENGED", challenged, faced)
