/*
 * ippon-sim — plays bot-only matches and prints what happened.
 *
 *   ippon-sim --rules yonma|sanma|tenhou4|tenhou3|FILE.json (--matches N | --hands N) [--seed S] [--check] [--json]
 *             [--tenhou FILE] [--mjai FILE]
 *
 * --hands N plays whole matches until at least N hands have been played. Prints matches/s, hands/s, hands per match, the exhaustive-draw rate, the win and deal-in
 * rates per seat and hand, the average win (hand value without honba and sticks) and, with
 * --check, whether every invariant held after every action (tile conservation, points plus
 * sticks, legal-action refusal, every decision answerable, every match ending, results summing
 * to zero). --tenhou writes every match as a tenhou.net/6 game (one per line), --mjai as mjai
 * events (one per line). Exit status 1 when an invariant failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ippon/game_log.h"
#include "rules_json.h"
#include "ippon/selfplay.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int usage(FILE *to, int rc)
{
    fputs("usage: ippon-sim --rules yonma|sanma|tenhou4|tenhou3|FILE.json (--matches N | --hands N) [--seed S] [--check] [--json]\n"
          "                 [--tenhou FILE] [--mjai FILE]\n",
          to);
    return rc;
}

static void log_event(void *ctx, const ippon_event *ev)
{
    ippon_game_log_event(ctx, ev);
}

/* appends one match's logs to the open files */
static void write_logs(ippon_game_log *log, FILE *tenhou, FILE *mjai)
{
    if (tenhou) {
        json_t *game = ippon_game_log_tenhou(log);
        json_dumpf(game, tenhou, JSON_COMPACT);
        fputc('\n', tenhou);
        json_decref(game);
    }
    if (mjai) {
        json_t *events = ippon_game_log_mjai(log), *e;
        size_t i;
        json_array_foreach(events, i, e) {
            json_dumpf(e, mjai, JSON_COMPACT);
            fputc('\n', mjai);
        }
        json_decref(events);
    }
}

static FILE *open_out(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "ippon-sim: cannot write %s\n", path);
    return f;
}

int main(int argc, char **argv)
{
    ippon_rules rules_storage;
    const ippon_rules *rules = ippon_rules_preset("yonma");
    long matches = 1000, min_hands = 0; /* --hands: play matches until this many hands */
    uint64_t seed = 1;
    int check = 0, json = 0;
    FILE *tenhou = NULL, *mjai = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--rules") && i + 1 < argc) {
            char err[300];
            rules = ippon_rules_resolve(argv[++i], &rules_storage, err, sizeof err);
            if (!rules) {
                fprintf(stderr, "ippon-sim: --rules: %s\n", err);
                return 2;
            }
        } else if (!strcmp(a, "--matches") && i + 1 < argc) {
            char *end;
            matches = strtol(argv[++i], &end, 10);
            if (*end || matches <= 0) {
                fprintf(stderr, "ippon-sim: --matches: a positive integer\n");
                return 2;
            }
        } else if (!strcmp(a, "--hands") && i + 1 < argc) {
            char *end;
            min_hands = strtol(argv[++i], &end, 10);
            if (*end || min_hands <= 0) {
                fprintf(stderr, "ippon-sim: --hands: a positive integer\n");
                return 2;
            }
            matches = 0;
        } else if (!strcmp(a, "--seed") && i + 1 < argc) {
            char *end;
            seed = strtoull(argv[++i], &end, 10);
            if (*end) {
                fprintf(stderr, "ippon-sim: --seed: an integer\n");
                return 2;
            }
        } else if ((!strcmp(a, "--tenhou") || !strcmp(a, "--mjai")) && i + 1 < argc) {
            FILE **f = !strcmp(a, "--tenhou") ? &tenhou : &mjai;
            if (!(*f = open_out(argv[++i])))
                return 2;
        } else if (!strcmp(a, "--check")) {
            check = 1;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            return usage(stdout, 0);
        } else {
            fprintf(stderr, "ippon-sim: unknown argument '%s'\n", a);
            return usage(stderr, 2);
        }
    }
    ippon_selfplay_stats st;
    memset(&st, 0, sizeof st);
    double t0 = now();
    long failed = 0;
    for (long i = 0; min_hands ? st.hands < min_hands : i < matches; i++) {
        char subtitle[48];
        snprintf(subtitle, sizeof subtitle, "seed %llu, match %ld", (unsigned long long)seed, i);
        ippon_game_log *log = (tenhou || mjai) ? ippon_game_log_new(rules, NULL, "ippon-sim", subtitle) : NULL;
        failed += ippon_selfplay_match(rules, seed, i, check, &st, log ? log_event : NULL, log) < 0;
        if (log)
            write_logs(log, tenhou, mjai);
        ippon_game_log_free(log);
    }
    if (tenhou)
        fclose(tenhou);
    if (mjai)
        fclose(mjai);
    double secs = now() - t0;
    double seat_hands = (double)st.hands * rules->players;
    bool ok = failed == 0 && st.checks_failed == 0 && st.illegal_accepted == 0 && st.result_sum == 0;
    if (json) {
        printf("{\"rules\":\"%s\",\"matches\":%ld,\"hands\":%ld,\"seconds\":%.3f,\"matches_per_s\":%.1f,"
               "\"hands_per_s\":%.1f,\"hands_per_match\":%.3f,\"draw_rate\":%.4f,\"win_rate\":%.4f,"
               "\"deal_in_rate\":%.4f,\"average_win\":%.1f,\"riichi\":%ld,\"calls\":%ld,\"checked\":%s,"
               "\"invariants_held\":%s}\n",
               rules->name, st.matches, st.hands, secs, st.matches / secs, st.hands / secs,
               (double)st.hands / st.matches, (double)st.exhaustive_draws / st.hands, st.wins / seat_hands,
               st.deal_ins / seat_hands, st.wins ? (double)st.win_value_sum / st.wins : 0.0, st.riichi, st.calls,
               check ? "true" : "false", ok ? "true" : "false");
    } else {
        printf("rules            %s\n", rules->name);
        printf("matches          %ld in %.2f s (%.0f matches/s)\n", st.matches, secs, st.matches / secs);
        printf("hands            %ld (%.0f hands/s, %.3f per match)\n", st.hands, st.hands / secs,
               (double)st.hands / st.matches);
        printf("exhaustive draws %.2f %% of hands\n", 100.0 * st.exhaustive_draws / st.hands);
        printf("win rate         %.2f %% per seat and hand (%ld wins, %ld by tsumo)\n", 100.0 * st.wins / seat_hands,
               st.wins, st.tsumo_wins);
        printf("deal-in rate     %.2f %% per seat and hand\n", 100.0 * st.deal_ins / seat_hands);
        printf("average win      %.0f points\n", st.wins ? (double)st.win_value_sum / st.wins : 0.0);
        printf("riichi / calls   %ld / %ld\n", st.riichi, st.calls);
        if (check)
            printf("invariants       %s\n", ok ? "held after every action" : "FAILED");
        else
            printf("invariants       not checked (use --check)\n");
    }
    if (!ok)
        fprintf(stderr, "ippon-sim: %ld invariant failures, %ld illegal actions accepted, result sum %lld; first: %s\n",
                st.checks_failed, st.illegal_accepted, st.result_sum, st.first_failure);
    return ok ? 0 : 1;
}
