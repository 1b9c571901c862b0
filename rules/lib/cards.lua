-- Helpers for games played with a standard deck: suit names, trick
-- winners, the players of a hand in clockwise order, leaders by score.
local cards = {}

-- The standard functions these helpers call, kept as locals: a global is
-- looked for in the game's own environment before the standard one, on
-- each call.
local ipairs, table = ipairs, table

cards.SUIT_NAMES = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }

-- The seats still in the game, clockwise, starting at the seat left of `from`.
function cards.clockwise_from_left_of(t, from)
  local order, s = table.create(t.nseats), t:next(from)
  local first = s
  repeat
    order[#order + 1] = s
    s = t:next(s)
  until s == first
  return order
end

-- Moves every card of the zones, in the order listed, into `to` (the
-- cards coming back before a new deal).
function cards.gather(t, zones, to)
  for _, zone in ipairs(zones) do t:move_all(zone, to) end
end

-- The cards of a zone that are of a suit, as ids.
function cards.of_suit(t, zone, suit)
  local found = {}
  for _, c in ipairs(t:cards(zone)) do
    if t:suit(c) == suit then found[#found + 1] = c end
  end
  return found
end

-- Which card wins a trick: the highest trump, else the highest card of the
-- suit led. cards is the trick's card ids in playing order; returns the
-- index of the winning one. (The kernel compares the cards in one call:
-- asked card by card, each card's suit and rank cost a call each.)
function cards.trick_winner(t, trick, trump)
  return t:trick_winner(trick, trump)
end

-- The card names a move lists after its first word: "discard 2C 9H" gives
-- {"2C", "9H"}, "stand" gives {}. The kernel builds such moves with single
-- spaces; string.find keeps this cheap (gmatch makes a matcher per call).
function cards.names_after_verb(move)
  local names, space = {}, move:find(" ", 1, true)
  while space do
    local next_space = move:find(" ", space + 1, true)
    names[#names + 1] = move:sub(space + 1, (next_space or 0) - 1)
    space = next_space
  end
  return names
end

-- Every subset of a list, as lists keeping the list's order, smallest
-- masks first; only subsets of at most `limit` items.
function cards.subsets(list, limit)
  local result = {}
  for mask = 1, (1 << #list) - 1 do
    local subset = {}
    for i = 1, #list do
      if mask & (1 << (i - 1)) ~= 0 then subset[#subset + 1] = list[i] end
    end
    if #subset <= limit then result[#result + 1] = subset end
  end
  return result
end

-- The seats with the highest value of score(seat) among `seats`, and that
-- value: the winners of a hand or a game, ties included.
function cards.leaders(seats, score)
  local best, leaders = nil, {}
  for _, s in ipairs(seats) do
    local value = score(s)
    if not best or value > best then best, leaders = value, { s }
    elseif value == best then leaders[#leaders + 1] = s end
  end
  return leaders, best
end

-- The seats with the highest of scores (one per seat, seat 1 first), and
-- that score: a game's winners, ties included.
function cards.best_seats(scores)
  local best, seats = scores[1], { 1 }
  for s = 2, #scores do
    if scores[s] > best then best, seats = scores[s], { s }
    elseif scores[s] == best then seats[#seats + 1] = s end
  end
  return seats, best
end

-- The result of a game won by the highest score (one per seat), ties
-- sharing the win: "seat 2 wins with 14 points" (unit "points").
function cards.highest_score_wins(t, scores, unit)
  local winners, best = cards.best_seats(scores)
  return { winners = winners, scores = scores,
           message = ("seat %s %s with %d %s"):format(table.concat(winners, " and seat "),
             #winners > 1 and "win" or "wins", best, unit) }
end

-- 1..n as a list.
function cards.seats(n)
  local list = {}
  for s = 1, n do list[s] = s end
  return list
end

return cards
