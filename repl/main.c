/* referee: the command line. Exit status: 0 success, 1 an error in a game
 * or its input, 2 a mistake in the command line itself. */
#include <errno.h>
#include <lauxlib.h>
#include <libgen.h>
#include <limits.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../core/lua/lua_alloc.h"
#include "../core/referee/lua_game.h"
#include "../core/kernel/home.h"
#include "../core/kernel/spelling.h"
#include "../core/kernel/strfmt.h"
#include "supervise.h"
#include "serve/serve.h"
#include "record.h"
#include "render.h"
#include "listing.h"
#include "variants.h"
#include "repl.h"
#include "game_args.h"
#include "stop_signal.h"
#include "tournament/tournament.h"
#include "tournament/standings.h"
#include "check.h"
#include "report/report.h"

/* The options, under the list of commands (cmd_help). */
static const char OPTIONS_HELP[] =
    "\n"
    "options:\n"
    "  --seats S1,S2,...   one entry per seat: human, random, or a bot (bots/NAME.lua) or path\n"
    "  --seed S            the seed, a word such as 7 (when absent: 128 fresh bits, printed)\n"
    "  --set NAME=VALUE    a game option, repeatable\n"
    "  --names A,B,...     (play) the people's names, by seat\n"
    "  --no-hot-seat       (play) one person plays every human seat: no passing the keyboard\n"
    "  --table WHAT        (play) real dice, cards or all at the table: typed as they show\n"
    "  --claim-time S      (play, serve) seconds a claim window waits before silence passes\n"
    "  --json              (run) the full-information record, one JSON object per line\n"
    "  --hashes            (run) the table's fingerprint after every move\n"
    "  --bot-budget N      instructions a bot may run per decision (default 50000000;\n"
    "                      ismcts thinks for a tenth of them)\n"
    "  --bot-memory MB     memory a bot may use (default 256)\n"
    "  --game-memory MB    memory a game's rules and every seat may use together (default 1024)\n"
    "  --on-fault WHAT     play-on (default: the seat plays a random legal move) or forfeit\n"
    "  --max-moves N       bot moves in a row before a game is stopped, no winner (default 1000000)\n"
    "\n"
    "tournament options:\n"
    "  --bots A,B,...      the bots (each sits in every seat equally often)\n"
    "  --games N           games to play (default 100)\n"
    "  --seats K           seats per game (default: as many as bots, within the game's range)\n"
    "  --seed S            the tournament's seed (default: fresh, printed; read back from --out)\n"
    "  --jobs J            worker processes (default 1)\n"
    "  --shard I/M         play only the I-th of M slices of the game list\n"
    "  --out FILE.jsonl    one JSON line per game; an existing file is resumed\n"
    "  --json              the standings as JSON lines, one per bot and a summary\n"
    "  --csv               the standings as CSV, for a spreadsheet\n"
    "  --report FILE.html  an HTML page of the standings, head to head and ratings, at the end\n"
    "\n"
    "GAME is a file name under rules/ without .lua, or a path to a rules script.\n"
    "Rules are looked for in $REFEREE_RULES (folders separated by ':'), then in the\n"
    "rules/ folder beside the referee binary, then in the installed share folder;\n"
    "bots likewise in $REFEREE_BOTS, then bots/.\n"
    "Exit status: 0 success, 1 an error in a game or its input, 2 a usage mistake.\n";

/* Run at exit: output that could not all be written (a full disk, a pipe
 * closed with SIGPIPE ignored) must not pass for success, or a script
 * would take a cut `run --json` record or standings for whole ones. */
static void check_stdout(void)
{
    int flushed = fflush(stdout) == 0;
    int err = errno;
    if (flushed && !ferror(stdout))
        return;
    fprintf(stderr, "referee: the output could not all be written%s%s\n", flushed ? "" : ": ",
            flushed ? "" : strerror(err));
    _exit(1);
}

/* The message quotes what was typed (an unknown command or option, a bad
 * value), so it is printed with any control character as '?'. */
