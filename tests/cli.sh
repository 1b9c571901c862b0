#!/bin/sh
# The command-line modes: exit statuses, messages, the run --json record
# (the same bytes from separate processes), hashes, replay of saves. A
# case that is only a command, its exit status and lines it must print is
# a block of tests/cli/commands.test; what needs files made first, or
# output read twice, is a part of tests/cli/ by topic (each part's first
# line says what it holds).
bin=${REFEREE_BIN:?set REFEREE_BIN}
layer=cli
. "$(dirname "$0")/expect.sh"
here=$(cd "$(dirname "$0")" && pwd)

# The cases, by topic, in tests/cli/ (CLI_PART=NAME runs one of them, as
# TEST_PART does for a mutant: a part may use what an earlier one made, so
# a part alone is for looking into a failure or catching a mutant, not for
# a verdict).
only=${CLI_PART:-${TEST_PART:-}}
for part in output records seeds people untrusted scripts options tournaments repl; do
    [ -z "$only" ] || [ "$only" = "$part" ] || continue
    . "$here/cli/$part.sh"
done

echo "cli: $pass passed, $fail failed"
