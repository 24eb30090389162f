/*
 * main.c — the `ippon` program: read the configuration, check that the database's files can be
 * written and lock them for this process (db_guard.h), check that a SQLite database is ippon's and
 * whole (db_check.h), open and migrate the database, start the
 * store writer (store_writer.h) and queue the matches a previous run could not store
 * (pending_matches.h), serve HTTP until SIGINT/SIGTERM, then shut down cleanly (exit 0): the
 * writer gets STORE_EXIT_WAIT_MS to store what is left, and what it could not store goes to
 * the pending-matches file, into the room of the disk reserve taken at start if the disk is full
 * (disk_reserve.h; exit 1 if even that fails: the finished matches' journals then keep them).
 *
 *     ippon [--config PATH] [--port N] [--db PATH] [--web DIR] [--help] [--version]
 *     ippon admin create|grant|revoke USERNAME [...]   administrator accounts (admin_cli.h)
 *     ippon admin ratings --recompute [...]           the ratings replayed (ratings_cli.h)
 *     ippon backup PATH [...]                          a copy of the database (backup_cli.h)
 *
 * Start-up failures print one line "ippon: <what>: <problem>" and exit 1; a bad
 * command line exits 2. The work is done by the ippon_server library (config, store,
 * http, rest...); this file only wires it together and owns the process: arguments,
 * signals, the event loop, exit codes.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libwebsockets.h>

#include "admin/admin_cli.h"
#include "admin/admin_settings.h"
#include "admin/backup_cli.h"
#include "api/rest.h"
#include "app.h"
#include "auth/auth.h"
#include "base/ids.h"
#include "base/log.h"
#include "base/ratelimit.h"
#include "base/timers.h"
#include "base/wall_clock.h"
#include "cluster/node.h"
#include "cluster/shared_buckets.h"
#include "config.h"
#include "game/gateway.h"
#include "game/gateway_live.h"
#include "game/gateway_matchmaker.h"
#include "game/match_review.h"
#include "matchmaking/matchmaking.h"
#include "metrics.h"
#include "net/http.h"
#include "net/ws.h"
#include "store/db_check.h"
#include "store/db_guard.h"
#include "store/disk_reserve.h"
#include "store/match_journal.h"
#include "store/pending_matches.h"
#include "store/rating_writes.h"
#include "store/season_writes.h"
#include "store/store.h"
#include "store/store_spill.h"
#include "store/store_writer.h"

#ifndef IPPON_VERSION
#define IPPON_VERSION "0.0.0"
#endif

#define EXIT_USAGE 2
#define STORE_EXIT_WAIT_MS 5000 /* at exit, how long the store writer may go on trying to store matches */

/* command-line options that override a config key */
static const struct {
    const char *option;
    const char *metavar;
    const char *key;
    const char *help;
} option_keys[] = {
    {"--port", "N", "port", "listen on port N (1..65535)"},
    {"--db", "PATH", "database", "SQLite database file"},
    {"--web", "DIR", "web_root", "folder of static files served at /"},
};

#define OPTION_KEY_COUNT (sizeof option_keys / sizeof option_keys[0])

static volatile sig_atomic_t stop_requested;
static ippon_http *running_http;

static void on_stop_signal(int sig)
{
    (void)sig;
    stop_requested = stop_requested + 1;
    ippon_http_wake(running_http);
}

/* the worker threads' way to wake the event loop (lws_cancel_service): password hashing, store writer */
static void wake_http(void *http)
{
    ippon_http_wake(http);
}

/* the loop was woken by a worker (ippon_http_on_wake): run the finished jobs' completions */
static void workers_done(void *ctx)
{
    ippon_app *app = ctx;
    ippon_auth_poll(app->auth);
    ippon_writer_poll(app->writer); /* the store writer's finished jobs (store_writer.h) */
    ippon_writer_poll(app->reader); /* ... and the slow reads' */
}

/* auth.h's timer, on the event loop: the logins the per-account wait holds are released */
static struct auth_timer {
    lws_sorted_usec_list_t sul;
    ippon_timers *timers;
    ippon_auth *auth;
} auth_timer;

