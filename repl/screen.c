/* screen: what the terminal shows a table of people. Who sits in front of
 * it (the pass prompt, which clears it), the log as the person there may
 * know it, what a command that starts a game said, and the question asked
 * before a game with unsaved moves is dropped. The REPL's commands call
 * it; it calls nothing of theirs. */
#include "repl.h"

#include <errno.h>
#include <readline/readline.h>
#include <sys/select.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "render.h"
#include "../core/kernel/ask_match.h"
#include "../core/kernel/strfmt.h"

#include "repl_internal.h"

/* Whose knowledge the log is shown with: the one person's at a table of
 * one person, else a spectator's (a hot-seat table shares the screen, a
 * served table's console is everyone's). */
int screen_log_viewer(const Repl *r)
{
    int person = 0;
    if (r->serve)
        return 0;
    for (int s = 1; s <= r->m.loop.game->nseats; s++)
        if (controller_is_person(&r->m.loop.seats[s])) {
            if (person)
                return 0;
            person = s;
        }
    return person;
}


/* Whether seat's screen shows what another seat may not see: a card of
 * its own it sees and another does not, or a die's value it alone sees.
 * At a real deck and with real dice the referee knows neither (a hand is
 * "a card" until played, the dice are under the cup): nothing private. */
static int shows_private(const Table *t, int seat)
{
    for (int z = 1; z <= t->zones.n; z++) {
        const Zone *zone = &t->zones.z[z];
        if (zone->owner != seat)
            continue;
        for (int i = 0; i < zone->n; i++)
            for (int other = 1; other <= t->seats.n; other++)
                if (other != seat && zones_seat_sees(&t->zones, zone->cards[i], seat) &&
                    !zones_seat_sees(&t->zones, zone->cards[i], other))
                    return 1;
    }
    for (int d = 1; d <= t->dice.n; d++)
        for (int other = 1; other <= t->seats.n; other++)
            if (other != seat && t->dice.d[d].value && dice_seat_sees(&t->dice, d, seat) &&
                !dice_seat_sees(&t->dice, d, other))
                return 1;
    return 0;
}

/* Private hot seat: a pass comes whenever the next thing drawn is private
 * to someone other than the person who last sat down at the screen, or
 * the screen still shows that person's private things and someone else
 * is to answer. The screen is cleared first and again once the next
 * person sits down, so that nothing of one person's hand, nor anything
 * typed at the pass prompt, is left when the next person's is drawn. Not
 * on a pipe (scripts), not with one person, not with --no-hot-seat. from:
 * the log entries shown since the last person, shown again on the clean
 * screen. */

/* At the pass prompt, 'back': the person who just moved takes their move
 * back before the next sits down (a slip of the finger: '65' for '56'),
 * as undo would, when nobody has moved since. The screen has shown them
 * nothing hidden since the move (the pass prompt shows only what everyone
 * sees), so a card it dealt them unseen does not stop it. Whoever is
 * looking may be the next person: a refusal names no card. 1 when taken
 * back. */
static int take_back(Repl *r, int mover)
{
    char name[64];
    if (mover < 1 || !controller_is_person(&r->m.loop.seats[mover])) {
        printf("there is no move of yours to take back here: press Enter to pass the keyboard\n");
        return 0;
    }
    GameStatus st = match_undo(&r->m, mover, 0);
    if (st != GAME_OK) {
        /* Undo's refusals left here (no move yet, another person has moved
         * since) name seats only; a rules failure may say anything. */
        const char *why = r->m.loop.game->error;
        fflush(stdout);
        fputs("error: ", stderr);
        render_said(stderr, st == GAME_ILLEGAL && why ? why
                    : "the rules failed to take the move back (the game is as it was)");
        fputs(": press Enter to pass the keyboard\n", stderr);
        r->errors++;
        return 0;
    }
    printf("%s's move is taken back, and %s keeps the keyboard\n",
           render_seat(mover, name, sizeof name), name);
    return 1;
}

/* Whether seat is a person the open claim window asks who has not
 * answered. */
