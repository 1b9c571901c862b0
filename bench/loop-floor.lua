-- Loop Floor, the thinnest rules the contract allows, for `make bench`:
-- every decision is one t:ask of a list packed once, and applying a move
-- only counts it. What a decision costs here is what the referee loop, the
-- call into the rules and the kernel's ask cost by themselves, below any
-- game's own work. 100 decisions a game, the seats in turn.
local game = {
  description = "Loop Floor, the thinnest rules, to measure the referee loop",
  players = { min = 1, max = 8 },
}

local DECISIONS = 100
local EITHER = moves{ "a", "b" }

function game.setup(t)
  t.vars.made = 0
  t:ask(1, "pick", EITHER)
end

function game.apply(t, seat)
  local v = t.vars
  v.made = v.made + 1
  if v.made < DECISIONS then t:ask(seat % t.nseats + 1, "pick", EITHER) end
end

function game.result(t)
  if t.vars.made < DECISIONS then return nil end
  local scores = {}
  for s = 1, t.nseats do scores[s] = 0 end
  return { winners = { 1 }, scores = scores, message = "every decision made" }
end

return game
