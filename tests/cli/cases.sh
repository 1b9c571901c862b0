# The command-line cases kept as data (jq's tests/jq.test is the model):
# sourced after expect.sh by cli.sh, and by run.sh to run them alone.
# run_case LINE COMMAND STATUS PATTERNS: the case that starts at LINE.
run_case() {
    at=$1 command=$2 status=$3 patterns=$4
    eval "set -- $command"
    [ "$1" = referee ] || { bad "$file:$at: a case's command begins with referee, not '$1'"; return; }
    shift
    "$bin" "$@" </dev/null >"$work/out" 2>&1
    got=$?
    if [ "$got" -ne "$status" ]; then
        bad "$file:$at: $command exited $got, expected $status"; sed 's/^/    /' "$work/out" | head -5
        return
    fi
    printf '%s\n' "$patterns" >"$work/patterns"
    while IFS= read -r pattern; do
        [ -n "$pattern" ] || continue
        if ! grep -Eq -- "$pattern" "$work/out"; then
            bad "$file:$at: $command printed no line matching '$pattern'"; sed 's/^/    /' "$work/out" | head -5
            return
        fi
    done <"$work/patterns"
    ok
}

# run_cases FILE: every case of FILE.
run_cases() {
    file=$1
    n=0 start=0 command='' status='' patterns=''
    while IFS= read -r line || [ -n "$line" ]; do
        n=$((n + 1))
        case "$line" in
        '#'*) continue ;;
        '') finish_case ;;
        *)
            if [ -z "$command" ]; then command=$line start=$n
            elif [ -z "$status" ]; then
                case "$line" in
                'exit '[0-9]*) status=${line#exit } ;;
                *) bad "$file:$n: 'exit N' expected after the command, not '$line'"; command='' ;;
                esac
            else patterns="$patterns$line
"; fi ;;
        esac
    done <"$file"
    finish_case
}

finish_case() {
    if [ -n "$command" ]; then
        if [ -z "$status" ]; then bad "$file:$start: no 'exit N' line after the command"
        else run_case "$start" "$command" "$status" "$patterns"; fi
    fi
    command='' status='' patterns=''
}
