#include "lua_json.h"

#include <jansson.h>
#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lua_copy.h"

#define MAX_DEPTH 64

/* Where a failure is told, and how many tables the value has held so far
 * (WRITE_MAX_TABLES at most: a tree holds a shared table once per place). */
typedef struct Encoder {
    char *err;
    size_t errsize;
    long tables;
} Encoder;

static json_t *encode(lua_State *L, int idx, int depth, Encoder *e);

/* A table is an array when its keys are exactly 1..n (n may be 0). When
 * its keys are all positive integers but not 1..n, *gap gets the largest. */
static int is_array(lua_State *L, int idx, size_t *n, lua_Integer *gap)
{
    size_t count = 0;
    lua_Integer max = 0;
    *gap = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1) {
            lua_pop(L, 1);
            return 0;
        }
        if (lua_tointeger(L, -1) > max)
            max = lua_tointeger(L, -1);
        count++;
    }
    *n = count;
    if ((lua_Integer)count != max)
        *gap = max;
    return (lua_Integer)count == max;
}

/* The key on top, for a message (no metamethod runs). */
static void describe_key(lua_State *L, char *out, size_t size)
{
    if (lua_isinteger(L, -1))
        snprintf(out, size, "%lld", (long long)lua_tointeger(L, -1));
    else if (lua_type(L, -1) == LUA_TNUMBER)
        snprintf(out, size, "%g", lua_tonumber(L, -1));
    else
        snprintf(out, size, "a %s", lua_typename(L, lua_type(L, -1)));
}

/* A string key of a table being written. */
typedef struct Key {
    const char *text;
    size_t len;
} Key;

static int key_compare(const void *a, const void *b)
{
    const Key *x = a, *y = b;
    int c = memcmp(x->text, y->text, x->len < y->len ? x->len : y->len);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* An order on keys that are not strings, the same in every process:
 * numbers by value, then false and true, then the other kinds by name
 * (two tables as keys read the same in a message). */
static int key_rank(lua_State *L, int idx)
{
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER: return 0;
    case LUA_TBOOLEAN: return 1 + lua_toboolean(L, idx);
    default: return 3 + lua_type(L, idx);
    }
}

static int key_less(lua_State *L, int a, int b)
{
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb)
        return ra < rb;
    return ra == 0 && lua_compare(L, a, b, LUA_OPLT);
}

/* The sequence 1..n of the table at idx as a JSON array, or NULL. */
static json_t *encode_list(lua_State *L, int idx, size_t n, int depth, Encoder *e)
{
    json_t *arr = json_array();
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i);
        json_t *v = encode(L, lua_gettop(L), depth + 1, e);
        lua_pop(L, 1);
        if (!v) {
            json_decref(arr);
            return NULL;
        }
        json_array_append_new(arr, v);
    }
    return arr;
}

/* The string keys of the table at idx, in *keys (malloc'd; their texts
 * stay alive, as the table holds them), sorted: keys are visited in one
 * order in every process (Lua's own changes with the process), so what
 * fails first, and the message saying so, is the same everywhere, as a
 * --hashes fingerprint needs. Returns how many, or -1 with why in e: a key
 * that is not a string (the least, in key_less's order, is named), or out
 * of memory. n and gap describe the table's sequence part (is_array). */
static long string_keys(lua_State *L, int idx, size_t n, lua_Integer gap, Key **keys, Encoder *e)
{
    size_t nkeys = 0, cap = 0;
    *keys = NULL;
    int bad = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) {
            if (!bad || key_less(L, -1, bad)) {
                if (bad)
                    lua_remove(L, bad);
                lua_pushvalue(L, -1);
                lua_insert(L, -2);
                bad = lua_gettop(L) - 1;
            }
            continue;
        }
        if (nkeys == cap) {
            cap = cap ? cap * 2 : 16;
            Key *more = realloc(*keys, sizeof **keys * cap);
            if (!more) {
                lua_pop(L, 1);
                free(*keys);
                snprintf(e->err, e->errsize, "out of memory");
                return -1;
            }
            *keys = more;
        }
        (*keys)[nkeys].text = lua_tolstring(L, -1, &(*keys)[nkeys].len);
        nkeys++;
    }
    if (bad) {
        char key[64];
        lua_pushvalue(L, bad);
        describe_key(L, key, sizeof key);
        lua_pop(L, 1);
        lua_remove(L, bad);
        free(*keys);
        if (gap)
            snprintf(e->err, e->errsize, "a list has gaps (%zu values under keys up to %lld): a "
                                   "table is saved as a sequence 1..n or with string keys "
                                   "only", n, (long long)gap);
        else
            snprintf(e->err, e->errsize, "a table has a key (%s) that is neither in a sequence "
                                   "1..n nor a string: a table is saved as a sequence 1..n "
                                   "or with string keys only", key);
        return -1;
    }
    if (nkeys > 1) /* (qsort may not be given the NULL of an empty table) */
        qsort(*keys, nkeys, sizeof **keys, key_compare);
    return (long)nkeys;
}

