-- Changes every library and shared table it can reach, to change the games
-- that come after it at the REPL. Each environment has its own copies, and
-- the shared ones are locked: the next game (hostile.sh plays one) is
-- untouched.
-- expect: ^game over: it tried everything it could reach$
-- exit: 0
pcall(function()
  string.format = function() return "poisoned" end
  table.concat = function() return "poisoned" end
  table.sort = function() error("poisoned sort") end
  math.floor = function() return 0 end
  utf8.char = function() return "poisoned" end
  local strings = getmetatable("")
  if type(strings) == "table" then strings.__index = { format = function() return "poisoned" end } end
  local env = getmetatable(_ENV)
  if type(env) == "table" then env.__index.pairs = function() error("poisoned pairs") end end
end)
pairs = function() error("poisoned pairs") end
return { description = "poisons", players = { min = 2, max = 2 },
  setup = function(t) t:ask(1, "go", { "a" }) end, apply = function(t) t.vars.done = true end,
  result = function(t) if t.vars.done then return { winners = { 1 }, scores = { 0, 0 }, message = "it tried everything it could reach" } end end }
