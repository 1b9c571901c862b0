#include "rules_reply.h"

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../kernel/strfmt.h"

#define SHAPE "{winners = {seat, ...}, scores = {one number per seat}, places = {one place per seat}, message = \"...\"}"

/* The number of keys of the table at idx, whatever they are. */
static lua_Integer key_count(lua_State *L, int idx)
{
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        n++;
    }
    return n;
}

/* What the value on top is, for a message (made only for a value that is
 * wrong: a snprintf costs more than the rest of a check): no metamethod of
 * the rules' runs here (this is outside any protected call). */
static void describe_top(lua_State *L, char *out, size_t size)
{
    if (lua_isinteger(L, -1))
        snprintf(out, size, "%lld", (long long)lua_tointeger(L, -1));
    else if (lua_type(L, -1) == LUA_TNUMBER)
        snprintf(out, size, "%g", lua_tonumber(L, -1));
    else if (lua_type(L, -1) == LUA_TSTRING)
        snprintf(out, size, "\"%.40s\"", lua_tostring(L, -1));
    else
        snprintf(out, size, "a %s", lua_typename(L, lua_type(L, -1)));
}

static int check_winners(lua_State *L, int list, int nseats, char *why, size_t size)
{
    if (lua_type(L, list) != LUA_TTABLE) {
        snprintf(why, size, "winners is %s: it must be a list of the winning seats (every seat "
                            "sharing a draw), such as winners = {2}",
                 lua_isnil(L, list) ? "missing" : lua_typename(L, lua_type(L, list)));
        return 0;
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, list);
    if (n == 0 || key_count(L, list) != n) {
        snprintf(why, size, "winners must be a list of at least one seat number (every seat "
                            "sharing a draw), such as winners = {2}");
        return 0;
    }
    unsigned long seen = 0;
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, list, i);
        int exact;
        lua_Integer seat = lua_tointegerx(L, -1, &exact);
        int number = lua_type(L, -1) == LUA_TNUMBER;
        if (!number || !exact || seat < 1 || seat > nseats) {
            char what[64];
            describe_top(L, what, sizeof what);
            lua_pop(L, 1);
            snprintf(why, size, "winners[%lld] is %s, not a seat: winners lists seat numbers "
                                "from 1 to %d", (long long)i, what, nseats);
            return 0;
        }
        lua_pop(L, 1);
        if (seen & (1ul << seat)) {
            snprintf(why, size, "winners names seat %lld twice: each winner once", (long long)seat);
            return 0;
        }
        seen |= 1ul << seat;
    }
    return 1;
}

/* A list of one finite number per seat, named `name` in what is wrong
 * (`alternative` says what else it may be). */
static int check_numbers(lua_State *L, int list, int nseats, const char *name,
                         const char *alternative, char *why, size_t size)
{
    if (lua_type(L, list) != LUA_TTABLE || lua_rawlen(L, list) != (size_t)nseats ||
        key_count(L, list) != nseats) {
        snprintf(why, size, "%s must be a list of one number per seat (%d)%s", name, nseats,
                 alternative);
        return 0;
    }
    for (int i = 1; i <= nseats; i++) {
        lua_rawgeti(L, list, i);
        if (lua_type(L, -1) != LUA_TNUMBER || !isfinite(lua_tonumber(L, -1))) {
            char what[64];
            describe_top(L, what, sizeof what);
            lua_pop(L, 1);
            snprintf(why, size, "%s[%d] is %s, not a finite number: %s holds one number per seat",
                     name, i, what, name);
            return 0;
        }
        lua_pop(L, 1);
    }
    return 1;
}

static int check_scores(lua_State *L, int list, int nseats, char *why, size_t size)
{
    return lua_isnil(L, list) ||
           check_numbers(L, list, nseats, "scores", ", or left out", why, size);
}

/* places, when given: each seat's finishing place, a whole number from 1
 * (equal places tie), 1 for the winners and only for them. */
