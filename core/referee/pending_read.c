/* Reading what a rules script's pending(t) returns: every field read raw
 * (the table is the rules' and is read outside their protected call, where
 * a metamethod of theirs could fail), every move text checked to be one a
 * person can type back. */
#include "pending_read.h"

#include <lauxlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "../kernel/ask.h"
#include "../kernel/move_text.h"
#include "../kernel/strfmt.h"

/* A formatted reason for a malformed pending table, kept until the next
 * (the referee reads one pending table at a time). */
static const char *why_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static const char *why_text(const char *fmt, ...)
{
    static char why[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return why;
}

static const char *pending_move(const void *texts, int i)
{
    return ((const char *const *)texts)[i];
}

/* Reads one seat's list of moves. stack: ..., list */
static const char *read_moves(lua_State *L, Pending *p, int slot, int list)
{
    if (!lua_istable(L, list))
        return "moves must be a list of move texts";
    p->first[slot] = p->ntexts;
    for (lua_Integer i = 1; lua_rawgeti(L, list, i) != LUA_TNIL; i++) {
        if (lua_type(L, -1) != LUA_TSTRING) {
            lua_pop(L, 1);
            return "every move must be a string";
        }
        if (!pending_add_text(p, lua_tostring(L, -1))) {
            lua_pop(L, 1);
            return "out of memory";
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2); /* the final nil and the list */
    p->count[slot] = p->ntexts - p->first[slot];
    if (!p->count[slot])
        return "a seat that is asked must have at least one legal move";
    const char *const *texts = p->texts + p->first[slot];
    for (int i = 0; i < p->count[slot]; i++) {
        const char *why = move_text_problem(texts[i], strlen(texts[i]));
        if (why)
            return why_text(MOVE_PROBLEM_FMT, i + 1, texts[i], why);
    }
    int earlier, again = move_texts_repeat(p->count[slot], pending_move, texts, &earlier);
    if (again >= 0)
        return why_text(MOVE_REPEAT_FMT, earlier + 1, again + 1, texts[again]);
    return NULL;
}

/* Pushes t[key] of the table at idx, read raw: the table is the rules'
 * and read outside their protected call, where a metamethod of theirs
 * could fail. The lists in it are read raw too (lua_rawgeti). */
static int rawfield(lua_State *L, int idx, const char *key)
{
    lua_pushstring(L, key);
    return lua_rawget(L, idx);
}

/* A pending table's kind or prompt at idx: a text fit to show at the
 * prompt, or nil (*out NULL). */
static const char *read_label(lua_State *L, int idx, const char *what, size_t size,
                              const char **out)
{
    *out = NULL;
    if (lua_isnil(L, idx))
        return NULL;
    if (lua_type(L, idx) != LUA_TSTRING)
        return why_text("%s must be a text, shown at the prompt (or nil), not a %s", what,
                        luaL_typename(L, idx));
    size_t len;
    const char *text = lua_tolstring(L, idx, &len);
    /* As t:ask limits them: a prompt of a megabyte would fill the screen. */
    if (len >= size) {
        char shown[80];
        return why_text("%s '%s' is %zu bytes: at most %zu fit", what,
                        strfmt_shown(text, shown, sizeof shown), len, size - 1);
    }
    const char *problem = label_text_problem(text, len);
    if (problem) {
        char shown[80];
        return why_text("%s '%s' %s", what, strfmt_shown(text, shown, sizeof shown), problem);
    }
    *out = text;
    return NULL;
}

const char *pending_read(lua_State *L, int idx, int nseats, Pending *p)
{
    const char *why;
    p->ntexts = 0;
    p->nseats = 0;
    rawfield(L, idx, "kind");
    rawfield(L, idx, "prompt");
    if ((why = read_label(L, -2, "kind", ASK_KIND_LEN, &p->kind)) ||
        (why = read_label(L, -1, "prompt", ASK_PROMPT_LEN, &p->prompt)))
        return why;
    if (!p->kind)
        p->kind = "move";
    lua_pop(L, 2); /* the strings stay alive in the pending table */
    rawfield(L, idx, "hidden");
    p->hidden = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (rawfield(L, idx, "window") == LUA_TTABLE) {
        int window = lua_gettop(L);
        p->window = 1;
        rawfield(L, idx, "policy");
        p->policy = CLAIM_ORDER;
        if (!lua_isnil(L, -1) && (!lua_isstring(L, -1) ||
                                  !claim_policy_parse(lua_tostring(L, -1), &p->policy)))
            return "policy must be \"order\", \"random\" or \"arrival\"";
        lua_pop(L, 1);
        rawfield(L, idx, "moves");
        int moves = lua_gettop(L);
        if (!lua_istable(L, moves))
            return "a claim window needs moves = {[seat] = {...}, ...}";
        for (lua_Integer i = 1; lua_rawgeti(L, window, i) != LUA_TNIL; i++) {
            lua_Integer s = lua_tointeger(L, -1);
            lua_pop(L, 1);
            if (s < 1 || s > nseats || p->nseats >= MAX_SEATS)
                return "window must list seat numbers";
            p->seats[p->nseats] = (int)s;
            lua_rawgeti(L, moves, s);
            if ((why = read_moves(L, p, p->nseats, lua_gettop(L))))
                return why;
            p->nseats++;
        }
        lua_pop(L, 3);
        if (!p->nseats)
            return "a claim window needs at least one seat";
        rawfield(L, idx, "start");
        p->start = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : p->seats[0];
        lua_pop(L, 1);
        return NULL;
    }
    lua_pop(L, 1);
    p->window = 0;
    rawfield(L, idx, "seat");
    lua_Integer s = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (s < 1 || s > nseats)
        return "pending needs seat = a seat number (or window = {seats})";
    p->seats[0] = p->start = (int)s;
    p->nseats = 1;
    rawfield(L, idx, "moves");
    return read_moves(L, p, 0, lua_gettop(L));
}
