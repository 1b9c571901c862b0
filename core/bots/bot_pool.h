/* bot_pool: the bots of a run of games (a tournament worker's), each put
 * back as its script left it for the next game (bot_renew) instead of
 * opened anew: the same bot in the same state, for a memcpy. */
#ifndef REFEREE_BOT_POOL_H
#define REFEREE_BOT_POOL_H

#include <stddef.h>
#include "bot.h"

typedef struct BotPool BotPool;

BotPool *bot_pool_new(void);
/* Closes every bot the pool holds. */
void bot_pool_free(BotPool *p);
/* A bot as bot_open gives it: an idle one of the pool opened with the same
 * name, path, budget and memory, renewed, or else a new one, kept while the
 * pool has room. Give it back when its game ends. */
Bot *bot_pool_take(BotPool *p, const char *name, const char *bots_path, long budget,
                   size_t memory, char **err);
/* Marks b idle again: 1, or 0 when b is not the pool's (close it then). */
int bot_pool_give_back(BotPool *p, Bot *b);

#endif
