/* command_options: the options of run, play and tournament from tables.
 * What they share (the seed, --set, the bots' limits, what a fault does,
 * the move limit) is one table, read the same way by each; each command
 * adds a table of its own. The usage message lists both. */
#ifndef REFEREE_COMMAND_OPTIONS_H
#define REFEREE_COMMAND_OPTIONS_H

#include <stddef.h>
#include "../core/kernel/seed.h"

#define COMMAND_MAX_SETS 64

/* The options run, play and tournament share. */
typedef struct SharedArgs {
    char seed[SEED_MAX + 1]; /* as given, or drawn fresh (seed.h) */
    int have_seed;
    const char *sets[COMMAND_MAX_SETS]; /* --set NAME=VALUE, as typed */
    int nsets;
    long bot_budget;     /* instructions per bot decision, 0: the default */
    size_t bot_memory;   /* bytes per bot, 0: the default */
    size_t game_memory;  /* bytes for the whole game, rules and bots, 0: the default */
    int forfeit;         /* a faulting bot forfeits the game (else a random move) */
    long max_moves;      /* bot moves in a row before a game is stopped; 0: the default */
} SharedArgs;

/* Takes an option's value (NULL for an option without one) into the
 * command's own arguments or the shared ones; 0 with why in err. */
typedef int (*TakeOption)(void *own, SharedArgs *shared, const char *value, char *err,
                          size_t errsize);

typedef struct CommandOption {
    const char *name;    /* "--seed" */
    const char *example; /* what a value looks like ("--seed 7"); NULL: it takes none */
    TakeOption take;
} CommandOption;

/* Parses argv (after the command): the one word that is no option is the
 * game (*game), each option is looked up in own (ending with a NULL name),
 * then in the shared table. 0 with why in err. */
int command_options_parse(int argc, char **argv, const CommandOption *own, void *own_args,
                          SharedArgs *shared, const char **game, char *err, size_t errsize);
/* --max-moves's value into *out; 0 with why in err. */
int command_parse_max_moves(const char *value, long *out, char *err, size_t errsize);
/* A whole number from lo to hi into *out; 0 when text is not one. */
int command_parse_long(const char *text, long lo, long hi, long *out);

#endif
