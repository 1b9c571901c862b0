/* match_give: a match's one inbox. Every answer, from a terminal, a page
 * or a script, comes through match_give and gets one of three verdicts:
 * played (the bots' replies after it, and the save holding it on disk
 * before the verdict is given), kept (a claim window waits for others),
 * or refused with why. A claim window's answers are held here until it
 * closes: when every person it is open to has answered, or when its time
 * runs out, silence counting as pass. Undo and redeal are here too: they
 * are answers taken back. */
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../kernel/strfmt.h"
#include "../referee/game_answer.h"

double match_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

GameStatus match_run_bots(Match *m)
{
    /* Kept for a restart before the bots' replies, which might get stuck
     * in C; when a person answers next, the next answer keeps it. */
    if (!seat_loop_person_asked(&m->loop))
        match_keep_rescue(m);
    m->after = seat_loop_run(&m->loop, NULL, NULL);
    return m->after;
}

/* A verdict with why, which says what was wrong (malloc'd). */
static MatchAnswer verdict(MatchAnswer a, char **why, const char *text)
{
    *why = strdup(text ? text : "failed");
    return a;
}

/* The answer is in the game: the bots reply, and the save is written. A
 * save that fails takes the answer back (and the replies with it): the
 * table takes nothing it cannot keep. */
static MatchAnswer played(Match *m, int before, char **why)
{
    match_run_bots(m);
    char *save_why = NULL;
    if (match_keep_save(m, &save_why))
        return MATCH_PLAYED;
    Game *g = m->loop.game;
    game_rebuild(g, before);
    m->log_shown = g->t->log.n;
    m->after = GAME_OK;
    *why = strfmt("the move could not be saved (%s), so it was not played: the table takes moves "
                  "again once its save can be written", save_why ? strfmt_printable(save_why)
                                                              : "the save failed");
    free(save_why);
    return MATCH_UNSAVED;
}

/* Every person in the window has answered: the bots answer too, then the
 * window's answers go to the rules together, in the order given. */
static MatchAnswer close_window(Match *m, const Ask *p, char **why)
{
    Game *g = m->loop.game;
    int before = g->nmoves;
    int seats[MAX_SEATS];
    const char *moves[MAX_SEATS];
    int n = 0;
    for (int i = 0; i < m->wn; i++) {
        seats[n] = m->wseats[i];
        moves[n++] = m->wmoves[i];
    }
    for (int i = 0; i < p->nseats; i++)
        if (!controller_is_person(&m->loop.seats[p->seats[i]])) {
            seats[n] = p->seats[i];
            if (!(moves[n++] = seat_loop_answer(&m->loop, p->seats[i]))) {
                /* The rules' vars could not be shown to this bot: the
                 * window is not run, and the answers are given again. */
                match_clear_window(m);
                return verdict(MATCH_FAILED, why, g->error);
            }
        }
    match_keep_rescue(m);
    GameStatus st = seat_loop_rules_call(&m->loop) ? game_window(g, n, seats, moves) : GAME_SCRIPT;
    match_clear_window(m);
    if (st != GAME_OK)
        return verdict(st == GAME_ILLEGAL ? MATCH_REFUSED : MATCH_FAILED, why, g->error);
    return played(m, before, why);
}

/* Whether seat is among those p asks. */
static int asks(const Ask *p, int seat)
{
    for (int i = 0; i < p->nseats; i++)
        if (p->seats[i] == seat)
            return 1;
    return 0;
}

int match_judge(Match *m, int seat, const char *text, char **why)
{
    *why = NULL;
    Game *g = m->loop.game;
    const Ask *p;
    const char *refused = NULL;
    if (!g || game_pending(g, &p) != GAME_OK)
        refused = "there is no move to make now";
    else if (seat < 1 || seat > m->loop.nseats || !asks(p, seat) ||
             !controller_is_person(&m->loop.seats[seat]))
        refused = "it is not yours to move now";
    else if (match_answered(m, seat))
        refused = "you have answered already: the others are still to";
    else if (!seat_loop_rules_call(&m->loop) || !game_answer(g, seat, text))
        refused = g->error ? g->error : "that is not a legal move now";
    if (refused)
        verdict(MATCH_REFUSED, why, refused);
    return !refused;
}

