/* rules_players: what a game's definition says of its players, read from
 * the definition the loader checked. The options' checks and the listing
 * read it; the loader stands above them, so this stands on its own. */
#ifndef REFEREE_RULES_PLAYERS_H
#define REFEREE_RULES_PLAYERS_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>

/* The definition's players = {min, max} at def, defaulting to 1 and max_seats. */
void rules_players(lua_State *L, int def, int max_seats, lua_Integer *lo, lua_Integer *hi);
/* The seats a person may take, as a mask (bit s: seat s): players.people,
 * or every seat when the definition does not say. */
uint32_t rules_people(lua_State *L, int def);
/* "2 players" or "2 to 6 players". */
void rules_players_text(lua_Integer lo, lua_Integer hi, char *buf, size_t size);

#endif
