/* match: a seated game, whoever its front-end is. The seat loop (the game
 * and each seat's controller) with what people add to it: their names,
 * the save kept after every answer, the record a supervisor keeps for a
 * restart, undo, a redeal, and one inbox for every answer (match_give),
 * which holds a claim window's answers until it closes. The REPL, a
 * served table's pages, `run`, tournaments and the bench start one from a
 * MatchSpec and call it; it calls none of them. */
#ifndef REFEREE_MATCH_H
#define REFEREE_MATCH_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>
#include "seat_loop.h"

/* What a match is started from: a command line's or a page's words, made
 * plain. */
typedef struct MatchSpec {
    const char *game;
    const char *seats;          /* "human,random", or NULL: the game's smallest table */
    int default_seats_human;    /* with no seats: seat 1 a person (play), else all bots (run) */
    const char *seed;           /* or NULL: drawn fresh from the operating system */
    const char *const *sets;    /* the rules' options, "NAME=VALUE" */
    int nsets;
    long bot_budget;            /* instructions per bot decision, 0: the default */
    size_t bot_memory;          /* bytes per bot, 0: the default */
    size_t game_memory;         /* bytes for the game, rules and bots, 0: the default */
    int forfeit;                /* a faulting bot forfeits (else it plays a random move) */
    long max_moves;             /* bot moves in a row before a stop, 0: the default */
    const char *names;          /* the people's names by seat, "Ann,Bob", or NULL */
    int no_hot_seat;            /* one person plays every human seat, no passing */
    int table_dice, table_cards, table_all; /* what chance is real at the table */
    long window_ms;             /* a claim window's time, 0: it waits for every person */
    int options_at;             /* or: the stack index of an options table to use instead of sets */
    int reuse_game;             /* begin on the last game of the same rules, seats and sets when
                                   it ended (match_spare.h): a tournament's, the bench's */
} MatchSpec;

typedef struct Match Match;
struct Match {
    SeatLoop loop;       /* the game and its seats' controllers */
    lua_State *L;
    const char *rules_path;
    const char *bots_path;
    char names[MAX_SEATS + 1][25];   /* the people's names, "" when none */
    int no_hot_seat;
    int usage_error;     /* the last match_start failed for a mistake in what was asked
                            (exit status 2), not in the rules or a bot */
    int log_shown;       /* log entries its front-end has shown (undo and loads reset it) */
    int window_shown;    /* the last claim window a record printed (its group) */
    int saved_moves;     /* the game's moves when it was last saved, loaded or started */
    Rescue *rescue;      /* or NULL: no record kept for a restart */
    /* Asks the table for the values of real dice (--table dice). */
    TypedDiceFn type_dice;
    void *type_dice_ctx;
    int moving_seat;     /* whose answer is being played (the dice it reads), or 0 */
    /* The open claim window's answers from people, in the order given. */
    int wn;
    int wseats[MAX_SEATS];
    char *wmoves[MAX_SEATS];
    long window_ms;      /* MatchSpec's */
    long bot_budget;     /* MatchSpec's, for another game with the same seats */
    size_t bot_memory;
    double window_opened; /* when the window now open opened (seconds, monotonic), or 0 */
    int window_group;    /* which window that was (the game's moves when it opened) */
    /* The save kept after every answer, or NULL: an answer is played only
     * once the save that holds it is on disk. */
    const char *save_path;
    char *saved_record;  /* what the save holds now (malloc'd), or NULL */
    uint64_t saved_fingerprint; /* ... as a number (match_record.c) */
    uint64_t rescued_fingerprint; /* what rescue holds, as a number */
    GameStatus after;    /* how the bots' run after the last answer ended */
    char *spare_key;     /* the game's key among spares (match_spare.h), or NULL */
    /* Says what a seat learned at log entry from (for undo's refusal): its
     * first line as the seat's screen showed it, into buf. NULL: "a
     * hidden card or die". */
    void (*learned_words)(const Table *t, int from, int seat, char *buf, size_t size);
};

/* The match whose seat loop l is (a loop's callbacks are given it). */
static inline Match *match_of(SeatLoop *l)
{
    return (Match *)((char *)l - offsetof(Match, loop));
}

void match_init(Match *m, lua_State *L, const char *rules_path, const char *bots_path);
void match_close(Match *m);
/* Lets the game go, its seats' controllers closed. */
void match_drop_game(Match *m);
/* Starts a game; 0 with the reason in *err (malloc'd), the game in
 * progress (if any) as it was. */
int match_start(Match *m, const MatchSpec *spec, char **err);
/* Another game of the same rules, options, seats, people and table, on a
 * fresh seed; 0 with why, the game in progress as it was. */
