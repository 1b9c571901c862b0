-- Rules scripts run with the standard libraries a bot has and nothing that
-- reaches outside the game: a script that could call os.exit stopped the
-- referee, and one that read the clock or a file broke determinism.
local helper = require "tests.spec.helper"
local referee = helper.referee

local folder = helper.temp_folder()

-- rules/probe.lua: records in its vars, at setup, what its globals hold.
helper.write(folder .. "/probe.lua", [[
local game = {}
local OUTSIDE = { "io", "os", "debug", "package", "require", "dofile", "loadfile",
                  "collectgarbage", "warn" }
local INSIDE = { "string", "table", "math", "utf8", "coroutine", "pairs", "ipairs", "pcall",
                 "xpcall", "error", "assert", "select", "type", "tostring", "tonumber",
                 "setmetatable", "getmetatable", "rawget", "rawset", "rawequal", "rawlen",
                 "next", "load", "print", "inherit", "import", "moves", "event_fields", "seat_names",
                 "card_face" }
secret = 42
-- A global set to nil reads as the standard one again.
ipairs = nil
local standard_ipairs = ipairs
function game.setup(t)
  local v = t.vars
  v.outside, v.missing = {}, {}
  for _, name in ipairs(OUTSIDE) do
    -- not there: using it says so (os.time(), require "x")
    local used, why = pcall(function() return _ENV[name].exit, _ENV[name]("x") end)
    if used or not why:find("'" .. name .. "' is not available to rules", 1, true) then
      v.outside[#v.outside + 1] = name
    end
  end
  for _, name in ipairs(INSIDE) do if _ENV[name] == nil then v.missing[#v.missing + 1] = name end end
  v.loaded = load("return secret")()
  v.loaded_elsewhere = load("return secret", "chunk", "t", {})()
  local pieces = { "return ", "secret" }
  v.loaded_in_pieces = load(function() return table.remove(pieces, 1) end)()
  local chunk, why = load(string.dump(function() return 1 end))
  v.binary = chunk == nil and why or "loaded"
  v.ipairs_again = standard_ipairs ~= nil and standard_ipairs == ipairs
  -- Lua 5.5's table.create: an empty table with room made for a list.
  local made = table.create(3)
  v.created_empty = next(made) == nil and #made == 0
  for i = 1, 3 do made[i] = i * 10 end
  v.created = made
  v.create_refused = select(2, pcall(table.create, -1))
  v.create_refused_rec = select(2, pcall(table.create, 0, -2))
  t:ask(1, "go", { "a" })
end
function game.apply(t) end
function game.result(t) return { winners = { 1 } } end
return game
]])

-- rules/methods.lua: string methods, ("x"):rep(n), with work the guards bound.
helper.write(folder .. "/methods.lua", [[
local BOMBS = {
  rep = function() return (""):rep(1 << 62) end,
  pattern = function() return ("a"):rep(5000):find(("a?"):rep(5000) .. ("a"):rep(5000)) end,
}
local game = { options = { { name = "bomb", default = "rep", choices = { "rep", "pattern" } } } }
function game.setup(t, opts) t.vars.bomb = opts.bomb t:ask(1, "go", { "a" }) end
function game.apply(t) BOMBS[t.vars.bomb]() end
function game.result(t) return nil end
return game
]])

describe("a rules script", function()
  teardown(function() os.execute("rm -rf " .. folder) end)

  it("has the standard libraries a bot has, and nothing reaching outside the game", function()
    local g = assert(referee.game("probe", { seats = 2, seed = 1, rules_path = folder }))
    local v = g:table().vars
    assert.are.same({}, v.outside)
    assert.are.same({}, v.missing)
  end)

  it("makes tables with room made for them, as Lua 5.5's table.create", function()
    local v = assert(referee.game("probe", { seats = 2, seed = 1, rules_path = folder })):table().vars
    assert.is_true(v.created_empty)
    assert.are.same({ 10, 20, 30 }, v.created)
    -- (called through pcall, the function has no name in the message)
    assert.matches("bad argument #1 to '?' (out of range: the elements of a list to make room for, 0 or more)",
      v.create_refused, 1, true)
    assert.matches("bad argument #2 to '?' (out of range: the other keys to make room for, 0 or more)",
      v.create_refused_rec, 1, true)
  end)

  it("reads a standard global it set to nil as the standard one again", function()
    local v = assert(referee.game("probe", { seats = 2, seed = 1, rules_path = folder })):table().vars
    assert.is_true(v.ipairs_again)
  end)

  it("loads text into its own environment (or the one given), never a binary chunk", function()
    local v = assert(referee.game("probe", { seats = 2, seed = 1, rules_path = folder })):table().vars
    assert.are.equal(42, v.loaded)
    assert.is_nil(v.loaded_elsewhere)
    assert.are.equal(42, v.loaded_in_pieces)
    assert.matches("attempt to load a binary chunk", v.binary)
  end)

  -- Through the module the strings are the host's (busted's): a rules call
  -- gets the guarded methods while it runs, and the host keeps its own.
  it("meets the guards through string methods, and the host's strings stay its own", function()
    local host_index = getmetatable("").__index
    for _, bomb in ipairs({ "rep", "pattern" }) do
      local g = assert(referee.game("methods", { seats = 2, seed = 1, rules_path = folder, options = { bomb = bomb } }))
      -- (unguarded, each runs in C for hours: the watchdog would end busted)
      local ok, why = g:play(1, "a")
      if bomb == "rep" then
        assert.is_true(ok, why) -- nothing repeated: nothing to do
      else
        assert.is_nil(ok)
        assert.matches("string.find: this pattern could backtrack too long", why, 1, true)
      end
      assert.are.equal(host_index, getmetatable("").__index)
      assert.are.equal(string, getmetatable("").__index)
      assert.are.equal("ababab", ("ab"):rep(3))
    end
  end)

  it("leaves the referee's own globals alone", function()
    assert(referee.game("probe", { seats = 2, seed = 1, rules_path = folder }))
    assert.is_nil(rawget(_G, "secret"))
    assert.is_not_nil(io.open)
  end)
end)
