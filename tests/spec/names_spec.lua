-- What the kernel works out so that rules and bots need no tables of their
-- own: each seat's zone names, and a card's rank and suit from its name.
local helper = require "tests.spec.helper"
local referee = helper.referee

describe("seat_names", function()
  it("names a zone or account for each of the 16 seats", function()
    local hands = referee.seat_names("hand")
    assert.are.equal(16, #hands)
    assert.are.equal("hand1", hands[1])
    assert.are.equal("hand16", hands[16])
  end)

  it("refuses a prefix that leaves no room for the seat's number", function()
    assert.has_error(function() referee.seat_names(("x"):rep(22)) end)
    assert.has_error(function() referee.seat_names("") end)
    assert.are.equal(("x"):rep(21) .. "16", referee.seat_names(("x"):rep(21))[16])
  end)
end)

describe("card_face", function()
  it("reads a standard card's rank and suit", function()
    assert.are.same({ 10, "H" }, { referee.card_face("10H") })
    assert.are.same({ 14, "S" }, { referee.card_face("AS") })
    assert.are.same({ 11, "C" }, { referee.card_face("JC") })
    assert.are.same({ 2, "D" }, { referee.card_face("2D") })
  end)

  it("gives nil for a joker, a token card and a dual-face card", function()
    for _, name in ipairs({ "JK", "JK2", "Skip", "4S/7H", "1H", "11H", "" }) do
      assert.is_nil(referee.card_face(name), name)
    end
  end)
end)
