#include "watchdog.h"

#include <lauxlib.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#define TICK_NS 250000000L /* a quarter of a second of CPU time */
#define TICKS_PER_SECOND 4
#include <unistd.h>

/* Shared with the signal handler, hence file-scope and volatile: one
 * process runs one rules call at a time. */
static struct {
    lua_State *volatile L;      /* the state of the watched call, or NULL */
    volatile sig_atomic_t depth, serial, seen, ticks, fired;
    volatile sig_atomic_t allowed; /* ticks the watched call may run */
    volatile sig_atomic_t stuck_ticks; /* ticks since the hook was set */
    void (*volatile on_stuck)(void);
    int seconds;                   /* the same, for the message */
    int ready;                  /* the timer runs in this process */
    int atfork;                 /* the fork handler is registered */
    timer_t timer;
} watch;

/* Raised at the script's next step; it keeps firing, so a pcall in the
 * script cannot swallow it. */
static void overrun_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_sethook(L, overrun_hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "the script ran too long (over %d seconds of CPU time in one call)",
               watch.seconds);
}

static void on_tick(int sig)
{
    (void)sig;
    if (watch.depth == 0 || !watch.L)
        return;
    if (watch.serial != watch.seen) { /* another call than at the last tick */
        watch.seen = watch.serial;
        watch.ticks = 0;
        return;
    }
    if (++watch.ticks >= watch.allowed && !watch.fired) {
        watch.fired = 1;
        watch.stuck_ticks = 0;
        lua_sethook(watch.L, overrun_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
    } else if (watch.fired && ++watch.stuck_ticks >= STUCK_SECONDS * TICKS_PER_SECOND) {
        /* The hook was set and never ran: the call is in C that never
         * returns to Lua (a sort of huge strings, a search no guard knew).
         * Nothing inside the process can stop it; the process stops. */
        void (*stuck)(void) = watch.on_stuck;
        if (stuck)
            stuck();
        static const char msg[] = "\nreferee: a script ran in C past its limit, where nothing inside "
                                  "the process can stop it: the process stops\n";
        ssize_t ignored = write(2, msg, sizeof msg - 1);
        (void)ignored;
        _exit(WATCHDOG_STUCK_EXIT);
    }
}

void watchdog_on_stuck(void (*handler)(void))
{
    watch.on_stuck = handler;
}

/* Timers do not survive fork: a tournament worker starts its own. */
static void after_fork_in_child(void)
{
    watch.ready = 0;
    watch.depth = 0;
    watch.L = NULL;
}

static void start_timer(void)
{
    if (!watch.atfork)
        watch.atfork = pthread_atfork(NULL, NULL, after_fork_in_child) == 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_tick;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGVTALRM, &sa, NULL) != 0)
        return;
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGVTALRM;
    if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &watch.timer) != 0)
        return;
    struct itimerspec every = {{0, TICK_NS}, {0, TICK_NS}};
    if (timer_settime(watch.timer, 0, &every, NULL) != 0) {
        timer_delete(watch.timer);
        return;
    }
    watch.ready = 1;
}

/* When referee.so is unloaded (lua_close in a host such as busted), its
 * handler goes with it: the timer must stop first, and a tick already on
 * its way must find the signal ignored, not a handler that is gone. */
__attribute__((destructor)) static void stop_timer(void)
{
    if (!watch.ready)
        return;
    timer_delete(watch.timer);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGVTALRM, &sa, NULL);
    watch.ready = 0;
}

lua_State *watchdog_switch(lua_State *co)
{
    if (watch.depth == 0)
        return NULL;
    lua_State *was = watch.L;
    watch.L = co;
    if (watch.fired) /* out of time already: the coroutine stops at once */
        lua_sethook(co, overrun_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
    return was;
}

void watchdog_switch_back(lua_State *was)
{
    if (!was)
        return;
    watch.L = was;
    if (watch.fired && lua_gethook(was) != overrun_hook)
        lua_sethook(was, overrun_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

void watchdog_enter_for(lua_State *L, int seconds)
{
    if (!watch.ready)
        start_timer();
    if (watch.depth++ == 0) {
        watch.L = L;
        watch.seconds = seconds;
        watch.allowed = seconds * TICKS_PER_SECOND + 1;
        watch.serial = (watch.serial + 1) & 0x3fffffff;
    }
}

void watchdog_enter(lua_State *L)
{
    watchdog_enter_for(L, RULES_CPU_SECONDS);
}

void watchdog_leave(lua_State *L)
{
    if (--watch.depth > 0)
        return;
    watch.L = NULL;
    if (watch.fired) {
        watch.fired = 0;
        if (lua_gethook(L) == overrun_hook)
            lua_sethook(L, NULL, 0, 0);
    }
}

void watchdog_unhook(lua_State *L)
{
    if (lua_gethook(L) == overrun_hook)
        lua_sethook(L, NULL, 0, 0);
}
