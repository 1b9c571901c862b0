/* A game at a physical table: real dice and a real deck switched on
 * (game_use_physical_dice, game_use_physical_cards), and what was typed
 * wrong there, put right before the next decision (game_correct_move,
 * game_correct_dice): each takes the game back and plays it again, as
 * typed now; when it cannot be played so, the game is put back as it was.
 * All of it replays the game: it stands above the loop (game.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "game_physical.h"
#include "game_table.h"
#include "../kernel/strfmt.h"

GameStatus game_use_physical_dice(Game *g, const int *typed, int ntyped, TypedDiceFn type_dice,
                                  void *ctx)
{
    if (ntyped > 0 && !game_grow_ints(&g->typed, &g->typed_cap, ntyped)) {
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
