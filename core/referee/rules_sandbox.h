/* rules_sandbox: what a rules script's globals read through to. Rules get
 * the standard libraries a bot gets (base, table, string, math, utf8,
 * coroutine) and nothing that reaches outside the game: no io, os, debug,
 * require, dofile or loadfile, so a script cannot read or write files,
 * stop the referee or draw on the clock (which would break determinism);
 * load takes text only, into the script's own environment; print writes
 * to stderr, so a debugging print cannot garble run --json or the REPL. */
#ifndef REFEREE_RULES_SANDBOX_H
#define REFEREE_RULES_SANDBOX_H

#include <lua.h>

/* Pushes a new table of the standard globals rules may read, one per
 * environment: the string, table and utf8 libraries are its own copies,
 * with their C work bounded as a bot's is (bot_limits.h), setmetatable
 * refuses __gc, and strings' methods go to a locked, guarded copy. So
 * nothing one game's script changes reaches another's. */
void rules_sandbox_push_base(lua_State *L);
/* Pushes a shallow copy of the table at idx. */
void rules_sandbox_push_copy(lua_State *L, int idx);
/* Pushes load for the environment at env: text chunks only, run in env
 * unless given another. */
void rules_sandbox_push_load(lua_State *L, int env);

#endif
