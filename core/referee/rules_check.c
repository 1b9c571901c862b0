/* What a game definition holds besides its functions (its description,
 * players, options and default bot), checked once as the rules load: the
 * option checks, the listing and the seat count then meet values of the
 * kinds they read, and a script that gets one wrong is refused with what
 * is wrong, never left to crash the referee later. */
#include "rules_check.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include "../kernel/limits.h"
#include "../lua/lua_copy.h"
#include "../lua/lua_json.h"
#include "options.h"

/* A name --set NAME=VALUE can give: letters, digits and _, not first a digit. */
static int is_option_name(const char *s)
{
    if (!*s || (*s >= '0' && *s <= '9'))
        return 0;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

static int is_plain(int type)
{
    return type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING;
}

/* Each check returns NULL or pushes and returns what is wrong. */

static const char *check_players(lua_State *L, int def)
{
    int type = lua_getfield(L, def, "players");
    int t = lua_gettop(L);
    if (type == LUA_TNIL)
        return NULL;
    if (type != LUA_TTABLE)
        return lua_pushfstring(L, "players is a %s: make it {min = m, max = n}", lua_typename(L, type));
    lua_Integer bound[2] = {1, MAX_SEATS};
    const char *which[2] = {"min", "max"};
    for (int i = 0; i < 2; i++) {
        int isnum;
        type = lua_getfield(L, t, which[i]);
        lua_Integer n = lua_tointegerx(L, -1, &isnum);
        if (type != LUA_TNIL && (!isnum || n < 1 || n > MAX_SEATS))
            return lua_pushfstring(L, "players.%s must be a whole number from 1 to %d", which[i], MAX_SEATS);
        if (type != LUA_TNIL)
            bound[i] = n;
    }
    if (bound[0] > bound[1])
        return lua_pushfstring(L, "players.min (%I) is more than players.max (%I)", bound[0], bound[1]);
    /* people: the seats a person may take (the app: seat 1, "You"). */
    type = lua_getfield(L, t, "people");
    if (type == LUA_TNIL)
        return NULL;
    lua_Unsigned n = type == LUA_TTABLE ? lua_rawlen(L, -1) : 0;
    for (lua_Unsigned i = 1; i <= n; i++) {
        int isnum;
        lua_rawgeti(L, -1, (lua_Integer)i);
        lua_Integer s = lua_tointegerx(L, -1, &isnum);
        lua_pop(L, 1);
        if (!isnum || s < 1 || s > bound[1])
            n = 0;
    }
    if (n == 0)
        return lua_pushfstring(L, "players.people must list the seats a person may take, each from 1 "
                                  "to %I", bound[1]);
    return NULL;
}

/* The option at opt, the i-th. names: the names seen so far (a set). */
static const char *check_option(lua_State *L, int opt, lua_Integer i, int names)
{
    if (lua_type(L, opt) != LUA_TTABLE)
        return lua_pushfstring(L, "option %I is a %s: make it {name = ..., default = ...}", i,
                               luaL_typename(L, opt));
    if (lua_getfield(L, opt, "name") != LUA_TSTRING || !is_option_name(lua_tostring(L, -1)))
        return lua_pushfstring(L, "option %I needs a name of letters, digits and _ (as --set NAME=VALUE "
                                  "gives it)", i);
    const char *name = lua_tostring(L, -1);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, names) != LUA_TNIL)
        return lua_pushfstring(L, "option %I's name '%s' is an earlier option's too", i, name);
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushboolean(L, 1);
    lua_rawset(L, names);
    int dtype = lua_getfield(L, opt, "default"), dflt = lua_gettop(L);
    if (!is_plain(dtype) && dtype != LUA_TTABLE)
        return lua_pushfstring(L, "option '%s' needs a default: true or false, a number, a text or a "
                                  "table (not %s)", name, lua_typename(L, dtype));
    if (dtype == LUA_TNUMBER && lua_tonumber(L, dflt) != lua_tonumber(L, dflt))
        return lua_pushfstring(L, "option '%s''s default is not a number (NaN)", name);
    /* The effective options go into saves and records, which are JSON. */
    int problem = options_value_problem(L, dflt);
    if (problem > 0)
        return lua_pushfstring(L, "option '%s''s default %s printable UTF-8 text (is the rules script "
                                  "saved as UTF-8?)", name,
                               dtype == LUA_TTABLE ? "holds a text that is not" : "must be");
    if (problem < 0)
        return lua_pushfstring(L, "option '%s''s default is nested more than %d deep: a record could "
                                  "not hold it", name, COPY_MAX_DEPTH);
    if (dtype == LUA_TTABLE) {
        char err[200];
        char *json = ljson_encode(L, dflt, err, sizeof err);
        if (!json)
            return lua_pushfstring(L, "option '%s''s default cannot go into a record: %s", name, err);
        free(json);
    }
    const char *limit[2] = {"min", "max"};
    for (int k = 0; k < 2; k++) {
        int type = lua_getfield(L, opt, limit[k]);
        if (type == LUA_TNIL)
            continue;
        if (dtype != LUA_TNUMBER)
            return lua_pushfstring(L, "option '%s' has a %s, but its default is not a number", name, limit[k]);
        if (type != LUA_TNUMBER || lua_tonumber(L, -1) != lua_tonumber(L, -1))
            return lua_pushfstring(L, "option '%s''s %s must be a number", name, limit[k]);
        if (k == 0 ? lua_tonumber(L, dflt) < lua_tonumber(L, -1) : lua_tonumber(L, dflt) > lua_tonumber(L, -1))
            return lua_pushfstring(L, "option '%s''s default is %s its %s", name, k == 0 ? "below" : "above",
                                   limit[k]);
    }
    if (lua_getfield(L, opt, "seat") != LUA_TNIL &&
        (lua_type(L, -1) != LUA_TBOOLEAN || !lua_isinteger(L, dflt) || lua_tointeger(L, dflt) < 0))
        return lua_pushfstring(L, "option '%s''s seat must be true or false, and a seat option's "
                                  "default a whole number (0 for none)", name);
    int type = lua_getfield(L, opt, "help");
    if (type != LUA_TNIL && type != LUA_TSTRING)
        return lua_pushfstring(L, "option '%s''s help must be a text", name);
    type = lua_getfield(L, opt, "check");
    if (type != LUA_TNIL && type != LUA_TFUNCTION)
        return lua_pushfstring(L, "option '%s''s check must be a function", name);
    type = lua_getfield(L, opt, "choices");
    if (type == LUA_TNIL)
        return NULL;
    int choices = lua_gettop(L);
    lua_Integer n = type == LUA_TTABLE ? (lua_Integer)lua_rawlen(L, choices) : 0;
    if (n == 0 || !is_plain(dtype))
        return lua_pushfstring(L, "option '%s''s choices must list the values it takes, of its "
                                  "default's kind (true or false, a number or a text)", name);
    int found = 0;
    for (lua_Integer c = 1; c <= n; c++) {
        if (lua_rawgeti(L, choices, c) != dtype)
            return lua_pushfstring(L, "option '%s''s choice %I is not of its default's kind", name, c);
        found |= lua_rawequal(L, -1, dflt);
        lua_pop(L, 1);
    }
    if (!found)
        return lua_pushfstring(L, "option '%s''s default is not one of its choices", name);
    return NULL;
}

const char *rules_check(lua_State *L, int def)
{
    def = lua_absindex(L, def);
    const char *why = check_players(L, def);
    const char *field[2] = {"description", "default_bot"};
    for (int k = 0; !why && k < 2; k++) {
        int type = lua_getfield(L, def, field[k]);
        if (type != LUA_TNIL && type != LUA_TSTRING)
            why = lua_pushfstring(L, "%s must be a text", field[k]);
    }
    int type = why ? LUA_TNIL : lua_getfield(L, def, "options");
    if (!why && type != LUA_TNIL && type != LUA_TTABLE)
        why = lua_pushfstring(L, "options is a %s: make it a list of options", lua_typename(L, type));
    if (!why && type == LUA_TTABLE) {
        int options = lua_gettop(L);
        lua_newtable(L);
        int names = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, options);
        for (lua_Integer i = 1; !why && i <= n; i++) {
            lua_rawgeti(L, options, i);
            why = check_option(L, lua_gettop(L), i, names);
            if (!why)
                lua_settop(L, names);
        }
    }
    return why;
}
