-- bam-plain: the anchor of `make bench` (issue 41). One hand of BAM! at
-- the table (seeds/002, as rules/bam.lua plays it: pay in, deal, turn
-- trump, keep or discard, play or fold, discard and draw, one round per
-- card, the pot, BamBoozals, the pot left at the end shared), four random
-- seats, written as one plain Lua 5.4 script with no kernel: what the same
-- game costs when Lua alone plays it. Each decision lists its legal moves
-- and a seat picks one at random, as the referee's random seats do; every
-- announcement is formatted into a log, as the referee's notes are.
-- usage: lua5.4 bench/bam-plain.lua HANDS [SEED]
local HANDS, SEED = tonumber(arg[1] or "1"), tonumber(arg[2] or "1")
local SEATS, CARDS, CREDITS, HAND_AMOUNT = 4, 4, 1000, 50

-- Lua's own generator, as a plain Lua game would use it.
math.randomseed(SEED)
local random = math.random

local RANKS = { "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A" }
local SUITS = { "C", "D", "H", "S" }
local SUIT_NAMES = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }
local DECK = {}
for _, suit in ipairs(SUITS) do
  for rank = 1, 13 do DECK[#DECK + 1] = { name = RANKS[rank] .. suit, suit = suit, rank = rank } end
end

local function play_hand()
  local log, credits, pot = {}, {}, 0
  local function note(fmt, ...) log[#log + 1] = fmt:format(...) end
  local function pay(from, to, amount) -- nil: the pot
    if from then credits[from] = credits[from] - amount else pot = pot - amount end
    if to then credits[to] = credits[to] + amount else pot = pot + amount end
  end
  for s = 1, SEATS do credits[s] = CREDITS end
  local dealer = random(SEATS)
  local order = {}
  for i = 1, SEATS do order[i] = (dealer + i - 1) % SEATS + 1 end

  -- Pay in, clockwise from the dealer's left.
  for _, s in ipairs(order) do pay(s, nil, HAND_AMOUNT) end
  local pot_amount = pot

  -- Shuffle and deal one card at a time.
  local stock = {}
  for i = 1, #DECK do stock[i] = DECK[i] end
  for i = #stock, 2, -1 do
    local j = random(i)
    stock[i], stock[j] = stock[j], stock[i]
  end
  local hands, discard = {}, {}
  for s = 1, SEATS do hands[s] = {} end
  for _ = 1, CARDS do
    for _, s in ipairs(order) do table.insert(hands[s], table.remove(stock)) end
  end

  -- The dealer turns a card of their hand: its suit is trumps.
  local dh = hands[dealer]
  local turned = dh[random(#dh)]
  local trump = turned.suit
  note("trumps are %s (seat %d turns %s)", SUIT_NAMES[trump], dealer, turned.name)
  local replace = 0
  if random(2) == 2 then -- keep or discard
    for i, c in ipairs(dh) do if c == turned then table.remove(dh, i) break end end
    discard[#discard + 1] = turned
    replace = 1
  end

  -- Play or fold, in order.
  local folded, playing = {}, SEATS
  for _, s in ipairs(order) do
    if random(2) == 2 then
      folded[s] = true
      playing = playing - 1
      for _, c in ipairs(hands[s]) do discard[#discard + 1] = c end
      hands[s] = {}
      if s == dealer then replace = 0 end
      if playing == 1 then
        for _, w in ipairs(order) do
          if not folded[w] then
            note("seat %d takes the pot: everyone else folded", w)
            pay(nil, w, pot)
          end
        end
        return log, credits
      end
    end
  end

  -- Discard and draw: any set of at most what the stock can give, or stand.
  for _, s in ipairs(order) do
    if not folded[s] then
      local hand, limit = hands[s], math.max(0, #stock - replace)
      -- The moves: stand, and each set of at most limit cards, as bit masks.
      local masks = { 0 }
      for mask = 1, (1 << #hand) - 1 do
        local size, m = 0, mask
        while m ~= 0 do size, m = size + (m & 1), m >> 1 end
        if size <= limit then masks[#masks + 1] = mask end
      end
      local mask, set = masks[random(#masks)], {}
      for i = 1, #hand do
        if mask & (1 << (i - 1)) ~= 0 then set[#set + 1] = i end
      end
      for k = #set, 1, -1 do discard[#discard + 1] = table.remove(hand, set[k]) end
      local n = #set + (s == dealer and replace or 0)
      if s == dealer then replace = 0 end
      for _ = 1, n do hand[#hand + 1] = table.remove(stock) end
      note("seat %d discards %d and draws %d", s, #set, n)
    end
  end

  -- The rounds: follow the suit led if you can; the highest trump, else
  -- the highest card of the suit led, wins; the winner leads the next.
  local won = {}
  for s = 1, SEATS do won[s] = 0 end
  local leader
  for _, s in ipairs(order) do if not folded[s] then leader = s break end end
  for round = 1, CARDS do
    local trick, players = {}, {}
    local s = leader
    repeat
      if not folded[s] then
        local hand, legal = hands[s], {}
        local led = trick[1] and trick[1].suit
        if led then
          for i, c in ipairs(hand) do if c.suit == led then legal[#legal + 1] = i end end
        end
        if #legal == 0 then for i = 1, #hand do legal[i] = i end end
        trick[#trick + 1] = table.remove(hand, legal[random(#legal)])
        players[#players + 1] = s
      end
      s = s % SEATS + 1
    until s == leader
    local best = 1
    for i = 2, #trick do
      if trick[i].suit == trick[best].suit then
        if trick[i].rank > trick[best].rank then best = i end
      elseif trick[i].suit == trump then
        best = i
      end
    end
    leader = players[best]
    won[leader] = won[leader] + 1
    note("round %d: seat %d wins with %s", round, leader, trick[best].name)
  end

  -- The outcome: the most rounds takes the pot, a tie carries it (here,
  -- the last hand, it is shared); a player with none is BamBoozalled.
  local most, leaders = -1, {}
  for _, s in ipairs(order) do
    if not folded[s] then
      if won[s] > most then most, leaders = won[s], { s }
      elseif won[s] == most then leaders[#leaders + 1] = s end
    end
  end
  if #leaders == 1 then
    pay(nil, leaders[1], pot)
    note("seat %d wins the hand with %d rounds and takes the pot of %d", leaders[1], most, pot_amount)
  else
    local share, extra = pot // #leaders, pot % #leaders
    for i, s in ipairs(leaders) do pay(nil, s, share + (i <= extra and 1 or 0)) end
    note("the pot of %d is shared: seats %s", pot_amount, table.concat(leaders, ", "))
  end
  for _, s in ipairs(order) do
    if not folded[s] and won[s] == 0 then note("seat %d is BamBoozalled and pays %d into the next hand", s, pot_amount) end
  end
  return log, credits
end

local total = 0
for _ = 1, HANDS do
  local _, credits = play_hand()
  for s = 1, SEATS do total = total + credits[s] end
end
assert(total == HANDS * SEATS * CREDITS, "credits were made or lost")
print(HANDS .. " hands")
