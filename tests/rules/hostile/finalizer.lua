-- A finalizer that never ends: run with hooks off, at a collection or when
-- the state closes after the game, it hung the process with its output
-- unflushed. setmetatable refuses __gc to rules as to bots.
-- expect: setmetatable: a script may not set __gc
-- exit: 1
setmetatable({}, { __gc = function() while true do end end })
return { description = "finalizer", players = { min = 2, max = 2 },
  setup = function(t) t:ask(1, "go", { "a" }) end, apply = function() end, result = function() end }