static int check_places(lua_State *L, int list, int winners, int nseats, char *why, size_t size)
{
    if (lua_isnil(L, list))
        return 1;
    if (!check_numbers(L, list, nseats, "places", ", or left out", why, size))
        return 0;
    unsigned long won = 0;
    for (lua_Integer i = 1; i <= (lua_Integer)lua_rawlen(L, winners); i++) {
        lua_rawgeti(L, winners, i);
        won |= 1ul << lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    for (int s = 1; s <= nseats; s++) {
        lua_rawgeti(L, list, s);
        int exact;
        lua_Integer place = lua_tointegerx(L, -1, &exact);
        lua_pop(L, 1);
        if (!exact || place < 1 || place > nseats) {
            snprintf(why, size, "places[%d] is not a place: each seat's place is a whole number "
                                "from 1 (first) to %d", s, nseats);
            return 0;
        }
        if ((place == 1) != !!(won & (1ul << s))) {
            snprintf(why, size, "places[%d] is %lld, but seat %d %s: the winners, and only they, "
                                "are in place 1", s, (long long)place, s,
                     won & (1ul << s) ? "is a winner" : "is not a winner");
            return 0;
        }
    }
    return 1;
}

int standing_check(lua_State *L, int idx, int nseats, char *why, size_t size)
{
    return check_numbers(L, lua_absindex(L, idx), nseats, "standing", "", why, size);
}

int result_check(lua_State *L, int idx, int nseats, char *why, size_t size)
{
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, "winners");
    lua_getfield(L, idx, "scores");
    lua_getfield(L, idx, "places");
    lua_getfield(L, idx, "message");
    int top = lua_gettop(L);
    int ok = check_winners(L, top - 3, nseats, why, size) &&
             check_scores(L, top - 2, nseats, why, size) &&
             check_places(L, top - 1, top - 3, nseats, why, size);
    if (ok && !lua_isnil(L, top) && lua_type(L, top) != LUA_TSTRING) {
        snprintf(why, size, "message must be a text, or left out");
        ok = 0;
    }
    /* The message is kept in records (JSON); it is announced with its
     * control characters shown as '?' (README: what a game prints). */
    size_t len;
    const char *message = ok && lua_type(L, top) == LUA_TSTRING ? lua_tolstring(L, top, &len) : NULL;
    if (message && !strfmt_utf8(message, len)) {
        snprintf(why, size, "message must be UTF-8 text (is the rules script saved as UTF-8?)");
        ok = 0;
    }
    lua_settop(L, top - 4);
    if (!ok) {
        size_t len = 0;
        while (why[len])
            len++;
        snprintf(why + len, size - len, " (a result is %s)", SHAPE);
    }
    return ok;
}

int result_reply_check(lua_State *L, int idx, int nseats, char *why, size_t size)
{
    if (lua_isnil(L, idx))
        return 1;
    if (lua_istable(L, idx))
        return result_check(L, idx, nseats, why, size);
    snprintf(why, size, "it gave a %s: a result is nil while the game goes on, then %s",
             luaL_typename(L, idx), SHAPE);
    return 0;
}

int reply_text_check(lua_State *L, int idx, const char *what, char *why, size_t size)
{
    if (lua_type(L, idx) != LUA_TSTRING) {
        char got[64];
        lua_pushvalue(L, idx);
        describe_top(L, got, sizeof got);
        lua_pop(L, 1);
        snprintf(why, size, "%s is %s, not a text", what, got);
        return 0;
    }
    size_t len;
    const char *text = lua_tolstring(L, idx, &len);
    const char *wrong =
        len > REPLY_TEXT_MAX ? "must be at most 400 bytes"
        : !strfmt_utf8(text, len) ? "must be UTF-8 text (is the rules script saved as UTF-8?)"
        : memchr(text, '\n', len) ? "must be one line"
        : memchr(text, '\0', len) || strfmt_has_control(text)
            ? "must hold no control character (an escape would garble the terminal)"
            : NULL;
    if (wrong && len > REPLY_TEXT_MAX)
        snprintf(why, size, "%s %s, not %zu", what, wrong, len);
    else if (wrong)
        snprintf(why, size, "%s %s", what, wrong);
    return !wrong;
}

int status_check(lua_State *L, int idx, int nseats, char *why, size_t size)
{
    (void)nseats;
    idx = lua_absindex(L, idx);
    if (lua_isnil(L, idx))
        return 1;
    if (!lua_istable(L, idx)) {
        snprintf(why, size, "it gave a %s", luaL_typename(L, idx));
        return 0;
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
    if (n > REPLY_LINES_MAX || key_count(L, idx) != n) {
        snprintf(why, size, "it gave %s", n > REPLY_LINES_MAX ? "more than 64 lines"
                                                            : "a table that is not a list");
        return 0;
    }
    for (lua_Integer i = 1; i <= n; i++) {
        char what[32];
        snprintf(what, sizeof what, "line %lld", (long long)i);
        lua_rawgeti(L, idx, i);
        int ok = reply_text_check(L, -1, what, why, size);
        lua_pop(L, 1);
        if (!ok)
            return 0;
    }
    return 1;
}

int explain_check(lua_State *L, int idx, int nseats, char *why, size_t size)
{
    (void)nseats;
    return lua_isnil(L, idx) || reply_text_check(L, idx, "the reason", why, size);
}

int default_answer_check(lua_State *L, int idx, int nseats, char *why, size_t size)
{
    (void)nseats;
    return lua_isnil(L, idx) || reply_text_check(L, idx, "the move", why, size);
}

int judge_check(lua_State *L, int idx, int nseats, char *why, size_t size)
{
    (void)nseats;
    idx = lua_absindex(L, idx);
    if (!lua_isnil(L, idx))
        return reply_text_check(L, idx, "the move", why, size);
    return lua_isnil(L, idx + 1) || reply_text_check(L, idx + 1, "the reason", why, size);
}
