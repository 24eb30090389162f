/*
 * ratings_cli.c — `ippon admin ratings --recompute` (ratings_cli.h): options, the store opened as
 * every admin command opens it (admin_cli.h), one recompute (store/rating_replay.h), its figures.
 */
#include "admin/ratings_cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "admin/admin_cli.h"
#include "base/mode.h"
#include "base/wall_clock.h"
#include "store/rating_replay.h"
#include "store/store_admin.h"

#define RATINGS_USAGE 2

static void ratings_usage(FILE *out)
{
    fputs("usage: ippon admin ratings --recompute [--mode 4p|3p] [--check] [--config PATH] [--db PATH]\n"
          "\n"
          "Replays every rated match of the mode (both if none is given) in order from everyone's\n"
          "initial rating, through the same code that rated them, and writes the results (one\n"
          "transaction; audited). --check writes nothing and counts the players and history rows\n"
          "whose stored values differ. Exit 0 done (--check: no difference), 1 failed or differences\n"
          "found, 2 bad usage.\n",
          out);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int ippon_admin_ratings_cli(int argc, char **argv)
{
    const char *config_path = IPPON_CONFIG_DEFAULT_PATH, *db = NULL, *mode_name = NULL;
    bool recompute = false, check = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char **slot = !strcmp(arg, "--mode")     ? &mode_name
                            : !strcmp(arg, "--config") ? &config_path
                            : !strcmp(arg, "--db")     ? &db
                                                       : NULL;
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            ratings_usage(stdout);
            return 0;
        } else if (!strcmp(arg, "--recompute")) {
            recompute = true;
        } else if (!strcmp(arg, "--check")) {
            check = true;
        } else if (slot && i + 1 < argc) {
            *slot = argv[++i];
        } else {
            fprintf(stderr, "ippon: %s '%s' (try ippon admin ratings --help)\n",
                    slot ? "option needs a value:" : "unknown argument", arg);
            return RATINGS_USAGE;
        }
    }
    bool modes[IPPON_MODES] = {true, true};
    ippon_mode one;
    if (mode_name && ippon_mode_parse(mode_name, &one) != 0) {
        fprintf(stderr, "ippon: --mode: 4p or 3p, not '%s'\n", mode_name);
        return RATINGS_USAGE;
    }
    if (mode_name)
        for (int m = 0; m < IPPON_MODES; m++)
            modes[m] = m == (int)one;
    if (!recompute) {
        ratings_usage(stderr);
        return RATINGS_USAGE;
    }
    char err[1024];
    ippon_config cfg;
    ippon_store *st = NULL;
    int status = 1;
    if (ippon_admin_open_store(config_path, db, &cfg, &st, err, sizeof err) != 0) {
        fprintf(stderr, "ippon: %s\n", err);
    } else {
        const char *which = mode_name ? mode_name : "4p and 3p";
        json_t *detail = json_pack("{s:s}", "modes", which);
        ippon_audit audit = {.at_ms = ippon_wall_ms(), .admin_id = NULL, .admin_name = IPPON_AUDIT_CLI_NAME,
                             .action = "ratings_recompute", .target = which,
                             .reason = "ratings replayed with `ippon admin ratings --recompute`", .detail = detail};
        ippon_replay_report r;
        double t0 = seconds_now();
        int rc = ippon_store_ratings_recompute(st, modes, check, &audit, &r);
        double took = seconds_now() - t0;
        json_decref(detail);
        if (rc != 0) {
            fprintf(stderr, "ippon: %s: the recompute failed; nothing changed\n", ippon_config_records_name(&cfg));
        } else {
            printf("ratings (%s): %ld matches replayed, %ld players; %ld players and %ld history rows %s; %.2f s"
                   " (%.0f matches/s)\n",
                   which, r.matches, r.players, r.players_differ, r.rows_differ,
                   check ? "differ from the stored values (nothing written)" : "differed and were rewritten", took,
                   took > 0 ? r.matches / took : 0.0);
            status = check && (r.players_differ || r.rows_differ) ? 1 : 0;
        }
    }
    ippon_store_close(st);
    ippon_config_free(&cfg);
    return status;
}
