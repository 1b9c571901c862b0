-- Determinism: a game replays to the same table, step by step, in a fresh
-- process. Lua randomizes table iteration per state, so only a separate
-- process shows that nothing depends on it.
local helper = require "tests.spec.helper"

local SCRIPT = [[
if not os.getenv("LUA_CPATH") then package.cpath = "build/?.so;" .. package.cpath end
package.path = "./?.lua;" .. package.path
local helper = require "tests.spec.helper"
for seed = 1, 12 do
  local g = helper.new("fixture", { seed = seed, seats = 2 + seed % 3 })
  io.write(seed, " ", g:hash(), "\n")
  local n = 0
  while helper.step(g, seed * 7 + n) do
    n = n + 1
    io.write(seed, " ", g:hash(), "\n")
  end
end
]]

local function run_in_fresh_process()
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(SCRIPT)
  f:close()
  local p = assert(io.popen("lua5.4 " .. path))
  local out = p:read("a")
  p:close()
  os.remove(path)
  return out
end

describe("determinism", function()
  it("gives the same table hash after every step in separate processes", function()
    local a, b = run_in_fresh_process(), run_in_fresh_process()
    local lines = select(2, a:gsub("\n", ""))
    assert.is_true(lines > 100)
    assert.are.equal(a, b)
  end)

  it("gives the same hashes in this process as in a fresh one", function()
    local here = {}
    for seed = 1, 12 do
      local g = helper.new("fixture", { seed = seed, seats = 2 + seed % 3 })
      here[#here + 1] = seed .. " " .. g:hash()
      local n = 0
      while helper.step(g, seed * 7 + n) do
        n = n + 1
        here[#here + 1] = seed .. " " .. g:hash()
      end
    end
    assert.are.equal(table.concat(here, "\n") .. "\n", run_in_fresh_process())
  end)

  -- A tournament begins each game again on the last one's Game
  -- (game_restart): whatever the game before left behind (moves, windows,
  -- errors, the table, the rules' vars) must not reach the next.
  it("plays a game begun again with a seed as a new game of that seed, every game", function()
    local games = { { "bam", 4, { hands = 2 } }, { "bam-app", 3 }, { "bamm", 4 }, { "bamboozled", 2 },
                    { "bamboozled-dice", 4 }, { "fixture", 3 } }
    for _, spec in ipairs(games) do
      local name, seats, options = spec[1], spec[2], spec[3]
      local function trace(g, salt)
        local hashes = { g:hash() }
        while helper.step(g, salt + #hashes) do hashes[#hashes + 1] = g:hash() end
        return table.concat(hashes, " "), g:record()
      end
      local fresh = helper.new(name, { seed = "again-2", seats = seats, options = options,
                                       rules_path = "rules:tests/fixture" })
      local want, want_record = trace(fresh, 5)
      local reused = helper.new(name, { seed = "again-1", seats = seats, options = options,
                                        rules_path = "rules:tests/fixture" })
      trace(reused, 9)
      assert.is_true(reused:restart("again-2"))
      local got, got_record = trace(reused, 5)
      assert.are.equal(want, got, name)
      assert.are.same(want_record, got_record, name)
    end
    local g = helper.new("fixture", { seed = 1 })
    local ok, why = g:restart("no such seed!")
    assert.is_nil(ok)
    assert.matches("cannot be used", why, 1, true)
  end)

  it("changes the game when the seed changes", function()
    local a = helper.new("fixture", { seed = 1 })
    local b = helper.new("fixture", { seed = 2 })
    assert.are_not.equal(a:hash(), b:hash())
  end)
end)
