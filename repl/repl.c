#include "repl.h"

#include <lauxlib.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <signal.h>
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "listing.h"
#include "render.h"
#include "../core/referee/game_answer.h"
#include "../core/referee/rules_loader.h"
#include "../core/kernel/ask_match.h"
#include "../core/kernel/spelling.h"
#include "../core/kernel/strfmt.h"

#include "repl_internal.h"

typedef void (*CommandFn)(Repl *r, int argc, char **argv, const char *rest);

typedef struct Command {
    const char *name;
    const char *args;
    const char *help;
    CommandFn fn;
    int at_keyboard; /* a person's own at the keyboard: not a served table's console */
} Command;

static const Command *commands(void);

/* ---- output ---- */


/* A 'new' or 'load' that failed: it did not touch the game in progress. */
static void refused_keeping_game(Repl *r, const char *why)
{
    repl_error(r, "%s%s", why, r->m.loop.game ? " (the current game is unchanged)" : "");
}


/* ---- commands ---- */

static void cmd_help(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    /* Columns as wide as the longest name and arguments, so they line up. */
    int name_width = 0, args_width = 0, shown = 0;
    for (const Command *c = commands(); c->name; c++) {
        name_width = (int)strlen(c->name) > name_width ? (int)strlen(c->name) : name_width;
        args_width = (int)strlen(c->args) > args_width ? (int)strlen(c->args) : args_width;
    }
    for (const Command *c = commands(); c->name; c++)
        if ((argc < 2 && !(c->at_keyboard && r->serve)) || (argc >= 2 && strcmp(argv[1], c->name) == 0)) {
            printf("  %-*s %-*s %s\n", name_width, c->name, args_width, c->args, c->help);
            shown++;
        }
    if (argc < 2 && r->serve) {
        puts("  The people play on their own pages; the console shows what everyone sees.");
    } else if (argc < 2) {
        puts("  A legal move typed on its own is played too (such as: play 2H, or just 2H "
             "where the move is '2H').");
    } else if (!shown) {
        /* help GAME: a game's rules in short */
        char path[4096];
        if (rules_find(argv[1], r->m.rules_path, path, sizeof path) && !rules_is_path(argv[1]))
            print_rules(stdout, r->m.L, argv[1], r->m.rules_path);
        else
            repl_error(r, "unknown command '%s' ('help' lists the commands, 'games' the games)", argv[1]);
    }
}

/* rules [GAME]: a game's rules in short, the game in play's by default. */
static void cmd_rules(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    const char *name = argc > 1 ? argv[1] : r->m.loop.game ? r->m.loop.game->name : NULL;
    if (!name) {
        repl_error(r, "which game? rules GAME ('games' lists them)");
        return;
    }
    if (!print_rules(stdout, r->m.L, name, r->m.rules_path))
        r->errors++;
}

static void cmd_games(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    if (list_games(stdout, r->m.L, r->m.rules_path) != 0)
        r->errors++;
}

static void cmd_bots(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    list_bots(stdout, r->m.bots_path);
}


static void start_game(Repl *r)
{
    Game *g = r->m.loop.game;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (out) {
        /* A served table's console may be seen by all: the seed would deal
         * every hand to whoever reads it (the save keeps it). */
        if (r->serve)
            fprintf(out, "new game: %s, seats:", g->name);
        else
            fprintf(out, "new game: %s, seed %s, seats:", g->name, g->seed);
        for (int i = 1; i <= r->m.loop.nseats; i++)
            fprintf(out, "%s %d %s%s%s%s", i > 1 ? "," : "", i, r->m.loop.seats[i].name,
                    r->m.names[i][0] ? " (" : "", r->m.names[i], r->m.names[i][0] ? ")" : "");
        fputc('\n', out);
        fclose(out);
    }
    screen_announce(r, text);
    r->on_screen = -1; /* nobody yet: the first person sits down after a pass too */
    turn_forget_status(r);
    r->m.saved_moves = 0;
    turn_advance(r);
}


/* A script is told what was dropped, once it was. */
static void dropped_game(Repl *r, int unsaved)
{
    if (!r->interactive && unsaved > 0)
        printf("dropped: the game in progress, %d move%s since it was last saved\n", unsaved,
               unsaved == 1 ? "" : "s");
}

