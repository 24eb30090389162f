/*
 * config.c — loads config/ippon.json and command-line overrides into struct ippon_config.
 *
 * How it works: one table, config_keys[], describes every key — its name, its kind (which
 * says how a value is checked and stored), where it lives in the struct, its range and its
 * default. Loading a file walks the JSON object and hands each member to config_assign();
 * a command-line override turns its text into the same JSON value first, so both paths
 * share one checker and one set of messages. Defaults go through that path too.
 */
#include "config.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/cluster_text.h"
#include "base/season.h"
#include "base/web_origin.h"

typedef enum config_kind {
    CONFIG_INT,       /* JSON integer in [min, max], stored in an int */
    CONFIG_ADDRESS,   /* IPv4 or IPv6 address literal, stored as a malloc'd string */
    CONFIG_PATH,      /* non-empty string, stored as a malloc'd string */
    CONFIG_DIR,       /* a CONFIG_PATH that ippon_config_check requires to be a folder */
    CONFIG_LOG_LEVEL, /* one of the log level names, stored as an ippon_log_level */
    CONFIG_DAYS,      /* JSON number of days, one second to 3650 days, stored in a double */
    CONFIG_NUMBER,    /* JSON number in [dmin, dmax], stored in a double */
    CONFIG_BOOL,      /* JSON true or false, stored in a bool */
    CONFIG_WORD,      /* one of the words in the key's choices ("a|b"), stored as a malloc'd string */
    CONFIG_NAME,      /* "" or 1..32 of [A-Za-z0-9_-], stored as a malloc'd string */
    CONFIG_ENDPOINT,  /* "" or "host:port" or "redis://[user[:password]@]host:port[/db]" (the host an IP
                         literal or a host name), stored as a malloc'd string */
    CONFIG_TEXT,      /* any string, "" included, stored as a malloc'd string */
    CONFIG_ORIGINS,   /* a JSON array of web origins (web_origin.h), stored as a malloc'd string of
                         them, one space between two */
} config_kind;

typedef struct config_key {
    const char *name;
    config_kind kind;
    size_t offset; /* of the field in struct ippon_config */
    long min, max; /* CONFIG_INT only */
    const char *fallback; /* the default, written as a command-line value */
    double dmin, dmax; /* CONFIG_NUMBER only */
    const char *choices; /* CONFIG_WORD only: the words allowed, '|' between them */
} config_key;

