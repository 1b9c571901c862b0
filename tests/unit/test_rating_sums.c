/* Rating errors over a tournament's deals (rating_sums.h): simulated
 * tournaments whose games follow a Plackett-Luce model with known
 * strengths, but whose deals repeat a game's finishing order (as
 * identical seats do, and as shared cards and dice partly do). The 95%
 * interval of a rating over deals covers the true rating 93-97% of the
 * time, where the error over games (every game taken as its own deal) covers
 * it less; with no repeats the two errors agree; a deal played again in
 * full makes the error the distinct games' own. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sim_random.h"
#include "../../repl/tournament/deals.h"
#include "../../repl/tournament/placings.h"
#include "../../repl/tournament/stats.h"

static uint64_t state = 0x2545f4914f6cdd1du;

static double uniform(void)
{
    return sim_uniform(&state);
}

/* A finishing order of the bots drawn as Plackett-Luce says: first among
 * all by strength, then first among the rest. place_of[b]: bot b's place. */
static void draw_order(int nb, const double *strength, int *place_of)
{
    int placed[8] = {0};
    for (int p = 1; p <= nb; p++) {
        double field = 0;
        for (int b = 0; b < nb; b++)
            field += placed[b] ? 0 : strength[b];
        double at = uniform() * field;
        int pick = -1;
        for (int b = 0; b < nb && pick < 0; b++)
            if (!placed[b] && (at -= strength[b]) < 0)
                pick = b;
        for (int b = nb - 1; pick < 0; b--) /* rounding: the last still unplaced */
            if (!placed[b])
                pick = b;
        placed[pick] = 1;
        place_of[pick] = p;
    }
}

typedef struct Fit {
    double rating[8], fit_error[8];
    double deal_error[8], game_error[8]; /* over deals; the games taken as independent */
} Fit;

/* One tournament of `deals` deals of nb games among nb bots, each deal's
 * lineup rotated through the seats; each game after a deal's first plays
 * the first's order again with chance `repeat`, else an order of its
 * own. Each game's order follows the model either way. */
static void tournament(int nb, const double *strength, int deals, double repeat, Fit *f)
{
    Placings *p = calloc(1, sizeof *p);
    Deals *d = calloc(1, sizeof *d);
    CHECK(p && d);
    int wins[64] = {0};
    for (int deal = 0; deal < deals; deal++) {
        int first[8];
        draw_order(nb, strength, first);
        for (int r = 0; r < nb; r++) {
            int order[8], bot[8], place[8];
            if (r > 0 && uniform() >= repeat)
                draw_order(nb, strength, order);
            else
                memcpy(order, first, sizeof order);
            unsigned won = 0;
            for (int s = 0; s < nb; s++) {
                bot[s] = (s + r) % nb;
                place[s] = order[bot[s]];
                won |= (place[s] == 1) << s;
            }
            CHECK(placings_add(p, nb, bot, place));
            CHECK(deals_add(d, (long)deal * nb + r, nb, bot, place, won));
            for (int s = 0; s < nb; s++)
                if (place[s] == 1)
                    for (int t = 0; t < nb; t++)
                        wins[bot[s] * nb + bot[t]] += t != s;
        }
    }
    deals_close_all(d);
    const RatingSums *sums = &d->by_places;
    if (nb == 2) {
        double w[4];
        for (int i = 0; i < 4; i++)
            w[i] = wins[i];
        stats_bradley_terry(2, w, f->rating, f->fit_error);
        sums = &d->by_pairs;
    } else
        placings_fit(p, nb, f->rating, f->fit_error);
    double fitted[8];
    for (int b = 0; b < nb; b++)
        fitted[b] = exp((f->rating[b] - 1500) / STATS_ELO);
    CHECK(rating_sums_errors(sums, nb, fitted, f->deal_error, f->game_error));
    deals_free(d);
    placings_free(p);
    free(d);
    free(p);
}

void test_rating_sums(void)
{
    /* Log-strengths 0.6, 0, -0.6: mean 0, as the fit's ratings are. */
    const double strength[3] = {exp(0.6), 1, exp(-0.6)};
    const double truth = 1500 + STATS_ELO * 0.6;
    int covered = 0, covered_games = 0;
    for (int t = 0; t < 1000; t++) {
        Fit f;
        tournament(3, strength, 100, 0.6, &f);
        covered += fabs(f.rating[0] - truth) <= 1.96 * f.deal_error[0];
        covered_games += fabs(f.rating[0] - truth) <= 1.96 * f.game_error[0];
    }
    if (getenv("SHOW") || covered < 930 || covered > 970 || covered_games >= 930)
        fprintf(stderr, "of 1000 tournaments the rating's interval over deals covered the true "
                        "rating %d times, over games %d\n", covered, covered_games);
    CHECK(covered >= 930 && covered <= 970);
    CHECK(covered_games < 930);

    /* Every game its own draw: the deals say what the games say. */
    double ratio = 0;
    for (int t = 0; t < 50; t++) {
        Fit f;
        tournament(3, strength, 400, 0, &f);
        ratio += f.deal_error[1] / f.game_error[1] / 50;
    }
    if (getenv("SHOW") || fabs(ratio - 1) > 0.03)
        fprintf(stderr, "independent games: the error over deals is %.3f of that over games\n", ratio);
    CHECK(fabs(ratio - 1) <= 0.03);

    /* Two seats (Bradley-Terry), each deal one game played twice: the
     * error is the distinct games', sqrt(2) of that over games. */
    const double two[2] = {exp(0.3), exp(-0.3)};
    ratio = 0;
    for (int t = 0; t < 50; t++) {
        Fit f;
        tournament(2, two, 400, 1, &f);
        ratio += f.deal_error[0] / f.game_error[0] / 50;
    }
    if (getenv("SHOW") || fabs(ratio - sqrt(2)) > 0.1)
        fprintf(stderr, "games played twice: the error over deals is %.3f of that over games\n", ratio);
    CHECK(fabs(ratio - sqrt(2)) <= 0.1);
}
