-- BAMM! (seeds/001), with RULINGS.md deciding what the text leaves open.
--
-- A rummy with dual-value cards: each card shows two faces (QS/KH) and
-- counts as either, never both. In turn, a player plays any card face up
-- to the table and draws one. After every card played, and after every
-- BAMM!, the others may call "BAMM!" out of turn: the caller combines one
-- or more cards of their hand with two or more cards of the table into a
-- set (three or more of one rank) or a run (three or more in a row of one
-- suit, ace low or high), puts them on their points pile, draws one card
-- and takes the lead. The game ends at once when a player plays their last
-- card: they add three cards to their pile, the others lose a point per
-- card left in hand, and the most points wins.
--
-- Readings of our own (not decided by the texts or RULINGS.md):
--   * A claim is one move: "bamm" and its cards, each written with the
--     face it uses first (the card 3H/2C used as a 2 is "2C/3H"), a set by
--     suit, a run from its low end ("bamm 2C/10D 2C/3H 2D/AS"). A bot's
--     moves list every claim that is a set or a run; a person types a
--     claim in any order (judge). "If a player calls BAMM! and does not
--     have a run or set, they get a 1 point penalty": a claim of cards
--     that are in the caller's hand and on the table but make no set or
--     run costs it, and so does "bamm" alone; only a claim naming cards
--     that are not there (a typo) is refused. The REPL does not list the
--     claims a person's cards make (open = "bamm").
--   * No window opens while the table holds fewer than two cards: no claim
--     could be made.
--   * After a BAMM! every player may call, the caller too ("they must wait
--     until the next player plays or someone else calls BAMM!").
--   * A window is open to every player who may call, whether or not they
--     hold a claim: who is asked is seen by all, and must not tell.
--   * The three bonus cards come from the top of the stock, then from the
--     table, the cards played last first.
--   * A deck that holds both A/B and B/A is refused: a claim names a card
--     by its two faces.

local lib = import("cards")

-- The standard functions a turn calls, kept as locals: a global is looked
-- for in the game's own environment before the standard one, on each call.
local ipairs, pairs, tonumber, assert, table = ipairs, pairs, tonumber, assert, table

-- "each of the 52 standard faces appears exactly once as a top face and
-- once as a bottom face, no card shows the same face twice", and the
-- seed's Q♠/K♥, 3♥/2♣, 2♦/A♠ and 2♣/10♦ are among them.
local DECK = {
  "AC/QS", "2C/10D", "3C/6D", "4C/KC", "5C/3D", "6C/2D", "7C/JH", "8C/5H",
  "9C/5D", "10C/5S", "JC/10C", "QC/KD", "KC/JD", "AD/6H", "2D/AS", "3D/2H",
  "4D/9S", "5D/AH", "6D/7H", "7D/QH", "8D/AC", "9D/9H", "10D/QC", "JD/8H",
  "QD/9D", "KD/3S", "AH/10H", "2H/2S", "3H/2C", "4H/7C", "5H/6C", "6H/JS",
  "7H/10S", "8H/6S", "9H/8S", "10H/7S", "JH/4D", "QH/8C", "KH/9C", "AS/4H",
  "2S/KS", "3S/3C", "4S/QD", "5S/8D", "6S/5C", "7S/4C", "8S/JC", "9S/4S",
  "10S/AD", "JS/7D", "QS/KH", "KS/3H",
}

local RANKS = { A = 14, K = 13, Q = 12, J = 11 }
local RANK_NAMES = { "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                     "tens", "jacks", "queens", "kings", "aces" }

-- A face's rank (ace 14) and suit from its name, or nil.
local function parse_face(name)
  local r, suit = name:match("^(%w+)([CDHS])$")
  local rank = r and (RANKS[r] or ((r:match("^[2-9]$") or r == "10") and tonumber(r)))
  if rank then return rank, suit end
end

-- The faces of a card by its name: {{rank, suit, name, text}, ...}, where
-- text is the card written with that face first, as a claim writes it.
local function faces_of(name)
  local top, bottom = name:match("^([^/]+)/([^/]+)$")
  local tr, ts = parse_face(top)
  local br, bs = parse_face(bottom)
  return { { tr, ts, top, top .. "/" .. bottom }, { br, bs, bottom, bottom .. "/" .. top } }
end

local function check_deck(deck)
  if #deck ~= 52 then return nil, ("the deck must list 52 cards, not %d"):format(#deck) end
  local tops, bottoms, names = {}, {}, {}
  for i, name in ipairs(deck) do
    local top, bottom
    if type(name) == "string" then top, bottom = name:match("^([^/]+)/([^/]+)$") end
    if not top or not parse_face(top) or not parse_face(bottom) then
      return nil, ("card %d must be two faces, such as QS/KH, not %s"):format(i, tostring(name))
    end
    if top == bottom then return nil, ("card %d, %s, shows the same face twice"):format(i, name) end
    if tops[top] then return nil, ("%s is the top face of two cards"):format(top) end
    if bottoms[bottom] then return nil, ("%s is the bottom face of two cards"):format(bottom) end
    if names[bottom .. "/" .. top] then
      return nil, ("%s and %s are the same two faces: a claim could not tell them apart"):format(bottom .. "/" .. top, name)
    end
    tops[top], bottoms[bottom], names[name] = true, true, true
  end
  return true
end

local game = {
  description = "BAMM!: rummy with dual-value cards; call BAMM! out of turn to claim a run or set",
  players = { min = 2, max = 6 },
  default_bot = "bamm-greedy",
  -- A card is played with t:ask_cards, and a claim names its cards,
  -- found with t:card(name, hand): a real deck can be refereed.
  real_deck = true,
  options = {
    { name = "first", default = 0, min = 0, max = 6, seat = true, help = "the starting player's seat (0: drawn at random)" },
    { name = "cards", default = 4, min = 1, max = 8, help = "cards dealt to each player" },
    { name = "bonus", default = 3, min = 0, max = 52, help = "cards the player who goes out adds to their points pile" },
    { name = "penalty", default = 1, min = 0, max = 52, help = "points a BAMM! without a run or set costs" },
    { name = "claims", default = "random", choices = { "random", "order", "arrival" },
      help = "who is first when several call BAMM! at once (bots; people's calls at the REPL count in the order typed)" },
    { name = "deck", default = DECK, check = check_deck,
      help = "the 52 dual-value cards, 'TOP/BOTTOM', each face once on top and once below" },
  },
}

-- Each seat's hand and points pile: hands[seat], piles[seat].
local hands, piles = seat_names("hand"), seat_names("pile")

-- ---- the decisions ----

local PLAY_PROMPT = "play a card to the table"
local CALL_PROMPT = "BAMM! with a run or a set (bamm alone costs a point), or pass"

-- "In turn, a player plays any card face up to the table."
local function ask_to_play(t)
  local seat = t:turn()
  t:ask_cards(seat, "play", hands[seat], PLAY_PROMPT)
end

-- The moves of the window open, made when it opens: it is asked again
-- after each pass, which changes neither hands nor table. Kept by table (a
-- clone or a rebuilt game has its own) and never in vars, which are
-- public: the lists name cards of every hand.
local window_moves = setmetatable({}, { __mode = "k" })

local function moves_of_window(t)
  local v, kept = t.vars, window_moves[t]
  if not kept or kept.window ~= v.windows then
    kept = { window = v.windows, moves = game.claims(t, v.window) }
    for _, list in pairs(kept.moves) do
      list[#list + 1] = "bamm"
      list[#list + 1] = "pass"
    end
    window_moves[t] = kept
  end
  local moves = table.create(t.nseats)
  for _, s in ipairs(v.window) do moves[s] = kept.moves[s] end
  return moves
end

-- The seats still in the window may call BAMM! out of turn. Hidden: a
-- claim names cards of the caller's hand, which only a claim that is
-- carried out shows (one that lapses, or a pass, tells nothing).
local function ask_window(t)
  local v = t.vars
  t:ask_window(v.window, "bamm", moves_of_window(t), CALL_PROMPT,
               { policy = v.opts.claims, start = v.window_start, hidden = true, open = "bamm" })
end

-- The table every game begins at: the dual cards, hands and piles.
function game.prepare(t, opts)
  t:zone("stock")
  t:zone("table", { vis = "public" })
  t.vars.penalties = {}
  for s = 1, t.nseats do
    t:zone(hands[s], { owner = s })
    t:zone(piles[s], { vis = "public" })
    t.vars.penalties[s] = 0
  end
  t:deck("stock", opts.deck)
end

function game.setup(t, opts)
  local v = t.vars
  v.opts = opts
  -- "shuffle the Dual Value Playing Cards and deal four cards to each player"
  local dealt_to = {}
  for s = 1, t.nseats do dealt_to[s] = hands[s] end
  t:shuffle("stock")
  assert(t:deal("stock", dealt_to, opts.cards))
  v.windows = 0 -- windows opened so far: which one is open, for its moves kept
  -- "The CLEVERest player starts": drawn at random unless chosen.
  local first = opts.first
  if first < 1 or first > t.nseats then first = t:random(t.nseats) end
  t:set_dealer(t:prev(first)) -- who dealt: the player at the first one's right
  t:set_turn(first)
  ask_to_play(t)
end

-- ---- claims ----

-- A card as a claim may use it: one of its faces, and the card written
-- with that face first ("2C/3H" for the 3H/2C used as a 2).
local function pick_of(card, faces, face, in_hand)
  local f = faces[face]
  return { card = card, face = face, hand = in_hand, rank = f[1], suit = f[2], text = f[4] }
end

local function counts(chosen)
  local hand, table_cards = 0, 0
  for _, pick in ipairs(chosen) do
    if pick.hand then hand = hand + 1 else table_cards = table_cards + 1 end
  end
  return hand, table_cards
end

local function is_set(picks)
  for _, p in ipairs(picks) do
    if p.rank ~= picks[1].rank then return false end
  end
  return true
end

local function is_run(picks)
  local places = {}
  for _, p in ipairs(picks) do
    if p.suit ~= picks[1].suit then return false end
    places[#places + 1] = p.rank
  end
  table.sort(places)
  local function in_a_row(list)
    for i = 2, #list do
      if list[i] ~= list[i - 1] + 1 then return false end
    end
    return true
  end
  if in_a_row(places) then return true end
  if places[#places] == 14 then -- the ace low
    table.insert(places, 1, 1)
    places[#places] = nil
    return in_a_row(places)
  end
  return false
end

-- Every claim each seat of `seats` could make now, as move texts: each set
-- and run their hand's cards make with two or more of the table's ("one or
-- more cards of their hand with two or more cards of the table"), as the
-- kernel finds them (t:melds: a set by suit, a run from its low end).
function game.claims(t, seats)
  local all = table.create(t.nseats)
  for _, seat in ipairs(seats) do all[seat] = t:melds(hands[seat], "table", "bamm", 1, 2) end
  return all
end

-- The cards a claim names, a pick each, or nil and why.
function game.read_claim(t, seat, text)
  local picks, seen = {}, {}
  for word in text:gmatch("%S+") do
    if #picks > 0 or word:lower() ~= "bamm" then
      local used, other = word:upper():match("^([^/]+)/([^/]+)$")
      -- In the hand first: of a real deck, an unknown card of the hand
      -- takes the name (t:card with a zone); then on the table.
      local hand = hands[seat]
      local card = used and (t:card(used .. "/" .. other, hand) or t:card(other .. "/" .. used, hand) or
                             t:card(used .. "/" .. other) or t:card(other .. "/" .. used))
      if not card then
        return nil, ("'%s' is not a card of this deck written with the face it uses first (such as 2C/3H for the 3H/2C used as a 2)"):format(word)
      end
      local zone = t:where(card)
      if zone ~= hands[seat] and zone ~= "table" then
        return nil, ("%s is neither in your hand nor on the table"):format(t:name(card))
      end
      if seen[card] then return nil, ("%s is named twice"):format(t:name(card)) end
      seen[card] = true
      local faces = faces_of(t:name(card))
      picks[#picks + 1] = pick_of(card, faces, faces[1][3] == used and 1 or 2, zone == hands[seat])
    end
  end
  return picks
end

-- ---- the game ----

local function others(t, seat)
  local list = table.create(t.nseats - 1)
  for s = 1, t.nseats do
    if s ~= seat then list[#list + 1] = s end
  end
  return list
end

local function draw_one(t, seat)
  if t:count("stock") > 0 then t:draw("stock", hands[seat]) end
end

-- The game ends at once: the player who went out takes the bonus cards.
function game.went_out(t, seat)
  local v = t.vars
  v.out, v.window, v.window_start = seat, nil, nil
  local bonus = v.opts.bonus
  local from_stock = math.min(bonus, t:count("stock"))
  local from_table = math.min(bonus - from_stock, t:count("table"))
  if from_stock > 0 then t:draw("stock", piles[seat], from_stock) end
  for _ = 1, from_table do t:move(t:top("table"), piles[seat]) end
  t:notef("seat %d goes out and adds %d cards to their points pile", seat, from_stock + from_table)
end

-- A window for the seats who may call, asked clockwise from the seat after
-- `after`; or the next turn when there is no one to ask or nothing on the
-- table to claim with.
function game.open_window(t, seats, after)
  local v = t.vars
  if #seats == 0 or t:count("table") < 2 then return game.next_turn(t) end
  v.window, v.window_start = seats, t:next(after)
  v.windows = v.windows + 1
  ask_window(t)
end

function game.next_turn(t)
  local v = t.vars
  v.window, v.window_start = nil, nil
  t:set_turn(v.lead)
  ask_to_play(t)
end

function game.play(t, seat, name)
  local v = t.vars
  t:move(t:card(name, hands[seat]), "table")
  v.lead = t:next(seat)
  if t:count(hands[seat]) == 0 then return game.went_out(t, seat) end
  draw_one(t, seat)
  game.open_window(t, others(t, seat), seat)
end

local function leave_window(t, seat)
  local window = t.vars.window
  for i, s in ipairs(window) do
    if s == seat then table.remove(window, i) break end
  end
  if #window == 0 then return game.next_turn(t) end
  ask_window(t)
end

-- "There is a one point penalty for calling BAMM! and being unable to play
-- a run or a set."
function game.empty_call(t, seat)
  local v = t.vars
  v.penalties[seat] = v.penalties[seat] + v.opts.penalty
  t:notef("seat %d calls BAMM! without a run or a set: %d off (%d in all)", seat, v.opts.penalty,
          v.penalties[seat])
  leave_window(t, seat)
end

function game.bamm(t, seat, move)
  local v = t.vars
  local picks = assert(game.read_claim(t, seat, move))
  for _, pick in ipairs(picks) do t:move(pick.card, piles[seat]) end
  if is_set(picks) then
    t:notef("seat %d: BAMM! a set of %s, %d cards to their points pile", seat, RANK_NAMES[picks[1].rank], #picks)
  else
    t:notef("seat %d: BAMM! a run of %s, %d cards to their points pile", seat, lib.SUIT_NAMES[picks[1].suit], #picks)
  end
  if t:count(hands[seat]) == 0 then return game.went_out(t, seat) end
  -- "they draw only one card from the stock pile", and take the lead.
  draw_one(t, seat)
  v.lead = seat
  game.open_window(t, lib.seats(t.nseats), seat)
end

-- The listed claim these picks make (a set or a run, written as the moves
-- write it), or nil.
function game.claim_of(t, seat, picks)
  local hand, table_cards = counts(picks)
  if hand < 1 or table_cards < 2 or not (is_set(picks) or is_run(picks)) then return nil end
  local faces = {}
  for _, pick in ipairs(picks) do faces[pick.card] = pick.face end
  for _, claim in ipairs(game.claims(t, { seat })[seat]) do
    local other = game.read_claim(t, seat, claim)
    local same = #other == #picks
    for _, pick in ipairs(other) do same = same and faces[pick.card] == pick.face end
    if same then return claim end
  end
end

-- A claim as a person calls it, its cards in any order: the listed claim
-- when they make a set or a run; a call without one (the penalty) when they
-- do not; refused when a card is not in the caller's hand or on the table.
function game.judge(t, seat, text)
  local picks, why = game.read_claim(t, seat, text)
  if not picks then return nil, why end
  if #picks == 0 then return "bamm" end
  local claim = game.claim_of(t, seat, picks)
  if claim then return claim end
  local written = {}
  for i, pick in ipairs(picks) do written[i] = pick.text end
  return "bamm " .. table.concat(written, " ")
end

-- Whether move is a claim that makes a set or a run: one the window
-- listed (judge writes a good claim so), or else worked out again (the
-- window's moves were not made on this table, as for a sample's first
-- answer; or they were made from a real deck's unknown cards, which the
-- claim has named since).
local function good_claim(t, seat, move)
  local kept = window_moves[t]
  if kept and kept.window == t.vars.windows and kept.moves[seat] then
    for _, listed in ipairs(kept.moves[seat]) do
      if listed == move then return true end
    end
  end
  return game.claim_of(t, seat, assert(game.read_claim(t, seat, move))) ~= nil
end

game.answers = {
  play = function(t, seat, move) game.play(t, seat, move) end,
  -- a call in the window: pass, a claim of a run or a set, or a BAMM!
  -- without one (a point off)
  bamm = function(t, seat, move)
    if move == "pass" then return leave_window(t, seat) end
    if move ~= "bamm" and good_claim(t, seat, move) then return game.bamm(t, seat, move) end
    game.empty_call(t, seat)
  end,
}

function game.explain(t, seat, text)
  local word = text:lower():match("^(%S+)")
  if t:asked() == "play" then
    if word == "bamm" or word == "pass" then
      return "it is your turn: play a card to the table (BAMM! is called after a card is played)"
    end
    local card = t:card(text:upper())
    if not card then return ("'%s' is not a card of this deck: name one as it is printed, such as QS/KH"):format(text) end
    return ("you do not hold %s"):format(t:name(card))
  end
  return "BAMM! with a run or a set (bamm and its cards), bamm alone (a point off), or pass"
end

-- Points so far: the pile, less penalties and (but for who went out) the
-- cards in hand.
function game.scores(t)
  local v, scores = t.vars, {}
  for s = 1, t.nseats do
    scores[s] = t:count(piles[s]) - v.penalties[s] - (s == v.out and 0 or t:count(hands[s]))
  end
  return scores
end

function game.standing(t) return game.scores(t) end

-- The state at a glance (show, and each decision at the REPL): all public.
function game.status(t, seat)
  local v, names = t.vars, {}
  for _, c in ipairs(t:cards("table")) do names[#names + 1] = t:name(c) end
  local lines = { "table: " .. (#names > 0 and table.concat(names, " ") or "empty") }
  local parts = {}
  for s = 1, t.nseats do
    parts[#parts + 1] = ("seat %d %d"):format(s, t:count(piles[s]) - v.penalties[s])
  end
  lines[#lines + 1] = "points (pile less penalties): " .. table.concat(parts, ", ")
  lines[#lines + 1] = ("stock: %d cards"):format(t:count("stock"))
  return lines
end

function game.result(t)
  if not t.vars.out then return nil end -- the game ends when a player goes out
  return lib.highest_score_wins(t, game.scores(t), "points")
end

return game