char *match_default_answer(Match *m, int seat)
{
    Game *g = m->loop.game;
    const Ask *p;
    if (!g || game_pending(g, &p) != GAME_OK || !asks(p, seat) || match_answered(m, seat) ||
        !seat_loop_rules_call(&m->loop))
        return NULL;
    const char *canon = game_default_answer(g, seat);
    return canon ? strdup(canon) : NULL;
}

MatchAnswer match_time_up(Match *m, int seat, char **move, char **why)
{
    *move = NULL;
    *why = NULL;
    Game *g = m->loop.game;
    const Ask *p;
    if (!g || game_pending(g, &p) != GAME_OK || !asks(p, seat) || match_answered(m, seat) ||
        !controller_is_person(&m->loop.seats[seat]))
        return verdict(MATCH_REFUSED, why, "no decision of theirs is due");
    if (!seat_loop_rules_call(&m->loop))
        return verdict(MATCH_FAILED, why, g->error);
    const char *canon = game_default_answer(g, seat);
    if (!canon)
        return g->error ? verdict(MATCH_FAILED, why, g->error)
                        : verdict(MATCH_REFUSED, why, "the rules make no move for them (no default "
                                                      "answer, no pass)");
    if (!(*move = strdup(canon)))
        return verdict(MATCH_FAILED, why, "out of memory");
    return match_give(m, seat, *move, why);
}

MatchAnswer match_give(Match *m, int seat, const char *text, char **why)
{
    *why = NULL;
    Game *g = m->loop.game;
    const Ask *p;
    if (!g)
        return verdict(MATCH_REFUSED, why, "no game yet: start one with 'new GAME'");
    GameStatus st = game_pending(g, &p);
    if (st == GAME_OVER)
        return verdict(MATCH_REFUSED, why, "the game is over: no move is due");
    if (st != GAME_OK)
        return verdict(MATCH_FAILED, why, g->error);
    if (seat < 1 || seat > m->loop.nseats || !asks(p, seat) ||
        !controller_is_person(&m->loop.seats[seat]))
        return verdict(MATCH_REFUSED, why, "it is not yours to move now");
    if (match_answered(m, seat))
        return verdict(MATCH_REFUSED, why, "you have answered already: the others are still to");
    match_keep_rescue(m);
    if (!seat_loop_rules_call(&m->loop))
        return verdict(MATCH_FAILED, why, g->error);
    if (!p->window) {
        int before = g->nmoves;
        m->moving_seat = seat;
        st = game_play(g, seat, text);
        m->moving_seat = 0;
        if (st != GAME_OK)
            return verdict(st == GAME_ILLEGAL ? MATCH_REFUSED : MATCH_FAILED, why, g->error);
        return played(m, before, why);
    }
    /* Listed, or judged by the rules (a claim a person types): held with
     * the others' answers, in the order given, until the window closes. */
    const char *canon = game_answer(g, seat, text);
    if (!canon)
        return verdict(MATCH_REFUSED, why, g->error);
    char *kept = strdup(canon);
    if (!kept)
        return verdict(MATCH_FAILED, why, "out of memory");
    m->wseats[m->wn] = seat;
    m->wmoves[m->wn++] = kept;
    if (match_person_to_answer(m))
        return MATCH_KEPT;
    return close_window(m, p, why);
}

MatchAnswer match_close_window(Match *m, char **why)
{
    *why = NULL;
    const Ask *p;
    if (!m->loop.game || game_pending(m->loop.game, &p) != GAME_OK || !p->window ||
        !match_person_to_answer(m))
        return verdict(MATCH_REFUSED, why, "no claim window waits for a person's call");
    int given = m->wn;
    for (int seat; (seat = match_person_to_answer(m)) != 0;) {
        const char *pass = game_match(m->loop.game, seat, "pass");
        if (!pass) {
            while (m->wn > given) /* the passes given so far here, not the calls */
                free(m->wmoves[--m->wn]);
            *why = strfmt("seat %d must answer: this window has no 'pass'", seat);
            return MATCH_REFUSED;
        }
        m->wseats[m->wn] = seat;
        m->wmoves[m->wn++] = strdup(pass);
    }
    return close_window(m, p, why);
}

double match_window_left(Match *m)
{
    const Ask *p;
    if (!m->window_ms || !m->loop.game || game_pending(m->loop.game, &p) != GAME_OK ||
        !p->window || !match_person_to_answer(m))
        return -1;
    /* Timed from when it was first looked at open: the front-end asks
     * right after the move that opened it. */
    if (!m->window_opened || m->window_group != m->loop.game->nmoves) {
        m->window_opened = match_now();
        m->window_group = m->loop.game->nmoves;
    }
    double left = m->window_opened + (double)m->window_ms / 1000.0 - match_now();
    return left > 0 ? left : 0;
}

