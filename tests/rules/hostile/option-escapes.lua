-- An option check whose refusal holds an escape sequence and a newline:
-- `run` printed it raw (the REPL escaped it). Every mode prints it on one
-- line, its control characters as '?'.
-- args: --set mode=2
-- expect: ^referee: option 'mode': bad \?\[2J mode\?line two$
-- exit: 2
return { description = "option escapes", players = { min = 2, max = 2 },
  options = { { name = "mode", default = 1, check = function(v)
    if v ~= 1 then return nil, "bad \27[2J mode\nline two" end
    return true
  end } },
  setup = function(t) t:ask(1, "go", { "a" }) end, apply = function() end, result = function() end }
