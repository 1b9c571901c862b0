-- Asks for a string of a terabyte.
-- expect: resulting string too large
return { choose = function() return string.rep("x", 1 << 40) end }
