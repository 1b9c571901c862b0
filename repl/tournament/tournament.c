/* A tournament: the games of its list played by worker processes, their
 * lines written in order (--out) and folded into the standings. */

/* MAP_ANONYMOUS (for the workers' shared game counter) is not in POSIX 2008. */
#define _DEFAULT_SOURCE
#include "tournament.h"

#include <errno.h>
#include <fcntl.h>
#include <lauxlib.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../../core/kernel/grow.h"
#include "../../core/referee/options.h"
#include "../../core/referee/rules_loader.h"
#include "../../core/guards/script.h"
#include "../../core/kernel/strfmt.h"
#include "../../core/guards/watchdog.h"
#include "game_line.h"
#include "game_lines.h"
#include "game_list.h"
#include "../../core/play/match.h"
#include "../command_options.h"
#include "standings.h"
#include "../supervise.h"
#include "../stop_signal.h"

/* ---- playing ---- */

/* What a game is replayed for after the standings: the first reason one
 * seat faulted for. Reasons stay out of the lines: a bot's words can hold
 * what differs from process to process (an address), and lines must not. */
typedef struct FaultWitness {
    int seat;
    char *why;
} FaultWitness;

/* What a game played for its fault's reason stops at once with: the rest
 * of it is not needed. */
/* The tournament's lines, appended to: a new file readable by its owner
 * alone, as each line holds its game's seed (whoever has it can deal the
 * games again, and a tournament's later ones ahead). */
static FILE *open_lines(const char *path)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
    FILE *f = fd >= 0 ? fdopen(fd, "a") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    return f;
}

static const volatile sig_atomic_t stop_now = 1;

static void fault_noted(SeatLoop *l, int seat, const char *why, void *ctx)
{
    Match *s = match_of(l);
    FaultWitness *w = ctx;
    if (w && seat == w->seat && !w->why) {
        w->why = strdup(why);
        s->loop.stop_request = &stop_now;
    }
}

/* What a worker hands the parent of a game: its summary when it ended
 * with winners and no seat faulted, which is all the standings read; its
 * line when --out keeps the lines, and for any other game (an error, a
 * fault: the standings quote them from the line). The line, made by the
 * JSON library and read back by it, was a fifth of a short game's cost. */
typedef struct Played {
    GameSummary sum;
    int summed;
    char *line;
} Played;

/* The summary of a game that ended cleanly: the rules' result on top of
 * L's stack (winners, scores and places as result_check let them
 * through; the places in place when the referee worked them out), or the
 * winners a stop or a forfeit made (result 0). */
static void summarize(Played *p, lua_State *L, int result, const int *place, const SeatLoop *loop,
                      long g, int k)
{
    GameSummary *sum = &p->sum;
    *sum = (GameSummary){.game = g, .k = k, .stopped = loop->stopped};
    for (int s = 0; s < k; s++)
        if (loop->faults[s + 1] > 0)
            return;
    if (result) {
        lua_getfield(L, -1, "winners");
        for (lua_Integer i = 1, n = (lua_Integer)lua_rawlen(L, -1); i <= n; i++) {
            lua_rawgeti(L, -1, i);
            lua_Integer w = lua_tointeger(L, -1);
            lua_pop(L, 1);
            if (w >= 1 && w <= k)
                sum->winners |= 1u << (w - 1);
            sum->nwinners++;
        }
        lua_getfield(L, -2, "scores");
        if (place)
            lua_pushnil(L);
        else
            lua_getfield(L, -3, "places");
        for (int s = 0; s < k; s++) {
            if (lua_istable(L, -2)) {
                lua_rawgeti(L, -2, s + 1);
                if (lua_type(L, -1) == LUA_TNUMBER) {
                    sum->score[s] = lua_tonumber(L, -1);
                    sum->scored |= 1u << s;
                }
                lua_pop(L, 1);
            }
            if (place) {
                sum->place[s] = place[s];
            } else if (lua_istable(L, -1)) {
                lua_rawgeti(L, -1, s + 1);
                sum->place[s] = (int)lua_tointeger(L, -1);
                lua_pop(L, 1);
            } else {
                sum->place[s] = (sum->winners >> s & 1u) ? 1 : 2;
            }
        }
        lua_pop(L, 3);
    } else {
        for (int s = 1; s <= k; s++)
            if (!loop->stopped && s != loop->forfeited) {
                sum->winners |= 1u << (s - 1);
                sum->nwinners++;
            }
        for (int s = 0; s < k; s++)
            sum->place[s] = (sum->winners >> s & 1u) ? 1 : 2;
    }
    p->summed = 1;
}

