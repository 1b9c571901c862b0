#include "check.h"

#include <jansson.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../core/guards/script.h"
#include "../core/kernel/strfmt.h"

/* The suite's Lua source (made from repl/check.lua at build time). */
extern const char CHECK_LUA[];
extern const size_t CHECK_LUA_LEN;

#define GAMES_DEFAULT 30
#define GAMES_MAX 100000

static int usage(const char *fmt, const char *arg)
{
    fputs("referee: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (referee check GAME.lua [--games N] [--seed S] [--set NAME=VALUE] [--json])\n", stderr);
    return 2;
}

/* The spec the suite takes (check.lua), from the command line: pushed. 0
 * with the exit status in *status on a mistake. */
static int push_spec(lua_State *L, const char *rules_path, const char *bots_path, int argc, char **argv,
                     int *status, int *json)
{
    lua_newtable(L);
    int spec = lua_gettop(L);
    lua_pushinteger(L, GAMES_DEFAULT);
    lua_setfield(L, spec, "games");
    lua_pushliteral(L, "check");
    lua_setfield(L, spec, "seed");
    lua_newtable(L); /* sets */
    int nsets = 0;
    const char *game = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) {
            *json = 1;
            continue;
        }
        if (!strcmp(a, "--games") || !strcmp(a, "--seed") || !strcmp(a, "--set")) {
            if (!value) {
                *status = usage("%s needs a value", a);
                return 0;
            }
            i++;
            if (!strcmp(a, "--games")) {
                char *end;
                long n = strtol(value, &end, 10);
                if (!*value || *end || n < 1 || n > GAMES_MAX) {
                    *status = usage("--games takes a number of games from 1 to 100000, not '%s'", value);
                    return 0;
                }
                lua_pushinteger(L, n);
                lua_setfield(L, spec, "games");
            } else if (!strcmp(a, "--seed")) {
                lua_pushstring(L, value);
                lua_setfield(L, spec, "seed");
            } else if (!strchr(value, '=') || value[0] == '=') {
                *status = usage("--set takes NAME=VALUE, not '%s'", value);
                return 0;
            } else {
                lua_pushstring(L, value);
                lua_rawseti(L, spec + 1, ++nsets);
            }
        } else if (a[0] == '-' || game) {
            *status = usage("check takes one game and --games, --seed, --set, --json; not '%s'", a);
            return 0;
        } else {
            game = a;
        }
    }
    if (!game) {
        *status = usage("%s", "check needs the game: a rules file's path, or a game's name");
        return 0;
    }
    lua_setfield(L, spec, "sets");
    lua_pushstring(L, game);
    lua_setfield(L, spec, "game");
    lua_pushstring(L, rules_path);
    lua_setfield(L, spec, "rules_path");
    lua_pushstring(L, bots_path);
    lua_setfield(L, spec, "bots_path");
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        lua_pushstring(L, self);
        lua_setfield(L, spec, "binary");
    }
    return 1;
}

/* The bounds the suite kept (stack top: {decisions, at_extremes, seconds}). */
static void bounds_of(lua_State *L, int idx, long *decisions, long *extremes, long *seconds)
{
    lua_getfield(L, idx, "decisions");
    lua_getfield(L, idx, "at_extremes");
    lua_getfield(L, idx, "seconds");
    *decisions = (long)lua_tointeger(L, -3);
    *extremes = (long)lua_tointeger(L, -2);
    *seconds = (long)lua_tointeger(L, -1);
    lua_pop(L, 3);
}

/* One promise's finding, read from the entry on the stack's top (its
 * texts live while the entry does). */
typedef struct Finding {
    int held;
    const char *promise, *detail, *repro;
    long long tried;
} Finding;

static void read_finding(lua_State *L, Finding *f)
{
    lua_getfield(L, -1, "held");
    f->held = lua_toboolean(L, -1);
    lua_getfield(L, -2, "tried");
    f->tried = (long long)lua_tointeger(L, -1);
    lua_pop(L, 2);
    static const char *const TEXTS[] = {"promise", "detail", "repro"};
    const char **into[] = {&f->promise, &f->detail, &f->repro};
    for (int i = 0; i < 3; i++) {
        lua_getfield(L, -1, TEXTS[i]);
        *into[i] = lua_tostring(L, -1) ? lua_tostring(L, -1) : (i ? "?" : "");
        lua_pop(L, 1); /* (the entry keeps the string) */
    }
}

/* o as one JSON line on stdout, and let go. */
static void put_json_line(json_t *o)
{
    char *line = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    puts(line ? line : "{}");
    free(line);
    json_decref(o);
}

/* The report as JSON lines, for a program (stack: results, played,
 * notes, bounds): one line a promise, one a note, then the verdict. */
