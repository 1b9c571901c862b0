-- Bamboozled, the dice game (seeds/004), with RULINGS.md deciding what the
-- text leaves open. Variants: bamboozled-dice-no-bluffing, -more-strikes,
-- -no-limits.
--
-- A round: the player to start rolls under the cup and declares a score;
-- the next player accepts (sees the dice, then rolls and must declare at
-- least as much) or challenges (the dice are shown: a true claim strikes
-- the challenger, a bluff the claimer; the score resets and the struck
-- player starts the next round). A bluff that is accepted earns the claimer
-- an action card. Three strikes eliminate; the last player left wins.
--
-- Move texts: "roll", "declare 53", "accept", "challenge"; a card is played
-- by its name, the one name it has everywhere (hands, moves, notes): the
-- before-roll cards "FreshStart", "Reverse", "Skip", "Revive"; when a
-- challenged bluff can be backed, "Double", "Jackpot" or "UpDown" (or
-- "take strike"); facing a backed claim, "MyBad" besides the before-roll
-- cards; when a strike arrives, "Revive", "MyBad" or "take strike"; over
-- the hand limit, "discard Skip"; without bluffing, a short roll changed by
-- a card, "UpDown 54". Typed in any case ("freshstart").
--
-- Decided by RULINGS.md: a turn runs from when a claim reaches a player
-- until their own declaration passes on (or they take a strike), and every
-- action card played in it counts against `cards_per_turn`, My Bad and
-- Revive at a strike and a short roll's card included; a claimer backing a
-- caught claim is outside their turn. Whoever faces a backed score or a
-- declared Jackpot may reset it with MyBad or FreshStart; Reverse against
-- a Jackpot sends it back to its claimer. 12 is no score (a 1 and a 2 are
-- 21). After an elimination the next player clockwise starts. Without
-- bluffing the deck holds no My Bad cards.
--
-- Readings of our own (not decided by the texts or RULINGS.md):
--   * Reverse is played before the player's own answer and does not end
--     their turn: it changes who follows them.
--   * A Skip that would hand the decision back to the claimer (two players
--     left, or all others skipping) makes the claimer roll again from their
--     own declared score, with no action card for the earlier claim.
--   * A revived strike still ends the round (the score resets and the
--     player whose strike it was starts).
--   * The starter of a round may play Reverse or Revive before rolling, but
--     not Skip or Fresh Start (there is no score to pass on or reset).
--   * Discards from a full hand go face down; cards played are shown.
--   * After a card backs a challenged claim (RULINGS.md; seed 004's Jackpot
--     card) the challenger faces the score: rolls to beat it, or first
--     plays MyBad or FreshStart (the score resets and they roll) or Skip or
--     Reverse (the next player, in the new direction for Reverse, faces it).
--   * Without bluffing, a roll short of the score may be changed by the
--     roller's Double, Jackpot or UpDown to one that beats it (RULINGS.md:
--     "used as normal, on your own public roll"); the card that a short
--     roll gives goes to the previous player, whose score was not beaten,
--     and to the other player when a Skip made a player roll from their
--     own score.
--   * Only a struck player who holds Revive (or My Bad, after a failed
--     challenge), or a caught claimer holding a card that backs the claim,
--     is asked before the strike counts; the others then know that they hold
--     such a card (not which), as at a table where the player stops to think.

-- The standard functions a turn calls, kept as locals: a global is looked
-- for in the game's own environment before the standard one, on each call.
local ipairs, tonumber, unpack = ipairs, tonumber, table.unpack

local game = {
  description = "Bamboozled, the dice game: declare, bluff, accept or challenge; action cards; strikes",
  players = { min = 2, max = 8 },
  default_bot = "dice-bluffer",
  -- The table's own rulings beside a payment: a strike given (as any
  -- strike: the turn ends, the struck player starts the next round, or is
  -- eliminated), or one taken back.
  rulings = { "strike SEAT: WHY", "unstrike SEAT: WHY" },
  -- Every move naming a card comes from t:ask_cards, t:ask_trick,
  -- t:ask_discards, t:card(name, hand) or t:holds(hand, ...): a real deck
  -- can be refereed.
  real_deck = true,
  options = {
    { name = "strikes", default = 3, min = 1, max = 20, help = "strikes that eliminate a player" },
    { name = "hand_limit", default = 2, min = 0, max = 26, help = "action cards a player may hold (0: no limit)" },
    { name = "cards_per_turn", default = 1, min = 0, max = 26, help = "action cards a player may play in a turn, every card of it counting (0: any number)" },
    { name = "bluffing", default = true, help = "false: rolls are public and every claim is true" },
    { name = "first", default = 0, min = 0, max = 8, seat = true, help = "the starting player's seat (0: drawn at random)" },
  },
}