/* The table at idx, with string keys only, as a JSON object, or NULL. */
static json_t *encode_object(lua_State *L, int idx, size_t n, lua_Integer gap, int depth,
                             Encoder *e)
{
    Key *keys;
    long nkeys = string_keys(L, idx, n, gap, &keys, e);
    if (nkeys < 0)
        return NULL;
    json_t *obj = json_object();
    for (long k = 0; k < nkeys; k++) {
        /* jansson takes UTF-8 keys without NUL bytes, and drops others */
        if (strlen(keys[k].text) != keys[k].len) {
            snprintf(e->err, e->errsize, "a key is not valid UTF-8 text (or holds a NUL byte)");
            goto fail;
        }
        lua_pushlstring(L, keys[k].text, keys[k].len);
        lua_rawget(L, idx);
        json_t *v = encode(L, lua_gettop(L), depth + 1, e);
        lua_pop(L, 1);
        if (!v)
            goto fail;
        if (json_object_set_new(obj, keys[k].text, v) != 0) {
            snprintf(e->err, e->errsize, "a key is not valid UTF-8 text (or holds a NUL byte)");
            goto fail;
        }
    }
    free(keys);
    return obj;
fail:
    json_decref(obj);
    free(keys);
    return NULL;
}

static json_t *encode_table(lua_State *L, int idx, int depth, Encoder *e)
{
    size_t n;
    lua_Integer gap;
    if (depth > MAX_DEPTH) {
        snprintf(e->err, e->errsize, "nested more than %d deep (a cycle?)", MAX_DEPTH);
        return NULL;
    }
    if (++e->tables > WRITE_MAX_TABLES) {
        snprintf(e->err, e->errsize, "holds more than %d tables, a table counted once for each "
                 "place that holds it (one table held in many places?)", WRITE_MAX_TABLES);
        return NULL;
    }
    luaL_checkstack(L, 4, "json");
    if (is_array(L, idx, &n, &gap) && n > 0)
        return encode_list(L, idx, n, depth, e);
    return encode_object(L, idx, n, gap, depth, e);
}

static json_t *encode(lua_State *L, int idx, int depth, Encoder *e)
{
    switch (lua_type(L, idx)) {
    case LUA_TNIL: return json_null();
    case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            return json_integer(lua_tointeger(L, idx));
        if (!isfinite(lua_tonumber(L, idx))) {
            snprintf(e->err, e->errsize, "a number that is not finite (%g) cannot be saved",
                     lua_tonumber(L, idx));
            return NULL;
        }
        return json_real(lua_tonumber(L, idx));
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        json_t *v = json_stringn(s, len);
        if (!v)
            snprintf(e->err, e->errsize, "a string is not valid UTF-8");
        return v;
    }
    case LUA_TTABLE: return encode_table(L, lua_absindex(L, idx), depth, e);
    default:
        snprintf(e->err, e->errsize, "a %s cannot be saved (only nil, booleans, numbers, "
                               "strings and tables)", luaL_typename(L, idx));
        return NULL;
    }
}

char *ljson_encode(lua_State *L, int idx, char *err, size_t errsize)
{
    Encoder e = {err, errsize, 0};
    json_t *v = encode(L, lua_absindex(L, idx), 0, &e);
    if (!v)
        return NULL;
    char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
    json_decref(v);
    return text;
}

static void push_json(lua_State *L, json_t *v)
{
    luaL_checkstack(L, 3, "json");
    switch (json_typeof(v)) {
    case JSON_NULL: lua_pushnil(L); break;
    case JSON_TRUE: lua_pushboolean(L, 1); break;
    case JSON_FALSE: lua_pushboolean(L, 0); break;
    case JSON_INTEGER: lua_pushinteger(L, (lua_Integer)json_integer_value(v)); break;
    case JSON_REAL: lua_pushnumber(L, json_real_value(v)); break;
    case JSON_STRING: lua_pushlstring(L, json_string_value(v), json_string_length(v)); break;
    case JSON_ARRAY: {
        size_t i;
        json_t *x;
        lua_createtable(L, (int)json_array_size(v), 0);
        json_array_foreach(v, i, x) {
            push_json(L, x);
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    }
    case JSON_OBJECT: {
        const char *k;
        json_t *x;
        lua_createtable(L, 0, (int)json_object_size(v));
        json_object_foreach(v, k, x) {
            push_json(L, x);
            lua_setfield(L, -2, k);
        }
        break;
    }
    }
}

int ljson_decode(lua_State *L, const char *text, char *err, size_t errsize)
{
    json_error_t jerr;
    json_t *v = json_loads(text, JSON_DECODE_ANY, &jerr);
    if (!v) {
        snprintf(err, errsize, "invalid JSON at line %d, column %d: %s", jerr.line, jerr.column,
                 jerr.text);
        return 0;
    }
    push_json(L, v);
    json_decref(v);
    return 1;
}

/* referee.json.encode(value) -> text | nil, message */
static int json_encode_l(lua_State *L)
{
    char err[160];
    luaL_checkany(L, 1);
    char *text = ljson_encode(L, 1, err, sizeof err);
    if (!text) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        return 2;
    }
    lua_pushstring(L, text);
    free(text);
    return 1;
}

/* referee.json.decode(text) -> value | nil, message */
static int json_decode_l(lua_State *L)
{
    char err[200];
    if (!ljson_decode(L, luaL_checkstring(L, 1), err, sizeof err)) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        return 2;
    }
    return 1;
}

static const luaL_Reg json_funcs[] = {
    {"encode", json_encode_l},
    {"decode", json_decode_l},
    {NULL, NULL},
};

int luaopen_referee_json(lua_State *L)
{
    luaL_newlib(L, json_funcs);
    return 1;
}