/* What every game of a tournament is played with: the Lua state, where
 * its rules and bots are found, its arguments, and its seats a game. */
typedef struct Tour {
    lua_State *L;
    const char *rules, *bots;
    const TourArgs *a;
    int k;
} Tour;

/* Plays game g with bots from pool into *p: its summary, and its JSON line
 * when want_line or when it has no summary (malloc'd; NULL out of memory).
 * witness, when given, gets the first reason its seat faulted for. */
static void play_game(const Tour *t, BotPool *pool, long g, FaultWitness *witness,
                      StuckNote *note, const Stuck *stuck, int want_line, Played *p)
{
    p->summed = 0;
    p->line = NULL;
    const char *names[MAX_SEATS];
    tour_seats_of(t->a, g, t->k, names);
    char list[MAX_SEATS * 80] = "";
    for (int s = 0; s < t->k; s++) {
        strcat(list, s ? "," : "");
        strncat(list, names[s], 70);
    }
    Match s;
    match_init(&s, t->L, t->rules, t->bots);
    s.loop.pool = pool;
    s.loop.on_fault = fault_noted;
    s.loop.fault_ctx = witness;
    s.loop.note = note;
    s.loop.stuck = stuck;
    if (note)
        note->game = g;
    if (witness) /* played after the others: Ctrl-C stops it too */
        s.loop.stop_request = &stop_signal_asked;
    /* The tournament's limits and --set, each game's own seed. */
    const SharedArgs *shared = &t->a->shared;
    char seed[SEED_MAX + 1];
    tour_seed_of(t->a, g, t->k, seed);
    MatchSpec spec = {0};
    spec.game = t->a->game;
    spec.seats = list;
    spec.seed = seed;
    spec.sets = shared->sets;
    spec.nsets = shared->nsets;
    spec.bot_budget = shared->bot_budget;
    spec.bot_memory = shared->bot_memory;
    spec.game_memory = shared->game_memory;
    spec.forfeit = shared->forfeit;
    spec.max_moves = shared->max_moves;
    spec.reuse_game = 1; /* every game of a tournament differs only by its seed and seats */
    char *why = NULL;
    GameStatus st = GAME_SCRIPT;
    int result_at = 0; /* the rules' result, read once for the summary and the line */
    int place[MAX_SEATS], placed = 0; /* its places, when the referee worked them out */
    int started = match_start(&s, &spec, &why);
    if (!started) {
        want_line = 1;
    } else {
        st = seat_loop_run(&s.loop, NULL, NULL);
        if (st == GAME_OVER && (s.loop.stopped || s.loop.forfeited)) {
            summarize(p, t->L, 0, NULL, &s.loop, g, t->k);
        } else if (st == GAME_OVER) {
            if (game_push_result_placing(s.loop.game, place, &placed) == GAME_OK &&
                lua_istable(t->L, -1)) {
                summarize(p, t->L, 1, placed ? place : NULL, &s.loop, g, t->k);
                result_at = lua_gettop(t->L);
            } else {
                lua_pop(t->L, 1);
            }
        }
    }
    if (want_line || !p->summed) {
        GameLineParts parts = {.game = g, .tournament = t->a->id, .seed = seed, .seats = names,
                               .k = t->k, .started = started, .why = why, .status = st,
                               .loop = &s.loop, .result_at = result_at,
                               .places = result_at && placed ? place : NULL};
        p->line = game_line_text(t->L, &parts);
    }
    if (result_at)
        lua_pop(t->L, 1);
    free(why);
    match_close(&s);
}

/* ---- progress ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A duration for the ETA: 45s, 3m05s, 2h07m. */
static void format_duration(double seconds, char *out, size_t size)
{
    long s = (long)(seconds + 0.5);
    if (s < 60)
        snprintf(out, size, "%lds", s);
    else if (s < 3600)
        snprintf(out, size, "%ldm%02lds", s / 60, s % 60);
    else
        snprintf(out, size, "%ldh%02ldm", s / 3600, s % 3600 / 60);
}

/* The bar on stderr when it is a terminal: redrawn at most ten times a
 * second (a game can take less than a millisecond), and at the end. */
