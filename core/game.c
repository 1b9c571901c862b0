#include "game.h"

#include <ctype.h>
#include <jansson.h>
#include <lauxlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "lua_json.h"
#include "lua_table.h"
#include "script.h"
#include "table_json.h"

/* Uservalues of a Game userdata. */
enum { UV_DEF = 1, UV_OPTS, UV_TABLE, UV_PENDING, UV_ENV, UV_ARRANGE, UV_COUNT = UV_ARRANGE };

static char *vformat(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

static char *format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    return s;
}

static void set_error(Game *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(g->error);
    g->error = vformat(fmt, ap);
    va_end(ap);
}

Game *game_check(lua_State *L, int idx)
{
    return luaL_checkudata(L, idx, GAME_MT);
}

/* Pushes the Game userdata g: the registry maps each Game to itself so C
 * callers holding a pointer can reach its uservalues. */
static const char GAMES_KEY = 'g';

static void push_self(Game *g)
{
    lua_rawgetp(g->L, LUA_REGISTRYINDEX, &GAMES_KEY);
    lua_rawgetp(g->L, -1, g);
    lua_remove(g->L, -2);
}

static void push_uv(Game *g, int uv)
{
    push_self(g);
    lua_getiuservalue(g->L, -1, uv);
    lua_remove(g->L, -2);
}

static void set_uv(Game *g, int uv)
{
    push_self(g);
    lua_insert(g->L, -2);
    lua_setiuservalue(g->L, -2, uv);
    lua_pop(g->L, 1);
}

/* ---- finding and loading rules ---- */

static int readable(const char *path)
{
    return access(path, R_OK) == 0;
}

int game_find_rules(const char *name, const char *rules_path, char *out, size_t size)
{
    size_t len = strlen(name);
    if (strchr(name, '/') || (len > 4 && strcmp(name + len - 4, ".lua") == 0)) {
        snprintf(out, size, "%s", name);
        return readable(out);
    }
    const char *p = rules_path ? rules_path : "rules";
    while (*p) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > 0) {
            snprintf(out, size, "%.*s/%s.lua", (int)n, p, name);
            if (readable(out))
                return 1;
        }
        p += n + (end ? 1 : 0);
    }
    return 0;
}

/* math.random for rules: the table's chance source, so every random
 * outcome is replayed from the seed. upvalue 1: the Game. */
static int rules_random(lua_State *L)
{
    Game *g = lua_touserdata(L, lua_upvalueindex(1));
    if (!g || !g->t)
        return luaL_error(L, "math.random is available to rules while a game runs "
                             "(in setup, pending, apply), not while the script loads");
    uint32_t span;
    lua_Integer lo = 1, hi;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)table_random(g->t, 0x80000000u, "random") / 2147483648.0);
        return 1;
    case 1:
        hi = luaL_checkinteger(L, 1);
        break;
    default:
        lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
    }
    luaL_argcheck(L, lo <= hi && hi - lo < 0x7fffffff, 1, "interval is empty or too large");
    span = (uint32_t)(hi - lo + 1);
    lua_pushinteger(L, lo + (lua_Integer)table_random(g->t, span, "random"));
    return 1;
}

static int rules_randomseed(lua_State *L)
{
    return luaL_error(L, "rules draw from the table's random stream, which the referee "
                         "seeds: math.randomseed is not available");
}

static int load_into_env(lua_State *L, int env, const char *name, const char *rules_path);

/* inherit(name) -> a fresh copy of another game's definition to change.
 * upvalues: env, rules path */
static int rules_inherit(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    if (!load_into_env(L, lua_upvalueindex(1), name, lua_tostring(L, lua_upvalueindex(2))))
        return lua_error(L);
    return 1;
}

/* import(name) -> the helper library rules/lib/<name>.lua, loaded once per
 * game. upvalues: env, rules path, cache */
static int rules_import(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    if (lua_getfield(L, lua_upvalueindex(3), name) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    char libname[300];
    snprintf(libname, sizeof libname, "lib/%s", name);
    char path[4096];
    if (!game_find_rules(libname, lua_tostring(L, lua_upvalueindex(2)), path, sizeof path))
        return luaL_error(L, "import: no helper library '%s' (looked for lib/%s.lua in the "
                             "rules folders)", name, name);
    if (script_load_file(L, path, lua_upvalueindex(1)) != LUA_OK ||
        script_pcall(L, 0, 1, RULES_BUDGET) != LUA_OK)
        return lua_error(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, lua_upvalueindex(3), name);
    return 1;
}

/* Pushes a fresh environment for a game's scripts: globals read through to
 * the standard ones, writes stay in the game's own table. game_idx: the
 * Game userdata, or 0 when only listing games. */
static void push_env(lua_State *L, int game_idx, const char *rules_path)
{
    lua_newtable(L);
    int env = lua_gettop(L);
    lua_createtable(L, 0, 1);
    lua_pushglobaltable(L);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, env);

    lua_newtable(L); /* math: the standard one, but random from the table */
    lua_createtable(L, 0, 1);
    lua_getglobal(L, "math");
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    if (game_idx)
        lua_pushvalue(L, game_idx);
    else
        lua_pushnil(L);
    lua_pushcclosure(L, rules_random, 1);
    lua_setfield(L, -2, "random");
    lua_pushcfunction(L, rules_randomseed);
    lua_setfield(L, -2, "randomseed");
    lua_setfield(L, env, "math");

    lua_pushvalue(L, env);
    lua_pushstring(L, rules_path ? rules_path : "rules");
    lua_pushcclosure(L, rules_inherit, 2);
    lua_setfield(L, env, "inherit");
    lua_pushvalue(L, env);
    lua_pushstring(L, rules_path ? rules_path : "rules");
    lua_newtable(L);
    lua_pushcclosure(L, rules_import, 3);
    lua_setfield(L, env, "import");
}

static const char *REQUIRED[] = {"setup", "pending", "apply", "result"};

