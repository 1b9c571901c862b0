#!/usr/bin/env python3
"""The hot seat's screens, audited: many seeded games of every game and
variant, 2 to 5 people and bots, played in a real terminal (tmux) by a
typist who does what people do (moves, slips, back, undo, show, log,
Ctrl-D, Enter at the pass prompt). Everything the referee writes is kept
and cut into screens: a screen runs from one clearing to the next, and
the part after a pass's Enter belongs to the person who sat down; before
it, to anyone at the table. Each screen is then checked against what its
viewer may know, computed from the game's saves by knowledge.lua: a card
named on a screen must be one its viewer has seen in their own view or
been told in the log, and dice shown must be dice its viewer sees.

usage: audit.py [GAMES] [SEED]   (env REFEREE_BIN, REFEREE_RULES, LUA_CPATH)
Closes with "screens: N passed, N failed".
"""
import json
import os
import random
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

BIN = os.environ.get("REFEREE_BIN", "./referee")
RULES = os.environ.get("REFEREE_RULES", "rules")
HERE = os.path.dirname(os.path.abspath(__file__))
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r|\x07")
PASS = re.compile(r"pass the keyboard to seat (\d+) .*press Enter when they sit down(.*) $")
GAME = re.compile(r"^\S+ seat (\d+)(?: \([^()]*\))? \((.*)\)> $")
QUESTION = re.compile(r"\[y/N\] $")
IDLE = re.compile(r"referee> $")
STEP_SECONDS = 20
EXITED = "referee-has-exited"


class Exited(Exception):
    """The referee left (quit, or Ctrl-D with nothing unsaved)."""  # a step that takes longer is reported, not waited for

# Each game, with options that keep a game short, and its player counts.
GAMES = [
    ("bam", ["--set", "hands=1", "--set", "cards=3"], (3, 5)),
    ("bam-app", ["--set", "hands=2"], (2, 3)),
    ("bamm", [], (2, 4)),
    ("bamboozled", ["--set", "target=40"], (2, 2)),
    ("bamboozled-dice", ["--set", "strikes=1"], (2, 5)),
    ("bamboozled-dice-no-bluffing", ["--set", "strikes=1"], (2, 4)),
    ("bamboozled-dice-more-strikes", ["--set", "strikes=2"], (2, 3)),
    ("bamboozled-dice-no-limits", ["--set", "strikes=1"], (2, 4)),
]
BOTS = {"bam": "bam-greedy", "bam-app": "bam-greedy", "bamm": "bamm-greedy", "bamboozled": "random"}
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


