/* record: the full-information record of `referee run --json`, one JSON
 * object per line: the start, every log entry, each decision asked with its
 * legal moves, each claim window's answers and order, and last the result.
 * Its schema: repl/README.md, "The record". */
#ifndef REFEREE_RECORD_H
#define REFEREE_RECORD_H

#include <stdio.h>
#include "../core/play/match.h"

/* The record's format, in its start line: a reader checks it. */
#define RECORD_FORMAT "referee-record/2"

void record_start(FILE *out, Match *s);
/* The decision due: kind, seats asked, each seat's legal moves. */
void record_ask(FILE *out, Match *s);
/* The last claim window's answers, as given (lapsed ones too), and the
 * order its policy drew, once per window. */
void record_window(FILE *out, Match *s);
/* Entries [from, t->log.n) of the game's log. */
void record_entries(FILE *out, Match *s, int from);
/* The result table on top of the Lua stack. */
void record_result(FILE *out, Match *s);
void record_hash(FILE *out, Match *s);
/* A bot's fault: its seat, name and the reason. */
void record_fault(FILE *out, Match *s, int seat, const char *why);
/* The result of a game a faulting bot forfeited: every other seat wins. */
void record_forfeit(FILE *out, Match *s);
/* The result of a game stopped at the move limit or by Ctrl-C: no winner. */
void record_stopped(FILE *out, Match *s);

#endif
