#include "bot_pool.h"

#include <stdlib.h>
#include <string.h>

/* Bots kept at most (a game has at most MAX_SEATS); past it a bot is
 * opened and closed with its game, as without a pool. */
#define POOL_SIZE 64

typedef struct Kept {
    Bot *bot;
    char *name, *bots_path;
    long budget;
    size_t memory;
    int in_use;
} Kept;

struct BotPool {
    Kept kept[POOL_SIZE];
    int n;
};

BotPool *bot_pool_new(void)
{
    return calloc(1, sizeof(BotPool));
}

void bot_pool_free(BotPool *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->n; i++) {
        bot_close(p->kept[i].bot);
        free(p->kept[i].name);
        free(p->kept[i].bots_path);
    }
    free(p);
}

static int same_bot(const Kept *k, const char *name, const char *bots_path, long budget,
                    size_t memory)
{
    return strcmp(k->name, name) == 0 && strcmp(k->bots_path, bots_path ? bots_path : "") == 0 &&
           k->budget == budget && k->memory == memory;
}

Bot *bot_pool_take(BotPool *p, const char *name, const char *bots_path, long budget,
                   size_t memory, char **err)
{
    *err = NULL;
    for (int i = 0; i < p->n; i++) {
        Kept *k = &p->kept[i];
        if (!k->in_use && same_bot(k, name, bots_path, budget, memory) && bot_renew(k->bot)) {
            k->in_use = 1;
            return k->bot;
        }
    }
    Bot *b = bot_open(name, bots_path, budget, memory, err);
    if (!b)
        return NULL;
    char *kept_name = strdup(name), *kept_path = strdup(bots_path ? bots_path : "");
    Kept *k = kept_name && kept_path && p->n < POOL_SIZE && bot_keep_pristine(b) ? &p->kept[p->n++]
                                                                                : NULL;
    if (!k) {
        /* Not kept (no region of its own, or the pool is full): it is the
         * caller's to close, as bot_open's would be. */
        free(kept_name);
        free(kept_path);
        return b;
    }
    *k = (Kept){b, kept_name, kept_path, budget, memory, 1};
    return b;
}

int bot_pool_give_back(BotPool *p, Bot *b)
{
    for (int i = 0; i < p->n; i++)
        if (p->kept[i].bot == b) {
            p->kept[i].in_use = 0;
            return 1;
        }
    return 0;
}
