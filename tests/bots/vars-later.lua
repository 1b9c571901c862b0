-- Checks view.vars (made entry by entry as read, from the vars as they were
-- at the decision) on the vars-kinds fixture. At every other decision of
-- its own the bot keeps the view unread; at the next one the kept vars must
-- still show their decision, and the new view is read whole and checked:
-- each kind of key found (a float key of integer value as that integer),
-- what never crosses left out, # and ipairs, a value the bot sets or clears
-- staying so, and the metatable out of reach. Any difference is an error,
-- so a fault.
local function check(ok, what)
  if not ok then error("vars-later check failed: " .. what, 2) end
end

local kept, kept_decision
local calls = 0 -- this bot's decisions: it keeps a view at one, checks at the next

-- Each entry read first by key, then listed.
local function check_all(vars, decision)
  check(vars.decision == decision and #vars.history == decision, "the decision's count and history")
  check(vars[2.0] == "two" and math.type(next({ [2.0] = 1 })) == "integer", "a float key of integer value")
  check(vars[2.5] == "two and a half" and vars[true] == "yes" and vars[false] == nil, "float and boolean keys")
  check(#vars == 2 and select("#", table.unpack(vars)) == 2, "# and unpack")
  local n = 0
  for i, value in ipairs(vars) do n = n + 1; check(value == ({ "one", "two" })[i], "ipairs") end
  check(n == 2, "ipairs stops at 2")
  check(vars.half == 0.5 and math.type(vars.huge) == "float" and vars.huge == 2 ^ 63, "floats")
  check(vars.nested.deeper.deepest[1] == "bottom" and vars.nested[false] == "no", "nested tables")
  check(vars.helper == nil and vars.thread == nil, "a function or a coroutine crosses")
  local keys, table_key = 0, nil
  for k, value in pairs(vars) do
    keys = keys + 1
    if type(k) == "table" then table_key = k[1] .. "=" .. value end
  end
  -- decision, history, 1, 2, 2.5, true, half, huge, nested, the table key
  check(keys == 10, "pairs lists " .. keys .. " entries, not 10")
  check(table_key == "a key=a table key", "a table as a key")
end

return { choose = function(view, moves, ctx)
  check(getmetatable(view.vars) == nil, "view.vars is no plain table")
  calls = calls + 1
  if calls % 2 == 1 then
    kept, kept_decision = view, ctx.decision -- unread until the next decision
    return 1
  end
  if kept then
    check(kept.vars.decision == kept_decision, "vars read late show a later decision")
    check(#kept.vars.history == kept_decision, "a table in vars read late")
    -- Cleared before it was ever read, an entry stays cleared.
    kept.vars.huge = nil
    check(kept.vars.huge == nil, "a cleared entry came back")
    for k in pairs(kept.vars) do check(k ~= "huge", "pairs lists a cleared entry") end
  end
  check_all(view.vars, ctx.decision)
  -- What the bot sets is its own.
  view.vars.half, view.vars[1] = nil, "mine"
  check(view.vars.half == nil and view.vars[1] == "mine", "a value the bot cleared or set")
  return 1
end }
