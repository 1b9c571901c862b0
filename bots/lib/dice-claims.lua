-- dice-claims: what ismcts knows of claims in Bamboozled dice, beyond the
-- rules. A claim under the cup is not a uniform draw of the dice: a claimer
-- whose roll reaches the score to beat mostly declares it, and one whose
-- roll falls short must bluff, most often with the lowest claim allowed.
-- And the seat facing a claim challenges some scores far more often than
-- others: CHALLENGED[score], how often it did in 3,000 games among the
-- bundled dice bots and random seats (fitted by tools/fit-dice-claims.lua).
-- ismcts keeps a sample of the claimer's hidden dice as often as the claim
-- makes those dice likely (keep), lets the seats it does not play answer a
-- claim as CHALLENGED says people and bots do (answer), rather than as
-- searchers who see the dice under the cup, and searches among the claims
-- worth making (candidates).
local claims = {}

-- A playout is cut after this many moves (about two rounds), where the
-- seats with the most strikes left share its win: random answers to
-- random claims say little beyond the round at hand.
claims.playout_moves = 12
-- A dice playout is mostly the kernel's moves, charged by count: ctx.think
-- buys 14 ms a decision here. Three times it is about as long as a
-- rummy decision (tools/search-cost.sh).
claims.think = 3

claims.CHALLENGED = {
  [11] = 0.23, [13] = 0.13, [14] = 0.09, [15] = 0.13, [16] = 0.12, [21] = 0.86, [22] = 0.32,
  [23] = 0.11, [24] = 0.11, [25] = 0.11, [26] = 0.12, [31] = 0.11, [32] = 0.11, [33] = 0.30,
  [34] = 0.13, [35] = 0.13, [36] = 0.12, [41] = 0.11, [42] = 0.10, [43] = 0.11, [44] = 0.26,
  [45] = 0.14, [46] = 0.14, [51] = 0.11, [52] = 0.09, [53] = 0.10, [54] = 0.09, [55] = 0.87,
  [56] = 0.19, [61] = 0.08, [62] = 0.08, [63] = 0.07, [64] = 0.26, [65] = 0.25, [66] = 0.86,
}

-- The dice game with bluffing: claims are made under the cup.
function claims.applies(view)
  local v = view.vars
  return type(v.strikes) == "table" and #view.dice == 2 and type(v.opts) == "table"
    and v.opts.bluffing == true
end

-- The game's ranking (21, then the doubles, then the rest by value) and
-- the reading two dice show the best way round: the dice bots' own.
local odds = import("dice-odds")
local rank, shown = odds.rank, odds.best

-- Every reading two dice can make, lowest first (12 is no score).
local READINGS = {}
for a = 1, 6 do
  for b = 1, 6 do
    if a * 10 + b ~= 12 then READINGS[#READINGS + 1] = a * 10 + b end
  end
end
table.sort(READINGS, function(a, b) return rank(a) < rank(b) end)

-- The claimer's model: with dice that reach the score to beat, a claimer
-- declares what they show HONEST of the time, and some other claim the
-- rest, any of them alike; with dice short of it, they must bluff, and
-- pick the lowest claim allowed half the time, the next a quarter, ...
-- (Weighing each claimer by the share of their claims the table had seen
-- to be true, and each answerer by how often they had challenged, won no
-- more: 58% against dice-bluffer in the same 480 games, 60% without.)
local HONEST = 0.85

-- How likely a claimer who rolled x and y, having to reach previous
-- (nil: the round's first claim), was to claim score.
local function chance_of_claim(x, y, score, previous)
  local best = shown(x, y)
  local allowed, position = 0, nil
  for _, r in ipairs(READINGS) do
    if rank(r) >= rank(previous) then
      if r == score then position = allowed end
      allowed = allowed + 1
    end
  end
  if not position then return 0 end
  if rank(best) >= rank(previous) then
    if score == best then return HONEST end
    return (1 - HONEST) / math.max(1, allowed - 1)
  end
  return 0.5 ^ (position + 1)
end

-- How often to keep a sample whose dice are `dice`, while the seat faces
-- a claim it has not seen the dice of: in proportion to how likely the
-- claimer was to say what they said with those dice, so that the samples
-- kept are those dice as the claim makes them likely. 1 when no claim is
-- hidden from the seat.
function claims.keep(view, sample)
  local v = view.vars
  if not v.score or view.dice[1].value then return 1 end
  local dice = sample:dice()
  return chance_of_claim(dice[1], dice[2], v.score, v.previous_score) / HONEST
end

-- The claim standing, followed along a search's path.
function claims.start(view) return { claim = view.vars.score } end
function claims.follow(state, move) state.claim = claims.claimed(move) or state.claim end

-- A seat ismcts does not play, facing the claim standing: "challenge" as
-- often as CHALLENGED says, else "accept" (nil for any other question:
-- the search chooses for it).
function claims.answer(kind, moves, state)
  if kind ~= "accept or challenge" or not state.claim then return nil end
  local challenge, accept
  for _, m in ipairs(moves) do
    if m == "challenge" then challenge = m elseif m == "accept" then accept = m end
  end
  if not (challenge and accept) then return nil end
  return math.random() < (claims.CHALLENGED[state.claim] or 0.2) and challenge or accept
end

-- The claims worth searching among a declaration's moves, for a seat whose
-- dice are `dice`: the reading they show (the best way round) when it may
-- be declared, the two claims ranked next above it, the two lowest claims
-- allowed (a short roll's most believable bluffs) and the two allowed that
-- are challenged least. Declaring a reading the wrong way round, or far
-- above what is needed, is seldom better than one of these, and 35 moves
-- would spread the search thin. The first is the reading shown when it
-- may be declared, else the lowest claim.
function claims.candidates(view, kind, moves, sample)
  if kind ~= "declare" then return moves end
  local dice = sample and sample:dice() or { view.dice[1].value, view.dice[2].value }
  local best = shown(dice[1], dice[2])
  local allowed = {}
  for _, m in ipairs(moves) do
    local r = claims.claimed(m)
    if not r then return moves end
    allowed[#allowed + 1] = r
  end
  table.sort(allowed, function(a, b) return rank(a) < rank(b) end)
  local kept, list = {}, {}
  local function add(r)
    if r and not kept[r] then kept[r] = true; list[#list + 1] = "declare " .. r end
  end
  for i, r in ipairs(allowed) do
    if r == best then add(r); add(allowed[i + 1]); add(allowed[i + 2]) end
  end
  add(allowed[1]); add(allowed[2])
  table.sort(allowed, function(a, b) return claims.CHALLENGED[a] < claims.CHALLENGED[b] end)
  add(allowed[1]); add(allowed[2])
  return list
end

-- The score a move claims, or nil (a table lookup: a pattern match costs
-- hundreds of instructions, and a declaration lists up to 35 moves).
claims.claimed = odds.reading

return claims
