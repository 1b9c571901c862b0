/* result_places: each seat's finishing place at the end of a game, which
 * tournaments rate by (a many-player game says more than who won). */
#ifndef REFEREE_RESULT_PLACES_H
#define REFEREE_RESULT_PLACES_H

#include <lua.h>
#include "../kernel/seats.h"

/* Replaces the checked result table at idx by a copy with `places` filled
 * in when the rules gave none: the winners first; then the seats still in,
 * by score (higher first; tied when there are no scores); then the
 * eliminated, the later out ahead of the earlier. Equal places tie, and a
 * place is 1 + the number of seats strictly ahead. */
void result_add_places(lua_State *L, int idx, const Seats *seats);
/* The same places into place (place[s - 1] for seat s), the table left as
 * it is; 0 when the rules gave places of their own (then place is not
 * written: they are the table's). */
int result_places(lua_State *L, int idx, const Seats *seats, int *place);

#endif
