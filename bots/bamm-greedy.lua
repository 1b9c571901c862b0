-- bamm-greedy: plays BAMM! by taking the most it can. When a window opens
-- it calls with the claim that puts the most cards on its points pile, and
-- never calls without one; in turn it plays the card that least helps the
-- others to a claim from the table and least breaks up its own hand.
-- It keeps nothing from one decision to the next (but what card names say,
-- which no decision changes), so a decision with one legal move needs no
-- thought: the referee plays it without calling choose.
local bot = { ask_forced = false }

local RANKS = { A = 14, K = 13, Q = 12, J = 11 }

-- The two faces of a card name ("QS/KH"), each {rank, suit}: read from
-- the name once per game and shared (only read), as a pattern match costs
-- hundreds of instructions and a decision weighs every pair of cards.
local FACES = {}

local function faces(name)
  local list = FACES[name]
  if list then return list end
  list = {}
  for rank, suit in name:gmatch("(%w-)([CDHS])/?") do
    list[#list + 1] = { RANKS[rank] or tonumber(rank), suit }
  end
  FACES[name] = list
  return list
end

-- Could two faces stand in one set or run: the same rank, or the same
-- suit within two ranks (the ace both low and high)?
local function near(a, b)
  if a[1] == b[1] then return true end
  if a[2] ~= b[2] then return false end
  local d = math.abs(a[1] - b[1])
  return d <= 2 or d >= 11
end

-- How many of the cards have a face near one of card's.
local function partners(card, cards)
  local mine, n = faces(card), 0
  for _, other in ipairs(cards) do
    if other ~= card then
      for _, f in ipairs(faces(other)) do
        if near(mine[1], f) or near(mine[2], f) then
          n = n + 1
          break
        end
      end
    end
  end
  return n
end

local function words(move)
  local n = 0
  for _ in move:gmatch("%S+") do n = n + 1 end
  return n
end

function bot.choose(view, moves, ctx)
  if ctx.kind == "bamm" then
    local best, most = "pass", 0
    for _, m in ipairs(moves) do
      if m ~= "bamm" and m ~= "pass" and words(m) > most then best, most = m, words(m) end
    end
    return best
  end
  -- In turn: a card on the table near others there hands the next player
  -- a claim; one near the rest of the hand is worth keeping.
  local table_cards = view.zones.table.cards
  local best, lowest
  for _, card in ipairs(moves) do
    local cost = 2 * partners(card, table_cards) + partners(card, moves)
    if not lowest or cost < lowest then best, lowest = card, cost end
  end
  return best
end

return bot
