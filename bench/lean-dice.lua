-- Lean Bamboozled, the dice game (seeds/004): the game `make bench` times
-- the referee on (rules/bamboozled-dice.lua with its default options:
-- bluffing, three strikes, two action cards in a hand, one played a turn),
-- written for the lean loop's table (tools/lean_table.c, lean_seats.c)
-- for issue 68. The kernel owns the action cards, the dice, the seats and
-- the stream; the rules keep handles, pack every list of moves they offer
-- once, and note what happens as numbers. It follows the referee's rules
-- step for step, RULINGS.md's and our own readings included, so that a
-- random seat meets the same decisions. Played by `build/lean-loop
-- bench/lean-dice.lua GAMES SEATS STRIKES`.
local game = {
  description = "Bamboozled, the dice game, for the lean loop's table",
  options = { { name = "strikes", default = 3, min = 1, max = 20, help = "strikes that eliminate a player" } },
}

local HAND_LIMIT, CARDS_PER_TURN = 2, 1

-- The 26 action cards, in the deck's order: a face each, by name.
local ACTION_CARDS = {
  { "Double", 2 }, { "FreshStart", 4 }, { "Jackpot", 1 }, { "MyBad", 4 },
  { "Reverse", 4 }, { "Revive", 4 }, { "Skip", 4 }, { "UpDown", 3 },
}
local DOUBLE, FRESH_START, JACKPOT, MY_BAD, REVERSE, REVIVE, SKIP, UP_DOWN = 0, 1, 2, 3, 4, 5, 6, 7
local FACE_OF = {}
for face, a in ipairs(ACTION_CARDS) do FACE_OF[a[1]] = face - 1 end

-- The notes, by code, for whoever reads the log: up to three numbers
-- each, a %s the face of an action card (its name in ACTION_CARDS).
game.notes = {
  "seat %d takes strike %d", "seat %d is eliminated", "seat %d takes an action card",
  "seat %d would take an action card, but every card is in a hand",
  "the dice show %d and %d: seat %d told the truth", "the dice show %d and %d: seat %d bluffed",
  "seat %d backs the claim with a card: the dice now show %d and %d", "seat %d plays %s: the score resets",
  "seat %d rolls again from their own %d", "seat %d plays %s and passes",
  "seat %d plays Reverse", "seat %d plays Revive: back to %d strikes",
  "seat %d plays %s against the strike", "round: seat %d starts",
}
local STRIKE, ELIMINATED, TAKES_CARD, NO_CARD, TRUTH, BLUFF, BACKS, RESETS, AGAIN, PASSES,
  REVERSES, REVIVES, AGAINST_STRIKE, ROUND = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14

-- ---- scores ----

-- "21 is the Jackpot and the highest; then doubles 66 > ... > 11; then every
-- other reading by its two-digit value."
local function rank(reading)
  if not reading then return 0 end
  if reading == 21 then return 1000 end
  local a, b = reading // 10, reading % 10
  if a == b then return 500 + a end
  return reading
end

