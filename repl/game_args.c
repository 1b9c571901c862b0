/* game_args: a game's settings as `play`, `run`, `serve` and the REPL's
 * `new` take them from a command line, made into a core MatchSpec. */
#include "game_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void game_args_choose_seed(GameArgs *args)
{
    if (!args->shared.have_seed)
        seed_fresh(args->shared.seed);
    args->shared.have_seed = 1;
}

/* --table's value: what chance is real at the table ("all": whichever of
 * dice and cards the game has). */
static int table_chance_parse(const char *value, GameArgs *args)
{
    int all = !strcmp(value, "all") || !strcmp(value, "dice,cards") || !strcmp(value, "cards,dice");
    int dice = all || !strcmp(value, "dice"), cards = all || !strcmp(value, "cards");
    args->table_dice |= dice;
    args->table_cards |= cards;
    args->table_all |= all;
    return dice || cards;
}


static int take_seats(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)err, (void)errsize;
    ((GameArgs *)own)->seats = value;
    return 1;
}

static int take_names_option(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)err, (void)errsize;
    ((GameArgs *)own)->names = value;
    return 1;
}

static int take_no_hot_seat(void *own, SharedArgs *shared, const char *value, char *err,
                            size_t errsize)
{
    (void)shared, (void)value, (void)err, (void)errsize;
    ((GameArgs *)own)->no_hot_seat = 1;
    return 1;
}

static int take_table(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared;
    if (table_chance_parse(value, own))
        return 1;
    snprintf(err, errsize, "--table takes dice (real dice, their values typed as the rules need "
             "them), cards (a real deck, each card named as it is shown) or all (both), not '%s'",
             value);
    return 0;
}

static int take_json(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)value, (void)err, (void)errsize;
    ((GameArgs *)own)->json = 1;
    return 1;
}

static int take_hashes(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)value, (void)err, (void)errsize;
    ((GameArgs *)own)->hashes = 1;
    return 1;
}

/* --claim-time SECONDS: how long a claim window stays open for the
 * people who have not answered (0: until every one has). */
static int take_claim_time(void *own, SharedArgs *shared, const char *value, char *err,
                           size_t errsize)
{
    (void)shared;
    char *end;
    double seconds = strtod(value, &end);
    if (end == value || *end || !(seconds >= 0 && seconds <= 3600)) {
        snprintf(err, errsize, "--claim-time takes the seconds a claim window stays open for the "
                 "people who have not answered, from 0 (until everyone has) to 3600, such as "
                 "--claim-time 5 (not '%s')", value);
        return 0;
    }
    ((GameArgs *)own)->window_ms = (long)(seconds * 1000 + 0.5);
    ((GameArgs *)own)->claim_time_given = 1;
    return 1;
}

/* The options of play and run (and the REPL's new), beside the shared ones. */
static const CommandOption GAME_OPTIONS[] = {
    {"--seats", "--seats human,random", take_seats},
    {"--names", "--names Ann,Bob,Cy", take_names_option},
    {"--no-hot-seat", NULL, take_no_hot_seat},
    {"--table", "--table dice", take_table},
    {"--claim-time", "--claim-time 5", take_claim_time},
    {"--json", NULL, take_json},
    {"--hashes", NULL, take_hashes},
    {NULL, NULL, NULL},
};

int game_args_parse(int argc, char **argv, GameArgs *args, char *err, size_t errsize)
{
    return command_options_parse(argc, argv, GAME_OPTIONS, args, &args->shared, &args->game, err,
                                 errsize);
}


void game_args_spec(const GameArgs *args, MatchSpec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->game = args->game;
    spec->seats = args->seats;
    spec->default_seats_human = args->default_seats_human;
    spec->seed = args->shared.have_seed ? args->shared.seed : NULL;
    spec->sets = args->shared.sets;
    spec->nsets = args->shared.nsets;
    spec->bot_budget = args->shared.bot_budget;
    spec->bot_memory = args->shared.bot_memory;
    spec->game_memory = args->shared.game_memory;
    spec->forfeit = args->shared.forfeit;
    spec->max_moves = args->shared.max_moves;
    spec->names = args->names;
    spec->no_hot_seat = args->no_hot_seat;
    spec->table_dice = args->table_dice;
    spec->table_cards = args->table_cards;
    spec->table_all = args->table_all;
    spec->window_ms = args->window_ms;
}

int game_args_start(Match *m, const GameArgs *args, char **err)
{
    MatchSpec spec;
    game_args_spec(args, &spec);
    return match_start(m, &spec, err);
}