static int usage_error(const char *fmt, const char *arg)
{
    char message[1024], shown[1024];
    snprintf(message, sizeof message, fmt, arg);
    fprintf(stderr, "referee: %s\n(referee --help shows the usage)\n",
            strfmt_shown(message, shown, sizeof shown));
    return 2;
}

/* The folders of rules (or bots): $REFEREE_RULES (or $REFEREE_BOTS), then
 * beside the binary and the installed share folder (home.h). */
static void search_path(const char *kind, const char *env_name, char *out, size_t size)
{
    home_search_path(kind, getenv(env_name), out, size);
}

static lua_State *new_state(void)
{
    lua_State *L = lua_alloc_newstate();
    if (!L) {
        fprintf(stderr, "referee: cannot create a Lua state (out of memory)\n");
        exit(1);
    }
    luaL_openlibs(L);
    luaL_requiref(L, "referee", luaopen_referee, 0);
    lua_pop(L, 1);
    return L;
}

static void report_fault(SeatLoop *l, int seat, const char *why, void *ctx)
{
    Match *s = match_of(l);
    GameArgs *args = ctx;
    if (args->json)
        record_fault(stdout, s, seat, why);
    else if (!args->hashes)
        fprintf(stderr, "seat %d's bot %s faulted (%s); it plays a random legal move\n", seat,
                bot_name(s->loop.seats[seat].bot), why);
}

static void after_step(SeatLoop *l, void *ctx)
{
    Match *s = match_of(l);
    GameArgs *args = ctx;
    if (args->json) {
        record_window(stdout, s);
        record_entries(stdout, s, s->log_shown);
        s->log_shown = s->loop.game->t->log.n;
        record_ask(stdout, s);
    }
    if (args->hashes)
        record_hash(stdout, s);
}

/* What a supervised `run` plays with (supervise.h). */
typedef struct RunArgs {
    lua_State *L;
    const char *rules, *bots;
    GameArgs *args;
} RunArgs;

static int play_run(void *ctx, StuckNote *note, const Stuck *stuck)
{
    RunArgs *r = ctx;
    lua_State *L = r->L;
    GameArgs *args = r->args;
    Match s;
    match_init(&s, L, r->rules, r->bots);
    s.loop.note = note;
    s.loop.stuck = stuck;
    s.loop.on_fault = report_fault;
    s.loop.fault_ctx = args;
    char *why;
    if (!game_args_start(&s, args, &why)) {
        fprintf(stderr, "referee: %s\n", strfmt_printable(why)); /* it may quote the rules */
        free(why);
        return s.usage_error ? 2 : 1;
    }
    for (int i = 1; i <= s.loop.nseats; i++)
        if (controller_is_person(&s.loop.seats[i])) {
            fprintf(stderr, "referee: seat %d is 'human', but 'run' plays without people: give a "
                            "bot for every seat (such as --seats random,random), or use "
                            "'referee play'\n", i);
            match_close(&s);
            return 2;
        }
    if (args->json) {
        record_start(stdout, &s);
    } else if (!args->hashes) {
        printf("%s, seed %s\n", s.loop.game->name, s.loop.game->seed);
    }
    after_step(&s.loop, args); /* the setup's log, or the first fingerprint */
    /* Ctrl-C stops the bots after the move in play: the record ends with
     * a whole line saying so. */
    s.loop.stop_request = &stop_signal_asked;
    stop_signal_catch(NULL);
    GameStatus st = seat_loop_run(&s.loop, after_step, args);
    stop_signal_release();
    int status = 0;
    if (st == GAME_OVER && s.loop.forfeited) {
        /* The faulting bot's seat loses; the others share the win. */
        if (args->json)
            record_forfeit(stdout, &s);
        else if (!args->hashes)
            printf("game over: seat %d forfeits (its bot faulted)\n", s.loop.forfeited);
    } else if (st == GAME_OVER && s.loop.interrupted) {
        if (args->json)
            record_stopped(stdout, &s);
        else if (!args->hashes)
            printf("game interrupted: %d move%s and no end: no winner\n", s.loop.game->nmoves,
                   s.loop.game->nmoves == 1 ? "" : "s");
        status = 130;
    } else if (st == GAME_OVER && s.loop.stopped) {
        if (args->json)
            record_stopped(stdout, &s);
        else if (!args->hashes)
            printf("game stopped: %d move%s and no end (the limit is --max-moves %ld): no winner\n",
                   s.loop.game->nmoves, s.loop.game->nmoves == 1 ? "" : "s", s.loop.max_moves);
    } else if (st != GAME_OVER) {
        fprintf(stderr, "referee: %s\n", s.loop.game->error ? s.loop.game->error : "the game stopped");
        status = 1;
    } else if (game_push_result(s.loop.game) != GAME_OK || lua_isnil(L, -1)) {
        fprintf(stderr, "referee: %s\n",
                s.loop.game->error ? s.loop.game->error : "the rules gave no result at the end of the game");
        lua_pop(L, 1);
        status = 1;
    } else {
        if (args->json)
            record_result(stdout, &s);
        else if (!args->hashes) {
            render_log(stdout, s.loop.game->t, 0, -1);
            render_result(stdout, L);
        }
        lua_pop(L, 1);
    }
    match_close(&s);
    return status;
}

