-- ismcts: plays any game by information-set Monte Carlo tree search (the
-- single-observer kind of Cowling, Powley and Whitehouse, 2012). Each
-- iteration takes a sample of the game as its seat could imagine it
-- (ctx.sample: the cards it cannot see dealt anew, the dice it cannot see
-- rolled anew), walks down the tree choosing among the moves legal in that
-- sample by UCB, adds one move to the tree, plays the rest of the game out
-- at random, and credits every move on the way with the share of the win
-- of the seat that made it. The move played is the one tried most often.
--
-- It thinks for ctx.think of its budget a decision (a tenth of
-- --bot-budget: 5 million instructions by default), counted in
-- instructions rather than seconds so that a seeded game plays the same
-- on any machine; a smaller or larger --bot-budget makes it think less or
-- more (bench/results.md gives what that is in milliseconds, game by game).
--
-- In a game whose rules say how each seat stands while it goes on
-- (standing(t): BAM! credits, the dice game's strikes left), a playout is
-- cut after PLAYOUT_MOVES moves, about two BAM! hands, and the seats that
-- stand best then share its win: the move at hand weighs more than many
-- random hands after it (against two bam-greedy in 20-hand BAM! games it
-- won 13 of 60 so, 4 of 60 playing every playout to the end). Other games
-- are played out to their end.
--
-- Where it knows a game beyond its rules (KNOWLEDGE below), it uses that:
-- in the dice game, a claim makes some hidden dice likelier than others,
-- the seats it does not play challenge as people do, and only a few claims
-- are worth making; in BAMM!, a window's biggest claims are the ones worth
-- weighing, and the others call with theirs; in BAM!, the other seats
-- play the hands its samples deal them as people do (folding weak ones,
-- winning a round cheaply), a seat that said "play" likely holds a hand
-- worth it, playouts are played so rather than at random, and only a few
-- discards are worth weighing. Without that, a search that deals the
-- claimer's dice at random challenges every honest claim (it won 3% of the
-- league's dice games; 54% with it), and in one-hand BAM! it finished
-- ahead of bam-greedy in 50% of games (55% with it).
local bot = { ask_forced = false } -- it keeps nothing between decisions

-- What it knows of some games beyond their rules, each a table of
-- optional parts: applies(view), whether it is this game; keep(view,
-- sample, kind), the chance to keep a sample (how likely what was said
-- and done is in it); candidates(view, kind, moves, sample), the moves
-- worth searching among (sample nil: at the decision itself); start(view)
-- and follow(state, move, seat), a state kept along a path (the claim
-- standing, trumps); answer(kind, moves, state, sample, seat), how a seat
-- it does not play answers (nil: searched, or at random in a claim
-- window); playout, to play playouts by answer for every seat rather than
-- at random; by_places, to judge a playout by the share of other seats
-- it ends ahead of; playout_moves, where to cut a playout; margin, to
-- judge a cut playout by each seat's lead over the best other
-- (1 / (1 + e^(-lead / margin))) rather than by who leads; think, how
-- many times ctx.think a decision spends (in a game whose budget buys
-- less CPU time than the rummy's did, so that each thinks about as long).
local KNOWLEDGE = { import("dice-claims"), import("bamm-claims"), import("bam-hands") }

-- Samples drawn at most to find one the game's knowledge keeps (below).
local DRAWS = 40
local EXPLORATION = 0.7
local PLAYOUT_MOVES = 30
-- A playout of the game's knowledge stops where the decision would be
-- left less than this of its budget (as sample:playout stops).
local RESERVE = 200000

-- What a playout is worth to seat: its share of the win; for a playout
-- cut short, its share of the lead (where the seats stand best), or with
-- a margin, a logistic of its lead over the best other seat. By places:
-- the share of the other seats it ends (or stands) ahead of, a tie half.
local function share(result, seat, standing, margin, by_places)
  local places = by_places and (result and result.scores or not result and standing)
  if places then
    local mine, ahead, others = places[seat], 0, 0
    for s, v in ipairs(places) do
      if s ~= seat then
        others = others + 1
        ahead = ahead + (mine > v and 1 or mine == v and 0.5 or 0)
      end
    end
    return others > 0 and ahead / others or 0
  end
  if result then
    for _, winner in ipairs(result.winners) do
      if winner == seat then return 1 / #result.winners end
    end
    return 0
  end
  if not standing then return 0 end
  if margin then
    local other = -math.huge
    for s, v in ipairs(standing) do
      if s ~= seat then other = math.max(other, v) end
    end
    return 1 / (1 + math.exp((other - standing[seat]) / margin))
  end
  local high = -math.huge
  for _, v in ipairs(standing) do high = math.max(high, v) end
  local top = 0
  for _, v in ipairs(standing) do if v == high then top = top + 1 end end
  return standing[seat] == high and 1 / top or 0
end

-- A node's children, by move text: {wins, visits, available, children}.
local function child(node, move)
  local c = node[move]
  if not c then
    c = { wins = 0, visits = 0, available = 0, children = {} }
    node[move] = c
  end
  return c
end

-- Among the moves legal in this sample: one not tried yet (at random), or
-- else the best by UCB, counting each as available once more.
local function select(node, legal)
  local untried = {}
  for _, m in ipairs(legal) do
    local c = node[m]
    if not c or c.visits == 0 then untried[#untried + 1] = m end
  end
  if #untried > 0 then return untried[math.random(#untried)], true end
  local best, best_value
  for _, m in ipairs(legal) do
    local c = node[m]
    c.available = c.available + 1
    local value = c.wins / c.visits + EXPLORATION * math.sqrt(math.log(c.available) / c.visits)
    if not best_value or value > best_value then best, best_value = m, value end
  end
  return best, false
end

-- Whose move the tree follows: the one seat asked; in a claim window, this
-- bot's own seat when it is among those asked, else the first of them.
local function tree_seat(pending, me)
  if pending.window then
    for _, s in ipairs(pending.seats) do
      if s == me then return me end
    end
  end
  return pending.seats[1]
end

-- A claim window's answers: seat's move, and the other seats' as the
-- game's knowledge says they answer, else at random.
local function answers(sample, pending, seat, move, known, state)
  local list = {}
  for _, s in ipairs(pending.seats) do
    local answer = s == seat and move
      or known and known.answer and known.answer(pending.kind, pending.moves[s], state, sample, s)
      or sample:random_move(s)
    list[#list + 1] = { s, answer }
  end
  return list
end

-- A sample as likely as the game's knowledge makes it: drawn again while
-- known.keep turns it down (dice unlikely under the claim standing), at
-- most DRAWS times. Without it, the first.
local function likely_sample(ctx, view, known)
  local sample = ctx.sample()
  if not (known and known.keep) then return sample end
  for _ = 2, DRAWS do
    if math.random() < known.keep(view, sample, ctx.kind) then break end
    sample = ctx.sample()
  end
  return sample
end

-- A playout in which every seat, this bot's own included, answers as the
-- game's knowledge says people do, and at random where it says nothing
-- (known.playout: a game whose random play tells little of a move's
-- worth). As sample:playout: the result, or nil when cut after `cut`.
local function policy_playout(sample, known, state, cut, ctx)
  local played = 0
  while true do
    local pending = sample:pending()
    if not pending then return sample:result() end
    if (cut and played >= cut) or ctx.budget_left() < RESERVE then return nil end
    local list = {}
    for _, s in ipairs(pending.seats) do
      local move = known.answer(pending.kind, pending.moves[s], state, sample, s) or sample:random_move(s)
      if known.follow then known.follow(state, move, s) end
      list[#list + 1] = { s, move }
    end
    local ok
    if pending.window then ok = sample:window(list) else ok = sample:play(list[1][1], list[1][2]) end
    if not ok then return nil end
    played = played + 1
  end
end

-- cut: the most moves a playout plays (nil: to the end). known: what the
-- bot knows of the game beyond its rules (nil: nothing; see the top).
local function iterate(root, ctx, cut, view, known)
  local sample = likely_sample(ctx, view, known)
  local node, path = root, {}
  local result, standing
  local state = known and known.start and known.start(view)
  while true do
    local pending = sample:pending()
    if not pending then
      result = sample:result()
      break
    end
    local seat = tree_seat(pending, ctx.seat)
    local move, new
    -- Another seat answers as the game's knowledge says people do (a
    -- claim, as often as they challenge one), not as a searcher who sees
    -- what this sample dealt.
    if known and known.answer and seat ~= ctx.seat and not pending.window then
      move = known.answer(pending.kind, pending.moves[seat], state, sample, seat)
      new = move and not (node[move] and node[move].visits > 0)
    end
    if not move then
      local legal = pending.moves[seat]
      if known and known.candidates then legal = known.candidates(view, pending.kind, legal, sample) end
      move, new = select(node, legal)
    end
    if known and known.follow then known.follow(state, move, seat) end
    local c = child(node, move)
    if new then c.available = c.available + 1 end
    path[#path + 1] = { c, seat }
    if pending.window then
      assert(sample:window(answers(sample, pending, seat, move, known, state)))
    else
      assert(sample:play(seat, move))
    end
    node = c.children
    if new then
      if known and known.playout then
        result = policy_playout(sample, known, state, cut, ctx)
      else
        result = sample:playout(cut)
      end
      if not result then standing = sample:standing() end
      break
    end
  end
  for _, step in ipairs(path) do
    local c, seat = step[1], step[2]
    c.visits = c.visits + 1
    c.wins = c.wins + share(result, seat, standing, known and known.margin, known and known.by_places)
  end
end

function bot.choose(view, moves, ctx)
  local root = {}
  local known
  for _, k in ipairs(KNOWLEDGE) do
    if k.applies(view) then known = k end
  end
  -- Iterations until it has spent ctx.think of its budget (a tenth of
  -- --bot-budget; times the game's think), while the budget left could pay for two more of the
  -- dearest iteration so far: counted in instructions, not seconds, so a
  -- seeded game plays the same on any machine.
  local start, dearest = ctx.budget_left(), 0
  local think = ctx.think * (known and known.think or 1)
  local cut = ctx.sample():standing() and (known and known.playout_moves or PLAYOUT_MOVES) or nil
  repeat
    local before = ctx.budget_left()
    if before < 2 * dearest + 50000 then break end
    iterate(root, ctx, cut, view, known)
    dearest = math.max(dearest, before - ctx.budget_left())
  until start - ctx.budget_left() >= think
  -- Untried, the first move worth searching (the knowledge's first).
  local best, most = known and known.candidates and known.candidates(view, ctx.kind, moves, nil)[1] or moves[1], -1
  for _, m in ipairs(moves) do
    local c = root[m]
    if c and c.visits > most then best, most = m, c.visits end
  end
  return best
end

return bot
