/* render: what a person reads at the REPL. Only ever from a seat's point
 * of view (or a spectator's), through the kernel's visibility checks. */
#ifndef REFEREE_RENDER_H
#define REFEREE_RENDER_H

#include <lua.h>
#include <stdio.h>
#include "../core/referee/game.h"

/* The people's names by seat ("" for none), from then on used wherever a
 * seat is named: "seat 2 (Ann)", in the rules' texts too. */
void render_use_names(const char (*names)[25]);
/* The seats (a bit each) whose hidden answers, such as a BAMM! pass, were
 * typed where everyone saw them (a table where the keyboard is never
 * passed): the log says them as they were, not "answers unseen". */
void render_answers_seen(uint32_t seats);
/* "seat 2 (Ann)", or "seat 2" for a seat without a name: in buf. */
const char *render_seat(int seat, char *buf, size_t size);
/* A text of the rules (a note, a status line) on its one line: control
 * characters shown as '?', seats with their names. */
void render_text(FILE *out, const char *text);
/* The same for a message of any length that may run over lines (an error,
 * a traceback): newlines kept, other control characters as '?'. */
void render_said(FILE *out, const char *text);
/* The table as `seat` sees it (0: a spectator). */
void render_view(FILE *out, const Table *t, int seat);
/* The zones `seat` owns and the dice it sees: what a person is shown on
 * their turn. */
void render_own(FILE *out, const Table *t, int seat);
/* Log entries [from, t->log.n) as `viewer` may know them; a run of card
 * moves out of one zone (a deal, a hand thrown in) is one line. */
void render_log(FILE *out, const Table *t, int from, int viewer);
/* The first line render_log shows seat from entry from ("5S/8D: stock ->
 * seat 3's hand"), into buf ("" for none). */
void render_first_line(const Table *t, int from, int seat, char *buf, size_t size);
/* The decision now due, in one line. */
void render_pending(FILE *out, const Ask *p);
/* The result table on top of the Lua stack. */
void render_result(FILE *out, lua_State *L);

#endif