-- The 26 action cards: the name of each, in the deck and in the move that
-- plays it, how many the deck holds, and what it does (seed 004 and
-- RULINGS.md, as a page shows it when the card is tapped).
game.ACTION_CARDS = {
  { card = "Double", count = 2,
    text = "When your claim is challenged: set one die to the other's value, to make your claim true." },
  { card = "FreshStart", count = 4,
    text = "Before you roll: the score resets to zero, the player before you gets no action card, and you roll." },
  { card = "Jackpot", count = 1,
    text = "When your claim is challenged: the dice become 21, the Jackpot, to make your claim true." },
  { card = "MyBad", count = 4,
    text = "Instead of the strike for a failed challenge, or facing a backed score or a Jackpot: the score resets to zero and you roll." },
  { card = "Reverse", count = 4,
    text = "Before you roll: play reverses direction until the next reset (with two players, a Skip)." },
  { card = "Revive", count = 4,
    text = "Before you roll, or as a strike reaches you: give back one strike, or cancel the one arriving." },
  { card = "Skip", count = 4,
    text = "Before you roll: you pass, and the next player must accept or challenge the claim you faced." },
  { card = "UpDown", count = 3,
    text = "When your claim is challenged: move one die one up or down (within 1 to 6), to make your claim true." },
}
game.card_text = {}
for _, a in ipairs(game.ACTION_CARDS) do game.card_text[a.card] = a.text end
local ACTION_NAMES = {}
for i, a in ipairs(game.ACTION_CARDS) do ACTION_NAMES[i] = a.card end

