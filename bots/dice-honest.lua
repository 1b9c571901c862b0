-- dice-honest: plays Bamboozled dice without bluffing unless it must. It
-- declares its best true reading; when nothing it rolled beats the score,
-- it claims the lowest score it may. It challenges only claims that an
-- honest roll rarely reaches, backs challenged claims and stops strikes
-- with its cards, and uses Revive to shed strikes.
local bot = {}

local function rank(r)
  if not r then return 0 end
  if r == 21 then return 1000 end
  if r // 10 == r % 10 then return 500 + r // 10 end
  return r
end

-- The best reading of a pair of dice.
local function best(a, b)
  if (a == 1 and b == 2) or (a == 2 and b == 1) then return 21 end
  local hi, lo = math.max(a, b), math.min(a, b)
  return hi * 10 + lo
end

-- The chance that a fresh roll's best reading reaches the claim.
local function chance_of(claim)
  local n = 0
  for a = 1, 6 do
    for b = 1, 6 do
      if rank(best(a, b)) >= rank(claim) then n = n + 1 end
    end
  end
  return n / 36
end
bot.chance_of, bot.best, bot.rank = chance_of, best, rank

local function reading(move) return tonumber(move:match("^declare (%d%d)$")) end

local function has(moves, m)
  for _, x in ipairs(moves) do if x == m then return true end end
end

function bot.choose(view, moves, ctx)
  local v = view.vars
  if ctx.kind == "declare" then
    local d1, d2 = view.dice[1].value, view.dice[2].value
    local mine = best(d1, d2)
    if has(moves, "declare " .. mine) then return "declare " .. mine end
    -- Forced: the lowest legal claim.
    local low
    for _, m in ipairs(moves) do
      local r = reading(m)
      if not low or rank(r) < rank(low) then low = r end
    end
    return "declare " .. low
  elseif ctx.kind == "accept or challenge" then
    if has(moves, "revive") and v.strikes[view.seat] > 0 then return "revive" end
    return chance_of(v.score) < 0.12 and "challenge" or "accept"
  elseif ctx.kind == "roll" then
    if has(moves, "revive") and v.strikes[view.seat] > 0 then return "revive" end
    return "roll"
  elseif ctx.kind == "back your claim" or ctx.kind == "strike" then
    return moves[1]
  elseif ctx.kind == "discard" then
    return moves[#moves]
  end
  return moves[1]
end

return bot
