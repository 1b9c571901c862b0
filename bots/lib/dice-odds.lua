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

-- The chance that a fresh roll's best reading reaches the claim.
function odds.chance_of(claim)
  local n = 0
  for a = 1, 6 do
    for b = 1, 6 do
      if odds.rank(odds.best(a, b)) >= odds.rank(claim) then n = n + 1 end
    end
  end
  return n / 36
end

function odds.has(moves, m)
  for _, x in ipairs(moves) do if x == m then return true end end
end

return odds
