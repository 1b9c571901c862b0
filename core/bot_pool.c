#include "bot_pool.h"

#include <stdlib.h>
#include <string.h>

/* Bots kept at most; past it the longest idle one is closed. A game has at
 * most MAX_SEATS, so a tournament of many bots still keeps every one. */
#define POOL_SIZE 64

typedef struct Kept {
    Bot *bot;
    char *name, *bots_path;
    long budget;
    size_t memory;
    int in_use;
    unsigned long last_used;
} Kept;

struct BotPool {
    Kept kept[POOL_SIZE];
    int n;
    unsigned long clock;
};

BotPool *bot_pool_new(void)
{
    return calloc(1, sizeof(BotPool));
}

static void drop(Kept *k)
{
    bot_close(k->bot);
    free(k->name);
    free(k->bots_path);
    memset(k, 0, sizeof *k);
}

void bot_pool_free(BotPool *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->n; i++)
        drop(&p->kept[i]);
    free(p);
}

static int same_bot(const Kept *k, const char *name, const char *bots_path, long budget,
                    size_t memory)
{
    return strcmp(k->name, name) == 0 && strcmp(k->bots_path, bots_path ? bots_path : "") == 0 &&
           k->budget == budget && k->memory == memory;
}

/* Where a new bot goes: a free place, or the place of the longest idle. */
static Kept *room(BotPool *p)
{
    if (p->n < POOL_SIZE)
        return &p->kept[p->n++];
    Kept *oldest = NULL;
    for (int i = 0; i < p->n; i++)
        if (!p->kept[i].in_use && (!oldest || p->kept[i].last_used < oldest->last_used))
            oldest = &p->kept[i];
    if (oldest)
        drop(oldest);
    return oldest;
}

Bot *bot_pool_take(BotPool *p, const char *name, const char *bots_path, long budget,
                   size_t memory, char **err)
{
    *err = NULL;
    p->clock++;
    for (int i = 0; i < p->n; i++) {
        Kept *k = &p->kept[i];
        if (!k->in_use && same_bot(k, name, bots_path, budget, memory) && bot_renew(k->bot)) {
            k->in_use = 1;
            k->last_used = p->clock;
            return k->bot;
        }
    }
    Bot *b = bot_open(name, bots_path, budget, memory, err);
    if (!b)
        return NULL;
    char *kept_name = strdup(name), *kept_path = strdup(bots_path ? bots_path : "");
    Kept *k = kept_name && kept_path && bot_keep_pristine(b) ? room(p) : NULL;
    if (!k) {
        /* Not kept (no region of its own, or every place in use): it is
         * the caller's to close, as bot_open's would be. */
        free(kept_name);
        free(kept_path);
        return b;
    }
    *k = (Kept){b, kept_name, kept_path, budget, memory, 1, p->clock};
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