/* Loads a rules file into env and pushes its definition; 0 and a message. */
static int load_into_env(lua_State *L, int env, const char *name, const char *rules_path)
{
    env = lua_absindex(L, env);
    char path[4096];
    if (!game_find_rules(name, rules_path, path, sizeof path)) {
        lua_pushfstring(L, "no game '%s': there is no %s.lua in the rules folders "
                           "('referee games' lists the games)", name, name);
        return 0;
    }
    if (script_load_file(L, path, env) != LUA_OK || script_pcall(L, 0, 1, RULES_BUDGET) != LUA_OK)
        return 0;
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: a rules script must return its game definition table", path);
        return 0;
    }
    for (size_t i = 0; i < sizeof REQUIRED / sizeof *REQUIRED; i++) {
        if (lua_getfield(L, -1, REQUIRED[i]) != LUA_TFUNCTION) {
            lua_pop(L, 2);
            lua_pushfstring(L, "%s: the game definition has no function '%s' (a game needs "
                               "setup, pending, apply and result)", path, REQUIRED[i]);
            return 0;
        }
        lua_pop(L, 1);
    }
    return 1;
}

int game_load_definition(lua_State *L, const char *name, const char *rules_path)
{
    push_env(L, 0, rules_path);
    int ok = load_into_env(L, -1, name, rules_path);
    lua_remove(L, -2);
    return ok;
}

/* ---- options ---- */

/* Pushes and returns a description of what an option allows. */
static const char *describe_option(lua_State *L, int opt)
{
    char buf[512];
    size_t n = 0;
    int t = lua_getfield(L, opt, "default");
    int isint = lua_isinteger(L, -1);
    lua_pop(L, 1);
    int has_choices = lua_getfield(L, opt, "choices") == LUA_TTABLE;
    if (!has_choices)
        lua_pop(L, 1);
    if (has_choices) {
        n += (size_t)snprintf(buf, sizeof buf, "one of ");
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL && n < sizeof buf; i++) {
            const char *c = luaL_tolstring(L, -1, NULL);
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i > 1 ? ", " : "", c);
            lua_pop(L, 2);
        }
        lua_pop(L, 2); /* the final nil and the choices */
    } else if (t == LUA_TBOOLEAN) {
        snprintf(buf, sizeof buf, "true or false");
    } else if (t == LUA_TNUMBER) {
        n += (size_t)snprintf(buf, sizeof buf, "%s", isint ? "an integer" : "a number");
        int hasmin = lua_getfield(L, opt, "min") == LUA_TNUMBER;
        int hasmax = lua_getfield(L, opt, "max") == LUA_TNUMBER;
        const char *lo = hasmin ? luaL_tolstring(L, -2, NULL) : NULL;
        const char *hi = hasmax ? luaL_tolstring(L, hasmin ? -2 : -1, NULL) : NULL;
        if (lo && hi)
            snprintf(buf + n, sizeof buf - n, " from %s to %s", lo, hi);
        else if (lo)
            snprintf(buf + n, sizeof buf - n, " of at least %s", lo);
        else if (hi)
            snprintf(buf + n, sizeof buf - n, " of at most %s", hi);
        lua_pop(L, 2 + hasmin + hasmax);
    } else if (t == LUA_TTABLE) {
        snprintf(buf, sizeof buf, "a table (as JSON)");
    } else {
        snprintf(buf, sizeof buf, "a string");
    }
    return lua_pushstring(L, buf);
}

/* Converts a --set string to the option's type. stack: ..., text -> value or nil */
static int convert_text(lua_State *L, int opt, const char *text)
{
    lua_getfield(L, opt, "default");
    int t = lua_type(L, -1), isint = lua_isinteger(L, -1);
    lua_pop(L, 1);
    if (t == LUA_TBOOLEAN) {
        if (!strcmp(text, "true") || !strcmp(text, "on") || !strcmp(text, "yes") || !strcmp(text, "1"))
            lua_pushboolean(L, 1);
        else if (!strcmp(text, "false") || !strcmp(text, "off") || !strcmp(text, "no") || !strcmp(text, "0"))
            lua_pushboolean(L, 0);
        else
            return 0;
    } else if (t == LUA_TNUMBER) {
        if (!lua_stringtonumber(L, text))
            return 0;
        if (isint && !lua_isinteger(L, -1)) {
            lua_pop(L, 1);
            return 0;
        }
    } else if (t == LUA_TTABLE) {
        char err[200];
        if (!ljson_decode(L, text, err, sizeof err) || !lua_istable(L, -1))
            return 0;
    } else {
        lua_pushstring(L, text);
    }
    return 1;
}

