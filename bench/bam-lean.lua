-- bam-lean: the lean anchor of `make bench` (issue 55). The same BAM! hand
-- as bench/bam-plain.lua (pay in, deal, turn trump, keep or discard, play
-- or fold, discard and draw, one round per card, the pot, BamBoozals, the
-- pot left at the end shared; four random seats), written as a Lua
-- programmer writing for speed would: a card is an integer, every array is
-- made once and reused, no table is made in a hand, and what is announced
-- goes into the log as numbers rather than formatted text. Each decision
-- still counts its legal moves and a seat picks one at random.
-- usage: lua5.4 bench/bam-lean.lua HANDS [SEED]
local HANDS, SEED = tonumber(arg[1] or "1"), tonumber(arg[2] or "1")
local SEATS, CARDS, CREDITS, HAND_AMOUNT = 4, 4, 1000, 50

math.randomseed(SEED)
local random = math.random

-- A card is 0..51: its suit is card // 13, its rank card % 13 (the ace 12).
-- Seat s's hand is hand[s * 8 + 1 .. s * 8 + count[s]].
local stock, hand, count = {}, {}, {}
local credits, folded, won, order = {}, {}, {}, {}
local trick, players = {}, {}
-- The log: an event code and its two numbers a line.
local log, lines = {}, 0
local function note(code, a, b)
  log[lines * 3 + 1], log[lines * 3 + 2], log[lines * 3 + 3] = code, a, b
  lines = lines + 1
end
-- How many cards each discard of a hand of up to 8 throws, by bit mask.
local BITS = {}
for m = 0, 255 do
  local size, x = 0, m
  while x ~= 0 do size, x = size + (x & 1), x >> 1 end
  BITS[m] = size
end
local TRUMP, PAID_ALL, DREW, ROUND, TAKES, SHARED, BAMBOOZLED = 1, 2, 3, 4, 5, 6, 7

-- Removes the card at position i of seat s's hand, keeping the order.
local function take(s, i)
  local base, n = s * 8, count[s]
  local card = hand[base + i]
  for k = base + i, base + n - 1 do hand[k] = hand[k + 1] end
  count[s] = n - 1
  return card
end

local function play_hand()
  lines = 0
  for s = 1, SEATS do credits[s], folded[s], won[s], count[s] = CREDITS, false, 0, 0 end
  local pot = 0
  local dealer = random(SEATS)
  for i = 1, SEATS do order[i] = (dealer + i - 1) % SEATS + 1 end

  -- Pay in, clockwise from the dealer's left.
  for i = 1, SEATS do
    local s = order[i]
    credits[s], pot = credits[s] - HAND_AMOUNT, pot + HAND_AMOUNT
  end
  local pot_amount = pot

  -- Shuffle and deal one card at a time.
  for i = 1, 52 do stock[i] = i - 1 end
  for i = 52, 2, -1 do
    local j = random(i)
    stock[i], stock[j] = stock[j], stock[i]
  end
  local top = 52
  for _ = 1, CARDS do
    for i = 1, SEATS do
      local s = order[i]
      local n = count[s] + 1
      hand[s * 8 + n], count[s], top = stock[top], n, top - 1
    end
  end

  -- The dealer turns a card of their hand: its suit is trumps.
  local at = random(count[dealer])
  local turned = hand[dealer * 8 + at]
  local trump = turned // 13
  note(TRUMP, dealer, turned)
  local replace = 0
  if random(2) == 2 then -- keep or discard
    take(dealer, at)
    replace = 1
  end

  -- Play or fold, in order.
  local playing = SEATS
  for i = 1, SEATS do
    local s = order[i]
    if random(2) == 2 then
      folded[s], count[s], playing = true, 0, playing - 1
      if s == dealer then replace = 0 end
      if playing == 1 then
        for k = 1, SEATS do
          local w = order[k]
          if not folded[w] then
            credits[w], pot = credits[w] + pot, 0
            note(PAID_ALL, w, pot_amount)
          end
        end
        return
      end
    end
  end

  -- Discard and draw: any set of at most what the stock can give, or stand.
  for i = 1, SEATS do
    local s = order[i]
    if not folded[s] then
      local n, limit = count[s], math.max(0, top - replace)
      -- The moves: stand, and each set of at most limit cards, as bit masks
      -- (every set, when the stock can give a whole hand; else counted,
      -- then the one drawn found again).
      local mask
      if limit >= n then
        mask = random(1 << n) - 1
      else
        local moves = 0
        for m = 0, (1 << n) - 1 do
          if BITS[m] <= limit then moves = moves + 1 end
        end
        local pick = random(moves)
        mask = -1
        repeat
          mask = mask + 1
          if BITS[mask] <= limit then pick = pick - 1 end
        until pick == 0
      end
      local thrown = 0
      for k = n, 1, -1 do
        if mask & (1 << (k - 1)) ~= 0 then take(s, k); thrown = thrown + 1 end
      end
      local draws = thrown + (s == dealer and replace or 0)
      if s == dealer then replace = 0 end
      for _ = 1, draws do
        local c = count[s] + 1
        hand[s * 8 + c], count[s], top = stock[top], c, top - 1
      end
      note(DREW, s, thrown)
    end
  end

  -- The rounds: follow the suit led if you can; the highest trump, else
  -- the highest card of the suit led, wins; the winner leads the next.
  local leader
  for i = 1, SEATS do
    if not folded[order[i]] then leader = order[i] break end
  end
  for round = 1, CARDS do
    local played, s = 0, leader
    repeat
      if not folded[s] then
        local base, n, k = s * 8, count[s], nil
        if played > 0 then
          local led, follow = trick[1] // 13, 0
          for i = 1, n do
            if hand[base + i] // 13 == led then follow = follow + 1 end
          end
          if follow > 0 then -- the pick-th card of the suit led
            local pick = random(follow)
            for i = 1, n do
              if hand[base + i] // 13 == led then
                pick = pick - 1
                if pick == 0 then k = i break end
              end
            end
          end
        end
        k = k or random(n)
        played = played + 1
        trick[played], players[played] = take(s, k), s
      end
      s = s % SEATS + 1
    until s == leader
    local best = 1
    for i = 2, played do
      local c, b = trick[i], trick[best]
      if c // 13 == b // 13 then
        if c % 13 > b % 13 then best = i end
      elseif c // 13 == trump then
        best = i
      end
    end
    leader = players[best]
    won[leader] = won[leader] + 1
    note(ROUND, round, trick[best])
  end

  -- The outcome: the most rounds takes the pot, a tie carries it (here,
  -- the last hand, it is shared); a player with none is BamBoozalled.
  local most, leaders = -1, 0
  for i = 1, SEATS do
    local s = order[i]
    if not folded[s] then
      if won[s] > most then most, leaders = won[s], 1
      elseif won[s] == most then leaders = leaders + 1 end
    end
  end
  local share, extra, nth = pot // leaders, pot % leaders, 0
  for i = 1, SEATS do
    local s = order[i]
    if not folded[s] and won[s] == most then
      nth = nth + 1
      credits[s] = credits[s] + share + (nth <= extra and 1 or 0)
    end
  end
  note(leaders == 1 and TAKES or SHARED, most, pot_amount)
  for i = 1, SEATS do
    local s = order[i]
    if not folded[s] and won[s] == 0 then note(BAMBOOZLED, s, pot_amount) end
  end
end

local total = 0
for _ = 1, HANDS do
  play_hand()
  for s = 1, SEATS do total = total + credits[s] end
end
assert(total == HANDS * SEATS * CREDITS, "credits were made or lost")
print(HANDS .. " hands")
