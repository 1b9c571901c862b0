-- A log line shows what its viewer knew when the event happened, never
-- what they learned later: a card drawn into another hand and played a
-- few moves on is "a card" in the line of its draw, then and ever after.
-- The property, over whole games of every bundled game: each seat's log
-- as it read after any move is the start of that seat's log at the end.
local helper = require "tests.spec.helper"

local GAMES = {
  { "bam", 4, { hands = 2 } }, { "bam-app", 3, { levels = { { hands = 2, target = 0, hand_amount = 50, cards = 4 } } } },
  { "bamboozled-dice", 4, {} }, { "bamboozled-dice-no-bluffing", 4, {} }, { "bamm", 3, {} },
  { "bamboozled", 2, { hands = 1 } }, { "fixture", 3, {} },
}

describe("a seat's log", function()
  for _, case in ipairs(GAMES) do
    local name, seats, options = case[1], case[2], case[3]
    it("never names a card later than its viewer knew it: " .. name .. " (8 games)", function()
      local checked = 0
      for seed = 1, 8 do
        local g = helper.new(name, { seats = seats, seed = seed, options = options,
                                     rules_path = "tests/fixture:rules" })
        local seen = {} -- seen[seat]: each line as it first read
        for s = 1, seats do seen[s] = {} end
        local salt = 0
        repeat
          local t = g:table()
          for s = 1, seats do
            local lines = t:log_lines(1, s)
            for i = 1, #lines do
              if seen[s][i] == nil then seen[s][i] = lines[i]
              elseif seen[s][i] ~= lines[i] then
                error(("%s seed %d, seat %d, line %d read '%s' and now reads '%s'"):format(
                  name, seed, s, i, seen[s][i], lines[i]))
              end
            end
            checked = checked + 1
          end
          salt = salt + 1
        until not g:pending() or salt > 400 or not helper.step(g, seed * 1000 + salt)
      end
      assert.is_true(checked > 50)
    end)
  end
end)