static const config_key config_keys[] = {
    {"port", CONFIG_INT, offsetof(ippon_config, port), 1, 65535, "8080", 0, 0, NULL},
    {"bind", CONFIG_ADDRESS, offsetof(ippon_config, bind), 0, 0, "127.0.0.1", 0, 0, NULL},
    /* min 1: may be "" (no proxy is trusted) */
    {"trusted_proxy", CONFIG_ADDRESS, offsetof(ippon_config, trusted_proxy), 1, 0, "", 0, 0, NULL},
    /* connection hygiene (http.c, ws.c) */
    {"http_idle_s", CONFIG_INT, offsetof(ippon_config, http_idle_s), 1, 3600, "30", 0, 0, NULL},
    {"max_http_conns_per_addr", CONFIG_INT, offsetof(ippon_config, max_http_conns_per_addr), 1, 1000000,
     "32", 0, 0, NULL},
    /* the event loop (net/event_loop.h): libev on epoll, or lws's own poll() */
    {"event_loop", CONFIG_WORD, offsetof(ippon_config, event_loop), 0, 0, "epoll", 0, 0, "epoll|poll"},
    /* pages of other origins that may open the game's WebSocket (net/ws_origin.h) */
    {"allowed_origins", CONFIG_ORIGINS, offsetof(ippon_config, allowed_origins), 0, 0, "[]", 0, 0, NULL},
    {"hello_timeout_s", CONFIG_INT, offsetof(ippon_config, hello_timeout_s), 1, 3600, "20", 0, 0, NULL},
    {"web_root", CONFIG_DIR, offsetof(ippon_config, web_root), 0, 0, "web", 0, 0, NULL},
    {"database", CONFIG_PATH, offsetof(ippon_config, database), 0, 0, "data/ippon.db", 0, 0, NULL},
    {"database_check_ms", CONFIG_INT, offsetof(ippon_config, database_check_ms), 0, 3600000, "5000", 0, 0, NULL},
    {"migrations", CONFIG_DIR, offsetof(ippon_config, migrations), 0, 0, "migrations", 0, 0, NULL},
    {"log_level", CONFIG_LOG_LEVEL, offsetof(ippon_config, log_level), 0, 0, "info", 0, 0, NULL},
    {"session_days", CONFIG_DAYS, offsetof(ippon_config, session_days), 0, 0, "30", 0, 0, NULL},
    {"guest_days", CONFIG_DAYS, offsetof(ippon_config, guest_days), 0, 0, "365", 0, 0, NULL},
    /* argon2id costs: libsodium's minimums (1 pass, 8 KiB) up to 1000 passes and 1 GiB;
       the defaults are crypto_pwhash_OPSLIMIT_INTERACTIVE and _MEMLIMIT_INTERACTIVE */
    {"pwhash_ops", CONFIG_INT, offsetof(ippon_config, pwhash_ops), 1, 1000, "2", 0, 0, NULL},
    {"pwhash_mem_kib", CONFIG_INT, offsetof(ippon_config, pwhash_mem_kib), 8, 1048576, "65536", 0, 0, NULL},
    {"login_fails_per_account", CONFIG_INT, offsetof(ippon_config, login_fails_per_account), 1,
     1000000, "5", 0, 0, NULL},
    {"login_fails_per_address", CONFIG_INT, offsetof(ippon_config, login_fails_per_address), 1,
     1000000, "20", 0, 0, NULL},
    {"login_fails_per_account_address", CONFIG_INT, offsetof(ippon_config, login_fails_per_account_address), 1,
     1000000, "5", 0, 0, NULL},
    /* the per-account wait (login_limits.h): ippon_config_check wants base <= max */
    {"login_delay_base_ms", CONFIG_INT, offsetof(ippon_config, login_delay_base_ms), 1, 10000, "250", 0, 0, NULL},
    {"login_delay_max_ms", CONFIG_INT, offsetof(ippon_config, login_delay_max_ms), 1, 60000, "4000", 0, 0, NULL},
    /* events (src/server/EVENTS.md): a club organiser's limits */
    {"event_club_open", CONFIG_INT, offsetof(ippon_config, event_club_open), 1, 1000, "3", 0, 0, NULL},
    {"event_club_per_day", CONFIG_INT, offsetof(ippon_config, event_club_per_day), 1, 1000, "5", 0, 0, NULL},
    /* ... and how long an entrant may be away from its event table before a bot stand-in takes it */
    {"event_away_s", CONFIG_INT, offsetof(ippon_config, event_away_s), 5, 3600, "60", 0, 0, NULL},
    {"signups_per_address", CONFIG_INT, offsetof(ippon_config, signups_per_address), 1, 1000000,
     "10", 0, 0, NULL},
    {"time_scale", CONFIG_NUMBER, offsetof(ippon_config, time_scale), 0, 0, "1", 0.001, 100, NULL},
    {"bot_fill_after", CONFIG_NUMBER, offsetof(ippon_config, bot_fill_after), 0, 0, "30", 0, 3600, NULL},
    /* the ranked queue's rating window (game/queue_window.h): ippon_config_check wants start <= cap */
    {"queue_window_start", CONFIG_NUMBER, offsetof(ippon_config, queue_window_start), 0, 0, "100", 0, 10000, NULL},
    {"queue_window_growth", CONFIG_NUMBER, offsetof(ippon_config, queue_window_growth), 0, 0, "10", 0, 10000, NULL},
    {"queue_window_cap", CONFIG_NUMBER, offsetof(ippon_config, queue_window_cap), 0, 0, "400", 0, 10000, NULL},
    {"bot_delay_ms", CONFIG_INT, offsetof(ippon_config, bot_delay_ms), 0, 10000, "600", 0, 0, NULL},
    {"call_window_ms", CONFIG_INT, offsetof(ippon_config, call_window_ms), 0, 3000, "700", 0, 0, NULL},
    {"contribution_ms", CONFIG_INT, offsetof(ippon_config, contribution_ms), 0, 10000, "2000", 0, 0, NULL},
    {"resume_hold_ms", CONFIG_INT, offsetof(ippon_config, resume_hold_ms), 0, 60000, "3000", 0, 0, NULL},
    {"spectate_delay_s", CONFIG_INT, offsetof(ippon_config, spectate_delay_s), 0, 3600, "60", 0, 0, NULL},
    {"ranked_min_humans", CONFIG_INT, offsetof(ippon_config, ranked_min_humans), 1, 4, "2", 0, 0, NULL},
    {"ranked_same_address", CONFIG_BOOL, offsetof(ippon_config, ranked_same_address), 0, 0, "false", 0, 0, NULL},
    {"bots", CONFIG_BOOL, offsetof(ippon_config, bots), 0, 0, "true", 0, 0, NULL},
    {"max_frame", CONFIG_INT, offsetof(ippon_config, max_frame), 256, 1048576, "4096", 0, 0, NULL},
    {"network_grace_ms", CONFIG_INT, offsetof(ippon_config, network_grace_ms), 0, 10000, "1000", 0, 0, NULL},
    {"max_messages_per_10s", CONFIG_INT, offsetof(ippon_config, max_messages_per_10s), 1, 100000000, "100", 0, 0, NULL},
    {"max_conns_per_addr", CONFIG_INT, offsetof(ippon_config, max_conns_per_addr), 1, 1000000, "8", 0, 0, NULL},
    {"handover", CONFIG_BOOL, offsetof(ippon_config, handover), 0, 0, "true", 0, 0, NULL},
    {"shutdown_grace", CONFIG_NUMBER, offsetof(ippon_config, shutdown_grace), 0, 0, "60", 0, 3600, NULL},
    {"guests_per_address", CONFIG_INT, offsetof(ippon_config, guests_per_address), 1, 1000000,
     "30", 0, 0, NULL},
    /* room codes that led nowhere, per 10 minutes (game/room_limits.h) */
    {"room_join_fails_per_address", CONFIG_INT, offsetof(ippon_config, room_join_fails_per_address), 1, 1000000,
     "10", 0, 0, NULL},
    {"room_join_fails_per_account", CONFIG_INT, offsetof(ippon_config, room_join_fails_per_account), 1, 1000000,
     "10", 0, 0, NULL},
    {"leaderboard_min_games", CONFIG_INT, offsetof(ippon_config, leaderboard_min_games), 1,
     1000000, "1", 0, 0, NULL},
    /* the seasons' length (base/season.h): ippon_config_check wants a divisor of 12 */
    {"season_months", CONFIG_INT, offsetof(ippon_config, season_months), 1, 12, "1", 0, 0, NULL},
    /* settings an admin may also change while the server runs (admin_settings.c) */
    {"clock_move_ms", CONFIG_INT, offsetof(ippon_config, clock_move_ms), 500, 60000, "5000", 0, 0, NULL},
    {"clock_bank_ms", CONFIG_INT, offsetof(ippon_config, clock_bank_ms), 0, 600000, "20000", 0, 0, NULL},
    {"clock_refill_ms", CONFIG_INT, offsetof(ippon_config, clock_refill_ms), 0, 600000, "10000", 0, 0, NULL},
    {"registration_open", CONFIG_BOOL, offsetof(ippon_config, registration_open), 0, 0, "true", 0, 0, NULL},
    {"maintenance", CONFIG_BOOL, offsetof(ippon_config, maintenance), 0, 0, "false", 0, 0, NULL},
    /* the "cluster" section (its keys are written "cluster.<key>"): absent, the single node of old */
    {"cluster.node", CONFIG_NAME, offsetof(ippon_config, cluster_node), 0, 0, "", 0, 0, NULL},
    {"cluster.redis", CONFIG_ENDPOINT, offsetof(ippon_config, cluster_redis), 0, 0, "", 0, 0, NULL},
    {"cluster.redis_password_file", CONFIG_TEXT, offsetof(ippon_config, cluster_redis_password_file), 0, 0, "", 0,
     0, NULL},
    {"cluster.prefix", CONFIG_NAME, offsetof(ippon_config, cluster_prefix), 0, 0, "ippon", 0, 0, NULL},
    {"cluster.postgres", CONFIG_TEXT, offsetof(ippon_config, cluster_postgres), 0, 0, "", 0, 0, NULL},
    {"cluster.lease_ms", CONFIG_INT, offsetof(ippon_config, cluster_lease_ms), 1000, 600000, "5000", 0, 0, NULL},
};

