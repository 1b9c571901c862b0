-- Errors with bytes that are no UTF-8 text (Latin-1 "café", a stray
-- continuation byte, a sequence cut short), and answers with them. The
-- record of a run is JSON, which holds UTF-8 only: each fault must still
-- be recorded whole, with '?' for those bytes.
-- expect: answered 'caf\?', which is not a legal move
-- expect: not-utf8.lua:[0-9]+: caf\? 
local n = 0
return { choose = function()
  n = n + 1
  if n % 2 == 0 then return "caf\233" end
  error("caf\233 \128 \226\130")
end }
