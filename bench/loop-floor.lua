-- Loop Floor, the thinnest rules the contract allows, for `make bench`:
-- every decision is one t:ask of a list packed once, and applying a move
-- only counts it. What a decision costs here is what the referee loop, the
-- call into the rules and the kernel's ask cost by themselves, below any
-- game's own work. 100 decisions a game, the seats in turn (option
-- decisions: a game of one decision is what starting a game costs).
local game = {
  description = "Loop Floor, the thinnest rules, to measure the referee loop",
  players = { min = 1, max = 8 },
  options = {
    { name = "decisions", default = 100, min = 1, max = 1000000, help = "decisions in a game" },
  },
}

local EITHER = moves{ "a", "b" }

function game.setup(t, opts)
  t.vars.made, t.vars.decisions = 0, opts.decisions
  t:ask(1, "pick", EITHER)
end

function game.apply(t, seat)
  local v = t.vars
  v.made = v.made + 1
  if v.made < v.decisions then t:ask(seat % t.nseats + 1, "pick", EITHER) end
end

function game.result(t)
  if t.vars.made < t.vars.decisions then return nil end
  local scores = {}
  for s = 1, t.nseats do scores[s] = 0 end
  return { winners = { 1 }, scores = scores, message = "every decision made" }
end

return game
