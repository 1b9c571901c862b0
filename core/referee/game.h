/* game: the referee loop. A game is a rules script, its options, a seed and
 * the moves played; its table is always the result of replaying them, which
 * gives undo, save and load, and the transaction: a move whose rules code
 * fails is rolled back by replaying the moves before it.
 *
 * the decision the rules asked (t:ask...) -> a seat's controller answers ->
 * legality check with a reason -> apply, which asks the next -> log. A Game is a Lua userdata ("referee.Game"); the C functions
 * below take it from the stack or from a pointer the caller keeps anchored. */
#ifndef REFEREE_GAME_H
#define REFEREE_GAME_H

#include <lua.h>
#include <stdint.h>
#include "../kernel/rng.h"
#include "../kernel/seats.h"
#include "../binding/lua_table.h"
#include "../kernel/table.h"

#include "game_state.h"

/* Creates a game and pushes it. opts_idx: a table of option values (strings
 * from --set are converted by each option's type), or 0 for defaults.
 * arrange_idx: a function run on the table after setup on every rebuild
 * (tests stack decks with it), or 0. On failure pushes nothing and returns
 * NULL, with the reason in *err (malloc'd). */
Game *game_new(lua_State *L, const char *name, const char *rules_path, int nseats,
               const char *seed, int opts_idx, int arrange_idx, char **err);
/* The same, with a chance script (see ltable_set_script) at script_idx, or 0:
 * prescribed shuffles and rolls, made again on every rebuild. */
Game *game_new_scripted(lua_State *L, const char *name, const char *rules_path, int nseats,
                        const char *seed, int opts_idx, int arrange_idx, int script_idx, char **err);
/* Whether what a person chose for a new game is right: the game exists,
 * takes nseats, and the options at opts_idx (as game_new takes them) fit
 * it. NULL when so, and when the rules fail to load or run (no mistake of
 * the person's: game_new says what failed); else why (malloc'd). The
 * command line's mistakes exit with status 2, the rules' failures with 1. */
char *game_choice_problem(lua_State *L, const char *name, const char *rules_path, int nseats,
                          int opts_idx);
/* The __gc of a Game: frees what the C side owns. */
int game_gc(lua_State *L);

/* Plays a seat's answer. In a claim window, one answer on its own. */
GameStatus game_play(Game *g, int seat, const char *text);
/* Answers of a claim window, in the order they came in: ordered by the
 * window's policy, then applied while the window still takes them. */
GameStatus game_window(Game *g, int n, const int *seats, const char *const *texts);
/* Replays the first n moves on a fresh table (undo, and rollback). */
GameStatus game_rebuild(Game *g, int n);
/* The same game begun again with another seed, as game_new would make it
 * with that seed: the rules' definition, the options checked and the
 * Game kept, every move and what came of them dropped (a tournament's
 * next game). Refused for a sample and at a real deck or real dice;
 * GAME_ILLEGAL for a seed that cannot be used. */
GameStatus game_restart(Game *g, const char *seed);
/* A uniformly random legal move for seat, from the caller's stream. */
const char *game_random_move(Game *g, int seat, Rng *r);
/* Pushes the result table, or nil while the game goes on. A plain result
 * is the rules' own table: read it and pop it before the rules run again
 * (lua_game.c hands a script a copy). */
GameStatus game_push_result(Game *g);
/* The same, for a reader done with the result at once (a tournament's
 * summary and line): the places the rules left out are worked out into
 * place (place[s - 1] for seat s; *placed set to 1) instead of being
 * added to a copy of the table. *placed is 0 when the table has them. */
GameStatus game_push_result_placing(Game *g, int *place, int *placed);
/* Pushes the rules' status(t, seat): the state at a glance for a seat (0:
 * everyone), a list of lines; nil when the rules define none. */
GameStatus game_push_status(Game *g, int seat);
/* Pushes the rules' standing(t): one number per seat, higher standing
 * better, for a game still going (what a search judges a playout it cut
 * short by); nil when the rules define none. */
GameStatus game_push_standing(Game *g);
/* The fingerprint of the whole table. */
uint64_t game_hash(Game *g);
/* The canonical text of seat's answer, as game_play would take it: listed,
 * named otherwise at a real deck, or judged by the rules (a BAMM! claim);
 * NULL with the error set when it is no legal answer. Plays nothing. */
const char *game_answer(Game *g, int seat, const char *text);

/* Pushes a new game on table t (which it then owns), playing on from g's
 * state: g's rules, options and a copy of its vars. It has no moves before
 * it, so it is never rebuilt: a move whose rules code fails breaks it
 * instead. For game_sample.c; raises on a memory error. */
Game *game_push_sample_of(Game *g, Table *t);

/* The game record: rules, options, seed, seats, moves and the final hash. */
char *game_record(Game *g, const char *const *seat_names);
/* Re-creates a game from a record, replaying and checking every move. */
Game *game_from_record(lua_State *L, const char *text, const char *rules_path,
                       char ***seat_names, char **err);

#endif
