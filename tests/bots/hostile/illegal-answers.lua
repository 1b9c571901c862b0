-- Answers nonsense: a number out of range, a table, nil, a bad text.
-- expect: answered 'cheat', which is not a legal move
-- expect: answered -?[0-9.]+, not a move number
-- expect: answered an? (table|nil), not one of its moves
local n = 0
return { choose = function(view, moves)
  n = n + 1
  local answers = { 999, {}, nil, "cheat", 0, -1, 2.5 }
  return answers[n % #answers + 1]
end }
