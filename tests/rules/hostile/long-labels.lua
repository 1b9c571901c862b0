-- A pending() whose prompt is a megabyte and whose kind is 48 bytes: t:ask
-- limits them to 199 and 47 bytes, and so must pending().
-- expect: prompt 'x+\.\.\.' is 1048576 bytes: at most 199 fit
-- exit: 1
return { description = "long labels", players = { min = 2, max = 2 },
  setup = function(t) end,
  pending = function(t) return { seat = 1, kind = "go", moves = { "a" }, prompt = ("x"):rep(1 << 20) } end,
  apply = function() end, result = function() end }
