/* lean-loop's command line: plays the rules' games in this process, or
 * as a tournament (lean_tournament.c), and prints what was played.
 *
 * lean-loop [--tournament [--out FILE]] RULES GAMES SEATS OPTION: GAMES
 * games of RULES (a path) at SEATS random seats, the value of the rules'
 * one option OPTION. LEAN_DECISIONS=1 prints each decision. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lean.h"

int main(int argc, char **argv)
{
    const char *usage = "usage: lean-loop [--tournament [--out FILE]] RULES GAMES SEATS OPTION";
    int tournament = 0, at = 1;
    const char *out = NULL;
    if (at < argc && strcmp(argv[at], "--tournament") == 0) {
        tournament = 1;
        at++;
        if (at + 1 < argc && strcmp(argv[at], "--out") == 0) {
            out = argv[at + 1];
            at += 2;
        }
    }
    if (argc - at != 4)
        lean_fail(usage);
    Lean g = {0};
    long games = atol(argv[at + 1]);
    lua_Integer option = atoll(argv[at + 3]);
    g.nseats = atoi(argv[at + 2]);
    /* LEAN_DECISIONS=1: each decision's kind, count of moves and answer
     * printed, to compare the game with the referee's records. */
    g.print_decisions = getenv("LEAN_DECISIONS") != NULL;
    if (g.nseats < 1 || g.nseats > LEAN_MAX_SEATS)
        lean_fail("1 to 8 seats");
    lean_load(&g, argv[at], option);
    if (tournament) {
        lean_tournament(&g, games, option, out);
    } else {
        long moves = 0;
        char seed[24];
        for (long i = 1; i <= games; i++) {
            snprintf(seed, sizeof seed, "%ld", i);
            moves += lean_play(&g, seed, option);
        }
        printf("%ld games, %ld moves\n", games, moves);
    }
    lean_close(&g);
    return 0;
}
