/* A tournament game's line for --out: one JSON object a game, its fields
 * in a fixed order, sealed with its check (game_lines.h). */
#ifndef REFEREE_GAME_LINE_H
#define REFEREE_GAME_LINE_H

#include <lua.h>
#include "../../core/play/seat_loop.h"

/* What a game's line tells. */
typedef struct GameLineParts {
    long game;
    const char *tournament, *seed;
    const char *const *seats; /* the bots' names, k of them */
    int k;
    int started;       /* 0: the game could not begin, for the reason why */
    const char *why;
    GameStatus status; /* how the seat loop ended */
    const SeatLoop *loop;
    int result_at;     /* where the rules' result table is on L's stack; 0: none */
    const int *places; /* its places, k of them, when the referee worked them out (else the table's) */
} GameLineParts;

/* The sealed line (malloc'd), or NULL out of memory. */
char *game_line_text(lua_State *L, const GameLineParts *p);

#endif
