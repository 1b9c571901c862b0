-- Changes to JSON texts, for the specs and tests that feed the referee
-- damaged files: no dependency on the kernel module, so any lua5.4 runs it.
local mutator = {}

-- A generator of the specs' own, so every run tries the same cases:
-- stream(seed)(n) is 1..n.
function mutator.stream(seed)
  local x = seed
  return function(n)
    x = (x * 1103515245 + 12345) % 2147483648
    return x % n + 1
  end
end

-- The values of a JSON text (and its keys, followed by ':'), as spans of
-- it: every number and every string.
local function tokens(text)
  local found = {}
  local at = 1
  while true do
    local from, to = text:find('"[^"]*"', at)
    local nfrom, nto = text:find("%-?%d+", at)
    if nfrom and (not from or nfrom < from) then from, to = nfrom, nto end
    if not from then return found end
    found[#found + 1] = { from, to }
    at = to + 1
  end
end

local REPLACEMENTS = { "0", "-1", "1", "2", "3", "55", "56", "64", "65", "2147483648", "9007199254740993",
                       "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1.5", "1e999",
                       '""', '"x"', '"stock"', '"QS"', '"-1"', '"18446744073709551616"', '"' .. ("9"):rep(40) .. '"',
                       "null", "true", "[]", "{}", "[1]", '["x"]' }

-- A JSON text changed in one place: a value (or key) replaced by another
-- of any kind, removed with its comma, or repeated. pick is a stream.
function mutator.mutate_json(text, pick)
  local spans = tokens(text)
  local span = spans[pick(#spans)]
  local before, token, after = text:sub(1, span[1] - 1), text:sub(span[1], span[2]), text:sub(span[2] + 1)
  local how = pick(4)
  if how == 1 then
    return before:gsub(",%s*$", "") .. after
  elseif how == 2 then
    return before .. token .. "," .. token .. after
  end
  return before .. REPLACEMENTS[pick(#REPLACEMENTS)] .. after
end

return mutator
