/* game_sample: a determinization of a game as one seat sees it, for search
 * (the ismcts bot, a rules author's experiments). Everything the seat could
 * know is kept; everything it could not is drawn anew, so a sample tells a
 * searcher nothing the seat's view does not. */
#ifndef REFEREE_GAME_SAMPLE_H
#define REFEREE_GAME_SAMPLE_H

#include <stdint.h>
#include "game.h"

/* Pushes a new game (see game_push_sample_of) on a copy of g's table in
 * which every card seat cannot see is dealt anew among the places such
 * cards hold, every die with a value seat cannot see is rolled anew, the
 * log is empty and the chance stream is seeded from seed (so the sample's
 * shuffles and rolls to come are not the game's). Raises on a memory
 * error. */
Game *game_push_sample(Game *g, int seat, uint64_t seed);
/* Pushes a new game on a copy of g's table whose dice to come are rolled
 * from seed (table_roll_apart), every other chance event as in g. Nothing
 * now on the table is dealt anew, so every seat may be asked; the log is
 * empty. (The check plays a move on g and on its fork: words told to a
 * seat that differ where what the seat sees does not tell it a die it
 * cannot see.) Raises on a memory error. */
Game *game_push_fork(Game *g, uint64_t seed);
/* Why seat cannot sample g now, or NULL. A sample starts from the decision
 * now due, and rules that state it with t:ask name its moves once (cards of
 * a hand, say): it must be seat's own, whose moves seat knows. */
const char *game_sample_refusal(Game *g, int seat);

#endif
