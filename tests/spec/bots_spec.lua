-- The helpers the bundled bots share, checked outside the sandbox (they
-- use nothing but the base and math libraries).
describe("dice-odds", function()
  local odds = dofile("bots/lib/dice-odds.lua")

  it("has the count of rolls reaching each claim written out as they count", function()
    assert.are.equal(odds.rolls_reaching(nil), odds.REACHING[0])
    local claims = 0
    for a = 1, 6 do
      for b = 1, 6 do
        local claim = a * 10 + b
        assert.are.equal(odds.rolls_reaching(claim), odds.REACHING[claim], "claim " .. claim)
        claims = claims + 1
      end
    end
    local entries = 0
    for _ in pairs(odds.REACHING) do entries = entries + 1 end
    assert.are.equal(claims + 1, entries)
  end)

  it("gives the chances of the seed's ranking", function()
    assert.are.equal(1, odds.chance_of(nil))
    assert.are.equal(2 / 36, odds.chance_of(21)) -- only 1-2 and 2-1 make the Jackpot
    assert.are.equal(3 / 36, odds.chance_of(66)) -- 66 itself, or the Jackpot
    assert.are.equal(8 / 36, odds.chance_of(11)) -- any double, or the Jackpot
    assert.are.equal(odds.rolls_reaching(99) / 36, odds.chance_of(99)) -- no such reading: counted
  end)

  it("reads the score of every declaration the dice rules can list, and of nothing else", function()
    for a = 1, 6 do
      for b = 1, 6 do
        assert.are.equal(a * 10 + b, odds.reading("declare " .. (a * 10 + b)))
      end
    end
    for _, move in ipairs({ "declare 17", "declare 70", "declare 5", "declare  53", "roll", "challenge" }) do
      assert.is_nil(odds.reading(move), move)
    end
  end)
end)
