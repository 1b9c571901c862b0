#include "options.h"
#include "rules_players.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../lua/lua_copy.h"
#include "../lua/lua_json.h"
#include "../lua/lua_weak.h"
#include "../guards/script.h"
#include "../kernel/limits.h"
#include "../kernel/spelling.h"
#include "../kernel/strfmt.h"

/* Looks into the value at idx for a text (a key or a value, at any depth)
 * holding a control character or bytes that are no UTF-8: 1 when one does, -1 when it nests deeper
 * than COPY_MAX_DEPTH (a save could not hold it), else 0. seen (absolute)
 * is a table of the tables looked into: each is looked into once, so one
 * that is shared or holds itself costs no more than a tree. */
static int look_into(lua_State *L, int idx, int seen, int depth)
{
    if (lua_type(L, idx) == LUA_TSTRING) {
        size_t len;
        const char *text = lua_tolstring(L, idx, &len);
        return strfmt_has_control(text) || !strfmt_utf8(text, len);
    }
    if (lua_type(L, idx) != LUA_TTABLE)
        return 0;
    if (depth >= COPY_MAX_DEPTH || !lua_checkstack(L, 3))
        return -1;
    lua_pushvalue(L, idx);
    if (lua_rawget(L, seen) != LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawset(L, seen);
    int found = 0;
    lua_pushnil(L);
    while (!found && lua_next(L, idx)) {
        int top = lua_gettop(L);
        found = look_into(L, top - 1, seen, depth + 1);
        if (!found)
            found = look_into(L, top, seen, depth + 1);
        lua_pop(L, found ? 2 : 1);
    }
    return found;
}

int options_value_problem(lua_State *L, int idx)
{
    int value = lua_absindex(L, idx), top = lua_gettop(L);
    lua_newtable(L);
    int found = look_into(L, value, top + 1, 0);
    lua_settop(L, top);
    return found;
}

/* Refuses (0, with why pushed) an option value holding a control
 * character or no UTF-8, or nested too deep for a save. stack: ..., value */
static int fit_for_a_save(lua_State *L, const char *name)
{
    int found = options_value_problem(L, -1);
    if (found > 0)
        lua_pushfstring(L, "option '%s' holds a control character (a tab, a newline, an escape) "
                           "or bytes that are no UTF-8 text: give it printable UTF-8 text", name);
    else if (found < 0)
        lua_pushfstring(L, "option '%s' is nested more than %d deep: a save could not hold it", name,
                        COPY_MAX_DEPTH);
    return !found;
}

/* Refuses (0, with why pushed) a table option that a save could not hold
 * for other reasons (a function, a cycle, a table held in very many places,
 * a list with gaps), found by writing it: such tables come only from the
 * Lua module, and this runs once a game. stack: ..., value */
static int writes_as_json(lua_State *L, const char *name)
{
    if (!lua_istable(L, -1))
        return 1;
    char why[300];
    char *json = ljson_encode(L, -1, why, sizeof why);
    if (!json) {
        lua_pushfstring(L, "option '%s' cannot be saved as JSON: %s", name, why);
        return 0;
    }
    free(json);
    return 1;
}

/* Pushes and returns a description of what an option allows. */
static const char *describe_option(lua_State *L, int opt)
{
    char buf[512];
    size_t n = 0;
    int t = lua_getfield(L, opt, "default");
    int isint = lua_isinteger(L, -1);
    lua_pop(L, 1);
    int has_choices = lua_getfield(L, opt, "choices") == LUA_TTABLE;
    if (!has_choices)
        lua_pop(L, 1);
    if (has_choices) {
        n += (size_t)snprintf(buf, sizeof buf, "one of ");
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL && n < sizeof buf; i++) {
            const char *c = luaL_tolstring(L, -1, NULL);
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i > 1 ? ", " : "", c);
            lua_pop(L, 2);
        }
        lua_pop(L, 2); /* the final nil and the choices */
    } else if (t == LUA_TBOOLEAN) {
        snprintf(buf, sizeof buf, "true or false");
    } else if (t == LUA_TNUMBER) {
        n += (size_t)snprintf(buf, sizeof buf, "%s", isint ? "an integer" : "a number");
        int hasmin = lua_getfield(L, opt, "min") == LUA_TNUMBER;
        int hasmax = lua_getfield(L, opt, "max") == LUA_TNUMBER;
        const char *lo = hasmin ? luaL_tolstring(L, -2, NULL) : NULL;
        const char *hi = hasmax ? luaL_tolstring(L, hasmin ? -2 : -1, NULL) : NULL;
        if (lo && hi)
            snprintf(buf + n, sizeof buf - n, " from %s to %s", lo, hi);
        else if (lo)
            snprintf(buf + n, sizeof buf - n, " of at least %s", lo);
        else if (hi)
            snprintf(buf + n, sizeof buf - n, " of at most %s", hi);
        lua_pop(L, 2 + hasmin + hasmax);
    } else if (t == LUA_TTABLE) {
        snprintf(buf, sizeof buf, "a table (as JSON)");
    } else {
        snprintf(buf, sizeof buf, "a string");
    }
    return lua_pushstring(L, buf);
}