/* again: another game of the same table (rules, options, seats, people)
 * on a fresh seed; at a served table the same links, the pages following. */
static void cmd_again(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc, (void)argv, (void)rest;
    if (!repl_need_game(r) || !screen_may_drop_game(r, "start another"))
        return;
    int unsaved = r->m.loop.game->nmoves - r->m.saved_moves;
    char *why;
    if (!match_again(&r->m, &why)) {
        refused_keeping_game(r, why);
        free(why);
        return;
    }
    dropped_game(r, unsaved);
    start_game(r);
}

static void cmd_new(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    GameArgs args = {0};
    /* A served table's links are its people's seats: another game there
     * is the same table's. */
    if (r->serve && argc == 1) {
        cmd_again(r, argc, argv, rest);
        return;
    }
    if (r->serve) {
        repl_error(r, "at a served table 'new' deals another game of the same table (the same people, "
                 "seats and links), so it takes no game or options ('quit', then 'referee serve', "
                 "sets another table)");
        return;
    }
    args.default_seats_human = 1;
    char err[300];
    if (!game_args_parse(argc - 1, argv + 1, &args, err, sizeof err)) {
        repl_error(r, "%s", err);
        return;
    }
    /* As 'referee play' refuses them: at a table with people, a bot that
     * faults plays on (a forfeit would end the game with no result here),
     * and records are for 'referee run'. */
    if (args.json || args.hashes || args.shared.forfeit) {
        repl_error(r, "--json, --hashes and --on-fault go with 'referee run', not 'new' (the game was not "
                 "started)");
        return;
    }
    if (!screen_may_drop_game(r, "start another"))
        return;
    int unsaved = r->m.loop.game ? r->m.loop.game->nmoves - r->m.saved_moves : 0;
    char *why;
    const Stuck *stuck = r->m.loop.stuck;
    r->m.loop.stuck = NULL; /* what got stuck was the rescued game's */
    if (!game_args_start(&r->m, &args, &why)) {
        r->m.loop.stuck = stuck;
        refused_keeping_game(r, why);
        free(why);
        return;
    }
    match_clear_window(&r->m);
    dropped_game(r, unsaved);
    start_game(r);
}


static void cmd_show(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (!repl_need_game(r))
        return;
    int seat = argc > 1 && strcmp(argv[1], "table") == 0 ? 0 : screen_console_seat(r);
    if (argc > 1 && strcmp(argv[1], "table") != 0) {
        repl_error(r, "'show' shows your view, 'show table' what everyone sees (not '%s')", argv[1]);
        return;
    }
    render_view(stdout, r->m.loop.game->t, seat);
    turn_show_status(r, seat);
}


/* One of the moves 'moves' lists, after the gap before it. */
static void print_move(const char *move, void *ctx)
{
    const char **gap = ctx;
    printf("%s%s", *gap, move);
    *gap = "  ";
}

static void cmd_moves(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    const Ask *p;
    if (!repl_decision_due(r, &p))
        return;
    int seat = screen_console_seat(r);
    if (!seat) {
        repl_error(r, "%s", r->serve ? "the people's moves are on their pages: 'show' is the table"
                                : "no seat played by a person is to answer now");
        return;
    }
    /* The claims a person's cards make are theirs to find: an open word
     * stands for them ("bamm CARDS..."). */
    const char *gap = "";
    size_t len;
    for (const char *w = p->open; *w; w += len + (w[len] == ' ')) {
        len = strcspn(w, " ");
        printf("%s%.*s CARDS...", gap, (int)len, w);
        gap = "  ";
    }
    /* At a real deck the moves of any unknown cards are one move each:
     * "discard CARD CARD" (the first of them stands for the rest). */
    game_moves_for_people(r->m.loop.game, seat, p, print_move, &gap);
    putchar('\n');
}

