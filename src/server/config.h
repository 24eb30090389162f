/*
 * config.h — the server's configuration: what the file config/ippon.json may say, with
 * command-line overrides on top.
 *
 * The keys — each one's name, type, range and default — are the rows of the key table in
 * config.c (config_keys[]) and are written nowhere else in the code: ippon_config_keys_json
 * lists them, and the one table of src/server/README.md, which says what each key means, is
 * checked against that list (tests/unit/test_server_config_docs.c).
 *
 * Every key is optional (a missing one keeps its default); an unknown key, a value of
 * the wrong type or out of range is an error. Relative paths stay as written, so they are
 * relative to the working directory. Errors are reported as one line naming where the
 * value came from, the key and the problem:
 *
 *     config/ippon.json: key "port": must be an integer 1..65535
 *
 * To add a key: add a field to struct ippon_config and one row to the key table in
 * config.c (and a line to the tables of README.md and src/server/README.md: the test above
 * fails until both have it).
 */
#ifndef IPPON_SERVER_CONFIG_H
#define IPPON_SERVER_CONFIG_H

#include <stdbool.h>
#include <jansson.h>
#include <stddef.h>

#include "base/log.h"

#define IPPON_CONFIG_DEFAULT_PATH "config/ippon.json"

typedef struct ippon_config {
    int port;
    char *bind;
    char *trusted_proxy;         /* "" or the reverse proxy whose X-Forwarded-For is believed */
    int http_idle_s;             /* an idle keep-alive HTTP connection is closed after this */
    int max_http_conns_per_addr; /* open HTTP connections per client address */
    char *allowed_origins;       /* pages of these origins may open the WebSocket too, one space between two (ws_origin.h) */
    int hello_timeout_s;         /* a new WebSocket must say hello within this */
    char *event_loop;            /* "epoll" (libev) or "poll" (lws's own): net/event_loop.h */
    char *web_root;
    char *database;
    int database_check_ms;       /* start-up's quick_check of the SQLite database may take this long (db_check.h) */
    char *migrations;
    ippon_log_level log_level;
    /* identities (auth.c) */
    double session_days;         /* a registered user's session lifetime */
    double guest_days;           /* a guest's token lifetime */
    int pwhash_ops;              /* crypto_pwhash opslimit for new hashes */
    int pwhash_mem_kib;          /* crypto_pwhash memlimit for new hashes, KiB */
    int login_fails_per_account; /* per 15 minutes, before each attempt on the account waits */
    int login_fails_per_account_address; /* per 15 minutes, then 429 */
    int login_fails_per_address; /* per 15 minutes, then 429 */
    int login_delay_base_ms, login_delay_max_ms; /* the per-account wait (login_limits.h) */
    int signups_per_address;     /* register + claim, per hour */
    int guests_per_address;      /* per hour */
    int room_join_fails_per_address; /* room codes that led nowhere, per 10 minutes (game/room_limits.h) */
    int room_join_fails_per_account; /* ... per account */
    /* the game (gateway.c, table.c) */
    double time_scale;           /* clocks and bot delays are multiplied by this (tests run fast) */
    double bot_fill_after;       /* seconds a queued player waits before bots fill the table */
    double queue_window_start;   /* the ranked queue's rating window at once (game/queue_window.h) */
    double queue_window_growth;  /* ... widened by this per second of waiting */
    double queue_window_cap;     /* ... up to this */
    int bot_delay_ms;            /* a bot's thinking time on its own turn */
    int call_window_ms;          /* the call window after every discard, kan and kita */
    int contribution_ms;         /* the first deal's wait for the players' contributions to the walls */
    int resume_hold_ms;          /* a table restored at start-up stands still this long */
    int spectate_delay_s;        /* spectators see a table this much later than its players */
    int ranked_min_humans;       /* humans a match needs to count in the rankings */
    bool ranked_same_address;    /* queued players of one client address may share a table */
    bool bots;                   /* bots fill seats; practice tables */
    int max_frame;               /* largest WebSocket message a client may send, bytes */
    int network_grace_ms;        /* extra time before the table acts for a player */
    int max_conns_per_addr;      /* open WebSockets per client address */
    int max_messages_per_10s;    /* a connection's message rate before its messages count as bad */
    bool handover;               /* SIGTERM leaves running matches to the next start (their journals) */
    double shutdown_grace;       /* without handover: seconds running tables get to finish at shutdown */
    /* the rankings (api/leaderboard_rest.c) */
    int leaderboard_min_games;   /* games a player needs to appear on a leaderboard */
    int event_club_open;         /* club events a user may organise that are not finished (EVENTS.md) */
    int event_club_per_day;      /* club events a user may make in 24 hours */
    int event_away_s;            /* an entrant away from its event table this long: a bot stand-in plays on */
    int season_months;           /* the point-sum board's season: 1, 2, 3, 4, 6 or 12 months (base/season.h) */
    /* the clock (before time_scale) and the service; an admin can change these live (admin_settings.h) */
    int clock_move_ms;           /* each decision's own time */
    int clock_bank_ms;           /* each player's bank per match */
    int clock_refill_ms;         /* added to each bank after an exhaustive draw (up to clock_bank_ms) */
    bool registration_open;      /* new accounts (register, claim) are accepted */
    bool maintenance;            /* no new matches (queue, practice); running ones finish */
    /* the "cluster" section (cluster/node.h): cluster_node "" = a single node, as before */
    char *cluster_node;          /* this node's name in the cluster */
    char *cluster_redis;         /* the cluster's Redis: "host:port" or a redis:// URI (cluster_text.h) */
    char *cluster_redis_password_file; /* "" or a file (0600 or stricter) whose first line is Redis's password */
    char *cluster_prefix;        /* the cluster's keys in Redis start "<prefix>:" */
    char *cluster_postgres;      /* the records in PostgreSQL (a postgresql:// URI); "" = in SQLite at database */
    int cluster_lease_ms;        /* a node unheard of this long is gone: its matches are voided */
} ippon_config;

