/* repl: the interactive referee. Commands come from one table that drives
 * dispatch, help and completion; a legal move typed alone is played. With
 * input that is not a terminal there is no prompt and no banner, and any
 * error makes the exit status 1, so a piped script is a test. */
#ifndef REFEREE_REPL_H
#define REFEREE_REPL_H

#include <lua.h>
#include <stdio.h>
#include "session.h"

/* Runs the REPL until quit or end of input; start (may be NULL) is a game to
 * begin with. Returns the exit status. */
/* What a REPL supervised by a parent process gets (supervise.h): where to
 * note its calls and keep its record and, when it starts again after a
 * call got stuck in C, the record to go on from and what got stuck. */
typedef struct ReplGuard {
    StuckNote *note;
    Rescue *rescue;
    const char *resume; /* or NULL: a new start */
    const Stuck *stuck;
} ReplGuard;

int repl_run(lua_State *L, const char *rules_path, const char *bots_path, const GameArgs *start,
             const ReplGuard *guard);
/* The same, reading the lines of in as from a pipe (no prompt, no
 * history): for tests and the fuzzer. */
int repl_run_lines(lua_State *L, const char *rules_path, const char *bots_path, FILE *in);

/* A served table (serve/): the people play on pages of their own, and the
 * REPL is the referee's console, showing only what everyone may see. The
 * server writes a byte to wake_fd when pages' requests wait; the console
 * then calls take_requests on its own thread, between two keys, which
 * plays them in arrival order (repl_play_for), and publish after anything
 * changed, typed or played. */
typedef struct Repl Repl;
typedef struct ReplServe {
    int wake_fd; /* non-blocking */
    void (*take_requests)(Repl *r, void *ctx);
    void (*publish)(Repl *r, void *ctx);
    void *ctx;
} ReplServe;

int repl_serve(lua_State *L, const char *rules_path, const char *bots_path, const GameArgs *start,
               const ReplGuard *guard, const ReplServe *serve);
/* The game and seats the console runs. */
Session *repl_session(Repl *r);
/* Plays text as seat's answer, checked as a line typed at the REPL is
 * (the same lenient words, the same explanations): NULL when it is
 * played (or kept in an open claim window, in arrival order), else why it
 * was refused (malloc'd), the game unchanged. */
char *repl_play_for(Repl *r, int seat, const char *text);
/* The game as it stands is saved (quit need not ask). */
void repl_saved(Repl *r);
/* Real dice to be typed now: 1, with the seat to type them (0 when they
 * are lifted: any person), how many and their faces; else 0. */
int repl_dice_asked(Repl *r, int *seat, int *n, int *faces);
/* Whether seat has given its answer in the claim window open now. */
int repl_has_answered(Repl *r, int seat);

#endif
