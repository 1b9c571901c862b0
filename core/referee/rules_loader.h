/* rules_loader: finds rules scripts and loads them into an environment of
 * their own: globals read through to the standard ones rules may have
 * (rules_sandbox.h), writes stay in the game's table; math.random draws
 * from the game's table; inherit(name) gives a fresh copy of a base game
 * to change; import(name) loads a helper from rules/lib/. */
#ifndef REFEREE_RULES_LOADER_H
#define REFEREE_RULES_LOADER_H

#include <lua.h>
#include "rules_players.h"
#include <stddef.h>
#include <stdint.h>

/* Finds rules by name (in the ':'-separated folders of rules_path) or by
 * path; writes the file's path into out. */
int rules_find(const char *name, const char *rules_path, char *out, size_t size);
/* Is name a path (it holds a '/' or ends in .lua) rather than a game's name?
 * A path is found only if it is a .lua file; a name only in the rules
 * folders. */
int rules_is_path(const char *name);
/* math.random of the environments made from here on in L (the referee
 * loop gives its own, which draws from the running game's chance); before
 * one is given, math.random says it is not available while a script loads.
 * Given, not called back through a global: this file knows no game. Pops
 * the function from L's stack. */
void rules_use_random(lua_State *L);
/* Pushes a fresh environment. */
void rules_push_env(lua_State *L, const char *rules_path);
/* Pushes the environment and the definition of a game (two values), loaded
 * once per Lua state and loaded again when any of its files changes; 0 and
 * a message pushed on failure. Games share a definition, so rules keep all
 * their state in t.vars. */
int rules_definition(lua_State *L, const char *name, const char *rules_path);
/* Loads a rules file into the environment at env and pushes its definition
 * table; 0 and a message pushed on failure. */
int rules_load(lua_State *L, int env, const char *name, const char *rules_path);
/* The same with an environment of its own (for listing games). */
int rules_load_definition(lua_State *L, const char *name, const char *rules_path);
/* Loads a game in an environment of its own and pushes its definition as
 * the script returned it and what it inherited: nil for a game of its
 * own, else {name = base's name, definition = a copy of the base's table
 * as inherit gave it, before the variant changed it}. 0 and a message
 * pushed on failure. */
int rules_load_variant(lua_State *L, const char *name, const char *rules_path);

/* The names (without .lua) of the scripts in the folders of path (':'
 * between them), the first folder's where names repeat, sorted; each
 * malloc'd, at most max. */
int rules_script_names(const char *path, char **names, int max);

#endif
