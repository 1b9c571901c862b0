-- dice-honest: plays Bamboozled dice without bluffing unless it must. It
-- declares its best true reading; when nothing it rolled beats the score,
-- it claims the lowest score it may. It challenges only claims that an
-- honest roll rarely reaches, backs challenged claims and stops strikes
-- with its cards, and uses Revive to shed strikes.
-- It keeps nothing from one decision to the next, so a decision with one
-- legal move needs no thought: the referee plays it without calling choose.
local bot = { ask_forced = false }

local odds = import("dice-odds")
local rank, best, chance_of, has, reading = odds.rank, odds.best, odds.chance_of, odds.has, odds.reading

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
    if has(moves, "Revive") and v.strikes[view.seat] > 0 then return "Revive" end
    return chance_of(v.score) < 0.12 and "challenge" or "accept"
  elseif ctx.kind == "roll" then
    if has(moves, "Revive") and v.strikes[view.seat] > 0 then return "Revive" end
    return "roll"
  elseif ctx.kind == "back your claim" or ctx.kind == "strike" then
    return moves[1]
  elseif ctx.kind == "discard" then
    return moves[#moves]
  end
  return moves[1]
end

return bot
