-- The conformance suite (repl/check.lua, what `referee check` runs) over
-- every bundled game and variant and the fixture games: every promise of
-- DESIGN.md holds in random games with each option at its extremes, the
-- game's own bot in some seats, and (with REFEREE_BIN) in two processes.
local helper = require "tests.spec.helper"
local referee = helper.referee

local check = assert(loadfile("repl/check.lua"))(referee)
local binary = os.getenv("REFEREE_BIN")

local function games_in(folder)
  local names = {}
  local pipe = assert(io.popen("ls " .. folder .. "/*.lua"))
  for path in pipe:lines() do names[#names + 1] = path:match("([^/]+)%.lua$") end
  pipe:close()
  return names
end

local GAMES = games_in("rules")
for _, name in ipairs({ "fixture", "fixture-rich" }) do GAMES[#GAMES + 1] = name end

describe("every game and variant keeps every promise", function()
  it("finds the bundled games and variants", function()
    assert.is_true(#GAMES >= 10, table.concat(GAMES, " "))
  end)

  for _, name in ipairs(GAMES) do
    it(name, function()
      local results, played, notes = check.run({ game = name, games = 30, seed = "conformance",
        rules_path = "tests/fixture:rules", bots_path = "bots", binary = binary })
      assert(results, played)
      assert.is_true(played >= 20, name .. ": only " .. tostring(played) .. " games played")
      for _, r in ipairs(results) do
        assert.is_true(r.held, ("%s: %s: %s (to see it: %s)"):format(name, r.promise, tostring(r.detail), tostring(r.repro)))
        if r.promise ~= "two processes play the same game" and r.promise ~= "the record re-referees to the same result"
          or binary then
          assert.is_true(r.tried > 0, name .. ": " .. r.promise .. " was never tried")
        end
      end
      assert.is_table(notes)
    end)
  end

  -- One house rule broken the way authors break it, per promise: check
  -- must say each is broken (the promise named, a command to replay it).
  local UNFAITHFUL = {
    ["extra-cards"] = "every card is in exactly one zone at every step",
    ["unpaid-pot"] = "every game ends", -- the referee refuses a result with credits in the pot
    ["note-names-card"] = "a seat is told only the cards and dice it may know",
    ["status-tells-die"] = "a seat is told only the cards and dice it may know",
    ["note-tells-die"] = "a seat is told only the cards and dice it may know",
    ["endless"] = "every game ends",
    ["listed-refused"] = "every move the rules list is played when chosen",
  }
  it("says a game that does not end once, and plays the games after it only as far as those at an extreme", function()
    local results, played, notes = check.run({ game = "tests/fixture/unfaithful/endless.lua", games = 3,
      seed = "s", rules_path = "tests/fixture:rules", bots_path = "bots" })
    assert.are.equal(3, played)
    for _, r in ipairs(results) do
      if r.promise == "every game ends" then
        assert.are.equal(3, r.tried)
        assert.matches("^the game was still going after 200000 decisions", r.detail)
        assert.matches("seed s/1$", r.repro)
      elseif r.promise == "every move the rules list is played when chosen" then
        assert.are.equal(200000 + 2 * 20000, r.tried) -- a check a decision
      end
    end
    assert.are.same({ "2 more games at the defaults were played only to 20000 decisions, once one had not ended after 200000" },
      notes)
  end)

  for name, promise in pairs(UNFAITHFUL) do
    it("catches " .. name .. ": " .. promise, function()
      local results = assert(check.run({ game = "tests/fixture/unfaithful/" .. name .. ".lua", games = 6,
        seed = "s", rules_path = "tests/fixture:rules", bots_path = "bots" }))
      local found
      for _, r in ipairs(results) do
        if r.promise:sub(1, #promise) == promise and not r.held then found = r end
      end
      assert.is_truthy(found, name .. ": check did not say '" .. promise .. "' was broken")
      assert.matches("^referee run tests/fixture/unfaithful/" .. name:gsub("%-", "%%-") .. "%.lua %-%-seats ", found.repro)
      assert.is_falsy(found.detail:find("\n", 1, true), "a finding is one line: " .. found.detail)
    end)
  end
end)
