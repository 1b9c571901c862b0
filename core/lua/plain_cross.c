#include "plain_cross.h"

#include <lauxlib.h>
#include <stdint.h>
#include "lua_copy.h"

#define STRINGIFY(x) #x
#define NUMBER_TEXT(n) STRINGIFY(n)
static const char TOO_DEEP[] = "nested more than " NUMBER_TEXT(COPY_MAX_DEPTH) " deep (a cycle?)";
static const char TOO_MANY[] = "holds more than " NUMBER_TEXT(WRITE_MAX_TABLES) " tables, a table counted "
                               "once for each place that holds it (one table held in many places?)";

/* A table's first entries are kept on `from`'s stack as `next` gives them,
 * so that its size is known before it is made (and it is made before the
 * tables it holds); a bigger table's other entries are counted, then
 * copied in a second walk from the last one kept. */
#define KEPT_ENTRIES 64

typedef struct Cross {
    lua_State *to, *from;
    long tables; /* so far, a table counted once for each place that holds it */
} Cross;

/* Whether a value of this type crosses: what is not plain data is left
 * out, as a key (the entry is skipped) or as a value (nil). */
static int crosses(int type)
{
    return type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING ||
           type == LUA_TTABLE;
}

static const char *cross_value(Cross *c, int idx, int type, int depth);

/* The entry whose key is at index key of `from`, its value above it: into
 * the table on top of `to`, when both cross. A list's entry (a key from 1
 * to the list's length) goes in by its index, without the key pushed. */
static const char *cross_entry(Cross *c, int key, int depth, lua_Integer list_length)
{
    int key_type = lua_type(c->from, key), value_type = lua_type(c->from, key + 1);
    if (!crosses(key_type) || !crosses(value_type))
        return NULL;
    if (key_type == LUA_TNUMBER && lua_isinteger(c->from, key)) {
        lua_Integer i = lua_tointeger(c->from, key);
        if (i >= 1 && i <= list_length) {
            const char *why = cross_value(c, key + 1, value_type, depth + 1);
            if (!why)
                lua_rawseti(c->to, -2, i);
            return why;
        }
    }
    const char *why = cross_value(c, key, key_type, depth + 1);
    if (!why && (why = cross_value(c, key + 1, value_type, depth + 1)) != NULL)
        lua_pop(c->to, 1); /* the key alone */
    if (!why)
        lua_rawset(c->to, -3);
    return why;
}

static const char *cross_table(Cross *c, int idx, int depth)
{
    lua_State *from = c->from, *to = c->to;
    if (depth >= COPY_MAX_DEPTH || !lua_checkstack(from, 2 * KEPT_ENTRIES + 3))
        return TOO_DEEP;
    if (++c->tables > WRITE_MAX_TABLES)
        return TOO_MANY;
    int base = lua_gettop(from);
    uint32_t narray = (uint32_t)lua_rawlen(from, idx), count = 0, kept = 0;
    lua_pushnil(from);
    while (lua_next(from, idx)) {
        count++;
        if (kept < KEPT_ENTRIES) {
            kept++;
            lua_pushvalue(from, -2); /* the pair stays; its key again, for next */
        } else {
            lua_pop(from, 1);
        }
    }
    luaL_checkstack(to, 3, "plain data");
    lua_createtable(to, (int)narray, count > narray ? (int)(count - narray) : 0);
    const char *why = NULL;
    for (uint32_t i = 0; i < kept && !why; i++)
        why = cross_entry(c, base + 1 + 2 * (int)i, depth, narray);
    if (!why && count > kept) {
        lua_pushvalue(from, base + 2 * (int)kept - 1); /* the last key kept */
        while (!why && lua_next(from, idx)) {
            int key = lua_gettop(from) - 1;
            why = cross_entry(c, key, depth, narray);
            lua_settop(from, key);
        }
    }
    lua_settop(from, base);
    if (why)
        lua_pop(to, 1);
    return why;
}

static const char *cross_value(Cross *c, int idx, int type, int depth)
{
    lua_State *from = c->from, *to = c->to;
    switch (type) {
    case LUA_TBOOLEAN:
        lua_pushboolean(to, lua_toboolean(from, idx));
        return NULL;
    case LUA_TNUMBER:
        if (lua_isinteger(from, idx))
            lua_pushinteger(to, lua_tointeger(from, idx));
        else
            lua_pushnumber(to, lua_tonumber(from, idx));
        return NULL;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(from, idx, &len); /* a string: no conversion */
        lua_pushlstring(to, s, len);
        return NULL;
    }
    case LUA_TTABLE:
        return cross_table(c, idx, depth);
    default:
        lua_pushnil(to);
        return NULL;
    }
}

const char *plain_cross(lua_State *to, lua_State *from, int idx)
{
    idx = lua_absindex(from, idx);
    int from_top = lua_gettop(from);
    Cross c = {to, from, 0};
    luaL_checkstack(to, 1, "plain data");
    const char *why = cross_value(&c, idx, lua_type(from, idx), 0);
    lua_settop(from, from_top);
    return why;
}

/* The walk of plain_cross with nothing made: why the value at idx cannot
 * cross, or NULL. */
static const char *check_value(lua_State *from, int idx, int depth, long *tables)
{
    if (lua_type(from, idx) != LUA_TTABLE)
        return NULL;
    if (depth >= COPY_MAX_DEPTH || !lua_checkstack(from, 3))
        return TOO_DEEP;
    if (++*tables > WRITE_MAX_TABLES)
        return TOO_MANY;
    const char *why = NULL;
    lua_pushnil(from);
    while (!why && lua_next(from, idx)) {
        int key = lua_gettop(from) - 1;
        if (crosses(lua_type(from, key)) && crosses(lua_type(from, key + 1)) &&
            !(why = check_value(from, key, depth + 1, tables)))
            why = check_value(from, key + 1, depth + 1, tables);
        lua_settop(from, key);
    }
    return why;
}

const char *plain_cross_problem(lua_State *from, int idx)
{
    int top = lua_gettop(from);
    long tables = 0;
    const char *why = check_value(from, lua_absindex(from, idx), 0, &tables);
    lua_settop(from, top);
    return why;
}
