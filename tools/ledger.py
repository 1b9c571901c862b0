#!/usr/bin/python3
"""Where a game's instructions go: the ledger behind bench/results.md's
floor (issue 55). Reads two callgrind profiles of build/bench, one of
LONG games and one of SHORT (so that loading drops out), and prints per
game, in instructions:

  - the calls the rules make into the kernel (t:zone, t:ask, ...), each
    with its count a game and its cost a call, callees included;
  - the rules' own Lua: everything inside the calls into the rules that
    is not a kernel call (Lua's virtual machine, its tables, its heap);
  - the referee around the rules: starting a game and the seat loop.

and, from bench --lua-functions, the Lua instructions of the rules' busiest
functions.

usage: ledger.py LONG.out SHORT.out GAMES_BETWEEN DECISIONS_A_GAME [LONG.functions SHORT.functions]
(tools/ledger.sh makes the profiles and calls it).
"""
import re
import subprocess
import sys

STAR = re.compile(r"\s*([\d,]+) \(.*?\)\s+\*\s+(\S+)")
CALLER = re.compile(r"\s*([\d,]+) \(.*?\)\s+<\s+(\S+) \(([\d,]+)x\)")


def number(text):
    return int(text.replace(",", ""))


def short(name):
    """core/binding/lua_cards.c:t_zone -> lua_cards.c:t_zone; and a copy the
    optimizer made of a function (match.c:match_start.constprop.0,
    script.c:pcall_rules.lto_priv.0) by the function's own name"""
    return re.sub(r"(\.(lto_priv|constprop|isra|part)\.\d+)+$", "", name.split("/")[-1])


def profile(path):
    """Each function's inclusive cost and, per caller, what the calls from
    it cost and how many there were: {callee: (total, {caller: (cost, n)})}."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--tree=caller", "--threshold=100", "--auto=no", path],
                          capture_output=True, text=True, check=True).stdout
    functions, callers = {}, {}
    for line in text.splitlines():
        m = CALLER.match(line)
        if m:
            caller = short(m.group(2))
            cost, n = callers.get(caller, (0, 0))
            callers[caller] = (cost + number(m.group(1)), n + number(m.group(3)))
            continue
        m = STAR.match(line)
        if m:
            # One function may be listed twice, under its own file and
            # under a header whose code it inlines: keep the listing that
            # names its callers.
            name, cost = short(m.group(2)), number(m.group(1))
            if callers or name not in functions:
                functions[name] = (cost, callers)
        callers = {}
    return functions


def from_lua(functions):
    """The kernel functions Lua called (the rules' calls into the kernel:
    a binding function whose caller is Lua itself), with their cost and count."""
    calls = {}
    for name, (_, callers) in functions.items():
        if not re.match(r"lua_\w+\.c:", name) or name.startswith("lua_alloc.c"):
            continue
        for caller, (cost, n) in callers.items():
            # Inside Lua (no debug information: "???:0x..." in the shared
            # library, "???:luaD_precall" in the static archive the
            # referee links): the VM calling a C function.
            if caller.startswith("???:"):
                c, k = calls.get(name, (0, 0))
                calls[name] = (c + cost, k + n)
    return calls


def inclusive(functions, name):
    return functions.get(name, (0, {}))[0]


def from_caller(functions, name, caller):
    return functions.get(name, (0, {}))[1].get(caller, (0, 0))[0]


def lua_functions(long_path, short_path, games):
    """bench --lua-functions's outputs for LONG and SHORT games: [(Lua
    instructions a game, function)], most first. The difference drops what
    loading runs once (a rules file's main chunk, tables made at load)."""
    def read(path):
        with open(path) as f:
            lines = f.read().splitlines()[1:]  # the first is bench's own line
        return {where: int(ops) for ops, where in (line.split(" ", 1) for line in lines)}
    long_ops, short_ops = read(long_path), read(short_path)
    rows = [((ops - short_ops.get(where, 0)) / games, where) for where, ops in long_ops.items()]
    return sorted((row for row in rows if row[0] > 0), reverse=True)


def main():
    long_run, short_run = profile(sys.argv[1]), profile(sys.argv[2])
    games = float(sys.argv[3])
    decisions = float(sys.argv[4])
    by_function = lua_functions(sys.argv[5], sys.argv[6], games) if len(sys.argv) > 6 else []

    def per_game(get):
        return (get(long_run) - get(short_run)) / games

    total = per_game(lambda f: inclusive(f, "bench.c:main"))
    rules = per_game(lambda f: inclusive(f, "script.c:pcall_rules"))
    # setup() is called from set_up_on, which the compiler may fold into
    # game_rebuild: either caller counts.
    setup = per_game(lambda f: sum(from_caller(f, "game_state.c:game_call_rules", caller)
                                   for caller in ("game.c:set_up_on", "game.c:game_rebuild")))
    start = per_game(lambda f: inclusive(f, "match.c:match_start"))
    random_seats = per_game(lambda f: inclusive(f, "controller.c:random_move"))
    long_calls, short_calls = from_lua(long_run), from_lua(short_run)
    kernel = {}
    for name, (cost, n) in long_calls.items():
        c2, n2 = short_calls.get(name, (0, 0))
        kernel[name] = ((cost - c2) / games, (n - n2) / games)
    kernel_total = sum(cost for cost, _ in kernel.values())
    kernel_calls = sum(n for _, n in kernel.values())

    loop = total - start - (rules - setup)
    if setup <= 0 or start - setup < 0 or loop < 0:
        # A function renamed or folded away leaves a part uncounted: say so
        # rather than print a negative part.
        sys.exit("ledger: the parts do not add up (setup() %.0f, the start %.0f, the loop %.0f "
                 "a game): has a function on the path been renamed?" % (setup, start, loop))

    def row(what, cost):
        print("| %s | %.0f | %.0f | %.1f%% |" % (what, cost, cost / decisions, 100 * cost / total))

    print("| part | instructions a game | a decision | share |")
    print("|---|---|---|---|")
    row("all: %.1f decisions a game" % decisions, total)
    row("starting a game, the rules' setup() left out", start - setup)
    row("the seat loop, the rules left out", loop)
    row("- of it, the random seats' choices", random_seats)
    row("the calls into the rules: setup(), apply() and the rest", rules)
    row("- of them, the rules' own Lua: Lua's VM, tables, heap and library", rules - kernel_total)
    row("- of them, the %.0f kernel calls the rules make (t:ask, t:move, ...)" % kernel_calls, kernel_total)
    print()
    print("| kernel call | calls a game | instructions a call | instructions a game | share |")
    print("|---|---|---|---|---|")
    for name, (cost, n) in sorted(kernel.items(), key=lambda kv: -kv[1][0])[:12]:
        print("| %s | %.1f | %.0f | %.0f | %.1f%% |" % (name.split(":")[1], n, cost / n if n else 0, cost,
                                                        100 * cost / total))
    if by_function:
        ops = sum(n for n, _ in by_function)
        print()
        print("| rules function | Lua instructions a game | share of the rules' Lua instructions |")
        print("|---|---|---|")
        for n, where in by_function[:8]:
            print("| %s | %.0f | %.1f%% |" % (re.sub(r"^.*/", "", where), n, 100 * n / ops))
        print("| all the rules' functions | %.0f | 100%% |" % ops)


main()
