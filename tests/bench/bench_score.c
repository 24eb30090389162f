/*
 * bench_score.c — how long full scoring of one winning hand takes (budget: ≤ 0.5 µs,
 * src/server/README.md, "Performance budgets").
 *
 *   bench_score HANDS.jsonl [SECONDS]
 *
 * Reads a JSON Lines file of hands in the oracle's input schema (for example a hand set
 * stored in tests/data/oracle/, decompressed) with the same reader as ippon-score
 * (src/tools/common/hand_json.h) into ippon_win structs; that part is not timed. Then it calls
 * ippon_score_win (ippon/score.h) on every hand, round after round, on one thread, for about
 * SECONDS seconds (default 3), and prints nanoseconds per hand: the best round and the median
 * round. Lines that do not read as a hand are counted and left out. Build it in Release and
 * pin it to a core (`taskset -c 1`); tests/bench/README.md has the full recipe.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "hand_json.h"
#include "ippon/rules.h"
#include "ippon/score.h"

static volatile int64_t sink; /* keeps the scoring from being optimised away */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* reads every hand of the file; returns the number read, or -1 on an I/O error */
static long read_hands(const char *path, ippon_hand_input **out, long *bad)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    const ippon_rules *yonma = ippon_rules_preset("yonma");
    ippon_hand_input *hands = NULL;
    long n = 0, cap = 0;
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t len;
    *bad = 0;
    while ((len = getline(&line, &line_cap, f)) >= 0) {
        if (len <= 1)
            continue;
        json_error_t jerr;
        json_t *obj = json_loadb(line, (size_t)len, 0, &jerr);
        char err[256];
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            ippon_hand_input *grown = realloc(hands, (size_t)cap * sizeof *hands);
            if (!grown) {
                fprintf(stderr, "out of memory\n");
                exit(1);
            }
            hands = grown;
        }
        if (obj && ippon_hand_from_json(obj, yonma, &hands[n], err, sizeof err) == 0)
            n++;
        else
            (*bad)++;
        json_decref(obj);
    }
    free(line);
    fclose(f);
    *out = hands;
    return n;
}

/* one round over all hands; returns its time in ns */
static double score_round(const ippon_hand_input *hands, long n, long *failures)
{
    ippon_score s;
    int64_t acc = 0;
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
        if (ippon_score_win(hands[i].rules, &hands[i].win, &s) < 0)
            (*failures)++;
        acc += s.total + s.result;
    }
    double t1 = now_ns();
    sink += acc;
    return t1 - t0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s HANDS.jsonl [SECONDS]\n", argv[0]);
        return 2;
    }
    double seconds = argc == 3 ? atof(argv[2]) : 3.0;
    if (!(seconds > 0))
        seconds = 3.0;

    ippon_hand_input *hands;
    long bad;
    long n = read_hands(argv[1], &hands, &bad);
    if (n < 0)
        return 1;
    if (n == 0) {
        fprintf(stderr, "%s: no hands\n", argv[1]);
        return 1;
    }

    long failures = 0;
    score_round(hands, n, &failures); /* warm-up: caches, branch predictors */
    long failed_hands = failures;

    enum { MAX_ROUNDS = 100000 };
    static double rounds[MAX_ROUNDS];
    int r = 0;
    double spent = 0;
    while (r < MAX_ROUNDS && (spent < seconds * 1e9 || r < 3)) {
        rounds[r] = score_round(hands, n, &failures);
        spent += rounds[r++];
    }
    qsort(rounds, (size_t)r, sizeof rounds[0], cmp_double);
    double best = rounds[0] / (double)n, median = rounds[r / 2] / (double)n;

    printf("bench_score: %s\n", argv[1]);
    printf("  hands %ld (lines not read as hands: %ld, hands the core refused: %ld)\n", n, bad, failed_hands);
    printf("  rounds %d, %.0f hands scored in %.2f s\n", r, (double)r * (double)n, spent / 1e9);
    printf("  ippon_score_win: %.1f ns per hand (best round), %.1f ns (median round)\n", best, median);
    free(hands);
    return 0;
}
