/* Reading the game lines a tournament wrote (--out), to resume it or to
 * merge shards. */
#ifndef REFEREE_GAME_LINES_H
#define REFEREE_GAME_LINES_H

#include <jansson.h>
#include <stdio.h>
#include "standings.h"

/* Which game numbers are already in hand: a bitmap that grows. */
typedef struct Seen {
    unsigned char *bits;
    size_t size;
} Seen;

/* Is game g in hand? */
int seen_has(const Seen *s, json_int_t g);

/* Whose lines are being read: the tournament id they must all carry, and
 * where it came from (for the message when a line carries another). */
typedef struct Origin {
    char id[64];
    char where[320];
} Origin;

/* A game line's text (a JSON object, no newline) with its check added as
 * its last field, "check": 16 hex digits of FNV-1a over every byte before
 * it; malloc'd, NULL when out of memory. The reader refuses a line whose
 * check does not match, so a changed score, a misspelt key or a cut line
 * is caught. It guards against damage and hand edits, not forgery: anyone
 * can compute it again. */
char *game_line_seal(const char *text);

/* The tournament seed that the game lines of path were played from, read
 * from its first line (whose game seed is the tournament's with "/deal"
 * added) into seed (SEED_MAX + 1 bytes): 1 when found, 0 when not (a
 * missing file, no whole line, or one that gives no such seed: reading
 * the lines says what is wrong with them). */
int tour_seed_of_file(const char *path, char *seed);

/* Folds the game lines of a file into the standings (by game number, each
 * once, noted in seen); returns how many it took, or -1 with a message.
 * quiet_missing: a missing file holds none. expect (with its seat count k),
 * when given, is the tournament whose games they must be. */
long read_lines(const char *path, Tally *y, int quiet_missing, Seen *seen, Origin *o,
                const TourArgs *expect, int k);
/* The same for a file open already, named (as shown) in messages, its
 * lines read to resume a run (resuming) or to merge: for the fuzzer. The
 * file stays open. */
long read_lines_from(FILE *f, const char *named, Tally *y, int resuming, Seen *seen, Origin *o,
                     const TourArgs *expect, int k);

#endif
