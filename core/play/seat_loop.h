/* seat_loop: one game with a controller in each seat. The loop asks the
 * seats the rules ask, each through its controller (controller.h), plays
 * their answers, and stops when a person is to answer (they answer in
 * their own time, and the caller plays their move), when the game ends, or
 * when it must be stopped: a forfeit, the move limit, an interruption, the
 * game's memory ceiling, rules stuck in C before. The REPL, the command's
 * run, tournaments, the bench and a server are its callers. */
#ifndef REFEREE_SEAT_LOOP_H
#define REFEREE_SEAT_LOOP_H

#include <lua.h>
#include <signal.h>
#include "controller.h"
#include "stuck.h"

/* Bots may play a game that never ends (in the dice game, seats that only
 * ever accept and declare the same score): after this many bot moves in a
 * row the game is stopped, no winner, rather than run until memory runs
 * out. A random BAM! game of 6 seats played to the last seat standing
 * takes up to about 60,000 moves. */
#define SEAT_LOOP_MAX_MOVES 1000000L
/* The memory a whole game may hold by default, its rules and every seat
 * together (--game-memory MB): five seats at their 256 MB caps took a
 * process to 1.36 GB. */
#define SEAT_LOOP_GAME_MEMORY_MB 1024

typedef struct SeatLoop SeatLoop;
struct SeatLoop {
    lua_State *L;
    Game *game;          /* NULL before a game is adopted; anchored by game_ref */
    int game_ref;
    int nseats;
    Controller seats[MAX_SEATS + 1];
    BotPool *pool;       /* where the bots come from and go back to, or NULL: opened
                            and closed with each game */
    Rng bot_base;        /* bots' decisions derive from it, seat and move number */
    /* Each random seat's stream, 4 bytes a move number (malloc'd at the
     * first draw, NULL before; bit s of keyed: seat s's is this game's). */
    Rng *random_seat;
    uint32_t random_seat_keyed;
    int faults[MAX_SEATS + 1];
    int forfeit;         /* a faulting bot forfeits instead of playing on */
    int forfeited;       /* the seat that forfeited, or 0 */
    long max_moves;      /* bot moves in a row before a game is stopped as a draw */
    int stopped;         /* the game was stopped at max_moves: no winner */
    size_t game_memory;  /* the ceiling over the game's rules and every seat, in bytes */
    GameMemory *memory;  /* the game's count against it (malloc'd with the game), or NULL */
    /* When set and nonzero (Ctrl-C in 'run'), the bots stop before the next
     * move: interrupted, GAME_OVER, no winner. */
    const volatile sig_atomic_t *stop_request;
    int interrupted;
    /* Called on each bot fault (the seat then plays a random legal move). */
    void (*on_fault)(SeatLoop *l, int seat, const char *why, void *ctx);
    void *fault_ctx;
    StuckNote *note;     /* or NULL: unsupervised */
    const Stuck *stuck;  /* or NULL: nothing found stuck before */
};

void seat_loop_init(SeatLoop *l, lua_State *L);
/* Gives seat n + 1 the controller word names (controller_open) and
 * counts it in *n. 0 with why in *err (malloc'd). */
int seat_loop_take_seat(SeatLoop *l, int *n, const char *word, const char *bots_path, long budget,
                        size_t memory, char **err, int *usage);
/* Makes the game on top of L's stack (popped) the loop's: its bots' streams
 * keyed from its seed, its memory counted against the ceiling. */
void seat_loop_adopt(SeatLoop *l, Game *g);
/* Lets the game go and closes every seat's controller. */
void seat_loop_drop(SeatLoop *l);

/* Is any seat asked now played by a person? */
int seat_loop_person_asked(SeatLoop *l);
/* The answer of a seat that is no person to the pending decision; a
 * faulting seat is reported and plays a random legal move, or, with
 * forfeit, NULL is returned and forfeited set. NULL without it, the game's
 * error saying why, when the rules failed (not the seat). */
const char *seat_loop_answer(SeatLoop *l, int seat);
/* Before a move goes to the rules: notes the call for a supervisor; 0, the
 * game's error saying why, when the rules got stuck in C here before (the
 * game stands, and takes no more moves). */
int seat_loop_rules_call(SeatLoop *l);
/* Plays the seats that are no person while only they are asked. GAME_OK
 * when a person is to answer, GAME_OVER at the end (or at a forfeit, or
 * stopped at max_moves: stopped; or interrupted), GAME_SCRIPT on a rules
 * failure or at the memory ceiling. after_step, if given, is called after
 * each move. */
GameStatus seat_loop_run(SeatLoop *l, void (*after_step)(SeatLoop *, void *), void *ctx);

#endif