/* Does any legal move of seat begin with the first word of line? */
static int begins_a_move(Game *g, int seat, const char *line)
{
    const Ask *p;
    if (game_pending(g, &p) != GAME_OK)
        return 0;
    size_t word = strcspn(line, " \t");
    size_t len;
    if (ask_open(p) && ask_open_word(p->open, line, &len))
        return 1;
    for (int i = 0; i < p->nseats; i++)
        if (p->seats[i] == seat)
            for (int k = 0; k < p->count[i]; k++) {
                const char *move = ask_move(p, p->first[i] + k);
                if (strncasecmp(move, line, word) == 0 && (move[word] == ' ' || !move[word]))
                    return 1;
            }
    return 0;
}

/* "2: bamm ..." or "Ann: bamm ...": the seat a call in a claim window is
 * from, when several people share it; 0 when the line names none. */
static int caller_of(Repl *r, const char *line, const char **rest)
{
    const char *colon = strchr(line, ':');
    const Ask *p;
    if (!colon || !r->m.loop.game || game_pending(r->m.loop.game, &p) != GAME_OK || !p->window)
        return 0;
    char who_text[32];
    size_t len = (size_t)(colon - line);
    while (len && isspace((unsigned char)line[len - 1]))
        len--;
    size_t skip = strspn(line, " \t");
    if (len <= skip || len - skip >= sizeof who_text)
        return 0;
    snprintf(who_text, sizeof who_text, "%.*s", (int)(len - skip), line + skip);
    int seat = 0;
    for (int s = 1; s <= r->m.loop.game->nseats && !seat; s++)
        if (atoi(who_text) == s || (r->m.names[s][0] && strcasecmp(r->m.names[s], who_text) == 0))
            seat = s;
    *rest = colon + 1 + strspn(colon + 1, " \t");
    return seat;
}

/* go on: the people of a claim window who have not called pass. */
static void cmd_go_on(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    const Ask *p;
    if (!repl_decision_due(r, &p))
        return;
    if (!p->window || !match_person_to_answer(&r->m)) {
        repl_error(r, "no claim window waits for a person's call: 'go on' closes one");
        return;
    }
    char *why;
    MatchAnswer a = match_close_window(&r->m, &why);
    turn_answered_with(r, a, why);
}

/* Moves of their own may begin with "play" ("play QS"): then the whole
 * line is the move, else what follows the command. */
static void cmd_play(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (argc < 2) {
        repl_error(r, "play what? 'moves' lists the legal moves");
        return;
    }
    int seat = screen_console_seat(r);
    /* 'play GAME' where no move is due means a new game, as 'referee play
     * GAME' does on the command line. */
    char path[4096];
    if (!seat && !r->serve && rules_find(argv[1], r->m.rules_path, path, sizeof path)) {
        cmd_new(r, argc, argv, rest);
        return;
    }
    const Ask *p;
    int whole = 0;
    if (seat && !game_match(r->m.loop.game, seat, rest) && game_pending(r->m.loop.game, &p) == GAME_OK)
        for (int i = 0; i < p->n && !whole; i++)
            whole = strncasecmp(ask_move(p, i), "play ", 5) == 0;
    char line[600];
    snprintf(line, sizeof line, "play %s", rest);
    turn_play(r, 0, whole ? line : rest);
}

static void cmd_undo(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    if (!repl_need_game(r))
        return;
    /* At a served table's console, which is nobody's seat: the last
     * person who moved (a mis-tap on a phone), by the same rule. */
    int seat = match_undoer(&r->m, r->serve != NULL);
    if (!seat) {
        repl_error(r, "nothing to undo: no person has moved yet");
        return;
    }
    GameStatus st = match_undo(&r->m, seat, 1);
    if (st != GAME_OK) {
        turn_report(r, st); /* refused: the answers given in an open window stand */
        return;
    }
    match_clear_window(&r->m);
    char name[64];
    if (r->serve)
        printf("undone: back before %s's last move (%d move%s played)\n",
               render_seat(seat, name, sizeof name), r->m.loop.game->nmoves,
               r->m.loop.game->nmoves == 1 ? "" : "s");
    else
        printf("undone: back before your last move (%d move%s played)\n", r->m.loop.game->nmoves,
               r->m.loop.game->nmoves == 1 ? "" : "s");
    turn_advance(r);
}

