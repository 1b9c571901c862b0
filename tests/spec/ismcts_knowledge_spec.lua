-- What ismcts knows of three games beyond their rules (bots/lib), checked
-- outside the sandbox: they use nothing but the base, string and math
-- libraries, the dice bots' shared odds and the kernel's card_face. ismcts_strength_spec.lua checks that it makes ismcts
-- stronger; these check that it says what its comments say.

-- A bot's import, for the helpers the modules share.
_G.import = _G.import or function(name) return dofile("bots/lib/" .. name .. ".lua") end

-- A view of the dice game facing a claim (dice unseen unless `seen`).
local function facing(score, previous, seen)
  return {
    vars = { score = score, previous_score = previous, strikes = { 0, 0 }, opts = { bluffing = true } },
    dice = { { faces = 6, value = seen and seen[1] }, { faces = 6, value = seen and seen[2] } },
    zones = {},
  }
end

-- A sample whose dice are x and y.
local function rolled(x, y)
  return { dice = function() return { x, y } end }
end

local function declarations(over)
  local list = {}
  for a = 1, 6 do
    for b = 1, 6 do
      local r = a * 10 + b
      local function rank(x) return x == 21 and 1000 or x // 10 == x % 10 and 500 + x // 10 or x end
      if r ~= 12 and rank(r) >= rank(over or 0) then list[#list + 1] = "declare " .. r end
    end
  end
  return list
end

describe("dice-claims", function()
  local claims = dofile("bots/lib/dice-claims.lua")

  it("applies to the dice game with bluffing, and to nothing else", function()
    assert.is_true(claims.applies(facing(65, 31)))
    local honest = facing(65, 31)
    honest.vars.opts.bluffing = false
    assert.is_false(claims.applies(honest))
    assert.is_false(claims.applies({ vars = { penalties = {} }, dice = {}, zones = { table = {} } }))
  end)

  it("keeps the dice a claim over a low score makes likely: those that show it", function()
    local view = facing(65, 31)
    assert.are.equal(1, claims.keep(view, rolled(6, 5)))
    assert.are.equal(1, claims.keep(view, rolled(5, 6)))
    -- 3 and 2 reach 31: whoever rolled them would have said 32
    assert.is_true(claims.keep(view, rolled(3, 2)) < 0.01)
  end)

  it("keeps short dice under the lowest claim allowed: a forced bluff", function()
    -- Over 64, 65 is the second claim allowed (64 itself the first).
    local view = facing(65, 64)
    local short, true_dice, other = claims.keep(view, rolled(3, 2)), claims.keep(view, rolled(6, 5)),
      claims.keep(view, rolled(6, 6))
    assert.are.equal(1, true_dice)
    assert.is_true(short > 0.2 and short < 0.4, short)
    assert.is_true(other < 0.05, other) -- a double 6 would have said so
    -- the lowest claim allowed is the likeliest bluff
    assert.is_true(claims.keep(facing(64, 64), rolled(3, 2)) > short)
  end)

  it("keeps every sample when no claim is hidden from the seat", function()
    assert.are.equal(1, claims.keep(facing(nil, nil), rolled(3, 2)))
    assert.are.equal(1, claims.keep(facing(65, 31, { 3, 2 }), rolled(3, 2)))
  end)

  it("searches among the true reading, the next two, the two lowest and the two least challenged", function()
    local view = facing(nil, nil, { 5, 3 })
    local list = claims.candidates(view, "declare", declarations(31), nil)
    assert.are.equal("declare 53", list[1])
    local set = {}
    for _, m in ipairs(list) do set[m] = true end
    for _, m in ipairs({ "declare 54", "declare 56", "declare 31", "declare 32", "declare 63" }) do
      assert.is_true(set[m], m .. " is not searched")
    end
    assert.is_true(#list <= 7, #list .. " claims searched")
    assert.is_nil(set["declare 35"]) -- the reading the wrong way round
    -- a sample's own dice, in the tree
    assert.are.equal("declare 64", claims.candidates(view, "declare", declarations(31), rolled(4, 6))[1])
  end)

  it("starts a short roll's search at the lowest claim allowed", function()
    local view = facing(nil, nil, { 3, 1 })
    assert.are.equal("declare 44", claims.candidates(view, "declare", declarations(44), nil)[1])
    assert.are.same({ "accept", "challenge" }, claims.candidates(view, "accept or challenge", { "accept", "challenge" }))
  end)

  it("lets another seat challenge as often as it was measured to", function()
    math.randomseed(7)
    local function challenged(score)
      local n = 0
      for _ = 1, 2000 do
        if claims.answer("accept or challenge", { "accept", "challenge" }, { claim = score }) == "challenge" then n = n + 1 end
      end
      return n / 2000
    end
    assert.is_true(math.abs(challenged(21) - claims.CHALLENGED[21]) < 0.04)
    assert.is_true(math.abs(challenged(62) - claims.CHALLENGED[62]) < 0.04)
    assert.is_nil(claims.answer("declare", { "declare 31" }, { claim = 21 }))
    assert.is_nil(claims.answer("accept or challenge", { "accept", "challenge", "Skip" }, { claim = nil }))
  end)

  it("follows the claim standing down a path", function()
    local state = claims.start(facing(31, nil))
    claims.follow(state, "accept")
    assert.are.equal(31, state.claim)
    claims.follow(state, "declare 54")
    assert.are.equal(54, state.claim)
  end)
end)

describe("bamm-claims", function()
  local claims = dofile("bots/lib/bamm-claims.lua")
  local window = { "bamm", "bamm AC/QS 2C/10D 3C/6D", "bamm 4C/KC 5C/3D 6C/2D 7C/JH",
    "bamm 8C/5H 9C/5D 10C/5S", "bamm 2D/AS 3D/2H 4D/9S 5D/AH 6D/7H", "bamm JC/10C QC/KD KC/JD", "pass" }

  it("applies to BAMM!, not to the dice game", function()
    assert.is_true(claims.applies({ vars = { penalties = { 0, 0 } }, zones = { table = {} } }))
    assert.is_false(claims.applies(facing(65, 31)))
  end)

  it("weighs a window's three biggest claims and passing, never a bare call", function()
    local list = claims.candidates(nil, "bamm", window)
    assert.are.equal(4, #list)
    assert.are.equal("bamm 2D/AS 3D/2H 4D/9S 5D/AH 6D/7H", list[1])
    assert.are.equal("bamm 4C/KC 5C/3D 6C/2D 7C/JH", list[2])
    assert.are.equal("pass", list[4])
    assert.are.same({ "QC/KD", "AC/QS" }, claims.candidates(nil, "play", { "QC/KD", "AC/QS" }))
  end)

  it("lets another seat call with its biggest claim, or pass", function()
    assert.are.equal("bamm 2D/AS 3D/2H 4D/9S 5D/AH 6D/7H", claims.answer("bamm", window))
    assert.are.equal("pass", claims.answer("bamm", { "bamm", "pass" }))
    assert.is_nil(claims.answer("play", { "QC/KD" }))
  end)
end)

describe("bam-hands", function()
  _G.card_face = _G.card_face or require("tests.spec.helper").referee.card_face
  local hands = dofile("bots/lib/bam-hands.lua")

  -- A sample that dealt each seat the hand given, and the trick given.
  local function dealt(by_seat, trick)
    return { cards = function(_, zone)
      if zone == "trick" then return trick or {} end
      return by_seat[tonumber(zone:match("^hand(%d+)$"))]
    end }
  end

  -- Seat 1's view of a hand of three, trumps hearts, seats 2 and 3 before it.
  local function view(cards, extra)
    local v = { seat = 1, zones = { trick = { cards = {} }, played = { cards = {} }, hand1 = { cards = cards } },
      vars = { owes = { 0, 0, 0 }, order = { 2, 3, 1 }, folded = { false, false, false }, trump = "H",
               turned = "2H", step = 3, opts = { fold = true } } }
    for k, x in pairs(extra or {}) do v.vars[k] = x end
    return v
  end

  it("applies to BAM! and the app, not to BAMM! or the dice game", function()
    assert.is_true(hands.applies(view({})))
    assert.is_false(hands.applies({ vars = { penalties = { 0, 0 } }, zones = { table = {} } }))
    assert.is_false(hands.applies(facing(65, 31)))
  end)

  it("lets another seat play a hand worth it and fold a weak one", function()
    local state = hands.start(view({}))
    local sample = dealt({ [2] = { "AH", "KH", "3C" }, [3] = { "2C", "5D", "7S" } })
    assert.are.equal("play", hands.answer("play or fold", { "play", "fold" }, state, sample, 2))
    assert.are.equal("fold", hands.answer("play or fold", { "play", "fold" }, state, sample, 3))
  end)

  it("lets another seat throw its low cards that are not trumps, else stand", function()
    local state = hands.start(view({}))
    local sample = dealt({ [2] = { "AH", "3C", "9D" }, [3] = { "AH", "KS", "QH" } })
    local moves = { "stand", "discard 3C", "discard 9D", "discard 3C 9D", "discard AH 3C 9D" }
    assert.are.equal("discard 3C 9D", hands.answer("discard and draw", moves, state, sample, 2))
    assert.are.equal("stand", hands.answer("discard and draw", { "stand", "discard KS" }, state, sample, 3))
  end)

  it("lets another seat win a round with its cheapest winner, else throw its cheapest", function()
    local state = hands.start(view({}))
    local sample = dealt({ [2] = { "QS", "AS", "3H" } }, { "JS" })
    assert.are.equal("QS", hands.answer("play", { "QS", "AS" }, state, sample, 2))
    -- nothing wins: the cheapest; void in the suit led: a trump wins it
    assert.are.equal("4S", hands.answer("play", { "5S", "4S" }, state, dealt({ [2] = { "5S", "4S" } }, { "JS" }), 2))
    assert.are.equal("3H", hands.answer("play", { "4C", "3H" }, state, dealt({ [2] = { "4C", "3H" } }, { "JS" }), 2))
    -- leading: a trump or a king wins a lead; else the cheapest
    assert.are.equal("AH", hands.answer("play", { "AH", "2C" }, state, dealt({ [2] = { "AH", "2C" } }), 2))
    assert.are.equal("2C", hands.answer("play", { "9D", "2C" }, state, dealt({ [2] = { "9D", "2C" } }), 2))
  end)

  it("follows the trump turned and who folds along a path", function()
    local state = hands.start(view({}, { trump = false, turned = false }))
    assert.is_nil(hands.answer("play or fold", { "play", "fold" }, state, dealt({ [2] = { "AH" } }), 2))
    hands.follow(state, "turn 7S", 3)
    hands.follow(state, "fold", 2)
    assert.are.equal("S", state.trump)
    assert.are.equal("7S", state.turned)
    assert.is_true(state.folded[2])
  end)

  it("searches standing and throwing its k lowest cards that are not trumps, for each k", function()
    local moves = { "stand" }
    local cards = { "9C", "2H", "3D", "KS" }
    -- every subset of the hand, in the hand's order
    for mask = 1, 15 do
      local names = {}
      for i, c in ipairs(cards) do
        if mask & (1 << (i - 1)) ~= 0 then names[#names + 1] = c end
      end
      moves[#moves + 1] = "discard " .. table.concat(names, " ")
    end
    local list = hands.candidates(view(cards), "discard and draw", moves)
    -- lowest first, trumps and the turned card (2H) kept: 3D, 9C, KS
    assert.are.same({ "stand", "discard 3D", "discard 9C 3D", "discard 9C 3D KS" }, list)
    assert.are.same({ "AH", "2C" }, hands.candidates(view(cards), "play", { "AH", "2C" }))
  end)

  it("keeps seldom a sample that dealt a seat which said play a hand people fold", function()
    local weak, strong = { "2C", "5D", "7S" }, { "AH", "KH", "3C" }
    local v = view({ "4S", "4C", "4D" })
    assert.are.equal(1, hands.keep(v, dealt({ [2] = strong, [3] = strong }), "play or fold"))
    assert.is_true(hands.keep(v, dealt({ [2] = weak, [3] = strong }), "play or fold") < 0.5)
    -- a seat that folded, or has not said yet, tells nothing
    v.vars.folded[2] = true
    assert.are.equal(1, hands.keep(v, dealt({ [2] = weak, [3] = strong }), "play or fold"))
    v.vars.folded[2], v.vars.step = false, 1
    assert.are.equal(1, hands.keep(v, dealt({ [2] = weak, [3] = weak }), "play or fold"))
  end)
end)
