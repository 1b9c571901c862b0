-- Reports what its samples dealt to its own hand and to the next seat's,
-- as its fault: the spec reads the message (sample_spec.lua: a sample's
-- cards tell nothing hidden). Its own hand is given once with how many
-- samples differed from the first; the next seat's as each sample dealt it.
return { choose = function(view, moves, ctx)
  local first, differed, next_seat = nil, 0, {}
  local other = view.zones["hand" .. (ctx.seat + 1)] and ctx.seat + 1 or 1
  for _ = 1, 24 do
    local s = ctx.sample()
    local mine = table.concat(s:cards("hand" .. ctx.seat), ",")
    first = first or mine
    if mine ~= first then differed = differed + 1 end
    next_seat[#next_seat + 1] = table.concat(s:cards("hand" .. other), "")
  end
  error(("mine %s %d none %s other %s"):format(first, differed, tostring(ctx.sample():cards("no such zone")),
    table.concat(next_seat, " ")))
end }
