-- ismcts: plays any game by information-set Monte Carlo tree search (the
-- single-observer kind of Cowling, Powley and Whitehouse, 2012). It knows
-- nothing of the rules: each iteration takes a sample of the game as its
-- seat could imagine it (ctx.sample: the cards it cannot see dealt anew,
-- the dice it cannot see rolled anew), walks down the tree choosing among
-- the moves legal in that sample by UCB, adds one move to the tree, plays
-- the rest of the game out at random, and credits every move on the way
-- with the share of the win of the seat that made it. The move played is
-- the one tried most often.
--
-- In a game whose rules say how each seat stands while it goes on
-- (standing(t): BAM! credits, the dice game's strikes left), a playout is
-- cut after PLAYOUT_MOVES moves, about two BAM! hands, and the seats that
-- stand best then share its win: the move at hand weighs more than many
-- random hands after it (against two bam-greedy in 20-hand BAM! games it
-- won 13 of 60 so, 4 of 60 playing every playout to the end). Other games
-- are played out to their end. The samples and their moves are
-- charged to its budget per decision, so it searches less under a smaller
-- --bot-budget.
local bot = { ask_forced = false } -- it keeps nothing between decisions

local ITERATIONS = 200
local EXPLORATION = 0.7
local PLAYOUT_MOVES = 30

-- What a playout is worth to seat: its share of the win; for a playout
-- cut short, its share of the lead (where the seats stand best).
local function share(result, seat, standing)
  if result then
    for _, winner in ipairs(result.winners) do
      if winner == seat then return 1 / #result.winners end
    end
    return 0
  end
  if not standing then return 0 end
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

-- A claim window's answers: seat's move, and the other seats' at random.
local function answers(sample, pending, seat, move)
  local list = {}
  for _, s in ipairs(pending.seats) do
    list[#list + 1] = { s, s == seat and move or sample:random_move(s) }
  end
  return list
end

-- cut: the most moves a playout plays (nil: to the end).
local function iterate(root, ctx, cut)
  local sample = ctx.sample()
  local node, path = root, {}
  local result, standing
  while true do
    local pending = sample:pending()
    if not pending then
      result = sample:result()
      break
    end
    local seat = tree_seat(pending, ctx.seat)
    local move, new = select(node, pending.moves[seat])
    local c = child(node, move)
    if new then c.available = c.available + 1 end
    path[#path + 1] = { c, seat }
    if pending.window then
      assert(sample:window(answers(sample, pending, seat, move)))
    else
      assert(sample:play(seat, move))
    end
    node = c.children
    if new then
      result = sample:playout(cut)
      if not result then standing = sample:standing() end
      break
    end
  end
  for _, step in ipairs(path) do
    local c, seat = step[1], step[2]
    c.visits = c.visits + 1
    c.wins = c.wins + share(result, seat, standing)
  end
end

function bot.choose(view, moves, ctx)
  local root = {}
  -- Up to ITERATIONS, while the budget left could pay for two more of the
  -- dearest iteration so far (a smaller --bot-budget means fewer).
  local dearest = 0
  local cut = ctx.sample():standing() and PLAYOUT_MOVES or nil
  for _ = 1, ITERATIONS do
    local before = ctx.budget_left()
    if before < 2 * dearest + 50000 then break end
    iterate(root, ctx, cut)
    dearest = math.max(dearest, before - ctx.budget_left())
  end
  local best, most = moves[1], -1
  for _, m in ipairs(moves) do
    local c = root[m]
    if c and c.visits > most then best, most = m, c.visits end
  end
  return best
end

return bot
