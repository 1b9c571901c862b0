/* A game at a physical table, the loop's side of it: the values of real
 * dice typed, kept and read again on every replay, and the table's own
 * rulings. What replays the game (switching the table on, corrections)
 * stands above the loop, in game_physical.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game_state.h"
#include "game_reading.h"
#include "game_table.h"
#include "../kernel/strfmt.h"

int game_grow_ints(int **a, int *cap, int need)
{
    if (need <= *cap)
        return 1;
    int c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    int *p = realloc(*a, sizeof(int) * (size_t)c);
    if (!p)
        return 0;
    *a = p;
    *cap = c;
    return 1;
}

int game_typed_dice(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                           size_t size)
{
    Game *g = ctx;
    if (g->typed_read + n <= g->ntyped) {
        memcpy(values, g->typed + g->typed_read, sizeof(int) * (size_t)n);
        g->typed_read += n;
        return 1;
    }
    if (g->typed_read < g->ntyped || g->replaying || !g->type_dice) {
        snprintf(why, size, "the dice typed at the table ran out at die %d (the save holds %d "
                            "values; it was cut short or changed)", dice[0], g->ntyped);
        return 0;
    }
    if (!g->type_dice(g->type_dice_ctx, t, n, dice, values, why, size)) {
        g->table_refused = 1;
        snprintf(g->table_why, sizeof g->table_why, "%s", why);
        return 0;
    }
    if (!game_grow_ints(&g->typed, &g->typed_cap, g->ntyped + n)) {
        snprintf(why, size, "out of memory");
        return 0;
    }
    memcpy(g->typed + g->ntyped, values, sizeof(int) * (size_t)n);
    g->ntyped += n;
    g->typed_read += n;
    return 1;
}

/* "ruling pay 50 from seat2 to pot: revoke" read into its parts; 0 with the
 * error set (the game unchanged) when it is no ruling the table can make. */
static int read_ruling(Game *g, const char *text, int *from, int *to, long long *amount,
                       const char **reason)
{
    char payer[NAME_LEN + 1], payee[NAME_LEN + 1];
    int end = 0;
    if (sscanf(text, "ruling pay %lld from %24s to %24[^:]:%n", amount, payer, payee, &end) != 3 ||
        !end || !text[end]) {
        game_set_error(g, "a ruling reads 'ruling pay AMOUNT from ACCOUNT to ACCOUNT: REASON', "
                          "such as 'ruling pay 50 from seat2 to pot: revoke' (accounts as 'show' "
                          "lists them)");
        return 0;
    }
    *reason = text + end + strspn(text + end, " ");
    *from = ledger_find(&g->t->ledger, payer);
    *to = ledger_find(&g->t->ledger, payee);
    if (!*from || !*to || *from == *to || *amount <= 0 || !**reason) {
        game_set_error(g, "the ruling '%s' names %s: it pays a positive amount from one account "
                          "the game keeps to another, with a reason", text,
                       !*from || !*to     ? "an account the game does not keep"
                       : *from == *to       ? "the same account twice"
                       : *amount <= 0       ? "no positive amount"
                                            : "no reason");
        return 0;
    }
    return 1;
}

/* The forms of the rules' own rulings (definition.rulings), joined:
 * ", or 'ruling strike SEAT: WHY', ..." into buf ("" for none). */
static void ruling_forms(Game *g, char *buf, size_t size)
{
    lua_State *L = g->L;
    size_t n = 0;
    buf[0] = '\0';
    int top = lua_gettop(L);
    game_push_definition(g);
    if (lua_getfield(L, -1, "rulings") == LUA_TTABLE)
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TSTRING; i++) {
            if (n < size)
                n += (size_t)snprintf(buf + n, size - n, ", or 'ruling %s'", lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    lua_settop(L, top);
}

/* A ruling the rules carry out (their ruling(t, text), text after
 * "ruling "): a strike given, points put right. The rules change what
 * they keep, and may ask again; refused, they say why (the caller puts
 * the table back as it was). */
static GameStatus rules_ruling(Game *g, const char *text)
{
    lua_State *L = g->L;
    char forms[600];
    ruling_forms(g, forms, sizeof forms);
    game_push_method(g, "ruling");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        game_set_error(g, "a ruling reads 'ruling pay AMOUNT from ACCOUNT to ACCOUNT: REASON', such "
                          "as 'ruling pay 50 from seat2 to pot: revoke' (accounts as 'show' lists "
                          "them); these rules take no other");
        return GAME_ILLEGAL;
    }
    game_push_table(g);
    lua_pushstring(L, text + strlen("ruling "));
    if (game_call_rules(g, 2, 2) != LUA_OK) {
        game_set_error(g, "the rules failed in ruling(): %s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return GAME_SCRIPT;
    }
    int done = lua_toboolean(L, -2);
    char why[300];
    snprintf(why, sizeof why, "%s", lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                                   : "the rules refused it");
    lua_pop(L, 2);
    if (g->t->out_of_memory) {
        game_set_error(g, "out of memory while carrying out '%s'", text);
        return GAME_SCRIPT;
    }
    if (!done) {
        game_set_error(g, "the ruling '%s' is refused: %s (a ruling here reads 'ruling pay AMOUNT "
                          "from ACCOUNT to ACCOUNT: REASON'%s)", text, why, forms);
        return GAME_ILLEGAL;
    }
    game_invalidate(g); /* the rules may have asked again */
    return GAME_OK;
}

int game_ruling_by_rules(const char *text)
{
    return strncmp(text, "ruling pay ", 11) != 0;
}

GameStatus game_apply_ruling(Game *g, const char *text)
{
    if (game_ruling_by_rules(text))
        return rules_ruling(g, text);
    int from, to;
    long long amount;
    const char *reason;
    if (!read_ruling(g, text, &from, &to, &amount, &reason))
        return GAME_ILLEGAL;
    char why[300];
    snprintf(why, sizeof why, "the table's ruling: %s", reason);
    LedgerStatus st = table_transfer(g->t, from, to, amount, why);
    if (st != LEDGER_OK) {
        game_set_error(g, "the ruling '%s' cannot be carried out: %s", text, ledger_status_text(st));
        return GAME_ILLEGAL;
    }
    return GAME_OK;
}