static void auth_timer_due(lws_sorted_usec_list_t *sul)
{
    struct auth_timer *t = lws_container_of(sul, struct auth_timer, sul);
    ippon_auth_tick(t->auth);
}

static void auth_timer_arm(void *ctx, long long delay_ms)
{
    struct auth_timer *t = ctx;
    ippon_timers_schedule(t->timers, &t->sul, auth_timer_due, (lws_usec_t)delay_ms * LWS_US_PER_MS + 1);
}

/* a match is stored: its journal has served (match_journal.h) */
static void journal_stored(void *ctx, const char *match_id)
{
    if (ippon_journal_remove(ctx, match_id) != 0)
        ippon_log_warn("match %s is stored but its journal cannot be removed", match_id);
}

/* auth.h's session hook: the sockets of ended sessions close (none once the gateway is gone) */
static void sessions_ended(void *ctx, const char *user_id, const unsigned char *token_hash,
                           const unsigned char *keep_hash, const char *message)
{
    ippon_app *app = ctx;
    if (app->gateway)
        ippon_gateway_sessions_ended(app->gateway, user_id, token_hash, keep_hash, message);
}

/* the cluster voided a dead node's tables (cluster/node.h): an event's among them too */
static void cluster_voided(void *ctx, const char *const *tables, size_t n)
{
    ippon_app *app = ctx;
    ippon_gateway_event_tables_voided(app->gateway, tables, n);
}

/* what this node carries, for its lease in the cluster (cluster/node.h) */
static json_t *cluster_info(void *ctx)
{
    ippon_app *app = ctx;
    ippon_gateway_stats g;
    memset(&g, 0, sizeof g);
    if (app->gateway)
        ippon_gateway_stats_get(app->gateway, &g);
    long tables = 0;
    for (int i = 0; i < IPPON_MODES; i++)
        tables += g.tables[i];
    return json_pack("{s:s, s:i, s:i, s:b}", "instance", app->instance, "players", (int)g.players_online, "tables",
                     (int)tables, "draining", g.draining);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: ippon [--config PATH] [--port N] [--db PATH] [--web DIR]\n"
            "\n"
            "Single-hand riichi mahjong server: serves the web client, the REST API and\n"
            "the game over one HTTP port.\n"
            "\n"
            "  --config PATH   configuration file (default %s)\n",
            IPPON_CONFIG_DEFAULT_PATH);
    for (size_t i = 0; i < OPTION_KEY_COUNT; i++)
        fprintf(out, "  %s %-*s %s (key \"%s\")\n", option_keys[i].option,
                (int)(14 - strlen(option_keys[i].option)), option_keys[i].metavar,
                option_keys[i].help, option_keys[i].key);
    fprintf(out, "  --help          show this help\n"
                 "  --version       show the version\n"
                 "\n"
                 "       ippon admin create|grant|revoke USERNAME [--config PATH] [--db PATH]\n"
                 "                       administrator accounts (ippon admin --help)\n"
                 "       ippon admin ratings --recompute [--mode 4p|3p] [--check] [--config PATH] [--db PATH]\n"
                 "                       the ratings replayed from the rated matches (ippon admin ratings --help)\n"
                 "       ippon backup PATH [--config PATH] [--db PATH]\n"
                 "                       a consistent copy of the database (ippon backup --help)\n");
}

/* an override given on the command line, applied after the file is read */
typedef struct override {
    const char *option, *key, *value;
} override;

/*
 * Read argv into *config_path and overrides[]. Returns 0 to go on, or the exit code to
 * stop with (0 after --help/--version).
 */
