-- pairs and next, as rules scripts have them, visit keys in one order in
-- every process: numbers ascending, strings by their bytes, then false and
-- true, then the one table (or function) key a table may have. Lua's own
-- order followed the hash slots, which change with the process.
local helper = require "tests.spec.helper"
local referee = helper.referee

local folder = helper.temp_folder()

-- rules/order.lua: runs its checks at setup and keeps what they saw in vars.
helper.write(folder .. "/order.lua", [[
local game = {}
local function keys_of(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = tostring(k) end
  return table.concat(out, " ")
end
function game.setup(t)
  local v = t.vars
  local mixed = { "one", "two", [0] = "zero", [-3] = "m", [2.5] = "f", [2^53] = "big",
                  zeta = 1, alpha = 2, Beta = 3, ["alpha2"] = 4, [true] = 5, [false] = 6 }
  v.order = keys_of(mixed)
  v.first = tostring(next(mixed))
  v.empty = next({}) == nil
  -- next by hand, from nil to nil, gives the same order
  local walked, k = {}, nil
  repeat k = next(mixed, k); walked[#walked + 1] = k ~= nil and tostring(k) or nil until k == nil
  v.walked = table.concat(walked, " ")
  -- a field cleared during the traversal is skipped; the rest are visited
  local words = {}
  for i = 1, 50 do words["w" .. i] = i end
  local seen = 0
  for key, n in pairs(words) do
    seen = seen + 1
    words["w" .. (n + 1)] = nil
  end
  v.cleared_seen = seen
  -- loops inside loops, over the same table and over another
  local a, b, pairs_seen = { x = 1, y = 2, z = 3 }, { p = 1, q = 2 }, {}
  for ka in pairs(a) do
    for kb in pairs(b) do
      for ka2 in pairs(a) do pairs_seen[#pairs_seen + 1] = ka .. kb .. ka2 end
    end
  end
  v.nested = table.concat(pairs_seen, " ")
  -- one table key is fine, and last; two have no order a process can fix
  local one = { [{}] = "t", b = 1, [1] = 2 }
  local last
  for key in pairs(one) do last = key end
  v.object_last = type(last)
  v.two_objects = select(2, pcall(function()
    for _ in pairs({ [{}] = 1, [{}] = 2 }) do end
  end))
  v.two_objects_next = select(2, pcall(next, { [print] = 1, [{}] = 2 }))
  -- __pairs is honoured, as Lua's pairs honours it
  local proxied = setmetatable({}, { __pairs = function() return function(_, k)
    if not k then return "only", 1 end end, nil, nil end })
  v.proxied = keys_of(proxied)
  -- a large table comes sorted
  local big, n, sorted, prev = {}, 0, true, -1
  for i = 1, 5000 do big[(i * 7919) % 5003] = i end
  for key in pairs(big) do
    n = n + 1
    if key <= prev then sorted = false end
    prev = key
  end
  v.big = { count = n, sorted = sorted }
  t:ask(1, "go", { "a" })
end
function game.apply(t) end
function game.result(t) return { winners = { 1 } } end
return game
]])

describe("pairs and next in a rules script", function()
  teardown(function() os.execute("rm -rf " .. folder) end)
  local v = assert(referee.game("order", { seats = 2, seed = 1, rules_path = folder })):table().vars

  it("visit numbers ascending, then strings by their bytes, then false and true", function()
    assert.are.equal("-3 0 1 2 2.5 9007199254740992 Beta alpha alpha2 zeta false true", v.order)
    assert.are.equal("-3", v.first)
    assert.is_true(v.empty)
    assert.are.equal(v.order, v.walked)
  end)

  it("skip a field cleared during the traversal and visit the rest", function()
    -- w1 clears w2, w10 clears w11, ...: the keys in byte order are
    -- w1 w10 w11 ..., so each visited key clears one not yet visited
    -- unless that one came earlier in the order
    assert.is_true(v.cleared_seen >= 25 and v.cleared_seen < 50, tostring(v.cleared_seen))
  end)

  it("keep their place in loops inside loops, over the same table or another", function()
    local want = {}
    for _, ka in ipairs({ "x", "y", "z" }) do
      for _, kb in ipairs({ "p", "q" }) do
        for _, ka2 in ipairs({ "x", "y", "z" }) do want[#want + 1] = ka .. kb .. ka2 end
      end
    end
    assert.are.equal(table.concat(want, " "), v.nested)
  end)

  it("allow one key that is a table, last, and refuse two with why", function()
    assert.are.equal("table", v.object_last)
    assert.matches("two or more keys that are tables, functions, coroutines or userdata, whose " ..
                   "order is not the same from one run to the next", v.two_objects)
    assert.matches("two or more keys that are tables", v.two_objects_next)
  end)

  it("honour __pairs", function()
    assert.are.equal("only", v.proxied)
  end)

  it("sort a large table", function()
    assert.are.equal(5000, v.big.count)
    assert.is_true(v.big.sorted)
  end)
end)
