/* script: the one way into a Lua script on the game path. Every call goes
 * through script_pcall, which adds a traceback to any error, whatever the
 * error object is. A runaway bot is stopped by an instruction budget; a
 * runaway rules script by the CPU-time watchdog (watchdog.h). */
#ifndef REFEREE_SCRIPT_H
#define REFEREE_SCRIPT_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>

/* Like lua_pcall; on error the message (with traceback) is left on the
 * stack as a string. budget 0 means no instruction limit. */
int script_pcall(lua_State *L, int nargs, int nresults, long budget);
/* Within a call with a budget: what is left of it, and a charge against
 * it for work done outside the script's own instructions (a search the
 * referee runs for it). A charge past the budget raises, as the hook does,
 * at once and at every later step. */
long script_budget_left(lua_State *L);
void script_charge(lua_State *L, long instructions);
/* A call into the rules: no instruction limit, but watched by the CPU-time
 * watchdog, so a runaway loop ends in an error all the same, and held to
 * RULES_MEMORY_MB (memory_cap.h). */
int script_pcall_rules(lua_State *L, int nargs, int nresults);
/* The same for a call whose caller pushed script_push_handler's handler
 * before the function: the calls made on every decision spare shifting the
 * stack to put it below them (a tenth of a bare round trip). */
void script_push_handler(lua_State *L);
int script_pcall_rules_handled(lua_State *L, int nargs, int nresults);
/* Loads a Lua source file (never bytecode) as a function whose _ENV is the
 * table at env_idx. Returns LUA_OK, or an error status with a message. */
int script_load_file(lua_State *L, const char *path, int env_idx);
/* A hash of the text of every script file this process has loaded (the
 * first 64: the compiled ones kept), whatever their paths: what a
 * tournament's identity takes from its rules and bots. */
uint64_t script_sources_hash(void);
/* A text that changes whenever the file does (time and size); 0 if the
 * file cannot be read. */
int script_file_stamp(const char *path, char *buf, size_t size);
/* The arguments of math.random(m [, n]) as an interval, checked like the
 * standard one's; 0 when called with none (a float is wanted). */
int script_random_args(lua_State *L, lua_Integer *lo, lua_Integer *hi);

#endif
