/* serve: `referee serve GAME ...`, a table where every person plays on a
 * page of their own (a phone, a laptop) and the terminal is the referee's
 * console (repl.h's ReplServe). Each person gets a link with a token of
 * their own, the watchers one link; the game is saved after every move,
 * and `--resume SAVE` takes it up with the same links. */
#ifndef REFEREE_SERVE_H
#define REFEREE_SERVE_H

#include <lua.h>

/* argv: the words after "serve". Returns the exit status. */
int serve_run(lua_State *L, const char *rules_path, const char *bots_path, int argc, char **argv);

#endif
