-- dice-bluffer: plays Bamboozled dice by the odds of the score ranking. It
-- bluffs when its roll falls short (or when a card in hand would back the
-- claim), claiming the most believable score that beats the last one; it
-- challenges claims an honest roll would rarely reach; it plays Fresh
-- Start, Skip or Reverse rather than face a score it is unlikely to beat;
-- it keeps its best cards when over the hand limit.
-- It keeps nothing from one decision to the next, so a decision with one
-- legal move needs no thought: the referee plays it without calling choose.
local bot = { ask_forced = false }

local odds = import("dice-odds")
local rank, best, chance_of, has, reading = odds.rank, odds.best, odds.chance_of, odds.has, odds.reading


local function holding(view, name)
  for _, c in ipairs(view.zones["cards" .. view.seat].cards) do
    if c == name then return true end
  end
end

-- Which cards to keep: the first is the most valuable.
local VALUE = { Jackpot = 8, MyBad = 7, Revive = 6, Double = 5, UpDown = 4, FreshStart = 3, Skip = 2, Reverse = 1 }

local function declare(view, moves)
  local d1, d2 = view.dice[1].value, view.dice[2].value
  local mine = best(d1, d2)
  -- A Jackpot card backs a claim of 21; a Double backs the higher double.
  if holding(view, "Jackpot") and has(moves, "declare 21") then return "declare 21" end
  if holding(view, "Double") and d1 ~= d2 then
    local double = math.max(d1, d2) * 11
    if has(moves, "declare " .. double) and rank(double) > rank(mine) then return "declare " .. double end
  end
  if has(moves, "declare " .. mine) then
    -- Now and then claim a little more than a weak true roll.
    if rank(mine) < 60 and math.random() < 0.25 then
      for _, m in ipairs(moves) do
        local r = reading(m)
        if rank(r) > rank(mine) and rank(r) <= rank(mine) + 10 and r // 10 ~= r % 10 then return m end
      end
    end
    return "declare " .. mine
  end
  -- Short: the most believable claim that is still legal.
  local low
  for _, m in ipairs(moves) do
    local r = reading(m)
    if not low or rank(r) < rank(low) then low = r end
  end
  return "declare " .. low
end

function bot.choose(view, moves, ctx)
  local v = view.vars
  local kind = ctx.kind
  if kind == "declare" then return declare(view, moves) end
  if kind == "accept or challenge" or kind == "roll" or kind == "face the score" then
    if has(moves, "Revive") and v.strikes[view.seat] > 0 then return "Revive" end
    if kind == "roll" and not v.score then return "roll" end
    local p = chance_of(v.score)
    if has(moves, "challenge") then
      -- A claim barely above the last one is how a bluffer lies: the
      -- lower the odds of an honest roll reaching it, the more we doubt it.
      if p < 0.2 or (p < 0.35 and math.random() < 0.5) then return "challenge" end
    end
    if p < 0.3 then
      for _, card in ipairs({ "FreshStart", "MyBad", "Skip", "Reverse" }) do
        if has(moves, card) then return card end
      end
    end
    return moves[1]
  end
  if kind == "back your claim" or kind == "strike" then return moves[1] end
  if kind == "discard" then
    local worst, worst_value
    for _, m in ipairs(moves) do
      local value = VALUE[m:match("^discard (%S+)$")] or 0
      if not worst or value < worst_value then worst, worst_value = m, value end
    end
    return worst
  end
  return moves[1]
end

return bot