/* Checks a value against its option. stack: ..., value. Returns 1 if good. */
static int option_accepts(lua_State *L, int opt, int value)
{
    lua_getfield(L, opt, "default");
    int t = lua_type(L, -1), isint = lua_isinteger(L, -1);
    lua_pop(L, 1);
    if (lua_type(L, value) != t || (isint && !lua_isinteger(L, value)))
        return 0;
    if (t == LUA_TNUMBER) {
        lua_Number v = lua_tonumber(L, value);
        if (lua_getfield(L, opt, "min") == LUA_TNUMBER && v < lua_tonumber(L, -1)) {
            lua_pop(L, 1);
            return 0;
        }
        if (lua_getfield(L, opt, "max") == LUA_TNUMBER && v > lua_tonumber(L, -1)) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 2);
    }
    int found = 1;
    if (lua_getfield(L, opt, "choices") == LUA_TTABLE) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
        found = 0;
        for (lua_Integer i = 1; i <= n && !found; i++) {
            lua_rawgeti(L, -1, i);
            found = lua_compare(L, -1, value, LUA_OPEQ);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return found;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Pushes the options table: defaults, overridden by the given values.
 * Returns 0 and pushes a message when an option is unknown or bad. */
static int check_options(lua_State *L, const char *game, int def, int given)
{
    def = lua_absindex(L, def);
    if (given)
        given = lua_absindex(L, given);
    lua_newtable(L);
    int result = lua_gettop(L);
    lua_getfield(L, def, "options");
    int opts = lua_gettop(L);
    if (!lua_istable(L, opts)) {
        lua_pop(L, 1);
        lua_newtable(L);
    }
    /* Defaults first. */
    lua_Integer nopts = (lua_Integer)lua_rawlen(L, opts);
    for (lua_Integer i = 1; i <= nopts; i++) {
        lua_rawgeti(L, opts, i);
        lua_getfield(L, -1, "name");
        lua_getfield(L, -2, "default");
        ljson_deep_copy(L, -1);
        lua_remove(L, -2);
        lua_setfield(L, result, lua_tostring(L, -2));
        lua_pop(L, 2);
    }
    if (!given) {
        lua_pop(L, 1);
        return 1;
    }
    /* Then the given ones, in name order so the first error is always the same. */
    const char *names[128];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, given) && n < 128) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING)
            names[n++] = lua_tostring(L, -1);
    }
    qsort(names, (size_t)n, sizeof *names, compare_names);
    for (int k = 0; k < n; k++) {
        int opt = 0;
        for (lua_Integer i = 1; i <= nopts && !opt; i++) {
            lua_rawgeti(L, opts, i);
            lua_getfield(L, -1, "name");
            if (lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), names[k]) == 0) {
                lua_pop(L, 1);
                opt = lua_gettop(L);
            } else {
                lua_pop(L, 2);
            }
        }
        if (!opt) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (lua_Integer i = 1; i <= nopts; i++) {
                lua_rawgeti(L, opts, i);
                lua_getfield(L, -1, "name");
                lua_remove(L, -2);
                if (i > 1)
                    luaL_addstring(&b, ", ");
                luaL_addvalue(&b);
            }
            luaL_pushresult(&b);
            lua_pushfstring(L, "unknown option '%s' for %s; %s", names[k], game,
                            nopts ? lua_pushfstring(L, "its options are: %s", lua_tostring(L, -1))
                                  : "it has no options");
            return 0;
        }
        lua_getfield(L, given, names[k]);
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *text = lua_tostring(L, -1);
            if (!convert_text(L, opt, text)) {
                lua_pushfstring(L, "option '%s' must be %s, not '%s'", names[k],
                                describe_option(L, opt), text);
                return 0;
            }
            lua_remove(L, -2);
        }
        int ok = option_accepts(L, opt, lua_gettop(L));
        if (ok && lua_getfield(L, opt, "check") == LUA_TFUNCTION) {
            /* A custom check returns true, or nil and why. */
            lua_pushvalue(L, -2);
            if (script_pcall(L, 1, 2, RULES_BUDGET) != LUA_OK)
                return 0;
            if (!lua_toboolean(L, -2)) {
                lua_pushfstring(L, "option '%s': %s", names[k],
                                lua_isstring(L, -1) ? lua_tostring(L, -1) : "refused by the game");
                return 0;
            }
            lua_pop(L, 2);
        } else if (ok) {
            lua_pop(L, 1);
        }
        if (!ok) {
            int quote = lua_type(L, -1) == LUA_TSTRING;
            const char *got = luaL_tolstring(L, -1, NULL);
            lua_pushfstring(L, quote ? "option '%s' must be %s, not '%s'" : "option '%s' must be %s, not %s",
                            names[k], describe_option(L, opt), got);
            return 0;
        }
        lua_setfield(L, result, names[k]);
        lua_pop(L, 1); /* the option */
    }
    lua_pop(L, 1);
    return 1;
}

/* ---- the loop ---- */

static void invalidate(Game *g)
{
    g->pending_valid = 0;
    g->over = 0;
}

static void push_method(Game *g, const char *name)
{
    push_uv(g, UV_DEF);
    lua_getfield(g->L, -1, name);
    lua_remove(g->L, -2);
}

/* Applies a move already known to be legal. */
static GameStatus apply_move(Game *g, int seat, const char *move)
{
    lua_State *L = g->L;
    table_decision(g->t, seat, move);
    invalidate(g);
    push_method(g, "apply");
    push_uv(g, UV_TABLE);
    lua_pushinteger(L, seat);
    lua_pushstring(L, move);
    if (script_pcall(L, 3, 0, RULES_BUDGET) != LUA_OK) {
        set_error(g, "the rules failed applying seat %d's move '%s': %s", seat, move,
                  lua_tostring(L, -1));
        lua_pop(L, 1);
        return GAME_SCRIPT;
    }
    if (g->t->out_of_memory) {
        set_error(g, "out of memory while applying '%s'", move);
        return GAME_SCRIPT;
    }
    return GAME_OK;
}

static int add_text(Pending *p, const char *s)
{
    if (p->ntexts == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        const char **texts = realloc(p->texts, sizeof(char *) * (size_t)cap);
        if (!texts)
            return 0;
        p->texts = texts;
        p->cap = cap;
    }
    p->texts[p->ntexts++] = s;
    return 1;
}

