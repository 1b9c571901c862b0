-- Sorts a hundred thousand references to one long string: every comparison
-- is a strcoll of a megabyte, all in C, where no hook runs and no guard of
-- ours knows the function. The process it plays in is stopped (the OS is
-- the last wall) and the game is played again without it: from that move
-- on its seat's decisions are faults.
-- expect: at move 0 it ran in C past its limit, where nothing inside the process could stop it
-- expect: ^it was stopped at move 0, stuck in C$
local long = ("x"):rep(1 << 20)
return { choose = function(view, moves)
  local t = {}
  for i = 1, 100000 do t[i] = long end
  table.sort(t)
  return moves[1]
end }
