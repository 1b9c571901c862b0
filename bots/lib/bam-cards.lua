-- bam-cards: how a BAM! player judges cards, shared by bam-greedy, which
-- plays by it, and ismcts's bam-hands, which expects the other seats to.
local cards = {}

-- The expected worth of a hand, in rounds.
function cards.strength(hand, trump)
  local total = 0
  for _, name in ipairs(hand) do
    local rank, suit = card_face(name)
    if suit == trump then total = total + 0.5 + rank / 28
    elseif rank == 14 then total = total + 0.7
    elseif rank == 13 then total = total + 0.35
    end
  end
  return total
end

-- Strength of a card for winning a round: trumps above everything.
function cards.power(name, trump)
  local rank, suit = card_face(name)
  return (suit == trump and 100 or 0) + rank
end

-- Does card beat best, the card winning the round so far?
function cards.beats(card, best, trump)
  local rank, suit = card_face(card)
  local brank, bsuit = card_face(best)
  return (suit == bsuit and rank > brank) or (suit == trump and bsuit ~= trump)
end

-- The card to turn for trumps: the lowest of the suit the hand is
-- strongest in.
function cards.to_turn(hand)
  local best, best_suit = -1, nil
  for _, name in ipairs(hand) do
    local _, suit = card_face(name)
    local s = cards.strength(hand, suit)
    if s > best then best, best_suit = s, suit end
  end
  local lowest
  for _, name in ipairs(hand) do
    local rank, suit = card_face(name)
    if suit == best_suit and (not lowest or rank < card_face(lowest)) then lowest = name end
  end
  return lowest
end

-- The cards worth throwing away: below a jack, not trumps, not the card
-- turned (which the dealer keeps).
function cards.low(hand, trump, turned)
  local low = {}
  for _, name in ipairs(hand) do
    local rank, suit = card_face(name)
    if suit ~= trump and rank < 11 and name ~= turned then low[#low + 1] = name end
  end
  return low
end

return cards
