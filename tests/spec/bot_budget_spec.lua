-- A bot's instruction budget, one call at a time: what tests/hostile.sh
-- checks over whole games, here in a call or two (the mutant that breaks it
-- is caught in seconds, not a game of calls each stopped by the watchdog).
local helper = require "tests.spec.helper"
local referee = helper.referee

describe("a bot's budget", function()
  it("stops a bot that catches the budget error in pcall, again at each step", function()
    local g = helper.new("fixture", { seed = 2 })
    local bot = assert(referee.bot("tests/bots/hostile/loop-in-pcall.lua", { budget = 2000000 }))
    local seat = g:pending().seats[1]
    for _ = 1, 2 do
      local move, why = bot:choose(g, seat)
      assert.is_nil(move)
      -- (the watchdog's "over 2 seconds of CPU time" would mean the budget let it loop)
      assert.matches("ran too long %(over its budget of 2000000 instructions in one call%)", why)
    end
  end)
end)
