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

  it("changes the game when the seed changes", function()
    local a = helper.new("fixture", { seed = 1 })
    local b = helper.new("fixture", { seed = 2 })
    assert.are_not.equal(a:hash(), b:hash())
  end)
end)
