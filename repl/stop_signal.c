#include "stop_signal.h"

#include <string.h>
#include <unistd.h>

volatile sig_atomic_t stop_signal_asked;
static volatile sig_atomic_t in_worker;
static const char *notice_text;
static size_t notice_length;

static void on_stop(int sig)
{
    stop_signal_asked = 1;
    if (in_worker)
        return;
    if (notice_length) {
        ssize_t n = write(STDERR_FILENO, notice_text, notice_length);
        (void)n;
    }
    signal(sig, SIG_DFL);
}

void stop_signal_catch(const char *notice)
{
    struct sigaction old, sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    /* Reads and writes carry on after the signal; poll does not restart,
     * and its caller tells the interruption apart. */
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    notice_text = notice;
    notice_length = notice ? strlen(notice) : 0;
    stop_signal_asked = 0;
    in_worker = 0;
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
        sigaction(SIGINT, &sa, NULL);
}

void stop_signal_worker(void)
{
    in_worker = 1;
}

void stop_signal_release(void)
{
    struct sigaction old;
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler == on_stop)
        signal(SIGINT, SIG_DFL);
}