/* Reads one seat's list of moves. stack: ..., list */
static const char *read_moves(Game *g, int slot, int list)
{
    lua_State *L = g->L;
    Pending *p = &g->pending;
    if (!lua_istable(L, list))
        return "moves must be a list of move texts";
    p->first[slot] = p->ntexts;
    for (lua_Integer i = 1; lua_rawgeti(L, list, i) != LUA_TNIL; i++) {
        if (lua_type(L, -1) != LUA_TSTRING) {
            lua_pop(L, 1);
            return "every move must be a string";
        }
        if (!add_text(p, lua_tostring(L, -1))) {
            lua_pop(L, 1);
            return "out of memory";
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 2); /* the final nil and the list */
    p->count[slot] = p->ntexts - p->first[slot];
    return p->count[slot] ? NULL : "a seat that is asked must have at least one legal move";
}

/* Reads the rules' pending table into g->pending. stack: ..., pending */
static const char *read_pending(Game *g, int idx)
{
    lua_State *L = g->L;
    Pending *p = &g->pending;
    const char *why;
    p->ntexts = 0;
    p->nseats = 0;
    lua_getfield(L, idx, "kind");
    p->kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "move";
    lua_getfield(L, idx, "prompt");
    p->prompt = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    lua_pop(L, 2); /* the strings stay alive in the pending table */
    if (lua_getfield(L, idx, "window") == LUA_TTABLE) {
        int window = lua_gettop(L);
        p->window = 1;
        lua_getfield(L, idx, "policy");
        p->policy = CLAIM_ORDER;
        if (!lua_isnil(L, -1) && (!lua_isstring(L, -1) ||
                                  !claim_policy_parse(lua_tostring(L, -1), &p->policy)))
            return "policy must be \"order\", \"random\" or \"arrival\"";
        lua_pop(L, 1);
        lua_getfield(L, idx, "moves");
        int moves = lua_gettop(L);
        if (!lua_istable(L, moves))
            return "a claim window needs moves = {[seat] = {...}, ...}";
        for (lua_Integer i = 1; lua_rawgeti(L, window, i) != LUA_TNIL; i++) {
            lua_Integer s = lua_tointeger(L, -1);
            lua_pop(L, 1);
            if (s < 1 || s > g->nseats || p->nseats >= MAX_SEATS)
                return "window must list seat numbers";
            p->seats[p->nseats] = (int)s;
            lua_rawgeti(L, moves, s);
            if ((why = read_moves(g, p->nseats, lua_gettop(L))))
                return why;
            p->nseats++;
        }
        lua_pop(L, 3);
        if (!p->nseats)
            return "a claim window needs at least one seat";
        lua_getfield(L, idx, "start");
        p->start = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : p->seats[0];
        lua_pop(L, 1);
        return NULL;
    }
    lua_pop(L, 1);
    p->window = 0;
    lua_getfield(L, idx, "seat");
    lua_Integer s = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (s < 1 || s > g->nseats)
        return "pending needs seat = a seat number (or window = {seats})";
    p->seats[0] = p->start = (int)s;
    p->nseats = 1;
    lua_getfield(L, idx, "moves");
    return read_moves(g, 0, lua_gettop(L));
}

GameStatus game_pending(Game *g, const Pending **out)
{
    lua_State *L = g->L;
    *out = &g->pending;
    if (g->pending_valid)
        return GAME_OK;
    if (g->over)
        return GAME_OVER;
    push_method(g, "pending");
    push_uv(g, UV_TABLE);
    if (script_pcall(L, 1, 1, RULES_BUDGET) != LUA_OK) {
        set_error(g, "the rules failed in pending(): %s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return GAME_SCRIPT;
    }
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        g->over = 1;
        return GAME_OVER;
    }
    if (!lua_istable(L, -1)) {
        set_error(g, "the rules' pending() returned a %s: expected nil (game over) or "
                     "{seat = s, moves = {...}}", luaL_typename(L, -1));
        lua_pop(L, 1);
        return GAME_SCRIPT;
    }
    lua_pushvalue(L, -1);
    set_uv(g, UV_PENDING);
    int top = lua_gettop(L);
    const char *why = read_pending(g, top);
    lua_settop(L, top - 1);
    if (why) {
        set_error(g, "the rules' pending() is malformed: %s", why);
        return GAME_SCRIPT;
    }
    g->pending_valid = 1;
    return GAME_OK;
}

static int slot_of(const Pending *p, int seat)
{
    for (int i = 0; i < p->nseats; i++)
        if (p->seats[i] == seat)
            return i;
    return -1;
}

/* Folds runs of white space and trims: "play  QS " -> "play QS". */
static void normalise(const char *text, char *out, size_t size)
{
    size_t n = 0;
    int space = 0;
    for (const char *p = text; *p && n + 1 < size; p++) {
        if (isspace((unsigned char)*p)) {
            space = n > 0;
            continue;
        }
        if (space && n + 2 < size)
            out[n++] = ' ';
        space = 0;
        out[n++] = *p;
    }
    out[n] = '\0';
}

const char *game_match(Game *g, int seat, const char *text)
{
    const Pending *p = &g->pending;
    int slot = slot_of(p, seat);
    if (slot < 0)
        return NULL;
    char want[512];
    normalise(text, want, sizeof want);
    const char *loose = NULL;
    for (int i = p->first[slot]; i < p->first[slot] + p->count[slot]; i++) {
        if (strcmp(p->texts[i], want) == 0)
            return p->texts[i];
        if (!loose && strcasecmp(p->texts[i], want) == 0)
            loose = p->texts[i];
    }
    return loose;
}

static void seat_list(const Pending *p, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < p->nseats && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%d", i ? ", " : "", p->seats[i]);
}

/* Sets the error for an answer that is not a legal move: the rules'
 * explanation when they give one, and the legal moves. */
static void explain_illegal(Game *g, int seat, const char *text)
{
    lua_State *L = g->L;
    const Pending *p = &g->pending;
    int slot = slot_of(p, seat);
    char list[1024];
    size_t n = 0;
    int shown = p->count[slot] < 20 ? p->count[slot] : 16;
    list[0] = '\0';
    for (int i = 0; i < shown && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                              p->texts[p->first[slot] + i]);
    char *legal = shown < p->count[slot]
                      ? format("legal moves: %s and %d more ('moves' lists them all)", list,
                               p->count[slot] - shown)
                      : format("legal moves: %s", list);

    char *reason = NULL;
    push_method(g, "explain");
    if (lua_isfunction(L, -1)) {
        push_uv(g, UV_TABLE);
        lua_pushinteger(L, seat);
        lua_pushstring(L, text);
        if (script_pcall(L, 3, 1, RULES_BUDGET) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
            reason = format("%s", lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    if (reason)
        set_error(g, "'%s' is not a legal move: %s; %s", text, reason, legal);
    else
        set_error(g, "'%s' is not a legal move for seat %d now (%s); %s", text, seat, p->kind,
                  legal);
    free(reason);
    free(legal);
}

static int append_move(Game *g, int seat, int group, const char *text)
{
    if (g->nmoves == g->cap) {
        int cap = g->cap ? g->cap * 2 : 64;
        Move *m = realloc(g->moves, sizeof(Move) * (size_t)cap);
        if (!m)
            return 0;
        g->moves = m;
        g->cap = cap;
    }
    char *copy = strdup(text);
    if (!copy)
        return 0;
    g->moves[g->nmoves++] = (Move){seat, group, copy};
    return 1;
}

/* Checks an answer; returns the canonical text (valid until the next move). */
static const char *check_answer(Game *g, int seat, const char *text)
{
    const Pending *p = &g->pending;
    if (slot_of(p, seat) < 0) {
        char seats[64];
        seat_list(p, seats, sizeof seats);
        if (p->window)
            set_error(g, "seat %d may not answer now: the claim window is open to seat%s %s",
                      seat, p->nseats > 1 ? "s" : "", seats);
        else
            set_error(g, "it is not seat %d's turn: seat %d is to %s", seat, p->seats[0],
                      p->kind);
        return NULL;
    }
    const char *canon = game_match(g, seat, text);
    if (!canon)
        explain_illegal(g, seat, text);
    return canon;
}

static GameStatus refuse_if_not_pending(Game *g)
{
    const Pending *p;
    GameStatus s = game_pending(g, &p);
    if (s == GAME_OVER)
        set_error(g, "the game is over: no move is pending ('new' starts another)");
    return s;
}

/* Applies one answer; on a rules failure the table is rebuilt as it was. */
static GameStatus play_one(Game *g, int seat, int group, const char *canon)
{
    char *move = strdup(canon);
    if (!move) {
        set_error(g, "out of memory");
        return GAME_SCRIPT;
    }
    GameStatus s = apply_move(g, seat, move);
    if (s == GAME_OK && !append_move(g, seat, group, move)) {
        set_error(g, "out of memory");
        s = GAME_SCRIPT;
    }
    if (s != GAME_OK) {
        char *why = g->error;
        g->error = NULL;
        game_rebuild(g, g->nmoves);
        free(g->error);
        g->error = why;
    }
    free(move);
    return s;
}

GameStatus game_play(Game *g, int seat, const char *text)
{
    GameStatus s = refuse_if_not_pending(g);
    if (s != GAME_OK)
        return s;
    const char *canon = check_answer(g, seat, text);
    if (!canon)
        return GAME_ILLEGAL;
    return play_one(g, seat, g->pending.window ? ++g->groups : 0, canon);
}

/* The core of a claim window, shared by play and replay: answers already
 * checked, in arrival order. */
static GameStatus run_window(Game *g, int n, const int *seats, char *const *moves, int group)
{
    int order[MAX_SEATS];
    Chance chance = table_chance(g->t);
    const Pending *p = &g->pending;
    seats_claim_order(&g->t->seats, p->policy, p->start, seats, n, &chance, order);
    for (int k = 0; k < n; k++) {
        int i = 0;
        while (seats[i] != order[k])
            i++;
        const Pending *now;
        GameStatus s = game_pending(g, &now);
        if (s == GAME_SCRIPT)
            return s;
        if (s == GAME_OVER || !now->window || !game_match(g, seats[i], moves[i])) {
            char note[600];
            snprintf(note, sizeof note, "seat %d's answer '%s' lapsed: the window had closed",
                     seats[i], moves[i]);
            table_note(g->t, 0, note);
            continue;
        }
        if ((s = apply_move(g, seats[i], moves[i])) != GAME_OK)
            return s;
    }
    for (int i = 0; i < n; i++)
        if (!append_move(g, seats[i], group, moves[i])) {
            set_error(g, "out of memory");
            return GAME_SCRIPT;
        }
    return GAME_OK;
}

GameStatus game_window(Game *g, int n, const int *seats, const char *const *texts)
{
    GameStatus s = refuse_if_not_pending(g);
    if (s != GAME_OK)
        return s;
    if (!g->pending.window) {
        set_error(g, "no claim window is open: seat %d is to %s", g->pending.seats[0],
                  g->pending.kind);
        return GAME_ILLEGAL;
    }
    if (n < 1 || n > g->pending.nseats) {
        set_error(g, "a claim window takes one answer from each of its seats");
        return GAME_ILLEGAL;
    }
    char *moves[MAX_SEATS] = {0};
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (seats[j] == seats[i]) {
                set_error(g, "seat %d answered twice in one window", seats[i]);
                s = GAME_ILLEGAL;
            }
        const char *canon = s == GAME_OK ? check_answer(g, seats[i], texts[i]) : NULL;
        if (!canon || !(moves[i] = strdup(canon))) {
            s = GAME_ILLEGAL;
            break;
        }
    }
    if (s == GAME_OK) {
        int before = g->nmoves;
        s = run_window(g, n, seats, moves, ++g->groups);
        if (s != GAME_OK) {
            char *why = g->error;
            g->error = NULL;
            g->nmoves = before;
            game_rebuild(g, before);
            free(g->error);
            g->error = why;
        }
    }
    for (int i = 0; i < n; i++)
        free(moves[i]);
    return s;
}

static void free_moves_from(Game *g, int n)
{
    for (int i = n; i < g->nmoves; i++)
        free(g->moves[i].text);
    if (n < g->nmoves)
        g->nmoves = n;
}

GameStatus game_rebuild(Game *g, int n)
{
    lua_State *L = g->L;
    if (n < 0)
        n = 0;
    if (n > g->nmoves)
        n = g->nmoves;
    Table *t = table_new(g->nseats, g->seed);
    if (!t) {
        set_error(g, "out of memory");
        return GAME_SCRIPT;
    }
    ltable_push(L, t, NULL);
    set_uv(g, UV_TABLE);
    g->t = t;
    invalidate(g);

    push_method(g, "setup");
    push_uv(g, UV_TABLE);
    push_uv(g, UV_OPTS);
    ljson_deep_copy(L, -1);
    lua_remove(L, -2);
    if (script_pcall(L, 2, 0, RULES_BUDGET) != LUA_OK) {
        set_error(g, "the rules failed in setup(): %s", lua_tostring(L, -1));
        lua_pop(L, 1);
        free_moves_from(g, 0);
        return GAME_SCRIPT;
    }
    /* A test's arrangement of the table (a stacked deck, say) is part of
     * the game's inputs, so it is made again on every rebuild. */
    push_uv(g, UV_ARRANGE);
    if (lua_isfunction(L, -1)) {
        push_uv(g, UV_TABLE);
        if (script_pcall(L, 1, 0, RULES_BUDGET) != LUA_OK) {
            set_error(g, "the arrange function failed: %s", lua_tostring(L, -1));
            lua_pop(L, 1);
            free_moves_from(g, 0);
            return GAME_SCRIPT;
        }
    } else {
        lua_pop(L, 1);
    }
    ledger_seal(&t->ledger);

    /* Replay: the moves are taken out of the list and put back as they
     * are applied again. */
    Move *old = g->moves;
    int nold = g->nmoves, groups = 0;
    g->moves = NULL;
    g->nmoves = g->cap = 0;
    GameStatus s = GAME_OK;
    int i = 0;
    while (i < n && s == GAME_OK) {
        const Pending *p;
        if ((s = game_pending(g, &p)) != GAME_OK)
            break;
        int j = i;
        if (old[i].group) {
            while (j + 1 < n && old[j + 1].group == old[i].group)
                j++;
        }
        if (!old[i].group || !p->window) {
            s = apply_move(g, old[i].seat, old[i].text) == GAME_OK &&
                        append_move(g, old[i].seat, old[i].group, old[i].text)
                    ? GAME_OK
                    : GAME_SCRIPT;
            i++;
            continue;
        }
        int seats[MAX_SEATS];
        char *moves[MAX_SEATS];
        int k = 0;
        for (int m = i; m <= j && k < MAX_SEATS; m++, k++) {
            seats[k] = old[m].seat;
            moves[k] = old[m].text;
        }
        s = run_window(g, k, seats, moves, old[i].group);
        i = j + 1;
    }
    for (int m = 0; m < nold; m++) {
        if (old[m].group > groups)
            groups = old[m].group;
        free(old[m].text);
    }
    free(old);
    g->groups = groups;
    if (s != GAME_OK && s != GAME_OVER) {
        char *why = g->error;
        g->error = format("replaying the moves failed at move %d (the rules are not "
                          "deterministic?): %s", g->nmoves + 1, why ? why : "");
        free(why);
        return GAME_SCRIPT;
    }
    return GAME_OK;
}

const char *game_random_move(Game *g, int seat, Rng *r)
{
    const Pending *p;
    if (game_pending(g, &p) != GAME_OK)
        return NULL;
    int slot = slot_of(p, seat);
    if (slot < 0)
        return NULL;
    return p->texts[p->first[slot] + (int)rng_below(r, (uint32_t)p->count[slot])];
}

GameStatus game_push_result(Game *g)
{
    lua_State *L = g->L;
    push_method(g, "result");
    push_uv(g, UV_TABLE);
    if (script_pcall(L, 1, 1, RULES_BUDGET) != LUA_OK) {
        set_error(g, "the rules failed in result(): %s", lua_tostring(L, -1));
        lua_pop(L, 1);
        lua_pushnil(L);
        return GAME_SCRIPT;
    }
    if (!lua_isnil(L, -1) && !lua_istable(L, -1)) {
        set_error(g, "the rules' result() returned a %s: expected nil or "
                     "{winners = {...}, scores = {...}, message = \"...\"}", luaL_typename(L, -1));
        lua_pop(L, 1);
        lua_pushnil(L);
        return GAME_SCRIPT;
    }
    return GAME_OK;
}

void game_push_table(Game *g)
{
    push_uv(g, UV_TABLE);
}

void game_push_options(Game *g)
{
    push_uv(g, UV_OPTS);
}

uint64_t game_hash(Game *g)
{
    char err[200];
    push_uv(g, UV_TABLE);
    char *text = ltable_save(g->L, -1, err, sizeof err);
    lua_pop(g->L, 1);
    uint64_t h = text ? fnv1a64(text) : 0;
    free(text);
    return h;
}

/* ---- creating games ---- */

static int game_gc(lua_State *L)
{
    Game *g = luaL_checkudata(L, 1, GAME_MT);
    free_moves_from(g, 0);
    free(g->moves);
    free(g->pending.texts);
    free(g->error);
    g->moves = NULL;
    g->pending.texts = NULL;
    g->error = NULL;
    return 0;
}

static const char *base_name(const char *name, char *buf, size_t size)
{
    const char *slash = strrchr(name, '/');
    snprintf(buf, size, "%s", slash ? slash + 1 : name);
    size_t len = strlen(buf);
    if (len > 4 && strcmp(buf + len - 4, ".lua") == 0)
        buf[len - 4] = '\0';
    return buf;
}

static void ensure_registry(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &GAMES_KEY) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "v"); /* weak values: the map keeps no game alive */
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &GAMES_KEY);
    }
    lua_pop(L, 1);
}

