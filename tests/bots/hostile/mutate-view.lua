-- Changes its view and moves, then answers with a move it made up.
-- expect: answered 'take the pot', which is not a legal move
return { choose = function(view, moves)
  view.vars.over = true
  for k in pairs(view.zones) do view.zones[k] = nil end
  moves[1] = "take the pot"
  return moves[1]
end }
