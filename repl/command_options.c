/* command_options: the options run, play and tournament share, and the
 * reading of a command's options from its table and that one. */
#include "command_options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/kernel/spelling.h"
#include "../core/play/seat_loop.h"

int command_parse_long(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || !*text || *end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int command_parse_max_moves(const char *value, long *out, char *err, size_t errsize)
{
    if (command_parse_long(value, 1, 1000000000L, out))
        return 1;
    snprintf(err, errsize, "--max-moves takes a whole number of moves from 1 to 1000000000 "
             "(bot moves in a row before the game is stopped; default %ld), not '%s'",
             SEAT_LOOP_MAX_MOVES, value ? value : "");
    return 0;
}

static int take_seed(void *own, SharedArgs *a, const char *value, char *err, size_t errsize)
{
    (void)own;
    if (seed_problem(value)) {
        snprintf(err, errsize, "--seed '%.80s' cannot be used: %s (such as --seed 7, or leave it "
                 "out for a fresh seed nobody can guess)", value, seed_problem(value));
        return 0;
    }
    snprintf(a->seed, sizeof a->seed, "%s", value);
    a->have_seed = 1;
    return 1;
}

static int take_set(void *own, SharedArgs *a, const char *value, char *err, size_t errsize)
{
    (void)own;
    if (!strchr(value, '=') || value[0] == '=') {
        snprintf(err, errsize, "--set takes NAME=VALUE (such as --set ante=10), not '%s'", value);
        return 0;
    }
    if (a->nsets == COMMAND_MAX_SETS) {
        snprintf(err, errsize, "too many --set options (at most %d)", COMMAND_MAX_SETS);
        return 0;
    }
    a->sets[a->nsets++] = value;
    return 1;
}

static int take_bot_budget(void *own, SharedArgs *a, const char *value, char *err, size_t errsize)
{
    (void)own;
    if (command_parse_long(value, 1, 0x7fffffffL, &a->bot_budget))
        return 1;
    snprintf(err, errsize, "--bot-budget takes a positive whole number (instructions per "
             "decision), not '%s'", value);
    return 0;
}

static int take_bot_memory(void *own, SharedArgs *a, const char *value, char *err, size_t errsize)
{
    (void)own;
    long mb;
    if (command_parse_long(value, 1, 65536, &mb)) {
        a->bot_memory = (size_t)mb << 20;
        return 1;
    }
    snprintf(err, errsize, "--bot-memory takes megabytes from 1 to 65536 (what each bot may "
             "hold), not '%s'", value);
    return 0;
}

static int take_game_memory(void *own, SharedArgs *a, const char *value, char *err,
                            size_t errsize)
{
    (void)own;
    long mb;
    if (command_parse_long(value, 16, 1048576, &mb)) {
        a->game_memory = (size_t)mb << 20;
        return 1;
    }
    snprintf(err, errsize, "--game-memory takes megabytes from 16 to 1048576 (what the game's "
             "rules and every seat may hold together; default %d), not '%s'",
             SEAT_LOOP_GAME_MEMORY_MB, value);
    return 0;
}

static int take_on_fault(void *own, SharedArgs *a, const char *value, char *err, size_t errsize)
{
    (void)own;
    if (strcmp(value, "forfeit") && strcmp(value, "play-on")) {
        snprintf(err, errsize, "--on-fault takes forfeit or play-on, not '%s'", value);
        return 0;
    }
    a->forfeit = !strcmp(value, "forfeit");
    return 1;
}

static int take_max_moves(void *own, SharedArgs *a, const char *value, char *err, size_t errsize)
{
    (void)own;
    return command_parse_max_moves(value, &a->max_moves, err, errsize);
}

static const CommandOption SHARED[] = {
    {"--seed", "--seed 7", take_seed},
    {"--set", "--set NAME=VALUE", take_set},
    {"--bot-budget", "--bot-budget 50000000", take_bot_budget},
    {"--bot-memory", "--bot-memory 256", take_bot_memory},
    {"--game-memory", "--game-memory 1024", take_game_memory},
    {"--on-fault", "--on-fault forfeit", take_on_fault},
    {"--max-moves", "--max-moves 1000", take_max_moves},
    {NULL, NULL, NULL},
};

static const CommandOption *find(const CommandOption *table, const char *name)
{
    for (; table->name; table++)
        if (!strcmp(table->name, name))
            return table;
    return NULL;
}

/* "unknown option" with every option the command reads, and the one it
 * may have meant. */
static void unknown(const char *name, const CommandOption *own, char *err, size_t errsize)
{
    const CommandOption *tables[] = {own, SHARED};
    const char *names[64];
    int count = 0;
    for (int t = 0; t < 2; t++)
        for (const CommandOption *o = tables[t]; o->name && count < 64; o++)
            names[count++] = o->name;
    const char *meant = spelling_nearest(name, names, count);
    size_t n = (size_t)snprintf(err, errsize, "unknown option '%s'%s%s%s (options: ", name,
                                meant ? ": did you mean " : "", meant ? meant : "", meant ? "?" : "");
    for (int i = 0; i < count && n < errsize; i++)
        n += (size_t)snprintf(err + n, errsize - n, "%s%s", i ? ", " : "", names[i]);
    if (n < errsize)
        snprintf(err + n, errsize - n, ")");
}

int command_options_parse(int argc, char **argv, const CommandOption *own, void *own_args,
                          SharedArgs *shared, const char **game, char *err, size_t errsize)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            if (*game) {
                snprintf(err, errsize, "unexpected '%s': give one game, then options", a);
                return 0;
            }
            *game = a;
            continue;
        }
        const CommandOption *o = find(own, a);
        if (!o)
            o = find(SHARED, a);
        if (!o) {
            unknown(a, own, err, errsize);
            return 0;
        }
        const char *value = NULL;
        if (o->example) {
            if (i + 1 >= argc) {
                snprintf(err, errsize, "%s needs a value (such as %s)", a, o->example);
                return 0;
            }
            value = argv[++i];
        }
        if (!o->take(own_args, shared, value, err, errsize))
            return 0;
    }
    return 1;
}
