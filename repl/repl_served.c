/* repl_served: the REPL as a served table's console (repl.h's
 * ReplServe). The pages' moves are played between the console's keys, on
 * its own thread, in the order they came: a move waits while a command
 * runs. */
#include <errno.h>
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>
#include "render.h"
#include "repl_internal.h"
#include "../core/kernel/strfmt.h"

Session *repl_session(Repl *r)
{
    return &r->s;
}

void repl_saved(Repl *r)
{
    if (r->s.loop.game)
        r->saved_moves = r->s.loop.game->nmoves;
}

int repl_dice_asked(Repl *r, int *seat, int *n, int *faces)
{
    if (!r->dice.asked)
        return 0;
    *seat = r->dice.all ? 0 : r->dice.seat;
    *n = r->dice.n;
    *faces = r->dice.faces;
    return 1;
}

/* A page's line while the dice are to be typed: the values (or 'cancel')
 * from the seat that sees them; NULL when taken, else why not. */
static char *dice_typed(Repl *r, int seat, const char *text)
{
    char who[64];
    if (seat != r->dice.seat && !(r->dice.all && controller_is_person(&r->s.loop.seats[seat])))
        return strfmt("wait: %s is typing what the dice show",
                      render_seat(r->dice.seat, who, sizeof who));
    if (!strcmp(text, "cancel")) {
        r->dice.done = -1;
        return NULL;
    }
    if (!repl_read_dice(r->dice.t, r->dice.n, r->dice.dice, text, r->dice.values))
        return strfmt("type %d number%s, each a face from 1 to %d, such as %s ('cancel' takes the "
                      "move back)", r->dice.n, r->dice.n == 1 ? "" : "s", r->dice.faces,
                      r->dice.n == 1 ? "4" : "6 5");
    printf("%s typed the dice:", render_seat(seat, who, sizeof who));
    for (int i = 0; i < r->dice.n; i++)
        printf(" %d", r->dice.values[i]);
    putchar('\n');
    r->dice.done = 1;
    return NULL;
}

static int served_type_dice(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                     size_t size)
{
    Repl *r = ctx;
    int all, seer = repl_dice_seer(r, t, n, dice, &all);
    r->dice.asked = 1;
    r->dice.seat = seer ? seer : r->moving_seat;
    r->dice.all = all;
    r->dice.n = n;
    r->dice.faces = t->dice.d[dice[0]].faces;
    r->dice.t = t;
    r->dice.dice = dice;
    r->dice.values = values;
    r->dice.done = 0;
    char who[64];
    printf("waiting for %s to type what the dice show\n",
           all ? "anyone at the table" : render_seat(r->dice.seat, who, sizeof who));
    fflush(stdout);
    /* The pages' lines are taken as they come (each page's own verdict
     * given at once) until the dice are typed: the move that reads them
     * waits, and so does everything else. */
    r->serve->publish(r, r->serve->ctx);
    while (!r->dice.done) {
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(r->serve->wake_fd, &fds);
        if (select(r->serve->wake_fd + 1, &fds, NULL, NULL, NULL) < 0 && errno != EINTR)
            break;
        char drained[64];
        while (read(r->serve->wake_fd, drained, sizeof drained) > 0)
            ;
        r->serve->take_requests(r, r->serve->ctx);
        if (!r->dice.done)
            r->serve->publish(r, r->serve->ctx); /* who is connected */
    }
    r->dice.asked = 0;
    if (r->dice.done != 1) {
        snprintf(why, size, "the dice were not typed, so the move was taken back");
        return 0;
    }
    return 1;
}

char *repl_play_for(Repl *r, int seat, const char *text)
{
    if (r->dice.asked)
        return dice_typed(r, seat, text);
    const Ask *p;
    if (!r->s.loop.game || game_pending(r->s.loop.game, &p) != GAME_OK)
        return strdup("no move is due: the game is over or stopped");
    int asked = 0;
    for (int i = 0; i < p->nseats; i++)
        asked |= p->seats[i] == seat;
    if (!asked || repl_has_answered(r, seat))
        return strdup(repl_has_answered(r, seat) ? "you have answered already: the others are still to"
                                        : "it is not yours to move now");
    int errors = r->errors;
    r->capturing = 1;
    free(r->captured);
    r->captured = NULL;
    repl_play_as(r, seat, text);
    r->capturing = 0;
    r->errors = errors;
    char *why = r->captured;
    r->captured = NULL;
    fflush(stdout);
    return why;
}

/* Hands the waiting requests to the serve code, which plays them; then
 * the pages are told what changed. */
static void take_requests(Repl *r)
{
    char drained[64];
    while (read(r->serve->wake_fd, drained, sizeof drained) > 0)
        ;
    r->serve->take_requests(r, r->serve->ctx);
    r->serve->publish(r, r->serve->ctx);
    fflush(stdout);
}

/* readline's keys at a served table: a page's request between two keys is
 * played at once, the line being typed kept. */
static Repl *console; /* readline's callbacks take no context */

static int served_getc(FILE *f)
{
    Repl *r = console;
    for (;;) {
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fileno(f), &fds);
        if (!r->executing) /* a command's question (quit's) is answered first */
            FD_SET(r->serve->wake_fd, &fds);
        int top = fileno(f) > r->serve->wake_fd ? fileno(f) : r->serve->wake_fd;
        if (select(top + 1, &fds, NULL, NULL, NULL) < 0) {
            if (errno == EINTR)
                continue;
            return EOF;
        }
        if (!r->executing && FD_ISSET(r->serve->wake_fd, &fds)) {
            fputs("\r\033[K", stdout); /* the line being typed, redrawn after */
            take_requests(r);
            rl_on_new_line();
            rl_redisplay();
        }
        if (FD_ISSET(fileno(f), &fds))
            return rl_getc(f);
    }
}

/* A line of a script at a served table: pages are served while it waits.
 * 0 at the end of the input. */
static int served_line(Repl *r, char **line, size_t *cap)
{
    for (;;) {
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fileno(r->in), &fds);
        FD_SET(r->serve->wake_fd, &fds);
        int top = fileno(r->in) > r->serve->wake_fd ? fileno(r->in) : r->serve->wake_fd;
        if (select(top + 1, &fds, NULL, NULL, NULL) < 0) {
            if (errno == EINTR)
                continue;
            return 0;
        }
        if (FD_ISSET(r->serve->wake_fd, &fds))
            take_requests(r);
        if (FD_ISSET(fileno(r->in), &fds))
            return getline(line, cap, r->in) >= 0;
    }
}

static void served_console_begin(Repl *r)
{
    console = r;
    rl_getc_function = served_getc;
}

int repl_serve(lua_State *L, const char *rules_path, const char *bots_path, const GameArgs *start,
               const ReplGuard *guard, const ReplServe *serve)
{
    ServedConsole c = {serve, served_console_begin, served_line, served_type_dice};
    return repl_run_served(L, rules_path, bots_path, start, guard, &c);
}
