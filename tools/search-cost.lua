-- What ismcts's search costs, game by game: decisions timed in CPU time
-- (os.clock), its playouts counted, and the budget it spent, at its
-- default think (a tenth of the default --bot-budget). It plays seat 1
-- against random seats, 4 seeded games a game. The playouts are counted
-- by a copy of bots/ismcts.lua that prints one line a decision; the copy
-- is made here, so the bundled bot stays silent. Run by
-- tools/search-cost.sh, which adds the lines up into a table.
local referee = require "referee"

local function read(path)
  local f = assert(io.open(path))
  local text = f:read("a")
  f:close()
  return text
end

-- The copy: bots/ and a counting ismcts, in a folder of its own.
local folder = os.tmpname()
os.remove(folder)
assert(os.execute("mkdir -p " .. folder .. " && cp -r bots/lib " .. folder .. "/"))
local source = read("bots/ismcts.lua")
local counted, n = source:gsub("\n  repeat\n", "\n  local playouts = 0\n  repeat\n    playouts = playouts + 1\n", 1)
assert(n == 1, "bots/ismcts.lua has no search loop to count")
counted, n = counted:gsub("(\n  until start %- ctx.budget_left%(%) >= think\n)",
  "%1  print(\"COST\", playouts, start - ctx.budget_left())\n", 1)
assert(n == 1, "bots/ismcts.lua has no end of its search loop")
local f = assert(io.open(folder .. "/counting.lua", "w"))
f:write(counted)
f:close()

-- The bot prints each decision's count to stderr (as bots print); each
-- decision's time follows it there, and tools/search-cost.sh adds them up.
local GAMES = {
  { "bam", 3, { hands = 1 } }, { "bamm", 3, {} }, { "bamboozled", 2, { hands = 1 } }, { "bamboozled-dice", 3, {} },
}
for _, entry in ipairs(GAMES) do
  local game, seats, options = entry[1], entry[2], entry[3]
  local bot = assert(referee.bot(folder .. "/counting.lua"))
  for seed = 1, 4 do
    local g = assert(referee.game(game, { seats = seats, seed = "cost" .. seed, rules_path = "rules", options = options }))
    local r = seed -- the other seats' moves, from a stream of their own
    local function pick(moves)
      r = (r * 1103515245 + 12345) % 2147483648
      return moves[1 + r % #moves]
    end
    for p in function() return g:pending() end do
      local seat = p.seats[1]
      local moves = p.moves[seat]
      if p.window then
        local answers = {}
        for _, s in ipairs(p.seats) do answers[#answers + 1] = { s, pick(p.moves[s]) } end
        assert(g:window(answers))
      elseif seat == 1 and #moves > 1 then
        local t0 = os.clock()
        local move = assert(bot:choose(g, seat, seed .. ":" .. r))
        io.stderr:write(("TIME\t%s\t%.3f\n"):format(game, 1000 * (os.clock() - t0)))
        r = r + 1
        assert(g:play(seat, move))
      else
        assert(g:play(seat, pick(moves)))
      end
    end
  end
end
os.execute("rm -rf " .. folder)