/* Converts a --set string to the option's type. stack: ..., text -> value or nil */
static int convert_text(lua_State *L, int opt, const char *text)
{
    lua_getfield(L, opt, "default");
    int t = lua_type(L, -1), isint = lua_isinteger(L, -1);
    lua_pop(L, 1);
    if (t == LUA_TBOOLEAN) {
        if (!strcmp(text, "true") || !strcmp(text, "on") || !strcmp(text, "yes") || !strcmp(text, "1"))
            lua_pushboolean(L, 1);
        else if (!strcmp(text, "false") || !strcmp(text, "off") || !strcmp(text, "no") || !strcmp(text, "0"))
            lua_pushboolean(L, 0);
        else
            return 0;
    } else if (t == LUA_TNUMBER) {
        if (!lua_stringtonumber(L, text))
            return 0;
        if (isint && !lua_isinteger(L, -1)) {
            lua_pop(L, 1);
            return 0;
        }
    } else if (t == LUA_TTABLE) {
        char err[200];
        if (!ljson_decode(L, text, err, sizeof err) || !lua_istable(L, -1))
            return 0;
    } else {
        lua_pushstring(L, text);
    }
    return 1;
}

/* Checks a value against its option. stack: ..., value. Returns 1 if good. */
static int option_accepts(lua_State *L, int opt, int value)
{
    lua_getfield(L, opt, "default");
    int t = lua_type(L, -1), isint = lua_isinteger(L, -1);
    lua_pop(L, 1);
    if (lua_type(L, value) != t || (isint && !lua_isinteger(L, value)))
        return 0;
    if (t == LUA_TNUMBER) {
        lua_Number v = lua_tonumber(L, value);
        if (lua_getfield(L, opt, "min") == LUA_TNUMBER && v < lua_tonumber(L, -1)) {
            lua_pop(L, 1);
            return 0;
        }
        if (lua_getfield(L, opt, "max") == LUA_TNUMBER && v > lua_tonumber(L, -1)) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 2);
    }
    int found = 1;
    if (lua_getfield(L, opt, "choices") == LUA_TTABLE) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        found = 0;
        for (lua_Integer i = 1; i <= n && !found; i++) {
            lua_rawgeti(L, -1, i);
            found = lua_compare(L, -1, value, LUA_OPEQ);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return found;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Pushes the options table: defaults, overridden by the given values.
 * Returns 0 and pushes a message when an option is unknown or bad. */
/* Sets each option of the list at opts (nopts of them) to a copy of its
 * default in the table at result. */
static void fill_defaults(lua_State *L, int result, int opts, lua_Integer nopts)
{
    for (lua_Integer i = 1; i <= nopts; i++) {
        lua_rawgeti(L, opts, i);
        if (lua_getfield(L, -1, "name") != LUA_TSTRING) { /* rules_check refuses it as the rules load */
            lua_pop(L, 2);
            continue;
        }
        lua_getfield(L, -2, "default");
        lcopy(L, -1);
        lua_remove(L, -2);
        lua_setfield(L, result, lua_tostring(L, -2));
        lua_pop(L, 2);
    }
}

/* The names of the options given (the table at given), in name order so
 * that the first error is always the same; at most max. */
static int given_names(lua_State *L, int given, const char **names, int max)
{
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, given) && n < max) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING)
            names[n++] = lua_tostring(L, -1);
    }
    qsort(names, (size_t)n, sizeof *names, compare_names);
    return n;
}

/* Pushes the option called name from the list at opts and returns its
 * index; 0, pushing nothing, when the game has none so called. */
static int find_option(lua_State *L, int opts, lua_Integer nopts, const char *name)
{
    for (lua_Integer i = 1; i <= nopts; i++) {
        lua_rawgeti(L, opts, i);
        lua_getfield(L, -1, "name");
        if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), name) == 0) {
            lua_pop(L, 1);
            return lua_gettop(L);
        }
        lua_pop(L, 2);
    }
    return 0;
}

