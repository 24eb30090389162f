/*
 * rating.h — the skill rating of a player in one mode (4-player or 3-player): a Bayesian
 * estimate of its strength, mu, with an uncertainty, sigma, updated after every ranked match.
 *
 * The model is Weng and Lin's Plackett–Luce model with ties ("A Bayesian Approximation Method
 * for Online Ranking", JMLR 12, 2011, Algorithm 4 with the ties of its section 5; the model the
 * openskill libraries call PlackettLuce), each player a team of one, with one change: each
 * choice of the ranking has its own scale a_q, 1 for the choice of first and w = later_scale
 * for every later one (the chance of the choice is exp(a_q mu / c) over those left; Ω and Δ
 * are that log-likelihood's slope and curvature in mu_i, as Weng and Lin derive theirs):
 *
 *   before the update each sigma² grows by tau² (skill drifts between matches), then
 *   c     = sqrt(Σ_i (sigma_i² + beta²))
 *   a_q   = 1 if r(q) = 1, else w                          r(s): s's place, 1 = best; ties share it
 *   C_q   = Σ_{s : r(s) ≥ r(q)} exp(a_q mu_s / c)
 *   A_q   = |{s : r(s) = r(q)}|
 *   p_i,q = exp(a_q mu_i / c) / C_q
 *   Ω_i   = (sigma_i² / c)  Σ_{q : r(q) ≤ r(i)} (a_q / A_q) ([q = i] − p_i,q)
 *   Δ_i   = γ (sigma_i² / c²) Σ_{q : r(q) ≤ r(i)} (a_q² / A_q) p_i,q (1 − p_i,q),   γ = 1
 *   mu_i  ← mu_i + Ω_i,   sigma_i² ← sigma_i² · max(1 − Δ_i, kappa)
 *
 * w = 1 is Weng and Lin's model as they give it. w < 1 says the places below first follow
 * strength less than first place does: in a one-hand match first place is who won the hand,
 * while who placed second rather than third is mostly who paid (the dealer's larger share of a
 * tsumo, the one who dealt in). In tests/bench/rating_sim, from Weng and Lin's own ratings
 * (w = 1), the scale that best fits the later choices (strict ones, first 80 % of seeds 27–30)
 * is 0.07–0.10 of the one that fits the choice of first in 3-player and 0.38–0.43 in 4-player:
 * weighted in full, those choices pull the ratings towards noise (rating.c gives the choice of w).
 *
 * γ: Weng and Lin leave it a free small positive constant; the openskill libraries default to
 * γ_i = sigma_i / c, which makes the variance step shrink as sigma³: sigma then hardly falls (a
 * bot of the simulation still had sigma ≈ 22 after ~330 matches with beta 50) and the ratings
 * stay noisy. γ = 1 is the full step of the paper's approximation; with it, tests/bench/rating_sim
 * separates its three classes of bot and its "who places first" log-loss beats Tenhou's R in
 * both modes (the README's "Ratings and ranks" has the figures).
 *
 * Places come from the match's final points: more points place better, equal points are a tie
 * (after a ron the two bystanders of a 4-player match tie; seats tied for first all take the
 * choice of first, scale 1). The placement the rules print (ties broken by seat) is not used here.
 *
 * The scale is Tenhou's familiar one: a new player starts at mu0 = 1500 with sigma0 = 200. A
 * player is provisional while its sigma is above provisional_sigma. Bots are not rated: each
 * mode's bot has a fixed rating measured by tests/bench/rating_sim (ippon_rating_bot), used for
 * the humans' update and never changed, so seats filled with bots neither inflate nor sink anyone.
 *
 * Deterministic: the same ratings and points in the same order give the same doubles, bit for
 * bit (no fast-math; the only library calls are exp and sqrt), so replaying the history of
 * ranked matches gives back exactly the stored ratings.
 */
#ifndef IPPON_RATING_H
#define IPPON_RATING_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ippon_rating {
    double mu;    /* the estimated strength */
    double sigma; /* its uncertainty (one standard deviation) */
} ippon_rating;

typedef struct ippon_rating_params {
    double mu0, sigma0;      /* a new player's rating */
    double beta;             /* the spread of one match's performance around a player's strength */
    double tau;              /* the drift added to sigma before each match */
    double kappa;            /* the least factor sigma² may shrink by in one match */
    double provisional_sigma; /* provisional while sigma > this */
    double first_scale;      /* k of ippon_rating_first_chances: a calibration fitted by rating_sim */
    double later_scale;      /* w of the update: the scale of every choice after the first (1: Weng–Lin's) */
} ippon_rating_params;

/* the parameters the service uses (rating.c; the README's "Ratings" explains their choice) */
extern const ippon_rating_params ippon_rating_defaults;

/* a new player's rating under p */
ippon_rating ippon_rating_initial(const ippon_rating_params *p);

/* whether a player with rating r is still provisional under p */
bool ippon_rating_provisional(const ippon_rating_params *p, ippon_rating r);

/* the fixed rating of the house bot in a mode of `players` players (3 or 4) */
ippon_rating ippon_rating_bot(int players);

/* one seat of a match, for the update */
typedef struct ippon_rating_seat {
    ippon_rating before;
    int32_t points; /* final points: more places better, equal is a tie */
    bool fixed;     /* a bot: its rating counts for the others as any seat's (tau included) but is not changed */
    ippon_rating after; /* set by ippon_rating_update (= before for a fixed seat) */
} ippon_rating_seat;

enum { IPPON_RATING_MAX_SEATS = 4 };

/* updates the n seats (2 … IPPON_RATING_MAX_SEATS) of one match: 0, or -1 for a bad n or rating */
int ippon_rating_update(const ippon_rating_params *p, ippon_rating_seat *seats, int n);

/*
 * The model's chance of each seat placing first (alone) against the others, from their ratings
 * alone (no tau drift): exp(k mu_i / c) / Σ_s exp(k mu_s / c), c as above, k = first_scale. The
 * update's own chance of the choice of first (k = 1) is too flat for who places first: k is
 * fitted, as Tenhou R's softmax temperature would be, on the first 80 % of rating_sim's matches
 * (other seeds than the benchmark's). out[n] sums to 1.
 */
void ippon_rating_first_chances(const ippon_rating_params *p, const ippon_rating *r, int n, double *out);

#endif
