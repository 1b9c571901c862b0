#include "watched_coroutines.h"

#include <lauxlib.h>
#include "watchdog.h"

/* A hook belongs to one Lua thread, and the watchdog sets its hook on the
 * thread it watches: a script looping inside a coroutine would never meet
 * it. So while a watched call resumes a coroutine, the watchdog watches the
 * coroutine, and the resumer again once it yields or ends. */

/* resume(co, ...). upvalue 1: the standard coroutine.resume */
static int watched_resume(lua_State *L)
{
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_State *was = watchdog_switch(co);
    /* Protected, so the watched thread is switched back before any error
     * (running out of memory for the results) goes on. */
    int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    watchdog_switch_back(was);
    if (status != LUA_OK)
        return lua_error(L);
    return lua_gettop(L);
}

/* The function wrap returns: resumes its coroutine, raising its errors.
 * upvalues: the coroutine, the watched resume, the standard close */
static int wrapped(lua_State *L)
{
    int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 2);
    lua_call(L, nargs + 1, LUA_MULTRET);
    if (lua_toboolean(L, 1))
        return lua_gettop(L) - 1;
    /* As the standard wrap: close the dead coroutine's pending to-be-closed
     * variables, and say where the error came through. */
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 1, 0);
    if (lua_type(L, 2) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, 2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* wrap(f). upvalues: the standard create, the watched resume, the
 * standard close */
static int watched_wrap(lua_State *L)
{
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 1, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushcclosure(L, wrapped, 3);
    return 1;
}

void watched_coroutines_push(lua_State *L)
{
    lua_getglobal(L, "coroutine");
    int standard = lua_gettop(L);
    lua_createtable(L, 0, 8);
    lua_pushnil(L);
    while (lua_next(L, standard)) { /* the other functions as they are */
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_getfield(L, standard, "resume");
    lua_pushcclosure(L, watched_resume, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "resume");
    /* stack: standard, new, watched resume */
    lua_getfield(L, standard, "create");
    lua_insert(L, -2);
    lua_getfield(L, standard, "close");
    lua_pushcclosure(L, watched_wrap, 3);
    lua_setfield(L, -2, "wrap");
    lua_remove(L, standard);
}
