-- Spends decisions in C, not in Lua: each string.rep of a megabyte is one
-- instruction of its budget but a real slice of time, so only the
-- watchdog's CPU-time limit stops the loop. The first decision loops in
-- the bot's main thread, the second in a coroutine (where the watchdog's
-- hook, set on the main thread, never runs); later it plays on.
-- expect: ran too long \(over 2 seconds of CPU time in one call\)
local function burn() while true do local _ = string.rep("x", 1 << 20) end end
local decisions = 0
return { choose = function(_, moves)
  decisions = decisions + 1
  if decisions == 1 then burn() end
  if decisions == 2 then coroutine.wrap(burn)() end
  return moves[1]
end }