static Game *new_game(lua_State *L, const char *name, const char *rules_path, int nseats,
                      uint64_t seed, int opts_idx, int arrange_idx, char **err);

Game *game_new(lua_State *L, const char *name, const char *rules_path, int nseats,
               uint64_t seed, int opts_idx, char **err)
{
    return new_game(L, name, rules_path, nseats, seed, opts_idx, 0, err);
}

static Game *new_game(lua_State *L, const char *name, const char *rules_path, int nseats,
                      uint64_t seed, int opts_idx, int arrange_idx, char **err)
{
    *err = NULL;
    if (opts_idx)
        opts_idx = lua_absindex(L, opts_idx);
    if (arrange_idx)
        arrange_idx = lua_absindex(L, arrange_idx);
    luaL_checkstack(L, 20, "game");
    ensure_registry(L);
    Game *g = lua_newuserdatauv(L, sizeof *g, UV_COUNT);
    memset(g, 0, sizeof *g);
    g->L = L;
    g->seed = seed;
    g->nseats = nseats;
    base_name(name, g->name, sizeof g->name);
    snprintf(g->source, sizeof g->source, "%s", name);
    luaL_setmetatable(L, GAME_MT);
    int self = lua_gettop(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &GAMES_KEY);
    lua_pushvalue(L, self);
    lua_rawsetp(L, -2, g);
    lua_pop(L, 1);

    push_env(L, self, rules_path);
    lua_pushvalue(L, -1);
    set_uv(g, UV_ENV);
    if (!load_into_env(L, -1, name, rules_path))
        goto fail;
    game_find_rules(name, rules_path, g->path, sizeof g->path);
    lua_pushvalue(L, -1);
    set_uv(g, UV_DEF);
    int def = lua_gettop(L);

    lua_Integer lo = 1, hi = MAX_SEATS;
    if (lua_getfield(L, def, "players") == LUA_TTABLE) {
        lua_getfield(L, -1, "min");
        lua_getfield(L, -2, "max");
        lo = luaL_optinteger(L, -2, 1);
        hi = luaL_optinteger(L, -1, MAX_SEATS);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    if (nseats < lo || nseats > hi || nseats > MAX_SEATS) {
        lua_pushfstring(L, "%s takes %I to %I players, not %d: give one --seats entry per "
                           "player", g->name, lo, hi, nseats);
        goto fail;
    }
    if (!check_options(L, g->name, def, opts_idx))
        goto fail;
    set_uv(g, UV_OPTS);
    if (arrange_idx) {
        lua_pushvalue(L, arrange_idx);
        set_uv(g, UV_ARRANGE);
    }
    if (game_rebuild(g, 0) != GAME_OK) {
        lua_pushstring(L, g->error);
        goto fail;
    }
    lua_settop(L, self);
    return g;
fail:
    *err = format("%s", lua_tostring(L, -1));
    lua_settop(L, self - 1);
    return NULL;
}

/* ---- records ---- */

char *game_record(Game *g, const char *const *seat_names)
{
    char err[200];
    push_uv(g, UV_OPTS);
    char *opts = ljson_encode(g->L, -1, err, sizeof err);
    lua_pop(g->L, 1);
    json_t *root = json_object();
    char buf[32];
    json_object_set_new(root, "format", json_string("referee-game/1"));
    json_object_set_new(root, "game", json_string(g->source));
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)g->seed);
    json_object_set_new(root, "seed", json_string(buf));
    json_t *seats = json_array();
    for (int s = 0; s < g->nseats; s++)
        json_array_append_new(seats, json_string(seat_names && seat_names[s] ? seat_names[s] : "human"));
    json_object_set_new(root, "seats", seats);
    json_object_set_new(root, "options", opts ? json_loads(opts, 0, NULL) : json_object());
    json_t *moves = json_array();
    for (int i = 0; i < g->nmoves; i++)
        json_array_append_new(moves, json_pack("[i, i, s]", g->moves[i].seat, g->moves[i].group,
                                               g->moves[i].text));
    json_object_set_new(root, "moves", moves);
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)game_hash(g));
    json_object_set_new(root, "hash", json_string(buf));
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_SORT_KEYS);
    json_decref(root);
    free(opts);
    return text;
}

