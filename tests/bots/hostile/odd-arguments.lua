-- Calls every function the sandbox hands a bot (the libraries it keeps, the
-- referee's own import, load, setmetatable, math.random, ctx.sample and
-- its methods, the iterators of view.zones and view.vars) with odd
-- arguments: no value, NaN, huge numbers, empty and odd strings, tables,
-- functions, coroutines. Each call must fail as a Lua error or return; the
-- referee must never crash. It then errors, so each decision is a fault.
-- expect: called every function with odd arguments
local odd = { nil, 0, -1, 2 ^ 53, math.maxinteger, math.mininteger, 0 / 0, 1 / 0, "", ("%"):rep(9),
  { 1, 2 }, true, function() end, coroutine.create(function() end) }
local N = 14

-- f(a) and f(a, b) for every two odd values.
local function call_oddly(f)
  for i = 1, N do
    pcall(f, odd[i])
    for j = 1, N do pcall(f, odd[i], odd[j]) end
  end
end

local LIBRARIES = { "string", "table", "math", "utf8", "coroutine" }
local BASE = { "assert", "error", "getmetatable", "import", "ipairs", "load", "next", "pairs", "pcall",
  "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall" }
local SAMPLE = { "pending", "play", "window", "random_move", "result", "standing" }

local function sorted_functions(lib)
  local names = {}
  for name, f in pairs(lib) do if type(f) == "function" then names[#names + 1] = name end end
  table.sort(names)
  return names
end

return { choose = function(view, moves, ctx)
  for _, name in ipairs(BASE) do call_oddly(_ENV[name]) end
  for _, lib in ipairs(LIBRARIES) do
    for _, name in ipairs(sorted_functions(_ENV[lib])) do call_oddly(_ENV[lib][name]) end
  end
  call_oddly(ctx.budget_left)
  call_oddly(pairs(view.zones))
  call_oddly(pairs(view.vars))
  for i = 1, N do
    pcall(function() return view.vars[odd[i]], view.zones[odd[i]] end)
    pcall(function() view.vars[odd[i]] = odd[i] end)
  end
  local sample = ctx.sample()
  for _, name in ipairs(SAMPLE) do
    local method = sample[name]
    call_oddly(method)
    call_oddly(function(...) return method(sample, ...) end)
  end
  call_oddly(ctx.sample)
  error("called every function with odd arguments")
end }