#define CONFIG_MAX_ORIGINS 64 /* entries of allowed_origins */
#define CONFIG_CLUSTER_SECTION "cluster" /* a section: its keys are "cluster.<key>" in the table */
#define CONFIG_DAY_SECONDS 86400.0
#define CONFIG_MAX_DAYS 3650.0

#define CONFIG_KEY_COUNT (sizeof config_keys / sizeof config_keys[0])

static const config_key *config_key_find(const char *name)
{
    for (size_t i = 0; i < CONFIG_KEY_COUNT; i++)
        if (strcmp(config_keys[i].name, name) == 0)
            return &config_keys[i];
    return NULL;
}

/* replace the string field at *slot with a copy of value; -1 if out of memory */
static int config_store_string(char **slot, const char *value)
{
    char *copy = strdup(value);
    if (!copy)
        return -1;
    free(*slot);
    *slot = copy;
    return 0;
}

static int is_address(const char *text)
{
    unsigned char buf[16];
    return inet_pton(AF_INET, text, buf) == 1 || inet_pton(AF_INET6, text, buf) == 1;
}

/* "" or a cluster's name (cluster_text.h) */
static int config_name_ok(const char *text)
{
    return !*text || ippon_cluster_name_ok(text);
}

/* "" or host:port or a redis:// URI (cluster_text.h), the host an IP literal (IPv6 in brackets) or a name of
   letters, digits, '.', '-' */
