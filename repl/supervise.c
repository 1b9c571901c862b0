#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "supervise.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../core/guards/watchdog.h"
#include "repl.h"
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


/* A Ctrl-C at the terminal reaches the whole process group, the child too;
 * one sent to the parent alone (kill: SI_USER) is passed on to the child. */
static void pass_interrupt(int sig, siginfo_t *info, void *uc)
{
    (void)sig;
    (void)uc;
    if (running > 0 && info && info->si_code == SI_USER)
        kill(running, SIGINT);
}

/* Catches SIGINT to pass it on, unless it is ignored and `even_ignored`
 * is not set (a background job's SIGINT is not meant for a game; the REPL
 * takes it all the same); 1 when caught, was holding what was. */
static int catch_interrupt(struct sigaction *was, int even_ignored)
{
    struct sigaction pass = {0};
    pass.sa_sigaction = pass_interrupt;
    pass.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&pass.sa_mask);
    return sigaction(SIGINT, NULL, was) == 0 && (even_ignored || was->sa_handler != SIG_IGN) &&
           sigaction(SIGINT, &pass, NULL) == 0;
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
        /* The child stops the game at a Ctrl-C. */
        struct sigaction was;
        int catching = catch_interrupt(&was, 0);
        out.fd = po[0];
        err.fd = pe[0];
        out.seen = err.seen = 0;
        struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
        for (int open = 2; open > 0;) {
            if (poll(fds, 2, -1) < 0) {
                if (errno == EINTR)
                    continue;
                for (int i = 0; i < 2; i++) /* the child ends on a closed pipe */
                    if (fds[i].fd >= 0)
                        close(fds[i].fd);
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

/* Room for a rescued record: a move takes about 40 bytes of it. */
#define RESCUE_BYTES ((size_t)16 << 20)

/* SIGTERM or SIGHUP to the parent (kill PID, a closed terminal): the
 * table ends whole, the child too, its last save kept as it is. */
static void pass_ending(int sig)
{
    if (running > 0)
        kill(running, sig);
}

static void catch_ending(struct sigaction *was_term, struct sigaction *was_hup)
{
    struct sigaction pass = {0};
    pass.sa_handler = pass_ending;
    sigemptyset(&pass.sa_mask);
    pass.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &pass, was_term);
    sigaction(SIGHUP, &pass, was_hup);
}

/* The REPL as a child process, the signals put back as the parent found
 * them, reading stdin a byte at a time: what a stopped child had read
 * ahead would be lost to the next. Its exit status. */
static int repl_child(SupervisedRepl repl, void *ctx, ReplGuard *guard, int catching,
                      const struct sigaction *was_int, const struct sigaction *was_quit)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return 1;
    if (pid == 0) {
        if (catching)
            sigaction(SIGINT, was_int, NULL);
        sigaction(SIGQUIT, was_quit, NULL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        /* A parent killed outright (SIGKILL) takes its child along: no
         * table serves on without its console. */
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() == 1)
            _exit(1);
        setvbuf(stdin, NULL, _IONBF, 0);
        watchdog_on_stuck(supervised_child_stuck);
        int st = repl(ctx, guard);
        fflush(NULL);
        _exit(st);
    }
    running = pid;
    int how;
    while (waitpid(pid, &how, 0) < 0 && errno == EINTR)
        ;
    running = 0;
    return WIFEXITED(how) ? WEXITSTATUS(how) : WIFSIGNALED(how) ? 128 + WTERMSIG(how) : 1;
}

/* Tells the people what got stuck in C, as the note says, and whether it
 * was outside a move of the game in progress (setting up a new game,
 * loading a save): that game is not started, and the one in progress, if
 * any, goes on as it stood. Returns whether it was outside. */
static int tell_stuck(const StuckNote *note, const Rescue *rescue)
{
    int outside = note->seat < 0 || (note->seat == 0 && note->move == STUCK_IN_SETUP);
    if (outside)
        fprintf(stderr, "error: a rules script ran in C past its limit %s, where nothing could "
                        "stop it, and was stopped: %s\n",
                note->seat < 0 ? "outside the game's moves (loading a save or a game's rules)"
                               : "setting up a new game",
                rescue->len ? "the game in progress goes on" : "no game was started");
    else if (note->seat > 0)
        printf("seat %d's bot ran in C past its limit, where nothing inside the process could "
               "stop it, and was stopped: it is not asked again this game\n", note->seat);
    else
        printf("the rules ran in C past their limit, where nothing inside the process could "
               "stop them, and were stopped: the game stands as it was before that move, and "
               "takes no more moves (save it to keep it)\n");
    return outside;
}

int supervise_repl(SupervisedRepl repl, void *ctx)
{
    size_t size = sizeof(StuckNote) + sizeof(Rescue) + RESCUE_BYTES;
    void *map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (map == MAP_FAILED)
        return repl(ctx, NULL);
    StuckNote *note = map;
    Rescue *rescue = (Rescue *)(void *)((char *)map + sizeof *note);
    rescue->cap = RESCUE_BYTES;
    rescue->len = 0;
    char *resume = NULL;
    Stuck stuck;
    stuck_none(&stuck);
    int status;
    /* People type to the child; Ctrl-C is for it (it stops the bots). */
    struct sigaction ignore = {0}, was_int, was_quit;
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    int catching = catch_interrupt(&was_int, 1);
    sigaction(SIGQUIT, &ignore, &was_quit);
    struct sigaction was_term, was_hup;
    catch_ending(&was_term, &was_hup);
    for (;;) {
        note->seat = -1;
        ReplGuard guard = {note, rescue, resume, &stuck};
        status = repl_child(repl, ctx, &guard, catching, &was_int, &was_quit);
        if (status != WATCHDOG_STUCK_EXIT)
            break;
        int outside = tell_stuck(note, rescue);
        /* Played again from the record as it stood, without what got stuck. */
        free(resume);
        resume = NULL;
        if (rescue->len == 0) {
            stuck_none(&stuck);
            continue;
        }
        resume = strdup(rescue->text);
        stuck = rescue->stuck;
        if (!outside)
            stuck_add(&stuck, note);
        if (!resume)
            break;
    }
    if (catching)
        sigaction(SIGINT, &was_int, NULL);
    sigaction(SIGQUIT, &was_quit, NULL);
    sigaction(SIGTERM, &was_term, NULL);
    sigaction(SIGHUP, &was_hup, NULL);
    free(resume);
    munmap(map, size);
    return status;
}