Game *game_from_record(lua_State *L, const char *text, const char *rules_path,
                       char ***seat_names, char **err)
{
    json_error_t jerr;
    json_t *root = json_loads(text, 0, &jerr);
    Game *g = NULL;
    *seat_names = NULL;
    *err = NULL;
    const char *name, *seed_text, *hash;
    json_t *seats, *options, *moves;
    if (!root) {
        *err = format("not a saved game: invalid JSON at line %d (%s)", jerr.line, jerr.text);
        return NULL;
    }
    if (json_unpack(root, "{s:s, s:s, s:o, s:o, s:o, s:s}", "game", &name, "seed", &seed_text,
                    "seats", &seats, "options", &options, "moves", &moves, "hash", &hash) != 0 ||
        !json_is_array(seats) || !json_is_object(options) || !json_is_array(moves) ||
        json_array_size(seats) < 1 || json_array_size(seats) > MAX_SEATS) {
        *err = format("not a saved game: it needs game, seed, seats, options, moves and hash");
        goto done;
    }
    char *end;
    uint64_t seed = strtoull(seed_text, &end, 10);
    if (!*seed_text || *end) {
        *err = format("not a saved game: the seed must be a decimal number");
        goto done;
    }
    char *opts_text = json_dumps(options, JSON_COMPACT);
    char why[200];
    if (!opts_text || !ljson_decode(L, opts_text, why, sizeof why)) {
        free(opts_text);
        *err = format("not a saved game: bad options");
        goto done;
    }
    free(opts_text);
    int nseats = (int)json_array_size(seats);
    g = game_new(L, name, rules_path, nseats, seed, -1, err);
    lua_remove(L, g ? -2 : -1);
    if (!g)
        goto done;
    size_t n = json_array_size(moves);
    for (size_t i = 0; i < n;) {
        /* A run of answers with the same window group is one claim window. */
        int wseats[MAX_SEATS], group = 0;
        const char *wmoves[MAX_SEATS];
        size_t k = 0;
        while (i + k < n && k < MAX_SEATS) {
            int seat, g2;
            const char *mv;
            if (json_unpack(json_array_get(moves, i + k), "[i, i, s]", &seat, &g2, &mv) != 0) {
                *err = format("not a saved game: move %zu is malformed", i + k + 1);
                goto bad;
            }
            if (k > 0 && (group == 0 || g2 != group))
                break;
            group = g2;
            wseats[k] = seat;
            wmoves[k++] = mv;
        }
        GameStatus s = k > 1 ? game_window(g, (int)k, wseats, wmoves)
                             : game_play(g, wseats[0], wmoves[0]);
        if (s != GAME_OK) {
            *err = format("the save does not replay: move %zu (seat %d: '%s') failed: %s", i + 1,
                          wseats[0], wmoves[0], g->error ? g->error : "");
            goto bad;
        }
        i += k;
    }
    char buf[32];
    snprintf(buf, sizeof buf, "%016llx", (unsigned long long)game_hash(g));
    if (strcmp(buf, hash) != 0) {
        *err = format("the save replays to a different table than it recorded (the rules "
                      "changed since it was saved?)");
        goto bad;
    }
    *seat_names = calloc((size_t)nseats + 1, sizeof(char *));
    for (int s = 0; *seat_names && s < nseats; s++) {
        const char *sn = json_string_value(json_array_get(seats, (size_t)s));
        (*seat_names)[s] = strdup(sn ? sn : "human");
    }
    goto done;
bad:
    lua_pop(L, 1);
    g = NULL;
done:
    json_decref(root);
    return g;
}

