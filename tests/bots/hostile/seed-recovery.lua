-- Tries to learn the seed of its game, and with it every hidden card.
-- Against the referee before the ChaCha20 stream this worked (issue 36):
-- a bot's math.random was a cheap public function of the game's seed, its
-- seat and the decision's number, and the table's stream (xoshiro256**,
-- seeded by splitmix64) a public function of the seed; guessable seeds
-- (a typed --seed, or a tournament's from its default --seed 1) fell to a
-- search of a few thousand candidates, and the bot then dealt the game
-- again and named every hand. It tries that here; if it ever recovers a
-- seed it faults, naming the hands it believes, so a run shows it.
-- expect: no fault
local M = 0xFFFFFFFFFFFFFFFF
local function splitmix(x)
  x = x + 0x9e3779b97f4a7c15
  local z = x
  z = (z ~ (z >> 30)) * 0xbf58476d1ce4e5b9
  z = (z ~ (z >> 27)) * 0x94d049bb133111eb
  return x, z ~ (z >> 31)
end
local function rotl(x, k) return (x << k) | (x >> (64 - k)) end
local function seeded(seed)
  local s, x = {}, seed
  for i = 1, 4 do x, s[i] = splitmix(x) end
  return s
end
local function next64(s)
  local result = rotl(s[2] * 5, 7) * 9
  local t = s[2] << 17
  s[3] = s[3] ~ s[1]; s[4] = s[4] ~ s[2]; s[2] = s[2] ~ s[3]; s[1] = s[1] ~ s[4]
  s[3] = s[3] ~ t; s[4] = rotl(s[4], 45)
  return result
end
local function below(s, n)
  local threshold = ((1 << 32) - n) % n
  while true do
    local x = next64(s) >> 32
    if x >= threshold then return x % n end
  end
end
local function derive(s, tag)
  local x = s[1] ~ rotl(s[2], 13) ~ rotl(s[3], 29) ~ rotl(s[4], 47)
  local _, mixed = splitmix(tag)
  return seeded(x ~ mixed)
end
-- The bot's first math.random() of a decision, had the game this seed.
local function first_random(seed, seat, decision)
  local base = seeded(seed ~ 0xB07B07B07)
  local r = derive(base, (seat << 40) ~ decision)
  local mine = seeded(next64(r))
  return (next64(mine) >> 11) * (1.0 / 9007199254740992.0)
end
-- A tournament's game seeds from its --seed.
local function tournament_seed(seed, deal)
  local x = (seed + deal * 0x9E3779B97F4A7C15) & M
  x = x ~ (x >> 31)
  x = x * 0xBF58476D1CE4E5B9
  x = x ~ (x >> 29)
  return x & 0x3fffffffffffffff
end
-- The fixture's deal from a seed: its dealer, the shuffle of the standard
-- 52 and the joker, three cards each one at a time from the dealer's left.
local function deal(seed, nseats)
  local s = seeded(seed)
  local dealer = 1 + below(s, nseats)
  local cards = {}
  for _, suit in ipairs({ "C", "D", "H", "S" }) do
    for rank = 2, 14 do
      local name = ({ [10] = "10", [11] = "J", [12] = "Q", [13] = "K", [14] = "A" })[rank] or tostring(rank)
      cards[#cards + 1] = name .. suit
    end
  end
  cards[#cards + 1] = "JK"
  for i = #cards, 2, -1 do
    local j = below(s, i) + 1
    cards[i], cards[j] = cards[j], cards[i]
  end
  local hands, seat = {}, dealer % nseats + 1
  for i = 1, nseats do hands[i] = {} end
  for _ = 1, 3 * nseats do
    table.insert(hands[seat], table.remove(cards))
    seat = seat % nseats + 1
  end
  return hands
end

local function candidates()
  local list = {}
  for seed = 0, 1500 do list[#list + 1] = seed end
  for tseed = 1, 3 do
    for d = 0, 100 do list[#list + 1] = tournament_seed(tseed, d) end
  end
  return list
end

return { choose = function(view, moves, ctx)
  local seen = math.random()
  for _, seed in ipairs(candidates()) do
    if first_random(seed, ctx.seat, ctx.decision) == seen then
      local nseats = 0
      for name in pairs(view.zones) do if name:match("^hand%d+$") then nseats = nseats + 1 end end
      local hands, named = deal(seed, nseats), {}
      for seat, hand in ipairs(hands) do named[#named + 1] = seat .. ": " .. table.concat(hand, " ") end
      error("recovered seed " .. seed .. ": " .. table.concat(named, "; "))
    end
  end
  return math.random(#moves)
end }
