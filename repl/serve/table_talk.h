/* table_talk: short messages to the whole table, for a table not in one
 * room. Kept in memory only (never in the game's record or save), each
 * of printable text, a few a seat at a time, the last TALK_KEPT shown to
 * every page; the host may turn it off. */
#ifndef REFEREE_TABLE_TALK_H
#define REFEREE_TABLE_TALK_H

#include <jansson.h>

#define TALK_KEPT 20       /* messages every page shows */
#define TALK_LEN 200       /* bytes a message may hold */
#define TALK_GAP_SECONDS 2 /* between two messages of one seat */

typedef struct TableTalk TableTalk;

TableTalk *talk_new(int on);
void talk_free(TableTalk *talk);
/* Seat says text at time now (seconds): NULL when said, else why not,
 * in a player's words (static). The text is kept with its control
 * characters shown safe and its blanks at either end cut. */
const char *talk_say(TableTalk *talk, int seat, const char *text, double now);
/* Turns talk on or off (the host's); whether it changed. */
int talk_switch(TableTalk *talk, int on);
int talk_is_on(const TableTalk *talk);
/* The last messages, oldest first: [{"seat":2,"text":"..."}], and whether
 * talk is on: {"on":true,"said":[...]}. A new reference. */
json_t *talk_json(const TableTalk *talk);
/* The latest message (for the console to print), or NULL. */
const char *talk_last(const TableTalk *talk, int *seat);

#endif
