-- Writes a text file as a C array, to build it into the binary:
--   lua5.4 tools/embed.lua NAME < FILE > FILE.c
-- gives `const char NAME[] = {...};` and `const size_t NAME_LEN`.
local name = assert(arg[1], "usage: lua5.4 tools/embed.lua NAME < FILE > FILE.c")
local text = io.read("a")
local out = { "/* made by tools/embed.lua: do not edit */\n#include <stddef.h>\nconst char ", name, "[] = {" }
for i = 1, #text do
  out[#out + 1] = (i % 16 == 1 and "\n    " or " ") .. text:byte(i) .. ","
end
out[#out + 1] = "\n    0};\nconst size_t " .. name .. "_LEN = " .. #text .. ";\n"
io.write(table.concat(out))