/* The bots play on after they were stopped (Ctrl-C, or the move limit). */
static void cmd_continue(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    const Ask *p;
    if (!repl_decision_due(r, &p))
        return;
    int seat = match_person_to_answer(&r->m);
    if (seat) {
        repl_error(r, "seat %d is yours to answer, not a bot's: play a move ('moves' lists them)", seat);
        return;
    }
    turn_advance(r);
}

static void cmd_log(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    if (!repl_need_game(r))
        return;
    Table *t = r->m.loop.game->t;
    int n = 20;
    if (argc > 1) {
        char *end;
        n = strcmp(argv[1], "all") == 0 ? t->log.n : (int)strtol(argv[1], &end, 10);
        if (strcmp(argv[1], "all") != 0 && (*end || n < 1)) {
            repl_error(r, "'log' takes a number of entries or 'all', not '%s'", argv[1]);
            return;
        }
    }
    render_log(stdout, t, t->log.n - n, screen_console_seat(r));
}

static void cmd_save(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    char *why;
    if (argc != 2) {
        repl_error(r, "save needs a file name: save FILE");
        return;
    }
    if (!match_save(&r->m, argv[1], &why)) {
        repl_error(r, "%s", why);
        free(why);
        return;
    }
    char shown[4096];
    printf("saved to %s (%d move%s)\n", strfmt_shown(argv[1], shown, sizeof shown), r->m.loop.game->nmoves,
           r->m.loop.game->nmoves == 1 ? "" : "s");
}

static void cmd_load(Repl *r, int argc, char **argv, const char *rest)
{
    (void)rest;
    char *why;
    if (argc != 2) {
        repl_error(r, "load needs a file name: load FILE");
        return;
    }
    char *notes;
    const Stuck *stuck = r->m.loop.stuck;
    r->m.loop.stuck = NULL;
    unsigned people = r->m.loop.game ? match_people(&r->m) : 0;
    char *before = r->serve && r->m.loop.game ? match_record(&r->m) : NULL;
    if (!match_load(&r->m, argv[1], &why, &notes)) {
        r->m.loop.stuck = stuck;
        refused_keeping_game(r, why);
        free(why);
        free(before);
        return;
    }
    int fits = !before || repl_served_load_fits(r, people, before);
    free(before);
    if (!fits) {
        free(notes);
        return;
    }
    match_clear_window(&r->m);
    char shown[4096];
    screen_announce(r, strfmt("loaded %s: %s, %d move%s replayed and checked\n%s%s",
                       strfmt_shown(argv[1], shown, sizeof shown), r->m.loop.game->name,
                       r->m.loop.game->nmoves, r->m.loop.game->nmoves == 1 ? "" : "s",
                       notes ? notes : "", notes ? "\n" : ""));
    free(notes);
    r->on_screen = -1; /* whoever loaded it is not the one to see the next hand */
    turn_forget_status(r);
    turn_advance(r);
}

static void cmd_seats(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    if (!repl_need_game(r))
        return;
    for (int i = 1; i <= r->m.loop.nseats; i++)
        printf("  seat %d: %s%s%s%s\n", i, r->m.loop.seats[i].name, r->m.names[i][0] ? ", " : "",
               r->m.names[i], seats_active(&r->m.loop.game->t->seats, i) ? "" : " (out)");
}

/* names Ann,Bob,Cy: the people's names, by seat, from now on. */
static void cmd_names(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argv;
    if (!repl_need_game(r))
        return;
    if (argc < 2) {
        repl_error(r, "names needs the names, by seat, such as: names Ann,Bob,Cy (an empty one leaves "
                 "a seat unnamed)");
        return;
    }
    char *why = NULL;
    if (!match_set_names(&r->m, rest, &why)) {
        repl_error(r, "%s", why);
        free(why);
        return;
    }
    cmd_seats(r, 1, argv, "");
}

static void cmd_quit(Repl *r, int argc, char **argv, const char *rest)
{
    (void)argc;
    (void)argv;
    (void)rest;
    if (screen_may_drop_game(r, "quit")) {
        dropped_game(r, r->m.loop.game ? r->m.loop.game->nmoves - r->m.saved_moves : 0);
        r->quit = 1;
    }
}

