/* move_text: what a legal move's text may be. A person types a move and the
 * referee matches it ignoring case and extra spaces, and a game's record
 * replays it by its text, so the rules' move texts must each be typeable
 * back (not empty, not over-long, single spaces inside, none at either end)
 * and one seat's moves must not read the same as each other. */
#ifndef REFEREE_MOVE_TEXT_H
#define REFEREE_MOVE_TEXT_H

#include <stddef.h>

/* The longest move text: the REPL and the matching read at most this much. */
#define MOVE_TEXT_MAX 200

/* The messages, for printf and lua_pushfstring alike: move number (from
 * 1), text and problem; and the numbers and text of two moves alike. */
#define MOVE_PROBLEM_FMT "move %d '%s': %s"
#define MOVE_REPEAT_FMT "moves %d and %d both read '%s': a seat's moves must differ (ignoring case)"

/* NULL when text (len bytes) is a well-formed move text, else what is
 * wrong with it (a static message). */
const char *move_text_problem(const char *text, size_t len);

/* NULL when text (len bytes) is fit to be a decision's kind or prompt:
 * UTF-8 text on one line, as the REPL shows it at the prompt; else what is
 * wrong with it (a static message, naming neither). */
const char *label_text_problem(const char *text, size_t len);

/* The first of n moves that reads the same as an earlier one ignoring case,
 * or -1; *earlier gets that earlier one. text_at(ctx, i) is move i's text. */
int move_texts_repeat(int n, const char *(*text_at)(const void *ctx, int i), const void *ctx,
                      int *earlier);

#endif
