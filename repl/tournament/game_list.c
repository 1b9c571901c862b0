/* The list of a tournament's games: each game's seed and lineup, and the
 * identity of the list that every game line carries. */
#include "game_list.h"

#include <stdio.h>
#include <string.h>
#include "../../core/guards/script.h"
#include "../../core/kernel/limits.h"
#include "../../core/kernel/strfmt.h"

/* Game g: its deal's seed, the tournament's with "/deal" added: as hard to
 * guess as the tournament's, since the key is a hash of the whole text. */
void tour_seed_of(const TourArgs *a, long g, int k, char *out)
{
    /* It fits: a tournament's seed has at most SEED_TOURNAMENT_MAX
     * characters, and a deal number at most 9 digits. Made for every game,
     * so without snprintf (two of them were a twentieth of a game's start). */
    size_t n = strnlen(a->shared.seed, SEED_TOURNAMENT_MAX);
    memcpy(out, a->shared.seed, n);
    out[n++] = '/';
    strfmt_int(out + n, (g / k) % 1000000000L);
}

/* The tournament's identity, written in each game line: a hash of all that
 * makes its list of games (the game, seat count, seed, bots in order,
 * options, bot limits, and the text of the rules' and bots' files, loaded
 * by now; not the number of games, as game g is the same game in a run of
 * any length). Merging or resuming mixes only lines that carry the same one,
 * so shards played with other versions of a rules script or a bot are never
 * counted together. */
void tour_identity(TourArgs *a, int k)
{
    uint64_t h = 14695981039346656037ULL;
    char number[200]; /* four numbers of up to 20 digits, the seed, and a hash */
    const char *parts[TOUR_MAX_BOTS + 64 + 8];
    int n = 0;
    parts[n++] = a->game;
    snprintf(number, sizeof number, "%d %s %ld %zu %d %llx", k, a->shared.seed,
             a->shared.bot_budget, a->shared.bot_memory, a->shared.forfeit,
             (unsigned long long)script_sources_hash());
    parts[n++] = number;
    char ceiling[40]; /* only when set: the ids of earlier tournaments stay as they were */
    if (a->shared.game_memory) {
        snprintf(ceiling, sizeof ceiling, "--game-memory %zu", a->shared.game_memory >> 20);
        parts[n++] = ceiling;
    }
    for (int i = 0; i < a->nbots; i++)
        parts[n++] = a->bots[i];
    /* Lineups seated in every order round the table (table_order): games
     * of three seats or more from before it are other games. */
    if (k >= 3)
        parts[n++] = "every order round the table";
    parts[n++] = "--set";
    for (int i = 0; i < a->shared.nsets; i++)
        parts[n++] = a->shared.sets[i];
    /* Only when given, so tournaments from before --max-moves keep their id. */
    char limit[40];
    if (a->shared.max_moves) {
        snprintf(limit, sizeof limit, "--max-moves %ld", a->shared.max_moves);
        parts[n++] = limit;
    }
    for (int i = 0; i < n; i++)
        for (const char *c = parts[i];; c++) {
            h = (h ^ (unsigned char)*c) * 1099511628211ULL; /* the NUL too: a separator */
            if (!*c)
                break;
        }
    snprintf(a->id, sizeof a->id, "%016llx", (unsigned long long)h);
}

/* The order round the table of a deal's lineup: its first stays first,
 * and the others follow in the (deal mod (k-1)!)-th of their orders. Only
 * rotating one lineup would keep every bot beside the same neighbours for
 * the whole tournament, and where it sits matters: in the dice game a
 * player claims to the one after it and answers the one before, and one
 * search bot finished ahead of dice-bluffer 25% or 79% of the time by
 * that alone. Over every (k-1)! deals each bot follows each other equally
 * often. */
static void table_order(long deal, int k, int *order)
{
    int rest[MAX_SEATS], n = k - 1;
    long orders = 1;
    for (int i = 2; i <= n; i++) /* 15! at most: it fits */
        orders *= i;
    long j = deal % orders;
    for (int i = 0; i < n; i++)
        rest[i] = i + 1;
    order[0] = 0;
    for (int i = 0; i < n; i++) { /* j's digits in the factorial number system */
        long below = orders / (n - i);
        int pick = (int)(j / below);
        j %= below;
        orders = below;
        order[i + 1] = rest[pick];
        for (int m = pick; m < n - i - 1; m++)
            rest[m] = rest[m + 1];
    }
}

void tour_seats_of(const TourArgs *a, long g, int k, const char **names)
{
    long deal = g / k;
    int rot = (int)(g % k), order[MAX_SEATS];
    table_order(deal, k, order);
    for (int s = 0; s < k; s++)
        names[s] = a->bots[(deal * k + order[(s + rot) % k]) % a->nbots];
}

/* How many games make a whole round: deals turn the lineup through every
 * seat, and the deals' lineups go round the bots, so every bot sits in
 * every seat equally often in each k * nbots / gcd(k, nbots) games. */
long tour_round_games(const TourArgs *a, int k)
{
    int x = k, y = a->nbots;
    while (y) {
        int r = x % y;
        x = y;
        y = r;
    }
    return (long)k * a->nbots / x;
}
