/* repl_served: the REPL as a served table's console (repl.h's ReplServe).
 * The pages' answers go to the match between the console's keys, on its
 * own thread, in the order they came (a move waits while a command
 * runs); the console then shows what changed, as for a typed command. A
 * claim window's time running out wakes it too. */
#include <errno.h>
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>
#include "repl_internal.h"

/* The pages' answers waiting (or a window's time out) are given to the
 * match, then the console and the pages are told what changed. */
static void take_requests(Repl *r)
{
    char drained[64];
    while (read(r->serve->wake_fd, drained, sizeof drained) > 0)
        ;
    r->serve->take_requests(r->serve->ctx);
    repl_catch_up(r);
    r->serve->publish(r->serve->ctx);
    fflush(stdout);
}

/* Waits for fd (or none: -1) or the pages, whichever comes first, up to
 * the time the table is due (a claim window closing). 1 when fd is
 * readable, 0 when the pages were served, -1 on an error. */
static int wait_for(Repl *r, int fd, int pages)
{
    fd_set fds;
    FD_ZERO(&fds);
    if (fd >= 0)
        FD_SET(fd, &fds);
    if (pages)
        FD_SET(r->serve->wake_fd, &fds);
    int top = fd > r->serve->wake_fd ? fd : r->serve->wake_fd;
    double due = pages ? r->serve->due_in(r->serve->ctx) : -1;
    struct timeval tv = {(time_t)due, (suseconds_t)((due - (double)(time_t)due) * 1e6)};
    int n = select(top + 1, &fds, NULL, NULL, due >= 0 ? &tv : NULL);
    if (n < 0)
        return errno == EINTR ? 0 : -1;
    if (pages && (n == 0 || FD_ISSET(r->serve->wake_fd, &fds)))
        return 2;
    return fd >= 0 && FD_ISSET(fd, &fds);
}

/* readline's keys at a served table: the pages' answers between two
 * keys are given at once, the line being typed kept. */
static Repl *console; /* readline's callbacks take no context */

static int served_getc(FILE *f)
{
    Repl *r = console;
    for (;;) {
        /* a command's question (quit's) is answered before any page's */
        int got = wait_for(r, fileno(f), !r->executing);
        if (got < 0)
            return EOF;
        if (got == 2) {
            fputs("\r\033[K", stdout); /* the line being typed, redrawn after */
            take_requests(r);
            rl_on_new_line();
            rl_redisplay();
        } else if (got == 1)
            return rl_getc(f);
    }
}

/* A line of a script at a served table: pages are served while it waits.
 * 0 at the end of the input. */
static int served_line(Repl *r, char **line, size_t *cap)
{
    for (;;) {
        int got = wait_for(r, fileno(r->in), 1);
        if (got < 0)
            return 0;
        if (got == 2)
            take_requests(r);
        else if (got == 1)
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
    ServedConsole c = {serve, served_console_begin, served_line};
    return repl_run_served(L, rules_path, bots_path, start, guard, &c);
}