static int parse_args(int argc, char **argv, const char **config_path, override *overrides,
                      size_t *override_count)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return -1;
        }
        if (strcmp(arg, "--version") == 0) {
            printf("ippon %s\n", IPPON_VERSION);
            return -1;
        }
        /* "--name value" or "--name=value" */
        const char *eq = strchr(arg, '=');
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const char *value = eq ? eq + 1 : NULL;
        int opt = -1;
        int is_config = name_len == strlen("--config") && strncmp(arg, "--config", name_len) == 0;
        for (size_t k = 0; !is_config && k < OPTION_KEY_COUNT; k++)
            if (name_len == strlen(option_keys[k].option) &&
                strncmp(arg, option_keys[k].option, name_len) == 0)
                opt = (int)k;
        if (!is_config && opt < 0) {
            fprintf(stderr, "ippon: unknown option '%s' (try --help)\n", arg);
            return EXIT_USAGE;
        }
        if (!value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ippon: option '%s' needs a value (try --help)\n", arg);
                return EXIT_USAGE;
            }
            value = argv[++i];
        }
        if (is_config)
            *config_path = value;
        else
            overrides[(*override_count)++] =
                (override){option_keys[opt].option, option_keys[opt].key, value};
    }
    return 0;
}

static int install_signal_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal; /* no SA_RESTART: a signal interrupts the poll */
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGINT, &sa, NULL) != 0 || sigaction(SIGTERM, &sa, NULL) != 0)
        return -1;
    sa.sa_handler = SIG_IGN; /* a peer that goes away mid-write is not fatal */
    return sigaction(SIGPIPE, &sa, NULL);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "admin") == 0)
        return ippon_admin_cli(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "backup") == 0)
        return ippon_backup_cli(argc - 1, argv + 1);
    const char *config_path = IPPON_CONFIG_DEFAULT_PATH;
    override *overrides = calloc((size_t)argc + 1, sizeof *overrides);
    size_t override_count = 0;
    if (!overrides) {
        fprintf(stderr, "ippon: out of memory\n");
        return EXIT_FAILURE;
    }
    int rc = parse_args(argc, argv, &config_path, overrides, &override_count);
    if (rc != 0) {
        free(overrides);
        return rc < 0 ? EXIT_SUCCESS : rc;
    }

    char err[1024];
    char reserve_path[4200] = ""; /* the disk reserve (disk_reserve.h), once taken */
    ippon_config config;
    ippon_app app = {.config = &config};
    ippon_matchmaking *matchmaker = NULL; /* a cluster node's (matchmaking.h) */
    ippon_http *http = NULL;
    ippon_db_lock *db_lock = NULL;
    int status = EXIT_FAILURE;

    if (ippon_config_init(&config) != 0) {
        snprintf(err, sizeof err, "out of memory");
        goto fail;
    }
    if (ippon_config_load(&config, config_path, err, sizeof err) != 0)
        goto fail;
    for (size_t i = 0; i < override_count; i++)
        if (ippon_config_set(&config, overrides[i].key, overrides[i].value, overrides[i].option,
                             err, sizeof err) != 0)
            goto fail;
    if (ippon_config_check(&config, err, sizeof err) != 0)
        goto fail;
    ippon_log_level_set(config.log_level);

    if (ippon_ids_init() != 0) {
        snprintf(err, sizeof err, "libsodium: cannot initialise (no entropy source?)");
        goto fail;
    }
    ippon_id instance;
    ippon_id_generate(&instance);
    ippon_id_format(&instance, app.instance);

    /* the database's files: writable, and this server's alone (db_guard.h) */
    if (strcmp(config.database, ":memory:") == 0) {
        snprintf(err, sizeof err, "%s: the server needs a database file (the event loop and the store writer "
                 "each open it; key \"database\")", config.database);
        goto fail;
    }
    if (ippon_db_check_writable(config.database, err, sizeof err) != 0 ||
        ippon_store_make_folder(config.database, err, sizeof err) != 0 ||
        ippon_db_lock_take(&db_lock, config.database, err, sizeof err) != 0)
        goto fail;
    /* the records: in SQLite at database, or in PostgreSQL (cluster.postgres) */
    const char *records = ippon_config_records(&config);
    char migrations[4200];
    if (ippon_config_records_migrations(&config, migrations, sizeof migrations) != 0) {
        snprintf(err, sizeof err, "key \"migrations\": path too long");
        goto fail;
    }
    /* a SQLite file must be ippon's and whole before anything is written to it (db_check.h) */
    if (ippon_db_check(records, migrations, config.database_check_ms, err, sizeof err) != 0)
        goto fail;
    if (ippon_store_open(&app.store, records, err, sizeof err) != 0)
        goto fail;
    int applied = 0;
    if (ippon_store_migrate(app.store, migrations, &applied, err, sizeof err) != 0)
        goto fail;
    /* counted matches stored before ratings existed get them, once, in the order they ended */
    long rated_now = 0;
    if (ippon_store_rate_unrated(app.store, &rated_now, err, sizeof err) != 0)
        goto fail;
    if (rated_now > 0)
        ippon_log_info("ratings: %ld counted matches stored before ratings were rated now", rated_now);
    /* the seasons counted with this configuration's season_months (season_writes.h) */
    long season_rows = 0;
    if (ippon_store_seasons_ready(app.store, config.season_months, &season_rows, err, sizeof err) != 0)
        goto fail;
    if (season_rows > 0)
        ippon_log_info("seasons: counted again in seasons of %d month(s): %ld rows", config.season_months,
                       season_rows);
    /* every write from here on goes through the writer; the loop's connection only reads */
    char spill_path[4200];
    if (ippon_spill_path(config.database, spill_path, sizeof spill_path) != 0) {
        snprintf(err, sizeof err, "%s: path too long", config.database);
        goto fail;
    }
    /* room kept for that file on a disk that fills up (disk_reserve.h) */
    if (ippon_disk_reserve_path(config.database, reserve_path, sizeof reserve_path) != 0) {
        snprintf(err, sizeof err, "%s: path too long", config.database);
        goto fail;
    }
    if (ippon_disk_reserve_take(reserve_path, IPPON_DISK_RESERVE_BYTES, err, sizeof err) != 0)
        ippon_log_warn("%s; running without it: a full disk at exit could leave finished matches only in their "
                       "journals",
                       err);
    ippon_store_set_reviewer(ippon_match_review_seats); /* the writer reviews the matches it stores */
    if (ippon_writer_start(&app.writer, records, NULL, NULL, err, sizeof err) != 0)
        goto fail;
    if (ippon_store_make_reader(app.store) != 0) {
        snprintf(err, sizeof err, "%s: cannot set up the event loop's connection", ippon_config_records_name(&config));
        goto fail;
    }
    app.pending_matches = ippon_pending_matches_new(app.store, app.writer, spill_path);
    if (!app.pending_matches) {
        snprintf(err, sizeof err, "out of memory");
        goto fail;
    }
    if (ippon_pending_matches_resume(app.pending_matches, err, sizeof err) < 0)
        goto fail;
    if (ippon_auth_create(&app.auth, &config, app.store, app.writer, err, sizeof err) != 0)
        goto fail;
    app.metrics = ippon_metrics_new(ippon_mono_ms());
    app.settings = ippon_settings_new(&config);
    app.reviews = ippon_rest_review_limiter();
    if (!app.metrics || !app.settings || !app.reviews) {
        snprintf(err, sizeof err, "out of memory");
        goto fail;
    }
    if (ippon_settings_load(app.settings, app.store) != 0) {
        snprintf(err, sizeof err, "%s: cannot read the stored settings", ippon_config_records_name(&config));
        goto fail;
    }
    ippon_game_settings game;
    ippon_game_settings_from_config(&game, &config);
    ippon_settings_game(app.settings, &game); /* the clock, bots, ranking: stored values win */
    app.gateway = ippon_gateway_new(&app, &game);
    if (!app.gateway) {
        snprintf(err, sizeof err, "out of memory");
        goto fail;
    }
    ippon_gateway_set_want_write(app.gateway, ippon_ws_want_write);
    ippon_settings_apply(app.settings, app.gateway);
    /* the running matches' journals: what the last run left is played on (before any socket) */
    char journal_dir[4200];
    if (ippon_journal_path(config.database, journal_dir, sizeof journal_dir) != 0) {
        snprintf(err, sizeof err, "%s: the database path is too long", config.database);
        goto fail;
    }
    if (ippon_journal_open(&app.journal, journal_dir, err, sizeof err) != 0)
        goto fail;
    ippon_pending_matches_on_stored(app.pending_matches, journal_stored, app.journal);
    if (config.cluster_node[0]) /* a match replayed to its end waits for the cluster's word (gateway_matchmaker.h) */
        ippon_gateway_hold_results(app.gateway);
    if (ippon_gateway_restore(app.gateway, err, sizeof err) < 0)
        goto fail;
    if (install_signal_handlers() != 0) {
        snprintf(err, sizeof err, "cannot install signal handlers");
        goto fail;
    }
    if (ippon_http_start(&http, &app, err, sizeof err) != 0)
        goto fail;
    running_http = http;
    ippon_http_on_wake(http, workers_done, &app);
    auth_timer = (struct auth_timer){.timers = ippon_http_timers(http), .auth = app.auth};
    if (app.auth)
        ippon_auth_set_timer(app.auth, auth_timer_arm, &auth_timer);
    ippon_auth_set_wake(app.auth, wake_http, http);
    ippon_auth_set_session_hook(app.auth, sessions_ended, &app);
    ippon_writer_set_wake(app.writer, wake_http, http);
    /* the slow reads' worker, once the listening socket and its spare descriptor exist (listen.h:
       a low descriptor limit must still leave room to refuse connections) */
    if (ippon_writer_start_reader(&app.reader, records, wake_http, http, err, sizeof err) != 0)
        goto fail;
    ippon_writer_poll(app.writer); /* what finished before the wake was set (the pending matches) */
    ippon_gateway_attach(app.gateway, ippon_http_timers(http));
    if (config.cluster_node[0]) { /* a node of a cluster (the "cluster" section) */
        ippon_cluster_settings cs = {.node = config.cluster_node, .redis = config.cluster_redis,
                                     .redis_password_file = config.cluster_redis_password_file,
                                     .prefix = config.cluster_prefix, .lease_ms = config.cluster_lease_ms,
                                     .version = IPPON_VERSION};
        app.cluster = ippon_cluster_start(ippon_http_ev_loop(http), ippon_http_timers(http), &cs, err, sizeof err);
        if (!app.cluster)
            goto fail;
        ippon_cluster_set_info(app.cluster, cluster_info, &app);
        ippon_cluster_on_voided(app.cluster, cluster_voided, &app); /* an event's tables among them */
        /* guests, sign-ups and password failures counted across the nodes (auth.h) */
        ippon_shared_buckets buckets = ippon_cluster_shared_buckets(ippon_cluster_coord(app.cluster));
        ippon_auth_share_limits(app.auth, &buckets);
        ippon_gateway_share_limits(app.gateway, &buckets); /* and room codes that led nowhere */
        /* the node's players are matched with every node's (matchmaking.h) */
        matchmaker = ippon_matchmaking_start(app.gateway, app.cluster, ippon_http_timers(http), app.metrics);
        if (!matchmaker) {
            snprintf(err, sizeof err, "cluster: cannot start the matchmaker (out of memory, or Redis refused the notices)");
            goto fail;
        }
    }

    ippon_log_info("ippon %s listening on http://%s:%d (instance %s, database %s, "
                   "migrations applied now: %d, event loop %s)",
                   IPPON_VERSION, ippon_http_host(http), ippon_http_port(http), app.instance,
                   ippon_config_records_name(&config), applied, ippon_http_event_loop(http));

    /* On the first SIGINT/SIGTERM, with handover (the default): no new matches, and stop at once:
       the running matches stay in their journals and the next start resumes them. Without it:
       drain (no new matches, running ones play on) for up to shutdown_grace seconds, then close
       what still runs (stored as not completed). A second signal stops at once. */
    status = EXIT_SUCCESS;
    long long drain_until = -1;
    for (;;) {
        if (stop_requested && drain_until < 0 && config.handover && app.journal) {
            ippon_gateway_drain(app.gateway, 0);
            ippon_log_info("stopping: %d running matches are handed over to the next start",
                           ippon_gateway_running_tables(app.gateway));
            break;
        }
        if (stop_requested && drain_until < 0) {
            drain_until = ippon_mono_ms() + (long long)(config.shutdown_grace * 1000);
            ippon_gateway_drain(app.gateway, (int64_t)(config.shutdown_grace * 1000));
            ippon_log_info("stopping: no new matches; %d running", ippon_gateway_running_tables(app.gateway));
        }
        if (drain_until >= 0 && (ippon_gateway_running_tables(app.gateway) == 0 || stop_requested > 1 ||
                                 ippon_mono_ms() >= drain_until))
            break;
        if (ippon_http_service(http) < 0) {
            ippon_log_error("the event loop failed; stopping");
            status = EXIT_FAILURE;
            break;
        }
    }
    if (config.handover && app.journal) { /* what is queued for the players goes out, briefly */
        long long flush_until = ippon_mono_ms() + 500;
        while (ippon_gateway_unsent(app.gateway) > 0 && ippon_mono_ms() < flush_until)
            if (ippon_http_service(http) < 0)
                break;
    } else if (ippon_gateway_running_tables(app.gateway) > 0) {
        ippon_log_warn("closing %d running tables", ippon_gateway_running_tables(app.gateway));
        ippon_gateway_abandon_all(app.gateway, "the server is shutting down");
        ippon_gateway_drain(app.gateway, 1000); /* wakes the loop at the latest in a second */
        long long flush_until = ippon_mono_ms() + 1000; /* let the goodbyes reach the players */
        while (ippon_gateway_unsent(app.gateway) > 0 && ippon_mono_ms() < flush_until)
            if (ippon_http_service(http) < 0)
                break;
    }
    ippon_matchmaking_detach(matchmaker); /* no more tables formed from the shared queues */
    ippon_gateway_free(app.gateway); /* before the lws context its timers run on */
    app.gateway = NULL;
    ippon_auth_share_limits(app.auth, NULL); /* their waits are answered as the cluster stops */
    ippon_cluster_stop(app.cluster); /* its lease runs out unless this node is back in time */
    app.cluster = NULL;
    goto stop;

