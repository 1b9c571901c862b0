-- Reads a global that does not exist.
-- expect: undefined global 'moves_i_wish_i_had'
return { choose = function() return moves_i_wish_i_had[1] end }
