#include "game_state.h"

#include <lauxlib.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "../guards/script.h"
#include "../kernel/ask_match.h"
#include "../kernel/strfmt.h"
#include "../lua/lua_weak.h"
#include "table_mode.h"

void game_set_error(Game *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    free(g->error);
    /* It may quote a rules script's error, which can hold any bytes: made
     * fit to print and to store in a JSON record (a tournament line), and
     * the same in every process (no address). */
    g->error = strfmt_printable(strfmt_without_addresses(vstrfmt(fmt, ap)));
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

/* The rules' definition and the table are reached on every decision, the
 * options and the prepared table on every game's start: they are also kept
 * under registry references, one lookup away. None of them holds the Game,
 * so the references keep it from no collection (game_gc drops them). */
static int *fast_ref(Game *g, int uv)
{
    int by_ref = uv == UV_DEF || uv == UV_TABLE || uv == UV_OPTS || uv == UV_PREPARED;
    return by_ref ? &g->uv_ref[uv] : NULL;
}

void game_push_uv_slow(Game *g, int uv)
{
    push_self(g);
    lua_getiuservalue(g->L, -1, uv);
    lua_remove(g->L, -2);
}

/* Keeps under *ref the definition's function of this name (the definition
 * on top): found by number, not by name, on every decision. */
static void ref_method(Game *g, int *ref, const char *name)
{
    luaL_unref(g->L, LUA_REGISTRYINDEX, *ref);
    lua_getfield(g->L, -1, name);
    *ref = luaL_ref(g->L, LUA_REGISTRYINDEX);
}

void game_set_uv(Game *g, int uv)
{
    int *ref = fast_ref(g, uv);
    if (ref && *ref > 0 && !lua_isnil(g->L, -1)) {
        /* its slot taken again: a new table for every game and rebuild */
        lua_pushvalue(g->L, -1);
        lua_rawseti(g->L, LUA_REGISTRYINDEX, *ref);
    } else if (ref) {
        luaL_unref(g->L, LUA_REGISTRYINDEX, *ref);
        lua_pushvalue(g->L, -1);
        *ref = luaL_ref(g->L, LUA_REGISTRYINDEX);
    }
    if (lua_isnil(g->L, -1))
        g->uv_held &= ~(1u << uv);
    else
        g->uv_held |= 1u << uv;
    if (uv == UV_DEF) {
        ref_method(g, &g->apply_ref, "apply");
        ref_method(g, &g->answers_ref, "answers");
    }
    push_self(g);
    lua_insert(g->L, -2);
    lua_setiuservalue(g->L, -2, uv);
    lua_pop(g->L, 1);
}


void game_push_method(Game *g, const char *name)
{
    game_push_uv(g, UV_DEF);
    lua_getfield(g->L, -1, name);
    lua_remove(g->L, -2);
}

/* Every call into the rules goes through here: the game is bound while
 * they run (in its state's binding, written in place), so their methods
 * find its table at once and their math.random draws from it. */
int game_call_rules_as(Game *g, int nargs, int nresults, int handled)
{
    LTableBinding was = *g->binding;
    *g->binding = g->bound;
    int status = handled ? script_pcall_rules_handled(g->L, nargs, nresults)
                         : script_pcall_rules(g->L, nargs, nresults);
    *g->binding = was; /* never a pointer to a game that may be gone */
    return status;
}

/* (Never inlined: tools/ledger.py tells a game's setup() by this call, a
 * few a game, whatever the link-time optimizer folds around it.) */
__attribute__((noinline)) int game_call_rules(Game *g, int nargs, int nresults)
{
    return game_call_rules_as(g, nargs, nresults, 0);
}

/* call_rules for a function that reads the table (judge, explain, status,
 * standing, result): at a real deck, what t:card(name, hand) does there
 * (an unknown card takes the name) is undone, as only a move's apply may
 * change the table, and a replay does just what the moves did. */
int game_call_rules_reading(Game *g, int nargs, int nresults)
{
    const TableMode *mode = table_mode(g->t);
    void *kept = mode->reading_begin(g->t);
    int status = game_call_rules(g, nargs, nresults);
    mode->reading_end(g->t, kept);
    return status;
}

/* The decision due: the kernel's ask, which the rules stated while they
 * set up or applied the last move, read without calling the rules. */
static GameStatus read_ask(Game *g)
{
    if (!g->t->ask.set) {
        g->over = 1;
        return GAME_OVER;
    }
    g->pending_valid = 1;
    return GAME_OK;
}

GameStatus game_pending(Game *g, const Ask **out)
{
    *out = &g->t->ask;
    if (g->pending_valid)
        return GAME_OK;
    if (g->broken)
        return GAME_SCRIPT; /* its error says why */
    if (g->over)
        return GAME_OVER;
    return read_ask(g);
}

const char *game_match(Game *g, int seat, const char *text)
{
    return ask_match(&g->t->ask, seat, text);
}

int game_read_before(Game *g, int seat, const Ask *p, int first, int i, const char *read)
{
    char other[512];
    for (int j = first; j < i; j++)
        if (strcmp(game_move_for_people(g, seat, ask_move(p, j), other, sizeof other), read) == 0)
            return 1;
    return 0;
}

const char *game_move_for_people(Game *g, int seat, const char *move, char *buf, size_t size)
{
    return table_mode(g->t)->for_people(g->t, seat, move, buf, size);
}

void game_push_table(Game *g)
{
    game_push_uv(g, UV_TABLE);
}

void game_push_definition(Game *g)
{
    game_push_uv(g, UV_DEF);
}

void game_push_options(Game *g)
{
    game_push_uv(g, UV_OPTS);
}

static void ensure_registry(lua_State *L)
{
    lweak_push_kept(L, &GAMES_KEY, "v"); /* the map keeps no game alive */
    lua_pop(L, 1);
}

/* Pushes an empty Game userdata, known to the registry's map (push_self). */
Game *game_push_new(lua_State *L)
{
    ensure_registry(L);
    Game *g = lua_newuserdatauv(L, sizeof *g, UV_COUNT);
    memset(g, 0, sizeof *g);
    g->type_dice_ref = LUA_NOREF;
    for (int uv = 0; uv <= UV_COUNT; uv++)
        g->uv_ref[uv] = LUA_NOREF;
    g->apply_ref = g->answers_ref = LUA_NOREF;
    g->L = L;
    g->binding = ltable_binding(L);
    luaL_setmetatable(L, GAME_MT);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &GAMES_KEY);
    lua_pushvalue(L, -2);
    lua_rawsetp(L, -2, g);
    lua_pop(L, 1);
    return g;
}