static const Command COMMANDS[] = {
    {"help", "[COMMAND]", "this list", cmd_help, 0},
    {"games", "", "the games and their options", cmd_games, 0},
    {"rules", "[GAME]", "a game's rules in short, and its moves", cmd_rules, 0},
    {"bots", "", "the bots a seat can be", cmd_bots, 0},
    {"new", "GAME [--seats S,..] [--seed N] [--set K=V]", "start a game", cmd_new, 0},
    {"again", "", "another game of the same table: the same game, options and people", cmd_again, 0},
    {"show", "[table]", "what you see (or what everyone sees)", cmd_show, 0},
    {"moves", "", "your legal moves", cmd_moves, 1},
    {"play", "MOVE", "play a move", cmd_play, 1},
    {"go", "on", "close a claim window: the people who have not called pass", cmd_go_on, 0},
    {"undo", "", "take back your own last move, if nothing was shown to you since", cmd_undo, 0},
    {"ruling", "pay N from A to B: WHY", "the table's own ruling, carried out and kept: a payment from one account to another, with why", repl_cmd_ruling, 0},
    {"redeal", "", "a misdeal at a real deck: back to just after the deal, for the hand to be dealt again", repl_cmd_redeal, 0},
    {"correct", "V ... | MOVE", "mistyped at a real table: the last move again with the dice as they show, or MOVE in its place", repl_cmd_correct, 0},
    {"continue", "", "let the bots play on (after Ctrl-C or the move limit)", cmd_continue, 0},
    {"log", "[N|all]", "the last N events you may know of", cmd_log, 0},
    {"seats", "", "who plays each seat", cmd_seats, 0},
    {"names", "A,B,...", "name the people, by seat (Ann,Bob,Cy)", cmd_names, 0},
    {"save", "FILE", "save the game", cmd_save, 0},
    {"load", "FILE", "load a saved game, replaying it", cmd_load, 0},
    {"links", "", "a served table's links again", repl_cmd_links, 0},
    {"nudge", "", "a served table: cue the people waited for again on their pages", repl_cmd_nudge, 0},
    {"talk", "on|off", "a served table: the table talk on the pages on or off", repl_cmd_talk, 0},
    {"qr", "N", "a served table's link for seat N as a QR code to scan (0: the watchers')", repl_cmd_links, 0},
    {"quit", "", "leave", cmd_quit, 0},
    {NULL, NULL, NULL, NULL, 0},
};

/* The command word may be a slip from, or NULL. */
static const char *nearest_command(const char *word)
{
    const char *names[sizeof COMMANDS / sizeof *COMMANDS];
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        names[i] = COMMANDS[i].name;
    return spelling_nearest(word, names, (int)(sizeof names / sizeof *names));
}

static const Command *commands(void)
{
    return COMMANDS;
}

/* ---- dispatch ---- */