static int config_endpoint_ok(const char *text)
{
    if (!*text)
        return 1;
    ippon_redis_address a;
    if (!ippon_redis_address_parse(text, &a))
        return 0;
    if (a.bracketed)
        return is_address(a.host);
    for (const char *h = a.host; *h; h++)
        if (!isalnum((unsigned char)*h) && *h != '.' && *h != '-')
            return 0;
    return 1;
}

/*
 * a JSON array of origins joined into *joined (malloc'd, one space between two); 0, or -1 with
 * the problem
 */
static int config_origins_join(const json_t *value, char **joined, char *problem, size_t problen)
{
    if (!json_is_array(value) || json_array_size(value) > CONFIG_MAX_ORIGINS) {
        snprintf(problem, problen, "must be an array of at most %d origins such as \"https://ippon.example\"",
                 CONFIG_MAX_ORIGINS);
        return -1;
    }
    size_t total = 1, i;
    json_t *item;
    json_array_foreach(value, i, item) {
        ippon_origin origin;
        const char *text = json_string_value(item);
        if (!text || !ippon_origin_parse(text, json_string_length(item), &origin) || strchr(text, ' ') ||
            strlen(text) != json_string_length(item)) {
            snprintf(problem, problen,
                     "entry %zu: must be an origin, \"http://\" or \"https://\", a host and an optional port, "
                     "nothing after it (such as \"https://ippon.example\")", i + 1);
            return -1;
        }
        total += json_string_length(item) + 1;
    }
    char *out = malloc(total);
    if (!out) {
        snprintf(problem, problen, "out of memory");
        return -1;
    }
    out[0] = '\0';
    json_array_foreach(value, i, item) {
        if (i)
            strcat(out, " ");
        strcat(out, json_string_value(item));
    }
    *joined = out;
    return 0;
}

/* is word one of choices ("a|b|c")? */
static int config_word_allowed(const char *choices, const char *word)
{
    size_t len = strlen(word);
    for (const char *c = choices; len > 0 && *c;) {
        const char *end = strchr(c, '|');
        size_t n = end ? (size_t)(end - c) : strlen(c);
        if (n == len && strncmp(c, word, n) == 0)
            return 1;
        c += n + (end ? 1 : 0);
    }
    return 0;
}


/*
 * Check value against key and store it in cfg. Returns 0, or -1 with the problem (the
 * part after `key "x": `) in problem.
 */
