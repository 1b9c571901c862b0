-- Answers a legal move with a NUL byte and junk after it: C reads only up
-- to the NUL, so "play 9H\0junk" was taken for "play 9H". It is no move.
-- expect: ^answered '.*' with a NUL byte and more after it, which is no move$
return { choose = function(view, moves) return moves[1] .. "\0junk" end }
