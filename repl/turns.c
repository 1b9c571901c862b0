/* turns: a person's turn at the console, once the match has their answer
 * (core/play/match_give.c): the verdict shown, what happened as the
 * person at the screen may know it, the state at a glance, and who is
 * asked next (a pass of the keyboard first when a hand would show); a
 * claim window's clock running out; at a served table, the console
 * catching up with the pages' answers. The REPL's commands call it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "render.h"
#include "repl_internal.h"
#include "../core/kernel/strfmt.h"

volatile sig_atomic_t repl_interrupted; /* set by the REPL's Ctrl-C handler */

/* An error quotes what was typed back, and a piped script may come from
 * anyone: it is printed with its control characters as '?'. */
void repl_error(Repl *r, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    va_start(ap, fmt);
    char *message = vstrfmt(fmt, ap);
    va_end(ap);
    /* in people's words: "seat 3's hand" is "Cy's hand" */
    fputs("error: ", stderr);
    render_said(stderr, message ? message : "out of memory");
    fputc('\n', stderr);
    free(message);
    r->errors++;
}

void turn_report(Repl *r, GameStatus st);

/* Whether there is a game; else says how to start one. */
int repl_need_game(Repl *r)
{
    if (!r->m.loop.game)
        repl_error(r, "no game yet: start one with 'new GAME' ('games' lists them)");
    return r->m.loop.game != NULL;
}

/* The decision now due, or 0 after saying why there is none (no game, the
 * game is over, or the rules failed to say). */
int repl_decision_due(Repl *r, const Ask **p)
{
    if (!repl_need_game(r))
        return 0;
    GameStatus st = game_pending(r->m.loop.game, p);
    if (st == GAME_OVER)
        repl_error(r, "the game is over: no move is pending ('new' starts another)");
    else if (st != GAME_OK)
        turn_report(r, st);
    return st == GAME_OK;
}

/* A refusal: why, and for a line typed without 'play' that the rules
 * did not explain as a move, that it is no command either. */
void turn_refused(Repl *r, int illegal, const char *why)
{
    /* A line the rules explained, or one a legal move was near, was
     * clearly a move: no word of commands. */
    int explained = why && (strstr(why, "is not a legal move: ") ||
                            strstr(why, "is not a legal move (did you mean '"));
    if (illegal && r->bare && !explained && r->meant)
        repl_error(r, "%s (nor is it a command: did you mean '%s'?)", why ? why : "failed", r->meant);
    else if (illegal && r->bare && !explained)
        repl_error(r, "%s (nor is it a command: 'help' lists them)", why ? why : "failed");
    else
        repl_error(r, "%s", why ? why : "failed");
}

void turn_report(Repl *r, GameStatus st)
{
    if (st == GAME_SCRIPT || st == GAME_ILLEGAL)
        turn_refused(r, st == GAME_ILLEGAL, r->m.loop.game->error);
}

/* The rules' status lines for seat (0: everyone): the state at a glance. */
/* Forgets the status lines shown: the next status is shown whole (a new
 * game, or a screen cleared for the next person). */
void turn_forget_status(Repl *r)
{
    for (int i = 0; i < r->nstatus; i++)
        free(r->status[i]);
    r->nstatus = 0;
}

/* Whether line was among the status lines shown last. */
static int shown_before(const Repl *r, const char *line)
{
    for (int i = 0; i < r->nstatus; i++)
        if (!strcmp(r->status[i], line))
            return 1;
    return 0;
}

/* The rules' status lines for seat; with changes_only, those that differ
 * from the ones shown last (a move's turn shows what it changed). */
