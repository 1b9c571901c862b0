/* session: one game with its seats' controllers (a person at the REPL, or
 * the built-in random seat), shared by the REPL and the command-line modes. */
#ifndef REFEREE_SESSION_H
#define REFEREE_SESSION_H

#include <lua.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include "../core/bots/bot.h"
#include "../core/bots/bot_pool.h"
#include "../core/referee/game.h"

typedef enum Controller { SEAT_HUMAN = 0, SEAT_RANDOM, SEAT_BOT } Controller;

/* Bots may play a game that never ends (in the dice game, seats that only
 * ever accept and declare the same score): after this many bot moves in a
 * row the game is stopped, no winner, rather than run until memory runs
 * out. A random BAM! game of 6 seats played to the last seat standing
 * takes up to about 60,000 moves. */
#define SESSION_MAX_MOVES 1000000L
/* The memory a whole game may hold by default, its rules and every seat
 * together (--game-memory MB): five seats at their 256 MB caps took a
 * process to 1.36 GB. */
#define SESSION_GAME_MEMORY_MB 1024

/* Where a game is, for a supervising process to learn which call a child
 * was in when it got stuck in C (watchdog.h): written before each call into
 * a bot (its seat) or the rules (seat 0), to memory the parent shares. */
typedef struct StuckNote {
    volatile int seat;
    volatile long move; /* the game's move count at the call */
    volatile long game; /* in a tournament, the game's number */
} StuckNote;

/* What earlier runs of the same game found stuck, for the game to be played
 * again without it: a bot stuck at move m is not called from move m on
 * (each decision of its seat is a fault and the seat's default, as for any
 * fault); rules stuck at move m stop the game there, its state intact. */
#define STUCK_NEVER (-1L)
#define STUCK_IN_SETUP (-2L) /* a note's move while the rules set the game up */
typedef struct Stuck {
    long bot_at[MAX_SEATS + 1]; /* or STUCK_NEVER */
    long rules_at;              /* or STUCK_NEVER, STUCK_IN_SETUP */
} Stuck;

/* The game's record as it stood before the call in progress, kept by a
 * REPL in memory its supervising parent shares: when a call gets stuck in
 * C and the process is stopped, the parent starts the REPL again on it,
 * people's moves included. */
/* None stuck. */
void stuck_none(Stuck *st);
/* Adds what the note says was stuck. */
void stuck_add(Stuck *st, const StuckNote *note);

/* The game's record as it stood before the call in progress, kept by a
 * REPL in memory its supervising parent shares, with what was found stuck
 * in it before: when a call gets stuck in C and the process is stopped,
 * the parent starts the REPL again on it, people's moves included. */
typedef struct Rescue {
    volatile size_t len; /* 0: none yet */
    volatile long moves; /* the record's move count */
    const void *game;    /* which game it is, in the REPL's own memory */
    Stuck stuck;
    size_t cap;
    char text[];
} Rescue;

typedef struct Session Session;
struct Session {
    lua_State *L;
    const char *rules_path;
    const char *bots_path;
    Game *game;          /* NULL before 'new'; anchored by game_ref */
    int game_ref;
    int nseats;
    Controller ctl[MAX_SEATS + 1];
    char *seat_names[MAX_SEATS + 1]; /* as given in --seats, for records */
    char names[MAX_SEATS + 1][25];   /* the people's names (--names), "" when none */
    int no_hot_seat;                 /* the people share the screen without passing it */
    Bot *bots[MAX_SEATS + 1];        /* the scripted bot of each SEAT_BOT seat */
    BotPool *pool;       /* where the bots come from and go back to, or NULL: opened
                            and closed with each game */
    Rng bot_base;        /* bots' decisions derive from it, seat and move number */
    int usage_error;     /* the last session_start failed for a mistake in what was asked
                            (exit status 2), not in the rules or a bot */
    int faults[MAX_SEATS + 1];
    int forfeit;         /* a faulting bot forfeits instead of playing on */
    int forfeited;       /* the seat that forfeited, or 0 */
    long max_moves;      /* bot moves in a row before a game is stopped as a draw */
    int stopped;         /* the game was stopped at max_moves: no winner */
    size_t game_memory;  /* the ceiling over the game's rules and every seat, in bytes */
    GameMemory *memory;  /* the game's count against it (malloc'd with the game), or NULL */
    /* When set and nonzero (Ctrl-C in 'run'), the bots stop before the next
     * move: s->interrupted, GAME_OVER, no winner. */
    const volatile sig_atomic_t *stop_request;
    int interrupted;
    /* Called on each bot fault (the seat then plays a random legal move). */
    void (*on_fault)(struct Session *s, int seat, const char *why, void *ctx);
    void *fault_ctx;
    int log_shown;       /* log entries already printed */
    int window_shown;    /* the last claim window a record printed (its group) */
    StuckNote *note;     /* or NULL: unsupervised */
    Rescue *rescue;      /* or NULL: no record kept for a restart */
    const Stuck *stuck;  /* or NULL: nothing found stuck before */
    /* Asks the table for the values of real dice (--table dice): the REPL's. */
    TypedDiceFn type_dice;
    void *type_dice_ctx;
};

