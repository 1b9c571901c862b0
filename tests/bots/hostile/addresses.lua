-- A bot whose errors quote addresses (a table's, a function's, %p), which
-- differ from process to process: the fault's reason says "(address)", so
-- the records of one seed stay byte-identical (hostile.sh runs it twice).
-- expect: ^choose failed: .*I hold table: \(address\) and function: (builtin: )?\(address\) \(address\)
return {
  choose = function()
    error("I hold " .. tostring({}) .. " and " .. tostring(print) .. " " .. string.format("%p", {}))
  end,
}