/* Pushes why name is no option of game, with the options it has. */
static void push_unknown(lua_State *L, int opts, lua_Integer nopts, const char *name,
                         const char *game)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (lua_Integer i = 1; i <= nopts; i++) {
        lua_rawgeti(L, opts, i);
        lua_getfield(L, -1, "name");
        lua_remove(L, -2);
        if (i > 1)
            luaL_addstring(&b, ", ");
        if (lua_type(L, -1) == LUA_TSTRING)
            luaL_addvalue(&b);
        else
            lua_pop(L, 1);
    }
    luaL_pushresult(&b);
    const char *names[64] = {NULL};
    int n = 0;
    luaL_checkstack(L, 2 * 64 + 4, "options");
    for (lua_Integer i = 1; i <= nopts && n < 64; i++) {
        lua_rawgeti(L, opts, i);
        lua_getfield(L, -1, "name"); /* left on the stack: names[] point into them */
        names[n++] = lua_tostring(L, -1);
    }
    const char *meant = spelling_nearest(name, names, n);
    char shown[64];
    lua_pushfstring(L, "unknown option '%s' for %s; %s%s%s%s", strfmt_shown(name, shown, sizeof shown),
                    game, meant ? "did you mean '" : "", meant ? meant : "", meant ? "'? " : "",
                    nopts ? lua_pushfstring(L, "its options are: %s", lua_tostring(L, -1 - 2 * n))
                          : "it has no options");
}

/* Pushes why the value on top is refused for the option at opt. */
static void push_refused(lua_State *L, int opt, const char *name)
{
    /* A value is named as given; a table or a function by its kind (its
     * address would tell the person nothing). */
    int type = lua_type(L, -1);
    const char *got = type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TUSERDATA ||
                              type == LUA_TTHREAD
                          ? lua_pushfstring(L, "a %s", lua_typename(L, type))
                          : luaL_tolstring(L, -1, NULL);
    lua_pushfstring(L, type == LUA_TSTRING ? "option '%s' must be %s, not '%s'"
                                           : "option '%s' must be %s, not %s",
                    name, describe_option(L, opt), got);
}

/* Pushes the value given (the table at given) for the option at opt
 * called name: a text converted by the default's kind, fit for a save,
 * accepted by the option and its check. 0 with why pushed. */
/* Replaces a table value at the top with a copy of it, and returns 1: the
 * options a game takes are its own, never written again (every game's
 * copy of them is written once as code, frozen_copy.h), while the host
 * that gave the table, or an option's check that was handed it, may keep
 * it and write to it later. */
static int keep_own_copy(lua_State *L)
{
    if (lua_istable(L, -1)) {
        lcopy(L, -1);
        lua_replace(L, -2);
    }
    return 1;
}

static int take_given(lua_State *L, int given, int opt, const char *name)
{
    lua_getfield(L, given, name);
    if (lua_type(L, -1) == LUA_TSTRING && !strfmt_has_control(lua_tostring(L, -1))) {
        const char *text = lua_tostring(L, -1);
        if (!convert_text(L, opt, text)) {
            lua_pushfstring(L, "option '%s' must be %s, not '%s'", name, describe_option(L, opt),
                            text);
            return 0;
        }
        lua_remove(L, -2);
    }
    /* A save holds the options, and a save with a control character is
     * refused as it loads (game_record.c): none gets in, neither as a text
     * nor inside a table (--set NAME=JSON). */
    if (!fit_for_a_save(L, name))
        return 0;
    if (!option_accepts(L, opt, lua_gettop(L))) {
        push_refused(L, opt, name);
        return 0;
    }
    if (!writes_as_json(L, name))
        return 0;
    if (lua_getfield(L, opt, "check") != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return keep_own_copy(L);
    }
    /* A custom check returns true, or nil and why. */
    lua_pushvalue(L, -2);
    if (script_pcall_rules(L, 1, 2) != LUA_OK)
        return 0;
    if (!lua_toboolean(L, -2)) {
        /* The rules' words, printed by every mode: on one line, with their
         * control characters as '?'. */
        char *why = strfmt("%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "refused by the game");
        lua_pushfstring(L, "option '%s': %s", name, why ? strfmt_one_line(why) : "?");
        free(why);
        return 0;
    }
    lua_pop(L, 2);
    return keep_own_copy(L);
}

static int check_options(lua_State *L, const char *game, int def, int given)
{
    def = lua_absindex(L, def);
    if (given)
        given = lua_absindex(L, given);
    if (lua_getfield(L, def, "options") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
    }
    lua_Integer nopts = (lua_Integer)lua_rawlen(L, -1);
    /* Sized for every option: growing it key by key rehashed it each time. */
    lua_createtable(L, 0, (int)(nopts < 64 ? nopts : 64));
    lua_insert(L, -2);
    int result = lua_gettop(L) - 1, opts = result + 1;
    fill_defaults(L, result, opts, nopts);
    if (given) {
        const char *names[128];
        int n = given_names(L, given, names, 128);
        for (int k = 0; k < n; k++) {
            int opt = find_option(L, opts, nopts, names[k]);
            if (!opt) {
                push_unknown(L, opts, nopts, names[k], game);
                return 0;
            }
            if (!take_given(L, given, opt, names[k]))
                return 0;
            lua_setfield(L, result, names[k]);
            lua_pop(L, 1); /* the option */
        }
    }
    lua_pop(L, 1);
    return 1;
}


/* ---- the checked options, kept ----
 * A tournament or a benchmark starts thousands of games with the same
 * --set values, and checking them is a good part of starting a game. The
 * checked table is kept per rules definition (weakly: a changed rules file
 * is a new definition) and per given values, when those are all strings,
 * numbers or booleans. It is shared by the games that use it, which only
 * ever read it or copy it (setup gets a copy). */
static const char CACHE_KEY = 'o';

/* Pushes a key naming the given values, or returns 0 if any is a table (or
 * anything else that has no plain text). */
static int push_given_key(lua_State *L, int given)
{
    const char *names[128];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, given)) {
        int t = lua_type(L, -1);
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING || n == 128 ||
            !(t == LUA_TSTRING || t == LUA_TNUMBER || t == LUA_TBOOLEAN)) {
            lua_pop(L, 1);
            return 0;
        }
        names[n++] = lua_tostring(L, -1);
    }
    qsort(names, (size_t)n, sizeof *names, compare_names);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int k = 0; k < n; k++) {
        luaL_addstring(&b, names[k]);
        luaL_addchar(&b, '\0');
        lua_getfield(L, given, names[k]);
        /* the type too: "5" as text and 5 as a number may check apart */
        luaL_addchar(&b, (char)('0' + lua_type(L, -1)));
        if (lua_type(L, -1) == LUA_TBOOLEAN) {
            luaL_addchar(&b, lua_toboolean(L, -1) ? 't' : 'f');
            lua_pop(L, 1);
        } else {
            if (lua_isinteger(L, -1))
                luaL_addchar(&b, 'i');
            luaL_addvalue(&b);
        }
        luaL_addchar(&b, '\0');
    }
    luaL_pushresult(&b);
    return 1;
}

