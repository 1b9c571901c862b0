-- Rules whose table grows without end, in a game given a memory ceiling
-- (rules and every seat together) below the rules' own cap of 256 MB: the
-- ceiling refuses first, and says so.
-- args: --game-memory 64
-- expect: the rules failed applying seat 1's move 'a': the game reached its memory ceiling of 64 MB \(its rules and every seat together\)
-- exit: 1
return { description = "grows past the ceiling", players = { min = 2, max = 2 },
  setup = function(t) t:ask(1, "go", { "a" }) end,
  apply = function(t)
    local hoard = {}
    for i = 1, 1 << 30 do hoard[i] = ("x"):rep(1000) .. i end
  end,
  result = function() end }
