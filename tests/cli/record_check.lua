-- Reads a `referee run --json` record on stdin and checks it as a program
-- that re-referees a game from its record alone would: the format, every
-- option's value, each decision made by a seat that was asked with a move
-- it was offered, each claim window's answers among the moves of the
-- seats it asked, and the events a game's record must carry. Prints what
-- is wrong and exits 1, or prints "record: N lines, M decisions checked".
-- usage: lua5.4 tests/cli/record_check.lua EVENT... < record.jsonl
local json = require("referee").json
local want_events = {}
for _, e in ipairs(arg) do want_events[e] = 0 end

local problems, lines, decisions = {}, 0, 0
local function wrong(fmt, ...) problems[#problems + 1] = ("line %d: " .. fmt):format(lines, ...) end

local ask, window_answers
local function offered(seat, move)
  local list = ask and ask.moves[tostring(seat)]
  if not list then return false end
  for _, m in ipairs(list) do if m == move then return true end end
  return false
end

for text in io.lines() do
  lines = lines + 1
  local line = json.decode(text)
  local kind = line.type
  if lines == 1 then
    if kind ~= "start" or line.format ~= "referee-record/2" then wrong("not a referee-record/2 start line") end
    if type(line.options) ~= "table" or next(line.options) == nil then wrong("the start line lists no options") end
  elseif kind == "ask" then
    if not (line.kind and line.seats and line.moves) then wrong("an ask without kind, seats or moves") end
    ask, window_answers = line, nil
  elseif kind == "window" then
    if not (ask and ask.window) then wrong("a window's answers with no window asked") end
    window_answers = {}
    for _, a in ipairs(line.answers) do
      if not offered(a.seat, a.move) then wrong("seat %d answered '%s', which it was not offered", a.seat, a.move) end
      window_answers[a.seat] = a.move
    end
    if #line.order ~= #line.answers then wrong("a window's order does not list each answer") end
  elseif kind == "decision" then
    decisions = decisions + 1
    if window_answers then
      if window_answers[line.seat] ~= line.move then wrong("seat %d's '%s' is not its window answer", line.seat, line.move) end
    elseif not offered(line.seat, line.move) then
      wrong("seat %d played '%s', which the ask before it did not offer it", line.seat, line.move)
    end
    if not window_answers then ask = nil end
  elseif kind == "event" then
    if want_events[line.event] then want_events[line.event] = want_events[line.event] + 1 end
  end
end
for name, count in pairs(want_events) do
  if count == 0 then problems[#problems + 1] = ("no '%s' event in the record"):format(name) end
end
if decisions == 0 then problems[#problems + 1] = "no decision in the record" end
if #problems > 0 then
  for i = 1, math.min(#problems, 5) do print(problems[i]) end
  os.exit(1)
end
print(("record: %d lines, %d decisions checked"):format(lines, decisions))
