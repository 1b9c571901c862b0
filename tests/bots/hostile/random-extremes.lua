-- math.random over the widest intervals: hi - lo overflows there, and an
-- overflowed width of 0 once divided by zero and killed the referee. Each
-- must be refused as too large; the last, unprotected, is the fault.
-- expect: bad argument #1 to 'random' \(interval is empty or to
return { choose = function()
  for _, range in ipairs({
    { math.mininteger, math.maxinteger },
    { math.mininteger, 0 },
    { -1, math.maxinteger },
    { math.maxinteger, math.mininteger },
  }) do
    local ok, err = pcall(math.random, range[1], range[2])
    if ok or not tostring(err):find("interval is empty or too large", 1, true) then
      return "math.random(" .. range[1] .. ", " .. range[2] .. ") was not refused"
    end
  end
  assert(math.random(math.maxinteger - 5, math.maxinteger) >= math.maxinteger - 5)
  return math.random(math.mininteger, math.maxinteger)
end }
