/* A game at a physical table: real dice, whose values typed are kept and
 * read again on every replay, and a real deck (game.h:
 * game_use_physical_dice, game_use_physical_cards); and what was typed
 * wrong there, put right before the next decision (game_correct_move,
 * game_correct_dice): both take the last move back and play it again, as
 * typed now; when it cannot be played so, the game is put back as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "game_reading.h"
#include "game_table.h"
#include "../kernel/strfmt.h"

static int grow_ints(int **a, int *cap, int need)
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
    if (!grow_ints(&g->typed, &g->typed_cap, g->ntyped + n)) {
        snprintf(why, size, "out of memory");
        return 0;
    }
    memcpy(g->typed + g->ntyped, values, sizeof(int) * (size_t)n);
    g->ntyped += n;
    g->typed_read += n;
    return 1;
}

GameStatus game_use_physical_dice(Game *g, const int *typed, int ntyped, TypedDiceFn type_dice,
                                  void *ctx)
{
    if (ntyped > 0 && !grow_ints(&g->typed, &g->typed_cap, ntyped)) {
        game_set_error(g, "out of memory");
        return GAME_SCRIPT;
    }
    if (ntyped > 0)
        memcpy(g->typed, typed, sizeof(int) * (size_t)ntyped);
    g->ntyped = ntyped;
    g->physical_dice = 1;
    g->type_dice = type_dice;
    g->type_dice_ctx = ctx;
    return game_rebuild(g, g->nmoves);
}

GameStatus game_use_physical_cards(Game *g)
{
    /* The rules say so: at a real deck no move may be listed from what a
     * hidden card is, only from the cards t:ask_cards, t:ask_trick and
     * t:card(name, zone) let a person name (rules/README.md). */
    game_push_method(g, "real_deck");
    int says = lua_toboolean(g->L, -1);
    lua_pop(g->L, 1);
    if (!says) {
        game_set_error(g, "%s cannot be refereed with a real deck: its rules do not say "
                          "real_deck = true (some of its moves are worked out from cards in hidden "
                          "hands); --table dice keeps the cards the referee's", g->name);
        return GAME_ILLEGAL;
    }
    g->physical_cards = 1;
    return game_rebuild(g, g->nmoves);
}


GameStatus game_correct_move(Game *g, const char *text)
{
    if (!g->physical_cards) {
        /* With the referee's cards nothing was mistyped that the table
         * could see: a move taken back is undo's, which guards what a
         * seat may learn first. */
        game_set_error(g, "'correct MOVE' is for a table with a real deck (--table cards), where "
                          "a card can be named wrong; 'undo' takes back your own last move");
        return GAME_ILLEGAL;
    }
    if (g->nmoves == 0) {
        game_set_error(g, "no move has been played yet: there is nothing to correct");
        return GAME_ILLEGAL;
    }
    int last = g->nmoves - 1;
    if (g->moves[last].group) {
        game_set_error(g, "the last move answered a claim window: 'undo' takes it back");
        return GAME_ILLEGAL;
    }
    int seat = g->moves[last].seat;
    char *was = strdup(game_move_text(g, last));
    if (!was) {
        game_set_error(g, "out of memory");
        return GAME_SCRIPT;
    }
    GameStatus s = game_rebuild(g, last);
    if (s == GAME_OK)
        s = game_play(g, seat, text);
    if (s != GAME_OK) {
        /* Put back as it was: the move as first typed. */
        char *why = g->error;
        g->error = NULL;
        game_rebuild(g, last);
        game_play(g, seat, was);
        free(g->error);
        g->error = strfmt("seat %d's '%s' cannot take the place of '%s' (%s): nothing changed",
                          seat, text, was, why ? why : "?");
        free(why);
        s = GAME_ILLEGAL;
    }
    free(was);
    return s;
}

GameStatus game_correct_dice(Game *g, const int *values, int n)
{
    if (!g->physical_dice || g->nmoves == 0) {
        game_set_error(g, "there are no typed dice to correct: this game's dice are %s",
                       g->physical_dice ? "typed, but no move has read any yet" : "the referee's");
        return GAME_ILLEGAL;
    }
    int first = game_group_start(g, g->nmoves - 1);
    int from = g->moves[first].typed_at, count = g->ntyped - from;
    if (count == 0) {
        game_set_error(g, "the last move read no typed dice: only the dice of the last move can "
                          "be corrected, before the next decision");
        return GAME_ILLEGAL;
    }
    if (n != count) {
        game_set_error(g, "the last move read %d %s: give %d values, such as 'correct%s'", count,
                       count == 1 ? "die" : "dice", count, count == 1 ? " 4" : " 6 5");
        return GAME_ILLEGAL;
    }
    int before[MAX_DICE * 4];
    if (count > (int)(sizeof before / sizeof *before)) {
        game_set_error(g, "too many dice to correct at once");
        return GAME_ILLEGAL;
    }
    memcpy(before, g->typed + from, sizeof(int) * (size_t)count);
    memcpy(g->typed + from, values, sizeof(int) * (size_t)count);
    int nmoves = g->nmoves;
    GameStatus s = game_rebuild(g, nmoves);
    if (s != GAME_OK || g->nmoves != nmoves) {
        char *why = g->error;
        g->error = NULL;
        memcpy(g->typed + from, before, sizeof(int) * (size_t)count);
        g->ntyped = from + count;
        game_rebuild(g, nmoves);
        free(g->error);
        g->error = strfmt("with those dice the last move does not stand (%s): nothing changed",
                          why ? why : "?");
        free(why);
        return GAME_ILLEGAL;
    }
    return GAME_OK;
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
