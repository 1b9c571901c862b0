-- ismcts against the heuristic bots, where what it knows of a game beyond
-- the rules is what makes it strong (bots/lib/dice-claims.lua). Heads-up
-- dice games, each bot starting half of them: dealing the claimer's
-- hidden dice at random, ismcts challenged every honest claim and won 3
-- of 40 against dice-honest; reading claims, it wins most.
local helper = require "tests.spec.helper"
local referee = helper.referee

-- Games won by the first bot of `names` in `games` heads-up games.
local function wins(game, names, games)
  local bots = { assert(referee.bot(names[1])), assert(referee.bot(names[2])) }
  local won = 0
  for n = 1, games do
    -- the bots swap seats every other game
    local seat_of = n % 2 == 1 and { 1, 2 } or { 2, 1 }
    local bot_at = {}
    for i, seat in ipairs(seat_of) do bot_at[seat] = bots[i] end
    local g = assert(referee.game(game, { seats = 2, seed = "strength" .. n, rules_path = "rules" }))
    local decision = 0
    for p in function() return g:pending() end do
      local seat = p.seats[1]
      decision = decision + 1
      local moves = p.moves[seat]
      local move = #moves == 1 and moves[1] or assert(bot_at[seat]:choose(g, seat, n .. ":" .. decision))
      assert(g:play(seat, move))
    end
    for _, w in ipairs(g:result().winners) do
      if w == seat_of[1] then won = won + 1 end
    end
  end
  return won
end

describe("ismcts in the dice game", function()
  it("wins most heads-up games against dice-honest", function()
    local won = wins("bamboozled-dice", { "ismcts", "dice-honest" }, 16)
    assert.is_true(won >= 10, "ismcts won " .. won .. " of 16")
  end)

  it("wins most heads-up games against dice-bluffer", function()
    local won = wins("bamboozled-dice", { "ismcts", "dice-bluffer" }, 16)
    assert.is_true(won >= 10, "ismcts won " .. won .. " of 16")
  end)
end)

describe("a searching bot's thinking time", function()
  it("is a tenth of its budget, in instructions", function()
    local g = assert(referee.game("bamboozled-dice", { seats = 2, seed = 1, rules_path = "rules" }))
    for budget, think in pairs({ [50000000] = 5000000, [2000000] = 200000 }) do
      local peek = assert(referee.bot("tests/bots/think-peek.lua", { budget = budget }))
      local _, why = peek:choose(g, g:pending().seats[1])
      assert.matches("think " .. think .. "$", why:match("think %d+"))
    end
  end)
end)

describe("ismcts in BAM!", function()
  -- dofile, outside the sandbox: the module's card_face is the kernel's
  _G.card_face = _G.card_face or referee.card_face
  _G.import = _G.import or function(name) return dofile("bots/lib/" .. name .. ".lua") end
  local hands = dofile("bots/lib/bam-hands.lua")

  it("searches only the discards worth it: standing, or its lowest cards that are not trumps", function()
    local ismcts, greedy = assert(referee.bot("ismcts")), assert(referee.bot("bam-greedy"))
    local checked = 0
    for n = 1, 6 do
      local g = assert(referee.game("bam", { seats = 3, seed = "discards" .. n, rules_path = "rules",
        options = { hands = 1 } }))
      local me = (n - 1) % 3 + 1
      local decision = 0
      for p in function() return g:pending() end do
        local seat, t = p.seats[1], g:table()
        decision = decision + 1
        local moves = p.moves[seat]
        local move = #moves == 1 and moves[1]
          or assert((seat == me and ismcts or greedy):choose(g, seat, n .. ":" .. decision))
        if seat == me and p.kind == "discard and draw" and #moves > 1 then
          local cards = {}
          for _, c in ipairs(t:cards("hand" .. seat)) do cards[#cards + 1] = t:name(c) end
          local view = { seat = seat, vars = { trump = t.vars.trump, turned = t.vars.turned },
                         zones = { ["hand" .. seat] = { cards = cards } } }
          local worth = {}
          for _, m in ipairs(hands.candidates(view, p.kind, moves)) do worth[m] = true end
          assert.is_true(#moves > #hands.candidates(view, p.kind, moves))
          assert.is_true(worth[move], move .. " is not among the discards worth searching")
          checked = checked + 1
        end
        assert(g:play(seat, move))
      end
    end
    assert.is_true(checked >= 4, checked .. " discards checked")
  end)
end)
