-- Fills its memory three ways in turn, dropping each before the next: long
-- strings, then small tables, then mid-sized strings. Counted as live
-- bytes, each stays under the cap; held by the process, freed blocks of one
-- size could not serve the next, and it once reached 2.8 times the cap.
local n = 0
local function fill(make)
  local hoard = {}
  for i = 1, 1 << 30 do
    local ok, v = pcall(make, i)
    if not ok then break end
    hoard[i] = v
  end
end
return { choose = function(view, moves)
  n = n + 1
  if n == 1 then fill(function(i) return ("x"):rep((1 << 20) + i) end)
  elseif n == 2 then fill(function(i) return { i, i, i } end)
  elseif n == 3 then fill(function(i) return ("y"):rep((1 << 16) + 3 * i) end) end
  return moves[1]
end }
