/* controller: who answers for a seat. The seat loop asks each seat's
 * controller and never asks which kind it is: the built-in random seat, a
 * bot (a script in its own state), or a person, who answers in their own
 * time (at the REPL's prompt, or on a page of their own), so that the loop
 * stops and waits for them. */
#ifndef REFEREE_CONTROLLER_H
#define REFEREE_CONTROLLER_H

#include "../bots/bot.h"
#include "../bots/bot_pool.h"
#include "../referee/game.h"

/* What choose returns besides a move's index among the seat's moves. */
#define CONTROLLER_FAULT (-1)                   /* why says what went wrong */
#define CONTROLLER_RULES_FAILED BOT_RULES_FAILED /* the rules failed, not the seat */
#define CONTROLLER_LATER (-3)                   /* a person: the answer comes when given */

typedef struct Controller Controller;

typedef struct ControllerKind {
    const char *word;   /* as --seats names it: "human", "random", or "bot" */
    int person;         /* answers in their own time: the loop waits for them */
    /* Draws one number a decision: the loop gives it its seat's own stream
     * at the move number's 4 bytes (one ChaCha20 block serves sixteen move
     * numbers) instead of a stream of the decision's own. */
    int draws_once;
    /* The index of seat's answer among its moves in the decision due (the
     * same draws from stream give the same answer), or one of the codes
     * above, with why (malloc'd) for a fault or a rules failure. */
    int (*choose)(Controller *c, Game *g, int seat, const Rng *stream, char **why);
} ControllerKind;

struct Controller {
    const ControllerKind *kind; /* NULL: no seat */
    char *name;                 /* as given in --seats, for records: a bot's malloc'd,
                                   a person's or random seat's its kind's word */
    Bot *bot;                   /* a bot's, or NULL */
};

extern const ControllerKind CONTROLLER_PERSON, CONTROLLER_RANDOM, CONTROLLER_BOT;

/* Makes c the controller --seats names by word: "human", "random", or a
 * bot (bots/NAME.lua or a path), taken from pool when there is one. 0 with
 * why in *err (malloc'd), and for a bot *usage: 1 when no such bot exists
 * (a mistake on the command line), 0 when it is there but fails. */
int controller_open(Controller *c, const char *word, const char *bots_path, BotPool *pool,
                    long budget, size_t memory, char **err, int *usage);
/* Closes c (its bot back to pool, if any), leaving no seat. */
void controller_close(Controller *c, BotPool *pool);

static inline int controller_is_person(const Controller *c)
{
    return c->kind && c->kind->person;
}

#endif
