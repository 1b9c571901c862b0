#!/bin/sh
# Runs a test suite under limits that a busy machine does not turn red: CPU
# time first (a machine at load 10 takes longer but spends the same), and a
# wall-clock backstop, many times the CPU limit, for a hang that spends no
# CPU. A limit reached says that it was a limit, with the figures and how
# to raise it; the suite's own output comes first.
# usage: tests/limited.sh NAME CPU_SECONDS WALL_SECONDS COMMAND...
# (the env TEST_CPU_LIMIT and TEST_WALL_LIMIT replace the two limits)
name=$1 cpu=${TEST_CPU_LIMIT:-$2} wall=${TEST_WALL_LIMIT:-$3}
shift 3
figures=$(mktemp)
trap 'rm -f "$figures"' EXIT
# -k: a process that ignores SIGTERM at the wall limit is killed 10 s on.
(ulimit -t "$cpu" && exec /usr/bin/time -q -f '%e %U %S' -o "$figures" timeout -k 10 "$wall" "$@")
status=$?
read -r elapsed user system <"$figures" 2>/dev/null
used=$(awk -v u="${user:-0}" -v s="${system:-0}" 'BEGIN { printf "%.0f", u + s }')
# Judged by the figures, not the exit status, which depends on which
# process the signal reached (time, timeout or the suite's own).
if [ "$status" -ne 0 ] && [ "$used" -ge $((cpu - 1)) ]; then
    echo "$name: stopped after $used s of CPU time, its limit (TEST_CPU_LIMIT=$cpu; rerun with a larger one if the machine is slow)"
elif [ "$status" -ne 0 ] && [ "${elapsed%.*}" -ge "$wall" ] 2>/dev/null; then
    echo "$name: stopped after $wall s of wall time, its limit, having used $used s of CPU (a hang? rerun with TEST_WALL_LIMIT=... if the machine is only busy)"
fi
exit "$status"