/* ---- Lua binding: referee.game(...) for specs and tools ---- */

/* referee.game(name, {seats = n, seed = s, options = {...}, rules_path = "...",
 *                     arrange = function(t) ... end}): arrange, for tests, runs
 * after setup on every build of the table (a stacked deck, a given hand). */
static int l_game_new(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_getfield(L, 2, "seats");
    lua_getfield(L, 2, "seed");
    lua_getfield(L, 2, "rules_path");
    int nseats = (int)luaL_optinteger(L, -3, 2);
    uint64_t seed = (uint64_t)luaL_optinteger(L, -2, 1);
    const char *path = lua_tostring(L, -1);
    if (!path)
        path = getenv("REFEREE_RULES");
    lua_getfield(L, 2, "options");
    int opts = lua_istable(L, -1) ? lua_gettop(L) : 0;
    lua_getfield(L, 2, "arrange");
    int arrange = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
    char *err;
    Game *g = new_game(L, name, path ? path : "rules", nseats, seed, opts, arrange, &err);
    if (!g) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        free(err);
        return 2;
    }
    return 1;
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

/* g:pending() -> {kind, prompt, window, policy, seats = {...}, moves = {[seat] = {...}}}
 * or nil when the game is over (plus an error on a rules failure) */
static int l_game_pending(lua_State *L)
{
    Game *g = game_check(L, 1);
    const Pending *p;
    GameStatus s = game_pending(g, &p);
    if (s != GAME_OK)
        return s == GAME_OVER ? (lua_pushnil(L), 1) : status_result(L, g, s);
    lua_createtable(L, 0, 6);
    lua_pushstring(L, p->kind);
    lua_setfield(L, -2, "kind");
    if (p->prompt) {
        lua_pushstring(L, p->prompt);
        lua_setfield(L, -2, "prompt");
    }
    lua_pushboolean(L, p->window);
    lua_setfield(L, -2, "window");
    lua_pushstring(L, claim_policy_name(p->policy));
    lua_setfield(L, -2, "policy");
    lua_createtable(L, p->nseats, 0);
    lua_createtable(L, 0, p->nseats);
    for (int i = 0; i < p->nseats; i++) {
        lua_pushinteger(L, p->seats[i]);
        lua_rawseti(L, -3, i + 1);
        lua_createtable(L, p->count[i], 0);
        for (int k = 0; k < p->count[i]; k++) {
            lua_pushstring(L, p->texts[p->first[i] + k]);
            lua_rawseti(L, -2, k + 1);
        }
        lua_rawseti(L, -2, p->seats[i]);
    }
    lua_setfield(L, -3, "moves");
    lua_setfield(L, -2, "seats");
    return 1;
}