/* One game, every seat a bot, played in a child process (supervise.h): a
 * bot stuck in C past its limit is stopped and the game goes on. The seed
 * is chosen here when none is given, so a game played again is the same. */
static int run_game(lua_State *L, const char *rules, const char *bots, GameArgs *args)
{
    game_args_choose_seed(args);
    RunArgs r = {L, rules, bots, args};
    return supervise(play_run, &r, NULL, stdout, stderr);
}

/* The REPL, in a child process (supervise.h): a call stuck in C stops the
 * child, and the game goes on in the next. */
typedef struct ReplArgs {
    lua_State *L;
    const char *rules, *bots;
    const GameArgs *start;
} ReplArgs;

static int play_repl(void *ctx, const ReplGuard *guard)
{
    ReplArgs *r = ctx;
    return repl_run(r->L, r->rules, r->bots, r->start, guard);
}

static int replay_file(lua_State *L, const char *rules, const char *bots, const char *path)
{
    Match s;
    match_init(&s, L, rules, bots);
    char *why;
    if (!match_load(&s, path, &why, NULL)) {
        char shown[1024];
        fprintf(stderr, "referee: %s: %s\n", strfmt_shown(path, shown, sizeof shown),
                strfmt_printable(why));
        free(why);
        return 1;
    }
    char shown[1024];
    printf("%s: %s, seed %s, %d move%s replayed; every move legal and the final table "
           "matches the save\n", strfmt_shown(path, shown, sizeof shown), s.loop.game->name,
           s.loop.game->seed, s.loop.game->nmoves, s.loop.game->nmoves == 1 ? "" : "s");
    match_close(&s);
    return 0;
}

/* What every command is given: its arguments after its name, and the
 * folders of rules and bots. */
typedef struct Invocation {
    int argc;
    char **argv;
    const char *rules, *bots;
} Invocation;

static int cmd_games(const Invocation *in)
{
    if (in->argc != 0)
        return usage_error("%s", "games takes no arguments");
    lua_State *L = new_state();
    int status = list_games(stdout, L, in->rules);
    lua_alloc_close(L);
    return status;
}

static int cmd_bots(const Invocation *in)
{
    if (in->argc != 0)
        return usage_error("%s", "bots takes no arguments");
    return list_bots(stdout, in->bots);
}

/* play and run read the same options (game_args_parse). */
static int game_args(const Invocation *in, const char *cmd, GameArgs *args)
{
    char err[300];
    memset(args, 0, sizeof *args);
    args->default_seats_human = !strcmp(cmd, "play");
    if (!game_args_parse(in->argc, in->argv, args, err, sizeof err))
        return usage_error("%s", err);
    if (!args->game)
        return usage_error("%s needs a game: such as 'referee run fixture' ('referee games' "
                           "lists them)", cmd);
    return 0;
}

