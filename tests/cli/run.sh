#!/bin/sh
# Runs the command-line cases of a .test file alone (default:
# commands.test beside this script; cli.sh runs them with the rest of its
# layer): a block a case, the command, "exit N", then the lines its output
# must match. Prints each failure and the tally.
bin=${REFEREE_BIN:?set REFEREE_BIN}
here=$(cd "$(dirname "$0")/.." && pwd)
layer=cli
. "$here/expect.sh"
. "$here/cli/cases.sh"
run_cases "${1:-$here/cli/commands.test}"
echo "$layer: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
