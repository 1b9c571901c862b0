#include <lauxlib.h>
#include <lualib.h>
#include <stdint.h>
#include "check.h"
#include "../../core/lua/lua_alloc.h"
#include "../../core/guards/memory_cap.h"

static size_t lua_says(lua_State *L)
{
    return (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
}

/* Makes and drops tables and strings of many sizes, growing and shrinking
 * blocks: every case of the allocator. */
static void churn(lua_State *L)
{
    CHECK(luaL_dostring(L, "local t = {} for i = 1, 5000 do t[i] = ('x'):rep(i % 300) .. i end "
                           "for i = 1, 5000, 2 do t[i] = nil end collectgarbage() "
                           "kept = { t, string.rep('y', 100000) }") == LUA_OK);
}

/* Runs code under a cap of `room` bytes over what L holds now; returns the
 * status, with whether the cap refused a block in *refused. */
static int run_capped(lua_State *L, const char *code, size_t room, int *refused)
{
    MemoryCap cap;
    CHECK_EQ_INT(memory_cap_enter(L, &cap, lua_says(L) + room), 1);
    MemoryCap inner;
    CHECK_EQ_INT(memory_cap_enter(L, &inner, 1), 0); /* nested: the outer cap holds */
    int status = luaL_loadstring(L, code);
    if (status == LUA_OK)
        status = lua_pcall(L, 0, 0, 0);
    lua_pop(L, status != LUA_OK);
    *refused = memory_cap_refused(L);
    memory_cap_leave(L, &cap);
    CHECK_EQ_INT(memory_cap_refused(L), 0); /* no cap in force now */
    return status;
}

static void check_cap(lua_State *L)
{
    int refused;
    /* Growing past the cap (20 MB kept), and one block too large at once. */
    CHECK_EQ_INT(run_capped(L, "local t = {} for i = 1, 5000 do t[i] = ('z'):rep(4096) .. i end", 4 << 20, &refused),
                 LUA_ERRMEM);
    CHECK_EQ_INT(refused, 1);
    CHECK_EQ_INT(run_capped(L, "local s = ('z'):rep(8 << 20)", 4 << 20, &refused), LUA_ERRMEM);
    CHECK_EQ_INT(refused, 1);
    /* Garbage is collected before a block is refused: 100 MB made in all,
     * never more than 1 MB of it kept. */
    CHECK_EQ_INT(run_capped(L, "for i = 1, 100 do local s = ('w'):rep(1 << 20) .. i end", 4 << 20, &refused),
                 LUA_OK);
    /* Once the call is over, the state may grow again. */
    CHECK(luaL_dostring(L, "big = ('z'):rep(8 << 20) big = nil") == LUA_OK);
}

/* A state of ours starts a collection once its memory has grown fourfold
 * since the last, not at Lua's twofold: garbage made in small pieces over
 * a live megabyte and a half lets memory reach past three times that. */
static void check_pause(void)
{
    lua_State *L = lua_alloc_newstate();
    luaL_openlibs(L);
    CHECK(luaL_dostring(L, "live = {} for i = 1, 30000 do live[i] = ('k'):rep(40) .. i end "
                           "collectgarbage() collectgarbage() "
                           "local base, most = collectgarbage('count'), 0 "
                           "for i = 1, 300000 do "
                           "  local garbage = { i, i } "
                           "  local now = collectgarbage('count') "
                           "  if now > most then most = now end "
                           "end "
                           "grown = most / base") == LUA_OK);
    lua_getglobal(L, "grown");
    double grown = lua_tonumber(L, -1);
    CHECK(grown > 3.0 && grown < 4.5);
    lua_alloc_close(L);
}

void test_memory_cap(void)
{
    check_pause();

    /* A state of ours counts what it holds, as Lua itself does. */
    lua_State *L = lua_alloc_newstate();
    luaL_openlibs(L);
    churn(L);
    LuaAllocCount *n = lua_alloc_count(L);
    CHECK(n != NULL);
    CHECK_EQ_INT(n->used, lua_says(L));
    CHECK(n->limit == SIZE_MAX);
    check_cap(L);
    CHECK_EQ_INT(n->used, lua_says(L));
    CHECK(n->limit == SIZE_MAX);
    lua_alloc_close(L);

    /* Another state is capped through a wrapped allocator, given back after. */
    L = luaL_newstate();
    luaL_openlibs(L);
    CHECK(lua_alloc_count(L) == NULL);
    void *ud, *ud_after;
    lua_Alloc f = lua_getallocf(L, &ud);
    check_cap(L);
    CHECK(lua_getallocf(L, &ud_after) == f && ud_after == ud);
    lua_close(L);
}