/* A game's settings from the command line or the REPL's 'new'. */
typedef struct GameArgs {
    const char *game;
    const char *seats;   /* "human,random" or NULL */
    int default_seats_human; /* with no --seats: seat 1 human (play) or all random (run) */
    char seed[SEED_MAX + 1]; /* as given, or drawn fresh (seed.h) */
    int have_seed;
    const char *sets[64];
    int nsets;
    int json;
    int hashes;
    long bot_budget;     /* instructions per bot decision, 0: the default */
    size_t bot_memory;   /* bytes per bot, 0: the default */
    size_t game_memory;  /* bytes for the whole game, rules and bots, 0: the default */
    int forfeit;         /* a faulting bot forfeits the game (else a random move) */
    long max_moves;      /* bot moves in a row before the game is stopped; 0: the default */
    const char *names;   /* --names Ann,Bob: the people's names, by seat, or NULL */
    int no_hot_seat;     /* --no-hot-seat: one person plays every human seat, no passing */
    int table_dice;      /* --table dice: the dice are real, their values typed at the table */
    int table_cards;     /* --table cards: the deck is real, each card named as it is shown */
    int table_all;       /* --table all: dice and cards, whichever the game has */
} GameArgs;

void session_init(Session *s, lua_State *L, const char *rules_path, const char *bots_path);
/* The answer of a bot seat (built-in random or scripted) to the pending
 * decision; a faulting bot is reported and plays a random legal move, or,
 * with forfeit, NULL is returned and s->forfeited set. NULL without it,
 * the game's error saying why, when the rules' vars cannot be shown to the
 * bot (the rules failed, not the bot). */
const char *session_bot_move(Session *s, int seat);
void session_close(Session *s);
/* Parses argv-style words (after the game name) into args; 0 and a
 * message in err on a mistake. */
int session_parse_args(int argc, char **argv, GameArgs *args, char *err, size_t errsize);
/* Reads the value of --max-moves into *out; 0 and a message in err on a
 * mistake. */
int session_parse_max_moves(const char *value, long *out, char *err, size_t errsize);
/* Pushes the NAME=VALUE texts of --set as a table of option values. */
void session_push_sets(lua_State *L, const char *const *sets, int n);
/* Names the people by seat from "Ann,Bob,Cy"; 0 with the reason in *err
 * (malloc'd), and nothing changed, on a mistake. */
int session_set_names(Session *s, const char *list, char **err);
/* The game's record as a save holds it (game_record), with the people's
 * names; malloc'd, or NULL when out of memory. */
char *session_record(Session *s);
/* Starts a game; 0 with the reason in *err (malloc'd). */
int session_start(Session *s, const GameArgs *args, char **err);
/* Replaces the game with one replayed from a saved record; 0 with the
 * reason in *err (malloc'd). With notes, *notes is set to what the person
 * should know (a saved bot that cannot be opened, so a person plays its
 * seat), one line each, malloc'd, or NULL. */
int session_load(Session *s, const char *path, char **err, char **notes);
/* The same from a record's text (a rescued game). */
int session_load_text(Session *s, const char *text, char **err, char **notes);
/* Writes the game record atomically (temporary file, then rename). */
int session_save(Session *s, const char *path, char **err);
/* Before a person's move goes to the rules: notes the call for a
 * supervisor; 0, the game's error saying why, when the rules got stuck in
 * C here before (the game stands, and takes no more moves). */
int session_rules_call(Session *s);
/* Keeps the record as it stands in s->rescue, if any, for a restart: at a
 * REPL, before and after each person's move (the bots' moves after it
 * are played again from it). */
void session_keep_rescue(Session *s);
/* Is any seat asked now played by a person? */
int session_human_turn(Session *s);
/* Lets the bots answer while only bots are asked. GAME_OK when a person is
 * to answer, GAME_OVER at the end (or at a forfeit, or stopped at
 * max_moves: s->stopped), GAME_SCRIPT on a rules failure. */
GameStatus session_run_bots(Session *s, void (*after_step)(Session *, void *), void *ctx);
/* args's seed: kept when given, else drawn fresh from the operating system. */
void session_choose_seed(GameArgs *args);
/* Undoes back to before the last move a person made. */
GameStatus session_undo(Session *s, int seat);

#endif
