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
#include "repl_internal.h"

Session *repl_session(Repl *r)
{
    return &r->s;
}

void repl_saved(Repl *r)
{
    if (r->s.loop.game)
        r->saved_moves = r->s.loop.game->nmoves;
}

char *repl_play_for(Repl *r, int seat, const char *text)
{
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
int served_line(Repl *r, char **line, size_t *cap)
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

void served_console_begin(Repl *r)
{
    console = r;
    rl_getc_function = served_getc;
}
