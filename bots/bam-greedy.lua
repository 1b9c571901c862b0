-- bam-greedy: a BAM! bot that wins rounds cheaply, keeps its trumps, folds
-- weak hands and discards low cards. It sees only its own view. In the app
-- it plays at the level's AI strength (vars.ai: easy, medium, hard).
-- It keeps nothing from one decision to the next, so a decision with one
-- legal move needs no thought: the referee plays it without calling choose.
local bot = { ask_forced = false }

-- Strength of a card for winning a round: trumps above everything.
local function power(name, trump)
  local rank, suit = card_face(name)
  return (suit == trump and 100 or 0) + rank
end

-- The card now winning the round, of those played (names, in order).
local function winning(played, trump)
  local best
  for _, name in ipairs(played) do
    local rank, suit = card_face(name)
    if not best then best = name
    else
      local brank, bsuit = card_face(best)
      if (suit == bsuit and rank > brank) or (suit == trump and bsuit ~= trump) then best = name end
    end
  end
  return best
end

local function by_power(cards, trump)
  table.sort(cards, function(a, b) return power(a, trump) < power(b, trump) end)
  return cards
end

-- The expected worth of a hand, in rounds.
local function strength(hand, trump)
  local total = 0
  for _, name in ipairs(hand) do
    local rank, suit = card_face(name)
    if suit == trump then total = total + 0.5 + rank / 28
    elseif rank == 14 then total = total + 0.7
    elseif rank == 13 then total = total + 0.35
    end
  end
  return total
end

local function hand_of(view)
  local cards = {}
  for _, name in ipairs(view.zones["hand" .. view.seat].cards) do
    if name ~= "??" then cards[#cards + 1] = name end
  end
  return cards
end

local function playing_count(view)
  local n = 0
  for s, folded in ipairs(view.vars.folded or {}) do
    if not folded and view.zones["hand" .. s].count > 0 then n = n + 1 end
  end
  return math.max(n, 2)
end

local choose = {}

-- Turn the lowest card of the suit the hand is strongest in.
choose["turn trump"] = function(view, moves)
  local hand, best, best_suit = hand_of(view), -1, nil
  for _, name in ipairs(hand) do
    local _, suit = card_face(name)
    local s = strength(hand, suit)
    if s > best then best, best_suit = s, suit end
  end
  local lowest
  for _, name in ipairs(hand) do
    local rank, suit = card_face(name)
    if suit == best_suit and (not lowest or rank < card_face(lowest)) then lowest = name end
  end
  return "turn " .. lowest
end

choose["keep or discard"] = function(view)
  return "keep"
end

choose["play or fold"] = function(view)
  local hand = hand_of(view)
  local fair = #hand / #view.vars.order
  return strength(hand, view.vars.trump) >= 0.6 * fair and "play" or "fold"
end

-- Discard the low cards that are not trumps, as far as the moves allow.
choose["discard and draw"] = function(view, moves)
  local trump, keep_turned = view.vars.trump, view.vars.turned
  local low = {}
  for _, name in ipairs(hand_of(view)) do
    local rank, suit = card_face(name)
    if suit ~= trump and rank < 11 and name ~= keep_turned then low[#low + 1] = name end
  end
  local wanted = "discard " .. table.concat(low, " ")
  for _, m in ipairs(moves) do
    if m == wanted then return m end
  end
  return "stand"
end

function choose.play(view, moves)
  -- The cards played in this round so far lie in the trick, in order.
  local trump, played = view.vars.trump, view.zones.trick.cards
  local cards = by_power({ table.unpack(moves) }, trump)
  if #played == 0 then
    -- Lead a card that should win, else the cheapest.
    local top = cards[#cards]
    local rank, suit = card_face(top)
    if suit == trump or rank >= 13 then return top end
    return cards[1]
  end
  local best = winning(played, trump)
  local last = #played + 1 == playing_count(view)
  local led = select(2, card_face(played[1]))
  for _, name in ipairs(cards) do
    local rank, suit = card_face(name)
    local brank, bsuit = card_face(best)
    local beats = (suit == bsuit and rank > brank) or (suit == trump and bsuit ~= trump)
    -- The cheapest winner; a low trump only when it is the last card to play
    -- or the round is worth it.
    if beats and (suit ~= trump or last or bsuit == led and brank >= 12 or suit == led) then
      return name
    end
  end
  return cards[1]
end

-- In the app each level sets the AI's strength: an easier AI now and then
-- plays any legal move instead of its best one.
local CARELESS = { easy = 0.5, medium = 0.2, hard = 0 }

function bot.choose(view, moves, ctx)
  local careless = CARELESS[view.vars.ai or "hard"] or 0
  if careless > 0 and math.random() < careless then return math.random(#moves) end
  local f = choose[ctx.kind]
  if f then return f(view, moves) end
  return moves[1]
end

return bot