static int config_assign(ippon_config *cfg, const config_key *key, const json_t *value,
                         char *problem, size_t problen)
{
    char *field = (char *)cfg + key->offset;
    const char *text = json_is_string(value) ? json_string_value(value) : NULL;
    /* a string with an embedded NUL would be silently cut: treat it as malformed */
    if (text && strlen(text) != json_string_length(value))
        text = NULL;

    switch (key->kind) {
    case CONFIG_INT: {
        json_int_t v = json_is_integer(value) ? json_integer_value(value) : key->min - 1;
        if (v < key->min || v > key->max) {
            snprintf(problem, problen, "must be an integer %ld..%ld", key->min, key->max);
            return -1;
        }
        *(int *)(void *)field = (int)v;
        return 0;
    }
    case CONFIG_ADDRESS:
        if (key->min == 1 && text && !*text)
            break; /* an optional address: "" = none */
        if (!text || !is_address(text)) {
            snprintf(problem, problen,
                     "must be an IPv4 or IPv6 address such as \"127.0.0.1\" or \"0.0.0.0\"");
            return -1;
        }
        break;
    case CONFIG_NAME:
        if (!text || !config_name_ok(text)) {
            snprintf(problem, problen, "must be a name of at most 32 letters, digits, '_' or '-'");
            return -1;
        }
        break;
    case CONFIG_ENDPOINT:
        if (!text || !config_endpoint_ok(text)) {
            snprintf(problem, problen, "must be \"host:port\" (such as \"127.0.0.1:6379\") or "
                                       "\"redis://[user[:password]@]host:port[/db]\"");
            return -1;
        }
        break;
    case CONFIG_TEXT:
        if (!text) {
            snprintf(problem, problen, "must be a string");
            return -1;
        }
        break;
    case CONFIG_WORD:
        if (!text || !config_word_allowed(key->choices, text)) {
            snprintf(problem, problen, "must be one of %s", key->choices);
            return -1;
        }
        break;
    case CONFIG_PATH:
    case CONFIG_DIR:
        if (!text || !*text) {
            snprintf(problem, problen, "must be a non-empty string (a path)");
            return -1;
        }
        break;
    case CONFIG_DAYS: {
        double days = json_is_number(value) ? json_number_value(value) : -1;
        /* "at least one second": compare in seconds so 1/86400 itself passes */
        if (!(days * CONFIG_DAY_SECONDS >= 1.0 - 1e-9 && days <= CONFIG_MAX_DAYS)) {
            snprintf(problem, problen,
                     "must be a number of days from one second (%.8f) to %.0f; fractions are "
                     "allowed (0.5 = 12 hours)",
                     1.0 / CONFIG_DAY_SECONDS, CONFIG_MAX_DAYS);
            return -1;
        }
        *(double *)(void *)field = days;
        return 0;
    }
    case CONFIG_NUMBER: {
        double v = json_is_number(value) ? json_number_value(value) : key->dmin - 1;
        if (!(v >= key->dmin && v <= key->dmax)) {
            snprintf(problem, problen, "must be a number from %g to %g", key->dmin, key->dmax);
            return -1;
        }
        *(double *)(void *)field = v;
        return 0;
    }
    case CONFIG_BOOL:
        if (!json_is_boolean(value)) {
            snprintf(problem, problen, "must be true or false");
            return -1;
        }
        *(bool *)(void *)field = json_is_true(value);
        return 0;
    case CONFIG_ORIGINS: {
        char *joined;
        if (config_origins_join(value, &joined, problem, problen) != 0)
            return -1;
        free(*(char **)(void *)field);
        *(char **)(void *)field = joined;
        return 0;
    }
    case CONFIG_LOG_LEVEL: {
        ippon_log_level level;
        if (!text || ippon_log_level_parse(text, &level) != 0) {
            snprintf(problem, problen, "must be one of %s", ippon_log_level_names());
            return -1;
        }
        *(ippon_log_level *)(void *)field = level;
        return 0;
    }
    }
    if (config_store_string((char **)(void *)field, text) != 0) {
        snprintf(problem, problen, "out of memory");
        return -1;
    }
    return 0;
}

/* the JSON value that the command-line text of an option stands for (new reference) */
static json_t *config_value_from_text(const config_key *key, const char *text)
{
    if (key->kind == CONFIG_INT) {
        char *end;
        errno = 0;
        long v = strtol(text, &end, 10);
        int digits = isdigit((unsigned char)text[0]) ||
                     (text[0] == '-' && isdigit((unsigned char)text[1]));
        if (digits && !*end && errno == 0)
            return json_integer(v);
    }
    if (key->kind == CONFIG_BOOL && (!strcmp(text, "true") || !strcmp(text, "false")))
        return json_boolean(!strcmp(text, "true"));
    if (key->kind == CONFIG_ORIGINS) { /* written as JSON: ["https://a.example", ...] */
        json_t *list = json_loads(text, JSON_DECODE_ANY, NULL);
        if (list)
            return list;
    }
    if (key->kind == CONFIG_DAYS || key->kind == CONFIG_NUMBER) {
        char *end;
        errno = 0;
        double v = strtod(text, &end);
        if (end != text && !*end && errno == 0 && isfinite(v))
            return json_real(v);
    }
    return json_string_nocheck(text);
}

/* is text UTF-8? (false also if out of memory, which a few bytes never are in practice) */
static int config_is_utf8(const char *text)
{
    json_t *s = json_string(text);
    json_decref(s);
    return s != NULL;
}

