-- bamm-claims: what ismcts knows of BAMM!'s claim windows, beyond the
-- rules. A window lists every claim the caller's cards make, and "bamm"
-- alone, which only costs a point; a bigger claim puts more cards on the
-- points pile. So in a window the claims worth searching are the biggest
-- few and passing, and a seat the search does not play calls with its
-- biggest claim, as people and the greedy bot do, rather than at random
-- (a random caller mostly calls "bamm" alone, or gives a claim away).
local claims = {}

-- Claims searched in a window besides passing.
local BIGGEST = 3

-- A playout is cut after this many moves (a few turns and their windows)
-- and judged by each seat's lead in points over the best other seat, a
-- lead of `margin` points worth about three quarters of a win: who leads
-- by one point after six random moves has won little.
claims.playout_moves = 6
claims.margin = 2
-- ctx.think buys 22 ms a BAMM! decision since its claims are one kernel
-- call; twice it is about as long as a rummy decision (tools/search-cost.sh).
claims.think = 2

function claims.applies(view)
  local v = view.vars
  return type(v.penalties) == "table" and view.zones.table ~= nil and v.strikes == nil
end

-- How many cards a move claims (0: "bamm" alone, "pass", or a card).
local function size(move)
  if move:sub(1, 5) ~= "bamm " then return 0 end
  local n = 0
  for _ in move:gmatch(" ") do n = n + 1 end
  return n
end

-- In a window: passing, and the BIGGEST biggest claims.
function claims.candidates(view, kind, moves)
  if kind ~= "bamm" then return moves end
  local list = {}
  for _, m in ipairs(moves) do
    if size(m) > 0 then list[#list + 1] = m end
  end
  table.sort(list, function(a, b) return size(a) > size(b) end)
  for i = #list, BIGGEST + 1, -1 do list[i] = nil end
  list[#list + 1] = "pass"
  return list
end

-- A seat it does not play, in a window: its biggest claim, else a pass.
function claims.answer(kind, moves)
  if kind ~= "bamm" then return nil end
  local best, most = "pass", 0
  for _, m in ipairs(moves) do
    local n = size(m)
    if n > most then best, most = m, n end
  end
  return best
end

return claims
