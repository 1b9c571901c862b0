/* table_commands: a real table's part of the console (--table dice,
 * --table cards): the dice typed when the rules read them, and the
 * table's own corrections (ruling, redeal, correct), each carried out
 * through the match and shown as a move is. */
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "render.h"
#include "repl_internal.h"
#include "ruling_words.h"
#include "typed_dice.h"
#include "../core/referee/game_physical.h"

/* Reads one line for a question asked in the middle of a move (the dice
 * at a physical table): malloc'd, NULL at the end of the input. */
static char *ask_line(Repl *r, const char *prompt)
{
    if (r->interactive)
        return readline(prompt);
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, r->in) < 0) {
        free(line);
        return NULL;
    }
    line[strcspn(line, "\r\n")] = '\0';
    return line;
}

/* Real dice (--table dice): the rules read a die nobody has typed yet, so
 * whoever may see the dice types them: everyone when they are lifted, the
 * roller alone under the cup. Asked again until the values fit; 'cancel'
 * or the end of the input takes the move back. */
int repl_type_dice(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                     size_t size)
{
    Repl *r = ctx;
    int all, seer = typed_dice_seer(&r->m, t, n, dice, &all);
    char who_text[64], prompt[64];
    fflush(stdout);
    if (r->m.moving_seat)
        printf("%s's move reads the dice: ", render_seat(r->m.moving_seat, who_text, sizeof who_text));
    if (all)
        printf("the dice are lifted, type what %s show", n == 1 ? "it" : "they");
    else if (seer)
        printf("%s, look under the cup and type what the dice show", render_seat(seer, who_text, sizeof who_text));
    else
        printf("type what the dice show");
    printf(" (%d number%s from 1 to %d, such as %s; 'cancel' takes the move back)\n", n,
           n == 1 ? "" : "s", t->dice.d[dice[0]].faces, n == 1 ? "4" : n == 2 ? "6 5" : "6 5 ...");
    snprintf(prompt, sizeof prompt, "dice> ");
    for (;;) {
        char *line = ask_line(r, r->interactive ? prompt : "");
        if (!line || !strcmp(line, "cancel")) {
            snprintf(why, size, "the dice were not typed, so the move was taken back");
            free(line);
            return 0;
        }
        if (!r->interactive)
            printf("dice> %s\n", line);
        int typed = typed_dice_read(t, n, dice, line, values);
        free(line);
        if (typed)
            return 1;
        repl_error(r, "type %d number%s, each a face from 1 to %d, such as %s", n, n == 1 ? "" : "s",
              t->dice.d[dice[0]].faces, n == 1 ? "4" : "6 5");
    }
}

/* The REPL's part of a correction: the last move's events shown again. */
static void corrected(Repl *r, int log_at, const char *what)
{
    printf("corrected: %s\n", what);
    r->m.log_shown = log_at; /* its events again, as they are now */
    turn_advance(r);
}

/* correct 6 5: the dice the last move read were mistyped; it is played
 * again with these (before the next decision, while nothing else read them).
 * correct MOVE: the last move was mistyped (a card named wrong): MOVE is
 * played in its place by the same seat. */
/* The table decides something the rules do not (a revoke's penalty, a pot
 * put right): the referee carries it out, and the log and saves keep it. */
void repl_cmd_ruling(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv;
    if (!repl_need_game(r))
        return;
    char text[512];
    ruling_words(&r->m, rest, text, sizeof text);
    GameStatus st = game_play(r->m.loop.game, 0, text);
    if (st != GAME_OK) {
        turn_report(r, st); /* refused: the answers given in an open window stand */
        return;
    }
    match_clear_window(&r->m);
    screen_show_new_log(r);
    match_keep_rescue(&r->m);
}

/* A misdeal at a real deck: back to just after the deal, to deal again. */
void repl_cmd_redeal(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    if (!repl_need_game(r))
        return;
    int taken;
    GameStatus st = match_redeal(&r->m, &taken);
    if (st != GAME_OK) {
        turn_report(r, st); /* refused: the answers given in an open window stand */
        return;
    }
    match_clear_window(&r->m);
    printf("misdeal: deal the hand again; the game is as it was just after the deal (%d move%s "
           "taken back, every card named since forgotten)\n", taken, taken == 1 ? "" : "s");
    turn_forget_status(r);
    turn_advance(r);
}

void repl_cmd_correct(Repl *r, int argc, char **argv, const char *rest)
{
    if (!repl_need_game(r))
        return;
    Game *g = r->m.loop.game;
    int log_at = g->nmoves ? g->moves[game_group_start(g, g->nmoves - 1)].log_at : 0;
    int numbers = argc > 1;
    for (int i = 1; i < argc; i++)
        numbers = numbers && argv[i][strspn(argv[i], "0123456789")] == '\0';
    if (argc > 1 && !numbers) {
        if (game_correct_move(g, rest) != GAME_OK) {
            turn_report(r, GAME_ILLEGAL); /* refused: the answers given in an open window stand */
            return;
        }
        match_clear_window(&r->m);
        corrected(r, log_at, "the last move is played as typed now");
        return;
    }
    int values[MAX_DICE * 4], n = 0;
    for (int i = 1; i < argc && n < (int)(sizeof values / sizeof *values); i++) {
        char *end;
        long v = strtol(argv[i], &end, 10);
        if (*end || v < 1 || v > 255) {
            repl_error(r, "correct takes the dice as they really show, such as: correct 6 5");
            return;
        }
        values[n++] = (int)v;
    }
    if (n == 0) {
        repl_error(r, "correct takes the dice as they really show, such as 'correct 6 5', or the last "
                 "move as it should have been, such as 'correct 3C'");
        return;
    }
    match_clear_window(&r->m);
    if (game_correct_dice(g, values, n) != GAME_OK) {
        turn_report(r, GAME_ILLEGAL);
        return;
    }
    corrected(r, log_at, "the last move is played again with the dice as they show");
}