static void execute(Repl *r, const char *line)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    char *argv[64];
    int argc = 0;
    for (char *save = NULL, *w = strtok_r(buf, " \t\r\n", &save); w && argc < 64;
         w = strtok_r(NULL, " \t\r\n", &save))
        argv[argc++] = w;
    if (argc == 0 || argv[0][0] == '#')
        return;
    const char *rest = line + strspn(line, " \t");
    rest += strcspn(rest, " \t");
    rest += strspn(rest, " \t");

    /* A call out of turn in a claim window: "2: bamm ...". */
    const char *call;
    int caller = r->serve ? 0 : caller_of(r, line, &call);
    if (caller) {
        const Ask *p;
        game_pending(r->m.loop.game, &p);
        int in_window = 0;
        for (int i = 0; i < p->nseats; i++)
            in_window |= p->seats[i] == caller;
        if (!in_window || !controller_is_person(&r->m.loop.seats[caller]) || match_answered(&r->m, caller))
            repl_error(r, "seat %d may not call now: the window waits for the people of seats it asks "
                     "who have not answered", caller);
        else
            turn_play(r, caller, call);
        return;
    }
    /* A legal move typed alone is played; moves win over command prefixes. */
    int seat = screen_console_seat(r);
    if (seat && game_match(r->m.loop.game, seat, line)) {
        turn_play(r, 0, line);
        return;
    }
    const Command *found = NULL;
    int matches = 0;
    size_t len = strlen(argv[0]);
    for (const Command *c = commands(); c->name; c++) {
        if (strcmp(c->name, argv[0]) == 0) {
            found = c;
            matches = 1;
            break;
        }
        if (strncmp(c->name, argv[0], len) == 0) {
            found = c;
            matches++;
        }
    }
    if (!strcmp(argv[0], "exit"))
        found = &COMMANDS[sizeof COMMANDS / sizeof *COMMANDS - 2], matches = 1;
    if (matches == 1) {
        found->fn(r, argc, argv, rest);
        return;
    }
    if (matches > 1) {
        repl_error(r, "'%s' is ambiguous: it begins several commands ('help' lists them)", argv[0]);
        return;
    }
    if (seat) {
        /* Not a command: treat it as a move, so the refusal says why (and
         * that it is no command either, unless it reads like a move). */
        r->bare = !begins_a_move(r->m.loop.game, seat, line);
        r->meant = nearest_command(argv[0]);
        turn_play(r, 0, line);
        r->bare = 0;
        r->meant = NULL;
        return;
    }
    /* Nor is it a move, as nobody is to type one: in a game, say why, for
     * someone who meant a move. */
    const Ask *p;
    GameStatus st = r->m.loop.game ? game_pending(r->m.loop.game, &p) : GAME_OK;
    const char *meant = nearest_command(argv[0]);
    if (meant) {
        repl_error(r, "unknown command '%s': did you mean '%s'? ('help' lists the commands)", argv[0], meant);
        return;
    }
    repl_error(r, "unknown command '%s' ('help' lists the commands)%s", argv[0],
          r->serve              ? "; the people play on their own pages"
          : !r->m.loop.game     ? ""
          : st == GAME_OVER ? "; nor is it a move: the game is over ('new' starts another)"
          : st == GAME_OK   ? "; nor is it a move: no seat played by a person is to answer now "
                              "('continue' lets the bots play on)"
                            : "");
}

/* ---- line editing ---- */

static Repl *completing; /* readline's callbacks take no context */

static int candidate(const char *cand, const char *line, size_t n)
{
    return strncasecmp(cand, line, n) == 0;
}

/* Completions past a command's name: the games after new, rules and
 * help, the moves after play; made once per completion. */
#define MAX_EXTRA 300
static char *extra[MAX_EXTRA];
static int nextra;

static void make_extra(Repl *r, const char *line)
{
    for (int i = 0; i < nextra; i++)
        free(extra[i]);
    nextra = 0;
    static const char *const WITH_GAME[] = {"new ", "rules ", "help "};
    for (size_t k = 0; k < sizeof WITH_GAME / sizeof *WITH_GAME; k++)
        if (strncasecmp(line, WITH_GAME[k], strlen(WITH_GAME[k])) == 0) {
            char *names[256];
            int n = game_names(r->m.rules_path, names, 256);
            for (int i = 0; i < n; i++) {
                if (nextra < MAX_EXTRA)
                    extra[nextra++] = strfmt("%s%s", WITH_GAME[k], names[i]);
                free(names[i]);
            }
        }
    const Ask *p;
    int seat = screen_console_seat(r);
    char shown[512];
    if (strncasecmp(line, "play ", 5) == 0 && seat && game_pending(r->m.loop.game, &p) == GAME_OK)
        for (int i = 0; i < p->nseats; i++)
            for (int k = p->first[i]; p->seats[i] == seat && k < p->first[i] + p->count[i]; k++)
                if (nextra < MAX_EXTRA && ask_move_shown(p, ask_move(p, k)) &&
                    game_move_for_people(r->m.loop.game, seat, ask_move(p, k), shown, sizeof shown) ==
                        ask_move(p, k))
                    extra[nextra++] = strfmt("play %s", ask_move(p, k));
}

