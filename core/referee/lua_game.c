/* The referee loop for Lua: referee.game(...) and the methods of a game,
 * for busted specs of rules and for tools. */
#include "lua_game.h"
#include "../kernel/home.h"
#include "../kernel/strfmt.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include "game.h"
#include "game_answer.h"
#include "game_physical.h"
#include "game_sample.h"
#include "../lua/lua_copy.h"
#include "../binding/lua_table.h"

/* A new game is on the stack (1 result), or fail and why (2; err freed). */
static int pushed_or_fail(lua_State *L, const Game *g, char *err)
{
    if (g)
        return 1;
    luaL_pushfail(L);
    lua_pushstring(L, err);
    free(err);
    return 2;
}

/* Raises unless the field at idx (named name) is nil or of type. */
static void check_field(lua_State *L, int idx, const char *name, int type)
{
    int got = lua_type(L, idx);
    if (got != LUA_TNIL && got != type)
        luaL_error(L, "referee.game: %s must be a %s (or left out), not a %s", name,
                   lua_typename(L, type), lua_typename(L, got));
}

/* referee.game(name, {seats = n, seed = s, options = {...}, rules_path = "...",
 *                     arrange = function(t) ... end, shuffles = {{...}}, rolls = {...}}):
 * for tests, arrange runs after setup on every build of the table; shuffles
 * and rolls prescribe the outcomes of the next shuffles (cards on top,
 * topmost first) and rolls. */
/* typed_dice = function(dice) return values end: a spec's table with real
 * dice (--table dice), typing the values of dice (a list of die numbers)
 * when the rules first read them. */
static int typed_by_lua(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                        size_t size)
{
    (void)t;
    Game *g = ctx;
    lua_State *L = g->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, g->type_dice_ref);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, dice[i]);
        lua_rawseti(L, -2, i + 1);
    }
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        snprintf(why, size, "typed_dice failed: %s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return 0;
    }
    int ok = lua_istable(L, -1);
    for (int i = 0; ok && i < n; i++) {
        lua_rawgeti(L, -1, i + 1);
        ok = lua_isinteger(L, -1);
        values[i] = ok ? (int)lua_tointeger(L, -1) : 0;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (!ok)
        snprintf(why, size, "typed_dice must return a list of %d whole numbers, one per die", n);
    return ok;
}


/* The rules folders a module's game is looked for in: the path given, or
 * as the referee looks ($REFEREE_RULES, rules/ here, the tree the module was
 * built from, the installed games),
 * so that a spec outside the tree finds the installed games by default. */
static const char *rules_path_or_default(const char *given, char *buf, size_t size)
{
    if (given)
        return given;
    /* $REFEREE_RULES, rules/ here, then beside the module (the tree it was
     * built from) and the installed games */
    const char *env = getenv("REFEREE_RULES");
    char first[4096];
    snprintf(first, sizeof first, "%s%srules", env ? env : "", env ? ":" : "");
    home_search_path("rules", first, buf, size);
    return buf;
}

static int l_game_new(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    static const struct { const char *name; int type; } FIELDS[] = {
        {"rules_path", LUA_TSTRING}, {"options", LUA_TTABLE}, {"arrange", LUA_TFUNCTION},
        {"shuffles", LUA_TTABLE}, {"rolls", LUA_TTABLE}, {"randoms", LUA_TTABLE},
        {"typed_dice", LUA_TFUNCTION}, {"real_cards", LUA_TBOOLEAN},
    };
    for (size_t i = 0; i < sizeof FIELDS / sizeof *FIELDS; i++) {
        lua_getfield(L, 2, FIELDS[i].name);
        check_field(L, -1, FIELDS[i].name, FIELDS[i].type);
        lua_pop(L, 1);
    }
    lua_getfield(L, 2, "seats");
    lua_getfield(L, 2, "seed");
    lua_getfield(L, 2, "rules_path");
    int nseats = lt_opt_int(L, -3, 1, MAX_SEATS, 2);
    const char *seed = luaL_optstring(L, -2, "1"); /* a number is taken as its text */
    char found[4096];
    const char *path = rules_path_or_default(lua_tostring(L, -1), found, sizeof found);
    lua_getfield(L, 2, "options");
    int opts = lua_istable(L, -1) ? lua_gettop(L) : 0;
    lua_getfield(L, 2, "arrange");
    int arrange = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
    lua_createtable(L, 0, 2);
    lua_getfield(L, 2, "shuffles");
    lua_setfield(L, -2, "shuffles");
    lua_getfield(L, 2, "rolls");
    lua_setfield(L, -2, "rolls");
    lua_getfield(L, 2, "randoms");
    lua_setfield(L, -2, "randoms");
    int script = lua_gettop(L);
    char *err;
    Game *g = game_new_scripted(L, name, path ? path : "rules", nseats, seed, opts, arrange,
                                script, &err);
    if (g) {
        lua_getfield(L, 2, "typed_dice");
        if (lua_isfunction(L, -1)) {
            g->type_dice_ref = luaL_ref(L, LUA_REGISTRYINDEX);
            if (game_use_physical_dice(g, NULL, 0, typed_by_lua, g) != GAME_OK) {
                lua_pop(L, 1);
                err = strfmt("%s", g->error ? g->error : "?");
                g = NULL;
            }
        } else {
            lua_pop(L, 1);
        }
    }
    /* real_cards = true: a real deck, named by the moves (--table cards). */
    if (g && lua_getfield(L, 2, "real_cards") != LUA_TNIL && lua_toboolean(L, -1) &&
        game_use_physical_cards(g) != GAME_OK) {
        lua_pop(L, 2);
        err = strfmt("%s", g->error ? g->error : "?");
        g = NULL;
    } else if (g) {
        lua_pop(L, 1);
    }
    return pushed_or_fail(L, g, err);
}

