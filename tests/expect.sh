# Shared by the shell test layers (. "$here/expect.sh" after setting
# layer): the tally, and expect.
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ok() { pass=$((pass + 1)); }
# A mutant needs one failure (tools/mutants.sh sets STOP_AT_FIRST_FAILURE): no waiting for the rest.
bad() { fail=$((fail + 1)); echo "$layer: FAILED: $*"; [ -z "${STOP_AT_FIRST_FAILURE:-}" ] || { echo "$layer: $pass passed, $fail failed"; exit 1; }; }
# expect STATUS PATTERN -- command...: the exit status, and a line of
# stdout+stderr matching PATTERN (grep -E).
expect() {
    want=$1 pattern=$2
    shift 3
    "$@" >"$work/out" 2>&1
    got=$?
    if [ "$got" -ne "$want" ]; then
        bad "$* exited $got, expected $want"; sed 's/^/    /' "$work/out" | head -5
    elif ! grep -Eq -- "$pattern" "$work/out"; then
        bad "$* printed no line matching '$pattern'"; sed 's/^/    /' "$work/out" | head -5
    else
        ok
    fi
}
