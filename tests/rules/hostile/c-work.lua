-- Standard functions that would run in C for ages, out of reach of the
-- watchdog's hook: string.rep of nothing, a backtracking pattern, a plain
-- search of a long string, table.move over a huge range. Rules get the
-- same bounds as bots: each is answered at once or refused.
-- expect: ^game over: rep ''; pattern refused; plain refused; move refused$
-- exit: 0
local function try(f) local ok, err = pcall(f) return ok and "ran" or (tostring(err):match("too") and "refused" or err) end
return { description = "C work", players = { min = 2, max = 2 },
  setup = function(t)
    local got = {}
    got[1] = "rep '" .. string.rep("", 1 << 62) .. "'"
    got[2] = "pattern " .. try(function() return (("a"):rep(5000)):find(("a*"):rep(20) .. "b") end)
    local long = ("a"):rep(1 << 20)
    got[3] = "plain " .. try(function() return long:find(("a"):rep(1 << 12) .. "b", 1, true) end)
    got[4] = "move " .. try(function() return table.move({}, 1, 1 << 40, 2) end)
    t.vars.got = table.concat(got, "; ")
    t:ask(1, "go", { "a" })
  end,
  apply = function(t) t.vars.done = true end,
  result = function(t) if t.vars.done then return { winners = { 1 }, scores = { 0, 0 }, message = t.vars.got } end end }