static int config_set_from(ippon_config *cfg, const config_key *key, const char *text,
                           const char *origin, char *err, size_t errlen)
{
    char problem[256];
    /* a file holds only UTF-8 text, so an option is held to the same (and every value can be
       shown as JSON again: ippon_config_get_json) */
    if (!config_is_utf8(text)) {
        snprintf(err, errlen, "%s: key \"%s\": must be UTF-8 text", origin, key->name);
        return -1;
    }
    json_t *value = config_value_from_text(key, text);
    if (!value) {
        snprintf(err, errlen, "%s: key \"%s\": out of memory", origin, key->name);
        return -1;
    }
    int rc = config_assign(cfg, key, value, problem, sizeof problem);
    json_decref(value);
    if (rc != 0)
        snprintf(err, errlen, "%s: key \"%s\": %s", origin, key->name, problem);
    return rc;
}

int ippon_config_init(ippon_config *cfg)
{
    char err[1024];
    memset(cfg, 0, sizeof *cfg);
    for (size_t i = 0; i < CONFIG_KEY_COUNT; i++)
        if (config_set_from(cfg, &config_keys[i], config_keys[i].fallback, "default", err,
                            sizeof err) != 0)
            return -1;
    return 0;
}

int ippon_config_set(ippon_config *cfg, const char *name, const char *text, const char *origin,
                     char *err, size_t errlen)
{
    const config_key *key = config_key_find(name);
    if (!key) {
        snprintf(err, errlen, "%s: key \"%s\": unknown key", origin, name);
        return -1;
    }
    return config_set_from(cfg, key, text, origin, err, errlen);
}

/* "port, bind, ..." for the unknown-key message */
static void config_key_list(char *out, size_t outlen)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < CONFIG_KEY_COUNT && n < outlen; i++) {
        int m = snprintf(out + n, outlen - n, "%s%s", i ? ", " : "", config_keys[i].name);
        if (m < 0)
            break;
        n += (size_t)m;
    }
}

int ippon_config_load(ippon_config *cfg, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    /* the whole file, then the same parser as any text (ippon_config_load_text) */
    char *text = NULL, chunk[4096];
    size_t len = 0, n;
    int read_errno = 0;
    while (!read_errno && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        char *grown = realloc(text, len + n);
        if (grown) {
            memcpy(grown + len, chunk, n);
            text = grown;
            len += n;
        } else {
            read_errno = ENOMEM;
        }
    }
    if (!read_errno && ferror(f))
        read_errno = errno ? errno : EIO;
    fclose(f);
    if (read_errno) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(read_errno));
        free(text);
        return -1;
    }
    int rc = ippon_config_load_text(cfg, text ? text : "", len, path, err, errlen);
    free(text);
    return rc;
}

/* the keys of a section ("cluster": {...}), each as the key "<section>.<name>" */
static int config_load_section(ippon_config *cfg, const char *section, const json_t *object, const char *path,
                               char *err, size_t errlen)
{
    if (!json_is_object(object)) {
        snprintf(err, errlen, "%s: key \"%s\": must be an object ({\"key\": value, ...})", path, section);
        return -1;
    }
    const char *name;
    json_t *value;
    json_object_foreach((json_t *)object, name, value) {
        char full[128], problem[256];
        snprintf(full, sizeof full, "%s.%s", section, name);
        const config_key *key = strlen(name) < 64 ? config_key_find(full) : NULL;
        if (!key) {
            snprintf(err, errlen, "%s: key \"%s.%.64s\": unknown key", path, section, name);
            return -1;
        }
        if (config_assign(cfg, key, value, problem, sizeof problem) != 0) {
            snprintf(err, errlen, "%s: key \"%s\": %s", path, full, problem);
            return -1;
        }
    }
    return 0;
}

int ippon_config_load_text(ippon_config *cfg, const char *text, size_t len, const char *path, char *err,
                           size_t errlen)
{
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        snprintf(err, errlen, "%s: line %d, column %d: invalid JSON: %s", path, jerr.line,
                 jerr.column, jerr.text);
        return -1;
    }
    if (!json_is_object(root)) {
        snprintf(err, errlen, "%s: must be a JSON object ({\"key\": value, ...})", path);
        json_decref(root);
        return -1;
    }

    int rc = 0;
    const char *name;
    json_t *value;
    json_object_foreach(root, name, value) {
        if (strcmp(name, CONFIG_CLUSTER_SECTION) == 0) {
            if ((rc = config_load_section(cfg, name, value, path, err, errlen)) != 0)
                break;
            continue;
        }
        const config_key *key = config_key_find(name);
        char problem[256];
        if (!key) {
            char known[768];
            config_key_list(known, sizeof known);
            snprintf(err, errlen, "%s: key \"%s\": unknown key (known keys: %s)", path, name,
                     known);
            rc = -1;
            break;
        }
        if (config_assign(cfg, key, value, problem, sizeof problem) != 0) {
            snprintf(err, errlen, "%s: key \"%s\": %s", path, name, problem);
            rc = -1;
            break;
        }
    }
    json_decref(root);
    return rc;
}

