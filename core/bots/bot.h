/* bot: a bot script in a Lua state of its own. The script returns a table
 * with choose(view, moves, ctx) -> one of moves (or its index), and
 * optionally init(info). It sees only its seat's view, built by the kernel;
 * the view and the moves cross into its state as fresh copies.
 *
 * The sandbox: only base, table, string, math, utf8 and coroutine; no io,
 * os, debug, package, require, dofile, loadfile, and load of text only;
 * reading an undefined global is an error; an instruction budget per
 * decision whose hook keeps firing once spent; a memory cap through the
 * allocator; math.random from the bot's own stream. A bot that fails in
 * any way is recorded as faulting, with the reason, and its seat plays a
 * legal default. */
#ifndef REFEREE_BOT_H
#define REFEREE_BOT_H

#include <stddef.h>
#include <stdint.h>
#include "../lua/lua_alloc.h"
#include "../referee/game.h"

#define BOT_BUDGET 50000000L          /* default instructions per decision */
#define BOT_MEMORY (256u << 20)       /* default bytes per bot */
/* ctx.think, what a searching bot should spend on a decision: this share
 * of its budget (5 million instructions of the default), the rest being
 * the margin in which a search that overruns is a fault, not a loss. */
#define THINK_SHARE 10
#define BOT_GC_PAUSE 1000             /* a bot state collects when memory grows 10x (Lua: 2x) */
/* A slow machine's pace: a call may use its budget at this rate, in CPU
 * time, before the watchdog stops it. */
#define BOT_INSTRUCTIONS_PER_SECOND 10000000L

typedef struct Bot Bot;

/* Finds a bot by name (bots/NAME.lua in the ':'-separated folders of
 * bots_path) or by path, and loads it with an instruction budget per
 * decision and a memory cap (0: the defaults). NULL with the reason in *err. */
Bot *bot_open(const char *name, const char *bots_path, long budget, size_t memory, char **err);
/* The file of the bot called name (or a path), as bot_open looks for it:
 * 1 and its path in out, or 0. */
int bot_find(const char *name, const char *bots_path, char *out, size_t size);
void bot_close(Bot *b);
/* Keeps the bot's state as its script left it (call it before the first
 * decision): 1, or 0 when its memory is not in a region of its own. */
int bot_keep_pristine(Bot *b);
/* Puts the kept state back, as if the bot had just been opened (its
 * samples gone too), for a new game: 1, or 0 when nothing was kept. */
int bot_renew(Bot *b);
/* Counts the bot's memory in game's (NULL: in none), taking it out of the
 * one it was in: the ceiling over a whole game's rules and seats. */
void bot_share_memory(Bot *b, GameMemory *game);
const char *bot_name(const Bot *b);
/* The bot's answer for seat in the pending decision of g: an index into
 * that seat's legal moves. On a fault returns -1 and sets *fault to why
 * (malloc'd). Returns BOT_RULES_FAILED, *fault saying why, when the rules'
 * vars cannot be shown to any bot (nested too deep, too many tables): the
 * rules failed, and the bot is not counted as faulting. stream is the
 * bot's math.random for this decision (its first block made only if the
 * bot draws), and its searches' samples draw from a stream beside it. */
#define BOT_RULES_FAILED (-2)
int bot_choose(Bot *b, Game *g, int seat, const Rng *stream, char **fault);

#endif
