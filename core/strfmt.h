/* strfmt: printf into a new malloc'd string (NULL when out of memory), and
 * text made safe to print or found unfit to. */
#ifndef REFEREE_STRFMT_H
#define REFEREE_STRFMT_H

#include <stdarg.h>

char *vstrfmt(const char *fmt, va_list ap);
char *strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Makes text safe to print to a terminal, in place, and returns it (NULL
 * stays NULL): every control character but newline and tab, DEL, and the
 * UTF-8 forms of the C1 controls become '?'. For text a bot wrote (its
 * error messages), which could otherwise move the cursor, clear the screen
 * or retitle the window of the person at the table. */
char *strfmt_printable(char *text);
/* Does text hold any control character (newline and tab included), DEL or
 * a C1 control? For names and moves read from a file someone else may
 * have written (a saved game, a tournament's lines): such a text is
 * refused rather than printed. */
int strfmt_has_control(const char *text);

#endif