static int cmd_play(const Invocation *in)
{
    GameArgs args;
    int status = game_args(in, "play", &args);
    if (status)
        return status;
    if (args.json || args.hashes || args.shared.forfeit)
        return usage_error("%s", "--json, --hashes and --on-fault go with 'run', not 'play'");
    lua_State *L = new_state();
    ReplArgs ra = {L, in->rules, in->bots, &args};
    status = supervise_repl(play_repl, &ra);
    lua_alloc_close(L);
    return status;
}

static int cmd_serve(const Invocation *in)
{
    lua_State *L = new_state();
    int status = serve_run(L, in->rules, in->bots, in->argc, in->argv);
    lua_alloc_close(L);
    return status;
}

static int cmd_run(const Invocation *in)
{
    GameArgs args;
    int status = game_args(in, "run", &args);
    if (status)
        return status;
    if (args.table_dice || args.table_cards || args.table_all)
        return usage_error("%s", "--table goes with 'play': at a table with real dice or cards, "
                                 "people play");
    if (args.claim_time_given)
        return usage_error("%s", "--claim-time goes with 'play' and 'serve': 'run' seats no people, "
                                 "and bots answer a claim window at once");
    if (args.names || args.no_hot_seat)
        return usage_error("%s", args.names ? "--names goes with 'play': 'run' seats no people to "
                                              "name (its bots are named by --seats)"
                                            : "--no-hot-seat goes with 'play': 'run' seats no "
                                              "people");
    lua_State *L = new_state();
    status = run_game(L, in->rules, in->bots, &args);
    lua_alloc_close(L);
    return status;
}

/* tournament --report: the page of its standings, without recorded games. */
static int write_tournament_report(const Tally *y, const char *path, char **err)
{
    return report_write(y, NULL, 0, path, err);
}

static int cmd_tournament(const Invocation *in)
{
    TourArgs t;
    char terr[400];
    if (!tour_parse(in->argc, in->argv, &t, terr, sizeof terr)) {
        for (int i = 0; i < t.nbots; i++)
            free(t.bots[i]);
        return usage_error("%s", terr);
    }
    t.write_report = write_tournament_report;
    lua_State *L = new_state();
    int status = tour_run(L, in->rules, in->bots, &t);
    lua_alloc_close(L);
    for (int i = 0; i < t.nbots; i++)
        free(t.bots[i]);
    return status;
}

static int cmd_merge(const Invocation *in)
{
    /* --json or --csv, anywhere among the files, asks for the standings as
     * JSON lines or CSV. */
    int format = STANDINGS_TABLE, nfiles = 0;
    for (int i = 0; i < in->argc; i++) {
        int f = !strcmp(in->argv[i], "--json") ? STANDINGS_JSON
                : !strcmp(in->argv[i], "--csv") ? STANDINGS_CSV : STANDINGS_TABLE;
        if (f != STANDINGS_TABLE && format != STANDINGS_TABLE && f != format)
            return usage_error("%s", "give one of --json and --csv: the standings are printed one way");
        if (f != STANDINGS_TABLE)
            format = f;
        else
            in->argv[nfiles++] = in->argv[i];
    }
    if (nfiles == 0)
        return usage_error("%s", "merge takes the tournament files to combine: referee merge [--json|--csv] A.jsonl B.jsonl ...");
    return tour_merge(nfiles, in->argv, format);
}

static int cmd_diff(const Invocation *in)
{
    if (in->argc != 1)
        return usage_error("%s", "diff takes one variant: referee diff bamboozled-dice-more-strikes");
    lua_State *L = new_state();
    int status = print_variant_diff(stdout, L, in->argv[0], in->rules);
    lua_alloc_close(L);
    if (status == 2)
        fputs("(referee games lists the games and marks the variants)\n", stderr);
    return status;
}

static int cmd_report(const Invocation *in)
{
    lua_State *L = new_state();
    int status = report_command(L, in->rules, in->argc, in->argv);
    lua_alloc_close(L);
    return status;
}