static int print_json(lua_State *L, const char *game, int games, const char *seed)
{
    int results = lua_gettop(L) - 3;
    long decisions, extremes, seconds;
    bounds_of(L, results + 3, &decisions, &extremes, &seconds);
    json_t *head = json_pack("{s:s, s:s, s:i, s:s, s:{s:I, s:I, s:I}}", "type", "check", "game", game,
                             "games", games, "seed", seed, "bounds", "decisions", (json_int_t)decisions,
                             "decisions_at_extremes", (json_int_t)extremes, "cpu_seconds", (json_int_t)seconds);
    put_json_line(head);
    int broken = 0;
    for (lua_Integer i = 1; lua_rawgeti(L, results, i) == LUA_TTABLE; i++) {
        Finding f;
        read_finding(L, &f);
        broken += !f.held;
        json_t *o = json_pack("{s:s, s:s, s:b, s:I}", "type", "promise", "promise", f.promise,
                              "held", f.held, "tried", (json_int_t)f.tried);
        if (!f.held) {
            json_object_set_new(o, "detail", json_string(f.detail));
            json_object_set_new(o, "replay", json_string(f.repro));
        }
        put_json_line(o);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    for (lua_Integer i = 1; lua_rawgeti(L, results + 2, i) == LUA_TSTRING; i++) {
        json_t *o = json_pack("{s:s, s:s}", "type", "note", "note", lua_tostring(L, -1));
        put_json_line(o);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    printf("{\"type\":\"verdict\",\"broken\":%d}\n", broken);
    return broken ? 1 : 0;
}

/* The suite's report, from what check.lua returned (stack: results,
 * played, notes, bounds): a line a promise; the exit status. */
static int print_report(lua_State *L, const char *game, int games, const char *seed)
{
    int results = lua_gettop(L) - 3;
    long decisions, extremes, seconds;
    bounds_of(L, results + 3, &decisions, &extremes, &seconds);
    char shown[200];
    printf("referee check %s: %d game%s played (seed %s), options at their extremes, random seats\n",
           strfmt_shown(game, shown, sizeof shown), games, games == 1 ? "" : "s", seed);
    printf("  (bounds: %ld decisions a game at the defaults, %ld at an option's extreme, %ld CPU "
           "seconds in all; the rules' own caps of time and memory)\n", decisions, extremes, seconds);
    int broken = 0;
    for (lua_Integer i = 1; lua_rawgeti(L, results, i) == LUA_TTABLE; i++) {
        Finding f;
        read_finding(L, &f);
        broken += !f.held;
        printf("  %-7s %s", f.held ? (f.tried ? "held" : "untried") : "BROKEN", f.promise);
        if (f.held)
            printf(" (%lld check%s)\n", f.tried, f.tried == 1 ? "" : "s");
        else
            printf(": %s\n          to see it: %s\n", f.detail, f.repro);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    for (lua_Integer i = 1; lua_rawgeti(L, results + 2, i) == LUA_TSTRING; i++) {
        printf("  note: %s\n", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    printf(broken ? "%d promise%s broken\n" : "every promise held\n", broken, broken == 1 ? "" : "s");
    return broken ? 1 : 0;
}

int check_command(lua_State *L, const char *rules_path, const char *bots_path, int argc, char **argv)
{
    int top = lua_gettop(L), status = 0;
    if (luaL_loadbufferx(L, CHECK_LUA, CHECK_LUA_LEN, "=check.lua", "t") != LUA_OK) {
        fprintf(stderr, "referee: the check suite does not load: %s\n", lua_tostring(L, -1));
        lua_settop(L, top);
        return 1;
    }
    /* the kernel module, which the binary's states preload */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, "referee");
    lua_remove(L, -2);
    if (script_pcall(L, 1, 1, 0) != LUA_OK) {
        fprintf(stderr, "referee: the check suite does not start: %s\n", lua_tostring(L, -1));
        lua_settop(L, top);
        return 1;
    }
    lua_getfield(L, -1, "run");
    int json = 0;
    if (!push_spec(L, rules_path, bots_path, argc, argv, &status, &json)) {
        lua_settop(L, top);
        return status;
    }
    lua_getfield(L, -1, "game");
    char *game = strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    lua_pushvalue(L, -1); /* the spec, to read its games and seed after the run */
    lua_insert(L, -3);
    if (script_pcall(L, 1, 4, 0) != LUA_OK) {
        fprintf(stderr, "referee: the check stopped: %s\n", lua_tostring(L, -1));
        status = 1;
    } else if (lua_isnil(L, -4)) {
        fprintf(stderr, "referee: %s cannot be checked: %s\n", game ? game : "?",
                lua_tostring(L, -3) ? lua_tostring(L, -3) : "?");
        status = 1;
    } else {
        lua_getfield(L, -5, "seed");
        char seed[200];
        snprintf(seed, sizeof seed, "%s", lua_tostring(L, -1) ? lua_tostring(L, -1) : "?");
        lua_pop(L, 1);
        int played = (int)lua_tointeger(L, -3);
        status = json ? print_json(L, game ? game : "?", played, seed)
                      : print_report(L, game ? game : "?", played, seed);
    }
    free(game);
    lua_settop(L, top);
    return status;
}
