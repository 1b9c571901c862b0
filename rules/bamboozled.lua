-- Bamboozled, the rummy (seeds/003), with RULINGS.md deciding what the
-- text leaves open.
--
-- Two players, a 52-card deck and two jokers. Each hand: seven cards each,
-- one card face up on the stack. A turn: draw the top of the deck, or any
-- card of the stack with every card above it (the card taken must be used
-- this turn); then place combinations on your side: pairs (4H 4D) and
-- suited connectors (8S 9S), or a card that continues a combination there;
-- bamboozle the opponent's side; then discard. Whoever discards their last
-- card ends the hand. Cards on your side count for you, cards in hand
-- against you (a joker in hand +10, on the table 0). Hands go on until a
-- player reaches the target.
--
-- Readings of our own (not decided by the texts or RULINGS.md):
--   * Cards on a side are related by rank (the same rank) and by run (the
--     same suit, ranks next to each other): a combination is cards so
--     related, and a card continues it when it is related to one of them,
--     whichever cards were placed together.
--   * RULINGS.md: the stack's card may be taken when the taker's own moves
--     this turn could use it, judged from what the taker sees (their hand,
--     both sides). Every such use is open at once: a relation joins two
--     cards, and what a turn brings to the taker's side comes from their
--     hand or, by a bamboozle, from the other side, which the card relates
--     to already (a steal takes from the unseen hand, which does not
--     count). So it is offered when it could be used at once: in a
--     combination with a card of the hand (or of the cards taken with it),
--     continuing a combination of your side, or in a bamboozle. It is then
--     used at any point before the discard; a move after which it could not
--     be used is refused, and one look ahead decides that too.
--   * An ace relates to both the king and the two of its suit, so a
--     bamboozle with an ace takes the run on both sides of it.
--   * A bamboozle must take at least one card.
--   * The rap is offered to the other player whenever the discard relates
--     to a card of either side or to a card of the stack; the rapped card
--     goes to the rapper's hand, and their turn begins with the draw.
--   * After the pair of jokers the opponent's hand is shown and the player
--     "may" take a card of it: "steal 7H", or "pass" to take none.
--   * Showing the hand reveals each card the opponent has not seen yet;
--     the cards drawn later stay hidden until the next combination.
--   * With a real deck (--table cards) the referee knows a card once it is
--     named: the dealer names the card turned onto the stack ("up 7H"), a
--     player names the cards of each combination, bamboozle and discard
--     (judged, as the referee cannot list what a real hand makes), the
--     card stolen, and at the end of a hand the cards left in it
--     ("left 7H JK1"). A card of the stack may be taken when it could be
--     used with a card not yet shown.

local lib = import("cards")

-- The standard functions a turn calls, kept as locals: a global is looked
-- for in the game's own environment before the standard one, on each call.
local ipairs, assert, table = ipairs, assert, table

local VALUES = { A = 1, ["2"] = 2, ["3"] = 3, ["4"] = 4, ["5"] = 5, ["6"] = 6, ["7"] = 7, ["8"] = 8,
                 ["9"] = 9, ["10"] = 10, J = 10, Q = 10, K = 10, JK = 10 }

local function check_values(values)
  for name in pairs(VALUES) do
    if math.type(values[name]) ~= "integer" then
      return nil, ("values.%s must be a whole number (each of A, 2..10, J, Q, K and JK)"):format(name)
    end
  end
  return true
end

