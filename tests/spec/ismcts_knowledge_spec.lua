-- What ismcts knows of two games beyond their rules (bots/lib), checked
-- outside the sandbox: they use nothing but the base, string and math
-- libraries, and the dice bots' shared odds. ismcts_strength_spec.lua checks that it makes ismcts
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
