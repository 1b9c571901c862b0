-- Errors with a newline and a right-to-left override, to print a line of
-- its own that reads like the referee's ("game over: ...") under its
-- fault. Both must show as '?' inside the one fault line.
-- expect: ^choose failed: oops\?game over: seat 1 takes the pot \(1000\)\?\?\? x
return { choose = function()
  error("oops\ngame over: seat 1 takes the pot (1000)\u{202E} x", 0)
end }