local game = {
  description = "Bamboozled, the rummy: pairs and suited connectors, drawing deep from the stack, bamboozling, rapping",
  players = { min = 2, max = 2 },
  default_bot = "ismcts", -- the stronger opponent: it wins 75% of one-hand games against bamboozled-greedy
  real_deck = true, -- moves a real hand makes are typed and judged (game.judge)
  -- The table's own ruling beside a payment: points put right.
  rulings = { "points N to SEAT: WHY" },
  options = {
    { name = "jokers", default = true, help = "play with the two jokers" },
    { name = "target", default = 500, min = 1, max = 100000, help = "the score that ends the match" },
    { name = "hands", default = 0, min = 0, max = 10000, help = "hands in the match (0: until a player reaches the target)" },
    { name = "first", default = 0, min = 0, max = 2, seat = true, help = "who plays first in the first hand (0: drawn at random)" },
    { name = "values", default = VALUES, check = check_values,
      help = "each card's points: A, 2..10, J, Q, K, and JK for a joker in hand" },
  },
}

-- Each player's hand and the cards they placed: hands[seat], sides[seat].
local hands, sides = seat_names("hand"), seat_names("side")
-- A hand's start in the record (t:event), the values given in this order.
local HAND = event_fields("hand", "number", "dealer", "first")
local function other(seat) return 3 - seat end

-- The decisions, asked where the play reaches them (below, after the moves).
local ask_to_draw, ask_to_play, ask_to_steal, ask_to_rap

-- The table every game begins at: the deck, the stack, hands and sides.
function game.prepare(t, opts)
  t:zone("deck")
  t:zone("stack", { vis = "public" })
  for s = 1, 2 do
    t:zone(hands[s], { owner = s })
    t:zone(sides[s], { vis = "public" })
  end
  -- "The two jokers are told apart" (RULINGS.md): JK1 and JK2.
  t:deck("deck", opts.jokers and { "standard52", "JK1", "JK2" } or "standard52")
  t.vars.totals, t.vars.hands_played = { 0, 0 }, 0
end

function game.setup(t, opts)
  local v = t.vars
  v.opts = opts
  v.first = (opts.first == 1 or opts.first == 2) and opts.first or t:random(2)
  game.deal(t)
end

-- "Each player is dealt seven cards. ... One card is placed face-up on the stack."
function game.deal(t)
  local v = t.vars
  for _, zone in ipairs({ "stack", hands[1], hands[2], sides[1], sides[2] }) do t:move_all(zone, "deck") end
  t:shuffle("deck")
  local order = v.first == 1 and { hands[1], hands[2] } or { hands[2], hands[1] }
  assert(t:deal("deck", order, 7))
  if not t.real_deck then assert(t:draw("deck", "stack")) end
  v.must_use = nil
  t:set_dealer(other(v.first)) -- the other player deals
  t:set_turn(v.first)
  t:event(HAND, v.hands_played + 1, t:dealer(), v.first)
  if t.real_deck then
    -- The dealer turns the deck's top card and names it.
    return t:ask_cards(t:dealer(), "turn the upcard", "deck",
                       "turn the deck's top card onto the stack: name it", nil, "up ")
  end
  ask_to_draw(t)
end

function game.up(t, card)
  t:move(card, "stack")
  ask_to_draw(t)
end

-- ---- relations ----

-- Two cards are related when they make a combination, "any pairs (e.g.
-- 4H 4D) or suited connectors (e.g. 8S 9S)": the same rank, or the same
-- suit and ranks next to each other (the ace both low and high); jokers
-- only with each other. The kernel weighs them: t:combines(card, other)
-- with a card or with any card of a zone, every related pair of a zone at
-- once (t:combining), and the cards of a zone related to a card of
-- another, or above them in their own (t:combinable).

local function is_joker(t, c) return t:rank(c) == 1 end

-- Does card continue a combination of zone (a bamboozle): related to one
-- of its cards, and no joker?
local function continues(t, card, zone)
  return not is_joker(t, card) and t:combines(card, zone)
end

