-- BAM! whose rules fail when a player folds: a served page that folds
-- must get one sentence, not this file's path and a traceback
-- (tests/serve/run.py, rules_error).
local game = inherit("bam", {})
local declare = game.declare
game.declare = function(t, seat, move)
  if move == "fold" then error("folding is broken in this house rule") end
  return declare(t, seat, move)
end
return game
