/* bot_search: ctx.sample() for bots that search (bots/ismcts.lua). A sample
 * is the game as the bot's seat could imagine it (game_sample.h): the bot
 * plays moves in it, or plays it out at random, and reads the result. The
 * samples live in the game's Lua state, the bot holds handles to them.
 *
 * A decision's samples end with it; at most SAMPLE_SLOTS stay usable at
 * once (a new one replaces the oldest). The work they cost is charged to
 * the bot's instruction budget (SAMPLE_COST a sample, MOVE_COST a move;
 * a read, READ_COST and READ_ITEM_COST an item it gives, and the rules'
 * own instructions it runs, counted as they run: a pending, result or
 * standing the rules compute, a random move's list), and the rules code
 * they run is watched by the watchdog like the bot's own, so neither a
 * greedy nor a hostile bot can run the referee longer, and a bot that
 * spends its budget on reads faults by instructions, the same on every
 * machine, never by the CPU backstop. */
#ifndef REFEREE_BOT_SEARCH_H
#define REFEREE_BOT_SEARCH_H

#include <lua.h>
#include <stdint.h>
#include "../referee/game.h"

#define SAMPLE_SLOTS 8
#define SAMPLE_COST 5000L /* budget instructions a sample is charged */
#define MOVE_COST 2000L   /* ... and each move played in one */
#define READ_COST 100L    /* ... and each read of one (pending, cards, ...) */
#define READ_ITEM_COST 10L /* ... and each card, die or number a read gives */

typedef struct BotSearch BotSearch;

BotSearch *bot_search_new(void);
void bot_search_free(BotSearch *s);
/* A decision begins: samples of g for seat, seeded from a stream beside
 * the bot's own (stream's key, another nonce). The game's stack top is
 * noted, to be set back at the end. */
void bot_search_begin(BotSearch *s, Game *g, int seat, const Rng *stream);
/* It ends: its samples are let go, the game's stack is as it was. */
void bot_search_end(BotSearch *s);
/* Pushes ctx.sample onto the bot's state L (a closure over s). */
void bot_search_push_sampler(lua_State *L, BotSearch *s);

#endif
