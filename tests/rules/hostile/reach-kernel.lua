-- Reaches for the kernel's own objects behind t (its data, rawget(t, 0);
-- the metatables of t, of a move list, of strings) and calls a finalizer
-- it finds by hand: the table's __gc once freed the table under the game.
-- Every metatable must be locked, and the game must go on unharmed.
-- expect: ^game over: locked: data, table, moves, strings, env$
-- exit: 0
local function locked(v) return type(getmetatable(v)) ~= "table" end
return { description = "reaches for the kernel", players = { min = 2, max = 2 },
  setup = function(t)
    local data = rawget(t, 0)
    local mt = getmetatable(data)
    if type(mt) == "table" and mt.__gc then mt.__gc(data) end
    local seen = {}
    for _, v in ipairs({ { "data", data }, { "table", t }, { "moves", moves { "a", "b" } },
                         { "strings", "" }, { "env", _ENV } }) do
      if locked(v[2]) then seen[#seen + 1] = v[1] end
    end
    t.vars.seen = table.concat(seen, ", ")
    t:ask(1, "go", { "a" })
  end,
  apply = function(t) t.vars.done = true end,
  result = function(t)
    if t.vars.done then return { winners = { 1 }, scores = { 0, 0 }, message = "locked: " .. t.vars.seen } end
  end }
