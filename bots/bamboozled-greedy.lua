-- bamboozled-greedy: plays Bamboozled, the rummy, by getting its cards onto
-- its side and its points out of its hand as fast as it can. It bamboozles
-- whenever it can, melds the most valuable pair or connectors, extends with
-- its most valuable card, and only then discards: the most valuable card
-- the opponent could not rap, never a joker (worth 10 in hand). It takes
-- from the stack only a card with at most one card above it, raps every
-- discard it may, and steals the most valuable card it sees.
-- It keeps nothing from one decision to the next, so a decision with one
-- legal move needs no thought: the referee plays it without calling choose.
local bot = { ask_forced = false }

local POINTS = { A = 1, K = 10, Q = 10, J = 10 }

-- A joker: JK, or JK1 and JK2 where the two are told apart.
local function is_joker(name) return name:sub(1, 2) == "JK" end

-- What a card counts in hand at the end, by the game's values when the
-- view shows them.
local function value(view, name)
  local values = view.vars.opts and view.vars.opts.values
  local rank = is_joker(name) and "JK" or name:sub(1, -2)
  if values and values[rank] then return values[rank] end
  return is_joker(name) and 10 or POINTS[rank] or tonumber(rank)
end

-- Are two cards related: the same rank, or the same suit and next to each
-- other (the ace both low and high)? Jokers only with each other.
local function related(a, b)
  local ra, sa = card_face(a)
  local rb, sb = card_face(b)
  if not sa or not sb then return not sa and not sb end
  if ra == rb then return true end
  if sa ~= sb then return false end
  local d = math.abs(ra - rb)
  return d == 1 or d == 12
end

local function relates_to_any(card, cards)
  for _, other in ipairs(cards) do
    if related(card, other) then return true end
  end
  return false
end

-- The cards of the table a discard could be rapped for: both sides and the
-- stack.
local function table_cards(view)
  local cards = {}
  for _, zone in ipairs({ "side1", "side2", "stack" }) do
    for _, name in ipairs(view.zones[zone].cards) do cards[#cards + 1] = name end
  end
  return cards
end

-- The move's cards after its verb, and their worth in hand.
local function worth(view, move)
  local total = 0
  for name in move:gmatch("%s(%S+)") do total = total + value(view, name) end
  return total
end

local function most_worth(view, moves, verb)
  local best, most
  for _, m in ipairs(moves) do
    if m:match("^(%S+)") == verb then
      local w = worth(view, m)
      if not most or w > most then best, most = m, w end
    end
  end
  return best
end

local choose = {}

function choose.draw(view, moves)
  local stack = view.zones.stack.cards
  for _, m in ipairs(moves) do
    local name = m:match("^take (%S+)$")
    -- The stack lists its cards bottom first: the last is the top.
    if name and (stack[#stack] == name or stack[#stack - 1] == name) then return m end
  end
  return "draw"
end

function choose.play(view, moves)
  local move = most_worth(view, moves, "bamboozle") or most_worth(view, moves, "meld")
               or most_worth(view, moves, "extend")
  if move then return move end
  local around = table_cards(view)
  local best, best_score
  for _, m in ipairs(moves) do
    local name = m:match("^discard (%S+)$")
    if name then
      -- Shed points, but not into a rap; a joker is worth keeping.
      local score = value(view, name) - (relates_to_any(name, around) and 20 or 0)
                    - (is_joker(name) and 100 or 0)
      if not best_score or score > best_score then best, best_score = m, score end
    end
  end
  return best or moves[1]
end

function choose.steal(view, moves)
  return most_worth(view, moves, "steal") or moves[1]
end

function choose.rap() return "rap" end

function bot.choose(view, moves, ctx)
  local how = choose[ctx.kind]
  return how and how(view, moves) or moves[1]
end

return bot
