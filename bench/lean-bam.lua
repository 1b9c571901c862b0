-- Lean BAM!: one hand of BAM! (seeds/002) written for the lean loop's
-- table (tools/lean_table.c), for `make bench` (issue 68). It is the hand
-- `make bench` times the referee and bench/bam-lean.lua on: pay in, deal,
-- turn trump, keep or discard it, play or fold, discard and draw, one round
-- per card, the pot to the most rounds (shared on a tie: the game's last
-- hand), BamBoozals noted. The kernel owns the cards, the credits and the
-- stream, as the referee's does; the rules hold handles to its zones and
-- accounts, make no table once the hand is dealt, and note what happens as
-- numbers. Played by `build/lean-loop bench/lean-bam.lua GAMES SEATS CARDS`.
local game = {
  description = "BAM!, one hand, for the lean loop's table",
  options = { { name = "cards", default = 4, min = 3, max = 6, help = "cards per hand" } },
}

local CREDITS, HAND_AMOUNT = 1000, 50
local CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
local function suit(card) return card // 13 end
local function rank(card) return card % 13 end -- the two is 0, the ace 12

-- The notes, by code, for whoever reads the log.
game.notes = {
  "trumps are %s (seat %d turns %s)",
  "seat %d takes the pot of %d: everyone else folded",
  "seat %d discards %d and draws %d",
  "round %d: seat %d wins with %s",
  "seat %d wins the hand and takes the pot of %d",
  "split pot: %d seats tie with %d rounds each",
  "seat %d is BamBoozalled and pays %d into the next hand",
}
local TRUMP, FOLDED_OUT, DREW, ROUND, TAKES, SPLIT, BAMBOOZLED = 1, 2, 3, 4, 5, 6, 7

local KEEP_OR_DISCARD, PLAY_OR_FOLD = moves{ "keep", "discard" }, moves{ "play", "fold" }

-- The table's handles, the same in every game.
local STOCK, DISCARD, TRICK, PLAYED, POT
local HAND, SEAT = {}, {}

function game.prepare(t)
  STOCK, DISCARD = t:zone("stock"), t:zone("discard")
  TRICK, PLAYED = t:zone("trick", nil, true), t:zone("played", nil, true)
  for s = 1, t.nseats do
    HAND[s] = t:zone("hand", s)
    SEAT[s] = t:account("seat", CREDITS)
  end
  POT = t:account("pot")
  t:deck(STOCK)
end

-- The next seat clockwise still playing the hand.
local function next_playing(v, seat, nseats)
  repeat seat = seat % nseats + 1 until not v.folded[seat]
  return seat
end

-- "Each player places the Hand Amount into the playing area centre"; "the
-- dealer deals ... cards to each player in a clockwise manner" from their
-- left; the dealer turns one of their cards for trumps.
function game.setup(t, opts)
  local v, n = t.vars, t.nseats
  local dealer = t:random(n)
  t:set_dealer(dealer)
  v.cards, v.replace, v.step, v.playing = opts.cards, 0, "turn", n
  v.order, v.folded, v.won, v.deal_to = {}, {}, {}, {}
  for i = 1, n do
    local s = (dealer + i - 1) % n + 1
    v.order[i], v.deal_to[i], v.folded[s], v.won[s] = s, HAND[s], false, 0
    t:transfer(SEAT[s], POT, HAND_AMOUNT)
  end
  v.pot_amount = t:balance(POT)
  t:shuffle(STOCK)
  assert(t:deal(STOCK, v.deal_to, v.cards))
  t:ask_cards(dealer, "turn trump", HAND[dealer])
end

local step = {}

function game.apply(t, seat, answer)
  return step[t.vars.step](t, seat, answer)
end

function step.turn(t, seat, card)
  local v = t.vars
  t:reveal(card)
  v.trump, v.turned = suit(card), card
  t:note(TRUMP, v.trump, seat, card)
  v.step = "keep"
  t:ask(seat, "keep or discard", KEEP_OR_DISCARD)
end

-- "The dealer can choose to keep or discard" the turned card; then each
-- player in turn plays or folds.
function step.keep(t, seat, move)
  local v = t.vars
  if move == "discard" then
    t:move(v.turned, DISCARD)
    v.replace = 1
  end
  v.step, v.i = "declare", 1
  t:ask(v.order[1], "play or fold", PLAY_OR_FOLD)
end

