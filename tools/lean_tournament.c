/* lean-loop --tournament: random seats' games played as `referee
 * tournament` plays them, as lean as we could write it (issue 68's targets
 * for tournament games count every process). A worker process plays the
 * games and hands each one's outcome, checked, to the parent through a
 * pipe; the parent keeps each seat's wins (a shared win counts as its
 * fraction) and scores, and with --out writes each game's line as the
 * referee does: its seats, winners, scores and moves, sealed by an FNV-1a
 * check of the line, written by a fixed-format writer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "lean.h"

static void play_games(Lean *g, long games, lua_Integer option, int to_parent)
{
    char seed[24];
    for (long i = 1; i <= games; i++) {
        snprintf(seed, sizeof seed, "%ld", i);
        lean_play(g, seed, option);
        g->result.game = i;
        if (write(to_parent, &g->result, sizeof g->result) != (ssize_t)sizeof g->result)
            lean_fail("the parent stopped reading");
    }
}

/* Reads one outcome whole; false at the end of the worker's games. */
static int read_result(int from_worker, LeanResult *r)
{
    size_t got = 0;
    while (got < sizeof *r) {
        ssize_t n = read(from_worker, (char *)r + got, sizeof *r - got);
        if (n <= 0)
            return 0;
        got += (size_t)n;
    }
    return 1;
}

/* ---- the line ---- */

static char *put_text(char *at, const char *text)
{
    size_t len = strlen(text);
    memcpy(at, text, len);
    return at + len;
}

static char *put_integer(char *at, long long n)
{
    char digits[24];
    int i = (int)sizeof digits;
    unsigned long long u = n < 0 ? 0ull - (unsigned long long)n : (unsigned long long)n;
    do
        digits[--i] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (n < 0)
        *at++ = '-';
    memcpy(at, digits + i, sizeof digits - (size_t)i);
    return at + sizeof digits - i;
}

static uint64_t fnv1a64(const char *s, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
    return h;
}

static void write_line(FILE *out, const LeanResult *r, int nseats)
{
    char line[512], *at = line;
    at = put_text(at, "{\"game\":");
    at = put_integer(at, r->game - 1);
    at = put_text(at, ",\"seed\":\"");
    at = put_integer(at, r->game);
    at = put_text(at, "\",\"seats\":[");
    for (int s = 0; s < nseats; s++)
        at = put_text(at, s ? ",\"random\"" : "\"random\"");
    at = put_text(at, "],\"winners\":[");
    for (int i = 0; i < r->nwinners; i++) {
        if (i)
            *at++ = ',';
        at = put_integer(at, r->winner[i]);
    }
    at = put_text(at, "],\"scores\":[");
    for (int s = 0; s < nseats; s++) {
        if (s)
            *at++ = ',';
        at = put_integer(at, r->score[s]);
    }
    at = put_text(at, "],\"moves\":");
    at = put_integer(at, r->moves);
    uint64_t check = fnv1a64(line, (size_t)(at - line));
    at = put_text(at, ",\"check\":\"");
    for (int shift = 60; shift >= 0; shift -= 4)
        *at++ = "0123456789abcdef"[check >> shift & 15];
    at = put_text(at, "\"}\n");
    fwrite(line, 1, (size_t)(at - line), out);
}

void lean_tournament(Lean *g, long games, lua_Integer option, const char *out_path)
{
    int pipe_fd[2];
    if (pipe(pipe_fd) != 0)
        lean_fail("no pipe to a worker");
    pid_t worker = fork();
    if (worker < 0)
        lean_fail("no worker process");
    if (worker == 0) {
        close(pipe_fd[0]);
        play_games(g, games, option, pipe_fd[1]);
        close(pipe_fd[1]);
        _exit(0);
    }
    close(pipe_fd[1]);
    FILE *out = out_path ? fopen(out_path, "w") : NULL;
    if (out_path && !out)
        lean_fail("the --out file cannot be written");
    double wins[LEAN_MAX_SEATS + 1] = {0};
    int64_t scores[LEAN_MAX_SEATS + 1] = {0};
    long played = 0, moves = 0;
    LeanResult r;
    while (read_result(pipe_fd[0], &r)) {
        if (r.nwinners < 1 || r.nwinners > g->nseats)
            lean_fail("a worker's outcome is damaged");
        for (int i = 0; i < r.nwinners; i++)
            wins[r.winner[i]] += 1.0 / r.nwinners;
        for (int s = 0; s < g->nseats; s++)
            scores[s + 1] += r.score[s];
        moves += r.moves;
        played++;
        if (out)
            write_line(out, &r, g->nseats);
    }
    close(pipe_fd[0]);
    int status;
    if (waitpid(worker, &status, 0) != worker || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
        played != games)
        lean_fail("the worker did not play every game");
    if (out && fclose(out) != 0)
        lean_fail("the --out file could not be written whole");
    printf("%ld games, %ld moves\n", played, moves);
    for (int s = 1; s <= g->nseats; s++)
        printf("seat %d: %.1f wins, mean score %.1f\n", s, wins[s], (double)scores[s] / (double)played);
}