class Terminal:
    """A tmux session in control mode: keys go in, every byte the program
    writes comes out (%output), so nothing scrolls away unseen."""

    def __init__(self, work, command):
        self.sock = os.path.join(work, "tmux")
        self.proc = subprocess.Popen(
            ["tmux", "-S", self.sock, "-C", "new-session", "-x", "150", "-y", "50", "-s", "t", command],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.out = ""
        self.pending = b""

    def send(self, keys, literal=True):
        flag = "-l " if literal else ""
        quoted = "'" + keys.replace("'", "'\\''") + "'" if literal else keys
        self.proc.stdin.write(("send-keys -t t %s%s\n" % (flag, quoted)).encode())
        self.proc.stdin.flush()

    def line(self, text):
        if text:
            self.send(text)
        self.send("Enter", literal=False)

    def pump(self, timeout):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            return False
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if not chunk:
            return False
        self.pending += chunk
        *lines, self.pending = self.pending.split(b"\n")
        for raw in lines:
            if raw.startswith(b"%output "):
                data = raw.split(b" ", 2)[2] if raw.count(b" ") >= 2 else b""
                self.out += decode_octal(data)
        return True

    def wait_prompt(self, since):
        """Waits until the program asks for a line: the prompt's match."""
        end = time.monotonic() + STEP_SECONDS
        while time.monotonic() < end:
            text = self.out[since:]
            last = text.rsplit("\n", 1)
            if EXITED + "\r\n" in text:
                raise Exited()
            if len(last) == 2:
                tail = ANSI.sub("", last[1])
                for kind, pattern in (("pass", PASS), ("game", GAME), ("question", QUESTION), ("idle", IDLE)):
                    m = pattern.search(tail)
                    if m:
                        return kind, m
            if not self.pump(0.5) and self.proc.poll() is not None:
                break
        raise TimeoutError("no prompt after: %r" % ANSI.sub("", self.out[since:])[-400:])

    def close(self):
        try:
            subprocess.run(["tmux", "-S", self.sock, "kill-server"], stderr=subprocess.DEVNULL, timeout=10)
        except Exception:
            pass
        self.proc.kill()
        self.proc.wait()


def decode_octal(data):
    out, i = bytearray(), 0
    while i < len(data):
        if data[i] == 0x5C and i + 3 < len(data) + 0 and data[i + 1:i + 4].isdigit():
            out.append(int(data[i + 1:i + 4], 8))
            i += 4
        else:
            out.append(data[i])
            i += 1
    return out.decode("utf-8", "replace")


class Game:
    def __init__(self, index, seed, work):
        rnd = random.Random("%s/%d" % (seed, index))
        self.rnd = rnd
        name, opts, (lo, hi) = GAMES[index % len(GAMES)]
        self.name = name
        n = rnd.randint(lo, hi)
        if name == "bam-app":
            seats = ["human"] + ["bam-greedy"] * (n - 1)
        else:
            seats = ["human"] * n
            people = rnd.randint(min(2, n), n)  # some seats bots, two people at least where there can be
            for s in rnd.sample(range(n), n - people):
                seats[s] = BOTS.get(name, "random")
        self.seats = seats
        self.people = [i + 1 for i, s in enumerate(seats) if s == "human"]
        self.all_people = len(self.people) == n
        self.work = work
        self.seed = "audit-%s-%d" % (seed, index)
        args = [BIN, "play", name, "--seats", ",".join(seats), "--names", ",".join(NAMES[:n]),
                "--seed", self.seed] + opts
        self.command = "cd %s && %s; echo; echo %s; sleep 5" % (work, " ".join("'%s'" % a for a in args), EXITED)
        self.saves = []          # paths, in the order taken
        self.segments = []       # [viewer, start offset, end offset, first save, last save]
        self.public = set()      # cards named in moves taken back (shown to all before 'back')
        self.problems = []
        self.unsaved = False
        self.back = None

    def save(self, term):
        path = os.path.join(self.work, "s%d.json" % len(self.saves))
        since = len(term.out)
        term.line("save " + path)
        kind, m = term.wait_prompt(since)
        self.saves.append(path)
        return kind, m

    def begin_segment(self, viewer, at, clears):
        """A viewer's part of the screen from at; clears: the screen is new."""
        if self.segments:
            self.segments[-1][2] = at
            self.segments[-1][4] = len(self.saves)
        screen = self.segments[-1][5] + clears if self.segments else 0
        self.segments.append([viewer, at, None, max(len(self.saves) - 1, 0), None, screen])

    def play(self):
        term = Terminal(self.work, self.command)
        try:
            self.drive(term)
        finally:
            term.close()
        self.text = term.out
        return self

    def drive(self, term):
        try:
            self.typist(term)
        except Exited:
            # Left with nothing unsaved (Ctrl-D asks only when something
            # is): what the last save holds is the game.
            self.begin_segment(0, len(term.out), 1)

    def typist(self, term):
        rnd = self.rnd
        one = len(self.people) == 1
        self.begin_segment(self.people[0] if one else 0, 0, 1)
        since, cleared, last_move, sat = 0, 0, None, None
        for step in range(3000):
            kind, m = term.wait_prompt(since)
            # Every clearing since the last look starts a screen anyone may
            # see, but one just after a person sat down: theirs.
            while True:
                at = term.out.find(CLEAR, cleared)
                if at < 0:
                    break
                viewer = sat[0] if sat and at >= sat[1] else (self.people[0] if one else 0)
                self.begin_segment(viewer, at, 1)
                cleared = at + len(CLEAR)
            sat = None
            since = len(term.out)
            if kind == "pass":
                seat = int(m.group(1))
                r = rnd.random()
                if "'back'" in m.group(2) and r < 0.15 and last_move and self.all_people:
                    self.back = last_move + (len(term.out),)
                    term.line("back")
                    continue
                if r < 0.2:
                    term.line(rnd.choice(["show", "undo", "moves", "log", "status", "play it"]))
                    continue
                if r < 0.25 and self.unsaved:
                    term.send("C-d", literal=False)
                    continue
                sat = (seat, len(term.out))
                self.begin_segment(seat, len(term.out), 0)
                term.line("")
                continue
            if kind == "question":
                term.line("n")
                continue
            if kind == "idle":
                break
            seat = int(m.group(1))
            if self.back:
                self.note_back(term)
            if self.unsaved and "error:" in term.out[self.moved_at:]:
                self.unsaved = False  # the last move was refused: nothing new to keep
            if rnd.random() < 0.04 and self.unsaved:
                # Ctrl-D with moves unsaved: asked, and kept.
                term.send("C-d", literal=False)
                continue
            # A screen's state is known from a save at every game prompt.
            kind, m = self.save(term)
            self.unsaved = False
            if kind != "game":
                since = len(term.out)
                continue
            moves = self.legal(term)
            since = len(term.out)
            r = rnd.random()
            if r < 0.05:
                term.line(rnd.choice(["show", "show table", "log", "log all", "status", "seats", "help"]))
            elif r < 0.09:
                term.line(rnd.choice(["trun", "play ZZ", "rol", "declare 99", "discard", "x"]))
            elif r < 0.11 and self.all_people:
                term.line("undo")
            elif moves:
                move = rnd.choice(moves)
                last_move = (len(self.saves) - 1, seat, move)
                self.unsaved = True
                self.moved_at = len(term.out)
                term.line(move)
            else:
                self.problems.append("no legal moves listed at a prompt of seat %d" % seat)
                break
        else:
            self.problems.append("still playing after 3000 steps")
        since = len(term.out)
        self.save(term)
        self.begin_segment(0, len(term.out), 1)
        term.line("quit")

    def note_back(self, term):
        """A move taken back at the pass prompt was shown to all before it was:
        its state is the mover's save with the move played. The mover keeps
        the keyboard: what follows is theirs."""
        index, seat, move, sent = self.back
        self.back = None
        taken = term.out.find("is taken back", sent)
        if taken < 0:
            return
        with open(self.saves[index]) as f:
            save = json.load(f)
        save["moves"].append([seat, 0, move])
        path = os.path.join(self.work, "b%d.json" % len(self.saves))
        with open(path, "w") as f:
            json.dump(save, f)
        self.saves.append(path)
        self.begin_segment(seat, taken, 0)

    def legal(self, term):
        since = len(term.out)
        term.line("moves")
        term.wait_prompt(since)
        text = ANSI.sub("", term.out[since:])
        lines = text.split("\n")[1:-1]
        moves = []
        for line in lines:
            if line.startswith("  ") or line.startswith("error"):
                continue
            moves += [m for m in line.split("  ") if m.strip() and "CARDS..." not in m]
        return moves

    def audit(self):
        """Each screen against what its viewer may know."""
        res = subprocess.run(["lua5.4", os.path.join(HERE, "knowledge.lua"), RULES] + self.saves,
                             capture_output=True, text=True, timeout=600)
        if res.returncode != 0:
            self.problems.append("the oracle failed: " + res.stderr.strip()[-500:])
            return
        known = {}      # (save, seat) -> set, cumulative
        dice = {}       # (save, seat) -> sorted values
        cumulative = {}
        allnames = set()
        for line in res.stdout.splitlines():
            words = line.split(" ")
            if words[0] == "known":
                i, seat = int(words[1]), int(words[2])
                cumulative.setdefault(seat, {})
                cumulative[seat].setdefault(i, set()).update(words[3:])
            elif words[0] == "dice":
                dice[(int(words[1]), int(words[2]))] = sorted(int(v) for v in words[3:] if v)
            elif words[0] == "all":
                allnames = set(w for w in words[1:] if w != "??")
        nseats = len(self.seats)
        for seat in range(nseats + 1):
            acc = set()
            for i in range(len(self.saves)):
                acc |= cumulative.get(seat, {}).get(i, set())
                known[(i, seat)] = set(acc)
        dual = any("/" in n for n in allnames)
        pattern = re.compile(r"[A-Za-z0-9]+(?:/[A-Za-z0-9]+)?")
        # A part of a screen is seen by its viewer and by every one who sits
        # down in front of it before it is cleared.
        checks = []
        for k, (viewer, start, end, first, last, screen_id) in enumerate(self.segments):
            for later in self.segments[k:]:
                if later[5] != screen_id:
                    break
                checks.append((later[0], start, end, first, later[4]))
        done = set()
        for viewer, start, end, first, last in checks:
            if (viewer, start) in done:
                continue
            done.add((viewer, start))
            # A rules text's example ("such as: discard 2C 9H") names no one's card.
            screen = re.sub(r"such as:? [^);]*", "", ANSI.sub("", self.text[start:end]))
            last = min(last if last is not None else len(self.saves) - 1, len(self.saves) - 1)
            may = known.get((last, viewer), set()) | self.public
            for token in set(pattern.findall(screen)):
                card = token
                if dual and "/" in token and token not in allnames:
                    a, b = token.split("/", 1)
                    card = b + "/" + a
                if card not in allnames or card in may:
                    continue
                if dual and (token in may or card in may):
                    continue
                self.problems.append("%s named on %s's screen, who may not know it:\n%s" % (
                    token, "seat %d" % viewer if viewer else "everyone", context(screen, token)))
            for die, value in re.findall(r"sees die (\d+): (\d+)", screen):
                if "die%s=%s" % (die, value) not in may:
                    self.problems.append("die %s: %s on %s's screen, who was never told it:\n%s" % (
                        die, value, "seat %d" % viewer if viewer else "everyone",
                        context(screen, "die %s: %s" % (die, value))))
            for shown in re.findall(r"dice you see:((?: \d)+)", screen):
                values = sorted(int(v) for v in shown.split())
                seen = [dice.get((i, viewer)) for i in range(first, last + 1)]
                if values not in seen:
                    self.problems.append("dice%s on %s's screen, who sees no such dice:\n%s" % (
                        shown, "seat %d" % viewer if viewer else "everyone",
                        context(screen, "dice you see:" + shown)))


def context(screen, token):
    lines = screen.split("\n")
    for k, line in enumerate(lines):
        if token in line:
            return "\n".join("    | " + l for l in lines[max(0, k - 6):k + 2])
    return ""


def run_one(args):
    index, seed, root = args
    work = tempfile.mkdtemp(dir=root)
    g = Game(index, seed, work)
    try:
        g.play()
        g.audit()
    except Exception as e:  # a hung or crashed game is a failure, with what it showed
        g.problems.append("%s: %s" % (type(e).__name__, e))
    return g


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 80
    seed = sys.argv[2] if len(sys.argv) > 2 else "1"
    jobs = int(os.environ.get("AUDIT_JOBS", "4"))
    if not shutil.which("tmux"):
        print("screens: tmux is needed (apt-get install tmux)")
        print("screens: 0 passed, 1 failed")
        return 1
    root = tempfile.mkdtemp()
    passed = failed = screens = 0
    try:
        with ThreadPoolExecutor(jobs) as pool:
            for g in pool.map(run_one, [(i, seed, root) for i in range(games)]):
                screens += len(g.segments)
                if g.problems:
                    failed += 1
                    print("screens: FAILED: %s %s (seats %s, seed %s):" % (
                        g.name, len(g.seats), ",".join(g.seats), g.seed))
                    for p in g.problems[:3]:
                        print("  " + p)
                else:
                    passed += 1
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print("screens: %d games, %d screens audited" % (games, screens))
    print("screens: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
