-- bam-greedy: a BAM! bot that wins rounds cheaply, keeps its trumps, folds
-- weak hands and discards low cards. It sees only its own view. In the app
-- it plays at the level's AI strength (vars.ai: easy, medium, hard).
-- It keeps nothing from one decision to the next, so a decision with one
-- legal move needs no thought: the referee plays it without calling choose.
local bot = { ask_forced = false }

local cards = import("bam-cards")

-- The card now winning the round, of those played (names, in order).
local function winning(played, trump)
  local best
  for _, name in ipairs(played) do
    if not best or cards.beats(name, best, trump) then best = name end
  end
  return best
end

local function by_power(list, trump)
  table.sort(list, function(a, b) return cards.power(a, trump) < cards.power(b, trump) end)
  return list
end

local function hand_of(view)
  local held = {}
  for _, name in ipairs(view.zones["hand" .. view.seat].cards) do
    if name ~= "??" then held[#held + 1] = name end
  end
  return held
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
choose["turn trump"] = function(view)
  return "turn " .. cards.to_turn(hand_of(view))
end

choose["keep or discard"] = function(view)
  return "keep"
end

choose["play or fold"] = function(view)
  local hand = hand_of(view)
  local fair = #hand / #view.vars.order
  return cards.strength(hand, view.vars.trump) >= 0.6 * fair and "play" or "fold"
end

-- Discard the low cards that are not trumps, as far as the moves allow.
choose["discard and draw"] = function(view, moves)
  local low = cards.low(hand_of(view), view.vars.trump, view.vars.turned)
  local wanted = "discard " .. table.concat(low, " ")
  for _, m in ipairs(moves) do
    if m == wanted then return m end
  end
  return "stand"
end

function choose.play(view, moves)
  -- The cards played in this round so far lie in the trick, in order.
  local trump, played = view.vars.trump, view.zones.trick.cards
  local list = by_power({ table.unpack(moves) }, trump)
  if #played == 0 then
    -- Lead a card that should win, else the cheapest.
    local top = list[#list]
    local rank, suit = card_face(top)
    if suit == trump or rank >= 13 then return top end
    return list[1]
  end
  local best = winning(played, trump)
  local last = #played + 1 == playing_count(view)
  local led = select(2, card_face(played[1]))
  local brank, bsuit = card_face(best)
  for _, name in ipairs(list) do
    local suit = select(2, card_face(name))
    -- The cheapest winner; a low trump only when it is the last card to play
    -- or the round is worth it.
    if cards.beats(name, best, trump) and (suit ~= trump or last or bsuit == led and brank >= 12 or suit == led) then
      return name
    end
  end
  return list[1]
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
