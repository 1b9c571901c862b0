-- A house rule that sets out the table with a prepare of its own, in
-- place of the base's, names the base's zones as the base does: the base's
-- steps must play on it alike, whether or not the base's prepare ran (the
-- bundled rules keep t:zone's numbers when it does, the names otherwise).
local helper = require "tests.spec.helper"
local referee = helper.referee

local OWN_PREPARE = {
  bam = [[
local game = inherit("bam")
function game.prepare(t, opts)
  t:zone("stock")
  t:zone("discard")
  t:zone("trick", { vis = "public" })
  t:zone("played", { vis = "public" })
  for s = 1, t.nseats do
    t:zone("hand" .. s, { owner = s })
    t:account("seat" .. s, opts.credits)
  end
  t:account("pot")
  t:deck("stock", "standard52")
  t.vars.owes, t.vars.hands_played = {}, 0
  for s = 1, t.nseats do t.vars.owes[s] = 0 end
end
return game]],
  ["bamboozled-dice"] = [[
local game = inherit("bamboozled-dice")
function game.prepare(t, opts)
  t:zone("deck")
  t:zone("discards")
  t.vars.strikes = {}
  for s = 1, t.nseats do
    t:zone("cards" .. s, { owner = s })
    t.vars.strikes[s] = 0
  end
  local cards = {}
  for _, a in ipairs(game.ACTION_CARDS) do
    if opts.bluffing or a.card ~= "MyBad" then
      for _ = 1, a.count do cards[#cards + 1] = a.card end
    end
  end
  t:deck("deck", cards)
  t:die(6)
  t:die(6)
end
return game]],
}

describe("a variant with a prepare of its own", function()
  for base, source in pairs(OWN_PREPARE) do
    it("plays " .. base .. "'s steps on its table as the base plays them", function()
      local folder = helper.temp_folder()
      helper.write(folder .. "/own-prepare.lua", source)
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
