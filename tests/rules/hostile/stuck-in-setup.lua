-- Rules that get stuck in C setting the game up (a sort of a hundred
-- thousand references to one long string). The process is stopped; `run`
-- says why and exits 1, and at the REPL the game in progress goes on.
-- expect: ^referee: the rules ran in C past their limit .* setting up the game, where nothing could stop them
-- exit: 1
local long = ("x"):rep(1 << 20)
return { description = "stuck in setup", players = { min = 2, max = 2 },
  setup = function(t)
    local list = {}
    for i = 1, 100000 do list[i] = long end
    table.sort(list)
  end,
  apply = function() end, result = function() end }
