#include "stable_ids.h"

#include <lauxlib.h>
#include <string.h>
#include "lua_weak.h"

/* The registry's numbering of this call: a table from objects (weak keys:
 * it keeps none alive) to numbers, its count under COUNT_KEY. */
static const char IDS_KEY = 'i';
static const char COUNT_KEY = 'n';

/* Whether this call's numbering holds anything to forget: a word of the
 * main thread's extra space, so that a call that names no object (nearly
 * every one) starts anew for the price of a read. */
static int *numbering_used(lua_State *main_thread)
{
    return (int *)lua_getextraspace(main_thread);
}

void stable_ids_new_call(lua_State *L)
{
    int *used = numbering_used(L); /* (a host calls scripts on the main thread) */
    if (!*used)
        return;
    *used = 0;
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &IDS_KEY);
}

/* The number of the value at idx in this call's numbering. */
static lua_Integer object_number(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    *numbering_used(lua_tothread(L, -1)) = 1;
    lua_pop(L, 1);
    lweak_push_kept(L, &IDS_KEY, "k");
    lua_pushvalue(L, idx);
    if (lua_rawget(L, -2) == LUA_TNUMBER) {
        lua_Integer n = lua_tointeger(L, -1);
        lua_pop(L, 2);
        return n;
    }
    lua_pop(L, 1);
    lua_rawgetp(L, -1, &COUNT_KEY);
    lua_Integer n = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushinteger(L, n);
    lua_rawsetp(L, -2, &COUNT_KEY);
    lua_pushvalue(L, idx);
    lua_pushinteger(L, n);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return n;
}

/* Whether Lua's own text of the value at idx holds its address. */
static int shows_address(lua_State *L, int idx)
{
    switch (lua_type(L, idx)) {
    case LUA_TTABLE:
    case LUA_TFUNCTION:
    case LUA_TUSERDATA:
    case LUA_TLIGHTUSERDATA:
    case LUA_TTHREAD:
        break;
    default:
        return 0;
    }
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

/* Pushes the stable text of the value at idx: Lua's own, but a number in
 * place of an address ("table: #3", or the __name of a userdata's type). */
static void push_stable_text(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!shows_address(L, idx)) {
        luaL_tolstring(L, idx, NULL);
        return;
    }
    lua_Integer n = object_number(L, idx);
    const char *kind = luaL_typename(L, idx);
    if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING)
        kind = lua_tostring(L, -1); /* kept alive on the stack below the text */
    lua_pushfstring(L, "%s: #%I", kind, n);
    if (kind != luaL_typename(L, idx))
        lua_remove(L, -2);
}

static int stable_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    push_stable_text(L, 1);
    return 1;
}

void stable_ids_install_tostring(lua_State *L, int env)
{
    lua_pushcfunction(L, stable_tostring);
    lua_setfield(L, env, "tostring");
}

/* The conversion at fmt[i] ('%' at fmt[i - 1]): its flags and width are
 * skipped; *end is where its letter is. */
static size_t conversion_letter(const char *fmt, size_t len, size_t i)
{
    while (i < len && strchr("-+ #0123456789.", fmt[i]))
        i++;
    return i;
}

void stable_ids_format_args(lua_State *L)
{
    size_t len;
    const char *fmt = lua_tolstring(L, 1, &len);
    if (!fmt)
        return;
    int top = lua_gettop(L), arg = 1, rewritten = 0;
    luaL_Buffer b;
    luaL_buffinit(L, &b); /* the format again, each %p as %s */
    for (size_t i = 0; i < len; i++) {
        luaL_addchar(&b, fmt[i]);
        if (fmt[i] != '%')
            continue;
        if (i + 1 < len && fmt[i + 1] == '%') {
            luaL_addchar(&b, '%');
            i++;
            continue;
        }
        size_t at = conversion_letter(fmt, len, i + 1);
        luaL_addlstring(&b, fmt + i + 1, at - (i + 1));
        char letter = at < len ? fmt[at] : '\0';
        i = at;
        if (++arg > top) {
            if (letter)
                luaL_addchar(&b, letter);
            continue; /* Lua's own says the argument is missing */
        }
        if (letter == 'p') {
            /* A pointer for objects and strings, "(null)" for the rest. */
            int t = lua_type(L, arg);
            if (t == LUA_TSTRING || t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA ||
                t == LUA_TLIGHTUSERDATA || t == LUA_TTHREAD)
                lua_pushfstring(L, "#%I", object_number(L, arg));
            else
                lua_pushliteral(L, "(null)");
            lua_replace(L, arg);
            luaL_addchar(&b, 's');
            rewritten = 1;
            continue;
        }
        if (letter == 's' && shows_address(L, arg)) {
            push_stable_text(L, arg);
            lua_replace(L, arg);
        }
        if (letter)
            luaL_addchar(&b, letter);
    }
    luaL_pushresult(&b);
    if (rewritten)
        lua_replace(L, 1);
    else
        lua_pop(L, 1);
}
