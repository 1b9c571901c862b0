-- A saved game that was damaged or forged is refused with the reason, or
-- it replays to a game that goes on as any other: its own record replays to
-- the same table, and it plays to its end. The records here are real ones,
-- changed in one place; a crash ends busted, and so fails this spec.
local helper = require "tests.spec.helper"
local mutator = require "tests.spec.json_mutator"
local referee = helper.referee

local RULES = "tests/fixture:rules"

-- A game of name played for `moves` decisions (all of them when nil).
local function record_of(name, seats, options, moves)
  local g = assert(referee.game(name, { seats = seats, seed = 4, options = options, rules_path = RULES }))
  for i = 1, moves or math.huge do
    if not helper.step(g, i) then break end
  end
  return g:record()
end

local RECORDS = {
  { "BAM! hand, whole", record_of("bam", 3, { hands = 1 }) },
  { "BAM!, part of a hand", record_of("bam", 4, {}, 6) },
  { "dice game, whole", record_of("bamboozled-dice", 3, {}) },
  { "fixture, part", record_of("fixture", 2, {}, 9) },
}

describe("replaying a changed saved game", function()
  local text = record_of("fixture", 2, {}, 4)
  local function changed(pattern, replacement)
    local forged, n = text:gsub(pattern, replacement, 1)
    assert.are.equal(1, n, pattern)
    return forged
  end

  it("refuses each change the replay would not notice, with the reason", function()
    local cases = {
      { changed('"format": "[^"]*"', '"format": "referee-game/3"'), 'it needs format "referee%-game/2"' },
      { changed('"format": "[^"]*",', ""), 'it needs format "referee%-game/2"' },
      { changed('"format": "[^"]*"', '"format": "referee-game/1"'), "saved by an older referee .*another random stream.*%-%-seed" },
      { changed('"seats": %[%s*"human"', '"seats": [ 5'), "seat 1 must be named by a text" },
      { changed('"seed": "4"', '"seed": "-1"'), "its seed is not a seed text %(a seed starts with a letter or a digit%)" },
      { changed('"seed": "4"', '"seed": "4 4"'), "its seed is not a seed text %(a seed is made of letters" },
      -- jansson's int would wrap 4294967298 into seat 2
      { changed("%[%s*2,", "[ 4294967298,"), "move %d+ is malformed %(each move is %[seat from 1 to 2" },
      { changed('%[%s*(%d),%s*0,%s*("[^"]*")%s*%]', '[%1, 0, %2, 7]'), "move 1 is malformed" },
      { changed('%[%s*(%d),%s*0,', '[%1, 5,'), "move 1 names window group 5, but replays as no window" },
    }
    for _, case in ipairs(cases) do
      local g, why = referee.replay(case[1], RULES)
      assert.is_nil(g)
      assert.matches(case[2], why)
    end
    assert.is_not_nil(referee.replay(text, RULES))
  end)
end)

describe("replaying a damaged saved game", function()
  for k, case in ipairs(RECORDS) do
    it("refuses each change that spoils a " .. case[1] .. ", or replays a game that goes on", function()
      local pick, refused, replayed = mutator.stream(20 + k), 0, 0
      for _ = 1, 400 do
        local text = mutator.mutate_json(case[2], pick)
        local g, why = referee.replay(text, RULES)
        if g then
          replayed = replayed + 1
          local again = assert(referee.replay(g:record(), RULES))
          assert.are.equal(g:hash(), again:hash())
          helper.play_out(g, 3)
          assert.is_table(g:result())
        else
          refused = refused + 1
          assert.is_string(why)
          assert.is_true(#why > 10, why)
          assert.not_matches("the rules failed", why)
        end
      end
      assert.is_true(refused > 100 and replayed > 0, ("refused %d, replayed %d"):format(refused, replayed))
    end)
  end
end)