static void show_status_lines(Repl *r, int seat, int changes_only)
{
    lua_State *L = r->m.L;
    int top = lua_gettop(L);
    if (game_push_status(r->m.loop.game, seat) != GAME_OK) {
        lua_settop(L, top);
        turn_report(r, GAME_SCRIPT);
        return;
    }
    char *lines[MAX_STATUS_LINES];
    int n = 0;
    for (lua_Integer i = 1; lua_istable(L, top + 1) && lua_rawgeti(L, top + 1, i) == LUA_TSTRING; i++) {
        const char *line = lua_tostring(L, -1);
        if (!changes_only || !shown_before(r, line)) {
            fputs("  ", stdout);
            render_text(stdout, line);
            putchar('\n');
        }
        if (n < MAX_STATUS_LINES)
            lines[n++] = strdup(line);
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    turn_forget_status(r);
    for (int i = 0; i < n; i++)
        if (lines[i])
            r->status[r->nstatus++] = lines[i];
}

void turn_show_status(Repl *r, int seat)
{
    show_status_lines(r, seat, 0);
}

/* At a served table's console: who the game waits for, in words anyone may
 * read (the decision's kind; its prompt is the seat's own). */
static void show_waiting(Repl *r)
{
    const Ask *p;
    char name[64], kind[128];
    game_pending(r->m.loop.game, &p);
    printf("waiting for");
    for (int i = 0, shown = 0; i < p->nseats; i++)
        if (!match_answered(&r->m, p->seats[i]))
            printf("%s %s", shown++ ? "," : "", render_seat(p->seats[i], name, sizeof name));
    printf(" (%s)\n", strfmt_shown(p->kind, kind, sizeof kind));
}

/* After an answer was played and the bots replied (st: how their run
 * ended): what happened, and what is due. */
static void show_after(Repl *r, GameStatus st)
{
    Game *g = r->m.loop.game;
    int from = r->m.log_shown;
    r->shown_moves = g->nmoves;
    r->shown_answers = r->m.wn;
    /* The log on the screen of the one who moved, as they may know it, when
     * they are to answer next (the acceptor's lifted dice before his roll);
     * when someone else is, only what everyone sees: the next person may
     * already be sitting down, and a card the move dealt stays unseen
     * ('back' at the pass prompt counts on it). */
    int next = st == GAME_OK && !r->serve ? match_person_to_answer(&r->m) : 0;
    screen_show_log_as(r, next && next != r->on_screen ? screen_log_viewer(r) : screen_viewer(r));
    if (st == GAME_SCRIPT && repl_interrupted) {
        /* Ctrl-C stopped the rules in a bot's move, which was undone. */
        repl_error(r, "interrupted: the bots stopped after %d move%s, the game as it stands ('continue' "
                 "lets them play on)", g->nmoves, g->nmoves == 1 ? "" : "s");
        return;
    }
    if (st == GAME_SCRIPT) {
        turn_report(r, st);
        return;
    }
    if (st == GAME_OVER && r->m.loop.stopped) {
        repl_error(r, "the bots made %ld move%s in a row and the game has not ended: stopped there, no "
                 "winner yet (the limit is --max-moves %ld; 'continue' lets them play on, 'new' "
                 "starts another game)",
              r->m.loop.max_moves, r->m.loop.max_moves == 1 ? "" : "s", r->m.loop.max_moves);
        return;
    }
    if (st == GAME_OVER) {
        if (game_push_result(g) != GAME_OK || lua_isnil(r->m.L, -1)) {
            lua_pop(r->m.L, 1);
            repl_error(r, "%s", g->error ? g->error : "the rules gave no result at the end of the game");
            return;
        }
        render_result(stdout, r->m.L);
        lua_pop(r->m.L, 1);
        return;
    }
    const Ask *p;
    if (r->serve) { /* the people see their own on their pages */
        show_waiting(r);
        return;
    }
    r->calling = 0; /* a call made at the pass prompt was this window's */
    int seat = match_person_to_answer(&r->m);
    int sat = seat ? screen_sit_down(r, seat, from, 1) : 0;
    if (sat == SCREEN_LEFT || sat == SCREEN_TIME_UP)
        return;
    if (sat == SCREEN_CALLER)
        seat = r->on_screen;
    if (sat == SCREEN_TAKEN_BACK) {
        turn_forget_status(r);
        show_after(r, match_run_bots(&r->m)); /* the mover's decision again */
        return;
    }
    if (sat)
        turn_forget_status(r); /* a clean screen for the next person: all of it */
    game_pending(g, &p);
    render_pending(stdout, p);
    if (seat) {
        char name[64];
        /* the state at a glance, as the decision is made: what changed */
        show_status_lines(r, seat, 1);
        if (p->window)
            printf("%s, your answer:\n", render_seat(seat, name, sizeof name));
        render_own(stdout, g->t, seat);
    }
}

void repl_catch_up(Repl *r)
{
    Game *g = r->m.loop.game;
    if (!g || (g->nmoves == r->shown_moves && r->m.wn == r->shown_answers &&
               g->t->log.n == r->m.log_shown))
        return;
    show_after(r, g->nmoves != r->shown_moves ? r->m.after : GAME_OK);
}

/* After a change: bots answer until a person must, then show what happened
 * and what is due. */
void turn_advance(Repl *r)
{
    show_after(r, match_run_bots(&r->m));
}

/* Before each prompt: when the one to answer is not the person the
 * screen was last passed to, and a pass is due (a refused command that
 * changed who answers, say), the keyboard passes first, as after a move. */
void turn_seat_who_answers(Repl *r)
{
    int seat = screen_console_seat(r);
    if (!seat || seat == r->on_screen)
        return;
    int sat = screen_sit_down(r, seat, r->m.log_shown, 0);
    if (!sat || sat == SCREEN_LEFT || sat == SCREEN_TIME_UP)
        return;
    if (sat == SCREEN_CALLER)
        seat = r->on_screen;
    const Ask *p;
    char name[64];
    turn_forget_status(r);
    game_pending(r->m.loop.game, &p);
    render_pending(stdout, p);
    if (p->window)
        printf("%s, your answer:\n", render_seat(seat, name, sizeof name));
    render_own(stdout, r->m.loop.game->t, seat);
}


/* A claim window in which people answer: the next person is asked. */
static void ask_next_in_window(Repl *r);

/* What the inbox said of an answer, shown. */
void turn_answered_with(Repl *r, MatchAnswer a, char *why)
{
    if (a == MATCH_PLAYED)
        show_after(r, r->m.after);
    else if (a == MATCH_KEPT)
        ask_next_in_window(r);
    else
        turn_refused(r, a == MATCH_REFUSED, why);
    free(why);
}

/* seat's answer (0: the person to answer now). In a claim window any of
 * its people may answer, in the order they call ("2: bamm ..."). */
void turn_play(Repl *r, int seat, const char *text)
{
    const Ask *p;
    if (!repl_decision_due(r, &p))
        return;
    if (!seat)
        seat = screen_console_seat(r);
    if (!seat) {
        repl_error(r, "%s", r->serve ? "the people play on their own pages: the console takes "
                                  "commands ('help' lists them)"
                                : "no seat played by a person is to answer now");
        return;
    }
    char *why;
    MatchAnswer a = match_give(&r->m, seat, text, &why);
    turn_answered_with(r, a, why);
}

/* A claim window's time ran out while a prompt waited: the people who
 * had not answered pass. */
void turn_window_time_up(Repl *r)
{
    const Ask *p;
    r->time_up = 0;
    if (!r->m.loop.game || game_pending(r->m.loop.game, &p) != GAME_OK || !p->window ||
        !match_person_to_answer(&r->m))
        return;
    /* Said again on the pass screen that may follow, which clears the rest. */
    screen_announce(r, strdup("the claim window's time ran out: whoever had not answered passed\n"));
    char *why;
    MatchAnswer a = match_close_window(&r->m, &why);
    turn_answered_with(r, a, why);
}

static void ask_next_in_window(Repl *r)
{
    const Ask *p;
    Game *g = r->m.loop.game;
    game_pending(g, &p);
    int next = match_person_to_answer(&r->m);
    if (r->serve) {
        show_waiting(r);
        return;
    }
    char name[64];
    /* After a call out of turn the person asked may be the one asked
     * already, whose hand is on the screen: not shown twice. */
    int asked_already = next == r->on_screen;
    int sat = screen_sit_down(r, next, r->m.log_shown, 0);
    if (sat == SCREEN_LEFT || sat == SCREEN_TIME_UP)
        return;
    if (sat == SCREEN_CALLER) {
        next = r->on_screen;
        asked_already = 0;
    }
    if (sat)
        render_pending(stdout, p);
    if (!asked_already) {
        printf("%s, your answer:\n", render_seat(next, name, sizeof name));
        render_own(stdout, g->t, next);
    }
}
