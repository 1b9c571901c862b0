-- House rules that lean on objects' identities, as a careless author's
-- might: each roll notes tostring({}), a function's %p and a table's %s,
-- and the note reaches the record. Lua would print addresses, different in
-- every process; the referee prints numbers counted in each call, so one
-- seed plays the same game everywhere and a save replays (hostile.sh).
local game = inherit("bamboozled-dice", {})
local roll = game.roll
game.roll = function(t, seat)
  local names = {tostring({}), ("%p"):format(roll), string.format("%s %5p", {}, "x"), tostring(print)}
  table.sort(names)
  t:note(table.concat(names, ", "))
  return roll(t, seat)
end
-- The state at a glance, asked at every prompt of the REPL and never in a
-- replay, names objects too: a count kept across calls would part them.
local status = game.status
game.status = function(t, seat)
  local lines = status(t, seat)
  lines[#lines + 1] = "a thing: " .. tostring({})
  return lines
end
return game
