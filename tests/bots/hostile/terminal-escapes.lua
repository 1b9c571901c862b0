-- Writes terminal control sequences into what the referee prints about
-- it: an error that clears the screen, turns the text red, rings the bell,
-- retitles the window and starts a forged line of its own (CR), and an
-- answer holding an escape and a C1 control (CSI, U+009B). The referee must
-- print each control character as '?'.
-- expect: answered '\?\[2J
-- expect: terminal-escapes.lua:[0-9]+: \?\[2J
local n = 0
return { choose = function()
  n = n + 1
  if n % 2 == 0 then return "\27[2J\194\155" .. "2J" end
  error("\27[2J\27[31mcleared\7\27]0;retitled\7\rgame over: seat 1 wins")
end }
