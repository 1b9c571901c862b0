#include "rules_sandbox.h"

#include <lauxlib.h>
#include <stdio.h>
#include "../guards/bot_limits.h"
#include "../lua/lua_alloc.h"
#include "../lua/ordered_next.h"
#include "../lua/quick_concat.h"
#include "../lua/quick_format.h"
#include "../lua/stable_ids.h"
#include "../lua/table_create.h"

/* The standard globals rules may read; the rest of base and the io, os,
 * debug and package libraries are left out (LEFT_OUT). */
static const char *const KEPT[] = {
    "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal",
    "rawget", "rawlen", "rawset", "select", "tonumber", "tostring", "type",
    "xpcall", "_VERSION", NULL,
};

/* The libraries an environment gets as copies of its own: a script that
 * changes string.rep changes it for itself, never for the games after it. */
static const char *const COPIED[] = {"string", "table", "utf8", NULL};

static const char STRINGS_KEY = 's';

/* What is left out is not nil but a stand-in that says why when used
 * (os.time(), require "x"), where nil would say only "attempt to index a
 * nil value". */
static const char *const LEFT_OUT[] = {
    "io", "os", "debug", "package", "require", "dofile", "loadfile", "collectgarbage", "warn", NULL,
};

/* upvalue: the name */
static int left_out(lua_State *L)
{
    return luaL_error(L, "'%s' is not available to rules: they have base, table, string, math, "
                         "utf8 and coroutine (chance comes from t:random or math.random, and "
                         "nothing may read files or the clock, so that a game replays the same)",
                      lua_tostring(L, lua_upvalueindex(1)));
}

static void push_stand_in(lua_State *L, const char *name)
{
    lua_newtable(L);
    lua_createtable(L, 0, 4);
    const char *const events[] = {"__index", "__newindex", "__call", NULL};
    for (const char *const *e = events; *e; e++) {
        lua_pushstring(L, name);
        lua_pushcclosure(L, left_out, 1);
        lua_setfield(L, -2, *e);
    }
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* print, to stderr: stdout carries the referee's own output. */
static int rules_print(lua_State *L)
{
    int n = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *text = luaL_tolstring(L, i, &len);
        if (i > 1)
            fputc('\t', stderr);
        fwrite(text, 1, len, stderr);
        lua_pop(L, 1);
    }
    fputc('\n', stderr);
    fflush(stderr);
    return 0;
}

void rules_sandbox_push_copy(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_createtable(L, 0, 32);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
}

/* Strings' methods ("x"):rep(n) are looked up in the string metatable,
 * one per Lua state and shared by every game in it: in the referee's own
 * states it gets a guarded copy of the string library of its own, and is
 * locked, so no script can reach it to change it for another, nor run
 * unbounded C work through it. A host that loads the kernel as a module
 * (busted, a tool) keeps its strings as they are, its code its own: the
 * guarded copy is put in place only while a rules call runs. */
static void guard_string_methods(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &STRINGS_KEY) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    if (!lua_alloc_count(L)) { /* a host's: guarded only while rules run (bot_limits.h) */
        lua_getglobal(L, "string");
        rules_sandbox_push_copy(L, -1);
        limit_c_work_in(L, lua_gettop(L), 0);
        quick_format_install(L, lua_gettop(L));
        limit_strings_for_host(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &STRINGS_KEY);
        lua_pop(L, 1);
        return;
    }
    lua_pushliteral(L, "");
    if (!lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_getglobal(L, "string");
    rules_sandbox_push_copy(L, -1);
    limit_c_work_in(L, lua_gettop(L), 0);
    quick_format_install(L, lua_gettop(L));
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &STRINGS_KEY);
    lua_setfield(L, -3, "__index");
    lua_pop(L, 1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
}

void rules_sandbox_push_base(lua_State *L)
{
    guard_string_methods(L);
    lua_createtable(L, 0, 28);
    int base = lua_gettop(L);
    for (const char *const *name = KEPT; *name; name++) {
        lua_getglobal(L, *name);
        lua_setfield(L, base, *name);
    }
    stable_ids_install_tostring(L, base); /* no addresses: the same text in every process */
    if (lua_alloc_count(L)) {
        /* In the referee's own state the quick concat, which is Lua's own
         * in all it does, stands in the table library itself, which the
         * rules' copy then holds: a traceback names it 'table.concat', as
         * it names Lua's own (it finds functions in package.loaded). */
        lua_getglobal(L, "table");
        quick_concat_install(L, lua_gettop(L));
        lua_pop(L, 1);
    }
    /* Copies of the host's libraries, which hold the standard functions:
     * the string metatable's copy is guarded already. */
    for (const char *const *name = COPIED; *name; name++) {
        lua_getglobal(L, *name);
        rules_sandbox_push_copy(L, -1);
        lua_remove(L, -2);
        lua_setfield(L, base, *name);
    }
    lua_getfield(L, base, "string");
    lua_getfield(L, base, "table");
    limit_c_work_in(L, lua_gettop(L) - 1, lua_gettop(L));
    quick_format_install(L, lua_gettop(L) - 1);
    table_create_install(L, lua_gettop(L));
    quick_concat_install(L, lua_gettop(L));
    lua_pop(L, 2);
    push_guarded_setmetatable(L);
    lua_setfield(L, base, "setmetatable");
    ordered_iteration_install(L, base); /* the same order in every process */
    lua_pushcfunction(L, rules_print);
    lua_setfield(L, base, "print");
    for (const char *const *name = LEFT_OUT; *name; name++) {
        push_stand_in(L, *name);
        lua_setfield(L, base, *name);
    }
}

/* The reader of a chunk given as a function (as the standard load has it):
 * each call gives the next piece, nil or "" at the end. The piece is kept
 * in slot 5 while Lua reads it. */
static const char *piece_reader(lua_State *L, void *ud, size_t *size)
{
    (void)ud;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1))
        luaL_error(L, "reader function must return a string");
    lua_replace(L, 5);
    return lua_tolstring(L, 5, size);
}

/* load(chunk [, name [, mode [, env]]]) as the standard one, but text only
 * (a binary chunk could break the interpreter) and run in the script's
 * environment unless given another. Its own, not the host's global load,
 * which a host program may have replaced. upvalue: the environment */
static int rules_load_text(lua_State *L)
{
    size_t len;
    const char *text = lua_tolstring(L, 1, &len);
    int given_env = !lua_isnone(L, 4), status;
    if (text) {
        status = luaL_loadbufferx(L, text, len, luaL_optstring(L, 2, text), "t");
    } else {
        const char *name = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, 5);
        status = lua_load(L, piece_reader, NULL, name, "t");
    }
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushvalue(L, given_env ? 4 : lua_upvalueindex(1));
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    return 1;
}

void rules_sandbox_push_load(lua_State *L, int env)
{
    lua_pushvalue(L, env);
    lua_pushcclosure(L, rules_load_text, 1);
}
