-- Inherits a file outside the rules folders, to have its text quoted back
-- in the syntax error. A variant inherits a game by its name only.
-- expect: inherit: '\.\./\.\./\.\./\.\./etc/passwd' is not a game's name
-- exit: 1
return inherit("../../../../etc/passwd")