static char *generate(const char *text, int state)
{
    static int index;
    static char prefix[512];
    static size_t plen, start;
    if (!state) {
        index = 0;
        start = (size_t)rl_point - strlen(text);
        snprintf(prefix, sizeof prefix, "%.*s", rl_point, rl_line_buffer);
        plen = strlen(prefix);
        make_extra(completing, prefix);
    }
    Repl *r = completing;
    int ncmd = (int)(sizeof COMMANDS / sizeof *COMMANDS) - 1;
    const Ask *p = NULL;
    int seat = screen_console_seat(r), slot = -1;
    if (seat && game_pending(r->m.loop.game, &p) == GAME_OK)
        for (int i = 0; i < p->nseats; i++)
            if (p->seats[i] == seat)
                slot = i;
    int nmoves = slot >= 0 ? p->count[slot] : 0;
    /* Candidates: the commands, each legal move, then those past a command. */
    while (index < ncmd + nmoves + nextra) {
        int i = index++;
        const char *cand = i < ncmd ? COMMANDS[i].name
                           : i < ncmd + nmoves ? ask_move(p, p->first[slot] + i - ncmd)
                                               : extra[i - ncmd - nmoves];
        char as_read[512];
        if (i >= ncmd && i < ncmd + nmoves &&
            (!ask_move_shown(p, cand) ||
             game_move_for_people(r->m.loop.game, seat, cand, as_read, sizeof as_read) != cand))
            continue; /* a claim the person's cards make, or a real card, is theirs to name */
        if (candidate(cand, prefix, plen) && strlen(cand) >= start)
            return strdup(cand + start);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)start;
    (void)end;
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, generate);
}

static char *prompt_text(Repl *r, char *buf, size_t size)
{
    int seat = screen_console_seat(r);
    const Ask *p;
    char kind[128]; /* the rules' words, printed: control characters as '?' */
    if (seat && game_pending(r->m.loop.game, &p) == GAME_OK)
    {
        char name[64];
        snprintf(buf, size, "%s %s (%s)> ", r->m.loop.game->name, render_seat(seat, name, sizeof name),
                 strfmt_shown(p->kind, kind, sizeof kind));
    }
    else
        snprintf(buf, size, "referee> ");
    return buf;
}

/* Ctrl-C while a script runs stops it, as in lua.c: a hook raises an error
 * at the script's next step. */
static lua_State *running_state;

static void stop_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
    luaL_error(L, "interrupted");
}

