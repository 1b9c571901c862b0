-- first-move: a bot that thinks not at all, for `make bench`: it takes the
-- first legal move. A tournament of it less one of random seats is what
-- handing a view to a bot costs (the view, the moves and ctx made as plain
-- tables in its own state, the call, the answer checked).
local bot = { ask_forced = true }
function bot.choose(view, moves, ctx) return 1 end
return bot
