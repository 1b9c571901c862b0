-- A saved table that was damaged or forged is refused with the reason, or
-- it is a consistent table: every card in exactly one zone, the balances
-- adding up to the total, and every method works on it as on any other.
-- The saves here are a real one changed in one place, field by field, and
-- byte by byte; a crash (a read out of bounds, a loop through a broken
-- pile) ends busted, and so fails this spec.
local helper = require "tests.spec.helper"
local mutator = require "tests.spec.json_mutator"
local referee = helper.referee

-- A table with something of every kind a save holds.
local function rich_table()
  local t = referee.new_table(3, 5)
  t:zone("stock")
  t:zone("hand1", { owner = 1 })
  t:zone("pile", { vis = "top" })
  t:zone("shown", { vis = "public" })
  t:deck("stock", "standard52")
  t:deck("stock", { "JK", "QS/KH", "Skip" })
  t:account("a", 10)
  t:account("b", 5)
  t:account("pot")
  t:transfer("a", "pot", 3, "ante")
  t:die(6)
  t:die(20)
  t:roll(1, 2)
  t:show_die(1, 2)
  t:shuffle("stock")
  t:draw("stock", "hand1", 3)
  t:draw("stock", "pile", 2)
  t:reveal(t:top("hand1"), 2)
  t:note("hello")
  t:eliminate(3)
  t.vars.round = 2
  t.vars.history = { "a", { b = true } }
  return t
end

-- What a loaded table must be, and what must work on it.
local function check_consistent(t, save)
  local deck = referee.json.decode(save).deck
  local listed = 0
  for _, zone in ipairs(referee.json.decode(save).zones) do
    for _, card in ipairs(t:cards(zone.name)) do
      assert.are.equal(zone.name, t:where(card))
      listed = listed + 1
    end
  end
  assert.are.equal(#deck, listed)
  local sum = 0
  for _, account in ipairs(referee.json.decode(save).ledger.accounts) do sum = sum + t:balance(account.name) end
  assert.are.equal(t:total(), sum)
  assert.are.equal(save, assert(referee.load_table(save)):save())
  for seat = 0, t.nseats do assert.is_table(t:view(seat)) end
  local c = t:clone()
  for _, zone in ipairs(referee.json.decode(save).zones) do
    pcall(c.shuffle, c, zone.name)
    pcall(c.draw, c, zone.name, "stock", 1)
  end
  pcall(c.roll, c, 1)
  pcall(c.next, c)
  pcall(c.transfer, c, "a", "b", 1, "x")
  assert.is_table(c:log_lines(1))
  assert.is_number(c:hash())
end

-- Loads text: a consistent table (true), or refused as corrupt (false).
local function loads(text)
  local t, why = referee.load_table(text)
  if not t then
    assert.matches("corrupt save", why)
    return false
  end
  check_consistent(t, assert(t:save()))
  return true
end

describe("loading a damaged save", function()
  local original = assert(rich_table():save())

  it("refuses each field changed in a way the table cannot hold, or loads a consistent table", function()
    local pick, refused, loaded = mutator.stream(11), 0, 0
    for _ = 1, 4000 do
      if loads(mutator.mutate_json(original, pick)) then loaded = loaded + 1 else refused = refused + 1 end
    end
    -- most changes break the table; some (a note's text, a var) do not
    assert.is_true(refused > 1000 and loaded > 100, ("refused %d, loaded %d"):format(refused, loaded))
  end)

  it("refuses each byte changed, cut or repeated that spoils the save, or loads a consistent table", function()
    local pick, refused = mutator.stream(12), 0
    local bytes = { "", "0", "9", "-", "\"", ",", "]", "}", "{", "[", ":", "\0", "\255", "e" }
    for _ = 1, 3000 do
      local at = pick(#original)
      local how = pick(3)
      local text
      if how == 1 then
        text = original:sub(1, at - 1) .. bytes[pick(#bytes)] .. original:sub(at + 1)
      elseif how == 2 then
        text = original:sub(1, at)
      else
        text = original:sub(1, at) .. original:sub(at - pick(at) + 1)
      end
      if not loads(text) then refused = refused + 1 end
    end
    assert.is_true(refused > 1000)
  end)
end)
