/* game_args: a game's settings from the command line or the REPL's 'new'
 * (play, run, serve), and the core MatchSpec they make. */
#ifndef REFEREE_GAME_ARGS_H
#define REFEREE_GAME_ARGS_H

#include <stddef.h>
#include "../core/play/match.h"
#include "command_options.h"

typedef struct GameArgs {
    const char *game;
    const char *seats;   /* "human,random" or NULL */
    int default_seats_human; /* with no --seats: seat 1 human (play) or all random (run) */
    SharedArgs shared;   /* the seed, --set, the bots' limits (command_options.h) */
    int json;
    int hashes;
    const char *names;   /* --names Ann,Bob,Cy: the people's names, by seat, or NULL */
    int no_hot_seat;     /* --no-hot-seat: one person plays every human seat, no passing */
    int table_dice;      /* --table dice: the dice are real, their values typed at the table */
    int table_cards;     /* --table cards: the deck is real, each card named as it is shown */
    int table_all;       /* --table all: dice and cards, whichever the game has */
    long window_ms;      /* --claim-time SECONDS: a claim window's time, 0: none */
    int claim_time_given;
} GameArgs;

/* Parses argv-style words (after the command) into args; 0 and a message
 * in err on a mistake. */
int game_args_parse(int argc, char **argv, GameArgs *args, char *err, size_t errsize);
/* args's seed: kept when given, else drawn fresh from the operating system. */
void game_args_choose_seed(GameArgs *args);
/* The MatchSpec args make (pointing into args). */
void game_args_spec(const GameArgs *args, MatchSpec *spec);
/* match_start with args's spec. */
int game_args_start(Match *m, const GameArgs *args, char **err);

#endif
