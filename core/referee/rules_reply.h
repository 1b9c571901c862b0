/* rules_reply: the shape of every value the referee reads back from a rules
 * script (result, standing, status, explain, judge), checked once for every
 * reader of it (run, the REPL, tournaments, the report, the Lua module): a
 * malformed value is the rules' mistake, reported as such with what would
 * be right, never a game counted with odd winners nor a text that garbles
 * a terminal or a record. Each check reads plain copies (no metamethod of
 * the rules' runs) and leaves the stack as it found it. */
#ifndef REFEREE_RULES_REPLY_H
#define REFEREE_RULES_REPLY_H

#include <lua.h>
#include <stddef.h>

/* The result table at idx: winners a list of distinct seat numbers from 1
 * to nseats, at least one; scores, when given, one finite number per seat;
 * places, when given, each seat's finishing place (1 for the winners and
 * only them); message, when given, a string. Returns 1, or 0 with what is wrong and
 * what would be right in why. */
int result_check(lua_State *L, int idx, int nseats, char *why, size_t size);

/* What standing(t) returns: one finite number per seat. As result_check. */
int standing_check(lua_State *L, int idx, int nseats, char *why, size_t size);

/* Bytes a text the table reads may take (a status line, a reason), and
 * the most lines status(t, seat) may give. */
#define REPLY_TEXT_MAX 400
#define REPLY_LINES_MAX 64

/* A text people read: a string of one line, UTF-8, without control
 * characters, at most REPLY_TEXT_MAX bytes; what names it in why. */
int reply_text_check(lua_State *L, int idx, const char *what, char *why, size_t size);

/* Each check below has the same form, so the referee reads every value
 * back through one path (game.c, read_rules): the values from idx on, for
 * a game of nseats seats. */
typedef int (*ReplyCheck)(lua_State *L, int idx, int nseats, char *why, size_t size);

/* result(t): nil while the game goes on, or a result as result_check. */
int result_reply_check(lua_State *L, int idx, int nseats, char *why, size_t size);
/* status(t, seat): a list of at most REPLY_LINES_MAX texts. */
int status_check(lua_State *L, int idx, int nseats, char *why, size_t size);
/* explain(t, seat, text): nil, or a text (why the move is not legal). */
int explain_check(lua_State *L, int idx, int nseats, char *why, size_t size);
/* default_answer(t, seat): nil, or a text (the move). */
int default_answer_check(lua_State *L, int idx, int nseats, char *why, size_t size);
/* judge(t, seat, text): two values, the move made of it (a text) or nil
 * and why it is refused (a text, or nil). */
int judge_check(lua_State *L, int idx, int nseats, char *why, size_t size);

#endif