int match_undoer(const Match *m, int nobody_at_the_keyboard)
{
    const Game *g = m->loop.game;
    int seat = nobody_at_the_keyboard ? 0 : match_person_to_answer(m);
    for (int i = g ? g->nmoves - 1 : -1; !seat && i >= 0; i--)
        if (controller_is_person(&m->loop.seats[g->moves[i].seat]))
            seat = g->moves[i].seat;
    return seat;
}

/* Undo takes back seat's own last move (and the bots' replies after it),
 * never another person's, and never once the seat has seen something
 * that was hidden since: undoing a draw, or an accept that showed the
 * dice, and choosing again would be choosing knowing it. What the move
 * dealt the seat but the screen has not shown (a card drawn as the
 * keyboard passes) teaches nothing: the same card comes again. */
GameStatus match_undo(Match *m, int seat, int shown)
{
    Game *g = m->loop.game;
    int n = g->nmoves;
    while (n > 0 && g->moves[n - 1].seat != seat)
        n--;
    if (n == 0) {
        game_set_error(g, "nothing to undo: seat %d has made no move yet", seat);
        return GAME_ILLEGAL;
    }
    n--;
    n = game_group_start(g, n); /* never split a claim window: undo its whole group */
    for (int i = n; i < g->nmoves; i++)
        if (controller_is_person(&m->loop.seats[g->moves[i].seat]) && g->moves[i].seat != seat) {
            game_set_error(g, "seat %d has moved since: undo takes back only your own last move, "
                              "before anyone else has moved", g->moves[i].seat);
            return GAME_ILLEGAL;
        }
    int learned = shown ? table_learned_since(g->t, g->moves[n].log_at, seat) : -1;
    if (learned >= 0) {
        /* What was learned, as the log showed it to the seat: the first
         * line of the log from there ("5S/8D: stock -> seat 3's hand"). */
        char line[300] = "";
        if (m->learned_words)
            m->learned_words(g->t, learned, seat, line, sizeof line);
        if (!line[0])
            snprintf(line, sizeof line, "a hidden card or die");
        game_set_error(g, "you have seen what was hidden since that move (%s): undoing it would "
                          "let you choose again knowing it", line);
        return GAME_ILLEGAL;
    }
    GameStatus st = game_rebuild(g, n);
    m->log_shown = g->t->log.n;
    if (st == GAME_OK)
        match_clear_window(m);
    return st;
}

/* Where the last deal began in the log: a run of card moves out of one
 * zone into two or more seats' own zones; -1 when there is none. */
static int last_deal(const Table *t)
{
    for (int end = t->log.n; end > 0; end--) {
        const LogEntry *e = &t->log.e[end - 1];
        if (e->kind != LOG_MOVE || !t->zones.z[e->c].owner)
            continue;
        int start = end - 1, from = e->b, first_to = e->c, several = 0;
        while (start > 0 && t->log.e[start - 1].kind == LOG_MOVE && t->log.e[start - 1].b == from &&
               t->zones.z[t->log.e[start - 1].c].owner) {
            start--;
            several |= t->log.e[start].c != first_to;
        }
        if (several)
            return start;
        end = start + 1;
    }
    return -1;
}

GameStatus match_redeal(Match *m, int *taken)
{
    Game *g = m->loop.game;
    *taken = 0;
    if (!g->t->zones.physical) {
        game_set_error(g, "redeal is for a real deck (--table cards): the referee's own deals are "
                          "never misdealt ('undo' takes back a move)");
        return GAME_ILLEGAL;
    }
    int deal = last_deal(g->t);
    if (deal < 0) {
        game_set_error(g, "there has been no deal to do again");
        return GAME_ILLEGAL;
    }
    /* The move that dealt, kept: the game goes on from just after it. */
    int keep = 0;
    while (keep < g->nmoves && g->moves[keep].log_at <= deal)
        keep++;
    *taken = g->nmoves - keep;
    GameStatus st = game_rebuild(g, keep);
    m->log_shown = g->t->log.n;
    if (st == GAME_OK)
        match_clear_window(m);
    return st;
}