const char *ippon_config_records(const ippon_config *cfg)
{
    return cfg->cluster_postgres[0] ? cfg->cluster_postgres : cfg->database;
}

int ippon_config_records_migrations(const ippon_config *cfg, char *out, size_t outlen)
{
    int n = snprintf(out, outlen, "%s%s", cfg->migrations, cfg->cluster_postgres[0] ? "/postgres" : "");
    return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int ippon_config_season_months(const ippon_config *cfg)
{
    return cfg && ippon_season_months_ok(cfg->season_months) ? cfg->season_months : 1;
}

const char *ippon_config_records_name(const ippon_config *cfg)
{
    return cfg->cluster_postgres[0] ? "PostgreSQL" : cfg->database;
}

int ippon_config_check(const ippon_config *cfg, char *err, size_t errlen)
{
    for (size_t i = 0; i < CONFIG_KEY_COUNT; i++) {
        if (config_keys[i].kind != CONFIG_DIR)
            continue;
        const char *path = *(char *const *)(const void *)((const char *)cfg + config_keys[i].offset);
        struct stat st;
        int found = stat(path, &st) == 0;
        if (!found || !S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "key \"%s\": %s: %s", config_keys[i].name, path,
                     found ? "not a folder" : strerror(errno));
            return -1;
        }
    }
    if (cfg->cluster_node[0] && strcmp(cfg->event_loop, "epoll") != 0) {
        snprintf(err, errlen, "key \"cluster.node\": a cluster node runs on the epoll event loop (key \"event_loop\")");
        return -1;
    }
    if (cfg->cluster_postgres[0] && !ippon_postgres_uri(cfg->cluster_postgres)) {
        snprintf(err, errlen, "key \"cluster.postgres\": must be a PostgreSQL URI (\"postgresql://user@host:port/dbname\")");
        return -1;
    }
    if (cfg->cluster_node[0] && !cfg->cluster_redis[0]) {
        snprintf(err, errlen, "key \"cluster.redis\": a cluster node needs Redis (\"host:port\")");
        return -1;
    }
    ippon_redis_address redis;
    if (cfg->cluster_redis_password_file[0] && ippon_redis_address_parse(cfg->cluster_redis, &redis) &&
        redis.password[0]) {
        snprintf(err, errlen, "key \"cluster.redis_password_file\": the password is in \"cluster.redis\" already: "
                              "give it in one place");
        return -1;
    }
    if (!cfg->cluster_redis_password_file[0] && ippon_redis_address_parse(cfg->cluster_redis, &redis) &&
        redis.user[0] && !redis.password[0]) {
        snprintf(err, errlen, "key \"cluster.redis\": Redis user \"%s\" needs a password (in the URI, or "
                              "\"cluster.redis_password_file\")", redis.user);
        return -1;
    }
    if (!ippon_season_months_ok(cfg->season_months)) {
        snprintf(err, errlen, "key \"season_months\": must divide a year into whole seasons: " IPPON_SEASON_MONTHS_CHOICES
                              " (not %d)", cfg->season_months);
        return -1;
    }
    if (cfg->queue_window_start > cfg->queue_window_cap) {
        snprintf(err, errlen, "key \"queue_window_start\": must not be more than \"queue_window_cap\" (%g > %g)",
                 cfg->queue_window_start, cfg->queue_window_cap);
        return -1;
    }
    if (cfg->login_delay_base_ms > cfg->login_delay_max_ms) {
        snprintf(err, errlen, "key \"login_delay_base_ms\": must not be more than \"login_delay_max_ms\" (%d > %d)",
                 cfg->login_delay_base_ms, cfg->login_delay_max_ms);
        return -1;
    }
    return 0;
}

int ippon_config_set_json(ippon_config *cfg, const char *name, const json_t *value, char *problem,
                          size_t problen)
{
    const config_key *key = config_key_find(name);
    if (!key) {
        snprintf(problem, problen, "unknown key");
        return -1;
    }
    return config_assign(cfg, key, value, problem, problen);
}

/* allowed_origins as it is stored ("a b", "" for none) as a JSON array of its origins */
static json_t *config_origins_json(const char *origins)
{
    json_t *list = json_array();
    for (const char *at = origins; list && *at;) {
        size_t len = strcspn(at, " ");
        if (json_array_append_new(list, json_stringn(at, len)) != 0) {
            json_decref(list);
            return NULL;
        }
        at += len + (at[len] == ' ');
    }
    return list;
}