static void on_interrupt(int sig)
{
    signal(sig, SIG_DFL);
    repl_interrupted = 1;
    if (running_state)
        lua_sethook(running_state, stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

static char *history_path(void)
{
    const char *home = getenv("HOME");
    if (!home)
        return NULL;
    size_t n = strlen(home) + 32;
    char *path = malloc(n);
    snprintf(path, n, "%s/.referee_history", home);
    return path;
}

static void report_fault(SeatLoop *l, int seat, const char *why, void *ctx)
{
    Match *s = match_of(l);
    Repl *r = ctx;
    (void)r;
    fflush(stdout);
    fprintf(stderr, "seat %d's bot %s faulted (%s); it plays a random legal move\n", seat,
            bot_name(s->loop.seats[seat].bot), why);
}

static int run(lua_State *L, const char *rules_path, const char *bots_path, const GameArgs *start,
               FILE *in, int interactive, const ReplGuard *guard, const ServedConsole *console);

int repl_run(lua_State *L, const char *rules_path, const char *bots_path, const GameArgs *start,
             const ReplGuard *guard)
{
    return run(L, rules_path, bots_path, start, stdin, isatty(STDIN_FILENO), guard, NULL);
}

int repl_run_lines(lua_State *L, const char *rules_path, const char *bots_path, FILE *in)
{
    return run(L, rules_path, bots_path, NULL, in, 0, NULL, NULL);
}

int repl_run_served(lua_State *L, const char *rules_path, const char *bots_path,
                    const GameArgs *start, const ReplGuard *guard, const ServedConsole *console)
{
    return run(L, rules_path, bots_path, start, stdin, isatty(STDIN_FILENO), guard, console);
}

/* Goes on with the game the REPL before this one played, which a call
 * stuck in C stopped: from its record, without what got stuck. */
static int resume(Repl *r, const ReplGuard *guard)
{
    char *why, *notes;
    if (!match_load_text(&r->m, guard->resume, &why, &notes)) {
        repl_error(r, "the game could not be taken up again after a call got stuck: %s", why);
        free(why);
        return 0;
    }
    r->m.loop.stuck = guard->stuck;
    free(notes);
    /* (the parent said what got stuck) */
    printf("the game is taken up again after move %d\n", r->m.loop.game->nmoves);
    turn_advance(r);
    return 1;
}

static int run(lua_State *L, const char *rules_path, const char *bots_path, const GameArgs *start,
               FILE *in, int interactive, const ReplGuard *guard, const ServedConsole *console)
{
    Repl r;
    memset(&r, 0, sizeof r);
    const ReplServe *serve = console ? console->serve : NULL;
    r.serve = serve;
    match_init(&r.m, L, rules_path, bots_path);
    render_use_names((const char (*)[25])r.m.names);
    r.m.type_dice = serve ? serve->type_dice : repl_type_dice;
    r.m.type_dice_ctx = serve ? serve->ctx : &r;
    r.m.learned_words = render_first_line;
    r.in = in;
    r.m.loop.on_fault = report_fault;
    r.m.loop.fault_ctx = &r;
    r.interactive = interactive;
    if (guard) {
        r.m.loop.note = guard->note;
        r.m.rescue = guard->rescue;
    }
    completing = &r;
    char *hist = NULL;
    if (r.interactive) {
        printf("referee %s: a scriptable tabletop game referee. 'help' lists the commands, "
               "'games' the games.\n", REFEREE_VERSION);
        rl_readline_name = "referee";
        rl_attempted_completion_function = complete;
        if (serve)
            console->begin(&r);
        else
            screen_use_clock(&r);
        hist = history_path();
        if (hist)
            read_history(hist);
    }
    if (serve)
        serve->attach(&r.m, serve->ctx);
    if (guard && guard->resume) {
        resume(&r, guard);
    } else if (start) {
        char *why;
        if (!game_args_start(&r.m, start, &why)) {
            /* The command line's game: a mistake in it exits 2, as for run. */
            fprintf(stderr, "referee: %s\n", strfmt_printable(why));
            free(why);
            int usage = r.m.usage_error;
            match_close(&r.m);
            return usage ? 2 : 1;
        }
        start_game(&r);
    }
    if (serve) {
        setvbuf(in, NULL, _IONBF, 0); /* a line waiting in a buffer would not wake select */
        serve->publish(serve->ctx);
    }
    char *line = NULL;
    size_t cap = 0;
    int ends_in_a_row = 0;
    while (!r.quit) {
        char *input;
        if (r.interactive) {
            char prompt[160];
            turn_seat_who_answers(&r);
            if (r.quit)
                break;
            if (r.time_up) {
                turn_window_time_up(&r);
                continue;
            }
            r.timed_prompt = 1;
            input = readline(prompt_text(&r, prompt, sizeof prompt));
            r.timed_prompt = 0;
            if (r.time_up) {
                free(input);
                turn_window_time_up(&r);
                continue;
            }
            if (!input) {
                /* Ctrl-D: leave as 'quit' does, asking first when the game
                 * has moves no save holds. A terminal that is gone answers
                 * every read at once with the end: after a few, it ends. */
                putchar('\n');
                if (++ends_in_a_row < ENDS_BEFORE_GONE && !screen_may_drop_game(&r, "quit"))
                    continue;
                break;
            }
            ends_in_a_row = 0;
            if (*input)
                add_history(input);
        } else {
            if (console ? !console->line(&r, &line, &cap) : getline(&line, &cap, in) < 0)
                break;
            line[strcspn(line, "\r\n")] = '\0';
            input = line;
        }
        running_state = L;
        repl_interrupted = 0;
        signal(SIGINT, on_interrupt);
        r.executing = 1;
        execute(&r, input);
        r.executing = 0;
        if (r.time_up)
            turn_window_time_up(&r);
        signal(SIGINT, SIG_DFL);
        running_state = NULL;
        lua_sethook(L, NULL, 0, 0);
        if (serve)
            serve->publish(serve->ctx);
        fflush(stdout);
        if (r.interactive)
            free(input);
    }
    free(line);
    if (hist) {
        write_history(hist);
        free(hist);
    }
    match_clear_window(&r.m);
    match_close(&r.m);
    turn_forget_status(&r);
    free(r.headline);
    if (r.interactive)
        putchar('\n');
    return r.errors ? 1 : 0;
}

/* ---- the list of games ---- */

