-- A house rule that sets out the table with a prepare of its own, in
-- place of the base's, names the base's zones as the base does: the base's
-- steps must play on it alike, whether or not the base's prepare ran (the
-- bundled rules keep t:zone's numbers when it does, the names otherwise).
local helper = require "tests.spec.helper"
local referee = helper.referee

-- A variant whose prepare is another copy of the base's (inherit loads the
-- base afresh): the table set out as the base's, by a prepare that is not
-- this variant's own base's, whose zone locals therefore stay names.
local function own_prepare(base)
  return ([[
local game, other = inherit("%s"), inherit("%s")
function game.prepare(t, opts) other.prepare(t, opts) end
return game]]):format(base, base)
end

describe("a variant with a prepare of its own", function()
  for _, base in ipairs({ "bam", "bamboozled-dice" }) do
    it("plays " .. base .. "'s steps on its table as the base plays them", function()
      local folder = helper.temp_folder()
      helper.write(folder .. "/own-prepare.lua", own_prepare(base))
      for seed = 1, 8 do
        local function game(name)
          return assert(referee.game(name, { seats = 3 + seed % 3, seed = seed, options = { hands = base == "bam" and 2 or nil },
                                             rules_path = folder .. ":rules" }))
        end
        local own, plain = game("own-prepare"), game(base)
        local moves = helper.play_out(own, seed)
        assert.are.equal(moves, helper.play_out(plain, seed))
        assert.is_true(moves > 5)
        assert.are.same(plain:result(), own:result())
        assert.are.equal(plain:hash(), own:hash())
      end
    end)
  end
end)
