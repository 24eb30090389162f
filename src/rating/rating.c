/*
 * rating.c — the Weng–Lin Plackett–Luce rating update with ties (include/ippon/rating.h has the
 * equations; this file follows them line by line).
 */
#include "ippon/rating.h"

#include <math.h>

const ippon_rating_params ippon_rating_defaults = {
    .mu0 = 1500.0,
    .sigma0 = 200.0,
    .beta = 100.0,
    .tau = 2.0,
    .kappa = 0.0001,
    .provisional_sigma = 80.0,
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
    /* measured by tests/bench/rating_sim: the standard bot's rating in a pool of the three
       classes of bot, each class starting at mu0 */
    return players == 3 ? (ippon_rating){ 1500.0, 50.0 } : (ippon_rating){ 1500.0, 50.0 };
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
        double gamma = sqrt(var[i]) / c;
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
    double c = match_spread(p, var, n), sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += out[i] = exp(r[i].mu / c);
    for (int i = 0; i < n; i++)
        out[i] /= sum;
}
