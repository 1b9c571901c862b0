-- Checks, while it loads and at every decision, that its sandbox is the one
-- the README promises: base, table, string, math, utf8 and coroutine only;
-- any difference is an error (a load failure, or a fault at a decision).
local function check(ok, what)
  if not ok then error("sandbox check failed: " .. what, 2) end
end

local function sandbox_is_closed()
  for _, name in ipairs({ "io", "os", "debug", "package", "require", "dofile", "loadfile",
                          "warn", "collectgarbage" }) do
    check(rawget(_G, name) == nil, name .. " is reachable")
  end
  check(type(rawget(_G, "print")) == "function", "print (to stderr) is missing")
  for _, name in ipairs({ "table", "string", "math", "utf8", "coroutine" }) do
    check(type(rawget(_G, name)) == "table", name .. " is missing")
  end
  check(string.dump == nil, "string.dump is reachable")
  check(not pcall(function() return undefined_name end), "an undefined global reads as nil")
  check(load("\27Lua") == nil, "load takes bytecode")
  check(load("return 1 + 1")() == 2, "load refuses text")
  check(not pcall(setmetatable, {}, { __gc = function() end }), "setmetatable takes __gc")
  local t = setmetatable({}, { __index = function() return 7 end })
  check(t.anything == 7, "setmetatable refuses a plain metatable")
  check(math.type(math.random(6)) == "integer", "math.random")
  -- Patterns: everyday ones work, one that could backtrack for ages is refused.
  check(("discard 2C 9H"):match("^discard (.*)$") == "2C 9H", "match")
  check(select(2, ("a b c"):gsub("%S+", "")) == 3, "gsub")
  local words = 0
  for _ in ("play QS or fold"):gmatch("%a+") do words = words + 1 end
  check(words == 4, "gmatch")
  check(("x[y]"):find("[", 1, true) == 2, "plain find")
  check(not pcall(string.find, ("a"):rep(5000), ("a*"):rep(20) .. "b"), "a backtracking bomb ran")
  -- Functions whose C loops are bounded still do their everyday work.
  check(("ab"):rep(3, ",") == "ab,ab,ab" and ("").rep("", 5) == "", "string.rep")
  local list = { 1, 2, 3 }
  table.insert(list, 1, 0)
  check(table.remove(list, 2) == 1 and table.concat(list, " ") == "0 2 3", "insert and remove")
  check(table.concat(table.move(list, 1, 3, 2, {}), " ", 2, 4) == "0 2 3", "table.move")
  -- Lua 5.5's table.create: an empty table, room made for a list.
  local made = table.create(4, 1)
  check(next(made) == nil and #made == 0, "table.create makes an empty table")
  for i = 1, 4 do made[i] = i end
  check(table.concat(made, " ") == "1 2 3 4", "table.create's list")
  check(not pcall(table.create, -1), "table.create of -1")
  -- Coroutines (resume and wrap are the watchdog's): as the standard ones.
  local co = coroutine.create(function(a) return coroutine.yield(a + 1) * 2 end)
  local ok, v = coroutine.resume(co, 1)
  check(ok and v == 2 and coroutine.status(co) == "suspended", "resume to a yield")
  ok, v = coroutine.resume(co, 5)
  check(ok and v == 10 and coroutine.status(co) == "dead", "resume to the end")
  ok, v = coroutine.resume(co)
  check(not ok and v == "cannot resume dead coroutine", "resume of a dead coroutine")
  local count = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
  check(count() == 1 and count() == 2 and count() == 3, "wrap")
  local raised, why = pcall(coroutine.wrap(function() error("boom") end))
  check(not raised and why:find("boom", 1, true), "wrap raises the coroutine's error")
  raised, why = pcall(coroutine.wrap(function() error({ code = 7 }) end))
  check(not raised and type(why) == "table" and why.code == 7, "wrap raises a table as it is")
  check(not pcall(coroutine.resume, 42), "resume of a number")
  check(coroutine.isyieldable() == false and coroutine.running(), "running")
end

sandbox_is_closed()
return { choose = function(_, moves)
  sandbox_is_closed()
  return #moves
end }
