/* page_state: what a seat's page shows, as JSON, made on the console's
 * thread from the game as that seat may know it and nothing else: the
 * table through the kernel's visibility checks (page_table.h), what each
 * card does as the rules say it, the rules' status for that seat, the log as
 * that seat knows it, and its own legal moves when it is asked. Seat 0 is
 * the watchers': what everyone may see. */
#ifndef REFEREE_PAGE_STATE_H
#define REFEREE_PAGE_STATE_H

#include <jansson.h>
#include "../../core/play/match.h"

/* connected[s]: how many pages of seat s are open now; notice: what
 * every page is to be told of the table (its save failing), or NULL;
 * nudged: how many times the console nudged this seat (its page cues
 * the person again when it grows); talk: the table talk every page shows
 * (table_talk.h), or NULL; clock: the --clock's seconds left and what is
 * played at zero, or NULL.
 * malloc'd JSON, or NULL when out of memory. */
char *page_state_json(Match *m, int seat, const int *connected, const char *notice, int nudged,
                      json_t *talk, json_t *clock);
/* While real dice are typed a move is under way, and the rules may not be
 * asked anything: the state last sent to a seat (last), with who types the
 * dice (typist, 0: anyone), how many and their faces, and whether it is
 * this seat's to type (yours). malloc'd JSON, or NULL. */
char *page_state_with_dice(const char *last, int typist, int n, int faces, int yours);

#endif
