-- Checks that view.zones shows the table as it was at the decision the view
-- was given for, even when a zone is first read later. At each play it
-- keeps the view unread; at its next play it reads that old view's hand
-- and expects the cards it was offered then (a play move is "play" and a
-- card it held). It also checks pairs() lists every zone, a name that is no zone is
-- nil, and view.zones is a plain table. Any difference is an
-- error, which the referee records as a fault.
local function check(ok, what)
  if not ok then error("view-later check failed: " .. what, 2) end
end

local kept, kept_moves

local function same_set(list, other)
  if #list ~= #other then return false end
  local seen = {}
  for _, x in ipairs(list) do seen[x] = true end
  for _, x in ipairs(other) do if not seen[x] then return false end end
  return true
end

return { choose = function(view, moves, ctx)
  check(getmetatable(view.zones) == nil and rawget(view.zones, next(view.zones)) ~= nil, "view.zones is no plain table")
  check(view.zones.nosuchzone == nil and view.zones[1] == nil, "a name that is no zone")
  if ctx.kind ~= "play" then return 1 end
  if kept then
    local then_hand = kept.zones["hand" .. kept.seat]
    check(same_set(then_hand.cards, kept_moves), "a zone read late shows the table of a later decision")
    check(then_hand.count == #kept_moves, "the count of a zone read late")
  end
  kept, kept_moves = view, {}
  for i, move in ipairs(moves) do kept_moves[i] = move:match("^play (.+)$") end
  -- Every other decision, the zones are listed before any is read.
  if ctx.decision % 2 == 0 then
    local names, total = 0, 0
    for name, zone in pairs(view.zones) do
      check(type(name) == "string" and zone.count == #zone.cards, "a zone listed by pairs")
      names, total = names + 1, total + zone.count
    end
    check(names == 3 + view.seats.n and total == 53, "pairs lists every zone and every card")
    kept = nil -- read now: not a check of a late read
  end
  return 1
end }
