/*
 * bench_ratings.c — what the ratings cost (store/rating_writes.h, rating_replay.h) on a database
 * filled by bench_rankings (its matches were rated as they were stored):
 *
 *   bench_ratings --db FILE --migrations DIR [--steps 1000000] [--rounds 3]
 *
 * 1. the step alone — the rating model's update and the ladder's rank points for one match
 *    (ippon_rating_step: no SQL) — over --steps synthetic 4-player matches of three humans and a
 *    bot, best of --rounds: µs per match;
 * 2. the recompute with --check (one read snapshot) and then written (one write transaction), as
 *    `ippon admin ratings --recompute` runs it: matches replayed, players, differences, seconds,
 *    matches per second.
 * The cost of rating inside a store write (its SQL and pages included) is the difference of
 * bench_rankings' "match writes per second" between a build with ratings and one without,
 * measured in the same minute (tests/bench/README.md, "Ratings").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/rating_replay.h"
#include "store/rating_writes.h"
#include "store/store.h"

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* µs per step over n synthetic matches: players' standings carried from match to match */
static double time_steps(long n)
{
    enum { PLAYERS = 64 };
    static ippon_standing pool[PLAYERS];
    for (int i = 0; i < PLAYERS; i++)
        pool[i] = (ippon_standing){ippon_rating_initial(&ippon_rating_defaults), {0, 0}, 0};
    uint64_t x = 88172645463325252ull;
    double t0 = seconds();
    for (long k = 0; k < n; k++) {
        ippon_rated_match m = {.match_id = "bench", .mode = IPPON_MODE_4P, .players = 4};
        ippon_standing before[4], after[4];
        int32_t delta[4], seat_of[4];
        int win = (int)(k % 4), from = (int)((k + 1 + k / 4 % 3) % 4), value = 1000 * (int)(1 + k % 12);
        for (int s = 0; s < 4; s++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            seat_of[s] = (int)(x % PLAYERS);
            int32_t result = s == win ? value : s == from ? -value : 0;
            m.seats[s] = (ippon_rated_seat){s == 3 ? NULL : "human", 25000 + result, result};
            before[s] = pool[seat_of[s]];
        }
        if (ippon_rating_step(&m, before, after, delta) != 0)
            return -1;
        for (int s = 0; s < 3; s++)
            pool[seat_of[s]] = after[s];
    }
    return 1e6 * (seconds() - t0) / (double)n;
}

int main(int argc, char **argv)
{
    const char *db = NULL, *migrations = NULL;
    long steps = 1000000, rounds = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--db"))
            db = argv[i + 1];
        else if (!strcmp(argv[i], "--migrations"))
            migrations = argv[i + 1];
        else if (!strcmp(argv[i], "--steps"))
            steps = strtol(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--rounds"))
            rounds = strtol(argv[i + 1], NULL, 10);
    }
    if (!db || !migrations || steps <= 0 || rounds <= 0 || argc % 2 == 0) {
        fputs("usage: bench_ratings --db FILE --migrations DIR [--steps N] [--rounds N]\n", stderr);
        return 2;
    }
    double best = -1;
    for (long r = 0; r < rounds; r++) {
        double us = time_steps(steps);
        if (us < 0) {
            fputs("bench_ratings: the step refused a match\n", stderr);
            return 1;
        }
        if (best < 0 || us < best)
            best = us;
    }
    printf("rating step (model and ladder, no SQL): %.3f us per 4-player match (best of %ld rounds of %ld)\n", best,
           rounds, steps);

    char err[512];
    ippon_store *st;
    if (ippon_store_open(&st, db, err, sizeof err) != 0 || ippon_store_migrate(st, migrations, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "bench_ratings: %s\n", err);
        return 1;
    }
    bool modes[IPPON_MODES] = {true, true};
    for (int check = 1; check >= 0; check--) {
        ippon_replay_report rep;
        double t0 = seconds();
        if (ippon_store_ratings_recompute(st, modes, check, NULL, &rep) != 0) {
            fprintf(stderr, "bench_ratings: the recompute failed\n");
            return 1;
        }
        double took = seconds() - t0;
        printf("recompute%s: %ld matches, %ld players, %ld players and %ld history rows differ; %.2f s, %.0f matches/s\n",
               check ? " --check" : " (written)", rep.matches, rep.players, rep.players_differ, rep.rows_differ, took,
               took > 0 ? rep.matches / took : 0.0);
    }
    ippon_store_close(st);
    return 0;
}
