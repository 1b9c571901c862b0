#include "quick_format.h"

#include <lauxlib.h>
#include <string.h>
#include "stable_ids.h"
#include "stand_in.h"

/* Longer results go to Lua's own format: a prompt is far shorter. */
enum { QUICK_MAX = 512 };

/* Writes n in decimal at out; returns the length (at most 20). */
static size_t put_integer(char *out, lua_Integer n)
{
    char digits[24];
    size_t len = 0;
    /* Through the unsigned type, so that the least integer has a magnitude. */
    lua_Unsigned magnitude = n < 0 ? 0u - (lua_Unsigned)n : (lua_Unsigned)n;
    do {
        digits[len++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    size_t at = 0;
    if (n < 0)
        out[at++] = '-';
    while (len)
        out[at++] = digits[--len];
    return at;
}

/* The result in buf, or 0 when this format or an argument is one the
 * quick path leaves to Lua's own. */
static int format_plainly(lua_State *L, char *buf, size_t *used)
{
    size_t flen, at = 0;
    const char *fmt = lua_tolstring(L, 1, &flen);
    int arg = 1, top = lua_gettop(L);
    for (size_t i = 0; i < flen; i++) {
        if (fmt[i] != '%') {
            /* The text up to the next %, copied at once: a byte at a time
             * was half of a prompt's formatting. */
            const char *pct = memchr(fmt + i, '%', flen - i);
            size_t run = (size_t)((pct ? pct : fmt + flen) - (fmt + i));
            if (run > QUICK_MAX - at)
                return 0;
            memcpy(buf + at, fmt + i, run);
            at += run;
            i += run - 1;
            continue;
        }
        char spec = ++i < flen ? fmt[i] : '\0';
        if (spec == '%') {
            if (at >= QUICK_MAX)
                return 0;
            buf[at++] = '%';
        } else if (spec == 'd') {
            if (++arg > top || !lua_isinteger(L, arg) || at + 21 > QUICK_MAX)
                return 0;
            at += put_integer(buf + at, lua_tointeger(L, arg));
        } else if (spec == 's') {
            size_t slen;
            if (++arg > top || lua_type(L, arg) != LUA_TSTRING)
                return 0;
            const char *s = lua_tolstring(L, arg, &slen);
            if (slen > QUICK_MAX - at)
                return 0;
            memcpy(buf + at, s, slen);
            at += slen;
        } else
            return 0;
    }
    *used = at;
    return 1;
}

/* upvalue 1: Lua's own string.format */
static int quick_format(lua_State *L)
{
    char buf[QUICK_MAX];
    size_t used;
    if (lua_type(L, 1) == LUA_TSTRING && format_plainly(L, buf, &used)) {
        lua_pushlstring(L, buf, used);
        return 1;
    }
    /* Lua's own, run in this call's own frame: an error it raises names
     * the argument and the function as it would called directly. No
     * address reaches the text (stable_ids.h). */
    stable_ids_format_args(L);
    return stand_in_call_own(L);
}

void quick_format_install(lua_State *L, int lib)
{
    stand_in_install(L, lib, "format", quick_format);
}
