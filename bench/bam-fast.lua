-- BAM! Fast: the hand `make bench` times (rules/bam.lua with hands=1),
-- written for speed against the referee's own API as it is, for issue 68:
-- zones by the numbers t:zone gives, each seat's names made once, fixed
-- lists packed and events fixed once, the per-hand lists made once, the
-- state in one vars table made at once. Its record is bam.lua's, byte for
-- byte (the moves, transfers, events, notes and prompts), so that beside
-- rules/bam.lua it says how much of the referee's cost is the rules as
-- written. With record=false it writes no events, notes or prompts, as
-- bench/lean-bam.lua keeps none, so that beside the lean loop it says how
-- much is the kernel and its loop.
local game = {
  description = "BAM!, one hand, written for speed against the referee's API",
  players = { min = 3, max = 6 },
  options = {
    { name = "cards", default = 4, min = 3, max = 6, help = "cards per hand" },
    { name = "record", default = true, help = "the events, notes and prompts bam.lua writes" },
  },
}

local CREDITS, HAND_AMOUNT = 1000, 50
local SUIT_NAMES = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }

local KEEP_OR_DISCARD, PLAY_OR_FOLD = moves{ "keep", "discard" }, moves{ "play", "fold" }
local HAND_EVENT = event_fields("hand", "number", "dealer", "pot")
local TRUMP_EVENT = event_fields("trump", "suit", "card", "dealer")
local ROUND_EVENT = event_fields("round", "number", "leader", "order")

-- The table's zones, by number, the same in every game; each seat's
-- account by name.
local STOCK, DISCARD, TRICK, PLAYED
local HAND, HAND_NAMES, SEAT = {}, seat_names("hand"), seat_names("seat")

function game.prepare(t)
  STOCK, DISCARD = t:zone("stock"), t:zone("discard")
  TRICK, PLAYED = t:zone("trick", { vis = "public" }), t:zone("played", { vis = "public" })
  for s = 1, t.nseats do
    HAND[s] = t:zone(HAND_NAMES[s], { owner = s })
    t:account(SEAT[s], CREDITS)
  end
  t:account("pot")
  t:deck(STOCK, "standard52")
end

-- The next seat clockwise still playing the hand.
local function next_playing(v, seat, nseats)
  repeat seat = seat % nseats + 1 until not v.folded[seat]
  return seat
end

function game.setup(t, opts)
  local n = t.nseats
  local dealer = t:random(n)
  t:set_dealer(dealer)
  local v = { cards = opts.cards, record = opts.record, replace = 0, playing = n, order = {}, folded = {},
              won = {}, deal_to = {}, round_seats = {} }
  t.vars = v
  for i = 1, n do
    local s = (dealer + i - 1) % n + 1
    v.order[i], v.deal_to[i], v.folded[s], v.won[s] = s, HAND[s], false, 0
    t:transfer(SEAT[s], "pot", HAND_AMOUNT, "hand amount")
  end
  v.pot_amount = t:balance("pot")
  if v.record then t:event(HAND_EVENT, 1, dealer, v.pot_amount) end
  t:shuffle(STOCK)
  assert(t:deal(STOCK, v.deal_to, v.cards))
  t:ask_cards(dealer, "turn trump", HAND[dealer], v.record and "turn one of your cards: its suit is trumps" or nil,
              nil, "turn ")
end

local function ask_next_discard(t, v)
  local n = t.nseats
  repeat v.i = v.i + 1 until v.i > n or not v.folded[v.order[v.i]]
  if v.i > n then return false end
  local seat = v.order[v.i]
  t:set_turn(seat)
  t:ask_discards(seat, "discard and draw", HAND[seat], math.max(0, t:count(STOCK) - v.replace),
                 v.record and "discard any cards to draw as many, or stand" or nil, true)
  return true
end

-- A round: the leader, then each playing seat clockwise (the kernel asks
-- and plays every card but the last; it takes the hands by name).
local function ask_round(t, v, leader)
  v.leader = leader
  local seats, s = v.round_seats, leader
  for i = 1, v.playing do
    seats[i] = s
    s = next_playing(v, s, t.nseats)
  end
  for i = v.playing + 1, #seats do seats[i] = nil end
  if v.record then
    t:event(ROUND_EVENT, v.round, leader, seats)
    t:ask_trick(seats, "play", HAND_NAMES, TRICK, ("round %d, trumps are %s"):format(v.round, SUIT_NAMES[v.trump]))
  else
    t:ask_trick(seats, "play", HAND_NAMES, TRICK)
  end
end

local function start_rounds(t, v)
  local leader = v.order[1]
  if v.folded[leader] then leader = next_playing(v, leader, t.nseats) end
  v.round = 1
  ask_round(t, v, leader)
end

-- The highest trump, else the highest card of the suit led, wins.
local function trick_winner(t, trump)
  local cards = t:cards(TRICK)
  local best, best_card = 1, cards[1]
  for i = 2, #cards do
    local card = cards[i]
    if t:suit(card) == t:suit(best_card) then
      if t:rank(card) > t:rank(best_card) then best, best_card = i, card end
    elseif t:suit(card) == trump then
      best, best_card = i, card
    end
  end
  return best, best_card
end

