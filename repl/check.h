/* check: `referee check GAME [--games N] [--seed S] [--set NAME=VALUE]`,
 * the conformance suite (repl/check.lua, built into the binary) over many
 * random games of one rules file: a line for each promise, held or broken
 * with a command that shows it. */
#ifndef REFEREE_CHECK_H
#define REFEREE_CHECK_H

#include <lua.h>

/* Returns the exit status: 0 when every promise held, 1 when one broke or
 * the game cannot be played, 2 for a usage mistake. */
int check_command(lua_State *L, const char *rules_path, const char *bots_path, int argc, char **argv);

#endif
