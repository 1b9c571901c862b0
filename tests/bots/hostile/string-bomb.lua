-- Asks for a string of a terabyte.
return { choose = function() return string.rep("x", 1 << 40) end }
