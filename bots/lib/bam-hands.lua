-- bam-hands: what ismcts knows of BAM! beyond the rules: how people play a
-- hand. In its samples the seats it does not play answer as a sensible
-- player would with the cards the sample dealt them: they fold a weak
-- hand, keep their trumps, throw low cards away and win a round with the
-- cheapest card that does. Left to the search, they would answer as
-- searchers who see every sample's cards at once (never folding a hand
-- that wins, never playing into a trump they cannot see), and in a
-- playout at random (folding half their hands).
local hands = {}

-- Playouts are played so too, this bot's own seat included.
hands.playout = true
-- A playout is worth the share of the other seats it ends ahead of.
hands.by_places = true
-- A BAM! playout is mostly moves the kernel plays, which the budget
-- charges by count: ctx.think buys 19 ms a decision here, against 47 in
-- the rummy (tools/search-cost.sh). Two and a half times it is as long,
-- and ahead of bam-greedy a point more often (bench/results.md).
hands.think = 2.5

function hands.applies(view)
  local v = view.vars
  return view.zones.trick ~= nil and view.zones.played ~= nil and type(v.owes) == "table"
end

-- What a path through the tree changes that the answers read: trumps, the
-- card turned, who folded.
function hands.start(view)
  local v, folded = view.vars, {}
  for s, f in ipairs(v.folded or {}) do folded[s] = f end
  return { trump = v.trump, turned = v.turned, folded = folded, seats = #view.vars.order }
end

function hands.follow(state, move, seat)
  local turned = move:match("^turn (%S+)$")
  if turned then
    state.turned = turned
    state.trump = select(2, card_face(turned))
  elseif move == "fold" and seat then
    state.folded[seat] = true
  end
end

local cards = import("bam-cards")

-- Each answer as bam-greedy gives it, judged by the same bam-cards.
local answer = {}

answer["turn trump"] = function(state, moves, hand) return "turn " .. cards.to_turn(hand) end

answer["keep or discard"] = function() return "keep" end

answer["play or fold"] = function(state, moves, hand)
  return cards.strength(hand, state.trump) >= 0.6 * #hand / state.seats and "play" or "fold"
end

answer["discard and draw"] = function(state, moves, hand)
  local wanted = "discard " .. table.concat(cards.low(hand, state.trump, state.turned), " ")
  for _, m in ipairs(moves) do
    if m == wanted then return m end
  end
  return "stand"
end

-- Lead a card that should win, else the cheapest; follow with the
-- cheapest card that wins the round so far, else the cheapest.
answer.play = function(state, moves, hand, trick)
  local trump = state.trump
  local list = { table.unpack(moves) }
  table.sort(list, function(a, b) return cards.power(a, trump) < cards.power(b, trump) end)
  if #trick == 0 then
    local top = list[#list]
    local rank, suit = card_face(top)
    return (suit == trump or rank >= 13) and top or list[1]
  end
  local best = trick[1]
  for i = 2, #trick do
    if cards.beats(trick[i], best, trump) then best = trick[i] end
  end
  for _, name in ipairs(list) do
    if cards.beats(name, best, trump) then return name end
  end
  return list[1]
end

-- A seat that said "play" holds a hand worth playing, as people judge one:
-- a sample that dealt it a hand they would fold is kept this seldom.
local UNLIKE = 0.2

-- The seats that said "play": those before this one, while seats are still
-- saying it; after, every seat still in.
local function said_play(view, kind)
  local v, seats = view.vars, {}
  local upto = #v.order
  if kind == "play or fold" then upto = (v.step or 1) - 1
  elseif kind == "turn trump" or kind == "keep or discard" then upto = 0 end
  for i = 1, upto do
    local s = v.order[i]
    if s ~= view.seat and not v.folded[s] then seats[#seats + 1] = s end
  end
  return seats
end

function hands.keep(view, sample, kind)
  local v = view.vars
  if not (v.trump and v.opts and v.opts.fold) then return 1 end
  local state, chance = { trump = v.trump, seats = #v.order }, 1
  for _, s in ipairs(said_play(view, kind)) do
    local hand = sample:cards("hand" .. s)
    if #hand > 0 and answer["play or fold"](state, nil, hand) == "fold" then chance = chance * UNLIKE end
  end
  return chance
end

-- The discards worth searching: standing, or throwing away the k lowest
-- cards that are not trumps (nor the card turned), for each k: a hand of
-- six has 64 discards, and a search that split its time among them all
-- would learn too little of any.
function hands.candidates(view, kind, moves)
  if kind ~= "discard and draw" then return moves end
  local v = view.vars
  local low = {}
  for _, name in ipairs(view.zones["hand" .. view.seat].cards) do
    if select(2, card_face(name)) ~= v.trump and name ~= v.turned then low[#low + 1] = name end
  end
  -- (the lowest first; of one rank, by name: a fixed order)
  table.sort(low, function(a, b)
    local ra, rb = card_face(a), card_face(b)
    return ra < rb or ra == rb and a < b
  end)
  local rank_in = {}
  for i, name in ipairs(low) do rank_in[name] = i end
  local list = {}
  for _, m in ipairs(moves) do
    -- A discard of k cards is one worth searching when they are the k lowest.
    local k, ok = 0, true
    for name in m:gmatch("%S+") do
      if name ~= "discard" and name ~= "stand" then
        k = k + 1
        ok = ok and rank_in[name] ~= nil
      end
    end
    if ok then
      for name in m:gmatch("%S+") do
        if rank_in[name] and rank_in[name] > k then ok = false end
      end
    end
    if ok then list[#list + 1] = m end
  end
  return #list > 0 and list or moves
end

-- A seat ismcts does not play answers as above, with the hand the sample
-- dealt it (nil for a question this does not know: the search chooses).
function hands.answer(kind, moves, state, sample, seat)
  local f = answer[kind]
  if not (f and sample and seat) then return nil end
  if not state.trump and kind ~= "turn trump" then return nil end
  local hand = sample:cards("hand" .. seat) or {}
  if #hand == 0 then return nil end
  return f(state, moves, hand, kind == "play" and sample:cards("trick") or nil)
end

return hands