static void progress(long done, long total, double started)
{
    static int tty = -1;
    static double drawn;
    if (tty < 0)
        tty = isatty(STDERR_FILENO);
    if (!tty || total <= 0)
        return;
    double t = now();
    if (done < total && done > 1 && t - drawn < 0.1)
        return;
    drawn = t;
    double elapsed = t - started;
    double eta = done > 0 ? elapsed / (double)done * (double)(total - done) : 0;
    int width = 30, filled = (int)((double)width * (double)done / (double)total);
    char left[32];
    format_duration(eta, left, sizeof left);
    fprintf(stderr, "\r[%.*s%*s] %ld/%ld games, ETA %s   ", filled,
            "##############################", width - filled, "", done, total, left);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* ---- running ---- */

/* --out is read back to resume a run and then appended to, so it must be
 * a file (made when missing): a device was read forever (/dev/full), and
 * a pipe blocked the run on reading it back (--out /dev/stdout). */
static int out_is_a_file(const char *path, const char *shown)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return 1; /* missing: made, or refused with why, when the games start */
    const char *what = S_ISDIR(st.st_mode) ? "a directory"
                       : S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) ? "a pipe"
                       : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                                      : "not a regular file";
    fprintf(stderr, "referee: --out %s is %s: the lines are read back from it to resume a run, so "
                    "name a file (it is made when missing)\n", shown, what);
    return 0;
}

/* The tournament's seed when --seed is not given: the one its --out file
 * was played with, so the same command resumes it, else a fresh one from
 * the operating system, which nobody (no bot) can guess. Said on stderr,
 * with how to play the same games again. Shards on many machines must
 * share one, so they need --seed. */
static int choose_seed(TourArgs *a)
{
    if (a->shared.have_seed)
        return 1;
    if (a->shards > 1) {
        char fresh[SEED_FRESH_HEX + 1];
        seed_fresh(fresh);
        fprintf(stderr, "referee: the shards of a tournament must share its seed: give every shard "
                        "the same --seed, such as this fresh one nobody can guess: --seed %s\n",
                fresh);
        return 0;
    }
    int found = a->out ? tour_seed_of_file(a->out, a->shared.seed) : 0;
    a->shared.have_seed = 1;
    if (found) {
        fprintf(stderr, "referee: seed %s (read from --out, which was played with it)\n", a->shared.seed);
        return 1;
    }
    seed_fresh(a->shared.seed);
    fprintf(stderr, "referee: seed %s (fresh; --seed %s plays the same games again)\n", a->shared.seed,
            a->shared.seed);
    return 1;
}

/* A run that was stopped mid-line leaves a partial last line: cut it off
 * so that the resumed run appends whole lines. */
static void drop_partial_line(const char *path)
{
    FILE *f = fopen(path, "r+");
    if (!f)
        return;
    long keep = 0, pos = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        pos++;
        if (c == '\n')
            keep = pos;
    }
    char shown[4096];
    if (keep < pos && ftruncate(fileno(f), keep) != 0)
        fprintf(stderr, "referee: cannot cut the partial last line of '%s'\n",
                strfmt_shown(path, shown, sizeof shown));
    fclose(f);
}

/* The first Ctrl-C (SIGINT) stops a tournament once the games in play end:
 * their lines are written, the standings of the games played are printed,
 * and the same command resumes from --out. Workers get it too (from the
 * terminal, or passed on by the parent): each finishes its game and leaves. */
static const char STOP_NOTICE[] =
    "\nreferee: stopping once the games in play end (Ctrl-C again quits at once)\n";

/* Writes results in game order as they become contiguous. */
typedef struct Collector {
    const TourArgs *a;
    int k;
    long *todo;      /* the game numbers to play, ascending */
    Played **result; /* by position in todo */
    long ntodo, next, done;
    FILE *out;
    int write_error; /* errno of the first line --out would not take, or 0 */
    long written;    /* the lines of this run --out holds whole */
    Tally *tally;    /* lines are folded in and freed once written in order */
    double started;
} Collector;

static void played_free(Played *p)
{
    if (p)
        free(p->line);
    free(p);
}

/* Game g's summary folded in: with the bots its seats had. */
static void fold_summary(Collector *c, GameSummary *sum)
{
    tour_seats_of(c->a, sum->game, c->k, sum->seats);
    tally_fold(c->tally, sum);
}

/* Game g has been played (p, the collector's from now on): its line is
 * written and it is folded in once every game before it has been. */