/* Pushes the cache of def's checked options, made on first use. */
static void push_cache(lua_State *L, int def)
{
    lweak_push_kept(L, &CACHE_KEY, "k");
    lua_pushvalue(L, def);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, def);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);
    }
    lua_remove(L, -2);
}

int options_check(lua_State *L, const char *game, int def, int given)
{
    def = lua_absindex(L, def);
    if (given)
        given = lua_absindex(L, given);
    if (given && !push_given_key(L, given))
        return check_options(L, game, def, given);
    if (!given)
        lua_pushliteral(L, "");
    int key = lua_gettop(L);
    push_cache(L, def);
    lua_pushvalue(L, key);
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        lua_replace(L, key);
        lua_settop(L, key);
        return 1;
    }
    lua_pop(L, 1);
    /* stack: key, cache */
    if (!check_options(L, game, def, given)) {
        lua_replace(L, key);
        lua_settop(L, key);
        return 0;
    }
    lua_pushvalue(L, key);
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
    lua_replace(L, key);
    lua_settop(L, key);
    return 1;
}

/* Options that name a seat (seat = true) hold 0 or a seat of this game:
 * their range depends on the seats given, so they are checked here, with
 * the options at opts. Returns 0 and pushes why (over the options). */
static int seat_options_fit(lua_State *L, int def, int opts, int nseats)
{
    if (lua_getfield(L, def, "options") != LUA_TTABLE) {
        lua_pop(L, 1);
        return 1;
    }
    int list = lua_gettop(L);
    for (lua_Integer i = 1; lua_rawgeti(L, list, i) == LUA_TTABLE; i++) {
        int seat = lua_getfield(L, -1, "seat") == LUA_TBOOLEAN && lua_toboolean(L, -1);
        lua_getfield(L, -2, "name");
        if (seat && lua_type(L, -1) == LUA_TSTRING) {
            const char *name = lua_tostring(L, -1);
            lua_getfield(L, opts, name);
            lua_Integer v = lua_tointeger(L, -1);
            if (v < 0 || v > nseats) {
                lua_pushfstring(L, "option '%s' names a seat: 1 to %d for this game of %d seats, or "
                                   "0 for none, not %I", name, nseats, nseats, v);
                lua_replace(L, opts);
                lua_settop(L, opts);
                return 0;
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 3);
    }
    lua_settop(L, list - 1);
    return 1;
}

int options_check_choice(lua_State *L, const char *name, int def, int nseats, int opts_idx)
{
    lua_Integer lo, hi;
    rules_players(L, def, MAX_SEATS, &lo, &hi);
    if (nseats < lo || nseats > hi || nseats > MAX_SEATS) {
        char players[48];
        rules_players_text(lo, hi, players, sizeof players);
        lua_pushfstring(L, "%s takes %s, not %d: give one --seats entry per player", name, players,
                        nseats);
        return 0;
    }
    if (!options_check(L, name, def, opts_idx))
        return 0;
    return seat_options_fit(L, def, lua_gettop(L), nseats);
}