-- "The winner (if any) is determined by the player with the highest
-- number of Rounds won"; a tie in the game's last hand shares the pot, a
-- credit each of the remainder clockwise from the dealer's left; a
-- playing player with none is BamBoozalled.
local function outcome(t, v)
  local most, leaders = -1, 0
  for _, s in ipairs(v.order) do
    if not v.folded[s] then
      if v.won[s] > most then most, leaders = v.won[s], 1
      elseif v.won[s] == most then leaders = leaders + 1 end
    end
  end
  local pot = t:balance("pot")
  if leaders == 1 then
    for _, s in ipairs(v.order) do
      if not v.folded[s] and v.won[s] == most then
        t:transfer("pot", SEAT[s], pot, "wins the hand")
        if v.record then
          t:notef("seat %d wins the hand with %d rounds and takes the pot of %d", s, most, v.pot_amount)
        end
      end
    end
  elseif v.record then
    local tied = {}
    for _, s in ipairs(v.order) do
      if not v.folded[s] and v.won[s] == most then tied[#tied + 1] = ("seat %d"):format(s) end
    end
    t:notef("split pot: %s and %s tie with %d rounds each, and the pot of %d carries to the next hand",
      table.concat(tied, ", ", 1, #tied - 1), tied[#tied], most, pot)
  end
  for _, s in ipairs(v.order) do
    if v.record and not v.folded[s] and v.won[s] == 0 then
      t:notef("seat %d is BamBoozalled and pays %d into the next hand", s, v.pot_amount)
    end
  end
  if leaders > 1 then
    -- the game's end: the split pot shared among those who tied, a credit
    -- each of the remainder clockwise from the dealer's left
    local share, extra, order, s = pot // leaders, pot % leaders, {}, t:dealer()
    for _ = 1, t.nseats do
      s = s % t.nseats + 1
      if not v.folded[s] and v.won[s] == most then order[#order + 1] = s end
    end
    for i, seat in ipairs(order) do
      local amount = share + (i <= extra and 1 or 0)
      if amount > 0 then t:transfer("pot", SEAT[seat], amount, "split pot shared: the game is over") end
    end
    if v.record then
      t:notef("the pot of %d is shared: seat%s %s", pot, #order > 1 and "s" or "", table.concat(order, ", "))
    end
  end
  v.over = true
end

game.answers = {
  ["turn trump"] = function(t, seat, move, card)
    local v = t.vars
    t:reveal(card, "all")
    v.trump, v.turned = t:suit(card), card
    if not v.record then return t:ask(seat, "keep or discard", KEEP_OR_DISCARD) end
    local name = t:name(card)
    t:event(TRUMP_EVENT, v.trump, name, seat)
    t:notef("trumps are %s (seat %d turns %s)", SUIT_NAMES[v.trump], seat, name)
    t:ask(seat, "keep or discard", KEEP_OR_DISCARD, ("keep %s in your hand, face up, or discard it"):format(name))
  end,
  ["keep or discard"] = function(t, seat, move)
    local v = t.vars
    if move == "discard" then
      t:move(v.turned, DISCARD)
      v.replace = 1
    end
    v.i = 1
    t:set_turn(v.order[1])
    t:ask(v.order[1], "play or fold", PLAY_OR_FOLD, v.record and "play this hand or fold" or nil)
  end,
  ["play or fold"] = function(t, seat, move)
    local v = t.vars
    if move == "fold" then
      v.folded[seat], v.playing = true, v.playing - 1
      t:move_all(HAND[seat], DISCARD)
      if seat == t:dealer() then v.replace = 0 end
      if v.playing == 1 then
        local winner = next_playing(v, seat, t.nseats)
        t:transfer("pot", SEAT[winner], t:balance("pot"), "the others folded")
        if v.record then t:notef("seat %d takes the pot: everyone else folded", winner) end
        v.over = true
        return
      end
    end
    v.i = v.i + 1
    if v.i <= t.nseats then
      t:set_turn(v.order[v.i])
      return t:ask(v.order[v.i], "play or fold", PLAY_OR_FOLD, v.record and "play this hand or fold" or nil)
    end
    v.i = 0
    if not ask_next_discard(t, v) then start_rounds(t, v) end
  end,
  -- "discard 2C 9H" or "stand"
  ["discard and draw"] = function(t, seat, move)
    local v, hand = t.vars, HAND[seat]
    local thrown = 0
    for name in move:gmatch("%S+", 8) do
      t:move(t:card(name, hand), DISCARD)
      thrown = thrown + 1
    end
    local draws = thrown
    if seat == t:dealer() then draws, v.replace = draws + v.replace, 0 end
    if draws > 0 then assert(t:draw(STOCK, hand, draws)) end
    if v.record then t:notef("seat %d discards %d and draws %d", seat, thrown, draws) end
    if not ask_next_discard(t, v) then start_rounds(t, v) end
  end,
  play = function(t, seat, move, card)
    local v = t.vars
    t:move(card, TRICK)
    local best, best_card = trick_winner(t, v.trump)
    local winner = v.round_seats[best]
    v.won[winner] = v.won[winner] + 1
    if v.record then t:notef("round %d: seat %d wins with %s", v.round, winner, t:name(best_card)) end
    t:move_all(TRICK, PLAYED)
    if t:count(HAND[winner]) == 0 then return outcome(t, v) end
    v.round = v.round + 1
    ask_round(t, v, winner)
  end,
}

function game.result(t)
  if not t.vars.over then return nil end
  local scores, winners, best = {}, {}, -1
  for s = 1, t.nseats do
    scores[s] = t:balance(SEAT[s])
    if scores[s] > best then best, winners = scores[s], { s }
    elseif scores[s] == best then winners[#winners + 1] = s end
  end
  return { winners = winners, scores = scores,
           message = ("seat %s %s with the most credits: %d"):format(
             table.concat(winners, " and seat "), #winners > 1 and "end" or "ends", best) }
end

return game