static int may_call(Repl *r, int seat)
{
    const Ask *p;
    if (seat < 1 || !r->m.loop.game || game_pending(r->m.loop.game, &p) != GAME_OK || !p->window ||
        !controller_is_person(&r->m.loop.seats[seat]) || match_answered(&r->m, seat))
        return 0;
    for (int i = 0; i < p->nseats; i++)
        if (p->seats[i] == seat)
            return 1;
    return 0;
}

int screen_console_seat(Repl *r)
{
    if (r->serve)
        return 0;
    if (may_call(r, r->calling))
        return r->calling;
    return match_person_to_answer(&r->m);
}

/* The seat a name or a number typed at the pass prompt is, or 0. */
static int seat_named(Repl *r, const char *word)
{
    char *end;
    long n = strtol(word, &end, 10);
    if (end != word && !*end)
        return n >= 1 && n <= r->m.loop.nseats ? (int)n : 0;
    for (int s = 1; s <= r->m.loop.nseats; s++)
        if (r->m.names[s][0] && !strcasecmp(r->m.names[s], word))
            return s;
    return 0;
}

/* At the pass prompt of a claim window, someone else the window asks
 * may call first: they type their name (or seat number), or the claim's
 * word ("bamm") and then their name. The seat that calls, or 0 after
 * saying why not. Nothing of anyone's hand is on the screen. */
static int caller_at_pass(Repl *r, const char *line, int asked)
{
    const Ask *p;
    if (!r->m.loop.game || game_pending(r->m.loop.game, &p) != GAME_OK || !p->window)
        return 0;
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)strcspn(line, " \t"), line + strspn(line, " \t"));
    size_t len;
    int seat = seat_named(r, word);
    if (!seat && ask_open(p) && ask_open_word(p->open, word, &len)) {
        char *who = readline("who calls? your name (or seat number), then Enter: ");
        seat = who ? seat_named(r, who + strspn(who, " \t")) : 0;
        free(who);
    }
    if (seat && seat != asked && may_call(r, seat))
        return seat;
    char name[64];
    if (seat == asked)
        printf("%s is the one the keyboard passes to: press Enter, and they answer\n",
               render_seat(seat, name, sizeof name));
    else if (seat)
        printf("%s cannot call now: the window waits only for the people it asks who have not "
               "answered\n", render_seat(seat, name, sizeof name));
    return seat ? -1 : 0;
}

/* Home, clear the screen and its scrollback. */
static void clear_screen(void)
{
    fputs("\033[H\033[2J\033[3J", stdout);
}