-- Every reading two dice can show but 12 (a 1 and a 2 score 21), highest
-- first; over each score, the declarations that rank at least as high,
-- packed once.
local READINGS = {}
for a = 1, 6 do
  for b = 1, 6 do
    if a * 10 + b ~= 12 then READINGS[#READINGS + 1] = a * 10 + b end
  end
end
table.sort(READINGS, function(x, y) return rank(x) > rank(y) end)
local DECLARABLE_OVER, READING_OF = {}, {}
for score = 0, 66 do
  local list = {}
  for _, r in ipairs(READINGS) do
    if rank(r) >= rank(score > 0 and score or nil) then list[#list + 1] = "declare " .. r end
  end
  DECLARABLE_OVER[score] = moves(list)
end
for _, r in ipairs(READINGS) do READING_OF["declare " .. r] = r end

-- ---- the table's handles ----

local DECK, DISCARDS, DIE1, DIE2
local HAND = {}

-- The kernel's methods, taken from t once: K.move(t, ...) is t:move(...)
-- without its lookup through t's metatable on every call.
local K = {}

function game.prepare(t)
  for _, name in ipairs({ "active", "active_count", "ask", "ask_cards", "asked", "count", "deal",
                          "deck", "dice", "die", "direction", "draw", "eliminate", "find", "held",
                          "hide_dice", "move", "move_all", "next", "note", "random", "reveal",
                          "reverse", "roll", "set_die", "set_turn", "show_dice", "shuffle", "turn",
                          "zone" }) do
    K[name] = t[name]
  end
  DECK, DISCARDS = K.zone(t, "deck"), K.zone(t, "discards")
  for s = 1, t.nseats do HAND[s] = K.zone(t, "cards", s) end
  local names = {}
  for _, a in ipairs(ACTION_CARDS) do
    for _ = 1, a[2] do names[#names + 1] = a[1] end
  end
  K.deck(t, DECK, names)
  DIE1, DIE2 = K.die(t, 6), K.die(t, 6)
end

-- Is the reading one of the dice as they lie?
local function shows(t, reading)
  local x, y = K.dice(t, DIE1, DIE2)
  local a, b = reading // 10, reading % 10
  return (a == x and b == y) or (a == y and b == x)
end

-- The dice an after-roll card could make the claim true with, or nil.
local function backing(t, face, reading)
  local x, y = K.dice(t, DIE1, DIE2)
  local a, b = reading // 10, reading % 10
  local function is(p, q) return (p == a and q == b) or (p == b and q == a) end
  if face == DOUBLE then
    if is(x, x) then return x, x end
    if is(y, y) then return y, y end
  elseif face == JACKPOT then
    if is(2, 1) then return 2, 1 end
  elseif face == UP_DOWN then
    for d = -1, 1, 2 do
      if x + d >= 1 and x + d <= 6 and is(x + d, y) then return x + d, y end
      if y + d >= 1 and y + d <= 6 and is(x, y + d) then return x, y + d end
    end
  end
end

-- ---- the lists of moves, each packed the first time it is offered ----

-- A list: its first moves, those of its optional moves whose bit is in
-- mask (1, 2, 4, ... in order), then its last moves.
local function list_of(first, optional, last)
  return { first = first, optional = optional, last = last, packed = {} }
end
local ROLL = list_of({ "roll" }, { "FreshStart", "MyBad", "Reverse", "Skip", "Revive" }, {})
local RESPOND = list_of({ "accept", "challenge" }, ROLL.optional, {})
local STRIKE_ANSWERS = list_of({}, { "Revive", "MyBad" }, { "take strike" })
local BACKING_ANSWERS = list_of({}, { "Double", "Jackpot", "UpDown" }, { "take strike" })

local function offer(list, mask)
  local p = list.packed[mask]
  if not p then
    local names = { table.unpack(list.first) }
    for i, name in ipairs(list.optional) do
      if mask & (1 << (i - 1)) ~= 0 then names[#names + 1] = name end
    end
    for _, name in ipairs(list.last) do names[#names + 1] = name end
    p = moves(names)
    list.packed[mask] = p
  end
  return p
end

-- A face's bit among those a zone holds (K.held).
local function bit(face) return 1 << face end
local DOUBLE_BIT, FRESH_START_BIT, JACKPOT_BIT, MY_BAD_BIT = bit(DOUBLE), bit(FRESH_START), bit(JACKPOT), bit(MY_BAD)
local REVERSE_BIT, REVIVE_BIT, SKIP_BIT, UP_DOWN_BIT = bit(REVERSE), bit(REVIVE), bit(SKIP), bit(UP_DOWN)

local function play_card(t, seat, face)
  local card = K.find(t, HAND[seat], face)
  K.move(t, card, DISCARDS)
  K.reveal(t, card)
end

-- Whether the player whose turn it is has played as many cards in it as
-- a turn allows.
local function turn_full(v) return v.played >= CARDS_PER_TURN end

-- The fixed moves, and the before-roll cards seat may play besides.
-- `facing`: the seat faces a backed score.
local function with_cards(t, v, seat, list, facing)
  if turn_full(v) then return offer(list, 0) end
  local faces, live, mask = K.held(t, HAND[seat]), v.score ~= nil, 0
  if faces == 0 then return offer(list, 0) end
  if live and faces & FRESH_START_BIT ~= 0 then mask = mask | 1 end
  if (facing or v.score == 21) and faces & MY_BAD_BIT ~= 0 then mask = mask | 2 end
  if faces & REVERSE_BIT ~= 0 and (live or K.active_count(t) > 2) then mask = mask | 4 end
  if live and faces & SKIP_BIT ~= 0 then mask = mask | 8 end
  if faces & REVIVE_BIT ~= 0 and v.strikes[seat] > 0 then mask = mask | 16 end
  return offer(list, mask)
end

-- ---- the decisions ----

local function ask_to_start(t, v)
  local seat = K.turn(t)
  K.ask(t, seat, "roll", with_cards(t, v, seat, ROLL))
end

local function ask_to_respond(t, v)
  local seat = K.turn(t)
  K.ask(t, seat, "accept or challenge", with_cards(t, v, seat, RESPOND))
end

local function ask_to_face(t, v)
  local seat = K.turn(t)
  K.ask(t, seat, "face the score", with_cards(t, v, seat, ROLL, true))
end

-- The turn's question again, after a card that leaves it open.
local function ask_again(t, v)
  if K.asked(t) == "face the score" then return ask_to_face(t, v) end
  if v.score then return ask_to_respond(t, v) end
  ask_to_start(t, v)
end

-- ---- the flow of play ----

local function reset_direction(t)
  if K.direction(t) < 0 then K.reverse(t) end
end

local function start_round(t, v, seat, played)
  v.score, v.claimer = nil, nil
  K.hide_dice(t, DIE1, DIE2)
  reset_direction(t)
  K.set_turn(t, seat)
  v.played = played or 0
  K.note(t, ROUND, seat)
  ask_to_start(t, v)
end

-- The seat rolls under the cup, then declares any score that ranks at
-- least as high as the one to beat.
local function roll(t, v, seat)
  K.roll(t, DIE1, DIE2)
  K.show_dice(t, DIE1, DIE2, seat)
  K.set_turn(t, seat)
  K.ask(t, seat, "declare", DECLARABLE_OVER[v.score or 0])
end

local function declare(t, v, seat, reading)
  v.score, v.claimer = reading, seat
  K.set_turn(t, K.next(t, seat))
  v.played = 0
  ask_to_respond(t, v)
end

-- What waits on a drawn card: the roll of the seat that accepted a bluff
-- (a strike waits on one only without bluffing, not played here).
local function resume(t, v)
  local rolls = v.after_roll
  v.after_roll = nil
  return roll(t, v, rolls)
end

-- A card from the deck, refilled from its shuffled discards when empty;
-- then, over the hand limit, a card to discard; then what waits.
local function draw_card(t, v, seat)
  if K.count(t, DECK) == 0 then
    K.move_all(t, DISCARDS, DECK)
    K.shuffle(t, DECK)
  end
  if K.count(t, DECK) == 0 then
    K.note(t, NO_CARD, seat)
    return resume(t, v)
  end
  K.draw(t, DECK, HAND[seat], 1)
  K.note(t, TAKES_CARD, seat)
  if K.count(t, HAND[seat]) > HAND_LIMIT then return K.ask_cards(t, seat, "discard", HAND[seat]) end
  resume(t, v)
end

local function accept(t, v, seat)
  K.show_dice(t, DIE1, DIE2, seat)
  if not shows(t, v.score) then
    -- "If it was a bluff, the claimer draws an action card."
    v.after_roll = seat
    return draw_card(t, v, v.claimer)
  end
  roll(t, v, seat)
end

local function take_strike(t, v, seat)
  v.strikes[seat] = v.strikes[seat] + 1
  K.note(t, STRIKE, seat, v.strikes[seat])
  local next_starter = seat
  if v.strikes[seat] >= v.strikes_out then
    K.eliminate(t, seat)
    K.note(t, ELIMINATED, seat)
    K.move_all(t, HAND[seat], DISCARDS)
    if K.active_count(t) == 1 then
      v.over = true
      return
    end
    reset_direction(t)
    next_starter = K.next(t, seat)
  end
  start_round(t, v, next_starter)
end

-- The struck seat may answer with Revive, or My Bad after its own failed
-- challenge; a caught claimer's strike falls outside their turn.
local function strike(t, v, seat, failed_challenge, caught)
  local mask = 0
  if caught or not turn_full(v) then
    local faces = K.held(t, HAND[seat])
    if faces & REVIVE_BIT ~= 0 then mask = mask | 1 end
    if failed_challenge and faces & MY_BAD_BIT ~= 0 then mask = mask | 2 end
  end
  if mask ~= 0 then
    v.struck = seat
    K.set_turn(t, seat)
    return K.ask(t, seat, "strike", offer(STRIKE_ANSWERS, mask))
  end
  take_strike(t, v, seat)
end

local function challenge(t, v, seat)
  K.show_dice(t, DIE1, DIE2)
  local claimer, reading = v.claimer, v.score
  v.challenger = seat
  local x, y = K.dice(t, DIE1, DIE2)
  if shows(t, reading) then
    K.note(t, TRUTH, x, y, claimer)
    return strike(t, v, seat, true)
  end
  K.note(t, BLUFF, x, y, claimer)
  local faces, mask = K.held(t, HAND[claimer]), 0
  if faces & DOUBLE_BIT ~= 0 and backing(t, DOUBLE, reading) then mask = mask | 1 end
  if faces & JACKPOT_BIT ~= 0 and backing(t, JACKPOT, reading) then mask = mask | 2 end
  if faces & UP_DOWN_BIT ~= 0 and backing(t, UP_DOWN, reading) then mask = mask | 4 end
  if mask ~= 0 then
    K.set_turn(t, claimer)
    return K.ask(t, claimer, "back your claim", offer(BACKING_ANSWERS, mask))
  end
  strike(t, v, claimer, false, true)
end

-- An after-roll card makes the challenged claim true: the score stands,
-- and the challenger plays on from it.
local function back(t, v, seat, face)
  local a, b = backing(t, face, v.score)
  play_card(t, seat, face)
  K.set_die(t, DIE1, a)
  K.set_die(t, DIE2, b)
  K.show_dice(t, DIE1, DIE2)
  K.note(t, BACKS, seat, a, b)
  K.set_turn(t, v.challenger)
  ask_to_face(t, v)
end

-- ---- before-roll cards ----

local function fresh_start(t, v, seat, face)
  play_card(t, seat, face)
  v.played = v.played + 1
  K.note(t, RESETS, seat, face)
  v.score, v.claimer = nil, nil
  reset_direction(t)
  roll(t, v, seat)
end

local function claimer_again(t, v)
  v.played = 0
  K.note(t, AGAIN, v.claimer, v.score)
  roll(t, v, v.claimer)
end

local function skip(t, v, seat, face)
  play_card(t, seat, face)
  local nxt = K.next(t, seat)
  K.note(t, PASSES, seat, face)
  if nxt == v.claimer then return claimer_again(t, v) end
  K.set_turn(t, nxt)
  v.played = 0
  ask_again(t, v)
end

local function reverse(t, v, seat)
  -- "With 2 players it is a Skip."
  if K.active_count(t) == 2 then return skip(t, v, seat, REVERSE) end
  local jackpot = v.score == 21
  play_card(t, seat, REVERSE)
  K.reverse(t)
  K.note(t, REVERSES, seat)
  if jackpot then return claimer_again(t, v) end
  if K.asked(t) == "face the score" then
    local nxt = K.next(t, seat)
    if nxt == v.claimer then return claimer_again(t, v) end
    K.set_turn(t, nxt)
    v.played = 0
    return ask_again(t, v)
  end
  v.played = v.played + 1
  ask_again(t, v)
end

local function revive(t, v, seat)
  play_card(t, seat, REVIVE)
  v.strikes[seat] = v.strikes[seat] - 1
  K.note(t, REVIVES, seat, v.strikes[seat])
  v.played = v.played + 1
  ask_again(t, v)
end

local function before_roll(t, v, seat, move)
  if move == "FreshStart" or move == "MyBad" then return fresh_start(t, v, seat, FACE_OF[move]) end
  if move == "Reverse" then return reverse(t, v, seat) end
  if move == "Skip" then return skip(t, v, seat, SKIP) end
  if move == "Revive" then return revive(t, v, seat) end
  error("unknown move " .. move)
end

-- ---- the referee's interface ----

function game.setup(t, opts)
  local v = { strikes_out = opts.strikes, played = 0, strikes = { 0, 0, 0, 0, 0, 0, 0, 0 } }
  t.vars = v
  K.shuffle(t, DECK)
  -- "Deal one card face down to each player."
  assert(K.deal(t, DECK, HAND, 1))
  start_round(t, v, K.random(t, t.nseats))
end

-- Each answer goes to the step of its decision's kind.
game.answers = {
  roll = function(t, seat, move)
    if move == "roll" then return roll(t, t.vars, seat) end
    before_roll(t, t.vars, seat, move)
  end,
  ["accept or challenge"] = function(t, seat, move)
    if move == "accept" then return accept(t, t.vars, seat) end
    if move == "challenge" then return challenge(t, t.vars, seat) end
    before_roll(t, t.vars, seat, move)
  end,
  declare = function(t, seat, move) declare(t, t.vars, seat, READING_OF[move]) end,
  ["back your claim"] = function(t, seat, move)
    if move == "take strike" then return strike(t, t.vars, seat, false, true) end
    back(t, t.vars, seat, FACE_OF[move])
  end,
  strike = function(t, seat, move)
    local v = t.vars
    if move == "take strike" then return take_strike(t, v, seat) end
    play_card(t, seat, FACE_OF[move])
    K.note(t, AGAINST_STRIKE, seat, FACE_OF[move])
    start_round(t, v, seat, move == "MyBad" and v.played + 1 or 0)
  end,
  -- the card's number: a discard is asked of a zone's cards
  discard = function(t, seat, card)
    K.move(t, card, DISCARDS)
    resume(t, t.vars)
  end,
}
game.answers["face the score"] = game.answers.roll

function game.result(t)
  if not t.vars.over then return nil end
  local winner, scores = nil, {}
  for s = 1, t.nseats do
    scores[s] = K.active(t, s) and 1 or 0
    if K.active(t, s) then winner = s end
  end
  return { winners = { winner }, scores = scores }
end

return game