/*
 * Fill cfg with the defaults. Returns 0, or -1 if out of memory. Always pair with
 * ippon_config_free (also after a failure).
 */
int ippon_config_init(ippon_config *cfg);

/*
 * Read the JSON file at path and apply every key in it over the current values.
 * Returns 0, or -1 with a one-line message in err ("<path>: key "<k>": <problem>",
 * "<path>: line L, column C: invalid JSON: ...", "<path>: cannot read: ...").
 * On failure cfg still holds valid values (some keys may already be applied).
 */
int ippon_config_load(ippon_config *cfg, const char *path, char *err, size_t errlen);

/*
 * The same for the file's text already in memory (len bytes, NUL not needed): path only names
 * it in the messages. ippon_config_load reads the file and calls this; the fuzz target
 * fuzz_config calls it directly.
 */
int ippon_config_load_text(ippon_config *cfg, const char *text, size_t len, const char *path, char *err,
                           size_t errlen);

/*
 * Set one key from text, as a command-line option does (--port 9000 is
 * ippon_config_set(cfg, "port", "9000", "--port", ...)). The text is checked exactly as
 * the file's value would be; origin names the source in the error message.
 * Returns 0, or -1 with a message in err.
 */
int ippon_config_set(ippon_config *cfg, const char *key, const char *text, const char *origin,
                     char *err, size_t errlen);

/*
 * Check what can only be checked on the machine, and keys against each other: the folder keys
 * (web_root, migrations) name existing folders, login_delay_base_ms is at most
 * login_delay_max_ms. Returns 0, or -1 with 'key "web_root": web: No such file or directory'
 * in err. Call after the file and the overrides are applied.
 */
int ippon_config_check(const ippon_config *cfg, char *err, size_t errlen);

/*
 * Where the records are (users, sessions, matches, rankings, admin data): cluster.postgres if set
 * (PostgreSQL), else the SQLite file at database. With PostgreSQL the database path still names
 * the server's own local files (its lock, its match journal, its pending-matches file).
 */
const char *ippon_config_records(const ippon_config *cfg);

/* the folder of the migrations for where the records are (migrations, or its postgres/): 0, or -1
   if it does not fit out */
int ippon_config_records_migrations(const ippon_config *cfg, char *out, size_t outlen);

/* how the records' place is named in logs and messages: the database path, or "PostgreSQL"
   (never the URI, which may hold a password) */
const char *ippon_config_records_name(const ippon_config *cfg);

/* the seasons' length the routes count in: cfg's season_months, or the default (1) without a
   configuration or with a length ippon_config_check would refuse (a configuration a test filled
   in by hand), so that no season is ever divided by 0 */
int ippon_config_season_months(const ippon_config *cfg);

/*
 * One key's value as JSON, checked exactly as in the file, stored in cfg: 0, or -1 with the
 * problem (without the key's name: "must be an integer 1..4", "unknown key") in problem.
 * The admin area's run-time settings are checked through this (admin_settings.c).
 */
int ippon_config_set_json(ippon_config *cfg, const char *key, const json_t *value, char *problem,
                          size_t problen);

/* one key's current value as JSON (new reference), or NULL for an unknown key */
json_t *ippon_config_get_json(const ippon_config *cfg, const char *key);

/*
 * Every key, in the key table's order, as JSON (new reference; NULL if out of memory):
 * [{"key": "port", "type": "integer", "min": …, "max": …, "default": …}, …]. type is
 * "integer", "number", "days" (these three with min and max), "boolean", "address", "path",
 * "folder" or "log_level"; default is the value a missing key gets. The README's table of the
 * keys is checked against this (tests/unit/test_server_config_docs.c).
 */
json_t *ippon_config_keys_json(void);

/* release the strings; cfg may then be initialised again */
void ippon_config_free(ippon_config *cfg);

#endif
