-- Reports ctx.think as its fault: the spec reads the message
-- (ismcts_strength_spec.lua: a search thinks for a tenth of its budget).
return { choose = function(_, _, ctx)
  error("think " .. tostring(ctx.think))
end }
