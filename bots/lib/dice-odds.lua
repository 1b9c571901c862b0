-- The odds of Bamboozled dice, shared by the dice bots: the score ranking,
-- the best reading of a roll, and the chance a fresh roll reaches a claim.
local odds = {}

-- 21 (the Jackpot) above the doubles, above the rest by value.
function odds.rank(r)
  if not r then return 0 end
  if r == 21 then return 1000 end
  if r // 10 == r % 10 then return 500 + r // 10 end
  return r
end

function odds.best(a, b)
  if (a == 1 and b == 2) or (a == 2 and b == 1) then return 21 end
  return math.max(a, b) * 10 + math.min(a, b)
end

-- How many of the 36 rolls of two dice have a best reading that reaches the
-- claim: counted roll by roll.
function odds.rolls_reaching(claim)
  local n = 0
  for a = 1, 6 do
    for b = 1, 6 do
      if odds.rank(odds.best(a, b)) >= odds.rank(claim) then n = n + 1 end
    end
  end
  return n
end

-- The same counts written out for every claim two dice can make ([0]: no
-- claim yet). A bot's budget counts every instruction and a table session
-- loads its bots for every game, so counting 36 rolls at each decision, or
-- even once per claim per game, cost the dice bots a tenth of their time.
-- tests/spec/bots_spec.lua checks the table against rolls_reaching.
odds.REACHING = {
  [0] = 36,
  [11] = 8, [12] = 36, [13] = 36, [14] = 36, [15] = 36, [16] = 36,
  [21] = 2, [22] = 7, [23] = 36, [24] = 36, [25] = 36, [26] = 36,
  [31] = 36, [32] = 34, [33] = 6, [34] = 32, [35] = 32, [36] = 32,
  [41] = 32, [42] = 30, [43] = 28, [44] = 5, [45] = 26, [46] = 26,
  [51] = 26, [52] = 24, [53] = 22, [54] = 20, [55] = 4, [56] = 18,
  [61] = 18, [62] = 16, [63] = 14, [64] = 12, [65] = 10, [66] = 3,
}

-- The chance that a fresh roll's best reading reaches the claim.
function odds.chance_of(claim)
  return (odds.REACHING[claim or 0] or odds.rolls_reaching(claim)) / 36
end

-- The score a "declare NN" move claims (nil for any other move): a table
-- made once, as a pattern match costs hundreds of instructions and a
-- declaration lists up to 36 moves.
local READING = {}
for a = 1, 6 do
  for b = 1, 6 do READING["declare " .. (a * 10 + b)] = a * 10 + b end
end
function odds.reading(move) return READING[move] end

function odds.has(moves, m)
  for _, x in ipairs(moves) do if x == m then return true end end
end

return odds