static int status_result(lua_State *L, Game *g, GameStatus s)
{
    if (s == GAME_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    luaL_pushfail(L);
    lua_pushstring(L, g->error ? g->error : "the game is over");
    lua_pushstring(L, s == GAME_ILLEGAL ? "illegal" : s == GAME_OVER ? "over" : "script");
    return 3;
}

void lgame_push_pending(lua_State *L, const Ask *p)
{
    lua_createtable(L, 0, 6);
    lua_pushstring(L, p->kind);
    lua_setfield(L, -2, "kind");
    if (ask_prompt(p)) {
        lua_pushstring(L, p->prompt);
        lua_setfield(L, -2, "prompt");
    }
    lua_pushboolean(L, p->window);
    lua_setfield(L, -2, "window");
    lua_pushboolean(L, p->hidden);
    lua_setfield(L, -2, "hidden");
    lua_pushstring(L, claim_policy_name((ClaimPolicy)p->policy));
    lua_setfield(L, -2, "policy");
    lua_createtable(L, p->nseats, 0);
    lua_createtable(L, 0, p->nseats);
    for (int i = 0; i < p->nseats; i++) {
        lua_pushinteger(L, p->seats[i]);
        lua_rawseti(L, -3, i + 1);
        lua_createtable(L, p->count[i], 0);
        for (int k = 0; k < p->count[i]; k++) {
            lua_pushstring(L, ask_move(p, p->first[i] + k));
            lua_rawseti(L, -2, k + 1);
        }
        lua_rawseti(L, -2, p->seats[i]);
    }
    lua_setfield(L, -3, "moves");
    lua_setfield(L, -2, "seats");
}

/* g:pending() -> {kind, prompt, window, hidden, policy, seats = {...}, moves = {[seat] = {...}}}
 * or nil when the game is over (plus an error on a rules failure) */
static int l_game_pending(lua_State *L)
{
    Game *g = game_check(L, 1);
    const Ask *p;
    GameStatus s = game_pending(g, &p);
    if (s != GAME_OK)
        return s == GAME_OVER ? (lua_pushnil(L), 1) : status_result(L, g, s);
    lgame_push_pending(L, p);
    return 1;
}

/* g:play(seat, text) -> true, or nil, message, "illegal"|"script"|"over" */
static int l_game_play(lua_State *L)
{
    Game *g = game_check(L, 1);
    int seat = lt_check_int(L, 2, 0, MAX_SEATS);
    const char *text = luaL_checkstring(L, 3);
    return status_result(L, g, game_play(g, seat, text));
}

int lgame_check_answers(lua_State *L, int idx, int *seats, const char **texts)
{
    luaL_checktype(L, idx, LUA_TTABLE);
    int n = (int)luaL_len(L, idx);
    luaL_argcheck(L, n >= 1 && n <= MAX_SEATS, idx, "expected 1 to 16 {seat, text} answers");
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, idx, i + 1);
        luaL_argcheck(L, lua_istable(L, -1), idx, "expected {seat, text} answers");
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        lua_Integer seat = lua_tointeger(L, -2);
        luaL_argcheck(L, seat >= 0 && seat <= MAX_SEATS, idx, "expected {seat, text} answers "
                      "with a seat from 1 to 16");
        seats[i] = (int)seat;
        /* A text only: a number converted here would be a string that
         * nothing keeps alive once popped. */
        luaL_argcheck(L, lua_type(L, -1) == LUA_TSTRING, idx, "expected {seat, text} answers");
        texts[i] = lua_tostring(L, -1);
        lua_pop(L, 3); /* the strings stay alive in the answers table */
    }
    return n;
}

