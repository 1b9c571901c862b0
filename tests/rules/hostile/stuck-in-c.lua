-- Rules that get stuck in C on the third move: a sort of a hundred thousand
-- references to one long string, out of reach of the watchdog's hook. The
-- process playing it is stopped, and the game is played again up to that
-- move and ended there, as it stood, with why.
-- expect: the rules ran in C past their limit .* after move 2, where nothing could stop them
-- exit: 1
local long = ("x"):rep(1 << 20)
return { description = "stuck in C", players = { min = 2, max = 2 },
  setup = function(t) t.vars.n = 0 t:ask(1, "go", { "a" }) end,
  apply = function(t)
    t.vars.n = t.vars.n + 1
    if t.vars.n == 3 then
      local list = {}
      for i = 1, 100000 do list[i] = long end
      table.sort(list)
    end
    t:ask(1, "go", { "a" })
  end,
  result = function() end }
