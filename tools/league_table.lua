-- The league table of one game, from `referee merge --json` on stdin:
-- each bot's win rate with its interval over deals, then who finished
-- ahead of whom, each share with its interval, as Markdown.
-- usage: lua5.4 tools/league_table.lua GAME OPTIONS < standings.jsonl
local game, options = arg[1], arg[2] ~= "" and arg[2] or "-"
local standings, versus, summary = {}, {}, {}

-- The few fields a standings line has, read without a JSON library:
-- numbers, strings without escapes, and the interval's two numbers.
local function field(line, name)
  local s = line:match('"' .. name .. '":"([^"]*)"')
  if s then return s end
  return tonumber(line:match('"' .. name .. '":(%-?[%d%.e]+)'))
end
local function interval(line)
  local lo, hi = line:match('"interval":%[(%-?[%d%.e]+),(%-?[%d%.e]+)%]')
  return tonumber(lo), tonumber(hi)
end
local function pct(x) return ("%.1f%%"):format(100 * x) end

for line in io.lines() do
  local kind = field(line, "type")
  if kind == "standing" then
    local lo, hi = interval(line)
    standings[#standings + 1] = { bot = field(line, "bot"), games = field(line, "games"),
      rate = field(line, "win_rate"), lo = lo, hi = hi, rating = field(line, "rating"),
      err = field(line, "rating_error") }
  elseif kind == "head_to_head" then
    local lo, hi = interval(line)
    local met, ahead = field(line, "met"), field(line, "ahead")
    versus[field(line, "bot") .. "|" .. field(line, "against")] = { share = ahead / met, lo = lo, hi = hi }
  elseif kind == "summary" then
    summary = { games = field(line, "games"), deals = field(line, "deals") }
  end
end

print(("### %s (%s; %d games, %d deals)"):format(game, options, summary.games or 0, summary.deals or 0))
print()
print("| bot | games | win rate (95% over deals) | rating |")
print("|---|---|---|---|")
for _, s in ipairs(standings) do
  print(("| %s | %d | %s (%s-%s) | %.0f ± %.0f |"):format(s.bot, s.games, pct(s.rate), pct(s.lo), pct(s.hi), s.rating, s.err))
end
print()
local head = { "| ahead of → |" }
local rule = { "|---|" }
for _, s in ipairs(standings) do head[#head + 1] = " " .. s.bot .. " |"; rule[#rule + 1] = "---|" end
print(table.concat(head))
print(table.concat(rule))
for _, r in ipairs(standings) do
  local row = { "| " .. r.bot .. " |" }
  for _, c in ipairs(standings) do
    local v = versus[r.bot .. "|" .. c.bot]
    row[#row + 1] = v and (" %s (%s-%s) |"):format(pct(v.share), pct(v.lo), pct(v.hi)) or " - |"
  end
  print(table.concat(row))
end
print()
