/*
 * rating.c — the Weng–Lin Plackett–Luce rating update with ties, the choices below first at
 * their own scale (include/ippon/rating.h has the equations; this file follows them line by line).
 */
#include "ippon/rating.h"

#include <math.h>

/*
 * The parameters, chosen with tests/bench/rating_sim (3,000 matches a mode, 6 bots of each of
 * three classes) on the first 80 % of its matches only; the last 20 % is the benchmark's test:
 *   mu0 = 1500, sigma0 = 200 keep the Tenhou-like scale (a newcomer is 1500 ± 400 at two sigmas);
 *   beta = 200, tau = 1, with γ = 1 (rating.h): chosen with w = 1, where on seeds 27, 28, 29,
 *     31 the three classes' bands (median ± 2 sigma) came out disjoint and ordered in both modes
 *     (the lead compared beta 100–300 and tau 0–2 on seed 27's first 80 %; beta 150 and
 *     300 moved the 3-player log-loss by at most 0.003 on seeds 27 and 28); with w = 0.2 the
 *     standard and plain classes end 150–210 points apart at sigma ≈ 36–39;
 *   provisional_sigma = 125: a newcomer among newcomers leaves it after a median of 46–52
 *     matches (4-player) or 31–32 (3-player) for the two classes that win hands, 80 and 49 for
 *     the tsumogiri bots (seed 27), sooner among settled players (with w = 1 it was 26–28 and
 *     17–22: the places below first now tell less, so sigma falls slower);
 *   later_scale w = 0.2 (rating.h: the scale of the choices below first): chosen on seeds 1–6
 *     (3-player) and 1–4 (4-player), not the benchmark's. How well the ratings before each match
 *     predict its whole placement (the log-loss of every choice, each kind at the scale that
 *     fits it on the first 80 %, on the last 20 %; seeds 1–3 and 1–2) was, per match, 1.291,
 *     1.263, 1.252, 1.250, 1.249 at w = 1, 0.5, 0.2, 0.1, 0 in 3-player and 1.274, 1.253, 1.243,
 *     1.2415, 1.2411 in 4-player: best at 0, where second and third would not count at all. The
 *     smaller w, the less each match tells and the wider sigma stays: at 0.1 the standard and
 *     plain bands overlapped on seed 4 (3-player, 1816.6 against 1818.8); 0.2, within 0.003 of
 *     the least, kept them apart on all ten seeds;
 *   first_scale = 1.7: the update's own chance of the choice of first, exp(mu / c), is too flat
 *     for who places first; with w = 0.2 the k fitted on the first 80 % was 1.84, 1.69, 1.66,
 *     1.70, 1.76, 1.73 (3-player, seeds 1–6) and 1.74, 1.78, 1.80, 1.76 (4-player, seeds 1–4):
 *     one value for both modes, their mean (1.75) to one decimal as the log-loss is flat there;
 *   kappa as Weng and Lin's paper.
 */
const ippon_rating_params ippon_rating_defaults = {
    .mu0 = 1500.0,
    .sigma0 = 200.0,
    .beta = 200.0,
    .tau = 1.0,
    .kappa = 0.0001,
    .provisional_sigma = 125.0,
    .first_scale = 1.7,
    .later_scale = 0.2,
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
       2026-12-05): 1933.5 in 4-player (median sigma 36.8), 1901.9 in 3-player (35.8). Its sigma
       is a fixed 37 or 36, about the class's final one: known, so it moves the others as a
       settled player */
    return players == 3 ? (ippon_rating){ 1902.0, 36.0 } : (ippon_rating){ 1934.0, 37.0 };
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
    double var[IPPON_RATING_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        if (!rating_ok(seats[i].before))
            return -1;
        /* every seat drifts, a fixed one too: the others' update sees it as any opponent */
        double s = seats[i].before.sigma;
        var[i] = s * s + p->tau * p->tau;
    }
    double c = match_spread(p, var, n);
    double top = seats[0].points;
    for (int i = 1; i < n; i++)
        top = seats[i].points > top ? seats[i].points : top;
    /* a_q: 1 for the choice of first, later_scale for every later one (rating.h) */
    double a[IPPON_RATING_MAX_SEATS], e_first[IPPON_RATING_MAX_SEATS], e_later[IPPON_RATING_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        e_first[i] = exp(seats[i].before.mu / c);
        e_later[i] = exp(p->later_scale * seats[i].before.mu / c);
    }
    double big_c[IPPON_RATING_MAX_SEATS];
    int ties[IPPON_RATING_MAX_SEATS];
    for (int q = 0; q < n; q++) {
        bool first = seats[q].points == top;
        const double *e = first ? e_first : e_later;
        a[q] = first ? 1.0 : p->later_scale;
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
            double pq = (seats[q].points == top ? e_first[i] : e_later[i]) / big_c[q];
            omega += a[q] * ((q == i ? 1.0 : 0.0) - pq) / ties[q];
            delta += a[q] * a[q] * pq * (1.0 - pq) / ties[q];
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