fail:
    fprintf(stderr, "ippon: %s\n", err);
stop:
    running_http = NULL;
    ippon_matchmaking_detach(matchmaker);
    ippon_gateway_free(app.gateway); /* after a failed start; a stopped server's is gone already */
    if (app.auth)
        ippon_auth_share_limits(app.auth, NULL);
    ippon_cluster_stop(app.cluster);
    ippon_matchmaking_free(matchmaker); /* after the cluster: its last answers came as it stopped */
    /* the last writes (the matches that ended last among them) get a bounded wait; completions
       still answer requests waiting on a write; what is left unstored goes to the pending file */
    ippon_writer_stop(app.reader, 0); /* a slow read still running is not waited for: its reply is refused */
    ippon_writer_stop(app.writer, STORE_EXIT_WAIT_MS);
    if (app.pending_matches && ippon_pending_matches_spill(app.pending_matches, reserve_path[0] ? reserve_path : NULL, err,
                                                                  sizeof err) < 0) {
        fprintf(stderr, "ippon: %s (the unstored matches are on standard error above)\n", err);
        status = EXIT_FAILURE;
    }
    if (auth_timer.timers)
        ippon_timers_cancel(&auth_timer.sul); /* the timer's auth goes now */
    ippon_auth_destroy(app.auth); /* it may still answer requests waiting on a hash */
    ippon_http_stop(http);
    ippon_pending_matches_free(app.pending_matches);
    ippon_journal_sync(app.journal); /* what is left of running matches reaches the disk */
    ippon_journal_close(app.journal);
    ippon_writer_free(app.writer);
    ippon_writer_free(app.reader);
    ippon_store_close(app.store);
    ippon_db_lock_release(db_lock);
    ippon_settings_free(app.settings);
    ippon_metrics_free(app.metrics);
    ippon_ratelimit_free(app.reviews);
    ippon_config_free(&config);
    free(overrides);
    if (status == EXIT_SUCCESS)
        ippon_log_info("stopped");
    return status;
}
