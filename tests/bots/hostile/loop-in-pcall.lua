-- Catches the budget error and loops again.
return { choose = function()
  while true do pcall(function() while true do end end) end
end }
