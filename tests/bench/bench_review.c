/*
 * bench_review.c — the review of one seat through a whole match (include/ippon/review.h): CPU
 * time per match, the JSON built and written out included.
 *
 *   bench_review --rules yonma|sanma|tenhou4|tenhou3|FILE.json GAMES.jsonl
 *
 * GAMES.jsonl holds tenhou.net/6 games, one per line (ippon-sim --tenhou writes them). Every
 * game is read before the clock starts; then for game i the seat i mod players is reviewed
 * (ippon_review_game + ippon_review_json + json_dumps), timed with the process's CPU clock.
 * Prints the matches, hands and decisions reviewed and p50 / p95 / max milliseconds per match.
 * Budget: p95 ≤ 200 ms (tests/bench/README.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "ippon/review.h"
#include "rules_json.h"

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc != 4 || strcmp(argv[1], "--rules") != 0) {
        fprintf(stderr, "usage: bench_review --rules NAME|FILE.json GAMES.jsonl\n");
        return 2;
    }
    char err[300];
    ippon_rules storage;
    const ippon_rules *rules = ippon_rules_resolve(argv[2], &storage, err, sizeof err);
    if (!rules) {
        fprintf(stderr, "bench_review: --rules: %s\n", err);
        return 2;
    }
    FILE *f = fopen(argv[3], "r");
    if (!f) {
        perror(argv[3]);
        return 2;
    }
    json_t **games = NULL;
    int n = 0, cap = 0;
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t len;
    while ((len = getline(&line, &line_cap, f)) > 0) {
        json_error_t jerr;
        json_t *g = json_loadb(line, (size_t)len, 0, &jerr);
        if (!g) {
            fprintf(stderr, "bench_review: %s line %d: %s\n", argv[3], n + 1, jerr.text);
            return 1;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            games = realloc(games, (size_t)cap * sizeof *games);
            if (!games)
                return 1;
        }
        games[n++] = g;
    }
    free(line);
    fclose(f);
    if (n == 0) {
        fprintf(stderr, "bench_review: no games in %s\n", argv[3]);
        return 1;
    }
    double *ms = malloc((size_t)n * sizeof *ms);
    long hands = 0, decisions = 0, bytes = 0;
    int status = ms ? 0 : 1;
    for (int i = 0; i < n && status == 0; i++) {
        double t0 = cpu_ms();
        ippon_review r;
        if (ippon_review_game(games[i], i % rules->players, rules, &r, err, sizeof err) < 0) {
            fprintf(stderr, "bench_review: game %d: %s\n", i, err);
            ippon_review_free(&r); /* what it kept before the error */
            status = 1;
            break;
        }
        json_t *out = ippon_review_json(&r);
        char *text = json_dumps(out, JSON_COMPACT);
        ms[i] = cpu_ms() - t0;
        hands += r.hands;
        decisions += r.n_decisions;
        bytes += text ? (long)strlen(text) : 0;
        free(text);
        json_decref(out);
        ippon_review_free(&r);
    }
    if (status == 0) {
        qsort(ms, (size_t)n, sizeof *ms, by_value);
        printf("review of one seat per match (%s): %d matches, %ld hands, %ld decisions, %.1f KB JSON per match\n",
               argv[2], n, hands, decisions, bytes / 1024.0 / n);
        printf("CPU ms per match: p50 %.2f  p95 %.2f  max %.2f  (budget p95 <= 200)\n", ms[n / 2],
               ms[(int)(n * 0.95)], ms[n - 1]);
    }
    for (int i = 0; i < n; i++)
        json_decref(games[i]);
    free(games);
    free(ms);
    return status;
}
