-- A bot whose errors quote addresses (a table's, a function's, %p), which
-- differ from process to process: the sandbox numbers objects instead, so
-- the records of one seed stay byte-identical (hostile.sh runs it twice).
-- expect: ^choose failed: .*I hold table: #1 and function: #2 #3
return {
  choose = function()
    error("I hold " .. tostring({}) .. " and " .. tostring(print) .. " " .. string.format("%p", {}))
  end,
}