int screen_sit_down(Repl *r, int seat, int from, int may_take_back)
{
    int people = 0;
    for (int s = 1; s <= r->m.loop.game->nseats; s++)
        people += controller_is_person(&r->m.loop.seats[s]);
    /* At a real deck, mostly never: the referee knows no one's hand. */
    int secret = shows_private(r->m.loop.game->t, seat);
    int pass = r->interactive && !r->m.no_hot_seat && people >= 2 && seat != r->on_screen &&
               (secret || r->private_on_screen);
    if (!pass) {
        /* Nobody new sat down: the person in front of the screen is the
         * one who did last, whoever answers a public question now; and
         * what 'new' or 'load' said stays on the screen as it is. */
        free(r->headline);
        r->headline = NULL;
        if (seat == r->on_screen)
            r->private_on_screen |= secret;
        return 0;
    }
    int mover = r->on_screen;
    r->on_screen = seat;
    r->private_on_screen = secret;
    /* The screen is cleared first: only what everyone may see is on it
     * while the keyboard changes hands. */
    char name[64], prompt[200];
    clear_screen();
    if (r->headline)
        fputs(r->headline, stdout);
    r->m.log_shown = from;
    screen_show_log_as(r, 0); /* whoever is looking: only what everyone may see */
    may_take_back = may_take_back && mover > 0;
    int window = 0; /* another person may call first */
    for (int s = 1; s <= r->m.loop.nseats; s++)
        window |= s != seat && may_call(r, s);
    snprintf(prompt, sizeof prompt, "pass the keyboard to %s, and press Enter when they sit down%s%s ",
             render_seat(seat, name, sizeof name), may_take_back ? " ('back' takes your move back)" : "",
             window ? " (to call first, type your name)" : "");
    fflush(stdout);
    /* Enter alone: anything typed here was meant for the screen before,
     * and is neither carried out nor taken for the Enter that shows the
     * next hand; but 'back', which the prompt offers the one who moved,
     * and 'quit' (or Ctrl-D), which asks first as 'quit' always does. */
    for (int ends = 0;;) {
        r->timed_prompt = 1;
        char *line = readline(prompt);
        r->timed_prompt = 0;
        if (r->time_up) {
            free(line);
            return SCREEN_TIME_UP;
        }
        if (!line || !strcmp(line, "quit")) {
            if (!line)
                putchar('\n');
            free(line);
            if ((!line && ++ends >= ENDS_BEFORE_GONE) || screen_may_drop_game(r, "quit")) {
                r->quit = 1;
                return SCREEN_LEFT;
            }
            continue;
        }
        if (!line[strspn(line, " \t")]) {
            free(line);
            break;
        }
        if (may_take_back && !strcmp(line, "back")) {
            free(line);
            if (take_back(r, mover)) {
                r->on_screen = mover;
                r->private_on_screen = 1;
                return SCREEN_TAKEN_BACK;
            }
            continue;
        }
        int caller = window ? caller_at_pass(r, line, seat) : 0;
        if (caller > 0) {
            /* The caller sits down instead, to call first. */
            free(line);
            r->calling = caller;
            r->on_screen = caller;
            r->private_on_screen = shows_private(r->m.loop.game->t, caller);
            clear_screen();
            r->m.log_shown = from;
            screen_show_new_log(r);
            return SCREEN_CALLER;
        }
        if (caller < 0) {
            free(line);
            continue;
        }
        char shown[84];
        printf("'%s' was not carried out: the keyboard passes with Enter alone ('quit' leaves), and "
               "nothing is shown until %s sits down\n", strfmt_shown(line, shown, sizeof shown), name);
        free(line);
    }
    /* Whatever was typed and answered at the pass prompt goes too: the
     * next person's view is drawn on a screen that shows only the table. */
    free(r->headline);
    r->headline = NULL;
    clear_screen();
    r->m.log_shown = from;
    screen_show_new_log(r); /* now as the one who sat down may know it */
    return 1;
}

/* What happened since the person last looked. After a long run of the
 * bots' moves (a table of bots only, or bots playing on once the person is
 * out) only the last entries: a million moves would flood the terminal. */
#define NEW_LOG_SHOWN 200
/* The people whose hidden answers (a BAMM! pass) everyone saw typed: at
 * a table whose screen is never private (one person at every seat, or a
 * real deck with real dice or none), where no keyboard is passed. */
static uint32_t answers_in_the_open(const Repl *r)
{
    const Table *t = r->m.loop.game->t;
    if (r->serve || !(r->m.no_hot_seat || (t->zones.physical && (!t->dice.n || t->physical_dice))))
        return 0;
    uint32_t seats = 0;
    for (int s = 1; s <= r->m.loop.game->nseats; s++)
        if (controller_is_person(&r->m.loop.seats[s]))
            seats |= 1u << s;
    return seats;
}

/* The log since it was last shown, as viewer may know it. At a hot seat
 * a viewer's own lines that everyone's would not hold (the dice the
 * acceptor lifts the cup on, a card dealt to them) make the screen theirs
 * alone: the next person sits down only after a pass that clears it. */
