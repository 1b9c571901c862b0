#include "game_sample.h"

#include <lauxlib.h>
#include <stdio.h>

Game *game_push_sample(Game *g, int seat, uint64_t seed)
{
    Table *t = table_clone(g->t);
    if (!t)
        luaL_error(g->L, "out of memory");
    /* The log holds the real shuffles and moves; the stream, the real
     * chance to come; a test's prescribed outcomes are the real game's. */
    log_free(&t->log);
    log_init(&t->log);
    rng_seed(&t->rng, seed);
    snprintf(t->seed, sizeof t->seed, "%llu", (unsigned long long)seed); /* a save shows its own */
    t->custom_chance = (Chance){0};
    Chance chance = table_chance(t);
    zones_resample(&t->zones, seat, &t->rng);
    dice_resample(&t->dice, seat, &chance);
    /* The other seats of a claim window were asked moves that name their
     * hidden cards, which the sample has dealt afresh: it asks this seat. */
    ask_keep_seat(&t->ask, seat);
    return game_push_sample_of(g, t);
}

Game *game_push_fork(Game *g, uint64_t seed)
{
    Table *t = table_clone(g->t);
    if (!t)
        luaL_error(g->L, "out of memory");
    log_free(&t->log);
    log_init(&t->log);
    t->custom_chance = (Chance){0};
    table_roll_apart(t, seed);
    return game_push_sample_of(g, t);
}

const char *game_sample_refusal(Game *g, int seat)
{
    const Ask *p;
    GameStatus status = game_pending(g, &p);
    if (status == GAME_OVER)
        return "the game is over: there is nothing to sample";
    if (status != GAME_OK)
        return g->error ? g->error : "the rules failed";
    for (int i = 0; i < p->nseats; i++)
        if (p->seats[i] == seat)
            return NULL;
    return "a sample is taken by a seat that is to answer now: the moves the rules asked "
           "for name what only that seat may know";
}
