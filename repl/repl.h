/* repl: the interactive referee. Commands come from one table that drives
 * dispatch, help and completion; a legal move typed alone is played. With
 * input that is not a terminal there is no prompt and no banner, and any
 * error makes the exit status 1, so a piped script is a test. */
#ifndef REFEREE_REPL_H
#define REFEREE_REPL_H

#include <lua.h>
#include <stdio.h>
#include "game_args.h"

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
 * REPL is the referee's console over the same match, showing only what
 * everyone may see. The server writes a byte to wake_fd when pages'
 * answers wait; the console then calls take_requests on its own thread,
 * between two keys, which gives them to the match (match_give) in arrival
 * order, and publish after anything changed, typed or given. */
typedef struct ReplServe {
    int wake_fd; /* non-blocking */
    /* The match the console runs, given before anything else. */
    void (*attach)(Match *m, void *ctx);
    void (*take_requests)(void *ctx);
    /* Seconds until take_requests is due with no wake (a claim window's
     * time running out), or -1. */
    double (*due_in)(void *ctx);
    void (*publish)(void *ctx);
    /* Real dice: the page of whoever lifts the cup types them. */
    TypedDiceFn type_dice;
    /* The links again (-1), or one as a QR code: a seat's, 0 the
     * watchers'; 0 with why (malloc'd) when there is no such link. */
    int (*show_links)(void *ctx, int qr, char **why);
    /* The people waited for, cued again on their pages; 0 with why. */
    int (*nudge)(void *ctx, char **why);
    /* The table's talk on the pages turned on (1) or off (0). */
    int (*talk)(void *ctx, int on);
    void *ctx;
} ReplServe;

typedef struct Repl Repl;
int repl_serve(lua_State *L, const char *rules_path, const char *bots_path, const GameArgs *start,
               const ReplGuard *guard, const ReplServe *serve);

#endif
