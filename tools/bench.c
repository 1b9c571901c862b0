/* bench: plays games between random seats in one process, for `make bench`.
 * usage: bench [--lua-ops | --lua-functions] GAME SEATS GAMES [FIRST_SEED [NAME=VALUE...]]
 *        bench --lua-floor DECISIONS
 *        bench --lua-pull-floor DECISIONS
 * Prints: games, decisions, seconds, games per second, decisions per second;
 * with --lua-ops also the Lua instructions run (the rules' own work,
 * counted by a hook on every one: slow, so never with the other figures);
 * with --lua-functions also, a line each, the Lua instructions run in each
 * function (source:line where it is defined), most first: where the rules'
 * own work goes (tools/ledger.sh).
 * --lua-floor makes DECISIONS bare round trips through Lua, no referee in
 * them (see lua_floor), for callgrind to count; --lua-pull-floor the same
 * for rules that would pull their moves instead (see lua_pull_floor). */
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../core/kernel/strfmt.h"
#include "../core/lua/lua_alloc.h"
#include "../core/referee/lua_game.h"
#include "../core/play/match.h"

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

/* --lua-functions: the instructions of each function, found by where it
 * is defined. A linear search: a game's rules have a few hundred. */
enum { MAX_FUNCTIONS = 2048 };
typedef struct {
    char where[160];
    long long ops;
} FunctionOps;
static FunctionOps functions[MAX_FUNCTIONS];
static int nfunctions;

static void count_op_in_function(lua_State *L, lua_Debug *ar)
{
    lua_ops++;
    char where[96];
    lua_getinfo(L, "S", ar);
    int len = snprintf(where, sizeof where, "%s:%d", ar->short_src, ar->linedefined);
    int i = 0;
    while (i < nfunctions && !(strncmp(functions[i].where, where, (size_t)len) == 0 &&
                               (functions[i].where[len] == '\0' || functions[i].where[len] == ' ')))
        i++;
    if (i == nfunctions) {
        if (nfunctions == MAX_FUNCTIONS)
            return;
        strcpy(functions[nfunctions++].where, where);
    }
    functions[i].ops++;
    /* Named by the variable that held it when called (all Lua can tell),
     * at the first call that has one: a tail call has none. */
    lua_Debug current;
    if (functions[i].where[len] == '\0' && lua_getstack(L, 0, &current) && lua_getinfo(L, "n", &current) &&
        current.name)
        snprintf(functions[i].where + len, sizeof functions[i].where - (size_t)len, " %s", current.name);
}

static int most_ops_first(const void *a, const void *b)
{
    long long x = ((const FunctionOps *)a)->ops, y = ((const FunctionOps *)b)->ops;
    return (x < y) - (x > y);
}

/* ask(...) for lua_floor: only counts that it was asked, so the floor's
 * output shows every round trip was made. */
static long asked;

static int ask_nothing(lua_State *L)
{
    (void)L;
    asked++;
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
    printf("%ld\n", asked);
    return 0;
}

/* ask(seat, moves) for lua_pull_floor: an entry of moves, chosen by a
 * xorshift step, as a random seat in C would answer. */
static int ask_random(lua_State *L)
{
    static uint64_t x = 88172645463325252u;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    lua_Integer n = (lua_Integer)lua_rawlen(L, 2);
    lua_rawgeti(L, 2, n > 0 ? (lua_Integer)(x % (uint64_t)n) + 1 : 1);
    return 1;
}

/* The least a decision could cost under another contract than ours: rules
 * that run as one Lua loop and pull each move from the kernel (a call from
 * Lua into C that answers at once for a random seat), then branch on it.
 * No protected call per decision; still no move checked, recorded or
 * carried out. Measured to show what no contract with the rules in Lua
 * gets under (issue 5's dice target allows 274 a decision). */
static int lua_pull_floor(int decisions)
{
    lua_State *L = luaL_newstate();
    lua_pushcfunction(L, ask_random);
    lua_setglobal(L, "ask");
    if (luaL_dostring(L, "local MOVES = { 'accept', 'challenge' }\n"
                         "function play(decisions)\n"
                         "  local seat, accepted = 1, 0\n"
                         "  for _ = 1, decisions do\n"
                         "    if ask(seat, MOVES) == 'accept' then accepted = accepted + 1 end\n"
                         "    seat = seat % 4 + 1\n"
                         "  end\n"
                         "  return accepted\n"
                         "end") != LUA_OK)
        return 1;
    lua_getglobal(L, "play");
    lua_pushinteger(L, decisions);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK)
        return 1;
    lua_Integer accepted = lua_tointeger(L, -1);
    lua_close(L);
    printf("%d %lld\n", decisions, (long long)accepted);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--lua-floor") == 0)
        return lua_floor(atoi(argv[2]));
    if (argc == 3 && strcmp(argv[1], "--lua-pull-floor") == 0)
        return lua_pull_floor(atoi(argv[2]));
    int by_function = argc > 1 && strcmp(argv[1], "--lua-functions") == 0;
    int count_lua = by_function || (argc > 1 && strcmp(argv[1], "--lua-ops") == 0);
    lua_Hook hook = by_function ? count_op_in_function : count_op;
    if (count_lua) {
        argv++;
        argc--;
    }
    if (argc < 4) {
        fprintf(stderr, "usage: bench [--lua-ops | --lua-functions] GAME SEATS GAMES [FIRST_SEED [NAME=VALUE...]]\n");
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
        lua_sethook(L, hook, LUA_MASKCOUNT, 1);
    long decisions = 0;
    double start = now();
    const char *bots = getenv("REFEREE_BOTS") ? getenv("REFEREE_BOTS") : "bots";
    for (int i = 0; i < games; i++) {
        Match s;
        match_init(&s, L, rules ? rules : "rules", bots);
        MatchSpec spec = {0};
        char seed[STRFMT_INT_SIZE];
        strfmt_int(seed, (long long)(first + (uint64_t)i)); /* as a tournament makes them: no snprintf */
        spec.game = argv[1];
        spec.seats = seat_list;
        spec.seed = seed;
        spec.sets = (const char *const *)argv + 5;
        spec.nsets = argc > 5 ? argc - 5 : 0;
        spec.reuse_game = 1;
        char *err;
        if (!match_start(&s, &spec, &err) || seat_loop_run(&s.loop, NULL, NULL) != GAME_OVER) {
            fprintf(stderr, "bench: %s\n", err ? err : s.loop.game->error);
            return 1;
        }
        decisions += s.loop.game->nmoves;
        match_close(&s);
    }
    double secs = now() - start;
    printf("%d %ld %.3f %.1f %.1f", games, decisions, secs, games / secs, decisions / secs);
    if (count_lua && lua_gethook(L) != hook) {
        fprintf(stderr, "bench: the referee replaced the hook counting Lua instructions\n");
        return 1;
    }
    if (count_lua)
        printf(" %lld", lua_ops);
    printf("\n");
    qsort(functions, (size_t)nfunctions, sizeof functions[0], most_ops_first);
    for (int i = 0; i < nfunctions; i++)
        printf("%lld %s\n", functions[i].ops, functions[i].where);
    lua_alloc_close(L);
    return 0;
}
