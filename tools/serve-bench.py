"""Figures of a served table (bench/results.md): how long a move takes to
reach every page, over a whole game of 8 people and 20 watchers (median
and 99th percentile), and the memory each open page costs the referee.
usage: REFEREE_BIN=./referee REFEREE_RULES=rules /usr/bin/python3 tools/serve-bench.py"""
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "serve"))
from served import Stream, Table, attack, children_of, wait_for  # noqa: E402


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def latency(work, hostile=False):
    import threading
    t = Table(["bamboozled-dice", "--seats", ",".join(["human"] * 8), "--seed", "bench-1"],
              os.path.join(work, "latency%s.json" % ("-hostile" if hostile else "")))
    pages = [Stream(t, s) for s in range(1, 9)] + [Stream(t, 0) for _ in range(20)]
    wait_for(lambda: all(p.latest() for p in pages), 10)
    stop = threading.Event()
    held = attack(t, stop)[0] if hostile else []
    delays, moves, chance = [], 0, random.Random(1)
    try:
        while True:
            st = pages[-1].latest()
            if st["result"]:
                break
            seat = st["decision"]["waiting"][0]
            mine = t.state(seat)["decision"]
            done = st["moves_played"]
            counts = [len(p.states) for p in pages]
            start = time.time()
            reply = t.move(seat, chance.choice(mine["moves"]))
            if not reply.get("played"):
                raise RuntimeError(reply)
            moves += 1
            if not wait_for(lambda: all(p.latest()["moves_played"] > done for p in pages), 5):
                raise RuntimeError("a page did not get move %d" % moves)
            for p, n in zip(pages, counts):
                arrived = next(when for when, s in p.states[n:] if s["moves_played"] > done)
                delays.append((arrived - start) * 1000)
    finally:
        stop.set()
        for a in held:
            a.close()
        for p in pages:
            p.close()
        t.quit()
    delays.sort()
    return moves, statistics.median(delays), delays[int(len(delays) * 0.99)]


def memory(work):
    t = Table(["bam", "--seats", "human,human,bam-greedy", "--seed", "bench-2"],
              os.path.join(work, "memory.json"))
    try:
        child = children_of(t.proc.pid)[0]
        time.sleep(0.5)
        before = rss_kb(child)
        # from addresses of their own: one address holds at most 64
        pages = [Stream(t, 1 + i % 2, source="127.0.1.%d" % (1 + i // 50)) for i in range(200)]
        wait_for(lambda: all(p.latest() for p in pages), 20)
        time.sleep(0.5)
        after = rss_kb(child)
        for p in pages:
            p.close()
        return (after - before) / 200
    finally:
        t.quit()


import resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
work = tempfile.mkdtemp(prefix="serve-bench-")
moves, median, p99 = latency(work)
hmoves, hmedian, hp99 = latency(work, hostile=True)
per_page = memory(work)
print("| served table | pages | moves | move to every page, median ms | 99th percentile ms | memory per open page KB |")
print("|---|---|---|---|---|---|")
print("| bamboozled-dice, 8 people | 8 seats + 20 watchers | %d | %.1f | %.1f | %.0f |" % (moves, median, p99, per_page))
print("| the same, under a thousand connections from one address and a watcher storm | 8 seats + 20 watchers | %d | %.1f | %.1f | |" % (hmoves, hmedian, hp99))