-- The deck, the discards and each player's action cards (hands[seat]): by
-- name, and by the numbers t:zone gives once prepare below has made them
-- (a variant's own prepare leaves the names, which work as well). The two
-- dice, shown together.
local DECK, DISCARDS = "deck", "discards"
local hands, BOTH_DICE = seat_names("cards"), { 1, 2 }

-- ---- scores ----

-- "21 is the Jackpot and the highest; then doubles 66 > ... > 11; then every
-- other reading by its two-digit value."
function game.rank(reading)
  if not reading then return 0 end
  local a, b = reading // 10, reading % 10
  if reading == 21 then return 1000 end
  if a == b then return 500 + a end
  return reading
end

-- Every reading two dice can show: 11..66 with digits 1..6, and the move
-- that declares it, highest first as the game ranks them (the Jackpot,
-- the doubles, then the rest), so declarations are listed so. "A 1 and a
-- 2 always score 21" (RULINGS.md): 12 is no score, and cannot be declared
-- or backed.
local READINGS, DECLARE = {}, {}
for a = 1, 6 do
  for b = 1, 6 do
    if a * 10 + b ~= 12 then
      READINGS[#READINGS + 1] = a * 10 + b
      DECLARE[a * 10 + b] = "declare " .. (a * 10 + b)
    end
  end
end
table.sort(READINGS, function(x, y) return game.rank(x) > game.rank(y) end)

-- What may be declared over each score (0: none yet): every reading that
-- ranks at least as high, in that order. The game's table of legal
-- declarations, packed for t:ask once (moves{}).
local DECLARABLE_OVER, READING_OF = {}, {}
for score = 0, 66 do
  local list = {}
  for _, r in ipairs(READINGS) do
    if game.rank(r) >= game.rank(score > 0 and score or nil) then list[#list + 1] = DECLARE[r] end
  end
  DECLARABLE_OVER[score] = moves(list)
end
for _, r in ipairs(READINGS) do READING_OF[DECLARE[r]] = r end

-- Is the reading one of the dice as they lie? (x and y: the dice's
-- values, read once by a caller asking about many readings.)
function game.shows(t, reading, x, y)
  if not x then x, y = t:die_value(1, 2) end
  local a, b = reading // 10, reading % 10
  return (a == x and b == y) or (a == y and b == x)
end

-- ---- cards ----

local function holds(t, seat, name)
  return t:card(name, hands[seat])
end

local function play_card(t, seat, name)
  local c = holds(t, seat, name)
  t:move(c, DISCARDS)
  t:reveal(c, "all")
  return c
end

-- The dice an after-roll card could make the claim true with, or nil.
-- (x and y as for game.shows.)
function game.backing(t, card, reading, x, y)
  if not x then x, y = t:die_value(1, 2) end
  local candidates = {}
  if card == "Double" then candidates = { { x, x }, { y, y } }
  elseif card == "Jackpot" then candidates = { { 2, 1 } }
  elseif card == "UpDown" then
    for _, d in ipairs({ -1, 1 }) do
      if x + d >= 1 and x + d <= 6 then candidates[#candidates + 1] = { x + d, y } end
      if y + d >= 1 and y + d <= 6 then candidates[#candidates + 1] = { x, y + d } end
    end
  end
  local a, b = reading // 10, reading % 10
  for _, c in ipairs(candidates) do
    if (c[1] == a and c[2] == b) or (c[1] == b and c[2] == a) then return c end
  end
end

-- ---- setup ----

-- The table every game begins at: the action cards, two dice, no strikes.
function game.prepare(t, opts)
  DECK, DISCARDS = t:zone("deck"), t:zone("discards")
  t.vars.strikes = {}
  for s = 1, t.nseats do
    hands[s] = t:zone("cards" .. s, { owner = s })
    t.vars.strikes[s] = 0
  end
  -- "Without bluffing there are no My Bad cards in the deck" (RULINGS.md):
  -- the option and the no-bluffing variant agree.
  local cards = {}
  for _, a in ipairs(game.ACTION_CARDS) do
    if opts.bluffing or a.card ~= "MyBad" then
      for _ = 1, a.count do cards[#cards + 1] = a.card end
    end
  end
  t:deck(DECK, cards)
  t:die(6)
  t:die(6)
end

function game.setup(t, opts)
  t.vars.opts = opts
  t:shuffle(DECK)
  -- "Deal one card face down to each player."
  local dealt_to = {}
  for s = 1, t.nseats do dealt_to[s] = hands[s] end
  assert(t:deal(DECK, dealt_to, 1))
  local first = opts.first > 0 and opts.first <= t.nseats and opts.first or t:random(t.nseats)
  game.start_round(t, first)
end

-- ---- the decisions ----
-- Each is asked where the play reaches it (t:ask); a before-roll card
-- leaves the turn's question open, and it is asked again.

local ROLL, ACCEPT_OR_CHALLENGE = { "roll" }, { "accept", "challenge" }

-- What the record keeps of each round and strike (t:event), the values
-- given in the order of the fields named here.
local ROUND = event_fields("round", "starter")
local STRIKE = event_fields("strike", "seat", "strikes")

-- Whether the player whose turn it is has played as many cards in it as
-- a turn allows (RULINGS.md, cards per turn: every card of the turn counts).
local function turn_full(t)
  local v = t.vars
  return v.opts.cards_per_turn > 0 and v.played >= v.opts.cards_per_turn
end

-- Does the player to answer face a Jackpot (declared, or backed after a
-- challenge)? A round starts with no score, so only a claim can be one.
local function facing_jackpot(t)
  return t.vars.score == 21
end

-- The before-roll cards, in the order a list of moves offers them.
local BEFORE_ROLL = { "FreshStart", "MyBad", "Reverse", "Skip", "Revive" }

-- The fixed moves and those of the before-roll cards whose bit is in
-- `playable` (1 for FreshStart, 2 for MyBad, ... in BEFORE_ROLL's order):
-- each such list packed once (moves{}), the first time it is offered.
local offered = {}
local function offer(fixed, playable)
  local by_cards = offered[fixed]
  if not by_cards then
    by_cards = {}
    offered[fixed] = by_cards
  end
  local list = by_cards[playable]
  if not list then
    local names = { unpack(fixed) }
    for i, card in ipairs(BEFORE_ROLL) do
      if playable & (1 << (i - 1)) ~= 0 then names[#names + 1] = card end
    end
    list = moves(names)
    by_cards[playable] = list
  end
  return list
end

-- The fixed moves, and the before-roll cards seat may play besides.
-- `facing`: the seat faces a backed score.
local function with_cards(t, seat, fixed, facing)
  local v = t.vars
  if turn_full(t) then return offer(fixed, 0) end
  local live = v.score ~= nil
  -- Each card is looked for only where it could be played, in one call
  -- (an empty hand holds none of them).
  -- Facing a backed claim or a declared Jackpot, My Bad resets the score
  -- too (seed 004's Jackpot card: "the next player ... can use a My Bad").
  local fresh_start, my_bad, reverse, skip, revive = t:holds(hands[seat], live and "FreshStart",
    (facing or facing_jackpot(t)) and "MyBad", "Reverse", live and "Skip", "Revive")
  local playable = 0
  if fresh_start then playable = playable | 1 end
  if my_bad then playable = playable | 2 end
  if reverse and (live or t:active_count() > 2) then playable = playable | 4 end
  if skip then playable = playable | 8 end
  if revive and v.strikes[seat] > 0 then playable = playable | 16 end
  return offer(fixed, playable)
end

-- "The player to start rolls" (and may play a before-roll card first).
local function ask_to_start(t)
  local seat = t:turn()
  t:ask(seat, "roll", with_cards(t, seat, ROLL), "roll to start the round")
end

-- The next player accepts or challenges the claim (without bluffing: rolls
-- to beat it).
local function ask_to_respond(t)
  local v, seat = t.vars, t:turn()
  local prompt = ("seat %d declared %d"):format(v.claimer, v.score)
  if v.opts.bluffing then
    t:ask(seat, "accept or challenge", with_cards(t, seat, ACCEPT_OR_CHALLENGE), prompt)
  else
    t:ask(seat, "roll", with_cards(t, seat, ROLL), prompt)
  end
end

-- After a card backs a challenged claim, the challenger faces its score
-- (and, after a Skip or Reverse, the next player).
local function ask_to_face(t)
  local v, seat = t.vars, t:turn()
  t:ask(seat, "face the score", with_cards(t, seat, ROLL, true), ("seat %d's %d stands: roll to beat it, or play a card against it"):format(v.claimer, v.score))
end

-- The turn's question again, after a card that leaves it open: the one
-- being answered (a round starts with no score; a claim stands after).
local function ask_again(t)
  if t:asked() == "face the score" then return ask_to_face(t) end
  if t.vars.score then return ask_to_respond(t) end
  ask_to_start(t)
end

-- The roller declares any score that ranks at least as high as the one
-- to beat (without bluffing: one the dice show).
local function ask_to_declare(t, seat)
  local v = t.vars
  local moves = DECLARABLE_OVER[v.score or 0]
  if not v.opts.bluffing then
    local shown, x, y = {}, t:die_value(1, 2)
    for _, move in ipairs(moves) do
      if game.shows(t, READING_OF[move], x, y) then shown[#shown + 1] = move end
    end
    moves = shown
  end
  t:ask(seat, "declare", moves, v.score and ("declare at least %d"):format(v.score) or "declare any score")
end

-- Over the hand limit: a card to discard, face down (hidden).
local function ask_to_discard(t, seat)
  t:ask_cards(seat, "discard", hands[seat], ("you may hold %d action cards: discard one"):format(t.vars.opts.hand_limit), nil, "discard ", true)
end

-- ---- the flow of play ----

local function reset_direction(t)
  if t:direction() < 0 then t:reverse() end
end

-- `played`: the cards the starter has played in their turn already (My
-- Bad after a failed challenge: no strike was taken, the turn goes on);
-- 0 for a new turn.
function game.start_round(t, seat, played)
  local v = t.vars
  v.score, v.claimer, v.previous_score, v.passer = nil, nil, nil, nil
  -- the last round's dice are off the table: a new round has no roll yet
  t:hide_die(1, 2)
  reset_direction(t)
  t:set_turn(seat)
  v.played = played or 0
  t:event(ROUND, seat)
  ask_to_start(t)
end

-- The seat rolls under the cup: only they see the dice.
function game.roll(t, seat)
  local v = t.vars
  t:roll(1, 2)
  t:show_die(BOTH_DICE, seat)
  t:set_turn(seat)
  if not v.opts.bluffing and game.public_roll(t, seat) then return end
  ask_to_declare(t, seat)
end

-- No Bluffing: who passed the score on to the player now facing it (by a
-- declaration, a Skip or a Reverse), who draws the card when it is not
-- beaten (RULINGS.md). The base game has no use for it, and keeps none.
local function passes(t, seat)
  if t.vars.opts.bluffing == false then t.vars.passer = seat end
end

function game.declare(t, seat, reading)
  local v = t.vars
  passes(t, seat)
  -- Everyone heard the score this claim had to reach: it is public.
  v.score, v.claimer, v.previous_score = reading, seat, v.score
  t:set_turn(t:next(seat))
  v.played = 0
  ask_to_respond(t)
end

-- What waits on a drawn card: {roll = seat} or {strike = seat}.
function game.resume(t, after)
  if after.roll then return game.roll(t, after.roll) end
  -- a strike, which Revive may still answer (RULINGS.md, no-bluffing)
  if after.strike then return game.strike(t, after.strike, false) end
end

-- A card from the deck, refilled from its shuffled discards when empty;
-- then, over the hand limit, the choice of a card to discard; then `after`.
function game.draw_card(t, seat, after)
  local v = t.vars
  if t:count(DECK) == 0 then
    t:move_all(DISCARDS, DECK)
    t:shuffle(DECK)
  end
  if t:count(DECK) == 0 then
    t:notef("seat %d would take an action card, but every card is in a hand", seat)
    return game.resume(t, after)
  end
  t:draw(DECK, hands[seat])
  t:notef("seat %d takes an action card", seat)
  if v.opts.hand_limit > 0 and t:count(hands[seat]) > v.opts.hand_limit then
    v.discarder, v.after = seat, after
    return ask_to_discard(t, seat)
  end
  game.resume(t, after)
end

function game.accept(t, seat)
  local v = t.vars
  t:show_die(BOTH_DICE, seat)
  if not game.shows(t, v.score) then
    -- "If it was a bluff, the claimer draws an action card."
    return game.draw_card(t, v.claimer, { roll = seat })
  end
  game.roll(t, seat)
end

-- Who is struck: either the seat takes the strike, or it may answer with a
-- card (My Bad after a failed challenge, Revive at any strike).
-- The cards the struck seat may answer with, and those a caught claimer
-- may back the claim with, are worked out from their hands when asked, not
-- kept in vars: every seat sees the vars.
local function strike_answers(t, seat, failed_challenge)
  local answers = {}
  local revive, my_bad = t:holds(hands[seat], "Revive", failed_challenge and "MyBad")
  if revive then answers[#answers + 1] = "Revive" end
  if my_bad then answers[#answers + 1] = "MyBad" end
  return answers
end

local function backing_answers(t, claimer, reading)
  local answers, held = {}, { t:holds(hands[claimer], unpack(ACTION_NAMES)) }
  for i, card in ipairs(ACTION_NAMES) do
    if held[i] and game.backing(t, card, reading) then answers[#answers + 1] = card end
  end
  return answers
end

-- `caught`: the seat is a claimer caught bluffing, whose turn ended when
-- the claim passed on; any other strike falls in the struck player's own
-- turn, and counts against its cards.
function game.strike(t, seat, failed_challenge, caught)
  local v = t.vars
  local answers = (not caught and turn_full(t)) and {} or strike_answers(t, seat, failed_challenge)
  if #answers > 0 then
    v.struck, v.failed_challenge = seat, failed_challenge
    t:set_turn(seat)
    answers[#answers + 1] = "take strike"
    return t:ask(seat, "strike", answers, "a strike: play a card against it, or take it")
  end
  game.take_strike(t, seat)
end

function game.take_strike(t, seat)
  local v = t.vars
  v.strikes[seat] = v.strikes[seat] + 1
  t:event(STRIKE, seat, v.strikes[seat])
  t:notef("seat %d takes strike %d", seat, v.strikes[seat])
  local next_starter = seat
  if v.strikes[seat] >= v.opts.strikes then
    t:eliminate(seat)
    t:notef("seat %d is eliminated", seat)
    t:move_all(hands[seat], DISCARDS)
    if t:active_count() == 1 then
      v.over = true
      return
    end
    -- "To begin each round play moves clockwise": the next player clockwise,
    -- whatever the direction of the round that ended.
    reset_direction(t)
    next_starter = t:next(seat)
  end
  game.start_round(t, next_starter)
end

-- The table's ruling (`ruling strike seat2: slow play` at the REPL, where
-- "Bob" reads as seat2): true, or nil and why it cannot be.
function game.ruling(t, text)
  local v = t.vars
  local colon = text:find(":", 1, true)
  local what, seat = text:sub(1, (colon or 1) - 1):match("^(%a+) seat(%d+)$")
  local why = colon and text:sub(colon + 1):match("^%s*(.*)$") or ""
  seat = tonumber(seat)
  if not what or (what ~= "strike" and what ~= "unstrike") or why == "" then
    return nil, ("'%s' is no ruling of this game"):format(text)
  end
  if not seat or seat < 1 or seat > t.nseats or not t:active(seat) then
    return nil, ("seat %s is not a player still in the game"):format(tostring(seat))
  end
  if v.over then return nil, "the game is over" end
  if what == "unstrike" then
    if v.strikes[seat] == 0 then return nil, ("seat %d has no strike to take back"):format(seat) end
    v.strikes[seat] = v.strikes[seat] - 1
    t:event(STRIKE, seat, v.strikes[seat])
    t:notef("the table's ruling: seat %d's strike is taken back (%s); %d left", seat, why, v.strikes[seat])
    return true
  end
  t:notef("the table's ruling: seat %d takes a strike (%s)", seat, why)
  v.struck, v.failed_challenge = nil, nil
  game.take_strike(t, seat)
  return true
end

function game.challenge(t, seat)
  local v = t.vars
  t:show_die(BOTH_DICE, "all")
  local claimer, reading = v.claimer, v.score
  local x, y = t:die_value(1, 2)
  v.challenger = seat
  if game.shows(t, reading, x, y) then
    t:notef("the dice show %d and %d: seat %d told the truth", x, y, claimer)
    return game.strike(t, seat, true)
  end
  t:notef("the dice show %d and %d: seat %d bluffed", x, y, claimer)
  local backing = backing_answers(t, claimer, reading)
  if #backing > 0 then
    t:set_turn(claimer)
    backing[#backing + 1] = "take strike"
    return t:ask(claimer, "back your claim", backing, "play a card that makes your claim true")
  end
  game.strike(t, claimer, false, true)
end

-- An after-roll card makes the challenged claim true: no strike, the score
-- stands, and the challenger plays on from it.
function game.back(t, seat, card)
  local v = t.vars
  local dice = game.backing(t, card, v.score)
  play_card(t, seat, card)
  t:set_die(1, dice[1])
  t:set_die(2, dice[2])
  t:show_die(BOTH_DICE, "all")
  t:notef("seat %d plays %s: the dice now show %d and %d", seat, card, dice[1], dice[2])
  -- "To beat the Jackpot the next player either needs to roll their own
  -- Jackpot or use another action card." The challenger's turn goes on:
  -- the cards they played in it still count.
  t:set_turn(v.challenger)
  ask_to_face(t)
end

-- ---- before-roll cards ----

-- FreshStart, or MyBad against a backed claim: the score resets, and the
-- player rolls.
function game.fresh_start(t, seat, card)
  card = card or "FreshStart"
  play_card(t, seat, card)
  t.vars.played = t.vars.played + 1
  t:notef("seat %d plays %s: the score resets", seat, card)
  t.vars.score, t.vars.claimer = nil, nil
  reset_direction(t)
  game.roll(t, seat)
end

-- The claimer rolls again from their own declared score.
local function claimer_again(t)
  local v = t.vars
  v.played = 0 -- a turn of the claimer's own
  t:notef("seat %d rolls again from their own %d", v.claimer, v.score)
  game.roll(t, v.claimer)
end

function game.skip(t, seat, card)
  local v = t.vars
  play_card(t, seat, card)
  passes(t, seat)
  local nxt = t:next(seat)
  t:notef("seat %d plays %s and passes", seat, card)
  if nxt == v.claimer then return claimer_again(t) end
  t:set_turn(nxt)
  v.played = 0
  ask_again(t)
end

function game.reverse(t, seat)
  if t:active_count() == 2 then
    -- "With 2 players it is a Skip."
    return game.skip(t, seat, "Reverse")
  end
  local v = t.vars
  local jackpot = facing_jackpot(t)
  play_card(t, seat, "Reverse")
  passes(t, seat)
  t:reverse()
  t:notef("seat %d plays Reverse: play now runs %s", seat,
    t:direction() > 0 and "clockwise" or "counter-clockwise")
  if jackpot then
    -- Reverse against a Jackpot sends it back (RULINGS.md): its claimer
    -- plays it off as in the two-player Skip, in the new direction.
    return claimer_again(t)
  end
  if t:asked() == "face the score" then
    -- "force another player to deal with the Jackpot": the next, this way
    local nxt = t:next(seat)
    if nxt == v.claimer then return claimer_again(t) end
    t:set_turn(nxt)
    v.played = 0
    return ask_again(t)
  end
  v.played = v.played + 1
  ask_again(t)
end

function game.revive(t, seat)
  local v = t.vars
  play_card(t, seat, "Revive")
  v.strikes[seat] = v.strikes[seat] - 1
  t:notef("seat %d plays Revive: back to %d strikes", seat, v.strikes[seat])
  v.played = v.played + 1
  ask_again(t)
end

-- ---- the no-bluffing rule ----

-- The best reading the dice show: the first they show of READINGS,
-- which run highest first.
local function best_reading(t)
  local x, y = t:die_value(1, 2)
  for _, r in ipairs(READINGS) do
    if game.shows(t, r, x, y) then return r end
  end
end

-- The after-roll cards that could make seat's short roll beat the score:
-- "UpDown 54", one move per card and reading.
local function rescues(t, seat)
  local v, moves = t.vars, {}
  if turn_full(t) then return moves end
  local floor, x, y = game.rank(v.score), t:die_value(1, 2)
  for _, card in ipairs({ "Double", "Jackpot", "UpDown" }) do
    if holds(t, seat, card) then
      for _, r in ipairs(READINGS) do
        if game.rank(r) >= floor and game.backing(t, card, r, x, y) then moves[#moves + 1] = card .. " " .. r end
      end
    end
  end
  return moves
end

-- Rolls are public; the roller's best reading must beat the score, else a
-- strike, and the previous player draws an action card, unless the roller
-- changes the roll with an after-roll card. Returns true when the roll
-- fell short.
function game.public_roll(t, seat)
  local v = t.vars
  t:show_die(BOTH_DICE, "all")
  if not v.score then return false end
  local best = best_reading(t)
  if game.rank(best) >= game.rank(v.score) then return false end
  local moves = rescues(t, seat)
  if #moves > 0 then
    moves[#moves + 1] = "take strike"
    t:ask(seat, "short roll", moves, ("your %d is short of %d: change it with a card, or take the strike"):format(best, v.score))
    return true
  end
  game.short_roll(t, seat)
  return true
end

-- "If your score is lower than the last score, you have to take a strike
-- card. The previous player also gets to take an action card": the one
-- whose score was not beaten (after a Skip of two players, the other one).
function game.short_roll(t, seat)
  local v = t.vars
  t:notef("seat %d rolls %d, short of %d", seat, best_reading(t), v.score)
  -- the one who passed the score on: by declaring it, a Skip or a Reverse
  local previous = v.passer ~= seat and v.passer or v.claimer ~= seat and v.claimer or t:prev(seat)
  game.draw_card(t, previous, { strike = seat })
end

-- An after-roll card changes the roller's own public roll to beat the score.
function game.rescue(t, seat, move)
  local v = t.vars
  local card, reading = move:match("^(%S+) (%d+)$")
  local dice = game.backing(t, card, tonumber(reading))
  play_card(t, seat, card)
  v.played = v.played + 1
  t:set_die(1, dice[1])
  t:set_die(2, dice[2])
  t:notef("seat %d plays %s: the dice now show %d and %d", seat, card, dice[1], dice[2])
  ask_to_declare(t, seat)
end

-- ---- the referee's interface ----
-- Each step above asks the decision it reaches; an answer goes to the step
-- of its decision's kind.

-- Each card's name, by its name in lower case (a person may type either).
local CARD_NAMED = {}
for _, a in ipairs(game.ACTION_CARDS) do CARD_NAMED[a.card:lower()] = a.card end

-- A before-roll card, played in the turn's question (which stays open).
local function before_roll(t, seat, move)
  if move == "FreshStart" or move == "MyBad" then return game.fresh_start(t, seat, move) end
  if move == "Reverse" then return game.reverse(t, seat) end
  if move == "Skip" then return game.skip(t, seat, "Skip") end
  if move == "Revive" then return game.revive(t, seat) end
  error("unknown move " .. move)
end

game.answers = {
  -- the turn's question: roll (or, facing a claim, accept or challenge),
  -- or a before-roll card first
  roll = function(t, seat, move)
    if move == "roll" then return game.roll(t, seat) end
    before_roll(t, seat, move)
  end,
  ["accept or challenge"] = function(t, seat, move)
    if move == "accept" then return game.accept(t, seat) end
    if move == "challenge" then return game.challenge(t, seat) end
    before_roll(t, seat, move)
  end,
  declare = function(t, seat, move) game.declare(t, seat, tonumber(move:sub(9))) end,
  ["back your claim"] = function(t, seat, move)
    if move == "take strike" then return game.strike(t, seat, false, true) end
    game.back(t, seat, move)
  end,
  strike = function(t, seat, move)
    if move == "take strike" then return game.take_strike(t, seat) end
    play_card(t, seat, move)
    t:notef(move == "MyBad" and "seat %d plays MyBad: no strike, the score resets"
      or "seat %d plays Revive against the strike", seat)
    -- RULINGS: My Bad takes no strike, so the turn goes on and the card
    -- counts in it (with the default limit, no other card before the
    -- roll); a strike ends the turn even when Revive cancels it.
    game.start_round(t, seat, move == "MyBad" and t.vars.played + 1 or 0)
  end,
  ["short roll"] = function(t, seat, move)
    if move == "take strike" then return game.short_roll(t, seat) end
    game.rescue(t, seat, move)
  end,
  discard = function(t, seat, move)
    local v = t.vars
    t:move(holds(t, seat, move:match("^discard (%S+)$")), DISCARDS)
    local after = v.after
    v.after, v.discarder = nil, nil
    game.resume(t, after)
  end,
}
game.answers["face the score"] = game.answers.roll

-- The words typed, one pattern item each: a pattern of several repeated
-- items is held to a bound that a long line typed (forty digits) passes.
local function words_of(text)
  local words = {}
  for word in text:gmatch("%S+") do words[#words + 1] = word end
  return words
end

-- When each card is played, in the game's words, for a card typed when
-- it cannot be.
local WHEN = {
  FreshStart = "when a score stands against you, before you roll, accept or challenge",
  Skip = "when a claim reaches you, before you accept, challenge or roll",
  Reverse = "before you roll, accept or challenge",
  Revive = "when you have a strike, before you roll; or as a strike reaches you",
  MyBad = "after your own challenge fails, or when you face a backed score or a declared Jackpot",
  Double = "to back your claim when it is challenged (without bluffing: on your own short roll)",
}
WHEN.Jackpot, WHEN.UpDown = WHEN.Double, WHEN.Double

-- What the decision asks, in the game's words, for any other line typed
-- (a claim standing, the roll answers it).
local ASKED = {
  roll = "roll to start the round",
  ["accept or challenge"] = "accept or challenge the claim",
  ["face the score"] = "roll to beat the score that stands, or play a card against it",
  declare = "declare a score",
  strike = "play a card against the strike, or take it",
  ["back your claim"] = "play a card that makes your claim true, or take the strike",
  ["short roll"] = "change your short roll with a card, or take the strike",
  discard = "discard one of your action cards",
}

function game.explain(t, seat, text)
  local v = t.vars
  local words = words_of(text)
  if #words == 1 and words[1]:match("^%d+$") then words = { "declare", words[1] } end
  local reading = #words == 2 and words[1]:lower() == "declare" and words[2]:match("^%d+$")
  local asked = t:asked()
  if asked == "declare" and reading then
    local typed = reading
    reading = #typed == 2 and tonumber(typed) or 0
    if reading == 12 then return "a 1 and a 2 score 21, the Jackpot: 12 is no score" end
    if reading < 11 or reading > 66 or reading % 10 < 1 or reading % 10 > 6 or reading // 10 > 6 then
      return ("%s is not a reading two dice can show"):format(typed)
    end
    if not v.opts.bluffing and not game.shows(t, reading) then
      return ("your dice do not show %d (no bluffing in this game)"):format(reading)
    end
    return ("%d does not beat the current %d"):format(reading, v.score)
  end
  local card = CARD_NAMED[text:lower()]
  if card and not holds(t, seat, card) then return ("you do not hold a %s card"):format(card) end
  if card and v.opts.cards_per_turn > 0 and v.played >= v.opts.cards_per_turn then
    return ("you have played your %d action card for this turn"):format(v.opts.cards_per_turn)
  end
  if card then return ("%s is played %s"):format(card, WHEN[card]) end
  if asked == "roll" and v.score then asked = "accept or challenge" end
  if ASKED[asked] then return "now " .. ASKED[asked] end
end

-- The state at a glance (show, and each decision at the REPL): all public.
function game.status(t, seat)
  local v, lines = t.vars, {}
  if v.score then
    lines[#lines + 1] = ("score: %d, declared by seat %d"):format(v.score, v.claimer)
  else
    lines[#lines + 1] = "score: none yet this round"
  end
  local strikes, out = {}, {}
  for s = 1, t.nseats do
    if t:active(s) then strikes[#strikes + 1] = ("seat %d %d"):format(s, v.strikes[s])
    else out[#out + 1] = s end
  end
  lines[#lines + 1] = ("strikes (%d put a player out): %s"):format(v.opts.strikes, table.concat(strikes, ", "))
  if #out > 0 then lines[#lines + 1] = "out: seat " .. table.concat(out, ", seat ") end
  if t:active_count() > 2 then
    lines[#lines + 1] = "play runs " .. (t:direction() > 0 and "clockwise" or "counter-clockwise")
  end
  return lines
end

-- How each seat stands while the game goes on (for search bots that cut
-- a playout short): the strikes it may still take, 0 once out.
function game.standing(t)
  local v, standing = t.vars, {}
  for s = 1, t.nseats do
    standing[s] = t:active(s) and v.opts.strikes - v.strikes[s] or 0
  end
  return standing
end

function game.result(t)
  local v = t.vars
  if not v.over then return nil end
  local winner
  for s = 1, t.nseats do
    if t:active(s) then winner = s end
  end
  local scores = {}
  for s = 1, t.nseats do scores[s] = t:active(s) and 1 or 0 end
  return { winners = { winner }, scores = scores, strikes = v.strikes,
           message = ("seat %d is the last player left"):format(winner) }
end

return game