-- Discards and draws, in order: any set of at most what the stock can give
-- (less the card kept back for the dealer's discarded trump), or stand.
local function ask_next_discard(t, v)
  local n = t.nseats
  repeat v.i = v.i + 1 until v.i > n or not v.folded[v.order[v.i]]
  if v.i > n then return false end
  local seat = v.order[v.i]
  t:set_turn(seat)
  t:ask_discards(seat, "discard and draw", HAND[seat], math.max(0, t:count(STOCK) - v.replace))
  return true
end

-- A round: its leader plays a card, then each playing seat clockwise,
-- of the suit led if they hold any. The kernel asks each and plays each
-- card but the last, which comes to step.play.
local function ask_round(t, v, leader)
  v.leader = leader
  t:ask_trick("play", TRICK, HAND, leader, v.folded)
end

-- "The first clockwise player places a card."
local function start_rounds(t, v)
  local leader = v.order[1]
  if v.folded[leader] then leader = next_playing(v, leader, t.nseats) end
  v.step, v.round = "play", 1
  ask_round(t, v, leader)
end

function step.declare(t, seat, move)
  local v = t.vars
  if move == "fold" then
    v.folded[seat], v.playing = true, v.playing - 1
    t:move_all(HAND[seat], DISCARD)
    if seat == t:dealer() then v.replace = 0 end
    if v.playing == 1 then
      -- "If only one player is left playing, that player takes the pot at once."
      local winner = next_playing(v, seat, t.nseats)
      t:note(FOLDED_OUT, winner, t:balance(POT))
      t:transfer(POT, SEAT[winner], t:balance(POT))
      v.over = true
      return
    end
  end
  v.i = v.i + 1
  if v.i <= t.nseats then return t:ask(v.order[v.i], "play or fold", PLAY_OR_FOLD) end
  v.step, v.i = "redraw", 0
  if not ask_next_discard(t, v) then start_rounds(t, v) end
end

-- The discard names its cards by their places in the hand (a bit each).
function step.redraw(t, seat, mask)
  local v, hand = t.vars, HAND[seat]
  local thrown = 0
  for k = t:count(hand), 1, -1 do
    if mask & (1 << (k - 1)) ~= 0 then
      t:move(t:card_at(hand, k), DISCARD)
      thrown = thrown + 1
    end
  end
  local draws = thrown
  if seat == t:dealer() then draws, v.replace = draws + v.replace, 0 end
  assert(t:draw(STOCK, hand, draws))
  t:note(DREW, seat, thrown, draws)
  if not ask_next_discard(t, v) then start_rounds(t, v) end
end

-- The highest trump, else the highest card of the suit led, wins.
local function trick_winner(t, trump)
  local best, best_card = 1, t:card_at(TRICK, 1)
  for i = 2, t:count(TRICK) do
    local card = t:card_at(TRICK, i)
    if suit(card) == suit(best_card) then
      if rank(card) > rank(best_card) then best, best_card = i, card end
    elseif suit(card) == trump then
      best, best_card = i, card
    end
  end
  return best, best_card
end

local function outcome(t, v)
  -- "The winner (if any) is determined by the player with the highest
  -- number of Rounds won"; a tie in the game's last hand shares the pot,
  -- a credit each of the remainder clockwise from the dealer's left.
  local most, leaders = -1, 0
  for _, s in ipairs(v.order) do
    if not v.folded[s] then
      if v.won[s] > most then most, leaders = v.won[s], 1
      elseif v.won[s] == most then leaders = leaders + 1 end
    end
  end
  local pot = t:balance(POT)
  local share, extra, nth = pot // leaders, pot % leaders, 0
  for _, s in ipairs(v.order) do
    if not v.folded[s] and v.won[s] == most then
      nth = nth + 1
      t:transfer(POT, SEAT[s], share + (nth <= extra and 1 or 0))
      if leaders == 1 then t:note(TAKES, s, pot) end
    end
  end
  if leaders > 1 then t:note(SPLIT, leaders, most) end
  -- A playing player who wins no round is BamBoozalled.
  for _, s in ipairs(v.order) do
    if not v.folded[s] and v.won[s] == 0 then t:note(BAMBOOZLED, s, v.pot_amount) end
  end
  v.over = true
end

-- The round's last card: the trick is whole.
function step.play(t, seat, card)
  local v = t.vars
  t:move(card, TRICK)
  local best, best_card = trick_winner(t, v.trump)
  local winner = v.leader -- the best-th to play, from the leader clockwise
  for _ = 2, best do winner = next_playing(v, winner, t.nseats) end
  v.won[winner] = v.won[winner] + 1
  t:note(ROUND, v.round, winner, best_card)
  t:move_all(TRICK, PLAYED)
  if t:count(HAND[winner]) == 0 then return outcome(t, v) end
  v.round = v.round + 1
  ask_round(t, v, winner)
end

function game.result(t)
  if not t.vars.over then return nil end
  local scores, winners, best = {}, {}, -1
  for s = 1, t.nseats do
    scores[s] = t:balance(SEAT[s])
    if scores[s] > best then best, winners = scores[s], { s }
    elseif scores[s] == best then winners[#winners + 1] = s end
  end
  return { winners = winners, scores = scores }
end

return game