/* g:window({{seat, text}, ...}) -> as play */
static int l_game_window(lua_State *L)
{
    Game *g = game_check(L, 1);
    int seats[MAX_SEATS];
    const char *texts[MAX_SEATS];
    int n = lgame_check_answers(L, 2, seats, texts);
    return status_result(L, g, game_window(g, n, seats, texts));
}

/* The value s's call pushed, or (popping it) nil, message, kind. */
static int pushed_result(lua_State *L, Game *g, GameStatus s)
{
    if (s != GAME_OK) {
        lua_pop(L, 1);
        return status_result(L, g, s);
    }
    return 1;
}

static int l_game_result(lua_State *L)
{
    Game *g = game_check(L, 1);
    int n = pushed_result(L, g, game_push_result(g));
    if (n == 1 && lua_istable(L, -1)) {
        /* The script's own copy: the rules' table stays theirs. */
        lcopy(L, -1);
        lua_replace(L, -2);
    }
    return n;
}

/* g:standing() -> the rules' standing(t), one number per seat; nil when
 * they define none (or nil, message, "script") */
static int l_game_standing(lua_State *L)
{
    Game *g = game_check(L, 1);
    return pushed_result(L, g, game_push_standing(g));
}

/* g:status(seat) -> the rules' lines for the seat, or nil (none defined) */
static int l_game_status(lua_State *L)
{
    Game *g = game_check(L, 1);
    lua_Integer seat = luaL_checkinteger(L, 2);
    luaL_argcheck(L, seat >= 0 && seat <= g->nseats, 2, "a seat of the game, or 0 for everyone");
    return pushed_result(L, g, game_push_status(g, (int)seat));
}

/* g:restart(seed) -> true: the same game begun again with seed, as
 * referee.game would make it (a tournament's next game); nil, why. */
static int l_game_restart(lua_State *L)
{
    Game *g = game_check(L, 1);
    return status_result(L, g, game_restart(g, luaL_checkstring(L, 2)));
}

/* g:default_answer(seat) -> the move made for seat if its time ran out
 * now (the rules' default_answer, else a pass); nil when none, or nil,
 * message when the rules gave one that is not legal. */
static int l_game_default_answer(lua_State *L)
{
    Game *g = game_check(L, 1);
    int seat = lt_check_int(L, 2, 1, MAX_SEATS);
    const char *move = game_default_answer(g, seat);
    if (move) {
        lua_pushstring(L, move);
        return 1;
    }
    luaL_pushfail(L);
    if (!g->error)
        return 1;
    lua_pushstring(L, g->error);
    return 2;
}

/* g:definition() -> what the referee read of the rules' definition: its
 * description, players, options (as declared) and default_bot, a copy. */
static int l_game_definition(lua_State *L)
{
    Game *g = game_check(L, 1);
    static const char *const FIELDS[] = {"description", "players", "options", "default_bot", NULL};
    lua_newtable(L);
    game_push_definition(g);
    for (const char *const *f = FIELDS; *f; f++) {
        lua_getfield(L, -1, *f);
        lcopy(L, -1);
        lua_setfield(L, -4, *f);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
}

static int l_game_table(lua_State *L)
{
    game_push_table(game_check(L, 1));
    return 1;
}

static int l_game_options(lua_State *L)
{
    Game *g = game_check(L, 1);
    game_push_options(g);
    lcopy(L, -1);
    return 1;
}

/* g:view(seat) -> what seat may see */
static int l_game_view(lua_State *L)
{
    Game *g = game_check(L, 1);
    lua_Integer seat = luaL_checkinteger(L, 2);
    luaL_argcheck(L, seat >= 0 && seat <= g->nseats, 2, "no such seat");
    game_push_table(g);
    ltable_push_view(L, -1, (int)seat);
    return 1;
}

/* g:undo([n]) -> true: takes back the last n moves (default 1) */
static int l_game_undo(lua_State *L)
{
    Game *g = game_check(L, 1);
    lua_Integer n = luaL_optinteger(L, 2, 1);
    luaL_argcheck(L, n >= 0 && n <= g->nmoves, 2, "cannot undo more moves than were played");
    return status_result(L, g, game_rebuild(g, g->nmoves - (int)n));
}

static int l_game_hash(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)game_hash(game_check(L, 1)));
    return 1;
}

