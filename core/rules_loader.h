/* rules_loader: finds rules scripts and loads them into an environment of
 * their own: globals read through to the standard ones, writes stay in the
 * game's table; math.random draws from the game's table; inherit(name)
 * gives a fresh copy of a base game to change; import(name) loads a helper
 * from rules/lib/. */
#ifndef REFEREE_RULES_LOADER_H
#define REFEREE_RULES_LOADER_H

#include <lua.h>
#include <stddef.h>

/* Finds rules by name (in the ':'-separated folders of rules_path) or by
 * path; writes the file's path into out. */
int rules_find(const char *name, const char *rules_path, char *out, size_t size);
/* Pushes a fresh environment; game_idx is the Game userdata whose table
 * math.random draws from, or 0 when only reading definitions. */
void rules_push_env(lua_State *L, int game_idx, const char *rules_path);
/* Loads a rules file into the environment at env and pushes its definition
 * table; 0 and a message pushed on failure. */
int rules_load(lua_State *L, int env, const char *name, const char *rules_path);
/* The same with an environment of its own (for listing games). */
int rules_load_definition(lua_State *L, const char *name, const char *rules_path);

#endif
