-- The kernel's Lua API takes anything a script may pass: every method of a
-- table and of a game, called with every pair of odd arguments, returns or
-- raises a Lua error. A crash (a division by zero, a read out of bounds)
-- ends busted, and so fails this spec.
local helper = require "tests.spec.helper"
local referee = helper.referee

-- Odd values: none, zero, negatives, the integer extremes (whose
-- differences overflow), floats, NaN, names that exist and that do not,
-- tables, functions.
local ODD = { n = 23, nil, 0, -1, 1, 2, 1e308, 0 / 0, 2 ^ 53, math.mininteger, math.maxinteger,
              "", "x", "stock", "hand1", "AS", "all", "a", {}, { 1 }, { 1, 2 }, { "AS" }, true,
              function() end }

-- The method names as the C side registers them: a method added later is
-- covered without a change here.
local function registered(files, pattern)
  local names = {}
  for _, file in ipairs(files) do
    local f = assert(io.open(file))
    for name in f:read("a"):gmatch(pattern) do names[#names + 1] = name end
    f:close()
  end
  table.sort(names)
  return names
end

-- Calls object's functions of these names with every pair of odd values
-- (after object itself for a method); returns how many calls were made.
local function try_all(object, names, third, as_method)
  local calls = 0
  for _, name in ipairs(names) do
    local f = object[name]
    assert.is_function(f, name)
    for i = 1, ODD.n + 1 do
      for j = 1, ODD.n + 1 do
        if as_method then pcall(f, object, ODD[i], ODD[j], third) else pcall(f, ODD[i], ODD[j], third) end
        calls = calls + 1
      end
    end
  end
  return calls
end

local TABLE_METHODS = registered({ "core/binding/lua_table.c", "core/binding/lua_ask.c", "core/binding/lua_cards.c",
                                  "core/binding/lua_dice.c", "core/binding/lua_seats.c", "core/binding/lua_ledger.c",
                                  "core/binding/lua_event.c" },
                                '{"([%w_]+)", t_[%w_]+}')

describe("the Lua API, given odd arguments", function()
  it("never crashes in a table method", function()
    local names = TABLE_METHODS
    assert.is_true(#names >= 50)
    -- the third argument too: a count, a seat or a size at its extremes
    for _, third in ipairs({ false, 1, -1, math.maxinteger }) do
      local t = referee.new_table(2, 3)
      t:zone("stock")
      t:zone("hand1", { owner = 1 })
      t:deck("stock", "standard52")
      t:account("a", 10)
      t:die(6)
      assert.is_true(try_all(t, names, third, true) > 0)
    end
  end)

  it("never crashes in a game method or a module function", function()
    local methods, functions = {}, {}
    local g = assert(referee.game("fixture", { seats = 2, seed = 3,
                                               rules_path = "tests/fixture:rules" }))
    for _, name in ipairs(registered({ "core/referee/lua_game.c" }, '{"([%w_]+)", l_game_[%w_]+}')) do
      if g[name] then methods[#methods + 1] = name end
    end
    for name, f in pairs(referee) do
      if type(f) == "function" then functions[#functions + 1] = name end
    end
    table.sort(functions)
    assert.is_true(#methods >= 10 and #functions >= 4)
    assert.is_true(try_all(g, methods, 1, true) > 0)
    assert.is_true(try_all(referee, functions, nil, false) > 0)
    local json = {}
    for name, f in pairs(referee.json) do
      if type(f) == "function" then json[#json + 1] = name end
    end
    table.sort(json)
    assert.is_true(#json >= 2 and try_all(referee.json, json, nil, false) > 0)
  end)

  -- "An illegal move, a failing rules script or a bad command changes
  -- nothing": the game's record (its moves and its table's fingerprint) is
  -- the same after every call that fails.
  it("changes nothing in a game method that fails", function()
    local g = helper.new("fixture", { seats = 3, seed = 5 })
    for i = 1, 4 do helper.step(g, i) end
    local before = g:record()
    local names = registered({ "core/referee/lua_game.c" }, '{"([%w_]+)", l_game_[%w_]+}')
    local failed = 0
    for _, name in ipairs(names) do
      if g[name] then
        for i = 1, ODD.n + 1 do
          for j = 1, ODD.n + 1 do
            g = referee.replay(before, "tests/fixture:rules") -- four moves in, whatever the last call did
            local ok, got, why = pcall(g[name], g, ODD[i], ODD[j])
            if not ok or (got == nil and why ~= nil) then
              failed = failed + 1
              assert.are.equal(before, g:record(), ("g:%s(%s, %s) failed (%s) and changed the game")
                :format(name, tostring(ODD[i]), tostring(ODD[j]), tostring(ok and why or got)))
            end
          end
        end
      end
    end
    assert.is_true(failed > 1000, tostring(failed))
  end)

  -- The odd-methods fixture calls them from rules, on the game's own table
  -- and on clones, and errors when a call that fails has changed the table.
  it("changes nothing in a table method that fails, with a message saying why", function()
    local f = assert(io.open("tests/fixture/odd-methods.lua"))
    local probed = {}
    for name in f:read("a"):match("local METHODS = (%b{})"):gmatch('"([%w_]+)"') do probed[#probed + 1] = name end
    f:close()
    table.sort(probed)
    assert.are.same(TABLE_METHODS, probed)
    for _, seats in ipairs({ 2, 4 }) do
      local g = helper.new("odd-methods", { seats = seats, seed = 1 })
      helper.play_out(g)
      local result = assert(g:result())
      assert.matches("^odd calls: %d+ returned, %d+ failed and changed nothing$", result.message)
    end
  end)
end)
