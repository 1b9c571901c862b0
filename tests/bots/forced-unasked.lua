-- A bot that asks not to be called when one move is legal, and fails if it
-- is: with ask_forced = false no fault may be recorded. It plays on (the
-- first move), so it meets forced moves: the last card of a hand.
return {
  ask_forced = false,
  choose = function(view, moves)
    assert(#moves > 1, "choose was called for a decision with one legal move")
    return moves[1]
  end,
}
