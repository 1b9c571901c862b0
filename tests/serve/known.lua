-- What each seat may know at each point of a saved game, from the game's
-- record through the kernel (its views are the promise a page keeps):
-- prints one JSON line per move count and seat, {"moves": k, "seat": s,
-- "view": ..., "move": ...}: the seat's view as the kernel gives it then,
-- and the move just made when the seat may know it (every move but a
-- hidden one, which only its mover knows: a face-down discard).
-- usage: LUA_CPATH="build/?.so;;" lua5.4 tests/serve/known.lua SAVE.json
local referee = require "referee"
local json = referee.json
local f = assert(io.open(arg[1]))
local save = json.decode(f:read("a"))
f:close()
local g = assert(referee.game(save.game, { seats = #save.seats, seed = save.seed, options = save.options }))
local function views(k, move, hidden)
  for seat = 1, #save.seats do
    local seen = move and (not hidden or move[1] == seat) and move[3] or ""
    print(json.encode({ moves = k, seat = seat, view = g:view(seat), move = seen }))
  end
end
views(0)
for k, move in ipairs(save.moves) do
  assert(move[2] == 0, "a claim window: this reader plays one move at a time")
  local hidden = g:pending().hidden
  assert(g:play(move[1], move[3]))
  views(k, move, hidden)
end
