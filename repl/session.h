/* session: a game at the command line and the REPL: the seat loop
 * (core/play: the game and each seat's controller) with what people add to
 * it: the arguments that start it, their names, saves and loads, undo, and
 * the record a supervisor keeps for a restart. */
#ifndef REFEREE_SESSION_H
#define REFEREE_SESSION_H

#include <lua.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "../core/play/seat_loop.h"
#include "command_options.h"

typedef struct Session Session;
struct Session {
    SeatLoop loop;       /* the game and its seats' controllers */
    lua_State *L;
    const char *rules_path;
    const char *bots_path;
    char names[MAX_SEATS + 1][25];   /* the people's names (--names), "" when none */
    int no_hot_seat;                 /* the people share the screen without passing it */
    int usage_error;     /* the last session_start failed for a mistake in what was asked
                            (exit status 2), not in the rules or a bot */
    int log_shown;       /* log entries already printed */
    int window_shown;    /* the last claim window a record printed (its group) */
    Rescue *rescue;      /* or NULL: no record kept for a restart */
    /* Asks the table for the values of real dice (--table dice): the REPL's. */
    TypedDiceFn type_dice;
    void *type_dice_ctx;
};

/* The session whose seat loop l is (a loop's callbacks are given it). */
static inline Session *session_of(SeatLoop *l)
{
    return (Session *)((char *)l - offsetof(Session, loop));
}

/* A game's settings from the command line or the REPL's 'new'. */
typedef struct GameArgs {
    const char *game;
    const char *seats;   /* "human,random" or NULL */
    int default_seats_human; /* with no --seats: seat 1 human (play) or all random (run) */
    SharedArgs shared;   /* the seed, --set, the bots' limits (command_options.h) */
    int json;
    int hashes;
    const char *names;   /* --names Ann,Bob: the people's names, by seat, or NULL */
    int no_hot_seat;     /* --no-hot-seat: one person plays every human seat, no passing */
    int table_dice;      /* --table dice: the dice are real, their values typed at the table */
    int table_cards;     /* --table cards: the deck is real, each card named as it is shown */
    int table_all;       /* --table all: dice and cards, whichever the game has */
} GameArgs;

void session_init(Session *s, lua_State *L, const char *rules_path, const char *bots_path);
void session_close(Session *s);
/* Parses argv-style words (after the game name) into args; 0 and a
 * message in err on a mistake. */
int session_parse_args(int argc, char **argv, GameArgs *args, char *err, size_t errsize);
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
/* Keeps the record as it stands in s->rescue, if any, for a restart: at a
 * REPL, before and after each person's move (the bots' moves after it
 * are played again from it). */
void session_keep_rescue(Session *s);
/* args's seed: kept when given, else drawn fresh from the operating system. */
void session_choose_seed(GameArgs *args);
/* Undoes back to before the last move a person made. shown: whether
 * the screen has shown seat what the table showed it since that move
 * (at the pass prompt it has not: only what everyone sees is on it). */
GameStatus session_undo(Session *s, int seat, int shown);
/* A misdeal at a real deck: the game goes back to just after its last
 * deal (the move that dealt, and what came before it, kept; everything
 * named since forgotten), for the cards to be dealt again. *taken: the
 * moves taken back. GAME_ILLEGAL with why when there is no real deck or
 * no deal. */
GameStatus session_redeal(Session *s, int *taken);

#endif
