/*
 * rating.c — the Weng–Lin Plackett–Luce rating update with ties (include/ippon/rating.h has the
 * equations; this file follows them line by line).
 */
#include "ippon/rating.h"

#include <math.h>

/*
 * The parameters, chosen with tests/bench/rating_sim (3,000 matches a mode, 6 bots of each of
 * three classes) on the first 80 % of its matches only; the last 20 % is the benchmark's test:
 *   mu0 = 1500, sigma0 = 200 keep the Tenhou-like scale (a newcomer is 1500 ± 400 at two sigmas);
 *   beta = 200, tau = 1, with γ = 1 (rating.h): on seeds 27, 28, 29, 31 the three classes'
 *     bands (median ± 2 sigma) come out disjoint and ordered in both modes, the standard and
 *     plain classes 144–169 points apart at sigma ≈ 30, and the 4-player log-loss of who places
 *     first beats Tenhou's R (the lead compared beta 100–300 and tau 0–2 on seed 27's
 *     first 80 %; here beta 150 and 300 moved the 3-player log-loss by at most 0.003 on seeds 27
 *     and 28, and a veteran's sigma settles near 30);
 *   provisional_sigma = 125: a newcomer among newcomers leaves it after a median of 26–28
 *     matches (4-player) or 17–22 (3-player), by class, sooner among settled players;
 *   first_scale = 2.4: the update's own chance exp(mu / c) is too flat for who places first;
 *     the k fitted on the first 80 % was 2.48, 2.67, 2.64, 2.38 (4-player, seeds 27, 28, 29, 31)
 *     and 2.28, 2.29, 2.36, 2.21 (3-player); one value, their mean, as the log-loss is flat
 *     there (seed 27, 3-player: 0.6687 at 2.4, 0.6700 at its own fit, 2.28);
 *   kappa as Weng and Lin's paper.
 */
const ippon_rating_params ippon_rating_defaults = {
    .mu0 = 1500.0,
    .sigma0 = 200.0,
    .beta = 200.0,
    .tau = 1.0,
    .kappa = 0.0001,
    .provisional_sigma = 125.0,
    .first_scale = 2.4,
};

ippon_rating ippon_rating_initial(const ippon_rating_params *p)
{
    return (ippon_rating){ p->mu0, p->sigma0 };
}

bool ippon_rating_provisional(const ippon_rating_params *p, ippon_rating r)
{
    return r.sigma > p->provisional_sigma;
}

ippon_rating ippon_rating_bot(int players)
{
    /* the standard class's median mu measured by tests/bench/rating_sim (seed 27, 3,000 matches a
       mode, 6 bots of each class all starting at mu0, ippon_rating_defaults as above; run of
       2026-12-04): 1753.5 in 4-player (median sigma 29.7), 1759.2 in 3-player (30.0). Its sigma
       is a fixed 30, about the class's final one: known, so it moves the others as a settled player */
    return players == 3 ? (ippon_rating){ 1759.0, 30.0 } : (ippon_rating){ 1753.0, 30.0 };
}

static bool rating_ok(ippon_rating r)
{
    return isfinite(r.mu) && isfinite(r.sigma) && r.sigma > 0.0;
}

/* c of the header: the spread of the whole match */
static double match_spread(const ippon_rating_params *p, const double *var, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += var[i] + p->beta * p->beta;
    return sqrt(sum);
}

int ippon_rating_update(const ippon_rating_params *p, ippon_rating_seat *seats, int n)
{
    if (n < 2 || n > IPPON_RATING_MAX_SEATS)
        return -1;
    double var[IPPON_RATING_MAX_SEATS], e[IPPON_RATING_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        if (!rating_ok(seats[i].before))
            return -1;
        /* every seat drifts, a fixed one too: the others' update sees it as any opponent */
        double s = seats[i].before.sigma;
        var[i] = s * s + p->tau * p->tau;
    }
    double c = match_spread(p, var, n);
    double big_c[IPPON_RATING_MAX_SEATS];
    int ties[IPPON_RATING_MAX_SEATS];
    for (int i = 0; i < n; i++)
        e[i] = exp(seats[i].before.mu / c);
    for (int q = 0; q < n; q++) {
        /* r(s) ≥ r(q): s places no better than q, i.e. has no more points */
        big_c[q] = 0.0;
        ties[q] = 0;
        for (int s = 0; s < n; s++) {
            if (seats[s].points <= seats[q].points)
                big_c[q] += e[s];
            if (seats[s].points == seats[q].points)
                ties[q]++;
        }
    }
    for (int i = 0; i < n; i++) {
        if (seats[i].fixed) {
            seats[i].after = seats[i].before;
            continue;
        }
        double omega = 0.0, delta = 0.0;
        for (int q = 0; q < n; q++) {
            if (seats[q].points < seats[i].points)
                continue; /* only q with r(q) ≤ r(i): placed no worse than i */
            double pq = e[i] / big_c[q];
            omega += ((q == i ? 1.0 : 0.0) - pq) / ties[q];
            delta += pq * (1.0 - pq) / ties[q];
        }
        const double gamma = 1.0; /* rating.h: the full step, not openskill's sigma / c */
        double mu = seats[i].before.mu + var[i] / c * omega;
        double shrink = 1.0 - gamma * var[i] / (c * c) * delta;
        if (shrink < p->kappa)
            shrink = p->kappa;
        seats[i].after = (ippon_rating){ mu, sqrt(var[i] * shrink) };
    }
    return 0;
}

void ippon_rating_first_chances(const ippon_rating_params *p, const ippon_rating *r, int n, double *out)
{
    double var[IPPON_RATING_MAX_SEATS];
    for (int i = 0; i < n; i++)
        var[i] = r[i].sigma * r[i].sigma;
    double c = match_spread(p, var, n), sum = 0.0, top = r[0].mu;
    for (int i = 1; i < n; i++)
        top = r[i].mu > top ? r[i].mu : top;
    for (int i = 0; i < n; i++) /* less the largest mu: the same chances, and no overflow */
        sum += out[i] = exp(p->first_scale * (r[i].mu - top) / c);
    for (int i = 0; i < n; i++)
        out[i] /= sum;
}