static void collect(Collector *c, long g, Played *p)
{
    long lo = 0, hi = c->ntodo - 1;
    while (lo < hi) {
        long mid = (lo + hi) / 2;
        if (c->todo[mid] < g)
            lo = mid + 1;
        else
            hi = mid;
    }
    c->result[lo] = p;
    c->done++;
    while (c->next < c->ntodo && c->result[c->next]) {
        Played *r = c->result[c->next];
        if (c->out && !c->write_error) {
            if (!r->line || fprintf(c->out, "%s\n", r->line) < 0 || fflush(c->out) != 0) {
                /* A full disk: the games stop as at a Ctrl-C, for the file
                 * to be resumed from once there is room. */
                c->write_error = errno ? errno : EIO;
                stop_signal_asked = 1;
            } else {
                c->written++;
            }
        }
        if (r->summed)
            fold_summary(c, &r->sum);
        else if (r->line)
            tally_text(c->tally, r->line);
        played_free(r);
        c->result[c->next] = NULL;
        c->next++;
    }
    progress(c->done, c->ntodo, c->started);
}

/* A worker: plays the games it takes from *next in turn, and writes each
 * game's number and line to fd. Lines go in batches, a tenth of a second
 * apart: a line a game, each waking the parent, cost a third of the speed
 * gained with two workers on two cores. A stopped or finished worker
 * writes what it holds as it leaves; so does one whose game got stuck in C
 * (watchdog.h), from the signal handler: hence a buffer of its own, written
 * with write(2), not stdio's. */
static struct {
    int fd;
    char *buf;
    size_t used, size;
} worker_out;