static int l_game_moves(lua_State *L)
{
    Game *g = game_check(L, 1);
    lua_createtable(L, g->nmoves, 0);
    for (int i = 0; i < g->nmoves; i++) {
        lua_createtable(L, 2, 0);
        lua_pushinteger(L, g->moves[i].seat);
        lua_rawseti(L, -2, 1);
        lua_pushstring(L, game_move_text(g, i));
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:random_move(seat, seed) -> a legal move drawn from a stream of that seed */
static int l_game_random_move(lua_State *L)
{
    Game *g = game_check(L, 1);
    int seat = lt_check_int(L, 2, 0, MAX_SEATS);
    Rng r;
    rng_seed(&r, (uint64_t)luaL_checkinteger(L, 3));
    const char *m = game_random_move(g, seat, &r);
    if (m)
        lua_pushstring(L, m);
    else
        lua_pushnil(L);
    return 1;
}

/* g:sample(seat [, seed]) -> a new game: this one as seat could imagine it
 * (game_sample.h), or nil and why */
static int l_game_sample(lua_State *L)
{
    Game *g = game_check(L, 1);
    lua_Integer seat = luaL_checkinteger(L, 2);
    luaL_argcheck(L, seat >= 1 && seat <= g->nseats, 2, "no such seat");
    uint64_t seed = (uint64_t)luaL_optinteger(L, 3, 0);
    const char *why = game_sample_refusal(g, (int)seat);
    if (why) {
        lua_pushnil(L);
        lua_pushstring(L, why);
        return 2;
    }
    game_push_sample(g, (int)seat, seed);
    return 1;
}

/* g:fork(seed) -> a new game: this one with its dice to come rolled from
 * seed (game_sample.h), or nil and why */
static int l_game_fork(lua_State *L)
{
    Game *g = game_check(L, 1);
    uint64_t seed = (uint64_t)luaL_checkinteger(L, 2);
    const Ask *p;
    GameStatus status = game_pending(g, &p);
    if (status != GAME_OK) {
        lua_pushnil(L);
        lua_pushstring(L, status == GAME_OVER ? "the game is over: there is nothing to fork"
                                              : g->error ? g->error : "the rules failed");
        return 2;
    }
    game_push_fork(g, seed);
    return 1;
}

static int l_game_record(lua_State *L)
{
    char *text = game_record(game_check(L, 1), NULL);
    lua_pushstring(L, text);
    free(text);
    return 1;
}

/* referee.replay(text [, rules_path]) -> game, or nil and why */
static int l_game_replay(lua_State *L)
{
    const char *text = luaL_checkstring(L, 1);
    char found[4096];
    const char *path = rules_path_or_default(luaL_optstring(L, 2, NULL), found, sizeof found);
    char **names, *err;
    Game *g = game_from_record(L, text, path, &names, &err);
    if (names) {
        for (int i = 0; names[i]; i++)
            free(names[i]);
        free(names);
    }
    return pushed_or_fail(L, g, err);
}

static int l_game_tostring(lua_State *L)
{
    Game *g = game_check(L, 1);
    lua_pushfstring(L, "referee.Game (%s, %d seats, %d moves)", g->name, g->nseats, g->nmoves);
    return 1;
}

static const luaL_Reg game_methods[] = {
    {"pending", l_game_pending}, {"play", l_game_play}, {"window", l_game_window},
    {"result", l_game_result}, {"standing", l_game_standing}, {"status", l_game_status}, {"table", l_game_table},
    {"options", l_game_options}, {"definition", l_game_definition},
    {"view", l_game_view}, {"undo", l_game_undo}, {"hash", l_game_hash},
    {"moves", l_game_moves}, {"random_move", l_game_random_move}, {"record", l_game_record},
    {"sample", l_game_sample},
    {"fork", l_game_fork}, {"default_answer", l_game_default_answer},
    {"restart", l_game_restart},
    {NULL, NULL},
};

static const luaL_Reg game_module[] = {
    {"game", l_game_new},
    {"replay", l_game_replay},
    {NULL, NULL},
};

int luaopen_referee_game(lua_State *L)
{
    if (luaL_newmetatable(L, GAME_MT)) {
        luaL_newlib(L, game_methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, game_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, l_game_tostring);
        lua_setfield(L, -2, "__tostring");
        lua_pushliteral(L, "the game's metatable is the referee's");
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    luaL_newlib(L, game_module);
    return 1;
}

