/* game_reading: the one path by which a value comes back from the rules
 * (result, standing, status, explain, judge): the rules' function called
 * as a reading call, what it returns copied plain and checked
 * (rules_reply.h). A referee-internal header: game.c and game_reading.c. */
#ifndef REFEREE_GAME_READING_H
#define REFEREE_GAME_READING_H

#include "game_state.h"
#include "rules_reply.h"

/* What the referee reads back from the rules: a function, how many values
 * it returns, their check and what right ones are. */
typedef struct Reading {
    const char *name;
    int nresults;
    ReplyCheck check;
    const char *shape;
    int as_it_lies; /* 1: a plain result is not copied (call_for_plain) */
} Reading;

extern const Reading GAME_READ_EXPLAIN, GAME_READ_JUDGE, GAME_READ_DEFAULT;

/* Calls the rules' function r->name, pushed below its nargs arguments, as
 * a reading call, and checks what it returns. Leaves exactly r->nresults
 * values: the checked plain copies and GAME_OK, or nils and GAME_SCRIPT
 * with the rules' fault as the error. */
GameStatus game_read_rules(Game *g, const Reading *r, int nargs);

/* From game.c: pushes the rules' function (or nil) of that name; calls
 * the rules for a function that reads the table (game.c says how). */
void game_push_method(Game *g, const char *name);
int game_call_rules_reading(Game *g, int nargs, int nresults);

#endif
