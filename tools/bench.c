/* bench: plays games between random seats in one process, for `make bench`.
 * usage: bench [--lua-ops] GAME SEATS GAMES [FIRST_SEED [NAME=VALUE...]]
 *        bench --lua-floor DECISIONS
 * Prints: games, decisions, seconds, games per second, decisions per second;
 * with --lua-ops also the Lua instructions run (the rules' own work,
 * counted by a hook on every one: slow, so never with the other figures).
 * --lua-floor makes DECISIONS bare round trips through Lua, no referee in
 * them (see lua_floor), for callgrind to count. */
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../core/lua_alloc.h"
#include "../core/lua_game.h"
#include "../repl/session.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static long long lua_ops;

static void count_op(lua_State *L, lua_Debug *ar)
{
    (void)L;
    (void)ar;
    lua_ops++;
}

static int ask_nothing(lua_State *L)
{
    (void)L;
    return 0;
}

/* The least a decision can cost in this Lua while the rules apply each move
 * in Lua: a protected call from C into an apply function that asks the next
 * decision through one C function, and nothing else (no move chosen,
 * checked or recorded, no log, no error handler). Whatever the kernel
 * does, a decision of such rules costs at least this much. */
static int lua_floor(int decisions)
{
    lua_State *L = luaL_newstate();
    lua_pushcfunction(L, ask_nothing);
    lua_setglobal(L, "ask");
    if (luaL_dostring(L, "function apply(t, seat, move) ask(t, seat % 4 + 1, move) end") != LUA_OK)
        return 1;
    lua_getglobal(L, "apply");
    lua_newtable(L);
    for (int i = 0; i < decisions; i++) {
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_pushinteger(L, i % 4 + 1);
        lua_pushliteral(L, "a");
        if (lua_pcall(L, 3, 0, 0) != LUA_OK)
            return 1;
    }
    lua_close(L);
    printf("%d\n", decisions);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--lua-floor") == 0)
        return lua_floor(atoi(argv[2]));
    int count_lua = argc > 1 && strcmp(argv[1], "--lua-ops") == 0;
    if (count_lua) {
        argv++;
        argc--;
    }
    if (argc < 4) {
        fprintf(stderr, "usage: bench [--lua-ops] GAME SEATS GAMES [FIRST_SEED [NAME=VALUE...]]\n");
        return 2;
    }
    const char *rules = getenv("REFEREE_RULES");
    int seats = atoi(argv[2]), games = atoi(argv[3]);
    uint64_t first = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    char seat_list[128] = "";
    for (int i = 0; i < seats && i < MAX_SEATS; i++)
        strcat(seat_list, i ? ",random" : "random");
    lua_State *L = lua_alloc_newstate();
    luaL_openlibs(L);
    luaL_requiref(L, "referee", luaopen_referee, 0);
    lua_pop(L, 1);
    /* Threads made from L (the rules' coroutines) take its hook with them. */
    if (count_lua)
        lua_sethook(L, count_op, LUA_MASKCOUNT, 1);
    long decisions = 0;
    double start = now();
    for (int i = 0; i < games; i++) {
        Session s;
        session_init(&s, L, rules ? rules : "rules", getenv("REFEREE_BOTS") ? getenv("REFEREE_BOTS") : "bots");
        GameArgs args = {0};
        args.game = argv[1];
        args.seats = seat_list;
        args.seed = first + (uint64_t)i;
        args.have_seed = 1;
        for (int k = 5; k < argc && args.nsets < 64; k++)
            args.sets[args.nsets++] = argv[k];
        char *err;
        if (!session_start(&s, &args, &err) || session_run_bots(&s, NULL, NULL) != GAME_OVER) {
            fprintf(stderr, "bench: %s\n", err ? err : s.game->error);
            return 1;
        }
        decisions += s.game->nmoves;
        session_close(&s);
    }
    double secs = now() - start;
    printf("%d %ld %.3f %.1f %.1f", games, decisions, secs, games / secs, decisions / secs);
    if (count_lua && lua_gethook(L) != count_op) {
        fprintf(stderr, "bench: the referee replaced the hook counting Lua instructions\n");
        return 1;
    }
    if (count_lua)
        printf(" %lld", lua_ops);
    printf("\n");
    lua_alloc_close(L);
    return 0;
}
