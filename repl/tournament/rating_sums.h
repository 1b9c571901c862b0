/* rating_sums: what a rating's standard error over deals needs. A rating
 * is fitted from steps (placings.h: the bots left, and how many places
 * each took); the games of one deal share its cards and dice, so their
 * steps move the bots' scores together, and the errors come from how each
 * deal's scores spread: the cluster-robust "sandwich" H+ B H+, where B
 * sums over deals each deal's score vector times itself, H is the fit's
 * curvature (the information of the games) and H+ its inverse on ratings
 * whose mean is fixed (as the fit fixes it), with the small-sample factor
 * D/(D-1) for D deals. A deal's score for bot i is the places it took less
 * those the fitted strengths expected of it: the sum over its steps of
 * took[i] - placed x m_i g_i / (the sum of m_j g_j over the bots left).
 * The strengths are known only once every game is in, so what is kept is
 * what B expands into: per pair of bots their places taken multiplied,
 * per bot and step the places it took times the step's places, and per
 * pair of steps their places multiplied, each summed over deals. A deal
 * touches a few steps, so the pairs of steps kept are few. */
#ifndef REFEREE_RATING_SUMS_H
#define REFEREE_RATING_SUMS_H

#include "step_index.h"

/* One deal's steps, gathered before they are folded in. */
#define DEAL_MOST_STEPS 512
typedef struct DealSteps {
    double took[STEP_MAX_BOTS];   /* places each bot took in the deal */
    int step[DEAL_MOST_STEPS];    /* the steps it touched ... */
    double placed[DEAL_MOST_STEPS]; /* ... and the places taken at each */
    int n;
    int lost; /* a step that found no room: the deal is left out */
} DealSteps;

typedef struct StepPair {
    int a, b; /* a <= b; a < 0: a free slot */
    double placed2;
} StepPair;

typedef struct RatingSums {
    StepIndex steps;
    double took2[STEP_MAX_BOTS][STEP_MAX_BOTS]; /* sum over deals of took[i] x took[j] */
    double *placed;              /* [step]: of placed[step] (for H) */
    double *took_placed;         /* [step * STEP_MAX_BOTS + i]: of took[i] x placed[step] */
    int steps_cap;               /* steps placed and took_placed have room for */
    StepPair *pair;              /* of placed[a] x placed[b]: open addressing */
    long npairs, nslots;
    long deals;
    int failed; /* out of memory once: the errors are not to be trusted */
} RatingSums;

/* A step of the deal: the bots left, and the n bots that took places at
 * it, each bot[i] taking share[i] of one (share NULL: one each; a bot may
 * come twice). */
void deal_steps_add(RatingSums *r, DealSteps *d, const unsigned char *left, int n, const int *bot,
                    const double *share);
/* The deal's steps into the sums. */
void rating_sums_fold(RatingSums *r, const DealSteps *d);
/* The standard errors of the nb bots' ratings (Elo points), given their
 * fitted strengths (geometric mean 1): over deals into over_deals, and as
 * if every game were its own deal (the model's own: H+ alone) into
 * over_games (may be NULL). A bot in no step gets 0. Returns 0, filling
 * nothing, when the sums cannot give them: fewer than two deals, out of
 * memory, or ratings the games do not tie together. */
int rating_sums_errors(const RatingSums *r, int nb, const double *strength, double *over_deals,
                       double *over_games);
void rating_sums_free(RatingSums *r);

#endif
