/* supervise: plays a game in a child process, so that a bot or a rules
 * script stuck in C past its limit (watchdog.h: a call no hook can stop)
 * costs the child, not the game. The game is deterministic, so it is
 * played again from the start in a new child told what got stuck: a bot
 * is not called again from that move on (a fault, as any), rules stop the
 * game there, its state as it stood. What the first child printed is not
 * printed again. */
#ifndef REFEREE_SUPERVISE_H
#define REFEREE_SUPERVISE_H

#include <stdio.h>
#include "../core/play/match.h"

struct ReplGuard;

/* Plays the game in the child: its stdout and stderr are the parent's
 * pipes, note is where its session notes each call (shared memory), stuck
 * what earlier children found stuck. Returns the exit status. */
typedef int (*SupervisedPlay)(void *ctx, StuckNote *note, const Stuck *stuck);

/* Runs play as above, passing the child's stdout on to out and its stderr
 * to err, the first child told what known says is stuck (or NULL); returns the status of the last child (one stuck every time it is
 * played again, which a deterministic game cannot be, gives 1). */
int supervise(SupervisedPlay play, void *ctx, const Stuck *known, FILE *out, FILE *err);

/* The REPL in a child process, its terminal its own. When a call of its
 * game gets stuck in C, a new child takes the game up from its record as it
 * stood before that call (the Rescue), without what got stuck; people type
 * on. Returns the status of the child that ends by itself. */
typedef int (*SupervisedRepl)(void *ctx, const struct ReplGuard *guard);
int supervise_repl(SupervisedRepl repl, void *ctx);

/* The handler a supervised child sets for a call stuck in C: it exits at
 * once with WATCHDOG_STUCK_EXIT, saying nothing (the parent does). */
void supervised_child_stuck(void);

#endif
