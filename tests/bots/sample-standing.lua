-- Spins on its sample's standing, catching every error (hostile.sh, reads):
-- the rules' work each read runs is charged to it.
return { choose = function(view, moves, ctx)
  local s = ctx.sample()
  while true do pcall(s.standing, s) end
end }
