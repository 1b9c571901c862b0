#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "supervise.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../core/watchdog.h"
#include "stop_signal.h"

void supervised_child_stuck(void)
{
    _exit(WATCHDOG_STUCK_EXIT);
}

static pid_t running; /* the child a Ctrl-C sent to the parent alone is passed to */

/* One of the child's output streams, passed on to ours. A child played
 * again prints again what the one before it printed: what was passed on
 * already is not passed on twice. */
typedef struct Stream {
    int fd;
    FILE *to;
    size_t seen;   /* bytes read from this child */
    size_t passed; /* bytes passed on, from every child */
} Stream;

/* Reads what the stream holds and passes it on; 0 at its end. */
static int pass_on(Stream *s)
{
    char buf[65536];
    ssize_t got = read(s->fd, buf, sizeof buf);
    if (got < 0 && errno == EINTR)
        return 1;
    if (got <= 0)
        return 0;
    size_t from = s->passed > s->seen ? s->passed - s->seen : 0;
    s->seen += (size_t)got;
    if (from < (size_t)got) {
        if (fwrite(buf + from, 1, (size_t)got - from, s->to) != (size_t)got - from ||
            fflush(s->to) != 0) {
            /* A full disk: a cut record must not pass for a whole one. */
            int err = errno;
            if (running > 0)
                kill(running, SIGKILL);
            fprintf(stderr, "referee: the output could not all be written: %s\n", strerror(err));
            _exit(1);
        }
        s->passed = s->seen;
    }
    return 1;
}

/* The child: plays with its output on the pipes, then leaves. */
static void child(SupervisedPlay play, void *ctx, StuckNote *note, const Stuck *stuck, int out,
                  int err)
{
    if (dup2(out, 1) < 0 || dup2(err, 2) < 0)
        _exit(1);
    close(out);
    close(err);
    watchdog_on_stuck(supervised_child_stuck);
    int status = play(ctx, note, stuck);
    fflush(NULL);
    _exit(status);
}


static void pass_interrupt(int sig)
{
    (void)sig;
    if (running > 0)
        kill(running, SIGINT);
}

int supervise(SupervisedPlay play, void *ctx, const Stuck *known, FILE *to_out, FILE *to_err)
{
    StuckNote *note = mmap(NULL, sizeof *note, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                           -1, 0);
    if (note == MAP_FAILED)
        return play(ctx, NULL, NULL); /* unsupervised rather than not at all */
    Stuck stuck;
    if (known)
        stuck = *known;
    else
        stuck_none(&stuck);
    Stream out = {.to = to_out}, err = {.to = to_err};
    int status = 1;
    /* Each child can find one more thing stuck (a seat's bot, or the rules
     * at last), so this many children are enough. */
    for (int tries = 0; tries < MAX_SEATS + 2; tries++) {
        int po[2], pe[2];
        if (pipe(po) != 0 || pipe(pe) != 0)
            return play(ctx, NULL, &stuck);
        fflush(NULL);
        note->seat = -1;
        pid_t pid = fork();
        if (pid < 0)
            return play(ctx, NULL, &stuck);
        if (pid == 0) {
            close(po[0]);
            close(pe[0]);
            child(play, ctx, note, &stuck, po[1], pe[1]);
        }
        close(po[1]);
        close(pe[1]);
        running = pid;
        /* A terminal's Ctrl-C reaches the child too; kill's reaches the
         * parent alone, and is passed on. The child stops the game. */
        struct sigaction pass = {0}, was;
        pass.sa_handler = pass_interrupt;
        sigemptyset(&pass.sa_mask);
        int catching = sigaction(SIGINT, NULL, &was) == 0 && was.sa_handler != SIG_IGN &&
                       sigaction(SIGINT, &pass, NULL) == 0;
        out.fd = po[0];
        err.fd = pe[0];
        out.seen = err.seen = 0;
        struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
        for (int open = 2; open > 0;) {
            if (poll(fds, 2, -1) < 0) {
                if (errno == EINTR)
                    continue;
                break;
            }
            for (int i = 0; i < 2; i++)
                if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) &&
                    !pass_on(i ? &err : &out)) {
                    close(fds[i].fd);
                    fds[i].fd = -1;
                    open--;
                }
        }
        int how;
        while (waitpid(pid, &how, 0) < 0 && errno == EINTR)
            ;
        running = 0;
        if (catching)
            sigaction(SIGINT, &was, NULL);
        status = WIFEXITED(how) ? WEXITSTATUS(how) : WIFSIGNALED(how) ? 128 + WTERMSIG(how) : 1;
        if (status != WATCHDOG_STUCK_EXIT || note->seat < 0)
            break;
        /* The next child plays the same game without what got stuck; it
         * prints again what this one printed, which is not passed on. */
        stuck_add(&stuck, note);
        status = 1;
    }
    munmap(note, sizeof *note);
    return status;
}
