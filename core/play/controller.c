/* controller: the random seat, a bot and a person behind one face. */
#include "controller.h"

#include <stdlib.h>
#include <string.h>
#include "../kernel/ask_match.h"

static int waits_for_person(Controller *c, Game *g, int seat, const Rng *stream, char **why)
{
    (void)c, (void)g, (void)seat, (void)stream;
    *why = NULL;
    return CONTROLLER_LATER;
}

/* A uniformly random legal move: the default of every seat. */
static int random_move(Controller *c, Game *g, int seat, const Rng *stream, char **why)
{
    (void)c;
    *why = NULL;
    const Ask *p;
    game_pending(g, &p);
    int slot = ask_slot_of(p, seat);
    if (slot < 0 || !p->count[slot]) {
        *why = strdup("it is not asked now");
        return CONTROLLER_FAULT;
    }
    Rng r = *stream;
    return (int)rng_below(&r, (uint32_t)p->count[slot]);
}

static int bot_move(Controller *c, Game *g, int seat, const Rng *stream, char **why)
{
    int i = bot_choose(c->bot, g, seat, stream, why);
    return i >= 0 || i == BOT_RULES_FAILED ? i : CONTROLLER_FAULT;
}

const ControllerKind CONTROLLER_PERSON = {"human", 1, 0, waits_for_person};
const ControllerKind CONTROLLER_RANDOM = {"random", 0, 1, random_move};
const ControllerKind CONTROLLER_BOT = {"bot", 0, 0, bot_move};

int controller_open(Controller *c, const char *word, const char *bots_path, BotPool *pool,
                    long budget, size_t memory, char **err, int *usage)
{
    memset(c, 0, sizeof *c);
    const ControllerKind *kind = &CONTROLLER_BOT;
    if (!strcmp(word, "human"))
        kind = &CONTROLLER_PERSON;
    else if (!strcmp(word, "random"))
        kind = &CONTROLLER_RANDOM;
    else if (!(c->bot = pool ? bot_pool_take(pool, word, bots_path, budget, memory, err)
                             : bot_open(word, bots_path, budget, memory, err))) {
        char path[4096]; /* a bot that is there but fails is no mistake of the command line */
        *usage = !bot_find(word, bots_path, path, sizeof path);
        return 0;
    }
    /* A person's and a random seat's name is their kind's word, kept
     * as it is: no copy made and freed with every game of a tournament. */
    c->name = c->bot ? strdup(word) : (char *)kind->word;
    if (!c->name) {
        controller_close(c, pool);
        *err = strdup("out of memory");
        return 0;
    }
    c->kind = kind;
    return 1;
}

void controller_close(Controller *c, BotPool *pool)
{
    if (!c->kind && !c->name && !c->bot)
        return; /* no seat, or one closed already: nothing to give back */
    if (c->bot && !(pool && bot_pool_give_back(pool, c->bot)))
        bot_close(c->bot);
    if (!c->kind || c->name != c->kind->word) /* a bot's own copy */
        free(c->name);
    memset(c, 0, sizeof *c);
}
