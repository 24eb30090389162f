/*
 * bench_seating.c — what seating a round of an event costs and how few repeats min_repeat leaves
 * (include/ippon/event.h, src/events/README.md):
 *
 *   bench_seating [--runs 200]
 *
 * 1. Time: 64 entrants into 16 tables and 512 into 128 (4p, bots), each rule, after 5 rounds of
 *    history seated by min_repeat (the met counts) and made-up totals (swiss): --runs seatings of
 *    each with seeds 1000 … (a tenth as many at 512), each timed alone with the process's CPU clock;
 *    prints p50 and max ms of CPU time and the repeats (mean, max). Then min_repeat where every
 *    pair has met (no seating can be without repeats, so the search spends its whole budget):
 *    the worst case's time.
 * 2. Repeats: 6 rounds seated by min_repeat, each with the met counts of the ones before, for
 *    64 entrants (4p), 63 (3p), 16 (4p) and 512 (4p), seeds 1 … 10: the repeats of each round
 *    summed over the seeds, and the lower bound max(0, pairs seated − pairs there are) of 6 rounds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ippon/event.h"

enum { MAX = IPPON_EVENT_MAX_ENTRANTS, ROUNDS = 6, HISTORY = 5, SEEDS = 10 };

static uint8_t met[MAX * MAX];
static int ids[MAX];
static int64_t total[MAX];

/* the process's CPU time: a shared machine's preemption does not count */
static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static ippon_seating_input input(int players, ippon_seating_rule rule, int n, int seed)
{
    ippon_seating_input in = { .players = players, .rule = rule, .fill = IPPON_FILL_BOTS, .n = n, .ids = ids,
                               .total = total, .met = met };
    memcpy(in.seed, &seed, sizeof seed);
    in.seed[31] = (uint8_t)n;
    return in;
}

static void record(const ippon_seating *s, int players)
{
    for (int t = 0; t < s->tables; t++)
        for (int a = 0; a < players; a++)
            for (int b = a + 1; b < players; b++) {
                int x = s->seat[t][a], y = s->seat[t][b];
                if (x >= 0 && y >= 0) {
                    met[x * MAX + y]++;
                    met[y * MAX + x]++;
                }
            }
}

/* rounds seated by min_repeat from an empty history, repeats[r] += each round's */
static int play(int n, int players, int rounds, int seed, long repeats[])
{
    memset(met, 0, sizeof met);
    for (int r = 0; r < rounds; r++) {
        ippon_seating_input in = input(players, IPPON_SEATING_MIN_REPEAT, n, seed * 100 + r);
        ippon_seating s;
        if (ippon_seat_round(&in, &s) != 0)
            return -1;
        if (repeats)
            repeats[r] += s.repeats;
        record(&s, players);
    }
    return 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int time_rule(int n, ippon_seating_rule rule, const char *name, int runs)
{
    double *ms = malloc((size_t)runs * sizeof *ms);
    if (!ms)
        return -1;
    long repeats = 0;
    int most = 0;
    for (int i = 0; i < runs; i++) {
        ippon_seating_input in = input(4, rule, n, 1000 + i);
        ippon_seating s;
        double t0 = now_ms();
        int rc = ippon_seat_round(&in, &s);
        ms[i] = now_ms() - t0;
        if (rc != 0) {
            free(ms);
            return -1;
        }
        repeats += s.repeats;
        most = s.repeats > most ? s.repeats : most;
    }
    qsort(ms, (size_t)runs, sizeof *ms, by_value);
    printf("%4d entrants, %-28s %5d runs: p50 %8.3f ms  max %8.3f ms  repeats mean %.2f max %d\n", n, name, runs,
           ms[runs / 2], ms[runs - 1], (double)repeats / runs, most);
    free(ms);
    return 0;
}

int main(int argc, char **argv)
{
    int runs = 200;
    if (argc == 3 && strcmp(argv[1], "--runs") == 0 && atoi(argv[2]) > 0)
        runs = atoi(argv[2]);
    else if (argc != 1) {
        fprintf(stderr, "usage: bench_seating [--runs N]\n");
        return 2;
    }
    for (int i = 0; i < MAX; i++) {
        ids[i] = i;
        total[i] = (int64_t)((i * 7919u) % 1009u) * 100 - 50000;
    }

    int sizes[] = { 64, 512 };
    for (int k = 0; k < 2; k++) {
        int n = sizes[k], r = n > 64 ? (runs + 9) / 10 : runs;
        if (play(n, 4, HISTORY, 7, NULL) != 0 || time_rule(n, IPPON_SEATING_RANDOM, "random", r) != 0 ||
            time_rule(n, IPPON_SEATING_SWISS, "swiss", r) != 0 ||
            time_rule(n, IPPON_SEATING_MIN_REPEAT, "min_repeat", r) != 0) {
            fprintf(stderr, "bench_seating: a seating failed\n");
            return 1;
        }
    }
    memset(met, 1, sizeof met);
    for (int k = 0; k < 2; k++) {
        int n = sizes[k], r = n > 64 ? (runs + 9) / 10 : runs;
        if (time_rule(n, IPPON_SEATING_MIN_REPEAT, "min_repeat, every pair met", r) != 0) {
            fprintf(stderr, "bench_seating: a seating failed\n");
            return 1;
        }
    }

    struct {
        int n, players;
    } runs6[] = { { 64, 4 }, { 63, 3 }, { 16, 4 }, { 512, 4 } };
    for (size_t c = 0; c < sizeof runs6 / sizeof runs6[0]; c++) {
        int n = runs6[c].n, p = runs6[c].players;
        long repeats[ROUNDS] = { 0 }, sum = 0;
        double t0 = now_ms();
        for (int seed = 1; seed <= SEEDS; seed++)
            if (play(n, p, ROUNDS, seed, repeats) != 0) {
                fprintf(stderr, "bench_seating: a seating failed\n");
                return 1;
            }
        long seated = (long)ROUNDS * ((n + p - 1) / p) * (p * (p - 1) / 2), pairs = (long)n * (n - 1) / 2;
        long bound = seated > pairs ? seated - pairs : 0;
        printf("%3d entrants %dp, %d rounds × %d seeds, repeats by round:", n, p, ROUNDS, SEEDS);
        for (int r = 0; r < ROUNDS; r++) {
            printf(" %ld", repeats[r]);
            sum += repeats[r];
        }
        printf("  (%.1f a run; lower bound %ld a run; %.1f ms a run)\n", (double)sum / SEEDS, bound,
               (now_ms() - t0) / SEEDS);
    }
    return 0;
}
