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

GameStatus game_apply_ruling(Game *g, const char *text)
{
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