int match_again(Match *m, char **err);
/* Pushes the NAME=VALUE texts as a table of option values. */
void match_push_sets(lua_State *L, const char *const *sets, int n);
/* Names the people by seat from "Ann,Bob,Cy"; 0 with the reason in *err
 * (malloc'd), and nothing changed, on a mistake. */
int match_set_names(Match *m, const char *list, char **err);
/* Bit s set: seat s is a person's; above MAX_SEATS, how many seats. */
unsigned match_people(const Match *m);

/* ---- the record (match_record.c) ---- */

/* The game's record as a save holds it, with the people's names;
 * malloc'd, or NULL when out of memory. */
char *match_record(Match *m);
/* Replaces the game with one replayed from a saved record; 0 with the
 * reason in *err (malloc'd). With notes, *notes is set to what the person
 * should know (a saved bot that cannot be opened, so a person plays its
 * seat), one line each, malloc'd, or NULL. */
int match_load(Match *m, const char *path, char **err, char **notes);
int match_load_text(Match *m, const char *text, char **err, char **notes);
/* Writes the record to path whole or not at all (a new file, fsync,
 * rename), readable by its owner alone (the seed deals every hand). */
int match_save(Match *m, const char *path, char **err);
/* Writes the record to save_path when it changed since it was last
 * written there: MATCH_SAVE_WRITTEN when it was, 1 when it had not
 * changed (or there is no save); 0 with why when it could not be. */
#define MATCH_SAVE_WRITTEN 2
int match_keep_save(Match *m, char **err);
/* Keeps the record in rescue, if any, for a restart. */
void match_keep_rescue(Match *m);

/* ---- the inbox (match_give.c) ---- */

typedef enum MatchAnswer {
    MATCH_PLAYED,   /* played (and saved), the bots' replies after it (after says how they ended) */
    MATCH_KEPT,     /* a claim window's answer, held until every person has answered */
    MATCH_REFUSED,  /* not legal now: why says so, and nothing changed */
    MATCH_FAILED,   /* the rules failed on it: why says so, and nothing changed */
    MATCH_UNSAVED,  /* its save could not be written: it was taken back, why says so */
} MatchAnswer;

/* seat's answer text, as a person types it (the lenient words a legal
 * move is found by; a claim judged by the rules). *why (malloc'd) for a
 * refusal or a failure. */
MatchAnswer match_give(Match *m, int seat, const char *text, char **why);
/* Whether match_give would take seat's answer text, without giving it
 * (a page asks before it sends a move made of tapped cards): 1, or 0 with
 * why (malloc'd) in the words match_give would refuse it with. Nothing
 * is played; the match is as it was. */
int match_judge(Match *m, int seat, const char *text, char **why);
/* The move made for seat if its time ran out now (game_default_answer:
 * the rules' default_answer, else a pass), malloc'd; NULL for none. */
char *match_default_answer(Match *m, int seat);
/* seat's time ran out (a served table's --clock): its default answer is
 * given for it, as match_give gives a person's. *move (malloc'd): the
 * move given; refused with why when the rules make none. */
MatchAnswer match_time_up(Match *m, int seat, char **move, char **why);
/* Closes the open claim window: each person who has not answered passes
 * (silence counts as pass). MATCH_REFUSED when no window waits for a
 * person, or a seat has no pass. */
MatchAnswer match_close_window(Match *m, char **why);
/* Seconds left before the open window closes on its own, or -1 for none
 * (no window, or windows wait for every person). */
double match_window_left(Match *m);
/* Whether seat has answered in the claim window open now. */
int match_answered(const Match *m, int seat);
/* The seat played by a person who is to answer now (and has not), or 0. */
int match_person_to_answer(const Match *m);
/* Forgets the open window's answers (the game changed under them). */
void match_clear_window(Match *m);
/* The bots play until a person is to answer or the game ends (after). */
GameStatus match_run_bots(Match *m);

/* Whose move an undo takes back: the person to answer now, else the last
 * person who moved (only the latter when nobody is at the keyboard, as at
 * a served table's console); 0 when no person has moved. */
int match_undoer(const Match *m, int nobody_at_the_keyboard);
/* Undoes back to before the last move seat made. shown: whether seat's
 * screen has shown it what the table showed it since that move. */
GameStatus match_undo(Match *m, int seat, int shown);
/* A misdeal at a real deck: back to just after the last deal. *taken:
 * the moves taken back. */
GameStatus match_redeal(Match *m, int *taken);

/* The time the match's windows are measured in (seconds, monotonic). */
double match_now(void);

#endif