void screen_show_log_as(Repl *r, int viewer)
{
    Table *t = r->m.loop.game->t;
    render_answers_seen(answers_in_the_open(r));
    if (r->m.log_shown > t->log.n)
        r->m.log_shown = 0;
    int from = r->m.log_shown;
    if (t->log.n - from > NEW_LOG_SHOWN) {
        printf("  ... %d earlier entries ('log all' shows them all)\n", t->log.n - NEW_LOG_SHOWN - from);
        from = t->log.n - NEW_LOG_SHOWN;
    }
    char *own = NULL, *all = NULL;
    size_t own_size = 0, all_size = 0;
    FILE *a = viewer > 0 && r->on_screen == viewer ? open_memstream(&own, &own_size) : NULL;
    FILE *b = a ? open_memstream(&all, &all_size) : NULL;
    if (a && b) {
        render_log(a, t, from, viewer);
        render_log(b, t, from, 0);
        fclose(a);
        fclose(b);
        a = b = NULL;
        if (own && all && strcmp(own, all) != 0)
            r->private_on_screen = 1;
        fputs(own ? own : "", stdout);
    } else {
        if (a)
            fclose(a);
        render_log(stdout, t, from, viewer);
    }
    free(own);
    free(all);
    r->m.log_shown = t->log.n;
}

/* Whose knowledge the log is shown with on the screen now: screen_log_viewer's,
 * but at a hot seat's terminal that of the person who last sat down,
 * whose screen it is until the next pass. */
int screen_viewer(const Repl *r)
{
    int viewer = screen_log_viewer(r);
    if (viewer || r->serve || !r->interactive || r->m.no_hot_seat || r->on_screen < 1)
        return viewer;
    return controller_is_person(&r->m.loop.seats[r->on_screen]) ? r->on_screen : 0;
}

void screen_show_new_log(Repl *r)
{
    screen_show_log_as(r, screen_viewer(r));
}

/* What a command that starts or loads a game says (text, malloc'd, its
 * lines ended): printed, and kept until the first person sits down, so
 * that the pass screen, which clears what came before, shows it again to
 * whoever typed the command. */
void screen_announce(Repl *r, char *text)
{
    if (!text)
        return;
    fputs(text, stdout);
    free(r->headline);
    r->headline = text;
}

/* Whether the game in progress may be dropped (to quit, or for a new
 * one): yes when nothing was played since it was saved; else a person is
 * asked first, and a script is told what was dropped. */
int screen_may_drop_game(Repl *r, const char *doing)
{
    Game *g = r->m.loop.game;
    if (!g || g->nmoves == r->m.saved_moves)
        return 1;
    int n = g->nmoves > r->m.saved_moves ? g->nmoves - r->m.saved_moves : r->m.saved_moves - g->nmoves;
    if (!r->interactive)
        return 1; /* told once it is dropped (dropped_game) */
    char prompt[200];
    snprintf(prompt, sizeof prompt, "the game has %d move%s since it was last saved ('save FILE' "
             "keeps it): %s anyway? [y/N] ", n, n == 1 ? "" : "s", doing);
    char *answer = readline(prompt);
    int yes = answer && (strcasecmp(answer, "y") == 0 || strcasecmp(answer, "yes") == 0);
    free(answer);
    if (!yes)
        printf("kept: the game goes on\n");
    return yes;
}

/* ---- a claim window's clock at a hot seat ---- */

static Repl *clocked; /* readline's callbacks take no context */

int screen_timed_getc(FILE *f)
{
    Repl *r = clocked;
    for (;;) {
        double left = r && r->timed_prompt ? match_window_left(&r->m) : -1;
        if (left < 0)
            return rl_getc(f);
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fileno(f), &fds);
        struct timeval tv = {(time_t)left, (suseconds_t)((left - (double)(time_t)left) * 1e6)};
        int n = select(fileno(f) + 1, &fds, NULL, NULL, &tv);
        if (n < 0 && errno == EINTR)
            continue;
        if (n == 0) {
            /* The wait ends as an empty line: what was typed is dropped. */
            r->time_up = 1;
            rl_replace_line("", 0);
            rl_point = rl_end = 0;
            return '\n';
        }
        return rl_getc(f);
    }
}

void screen_use_clock(Repl *r)
{
    clocked = r;
    rl_getc_function = screen_timed_getc;
}
