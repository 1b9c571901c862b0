-- A pending() whose kind is 48 bytes, one past what t:ask allows.
-- expect: kind 'k+' is 48 bytes: at most 47 fit
-- exit: 1
return { description = "long kind", players = { min = 2, max = 2 },
  setup = function(t) end,
  pending = function(t) return { seat = 1, kind = ("k"):rep(48), moves = { "a" } } end,
  apply = function() end, result = function() end }
