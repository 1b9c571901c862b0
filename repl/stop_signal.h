/* Ctrl-C as a request to stop: the first SIGINT sets stop_signal_asked,
 * and the program stops where it is safe to (after a move, after the games
 * in play); a second quits at once, by SIGINT's default action. A SIGINT
 * ignored when the program started (nohup, a script's background job) is
 * not meant for it, and stays ignored. */
#ifndef REFEREE_STOP_SIGNAL_H
#define REFEREE_STOP_SIGNAL_H

#include <signal.h>

extern volatile sig_atomic_t stop_signal_asked;

/* Catches SIGINT; notice, if not NULL, is written to stderr at the first. */
void stop_signal_catch(const char *notice);
/* In a forked worker: every SIGINT only asks, and says nothing (the
 * parent speaks, and passes a SIGINT sent to it alone on). */
void stop_signal_worker(void);
/* Back to SIGINT's default action, if it was caught. */
void stop_signal_release(void);

#endif
