#include "game_reading.h"

#include "../kernel/ledger.h"
#include "../lua/lua_copy.h"
#include "result_places.h"

/* Calls the function below its arguments, the Reading at 1 saying how
 * many results it gives; returns them plain. What the rules return is
 * read by the referee after the protected call, so it must hold tables
 * without metatables, whose metamethods could fail (or loop) there. A
 * Reading as_it_lies has a plain result returned as it is, for a reader
 * done with it before the rules run again; else each is a copy, the
 * rules' own tables out of the reader's reach. (A light C function and
 * the Reading's address: a closure made per reading was an allocation
 * per call, and its share of the collector's work.) */
static int call_for_plain(lua_State *L)
{
    const Reading *r = lua_touserdata(L, 1);
    lua_remove(L, 1);
    int n = r->nresults;
    lua_call(L, lua_gettop(L) - 1, n);
    for (int i = lua_gettop(L) - n + 1; i <= lua_gettop(L); i++) {
        if (r->as_it_lies)
            lcopy_unless_plain(L, i);
        else
            lcopy(L, i);
        lua_replace(L, i);
    }
    return n;
}

/* Read once a game, by C that is done with it before the rules run again
 * (a tournament's summary and line, a sample's playout, a screen). */
static const Reading READ_RESULT = {"result", 1, result_reply_check, NULL, 1};
static const Reading READ_STANDING = {
    "standing", 1, standing_check, "one number per seat, higher for a seat better placed", 0};
static const Reading READ_STATUS = {
    "status", 1, status_check, "a list of lines, each a text of one line under 400 bytes", 0};
const Reading GAME_READ_EXPLAIN = {
    "explain", 1, explain_check, "nil, or why the move is not legal: a text of one line", 0};
const Reading GAME_READ_DEFAULT = {
    "default_answer", 1, default_answer_check, "nil, or the move made for a seat whose time ran out: a text", 0};
const Reading GAME_READ_JUDGE = {
    "judge", 2, judge_check, "the move made of the answer, or nil and why it is refused", 0};

GameStatus game_read_rules(Game *g, const Reading *r, int nargs)
{
    lua_State *L = g->L;
    lua_pushcfunction(L, call_for_plain);
    lua_pushlightuserdata(L, (void *)r);
    lua_rotate(L, -(nargs + 3), 2); /* both below the rules' function */
    char why[REPLY_TEXT_MAX + 200];
    if (game_call_rules_reading(g, nargs + 2, r->nresults) != LUA_OK) {
        game_set_error(g, "the rules failed in %s(): %s", r->name, lua_tostring(L, -1));
        lua_pop(L, 1);
    } else if (!r->check(L, -r->nresults, g->nseats, why, sizeof why)) {
        game_set_error(g, "the rules' %s() is malformed: %s%s%s%s", r->name, why,
                       r->shape ? " (it returns " : "", r->shape ? r->shape : "",
                       r->shape ? ")" : "");
        lua_pop(L, r->nresults);
    } else {
        return GAME_OK;
    }
    for (int i = 0; i < r->nresults; i++)
        lua_pushnil(L);
    return GAME_SCRIPT;
}

GameStatus game_push_standing(Game *g)
{
    game_push_method(g, "standing");
    if (lua_isnil(g->L, -1))
        return GAME_OK;
    game_push_table(g);
    return game_read_rules(g, &READ_STANDING, 1);
}

GameStatus game_push_status(Game *g, int seat)
{
    game_push_method(g, "status");
    if (lua_isnil(g->L, -1))
        return GAME_OK;
    game_push_table(g);
    lua_pushinteger(g->L, seat);
    return game_read_rules(g, &READ_STATUS, 2);
}

/* The result, its places added to a copy of the table (place NULL) or
 * worked out into place. */
static GameStatus push_result(Game *g, int *place, int *placed)
{
    lua_State *L = g->L;
    game_push_method(g, "result");
    game_push_table(g);
    if (game_read_rules(g, &READ_RESULT, 1) != GAME_OK)
        return GAME_SCRIPT;
    const Ask *now;
    if (lua_isnil(L, -1) && game_pending(g, &now) == GAME_OVER) {
        game_set_error(g, "the game stopped without a result: no decision is asked and "
                          "result() returned nil (the rules must ask the next decision or "
                          "return {winners = {...}, ...})");
        return GAME_SCRIPT;
    }
    /* A promise (RULINGS.md, end of a game): credits left in the pot would
     * belong to nobody, so a game whose rules leave some has not ended
     * right, and is reported as the rules' mistake. */
    int pot = lua_istable(L, -1) ? ledger_find(&g->t->ledger, "pot") : 0;
    if (pot > 0 && g->t->ledger.a[pot].balance != 0) {
        game_set_error(g, "the game ended with %lld credits in the pot, which belong to nobody: "
                          "the rules must pay the pot out before result() gives a result",
                       (long long)g->t->ledger.a[pot].balance);
        lua_pop(L, 1);
        lua_pushnil(L);
        return GAME_SCRIPT;
    }
    /* A search's sample is played out for its winners alone. */
    if (lua_istable(L, -1) && !g->sample) {
        if (place)
            *placed = result_places(L, -1, &g->t->seats, place);
        else
            result_add_places(L, -1, &g->t->seats);
    }
    return GAME_OK;
}

GameStatus game_push_result(Game *g)
{
    return push_result(g, NULL, NULL);
}

GameStatus game_push_result_placing(Game *g, int *place, int *placed)
{
    *placed = 0;
    return push_result(g, place, placed);
}