json_t *ippon_config_get_json(const ippon_config *cfg, const char *name)
{
    const config_key *key = config_key_find(name);
    if (!key)
        return NULL;
    const char *field = (const char *)cfg + key->offset;
    switch (key->kind) {
    case CONFIG_INT: return json_integer(*(const int *)(const void *)field);
    case CONFIG_DAYS:
    case CONFIG_NUMBER: return json_real(*(const double *)(const void *)field);
    case CONFIG_BOOL: return json_boolean(*(const bool *)(const void *)field);
    case CONFIG_LOG_LEVEL: return json_string(ippon_log_level_name(*(const ippon_log_level *)(const void *)field));
    case CONFIG_ADDRESS:
    case CONFIG_WORD:
    case CONFIG_NAME:
    case CONFIG_ENDPOINT:
    case CONFIG_TEXT:
    case CONFIG_PATH:
    case CONFIG_DIR: return json_string(*(char *const *)(const void *)field);
    case CONFIG_ORIGINS: return config_origins_json(*(char *const *)(const void *)field);
    }
    return NULL;
}

/* the kinds' names in ippon_config_keys_json */
static const char *const config_kind_names[] = {
    [CONFIG_INT] = "integer",      [CONFIG_ADDRESS] = "address", [CONFIG_PATH] = "path",
    [CONFIG_DIR] = "folder",       [CONFIG_LOG_LEVEL] = "log_level", [CONFIG_DAYS] = "days",
    [CONFIG_NUMBER] = "number",    [CONFIG_BOOL] = "boolean",   [CONFIG_WORD] = "word",
    [CONFIG_NAME] = "name",        [CONFIG_ENDPOINT] = "endpoint", [CONFIG_TEXT] = "text",
    [CONFIG_ORIGINS] = "origins",
};

/* one key's row: {"key", "type", "min", "max" (integer, number, days), "default"} */
static json_t *config_key_json(const config_key *key, const ippon_config *defaults)
{
    json_t *row = json_pack("{s:s,s:s}", "key", key->name, "type", config_kind_names[key->kind]);
    if (!row)
        return NULL;
    int rc = 0;
    if (key->kind == CONFIG_INT)
        rc = json_object_set_new(row, "min", json_integer(key->min)) |
             json_object_set_new(row, "max", json_integer(key->max));
    else if (key->kind == CONFIG_NUMBER)
        rc = json_object_set_new(row, "min", json_real(key->dmin)) |
             json_object_set_new(row, "max", json_real(key->dmax));
    else if (key->kind == CONFIG_DAYS)
        rc = json_object_set_new(row, "min", json_real(1.0 / CONFIG_DAY_SECONDS)) |
             json_object_set_new(row, "max", json_real(CONFIG_MAX_DAYS));
    else if (key->kind == CONFIG_WORD)
        rc = json_object_set_new(row, "choices", json_string(key->choices));
    if (rc != 0 || json_object_set_new(row, "default", ippon_config_get_json(defaults, key->name)) != 0) {
        json_decref(row);
        return NULL;
    }
    return row;
}

json_t *ippon_config_keys_json(void)
{
    ippon_config defaults;
    int ok = ippon_config_init(&defaults) == 0;
    json_t *keys = ok ? json_array() : NULL;
    for (size_t i = 0; keys && i < CONFIG_KEY_COUNT; i++)
        if (json_array_append_new(keys, config_key_json(&config_keys[i], &defaults)) != 0) {
            json_decref(keys);
            keys = NULL;
        }
    ippon_config_free(&defaults);
    return keys;
}

/* the kinds stored as a malloc'd string */
static bool config_kind_is_text(config_kind kind)
{
    return kind == CONFIG_ADDRESS || kind == CONFIG_WORD || kind == CONFIG_NAME || kind == CONFIG_ENDPOINT ||
           kind == CONFIG_TEXT || kind == CONFIG_PATH || kind == CONFIG_DIR || kind == CONFIG_ORIGINS;
}

void ippon_config_free(ippon_config *cfg)
{
    for (size_t i = 0; i < CONFIG_KEY_COUNT; i++) {
        config_kind kind = config_keys[i].kind;
        if (config_kind_is_text(kind)) {
            char **slot = (char **)(void *)((char *)cfg + config_keys[i].offset);
            free(*slot);
            *slot = NULL;
        }
    }
}
