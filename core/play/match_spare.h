/* match_spare: a tournament's next game begun on the last one's Game.
 * Games of the same rules, seats and options differ only by their seed;
 * the definition read, the options checked and the Game made are kept
 * from one to the next (game_restart), and only the seed's game is set up
 * anew. One spare per Lua state: a worker plays one game at a time. */
#ifndef REFEREE_MATCH_SPARE_H
#define REFEREE_MATCH_SPARE_H

#include "match.h"

/* What a game of spec is known by among spares (malloc'd), or NULL when
 * it is not to be begun on another (not asked for, real cards or dice,
 * options as a table, a memory limit of its own). */
char *match_spare_key(const Match *m, const MatchSpec *spec);
/* Keeps m's game, finished, as the spare for the next game of its key. */
void match_keep_spare(Match *m);
/* The spare of key begun again with seed, pushed; NULL (nothing pushed)
 * when there is none, or it could not begin. */
Game *match_take_spare(Match *m, const char *key, const char *seed);

#endif