/* g:play(seat, text) -> true, or nil, message, "illegal"|"script"|"over" */
static int l_game_play(lua_State *L)
{
    Game *g = game_check(L, 1);
    int seat = (int)luaL_checkinteger(L, 2);
    const char *text = luaL_checkstring(L, 3);
    return status_result(L, g, game_play(g, seat, text));
}

/* g:window({{seat, text}, ...}) -> as play */
static int l_game_window(lua_State *L)
{
    Game *g = game_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    int seats[MAX_SEATS];
    const char *texts[MAX_SEATS];
    int n = (int)luaL_len(L, 2);
    luaL_argcheck(L, n >= 1 && n <= MAX_SEATS, 2, "expected 1 to 16 {seat, text} answers");
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, 2, i + 1);
        luaL_argcheck(L, lua_istable(L, -1), 2, "expected {seat, text} answers");
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        seats[i] = (int)lua_tointeger(L, -2);
        texts[i] = lua_tostring(L, -1);
        luaL_argcheck(L, texts[i] != NULL, 2, "expected {seat, text} answers");
        lua_pop(L, 3); /* the strings stay alive in the answers table */
    }
    return status_result(L, g, game_window(g, n, seats, texts));
}

static int l_game_result(lua_State *L)
{
    Game *g = game_check(L, 1);
    GameStatus s = game_push_result(g);
    if (s != GAME_OK) {
        lua_pop(L, 1);
        return status_result(L, g, s);
    }
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
    ljson_deep_copy(L, -1);
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
        lua_pushstring(L, g->moves[i].text);
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* g:random_move(seat, seed) -> a legal move drawn from a stream of that seed */
static int l_game_random_move(lua_State *L)
{
    Game *g = game_check(L, 1);
    int seat = (int)luaL_checkinteger(L, 2);
    Rng r;
    rng_seed(&r, (uint64_t)luaL_checkinteger(L, 3));
    const char *m = game_random_move(g, seat, &r);
    if (m)
        lua_pushstring(L, m);
    else
        lua_pushnil(L);
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
    const char *path = luaL_optstring(L, 2, getenv("REFEREE_RULES"));
    char **names, *err;
    Game *g = game_from_record(L, text, path ? path : "rules", &names, &err);
    if (names) {
        for (int i = 0; names[i]; i++)
            free(names[i]);
        free(names);
    }
    if (!g) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        free(err);
        return 2;
    }
    return 1;
}

static int l_game_tostring(lua_State *L)
{
    Game *g = game_check(L, 1);
    lua_pushfstring(L, "referee.Game (%s, %d seats, %d moves)", g->name, g->nseats, g->nmoves);
    return 1;
}

static const luaL_Reg game_methods[] = {
    {"pending", l_game_pending}, {"play", l_game_play}, {"window", l_game_window},
    {"result", l_game_result}, {"table", l_game_table}, {"options", l_game_options},
    {"view", l_game_view}, {"undo", l_game_undo}, {"hash", l_game_hash},
    {"moves", l_game_moves}, {"random_move", l_game_random_move}, {"record", l_game_record},
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
    }
    lua_pop(L, 1);
    luaL_newlib(L, game_module);
    return 1;
}