static int send_lines(void)
{
    for (size_t at = 0; at < worker_out.used;) {
        ssize_t n = write(worker_out.fd, worker_out.buf + at, worker_out.used - at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        at += (size_t)n;
    }
    worker_out.used = 0;
    return 1;
}

/* The game in play is stuck in C: the lines played before it are sent, and
 * the parent (told which game by the note) plays it again without it. */
static void worker_stuck(void)
{
    send_lines();
    supervised_child_stuck();
}

/* A game's frame on the pipe: this head, the summary if summed, then
 * linelen bytes of line. Worker and parent are one program forked, so the
 * summary goes as it lies in memory (its seats' pointers are not read:
 * the parent knows each game's lineup). */
typedef struct FrameHead {
    long game;
    int summed;
    size_t linelen;
} FrameHead;

static int put_frame(long g, const Played *p)
{
    FrameHead h;
    memset(&h, 0, sizeof h); /* its padding too: it goes down the pipe as it lies */
    h.game = g;
    h.summed = p->summed;
    h.linelen = p->line ? strlen(p->line) : 0;
    size_t n = sizeof h + (p->summed ? sizeof p->sum : 0) + h.linelen;
    if (!grow_bytes(&worker_out.buf, &worker_out.size, worker_out.used + n, 1 << 16))
        return 0;
    char *at = worker_out.buf + worker_out.used;
    memcpy(at, &h, sizeof h);
    at += sizeof h;
    if (p->summed) {
        memcpy(at, &p->sum, sizeof p->sum);
        at += sizeof p->sum;
    }
    if (h.linelen) /* (no line: NULL, which memcpy may not be given even for 0 bytes) */
        memcpy(at, p->line, h.linelen);
    worker_out.used += n;
    return 1;
}

static void play_as_worker(const Tour *t, const Collector *c, atomic_long *next, int fd,
                           StuckNote *note)
{
    worker_out.fd = fd;
    watchdog_on_stuck(worker_stuck);
    BotPool *pool = bot_pool_new();
    double sent = now();
    for (long i; !stop_signal_asked && (i = atomic_fetch_add(next, 1)) < c->ntodo;) {
        Played p;
        play_game(t, pool, c->todo[i], NULL, note, NULL, t->a->out != NULL, &p);
        if ((!p.summed && !p.line) || !put_frame(c->todo[i], &p))
            _exit(1);
        free(p.line);
        note->seat = -1; /* between games: nothing to be stuck in */
        double at = now();
        if (at - sent >= 0.1) {
            if (!send_lines())
                _exit(1);
            sent = at;
        }
    }
    bot_pool_free(pool);
    if (!send_lines())
        _exit(1);
    close(fd);
}

/* What has come from a worker and is not yet a whole line. */
typedef struct LineReader {
    char *buf;
    size_t size, used;
} LineReader;

/* Reads what fd holds and collects every whole frame in it (put_frame);
 * 0 once the worker has closed it (or it failed). */
static int read_lines_of(LineReader *r, int fd, Collector *c)
{
    if (!grow_bytes(&r->buf, &r->size, r->used + 65536, 65536))
        return 0;
    ssize_t got = read(fd, r->buf + r->used, r->size - r->used);
    if (got < 0 && errno == EINTR)
        return 1;
    if (got <= 0)
        return 0;
    r->used += (size_t)got;
    char *start = r->buf, *end = r->buf + r->used;
    for (;;) {
        FrameHead h;
        if ((size_t)(end - start) < sizeof h)
            break;
        memcpy(&h, start, sizeof h);
        size_t n = sizeof h + (h.summed ? sizeof(GameSummary) : 0) + h.linelen;
        if ((size_t)(end - start) < n)
            break;
        Played *p = calloc(1, sizeof *p);
        if (!p)
            return 0;
        const char *at = start + sizeof h;
        if ((p->summed = h.summed)) {
            memcpy(&p->sum, at, sizeof p->sum);
            at += sizeof p->sum;
        }
        if (h.linelen && !(p->line = strndup(at, h.linelen))) {
            free(p);
            return 0;
        }
        collect(c, h.game, p);
        start += n;
    }
    r->used = (size_t)(end - start);
    memmove(r->buf, start, r->used);
    return 1;
}

/* A game played again in a child of its own (supervise.h), told what got
 * stuck: one a worker got stuck in C on (watchdog.h), which prints its
 * line; or, with a witness seat, the game of that seat's first fault,
 * which prints the fault's reason (its first line: the rest is the
 * traceback). */
typedef struct Replay {
    const Tour *t;
    long g;
    int witness; /* 0, or the seat whose first fault is wanted */
} Replay;

static int play_replay(void *ctx, StuckNote *note, const Stuck *stuck)
{
    Replay *r = ctx;
    BotPool *pool = bot_pool_new();
    FaultWitness w = {r->witness, NULL};
    Played p;
    play_game(r->t, pool, r->g, r->witness ? &w : NULL, note, stuck, 1, &p);
    char *line = p.line;
    bot_pool_free(pool);
    if (r->witness && w.why)
        printf("%.*s", (int)strcspn(w.why, "\n"), w.why);
    else if (!r->witness && line)
        fputs(line, stdout);
    free(w.why);
    int played = line != NULL;
    free(line);
    return played ? 0 : 1;
}

/* The line of game g, played again without what note says got stuck; NULL
 * when it could not be had. */
static char *replay_stuck_game(const Replay *r, const StuckNote *note)
{
    Stuck stuck;
    stuck_none(&stuck);
    stuck_add(&stuck, note);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    int status = supervise(play_replay, (void *)r, &stuck, out, stderr);
    fclose(out);
    if (status != 0 || size == 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* The workers of a tournament, each a process with a pipe its lines come
 * through and a note of the call it is in (shared memory). */
typedef struct Workers {
    int jobs;
    struct pollfd fds[256];
    pid_t pids[256];
    LineReader from[256];
    StuckNote *notes;
    atomic_long *next;
} Workers;

static int spawn_worker(Workers *ws, int w, const Tour *t, Collector *c)
{
    int p[2];
    if (pipe(p) != 0)
        return 0;
    fflush(NULL);
    ws->notes[w].seat = -1;
    pid_t pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        stop_signal_worker();
        close(p[0]);
        for (int o = 0; o < w; o++) /* the other workers' pipes are not this one's */
            if (ws->fds[o].fd >= 0)
                close(ws->fds[o].fd);
        play_as_worker(t, c, ws->next, p[1], &ws->notes[w]);
        _exit(0);
    }
    close(p[1]);
    ws->pids[w] = pid;
    ws->fds[w].fd = p[0];
    ws->fds[w].events = POLLIN;
    ws->from[w] = (LineReader){0};
    return 1;
}

/* Worker w has closed its pipe: 1 when it finished well, or got stuck in C
 * on a game that was then played again (and another worker takes its
 * place while games are left); 0 when it failed. */
static int worker_ended(Workers *ws, int w, const Tour *t, Collector *c)
{
    int how;
    while (waitpid(ws->pids[w], &how, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(how) && WEXITSTATUS(how) == 0)
        return 1;
    if (!WIFEXITED(how) || WEXITSTATUS(how) != WATCHDOG_STUCK_EXIT || ws->notes[w].seat < 0)
        return 0;
    Replay r = {t, ws->notes[w].game, 0};
    char *line = replay_stuck_game(&r, &ws->notes[w]);
    Played *p = line ? calloc(1, sizeof *p) : NULL;
    if (!p) {
        free(line);
        return 0;
    }
    p->line = line; /* folded from the line: the replay's is all there is */
    collect(c, r.g, p);
    if (!stop_signal_asked && atomic_load(ws->next) < c->ntodo)
        return spawn_worker(ws, w, t, c);
    return 1;
}

/* Plays the collector's games: 0 when all are played, 1 when Ctrl-C
 * stopped them, -1 when a worker failed. Games are played by worker
 * processes, even with one job: a game stuck in C (watchdog.h) ends its
 * worker, not the tournament. */
static int run_workers(const Tour *t, Collector *c)
{
    Workers ws;
    ws.jobs = t->a->jobs < c->ntodo ? t->a->jobs : (int)c->ntodo;
    if (ws.jobs < 1)
        return 0;
    /* The next game to take, shared by the workers: each takes one game at
     * a time as it finishes the last, so a few long games cannot leave one
     * worker playing alone at the end (a game's line depends only on its
     * number, so who plays it changes nothing). Each worker keeps its bots
     * from game to game, each put back as its script left it. */
    size_t shared = sizeof(atomic_long) + sizeof(StuckNote) * (size_t)ws.jobs;
    void *map = mmap(NULL, shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED)
        return -1;
    ws.next = map;
    ws.notes = (StuckNote *)(void *)((char *)map + sizeof(atomic_long));
    atomic_init(ws.next, 0);
    for (int w = 0; w < ws.jobs; w++)
        ws.fds[w].fd = -1;
    int failed = 0;
    for (int w = 0; w < ws.jobs && !failed; w++)
        failed = !spawn_worker(&ws, w, t, c);
    int passed_on = 0;
    for (;;) {
        int open_streams = 0;
        for (int w = 0; w < ws.jobs; w++)
            open_streams += ws.fds[w].fd >= 0;
        if (open_streams == 0)
            break;
        int ready = poll(ws.fds, (nfds_t)ws.jobs, -1);
        if (stop_signal_asked && !passed_on) {
            /* A Ctrl-C sent to this process alone reaches the workers too. */
            for (int w = 0; w < ws.jobs; w++)
                if (ws.fds[w].fd >= 0)
                    kill(ws.pids[w], SIGINT);
            passed_on = 1;
        }
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            break;
        for (int w = 0; w < ws.jobs; w++) {
            if (ws.fds[w].fd < 0 || !(ws.fds[w].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            if (!read_lines_of(&ws.from[w], ws.fds[w].fd, c)) {
                close(ws.fds[w].fd);
                free(ws.from[w].buf);
                ws.fds[w].fd = -1;
                if (!worker_ended(&ws, w, t, c))
                    failed = 1;
            }
        }
    }
    munmap(map, shared);
    if (failed)
        return -1;
    return c->done == c->ntodo ? 0 : stop_signal_asked ? 1 : -1;
}

/* A message that may quote the rules, printed with their control
 * characters as '?'. */
static void print_rules_error(const char *message, const char *after)
{
    char *copy = strfmt("%s", message ? message : "?");
    fprintf(stderr, "referee: %s%s\n", copy ? strfmt_printable(copy) : "out of memory", after);
    free(copy);
}

/* Whether every --set names an option of the game with a value it takes:
 * checked once here, so a bad one is refused before any game is played.
 * stack: ..., def */
static int options_ok(lua_State *L, const TourArgs *a)
{
    int def = lua_gettop(L);
    match_push_sets(L, a->shared.sets, a->shared.nsets);
    int ok = options_check(L, a->game, def, def + 1);
    if (!ok)
        print_rules_error(lua_tostring(L, -1), " (--set)");
    lua_settop(L, def);
    return ok;
}

/* The number of seats: --seats, else as many as bots within the game's
 * range; -2 when the command line is wrong (no such game, seats or options
 * it does not take), -1 when the rules fail to load. */
static int seat_count(lua_State *L, const char *rules, const TourArgs *a)
{
    if (!rules_load_definition(L, a->game, rules)) {
        char path[4096];
        print_rules_error(lua_tostring(L, -1), "");
        lua_pop(L, 1);
        return rules_find(a->game, rules, path, sizeof path) ? -1 : -2;
    }
    lua_Integer lo, hi;
    rules_players(L, lua_gettop(L), MAX_SEATS, &lo, &hi);
    int ok = options_ok(L, a);
    lua_pop(L, 1);
    if (!ok)
        return -2;
    int k = a->nseats ? a->nseats : a->nbots;
    if (!a->nseats)
        k = k < lo ? (int)lo : k > hi ? (int)hi : k;
    if (k < lo || k > hi) {
        char players[48];
        rules_players_text(lo, hi, players, sizeof players);
        fprintf(stderr, "referee: %s takes %s, not %d (--seats)\n", a->game, players, k);
        return -2;
    }
    return k;
}

/* Plays again the first game each faulting bot faulted in, up to that
 * fault, to say why: once per such bot, after all the other games (and
 * not after Ctrl-C). Ctrl-C meanwhile stops the looking, and the
 * standings follow without the reasons not found. */
static const char REASONS_NOTICE[] =
    "\nreferee: the standings follow without the reasons of the faults (Ctrl-C again quits at once)\n";

static void find_fault_reasons(const Tour *t, Tally *y)
{
    stop_signal_catch(REASONS_NOTICE);
    for (int i = 0; i < y->nb && !stop_signal_asked; i++) {
        Standing *b = &y->st[i];
        if (b->fault_games == 0)
            continue;
        /* In a child of its own: the fault may be a call stuck in C. */
        Replay r = {t, b->first_fault, b->first_fault_seat};
        char *why = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&why, &size);
        if (!out)
            continue;
        if (supervise(play_replay, &r, NULL, out, stderr) == 130)
            stop_signal_asked = 1;
        fclose(out);
        if (size == 0) {
            free(why);
            why = NULL;
        }
        b->why = why;
    }
    stop_signal_release();
}

/* Every bot of the tournament opens, before anything is played: 0, or the
 * exit status (2 for a bot that is not there, or a person). */
static int check_bots(const TourArgs *a, const char *bots)
{
    for (int i = 0; i < a->nbots; i++) {
        if (!strcmp(a->bots[i], "human")) {
            fprintf(stderr, "referee: a tournament is played by bots: 'human' cannot sit in it\n");
            return 2;
        }
        if (!strcmp(a->bots[i], "random"))
            continue;
        char *why;
        Bot *b = bot_open(a->bots[i], bots, 0, 0, &why);
        if (!b) {
            char path[4096]; /* a bot not found is a mistake of the command line */
            fprintf(stderr, "referee: %s\n", why);
            free(why);
            return bot_find(a->bots[i], bots, path, sizeof path) ? 1 : 2;
        }
        bot_close(b);
    }
    return 0;
}

/* Says so when the games cannot seat every bot in every seat equally often
 * (allowed, as the standings cannot show it). */
static void note_uneven(const TourArgs *a, int k)
{
    long round = tour_round_games(a, k);
    if (a->nbots < 2 || a->games % round == 0)
        return;
    long below = a->games / round * round, above = below + round;
    fprintf(stderr, "referee: note: %ld game%s leave%s the seats uneven: every bot sits in every "
                    "seat equally often in each %ld games (%d seats, %d bots); --games ",
            a->games, a->games == 1 ? "" : "s", a->games == 1 ? "s" : "", round, k, a->nbots);
    if (below)
        fprintf(stderr, "%ld or ", below);
    fprintf(stderr, "%ld evens them\n", above);
}

/* The standings show the tournament's seed, which game g's seed is with
 * "/deal" added: a line's gives it (tally_add), and a summary has none. */
static void seed_the_standings(Tally *y, const TourArgs *a, int k)
{
    char seed[SEED_MAX + 1];
    tour_seed_of(a, 0, k, seed);
    const char *slash = strrchr(seed, '/');
    if (!y->seed[0] && slash)
        snprintf(y->seed, sizeof y->seed, "%.*s", (int)(slash - seed), seed);
}

/* This shard's games not yet in the output file (seen), in c->todo. */
static void list_todo(Collector *c, const TourArgs *a, const Seen *seen)
{
    c->todo = malloc(sizeof(long) * (size_t)(a->games / a->shards + 2));
    for (long g = a->shard - 1; g < a->games; g += a->shards)
        if (!seen_has(seen, g))
            c->todo[c->ntodo++] = g;
    c->result = calloc((size_t)c->ntodo + 1, sizeof *c->result);
}

/* After the workers (played: 0 when all were played, games left when
 * interrupted, or < 0): the standings, what stopped them, the report. The
 * exit status. */
static int conclude(const Tour *t, Collector *c, int played, long nlines, const char *out_shown)
{
    Tally *tally = c->tally;
    int format = t->a->json ? STANDINGS_JSON : t->a->csv ? STANDINGS_CSV : STANDINGS_TABLE;
    if (c->write_error) {
        print_standings(tally, stdout, t->a, format);
        fflush(stdout);
        fprintf(stderr, "referee: cannot write to %s: %s; it keeps %ld whole game%s: make room, and "
                        "the same command plays the %ld left\n",
                out_shown, strerror(c->write_error), nlines + c->written,
                nlines + c->written == 1 ? "" : "s", c->ntodo - c->written);
        return 1;
    }
    if (played < 0) {
        fprintf(stderr, "referee: a worker failed; the games written so far are kept\n");
        return 1;
    }
    /* The standings of every game of this run (and of the file, if resumed). */
    if (played == 0)
        find_fault_reasons(t, tally);
    if (tally->games > 0 || played == 0)
        print_standings(tally, stdout, t->a, format);
    int status = 0;
    if (played > 0) {
        /* Only the games written in order count: those after a gap are
         * played again on resuming, to the same lines. */
        fflush(stdout);
        fprintf(stderr, "referee: interrupted: %ld of the %ld games to play were played", c->next,
                c->ntodo);
        if (t->a->out)
            fprintf(stderr, " and are kept in %s; the same command plays the %ld left\n", out_shown,
                    c->ntodo - c->next);
        else
            fputs(" (with --out FILE they are kept, and the same command plays the rest)\n", stderr);
        status = 130;
    } else if (tally->errors) {
        status = 1; /* an error in a game: the standings say which */
    }
    char *why = NULL;
    if (t->a->report && t->a->write_report && tally->games > 0 && !t->a->write_report(tally, t->a->report, &why)) {
        fprintf(stderr, "referee: %s\n", why);
        status = 1;
    }
    free(why);
    return status;
}

int tour_run(lua_State *L, const char *rules, const char *bots, TourArgs *a)
{
    int k = seat_count(L, rules, a);
    if (k < 0)
        return k == -2 ? 2 : 1;
    int status = check_bots(a, bots);
    if (status)
        return status;
    char out_shown[4096]; /* --out as quoted in messages: a file name may hold anything */
    strfmt_shown(a->out, out_shown, sizeof out_shown);
    if (a->out && !out_is_a_file(a->out, out_shown))
        return 1;
    if (!choose_seed(a))
        return a->shards > 1 ? 2 : 1;
    Tally *tally = tally_new();
    if (tally)
        tally->keep_rows = a->report != NULL;
    long nlines = 0;
    Seen seen = {NULL, 0};
    tour_identity(a, k);
    note_uneven(a, k);
    Origin origin = {"", "this command's"};
    snprintf(origin.id, sizeof origin.id, "%s", a->id);
    if (!tally || (a->out && (nlines = read_lines(a->out, tally, 1, &seen, &origin, a, k)) < 0)) {
        tally_free(tally);
        free(seen.bits);
        return 1;
    }
    Tour t = {L, rules, bots, a, k};
    Collector c = {.a = a, .k = k};
    c.tally = tally;
    seed_the_standings(tally, a, k);
    list_todo(&c, a, &seen);
    free(seen.bits);
    c.started = now();
    if (a->out)
        drop_partial_line(a->out);
    if (a->out && !(c.out = open_lines(a->out))) {
        fprintf(stderr, "referee: cannot write '%s': %s\n", out_shown, strerror(errno));
        status = 1;
    } else {
        if (nlines && c.ntodo)
            fprintf(stderr, "referee: %s holds %ld games already: playing the %ld left\n",
                    out_shown, nlines, c.ntodo);
        stop_signal_catch(STOP_NOTICE);
        int played = run_workers(&t, &c);
        stop_signal_release();
        status = conclude(&t, &c, played, nlines, out_shown);
    }
    if (c.out)
        fclose(c.out);
    for (long i = c.next; i < c.ntodo; i++)
        played_free(c.result[i]);
    free(c.result);
    free(c.todo);
    tally_free(tally);
    return status;
}

