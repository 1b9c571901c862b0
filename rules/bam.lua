-- BAM!, the tabletop game (seeds/002), with RULINGS.md deciding what the
-- text leaves open. rules/bam-app.lua turns it into the app (seeds/000).
--
-- A hand: pay in, deal, turn trump, play or fold, discard and draw, then
-- one round per card; the player who wins strictly more rounds than every
-- other takes the pot, else the pot carries into the next hand. A playing
-- player who wins no round is BamBoozalled and pays, instead of the hand
-- amount, the pot of that hand into the next one.
--
-- Readings of our own (not decided by the texts or RULINGS.md):
--   * Without the redraw step the turned trump card is always kept (a
--     discarded one could never be replaced).
--   * When the dealer discards the turned card, the players before the
--     dealer may not draw the stock below the one card that replaces it.
--   * RULINGS.md, end of a game: no game ends with credits in the pot. A
--     game that ends at a pay-in gives each payment of it back and shares
--     what the pot held before it among the players in the game then; one
--     that ends after a split hand shares the pot among those who tied.
--     A remainder goes a credit each clockwise from the dealer's left.
--   * A discard names its cards ("discard 2C 9H"), typed in any order.

local lib = import("cards")
-- A list with room made for n entries (Lua 5.5's table.create): the
-- hand's lists are made once each, at their size, not grown one by one.
local new_list = table.create
-- The standard functions a hand calls, kept as locals: a global is looked
-- for in the game's own environment before the standard one, on each call.
local ipairs, assert, concat = ipairs, assert, table.concat

local game = {
  description = "BAM! at the table: trumps, play or fold, redraw, pots and BamBoozals",
  players = { min = 3, max = 6 },
  default_bot = "bam-greedy",
  -- Every move naming a card comes from t:ask_cards, t:ask_trick,
  -- t:ask_discards or t:card(name, hand): a real deck can be refereed.
  real_deck = true,
  options = {
    { name = "cards", default = 4, min = 3, max = 6, help = "cards per hand (= rounds per hand)" },
    { name = "credits", default = 1000, min = 1, max = 1000000000, help = "starting credits of each player" },
    { name = "hand_amount", default = 50, min = 1, max = 1000000000, help = "what each player pays in per hand" },
    { name = "fold", default = true, help = "players declare play or fold before the rounds" },
    { name = "redraw", default = true, help = "playing players may discard and draw replacements" },
    { name = "hands", default = 0, min = 0, max = 100000, help = "hands in a game (0: until one player has credits left)" },
    { name = "dealer", default = 0, min = 0, max = 6, seat = true, help = "the first dealer's seat (0: drawn at random)" },
  },
}

-- The piles and each seat's hand (hands[seat], named hand_names[seat]),
-- each seat's credits (accounts[seat], named account_names[seat]) and the
-- pot: by name, and by the numbers t:zone and t:account give once prepare
-- below has made them (a variant's own prepare leaves the names, which
-- work as well).
local STOCK, DISCARD, TRICK, PLAYED, POT = "stock", "discard", "trick", "played", "pot"
local hands, hand_names = seat_names("hand"), seat_names("hand")
local accounts, account_names = seat_names("seat"), seat_names("seat")

-- The fixed answers.
local PLAY_OR_FOLD, KEEP_OR_DISCARD = moves{ "play", "fold" }, moves{ "keep", "discard" }

-- What the record keeps of each hand (t:event), the values given in the
-- order of the fields named here.
local HAND = event_fields("hand", "number", "dealer", "pot")
local TRUMP = event_fields("trump", "suit", "card", "dealer")
local ROUND = event_fields("round", "number", "leader", "order")

-- A list of value for each seat: list filled again when given (the
-- hand's lists are made once a game, filled again every hand).
local function per_seat(t, value, list)
  list = list or new_list(t.nseats)
  for s = 1, t.nseats do list[s] = value end
  return list
end

-- What the hand costs and how many cards it deals: the options here, the
-- level in the app.
function game.hand_amount(t) return t.vars.opts.hand_amount end
function game.cards_per_hand(t) return t.vars.opts.cards end

-- The table every game begins at: the deck, the hands, the credits.
function game.prepare(t, opts)
  STOCK, DISCARD = t:zone("stock"), t:zone("discard")
  TRICK, PLAYED = t:zone("trick", { vis = "public" }), t:zone("played", { vis = "public" })
  for s = 1, t.nseats do
    hands[s] = t:zone(hand_names[s], { owner = s })
    accounts[s] = t:account(account_names[s], opts.credits)
  end
  POT = t:account("pot")
  t:deck(STOCK, "standard52")
  t.vars.owes = per_seat(t, 0)
  t.vars.hands_played = 0
end

function game.setup(t, opts)
  t.vars.opts = opts
  -- "Select a Dealer (randomly)."
  if opts.dealer > 0 and opts.dealer <= t.nseats then
    t:set_dealer(opts.dealer)
  else
    t:set_dealer(t:random(t.nseats))
  end
  game.start_hand(t)
end

-- ---- pre-gameplay ----

-- "Each player places the Hand Amount into the playing area centre", or a
-- BamBoozalled player the pot of the hand they were BamBoozalled in.
function game.pay_in(t)
  local v, owes = t.vars, t.vars.owes
  local hand_amount, pot = game.hand_amount(t), t:balance(POT)
  local players, paid = lib.clockwise_from_left_of(t, t:dealer()), per_seat(t, 0)
  -- Kept until the next pay-in: a game that ends here gives them back.
  v.pay_in = { before = pot, players = players, paid = paid }
  for i = 1, #players do
    local s = players[i]
    local owed, reason = hand_amount, "hand amount"
    if owes[s] > 0 then owed, reason = owes[s], "BamBoozal" end
    local have = t:balance(accounts[s])
    if have < owed then
      t:transfer(accounts[s], POT, have, reason .. " (all in: out of the game)")
      t:eliminate(s)
      t:notef("seat %d cannot pay %d and is out of the game", s, owed)
      paid[s] = have
    else
      t:transfer(accounts[s], POT, owed, reason)
      paid[s] = owed
    end
    pot, owes[s] = pot + paid[s], 0
  end
  v.pot_amount = pot
end

-- "The dealer deals ... cards to each player in a clockwise manner", one at
-- a time from the dealer's left.
function game.deal(t)
  -- Every card comes back to the stock first (before the first hand they
  -- all lie there, where prepare put them).
  if t.vars.hands_played > 0 then
    t:move_all(DISCARD, STOCK)
    t:move_all(TRICK, STOCK)
    t:move_all(PLAYED, STOCK)
    for s = 1, t.nseats do t:move_all(hands[s], STOCK) end
  end
  t:shuffle(STOCK)
  local order = t.vars.order
  local in_order = new_list(#order)
  for i = 1, #order do in_order[i] = hands[order[i]] end
  assert(t:deal(STOCK, in_order, game.cards_per_hand(t)))
end

function game.start_hand(t)
  local v = t.vars
  if not t:active(t:dealer()) then t:rotate_dealer() end
  game.pay_in(t)
  if game.game_over(t) then return game.finish(t, { at_pay_in = true }) end
  if not t:active(t:dealer()) then t:rotate_dealer() end
  local dealer = t:dealer()
  v.order = lib.clockwise_from_left_of(t, dealer)
  t:event(HAND, v.hands_played + 1, dealer, t:balance(POT))
  v.folded = per_seat(t, false, v.folded)
  v.won = per_seat(t, 0, v.won)
  v.replace = 0
  -- RULINGS: how many cards each player discards and draws is public (the
  -- table sees it), so every view carries it: false until they have. (Two
  -- flat lists: a view copies them on every decision.)
  v.discarded, v.drawn = per_seat(t, false, v.discarded), per_seat(t, false, v.drawn)
  v.trump, v.turned = nil, nil
  game.deal(t)
  game.turn_trump(t)
end

-- The dealer chooses the card to turn (the move "turn QS").
function game.turn_trump(t)
  local dealer = t:dealer()
  t:ask_cards(dealer, "turn trump", hands[dealer], "turn one of your cards: its suit is trumps",
              nil, "turn ")
end

function game.turn(t, card)
  local v = t.vars
  t:reveal(card, "all")
  v.trump, v.turned = t:suit(card), t:name(card)
  local dealer = t:dealer()
  t:event(TRUMP, v.trump, v.turned, dealer)
  t:notef("trumps are %s (seat %d turns %s)", lib.SUIT_NAMES[v.trump], dealer, v.turned)
  if t.vars.opts.redraw then
    t:ask(dealer, "keep or discard", KEEP_OR_DISCARD,
          ("keep %s in your hand, face up, or discard it"):format(v.turned))
  else
    game.play_or_fold(t)
  end
end

-- "The dealer can choose to keep or discard" the turned card.
function game.keep_or_discard(t, move)
  if move == "discard" then
    t:move(t:card(t.vars.turned), DISCARD)
    t.vars.replace = 1
  end
  game.play_or_fold(t)
end

-- ---- play or fold, discard and draw ----

local function playing(t)
  local order, folded = t.vars.order, t.vars.folded
  local seats = new_list(#order)
  for i = 1, #order do
    if not folded[order[i]] then seats[#seats + 1] = order[i] end
  end
  return seats
end

local function start_step(t, next_step)
  t.vars.step = 0
  return next_step(t)
end

local function next_declarer(t)
  local v = t.vars
  v.step = v.step + 1
  if v.step > #v.order then return game.discard_and_draw(t) end
  local seat = v.order[v.step]
  t:set_turn(seat)
  t:ask(seat, "play or fold", PLAY_OR_FOLD, "play this hand or fold")
end

function game.play_or_fold(t)
  if not t.vars.opts.fold then return game.discard_and_draw(t) end
  start_step(t, next_declarer)
end

function game.declare(t, seat, move)
  local v = t.vars
  if move == "fold" then
    v.folded[seat] = true
    t:move_all(hands[seat], DISCARD)
    if seat == t:dealer() then v.replace = 0 end
    local left = playing(t)
    if #left == 1 then
      -- "If only one player is left playing, that player takes the pot at once."
      t:transfer(POT, accounts[left[1]], t:balance(POT), "the others folded")
      t:notef("seat %d takes the pot: everyone else folded", left[1])
      return game.end_hand(t, { winner = left[1], bamboozled = {}, leaders = left, folded_out = true })
    end
  end
  next_declarer(t)
end

-- How many cards seat may discard: no more than the stock holds, less the
-- card kept back to replace the dealer's discarded trump card (which the
-- dealer draws in their own step too).
local function discard_limit(t)
  return math.max(0, t:count(STOCK) - t.vars.replace)
end

local function next_drawer(t)
  local v = t.vars
  repeat v.step = v.step + 1 until v.step > #v.order or not v.folded[v.order[v.step]]
  if v.step > #v.order then return game.rounds(t) end
  local seat = v.order[v.step]
  t:set_turn(seat)
  -- Discards go face down: only the player knows which cards they were.
  t:ask_discards(seat, "discard and draw", hands[seat], discard_limit(t),
                 "discard any cards to draw as many, or stand", true)
end

function game.discard_and_draw(t)
  if not t.vars.opts.redraw then return game.rounds(t) end
  start_step(t, next_drawer)
end

function game.redraw(t, seat, names)
  local v = t.vars
  for _, name in ipairs(names) do t:move(t:card(name, hands[seat]), DISCARD) end
  local is_dealer = seat == t:dealer()
  local n = #names + (is_dealer and v.replace or 0)
  if is_dealer then v.replace = 0 end
  if n > 0 then assert(t:draw(STOCK, hands[seat], n)) end
  v.discarded[seat], v.drawn[seat] = #names, n
  t:notef("seat %d discards %d and draws %d", seat, #names, n)
  next_drawer(t)
end

-- ---- the rounds ----

-- The playing seats in the order they play a round: the leader, then
-- clockwise past those who folded (the hand's order, from the leader on),
-- written over the last round's list.
local function round_order(t, leader)
  local order, folded = t.vars.order, t.vars.folded
  local seats = t.vars.round_order or new_list(#order)
  local n, at, k = #order, 1, 0
  while order[at] ~= leader do at = at + 1 end
  for i = at, at + n - 1 do
    local seat = order[(i - 1) % n + 1]
    if not folded[seat] then k = k + 1; seats[k] = seat end
  end
  for i = #seats, k + 1, -1 do seats[i] = nil end
  return seats
end

-- A round: each playing seat plays a card, of the suit led if they hold
-- any, else any. The kernel asks and plays each card but the last, which
-- comes to game.play (t:ask_trick).
local function ask_round(t, leader)
  local v = t.vars
  v.round_order = round_order(t, leader)
  t:event(ROUND, v.round, leader, v.round_order)
  t:ask_trick(v.round_order, "play", hands, TRICK,
    ("round %d, trumps are %s"):format(v.round, lib.SUIT_NAMES[v.trump]))
end

function game.rounds(t)
  local v = t.vars
  v.round = 1
  local seats = playing(t)
  -- "The first clockwise player places a card."
  v.players, v.leader = #seats, seats[1]
  ask_round(t, v.leader)
end

-- The round's last card: the others lie in the trick already.
function game.play(t, seat, card)
  t:move(card, TRICK)
  game.end_round(t)
end

function game.end_round(t)
  local v = t.vars
  -- The trick holds the cards in the order they were played.
  local trick = t:cards(TRICK)
  local best = lib.trick_winner(t, trick, v.trump)
  local winner = v.round_order[best]
  v.won[winner] = v.won[winner] + 1
  t:notef("round %d: seat %d wins with %s", v.round, winner, t:name(trick[best]))
  t:move_all(TRICK, PLAYED)
  if t:count(hands[winner]) == 0 then return game.outcome(t) end
  v.round, v.leader = v.round + 1, winner
  ask_round(t, winner)
end

-- ---- post gameplay ----

-- "The winner (if any) is determined by the player with the highest number
-- of Rounds won"; every playing player with none is BamBoozalled.
function game.outcome(t)
  local v = t.vars
  local seats = playing(t)
  local leaders, best = lib.leaders(seats, function(s) return v.won[s] end)
  local bamboozled = {}
  for _, s in ipairs(seats) do
    if v.won[s] == 0 then bamboozled[#bamboozled + 1] = s end
  end
  local result = { bamboozled = bamboozled, leaders = leaders }
  if #leaders == 1 then
    result.winner = leaders[1]
    t:transfer(POT, accounts[leaders[1]], t:balance(POT), "wins the hand")
    t:notef("seat %d wins the hand with %d rounds and takes the pot of %d", leaders[1], best, v.pot_amount)
  else
    local tied = {}
    for i, s in ipairs(leaders) do tied[i] = ("seat %d"):format(s) end
    t:notef("split pot: %s and %s tie with %d rounds each, and the pot of %d carries to the next hand",
      concat(tied, ", ", 1, #tied - 1), tied[#tied], best, t:balance(POT))
  end
  for _, s in ipairs(bamboozled) do
    v.owes[s] = v.pot_amount
    t:notef("seat %d is BamBoozalled and pays %d into the next hand", s, v.pot_amount)
  end
  game.end_hand(t, result)
end

-- After every hand: announcements, then the next hand or the end.
function game.after_hand(t, result) end

function game.end_hand(t, result)
  local v = t.vars
  v.hands_played = v.hands_played + 1
  v.last = result
  game.after_hand(t, result)
  if game.game_over(t) then return game.finish(t, result) end
  -- "The next corresponding clockwise player is considered the new dealer."
  t:rotate_dealer()
  game.start_hand(t)
end

function game.game_over(t)
  local v = t.vars
  return v.over or t:active_count() < 2 or (v.opts.hands > 0 and v.hands_played >= v.opts.hands)
end

-- Shares the pot equally among seats; the remainder goes a credit each to
-- them clockwise from the dealer's left.
function game.share_pot(t, seats, reason)
  local pot = t:balance(POT)
  if pot == 0 or #seats == 0 then return end
  local sharing = {}
  for _, s in ipairs(seats) do sharing[s] = true end
  local order, s = {}, t:dealer()
  for _ = 1, t.nseats do
    s = s % t.nseats + 1
    if sharing[s] then order[#order + 1] = s end
  end
  local share, extra = pot // #order, pot % #order
  for i, seat in ipairs(order) do
    local amount = share + (i <= extra and 1 or 0)
    if amount > 0 then t:transfer(POT, accounts[seat], amount, reason) end
  end
  t:notef("the pot of %d is shared: seat%s %s", pot, #order > 1 and "s" or "", concat(order, ", "))
end

-- "End of a game" (RULINGS.md): nothing is left in the pot.
function game.finish(t, how)
  local v = t.vars
  v.over = true
  if how.at_pay_in then
    -- Each payment of the pay-in goes back; what the pot held before it is
    -- shared among the players in the game then.
    for s = 1, t.nseats do
      if v.pay_in.paid[s] > 0 then
        t:transfer(POT, accounts[s], v.pay_in.paid[s], "pay-in returned: the game is over")
      end
    end
    game.share_pot(t, v.pay_in.players, "the pot shared: the game is over")
  else
    -- After the last hand: a split pot goes to those who tied for the most rounds.
    game.share_pot(t, how.leaders or {}, "split pot shared: the game is over")
  end
end

-- ---- the referee's interface ----
-- Each step above asks the next decision (t:ask...); an answer goes to the
-- step of its decision's kind. A card move comes with its card.

game.answers = {
  ["turn trump"] = function(t, seat, move, card) game.turn(t, card) end,
  ["keep or discard"] = function(t, seat, move) game.keep_or_discard(t, move) end,
  ["play or fold"] = function(t, seat, move) game.declare(t, seat, move) end,
  -- "discard 2C 9H" or "stand"
  ["discard and draw"] = function(t, seat, move) game.redraw(t, seat, lib.names_after_verb(move)) end,
  play = function(t, seat, move, card) game.play(t, seat, card) end,
}

-- A person whose time runs out (a served table's --clock) does what a
-- player who says nothing does: folds, stands pat, keeps the turned card.
-- A card to turn or to play is theirs to choose: the table waits for them.
local SILENCE = { ["play or fold"] = "fold", ["discard and draw"] = "stand", ["keep or discard"] = "keep" }
function game.default_answer(t, seat) return SILENCE[t:asked()] end

-- Why a typed move is refused.
function game.explain(t, seat, text)
  local asked = t:asked()
  if asked == "play" then
    local card = t:card(text)
    if not card then return ("'%s' is not a card: a card is a rank and a suit, such as QS or 10H"):format(text) end
    if t:where(card) ~= hand_names[seat] then return ("you do not hold %s"):format(t:name(card)) end
    local led = t:suit(t:cards(TRICK)[1])
    local follow = {}
    for _, c in ipairs(lib.of_suit(t, hands[seat], led)) do follow[#follow + 1] = t:name(c) end
    return ("you must follow %s: you hold %s"):format(lib.SUIT_NAMES[led], concat(follow, " "))
  elseif asked == "discard and draw" and text:lower():match("^discard") then
    local named, seen = {}, {}
    for word in text:gmatch("%S+", #"discard" + 1) do
      local card = t:card(word:upper(), hands[seat])
      if not card then return ("you do not hold %s"):format(word:upper()) end
      if seen[card] then return ("%s is named twice"):format(t:name(card)) end
      seen[card], named[#named + 1] = true, card
    end
    if #named > discard_limit(t) then
      return ("you may discard at most %d: the stock holds %d"):format(discard_limit(t), t:count(STOCK))
    end
    if #named == 0 then
      local own = t:cards(hands[seat])
      return ("name the cards to discard (such as: discard %s), or stand"):format(t:name(own[#own]))
    end
  elseif asked == "turn trump" then
    local words = {}
    for word in text:gmatch("%S+") do words[#words + 1] = word end
    local card = words[2] and t:card(words[2]:upper())
    if card and t:where(card) ~= hand_names[seat] then return ("you do not hold %s"):format(t:name(card)) end
    return ("the dealer turns one of their own cards (such as: turn %s)"):format(t:name(t:cards(hands[seat])[1]))
  end
end

-- "seat 1 2, seat 2 0": one value per seat, as f gives it (nil: left out).
local function per_seat_text(t, f)
  local parts = {}
  for s = 1, t.nseats do
    local value = f(s)
    if value ~= nil then parts[#parts + 1] = ("seat %d %s"):format(s, tostring(value)) end
  end
  return concat(parts, ", ")
end

-- The state at a glance (show, and each decision at the REPL): all public.
function game.status(t, seat)
  local v, lines = t.vars, {}
  if v.over then -- no hand to come: what the game came to
    lines[#lines + 1] = ("game over after %d hand%s"):format(v.hands_played, v.hands_played == 1 and "" or "s")
  else
    lines[#lines + 1] = ("hand %d, dealer seat %d; pot %d"):format(v.hands_played + 1, t:dealer(), t:balance(POT))
  end
  if v.trump then
    -- the dealer keeps or discards the turned card: said once they have
    local fate = t:asked() == "keep or discard" and ", the dealer to keep or discard it"
      or t:where(t:card(v.turned)) == "discard" and ", discarded" or ", kept"
    lines[#lines + 1] = ("trumps: %s (%s turned%s)"):format(lib.SUIT_NAMES[v.trump], v.turned, fate)
  end
  -- the round in play: its cards so far, in the order played
  local trick = t:cards(TRICK)
  if #trick > 0 and t:asked() == "play" then
    local played = {}
    for i, c in ipairs(trick) do played[i] = ("seat %d %s"):format(v.round_order[i], t:name(c)) end
    lines[#lines + 1] = ("round %d so far: %s"):format(v.round, concat(played, ", "))
  end
  local folded = {}
  for _, s in ipairs(v.order or {}) do
    if v.folded and v.folded[s] then folded[#folded + 1] = s end
  end
  if #folded > 0 then lines[#lines + 1] = "folded: seat " .. concat(folded, ", seat ") end
  local redrawn = v.discarded and per_seat_text(t, function(s)
    return v.discarded[s] and ("%d out, %d in"):format(v.discarded[s], v.drawn[s]) or nil
  end) or ""
  if redrawn ~= "" then lines[#lines + 1] = "discarded and drawn: " .. redrawn end
  if v.won and t:asked() == "play" then
    lines[#lines + 1] = "rounds won: " .. per_seat_text(t, function(s)
      return not v.folded[s] and t:active(s) and v.won[s] or nil
    end)
  end
  lines[#lines + 1] = "credits: " .. per_seat_text(t, function(s)
    return t:active(s) and t:balance(accounts[s]) or "out"
  end)
  local owed = per_seat_text(t, function(s) return v.owes[s] > 0 and v.owes[s] or nil end)
  if owed ~= "" then lines[#lines + 1] = "BamBoozalled, to pay in next hand: " .. owed end
  return lines
end

-- How each seat stands while the game goes on (for search bots that cut
-- a playout short): its credits.
function game.standing(t)
  local credits = {}
  for s = 1, t.nseats do credits[s] = t:balance(accounts[s]) end
  return credits
end

function game.result(t)
  local v = t.vars
  if not v.over then return nil end
  local scores = new_list(t.nseats)
  for s = 1, t.nseats do scores[s] = t:balance(accounts[s]) end
  local winners, best = lib.best_seats(scores)
  return { winners = winners, scores = scores,
           message = ("seat %s %s with the most credits: %d"):format(
             concat(winners, " and seat "), #winners > 1 and "end" or "ends", best) }
end

return game