static int cmd_check(const Invocation *in)
{
    lua_State *L = new_state();
    int status = check_command(L, in->rules, in->bots, in->argc, in->argv);
    lua_alloc_close(L);
    return status;
}

static int cmd_replay(const Invocation *in)
{
    if (in->argc != 1)
        return usage_error("%s", "replay takes one saved game file: referee replay FILE");
    lua_State *L = new_state();
    int status = replay_file(L, in->rules, in->bots, in->argv[0]);
    lua_alloc_close(L);
    return status;
}

static int cmd_help(const Invocation *in);

static int cmd_version(const Invocation *in)
{
    (void)in;
    printf("referee %s (%s)\n", REFEREE_VERSION, LUA_RELEASE);
    return 0;
}

/* Every command: the help's list and the dispatch are made from it. */
static const struct Command {
    const char *name, *alias, *arguments, *summary;
    int (*run)(const Invocation *in);
} COMMANDS[] = {
    {"games", NULL, "", "games and variants, with their options", cmd_games},
    {"diff", NULL, "VARIANT", "what a house-rule variant changes against its base", cmd_diff},
    {"bots", NULL, "", "the bots, each in a sentence", cmd_bots},
    {"play", NULL, "GAME [opts]", "start GAME at the REPL (people and bots)", cmd_play},
    {"serve", NULL, "GAME [opts] [--listen A:P]", "a table where each person plays on their own page", cmd_serve},
    {"run", NULL, "GAME [opts]", "one game, every seat a bot, no person needed", cmd_run},
    {"tournament", NULL, "GAME [opts]", "many games between bots; standings", cmd_tournament},
    {"merge", NULL, "[--json|--csv] FILE...", "combine tournament shards into one standings", cmd_merge},
    {"replay", NULL, "FILE", "replay a saved game, checking every step", cmd_replay},
    {"check", NULL, "GAME [--games N] [--seed S]", "the promises every game keeps, tried over random games", cmd_check},
    {"report", NULL, "FILE... -o OUT.html [--rules FILE.lua]", "an HTML page of tournaments' standings and games' course", cmd_report},
    {"--help", "-h", "", "this text (also: help)", cmd_help},
    {"--version", "-v", "", "the version", cmd_version},
};

static int cmd_help(const Invocation *in)
{
    (void)in;
    printf("usage:\n  %-36s %s\n", "referee", "the interactive REPL");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++) {
        char line[64];
        snprintf(line, sizeof line, "referee %s%s%s", COMMANDS[i].name,
                 *COMMANDS[i].arguments ? " " : "", COMMANDS[i].arguments);
        printf("  %-36s %s\n", line, COMMANDS[i].summary);
    }
    fputs(OPTIONS_HELP, stdout);
    return 0;
}

int main(int argc, char **argv)
{
    atexit(check_stdout);
    char rules[8192], bots[8192];
    search_path("rules", "REFEREE_RULES", rules, sizeof rules);
    search_path("bots", "REFEREE_BOTS", bots, sizeof bots);
    const char *cmd = argc > 1 ? argv[1] : NULL;
    if (!cmd) {
        lua_State *L = new_state();
        ReplArgs ra = {L, rules, bots, NULL};
        int status = supervise_repl(play_repl, &ra);
        lua_alloc_close(L);
        return status;
    }
    Invocation in = {argc - 2, argv + 2, rules, bots};
    if (!strcmp(cmd, "help"))
        return cmd_help(&in);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (!strcmp(cmd, COMMANDS[i].name) || (COMMANDS[i].alias && !strcmp(cmd, COMMANDS[i].alias)))
            return COMMANDS[i].run(&in);
    const char *names[sizeof COMMANDS / sizeof *COMMANDS + 1] = {"help"};
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        names[i + 1] = COMMANDS[i].name;
    const char *meant = spelling_nearest(cmd, names, (int)(sizeof names / sizeof *names));
    char said[200];
    snprintf(said, sizeof said, "unknown command '%.80s'%s%s%s", cmd, meant ? ": did you mean '" : "",
             meant ? meant : "", meant ? "'?" : "");
    return usage_error("%s", said);
}
