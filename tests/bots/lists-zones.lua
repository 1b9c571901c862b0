-- Lists every zone of its view with pairs() at every decision: all 63
-- zones of many-zones must be there, 52 cards in all. Any difference is
-- an error, which the referee records as a fault.
return { choose = function(view, moves, ctx)
  local zones, cards = 0, 0
  for _, zone in pairs(view.zones) do zones, cards = zones + 1, cards + zone.count end
  if zones ~= 63 or cards ~= 52 then
    error(("pairs listed %d zones and %d cards, not 63 and 52"):format(zones, cards))
  end
  return moves[1]
end }
