-- A claim window whose prompt is a megabyte: an ask limits it to 199 bytes,
-- and says so without printing the megabyte.
-- expect: prompt 'x+\.\.\.' is 1048576 bytes: at most 199 fit
-- exit: 1
return { description = "long labels", players = { min = 2, max = 2 },
  setup = function(t) t:ask_window({ 1, 2 }, "go", { { "a" }, { "b" } }, ("x"):rep(1 << 20)) end,
  apply = function() end, result = function() end }
