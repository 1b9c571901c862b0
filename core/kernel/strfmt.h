/* strfmt: printf into a new malloc'd string (NULL when out of memory), and
 * text made safe to print or found unfit to. */
#ifndef REFEREE_STRFMT_H
#define REFEREE_STRFMT_H

#include <stdarg.h>
#include <stddef.h>

char *vstrfmt(const char *fmt, va_list ap);
char *strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Makes text safe to print to a terminal and to put in JSON, in place, and
 * returns it (NULL stays NULL): every control character but newline and
 * tab, DEL, the UTF-8 forms of the C1 controls and every byte that is not
 * part of UTF-8 text become '?'. For text a bot wrote (its error
 * messages), which could otherwise move the cursor, clear the screen or
 * retitle the window of the person at the table, or lose a record line. */
char *strfmt_printable(char *text);
/* As strfmt_printable, and newline and tab become '?' too: for a bot's
 * words printed inside one of the referee's lines (a fault's reason),
 * where a newline would let the bot print a line that looks like ours. */
char *strfmt_one_line(char *text);
/* Lua names a table, a function, a userdata or a thread with its address
 * ("table: 0x55d0c8a4f2a0", and string.format's %p), which differs from
 * process to process: quoted in a fault's reason it would make the records
 * of one seed differ. Each "0x" and 6 or more hex digits becomes
 * "(address)". Takes text (malloc'd) and returns it or a new copy that
 * replaces it; NULL stays NULL, and out of memory gives text as it was. */
char *strfmt_without_addresses(char *text);
/* A copy of text in buf to quote in a message: as strfmt_printable, and
 * newline and tab become '?' too. For what a person or a file name gave
 * (a command-line argument, a path, a move typed), which is quoted back on
 * one line. A text too long for buf is cut where a character begins and
 * ends in "..." (in buffers of 8 bytes or more). Returns buf. */
const char *strfmt_shown(const char *text, char *buf, size_t size);
/* Does text hold any control character (newline and tab included), DEL or
 * a C1 control? For names and moves read from a file someone else may
 * have written (a saved game, a tournament's lines): such a text is
 * refused rather than printed. */
int strfmt_has_control(const char *text);
/* Are the len bytes at text UTF-8 text? JSON (records, saves, tournament
 * lines) holds nothing else: a text a script hands the kernel is checked
 * with this where it enters, so it can never be dropped where it leaves. */
int strfmt_utf8(const char *text, size_t len);
/* Are the len bytes at text all printable ASCII (space to '~')? Eight at
 * a time: for texts checked on the hot path, which nearly always are. */
int strfmt_plain_ascii(const char *text, size_t len);
/* Copies text into out (size bytes, size >= 1) as snprintf's "%s" would,
 * cut to fit and ended by a NUL, and returns the bytes copied. For names
 * copied on the hot path (a card's, a meld's prefix), where snprintf's
 * format parsing costs more than the rest of the work. */
size_t strfmt_copy(char *out, size_t size, const char *text);
/* Writes v in decimal at out, which holds STRFMT_INT_SIZE bytes, ended by
 * a NUL, and returns its length: snprintf's "%lld" without its format
 * parsing, for numbers written on the hot path (events, notes, a
 * tournament's lines). */
#define STRFMT_INT_SIZE 21
size_t strfmt_int(char *out, long long v);
/* Is name fit to name a zone or an account: 1 to max bytes of UTF-8 text
 * without spaces, control characters, quotes or backslashes (names are
 * printed, typed and written into JSON)? */
int strfmt_name_ok(const char *name, size_t max);

#endif
