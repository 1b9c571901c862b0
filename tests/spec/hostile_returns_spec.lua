-- Every value the referee reads back from rules (status, standing,
-- explain, judge, result), made wrong in each way by
-- tests/fixture/hostile-returns.lua, through the Lua module: each bad value
-- is the rules' fault with its reason, the game is as it was, and it goes
-- on and is recorded. (tests/hostile.sh does the same at the REPL and in run.)
local helper = require "tests.spec.helper"

-- The callbacks and values the script declares, read from its options.
local function declared()
  local g = helper.new("hostile-returns", { rules_path = "tests/fixture" })
  local callbacks, values = {}, {}
  local text = assert(io.open("tests/fixture/hostile-returns.lua")):read("a")
  for name in text:match("local CALLBACKS = (%b{})"):gmatch('"([^"]+)"') do callbacks[#callbacks + 1] = name end
  for name in text:gmatch('\n  %[?"?([%w-]+)"?%]? = function') do values[#values + 1] = name end
  assert(g)
  return callbacks, values
end

local callbacks, values = declared()

-- Whether why tells the rules' fault in fn: they failed in it, or it gave a malformed value.
local function blames(why, fn)
  return why:find("the rules' " .. fn .. "() is malformed: ", 1, true) ~= nil
      or why:find("the rules failed in " .. fn .. "(): ", 1, true) ~= nil
end

-- What a call gave: "ok", or the rules' fault it was refused with.
local function outcome(fn, ...)
  local got, why = fn(...)
  if got == nil and why then return why end
  return "ok"
end

describe("values read back from rules, made wrong", function()
  it("lists enough callbacks and values to try", function()
    assert.is_true(#callbacks >= 9)
    assert.is_true(#values >= 20)
  end)

  for _, cb in ipairs(callbacks) do
    local fn = cb:match("^[a-z]+")
    for _, v in ipairs(values) do
      it(("%s returning %s is the rules' fault, and the game goes on"):format(cb, v), function()
        local g = helper.new("hostile-returns", { rules_path = "tests/fixture", seed = 1,
                                                   options = { callback = cb, value = v } })
        local before = g:hash()
        local said = {
          status = outcome(g.status, g, 1),
          standing = outcome(g.standing, g),
          explain = outcome(g.play, g, 1, "zz"),
          judge = outcome(g.play, g, 1, "say z"),
        }
        assert.are.equal(before, g:hash()) -- nothing read back changed the table
        assert.matches("^'zz' is not a legal move", said.explain)
        -- (a number is a right standing entry; a result's message may be any
        -- UTF-8 text, its control characters shown as '?')
        local fine = { ["standing-entrynumber"] = true, ["result-messagelong"] = true,
                       ["result-messageescape"] = true, ["result-messageline-break"] = true,
                       ["result-messagenul"] = true }
        local bad = cb ~= "none" and v ~= "nil" and v ~= "changing" and not fine[cb .. v]
        if bad and fn ~= "result" then
          assert.is_true(blames(said[fn], fn), said[fn])
        end
        for name, text in pairs(said) do
          if name ~= fn and name ~= "explain" and name ~= "judge" then assert.are.equal("ok", text) end
          assert.is_nil(text:find("\27", 1, true), text) -- no escape of the rules' reaches a terminal
        end
        -- and the game goes on to its end, or to the rules' fault in result
        local ended, why = true, nil
        for _, move in ipairs({ "a", "b", "a", "b" }) do
          local p = g:pending()
          if not p then break end
          ended, why = g:play(p.seats[1], move)
          if not ended then break end
        end
        local result
        result, why = g:result()
        if bad and fn == "result" then
          assert.is_nil(result)
          assert.is_true(blames(why or "", "result"), why)
        elseif v ~= "changing" or fn ~= "result" then
          assert.are.same({ 1 }, assert(result, why).winners)
        end
        assert(g:record())
      end)
    end
  end
end)
