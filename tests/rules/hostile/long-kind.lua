-- A claim window whose kind is 48 bytes, one past what an ask allows.
-- expect: kind 'k+' is 48 bytes: at most 47 fit
-- exit: 1
return { description = "long kind", players = { min = 2, max = 2 },
  setup = function(t) t:ask_window({ 1, 2 }, ("k"):rep(48), { { "a" }, { "a" } }) end,
  apply = function() end, result = function() end }