-- What a bamboozle with `card` takes from a side's cards: the cards of its
-- rank, and the unbroken run of its suit through it, both ways ("4D can
-- take opponent's 4S 4C 5D 6D, but not 6C"). Jokers are never taken.
function game.bamboozled_by(t, card, side)
  local rank, suit = t:rank(card), t:suit(card)
  if suit == nil then return {} end
  local taken, run, seen = {}, {}, {}
  for _, c in ipairs(side) do
    local r, s = t:rank(c), t:suit(c)
    if s ~= nil then
      if r == rank then
        taken[#taken + 1], seen[c] = c, true
      elseif s == suit then
        run[r] = c
        if r == 14 then run[1] = c end -- the ace low too
      end
    end
  end
  local function walk(from, step)
    local r = from + step
    while run[r] and not seen[run[r]] do
      taken[#taken + 1], seen[run[r]] = run[r], true
      r = r + step
    end
  end
  if rank == 14 then
    walk(1, 1)
    walk(14, -1)
  else
    walk(rank, 1)
    walk(rank, -1)
  end
  return taken
end

-- The names of the cards that relate to card: its rank in the other
-- suits, and its suit next to it (a joker: the jokers).
local RANK_TEXT = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A" }
local function related_names(t, card)
  local rank, suit = t:rank(card), t:suit(card)
  if suit == nil then return { "JK1", "JK2" } end
  local names = {}
  for s in ("CDHS"):gmatch(".") do
    if s ~= suit then names[#names + 1] = RANK_TEXT[rank] .. s end
  end
  for r = 2, 14 do
    local apart = math.abs(rank - r)
    if apart == 1 or apart == 12 then names[#names + 1] = RANK_TEXT[r] .. suit end
  end
  return names
end

-- With a real deck: a card of seat's hand that relates to card, found by
-- name (one not yet shown may be any card not shown elsewhere), or nil.
local function could_hold_related(t, seat, card)
  for _, name in ipairs(related_names(t, card)) do
    local c = t:card(name, hands[seat])
    if c and c ~= card then return c end
  end
end

-- ---- the moves of a turn ----

-- A list of move texts, with room made for about `room` (table.create),
-- and a function that adds one. No text comes twice: every card has a name
-- of its own (the jokers are JK1 and JK2).
local function list(room)
  local moves = table.create(room or 0)
  return moves, function(text) moves[#moves + 1] = text end
end

-- The cards of the stack a seat may take, by name: where each lies that
-- could be used at once: with a card of the hand or one taken with it,
-- onto the seat's side, or in a bamboozle, leaving a card to discard. Also
-- the stack, and the name of each of its cards.
local function takes(t, seat)
  local held_now, stack = t:count(hands[seat]), t:cards("stack")
  local at, names = {}, table.create(#stack)
  local with_hand, with_above = t:combinable("stack", hands[seat]), t:combinable("stack")
  local onto_mine, onto_theirs = t:combinable("stack", sides[seat]), t:combinable("stack", sides[other(seat)])
  for i = #stack, 1, -1 do
    local card, name = stack[i], t:name(stack[i])
    names[i] = name
    local held = held_now + #stack - i + 1 -- the hand once the card is taken
    if held >= 2 then
      local in_hand = with_hand[card]
      if t.real_deck then -- a real hand: could it hold a card that relates?
        in_hand = could_hold_related(t, seat, card) ~= nil
      end
      local usable = held >= 3 and (in_hand or with_above[card])
      -- (a bamboozle takes what the card continues on the other side)
      if usable or onto_mine[card] or (onto_theirs[card] and not is_joker(t, card)) then at[name] = i end
    end
  end
  return at, stack, names
end

-- The draw: the deck's top, or a card of the stack that can be used this
-- turn, with every card above it.
function game.draw_moves(t, seat)
  local moves, add = list()
  add("draw")
  local at, stack, names = takes(t, seat)
  for i = #stack, 1, -1 do
    if at[names[i]] == i then add("take " .. names[i]) end
  end
  return moves
end

-- A card taken from the stack "must be used on the same turn": at any
-- point before the discard (RULINGS.md). Could `must` still be used after
-- seat places `gone` with `verb` (a meld, an extension or a bamboozle that
-- leaves it in hand)? As it could at once after that move: with a card of
-- the hand (a meld keeps a card to discard), onto this side (where `gone`
-- and a bamboozle's take now lie too), or in a bamboozle. `cards` holds the
-- decision's hand and the other side's cards, read once.
local function leaves_usable(t, seat, must, verb, gone, cards)
  local out = {}
  for _, c in ipairs(gone) do out[c] = true end
  local n = #cards.hand - #gone
  if n < 2 then return false end
  for _, c in ipairs(gone) do
    if t:combines(must, c) then return true end
  end
  if t:combines(must, sides[seat]) then return true end
  local took = {}
  if verb == "bamboozle" then
    for _, c in ipairs(game.bamboozled_by(t, gone[1], cards.theirs)) do
      if t:combines(must, c) then return true end
      took[c] = true
    end
  end
  if not is_joker(t, must) then -- a joker bamboozles nothing
    for _, c in ipairs(cards.theirs) do
      if not took[c] and t:combines(must, c) then return true end
    end
  end
  if n < 3 then return false end
  -- Last: at a real deck, asking for a related card names an unknown one.
  if t.real_deck then
    local c = could_hold_related(t, seat, must)
    return c ~= nil and not out[c]
  end
  for _, c in ipairs(cards.hand) do
    if not out[c] and t:combines(must, c) then return true end
  end
  return false
end

-- After the draw: combinations, bamboozles, and the discard. "A play in
-- which there are no cards to discard is illegal": each keeps a card in
-- hand. While a card taken from the stack waits to be used, no discard,
-- and no move that would leave it unusable.
function game.play_moves(t, seat)
  local hand = t:cards(hands[seat])
  local moves, add = list(2 * #hand)
  local n, must = #hand, t.vars.must_use
  local cards = must and { hand = hand, theirs = t:cards(sides[other(seat)]) }
  local function uses_verb(verb, ...)
    if not must then return true end
    for _, c in ipairs({ ... }) do
      if c == must then return true end
    end
    return leaves_usable(t, seat, must, verb, { ... }, cards)
  end
  local function uses(...) return uses_verb("meld", ...) end
  if n >= 3 then
    for _, pair in ipairs(t:combining(hands[seat])) do
      local a, b = pair[1], pair[2]
      if uses(a, b) then add("meld " .. t:name(a) .. " " .. t:name(b)) end
    end
  end
  if n >= 2 then
    local onto_mine, onto_theirs = t:combinable(hands[seat], sides[seat]), t:combinable(hands[seat], sides[other(seat)])
    for _, c in ipairs(hand) do
      if onto_mine[c] and uses_verb("extend", c) then add("extend " .. t:name(c)) end
    end
    for _, c in ipairs(hand) do
      if onto_theirs[c] and not is_joker(t, c) and uses_verb("bamboozle", c) then add("bamboozle " .. t:name(c)) end
    end
  end
  if not must then
    for _, c in ipairs(hand) do add("discard " .. t:name(c)) end
  end
  if must and #moves == 0 and t.real_deck then
    -- A real hand took the card to meld it with a card not shown yet.
    local c = n >= 3 and could_hold_related(t, seat, must)
    if c then add("meld " .. t:name(must) .. " " .. t:name(c)) end
  end
  return moves
end

-- ---- carrying moves out ----

-- "After placing down any combination, a player must show his hand."
-- ---- the decisions ----

local PROMPTS = {
  draw = "draw from the deck, or take a card of the stack (and every card above it)",
  play = "place combinations, bamboozle, then discard",
  steal = "take one card of your opponent's hand, or pass",
  rap = "rap the table for the discard, or pass",
  ["name the cards left"] = "name the cards left in your hand (left 7H JK1): they count against you",
}

-- "On his turn, a player must draw", from the deck or deep from the stack.
function ask_to_draw(t)
  local seat = t:turn()
  t:ask(seat, "draw", game.draw_moves(t, seat), PROMPTS.draw)
end

-- With a real deck the moves of a hand are the player's to name, and the
-- rules' judge to weigh: the referee cannot list what a real hand makes.
local PLAY_VERBS = { "meld", "extend", "bamboozle", "discard" }

-- Then places combinations, bamboozles, and ends the turn with a discard.
function ask_to_play(t)
  local seat = t:turn()
  t:ask(seat, "play", game.play_moves(t, seat), PROMPTS.play, false, t.real_deck and PLAY_VERBS or nil)
end

-- After a pair of jokers: a card of the opponent's hand, now seen.
function ask_to_steal(t)
  local seat = t:turn()
  local moves, add = list()
  for _, c in ipairs(t:cards(hands[other(seat)])) do add("steal " .. t:name(c)) end
  add("pass")
  t:ask(seat, "steal", moves, PROMPTS.steal, false, t.real_deck and "steal" or nil)
end

-- With a real deck, at the end of a hand: the cards left in a hand, named
-- (their points count).
local function ask_left(t)
  local seat = t.vars.left[1]
  local names = {}
  for i, c in ipairs(t:cards(hands[seat])) do names[i] = t:name(c) end
  t:set_turn(seat)
  t:ask(seat, "name the cards left", { "left " .. table.concat(names, " ") }, PROMPTS["name the cards left"], false, "left")
end

local RAP_OR_PASS = moves{ "rap", "pass" }

-- A discard that could have been placed: the opponent may rap for it.
function ask_to_rap(t)
  t:ask(t.vars.rapper, "rap", RAP_OR_PASS, PROMPTS.rap)
end

local function show_hand(t, seat)
  for _, c in ipairs(t:cards(hands[seat])) do
    if not t:sees(other(seat), c) then t:reveal(c, other(seat)) end
  end
end

local function placed(t, seat, cards)
  local v = t.vars
  for _, c in ipairs(cards) do
    t:move(c, sides[seat])
    if c == v.must_use then v.must_use = nil end
  end
  show_hand(t, seat)
end

local function value(t, c)
  local name = t:name(c)
  return t.vars.opts.values[is_joker(t, c) and "JK" or name:sub(1, -2)]
end

-- The hand's score of a seat: its side, less its hand; a joker counts
-- nothing on the side and adds its value in hand.
function game.hand_score(t, seat)
  local score = 0
  for _, c in ipairs(t:cards(sides[seat])) do
    if not is_joker(t, c) then score = score + value(t, c) end
  end
  for _, c in ipairs(t:cards(hands[seat])) do
    score = score + (is_joker(t, c) and value(t, c) or -value(t, c))
  end
  return score
end

function game.end_hand(t)
  local v = t.vars
  if t.real_deck then
    -- The referee knows the cards left in a real hand once they are named.
    v.left = {}
    for s = 1, 2 do
      if t:count(hands[s]) > 0 then v.left[#v.left + 1] = s end
    end
    if #v.left > 0 then
      return ask_left(t)
    end
  end
  game.score_hand(t)
end

-- With a real deck: seat names the cards left in its hand, shown to all.
function game.name_left(t, seat, move)
  local v = t.vars
  for name in move:gmatch("%S+") do
    if name ~= "left" then t:reveal(t:card(name, hands[seat]), "all") end
  end
  table.remove(v.left, 1)
  if #v.left > 0 then return ask_left(t) end
  v.left = nil
  game.score_hand(t)
end

-- The table's ruling (`ruling points 20 to seat2: a miscount` at the REPL,
-- where "Bob" reads as seat2; a negative number takes points away): true,
-- or nil and why. Reaching the target ends the match when the hand does.
function game.ruling(t, text)
  local v = t.vars
  local colon = text:find(":", 1, true)
  local n, seat = text:sub(1, (colon or 1) - 1):match("^points (%-?%d+) to seat(%d+)$")
  local why = colon and text:sub(colon + 1):match("^%s*(.*)$") or ""
  n, seat = tonumber(n), tonumber(seat)
  if not n or why == "" then return nil, ("'%s' is no ruling of this game"):format(text) end
  if seat ~= 1 and seat ~= 2 then return nil, ("seat %s is not a player"):format(tostring(seat)) end
  if n == 0 then return nil, "a ruling of 0 points changes nothing" end
  if v.over then return nil, "the match is over" end
  v.totals[seat] = v.totals[seat] + n
  t:notef("the table's ruling: seat %d %s %d point%s (%s): %d in all", seat, n > 0 and "gets" or "loses",
    math.abs(n), math.abs(n) == 1 and "" or "s", why, v.totals[seat])
  return true
end

function game.score_hand(t)
  local v = t.vars
  v.hands_played = v.hands_played + 1
  for s = 1, 2 do
    local score = game.hand_score(t, s)
    v.totals[s] = v.totals[s] + score
    t:notef("hand %d: seat %d scores %d (%d in all)", v.hands_played, s, score, v.totals[s])
  end
  local target = v.opts.target
  if v.totals[1] >= target or v.totals[2] >= target or
     (v.opts.hands > 0 and v.hands_played >= v.opts.hands) then
    v.over = true
    return
  end
  -- "The player who goes first alternates every hand."
  v.first = other(v.first)
  game.deal(t)
end

-- "When the deck runs out, the stack except its top card is shuffled into
-- a new deck; if that is empty too, the hand ends and is scored."
function game.draw(t, seat)
  if t:count("deck") == 0 then
    local stack = t:cards("stack")
    for i = 1, #stack - 1 do t:move(stack[i], "deck") end
    t:shuffle("deck")
    if t:count("deck") == 0 then return game.end_hand(t) end
    t:notef("the stack but its top card is shuffled into a new deck")
  end
  t:draw("deck", hands[seat])
  ask_to_play(t)
end

function game.take(t, seat, name)
  local v = t.vars
  local at, stack = takes(t, seat)
  local i = at[name]
  for j = i, #stack do t:move(stack[j], hands[seat]) end
  v.must_use = stack[i]
  ask_to_play(t)
end

function game.meld(t, seat, a, b)
  local first, second = t:card(a, hands[seat]), t:card(b, hands[seat])
  placed(t, seat, { first, second })
  if is_joker(t, first) then
    -- "If a player plays a pair of jokers, he may see his opponent's hand
    -- and take one card from it."
    for _, c in ipairs(t:cards(hands[other(seat)])) do t:reveal(c, seat) end
    return ask_to_steal(t)
  end
  ask_to_play(t)
end

function game.bamboozle(t, seat, name)
  local card = t:card(name, hands[seat])
  local taken = game.bamboozled_by(t, card, t:cards(sides[other(seat)]))
  local names = {}
  for i, c in ipairs(taken) do names[i] = t:name(c) end
  placed(t, seat, { card })
  for _, c in ipairs(taken) do t:move(c, sides[seat]) end
  t:notef("seat %d bamboozles with %s and takes %s", seat, name, table.concat(names, " "))
  ask_to_play(t)
end

function game.discard(t, seat, name)
  local v = t.vars
  local card = t:card(name, hands[seat])
  t:move(card, "stack")
  -- "The game is over when a player discards his last card."
  if t:count(hands[seat]) == 0 then return game.end_hand(t) end
  -- Rapping: the discard could have gone onto the table, or makes a
  -- combination with a card of the stack.
  if t:combines(card, sides[1]) or t:combines(card, sides[2]) or t:combines(card, "stack") then
    v.rapper = other(seat)
    return ask_to_rap(t)
  end
  t:set_turn(other(seat))
  ask_to_draw(t)
end

function game.rap(t, seat, move)
  local v = t.vars
  if move == "rap" then
    -- "the first player to rap the table twice gets the cards ... This
    -- card does not count as a draw."
    t:move(t:top("stack"), hands[seat])
    t:notef("seat %d raps the table and takes the discard", seat)
  end
  v.rapper = nil
  t:set_turn(seat)
  ask_to_draw(t)
end

-- A move's verb and the cards it names: "meld 7H 8H".
local function words_of_move(move)
  return move:match("^(%S+) ?(%S*) ?(%S*)$")
end

game.answers = {
  ["turn the upcard"] = function(t, seat, move, card) game.up(t, card) end,
  draw = function(t, seat, move)
    local verb, name = words_of_move(move)
    if verb == "draw" then return game.draw(t, seat) end
    game.take(t, seat, name)
  end,
  play = function(t, seat, move)
    local verb, a, b = words_of_move(move)
    if verb == "meld" then return game.meld(t, seat, a, b) end
    if verb == "extend" then
      placed(t, seat, { t:card(a, hands[seat]) })
      return ask_to_play(t)
    end
    if verb == "bamboozle" then return game.bamboozle(t, seat, a) end
    game.discard(t, seat, a)
  end,
  steal = function(t, seat, move)
    local verb, name = words_of_move(move)
    if verb == "steal" then
      local stolen = t:card(name, hands[other(seat)])
      t:move(stolen, hands[seat])
      -- a real card named is known from now on (the thief saw it)
      if t.real_deck then t:reveal(stolen, seat) end
    else
      t:notef("seat %d takes no card of seat %d's hand", seat, other(seat))
    end
    ask_to_play(t)
  end,
  rap = function(t, seat, move) game.rap(t, seat, move) end,
  ["name the cards left"] = function(t, seat, move) game.name_left(t, seat, move) end,
}

-- The verbs of each decision, by its kind.
local VERBS = {
  draw = { draw = true, take = true },
  play = { meld = true, extend = true, bamboozle = true, discard = true },
  steal = { steal = true, pass = true },
  rap = { rap = true, pass = true },
  ["turn the upcard"] = { up = true },
  ["name the cards left"] = { left = true },
}

function game.explain(t, seat, text)
  local v = t.vars
  local words = {}
  for w in text:upper():gmatch("%S+") do words[#words + 1] = w end
  local verb = (words[1] or ""):lower()
  local asked = t:asked()
  if not VERBS[asked][verb] then return ("now %s"):format(PROMPTS[asked]) end
  if verb == "take" then
    local card = words[2] and t:card(words[2], "stack")
    if not card then return ("there is no %s on the stack"):format(words[2] or "card named") end
    return ("%s could not be used this turn: take a card of the stack only to use it at once"):format(t:name(card))
  end
  if verb == "steal" then return ("your opponent does not hold %s"):format(words[2] or "that") end
  local hand = hands[seat]
  for i = 2, #words do
    if not t:card(words[i], hand) then
      -- a real deck's card shown elsewhere: where everyone sees it
      local shown = t.real_deck and t:card(words[i])
      local where = shown and (t:where(shown) == "stack" or t:where(shown):match("^side")) and t:where(shown)
      if where then return ("%s is already accounted for: it lies in %s"):format(words[i], where) end
      return ("you do not hold %s"):format(words[i])
    end
  end
  local must = v.must_use and t:name(v.must_use)
  if must and verb == "discard" then return ("use %s, taken from the stack, before you discard"):format(must) end
  if must then
    local named, cards = false, {}
    for i = 2, #words do
      named = named or words[i] == must:upper()
      cards[#cards + 1] = t:card(words[i], hand)
    end
    if not named and not leaves_usable(t, seat, v.must_use, verb, cards, { hand = t:cards(hand),
        theirs = t:cards(sides[other(seat)]) }) then
      return ("that would leave %s, taken from the stack, with no way to use it this turn: use it first"):format(must)
    end
  end
  local keep = #words - 1 >= t:count(hand)
  if verb == "meld" then
    if keep then return "keep a card in hand to discard" end
    return ("%s are neither a pair nor suited connectors"):format(table.concat(words, " ", 2))
  end
  if keep then return "keep a card in hand to discard" end
  if verb == "extend" then return ("%s continues nothing on your side"):format(words[2]) end
  if verb == "bamboozle" then return ("%s continues nothing on your opponent's side"):format(words[2]) end
end

-- Whether the play verb with these cards of seat's hand is legal: what
-- play_moves lists, for a real hand's cards named (judge).
local function legal_play(t, seat, verb, cards)
  local v = t.vars
  local n, must = t:count(hands[seat]), v.must_use
  local uses = not must
  for _, c in ipairs(cards) do uses = uses or c == must end
  if not uses and verb ~= "discard" then
    uses = leaves_usable(t, seat, must, verb, cards, { hand = t:cards(hands[seat]),
      theirs = t:cards(sides[other(seat)]) })
  end
  if verb == "meld" then return #cards == 2 and n >= 3 and uses and t:combines(cards[1], cards[2]) end
  if verb == "extend" then return #cards == 1 and n >= 2 and uses and t:combines(cards[1], sides[seat]) end
  if verb == "bamboozle" then
    return #cards == 1 and n >= 2 and uses and continues(t, cards[1], sides[other(seat)])
  end
  return verb == "discard" and #cards == 1 and not must
end

-- With a real deck, a move typed that names cards of a hand (the referee
-- cannot list what a real hand makes): the move, its cards found by name
-- (a card not shown yet may be any card not shown elsewhere), or nil and
-- why.
function game.judge(t, seat, text)
  local v = t.vars
  local words = {}
  for w in text:upper():gmatch("%S+") do words[#words + 1] = w end
  local verb = words[1]:lower()
  local asked = t:asked()
  local zone = asked == "steal" and hands[other(seat)] or hands[seat]
  local cards, names, seen = {}, { verb }, {}
  for i = 2, #words do
    local c = t:card(words[i], zone)
    if not c then return nil, game.explain(t, seat, text) end
    if seen[c] then return nil, ("%s is named twice"):format(t:name(c)) end
    seen[c] = true
    cards[#cards + 1], names[#names + 1] = c, t:name(c)
  end
  local move = table.concat(names, " ")
  if asked == "steal" then
    if #cards == 1 then return move end
    return nil, "steal one card of your opponent's hand, such as steal 7H"
  end
  if asked == "name the cards left" then
    if #cards == t:count(zone) then return move end
    return nil, ("name each of the %d cards left in your hand"):format(t:count(zone))
  end
  if legal_play(t, seat, verb, cards) then return move end
  return nil, game.explain(t, seat, text)
end

-- The match so far: each seat's total, with this hand's score as it stands.
-- The state at a glance (show, and each decision at the REPL): all public.
function game.status(t, seat)
  local v = t.vars
  local function names(zone)
    local list = {}
    for _, c in ipairs(t:cards(zone)) do list[#list + 1] = t:name(c) end
    return #list > 0 and table.concat(list, " ") or "empty"
  end
  return {
    "stack (top last): " .. names("stack"),
    "side of seat 1: " .. names(sides[1]),
    "side of seat 2: " .. names(sides[2]),
    ("match: seat 1 %d, seat 2 %d (to %d); hand %d, deck %d cards"):format(v.totals[1], v.totals[2],
      v.opts.target, v.hands_played + 1, t:count("deck")),
  }
end

function game.standing(t)
  local v = t.vars
  return { v.totals[1] + game.hand_score(t, 1), v.totals[2] + game.hand_score(t, 2) }
end

function game.result(t)
  local v = t.vars
  if not v.over then return nil end
  return lib.highest_score_wins(t, { v.totals[1], v.totals[2] }, "points")
end

return game
