/*
 * store_admin.c — the SQL of administering the service (store_admin.h): bans, the admin role,
 * renames, voided matches, run-time settings, and the audit log written in the same
 * transaction as each change.
 *
 * How it works: each change runs inside BEGIN IMMEDIATE … COMMIT together with its audit row
 * (sa_audit_insert); any failure rolls both back. A change that finds nothing to change says
 * why: the row is missing (IPPON_STORE_NOT_FOUND) or already in that state
 * (IPPON_STORE_CONFLICT). Lists are built as JSON here, like the rankings (store_rankings.c):
 * users, the audit log, and the pairs of players who often meet at ranked tables.
 */
#include "store/store_admin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/store_private.h"

#define SA_MAX_QUERY 64 /* bytes of a user search */

static sqlite3_stmt *sa_prepare(ippon_store *st, const char *sql)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK) {
        ippon_store_failed(st, sql);
        sqlite3_finalize(q);
        return NULL;
    }
    return q;
}

/* commit if rc is 0, else roll back; returns rc (or -1 if the commit failed) */
static int sa_end(ippon_store *st, int rc)
{
    if (rc == 0 && ippon_store_exec(st, "COMMIT") == 0)
        return 0;
    if (!sqlite3_get_autocommit(st->db))
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return rc == 0 ? -1 : rc;
}

/* step a write statement to its end and finalize it: 0, or -1 (logged) */
static int sa_step_done(ippon_store *st, sqlite3_stmt *q, const char *what)
{
    int rc = sqlite3_step(q) == SQLITE_DONE ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, what);
    sqlite3_finalize(q);
    return rc;
}

static int sa_audit_insert(ippon_store *st, const ippon_audit *a)
{
    sqlite3_stmt *q = sa_prepare(st, "INSERT INTO admin_audit (at, admin_id, admin_name, action, target, reason, detail)"
                                     " VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (!q)
        return -1;
    char *detail = a->detail ? json_dumps(a->detail, JSON_COMPACT) : NULL;
    sqlite3_bind_int64(q, 1, a->at_ms);
    sqlite3_bind_text(q, 2, a->admin_id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, a->admin_name ? a->admin_name : "", -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 4, a->action, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 5, a->target ? a->target : "", -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 6, a->reason ? a->reason : "", -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 7, detail ? detail : "{}", -1, SQLITE_TRANSIENT);
    free(detail);
    return sa_step_done(st, q, "insert audit row");
}

int ippon_store_audit_add(ippon_store *st, const ippon_audit *audit)
{
    return sa_audit_insert(st, audit);
}

static json_t *sa_text(sqlite3_stmt *q, int i)
{
    const unsigned char *s = sqlite3_column_text(q, i);
    return s ? json_string((const char *)s) : json_null();
}

static json_t *sa_int(sqlite3_stmt *q, int i)
{
    return sqlite3_column_type(q, i) == SQLITE_NULL ? json_null() : json_integer(sqlite3_column_int64(q, i));
}

/* a count query's single number, or -1 */
static int64_t sa_count(sqlite3_stmt *q)
{
    int64_t n = q && sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int64(q, 0) : -1;
    sqlite3_finalize(q);
    return n;
}

/* one side of a pair row: columns id, name, total, won from the other, from `first` on */
static json_t *sa_pair_player(sqlite3_stmt *q, int first)
{
    return json_pack("{s:o,s:o,s:I,s:I}", "id", sa_text(q, first), "display_name", sa_text(q, first + 1), "total",
                     (json_int_t)sqlite3_column_int64(q, first + 2), "won_from_other",
                     (json_int_t)sqlite3_column_int64(q, first + 3));
}

int ippon_store_admin_pairs(ippon_store *st, int64_t since_ms, int min_games, int page, int limit, json_t **out)
{
    *out = NULL;
    /* one walk of the window's games (the partial index of 0008), each human met with the other
       humans of its match; total: the pairs before paging, counted in the same pass */
    sqlite3_stmt *q = sa_prepare(st,
        "WITH pairs AS ("
        " SELECT a.user_id AS lo, b.user_id AS hi, count(*) AS games, max(a.ended_at) AS last_at,"
        "  sum(a.result) AS lo_total, sum(a.won AND b.dealt_in) AS lo_won,"
        "  sum(b.result) AS hi_total, sum(b.won AND a.dealt_in) AS hi_won"
        " FROM match_players a INDEXED BY match_players_counted_time"
        " JOIN match_players b ON b.match_id = a.match_id AND b.user_id > a.user_id AND b.counted = 1 AND b.is_bot = 0"
        " WHERE a.counted = 1 AND a.is_bot = 0 AND a.ended_at >= ?1"
        " GROUP BY a.user_id, b.user_id HAVING count(*) >= ?2)"
        " SELECT p.games, p.last_at, p.lo, ua.display_name, p.lo_total, p.lo_won,"
        "  p.hi, ub.display_name, p.hi_total, p.hi_won, count(*) OVER ()"
        " FROM pairs p JOIN users ua ON ua.id = p.lo JOIN users ub ON ub.id = p.hi"
        " ORDER BY p.games DESC, p.last_at DESC, p.lo, p.hi LIMIT ?3 OFFSET ?4");
    json_t *pairs = json_array();
    if (!q || !pairs) {
        sqlite3_finalize(q);
        json_decref(pairs);
        return -1;
    }
    sqlite3_bind_int64(q, 1, since_ms);
    sqlite3_bind_int(q, 2, min_games);
    sqlite3_bind_int(q, 3, limit);
    sqlite3_bind_int64(q, 4, (int64_t)(page - 1) * limit);
    int rc;
    int64_t total = 0;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        json_array_append_new(pairs, json_pack("{s:I,s:I,s:[o,o]}", "games", (json_int_t)sqlite3_column_int64(q, 0),
                                               "last_at", (json_int_t)sqlite3_column_int64(q, 1), "players",
                                               sa_pair_player(q, 2), sa_pair_player(q, 6)));
        total = sqlite3_column_int64(q, 10);
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE) {
        ippon_store_failed(st, "the pairs of players");
        json_decref(pairs);
        return -1;
    }
    if (total == 0 && page > 1) { /* past the last page: the count needs a page of its own */
        json_t *first = NULL;
        if (ippon_store_admin_pairs(st, since_ms, min_games, 1, 1, &first) != 0) {
            json_decref(pairs);
            return -1;
        }
        total = json_integer_value(json_object_get(first, "total"));
        json_decref(first);
    }
    *out = json_pack("{s:I,s:o}", "total", (json_int_t)total, "pairs", pairs);
    return 0;
}

int ippon_store_audit_list(ippon_store *st, const char *action, int page, int limit, json_t **out)
{
    *out = NULL;
    sqlite3_stmt *qc = sa_prepare(st, "SELECT count(*) FROM admin_audit WHERE ?1 IS NULL OR action = ?1");
    if (qc)
        sqlite3_bind_text(qc, 1, action, -1, SQLITE_STATIC);
    int64_t total = sa_count(qc);
    sqlite3_stmt *q = sa_prepare(st, "SELECT id, at, admin_id, admin_name, action, target, reason, detail"
                                     " FROM admin_audit WHERE ?1 IS NULL OR action = ?1"
                                     " ORDER BY id DESC LIMIT ?2 OFFSET ?3");
    json_t *entries = json_array();
    if (total < 0 || !q || !entries) {
        sqlite3_finalize(q);
        json_decref(entries);
        return -1;
    }
    sqlite3_bind_text(q, 1, action, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 2, limit);
    sqlite3_bind_int64(q, 3, (int64_t)(page - 1) * limit);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *detail_text = (const char *)sqlite3_column_text(q, 7);
        json_t *detail = detail_text ? json_loads(detail_text, 0, NULL) : NULL;
        json_array_append_new(entries, json_pack("{s:I,s:I,s:o,s:o,s:o,s:o,s:o,s:o}", "id",
                                                 (json_int_t)sqlite3_column_int64(q, 0), "at",
                                                 (json_int_t)sqlite3_column_int64(q, 1), "admin_id", sa_text(q, 2),
                                                 "admin_name", sa_text(q, 3), "action", sa_text(q, 4), "target",
                                                 sa_text(q, 5), "reason", sa_text(q, 6), "detail",
                                                 detail ? detail : json_object()));
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE) {
        ippon_log_error("store: audit list: %s", sqlite3_errmsg(st->db));
        json_decref(entries);
        return -1;
    }
    *out = json_pack("{s:I,s:o}", "total", (json_int_t)total, "entries", entries);
    return *out ? 0 : -1;
}

/* "%query%" for LIKE with % _ and \ escaped by '\' */
static void sa_like_pattern(const char *query, char *out, size_t outlen)
{
    size_t n = 0;
    out[n++] = '%';
    for (const char *p = query; *p && n + 3 < outlen; p++) {
        if (*p == '%' || *p == '_' || *p == '\\')
            out[n++] = '\\';
        out[n++] = *p;
    }
    out[n++] = '%';
    out[n] = '\0';
}

int ippon_store_admin_users(ippon_store *st, const char *query, bool banned_only, int page, int limit,
                            json_t **out)
{
#define SA_USERS_WHERE                                                                                        \
    " WHERE (?1 IS NULL OR display_name LIKE ?1 ESCAPE '\\' OR username LIKE ?1 ESCAPE '\\' OR id = ?2)"      \
    " AND (?3 = 0 OR banned_at IS NOT NULL)"
    *out = NULL;
    char pattern[2 * SA_MAX_QUERY + 3];
    int searching = query && *query;
    if (searching)
        sa_like_pattern(query, pattern, sizeof pattern);
    sqlite3_stmt *qc = sa_prepare(st, "SELECT count(*) FROM users" SA_USERS_WHERE);
    sqlite3_stmt *q = sa_prepare(st, "SELECT id, display_name, username, is_admin, banned_at, ban_reason, created_at,"
                                     " last_seen_at FROM users" SA_USERS_WHERE
                                     " ORDER BY last_seen_at DESC, id LIMIT ?4 OFFSET ?5");
    for (sqlite3_stmt **s = (sqlite3_stmt *[]){qc, q}, **e = s + 2; s < e; s++) {
        if (!*s)
            continue;
        sqlite3_bind_text(*s, 1, searching ? pattern : NULL, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(*s, 2, searching ? query : NULL, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(*s, 3, banned_only ? 1 : 0);
    }
    int64_t total = sa_count(qc);
    json_t *users = json_array();
    if (total < 0 || !q || !users) {
        sqlite3_finalize(q);
        json_decref(users);
        return -1;
    }
    sqlite3_bind_int(q, 4, limit);
    sqlite3_bind_int64(q, 5, (int64_t)(page - 1) * limit);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        json_array_append_new(users, json_pack("{s:o,s:o,s:o,s:b,s:b,s:o,s:o,s:o,s:o}", "id", sa_text(q, 0),
                                               "display_name", sa_text(q, 1), "username", sa_text(q, 2), "guest",
                                               sqlite3_column_type(q, 2) == SQLITE_NULL, "admin",
                                               sqlite3_column_int(q, 3) != 0, "banned_at", sa_int(q, 4),
                                               "ban_reason", sa_text(q, 5), "created_at", sa_int(q, 6),
                                               "last_seen_at", sa_int(q, 7)));
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE) {
        ippon_log_error("store: admin users: %s", sqlite3_errmsg(st->db));
        json_decref(users);
        return -1;
    }
    *out = json_pack("{s:I,s:o}", "total", (json_int_t)total, "users", users);
    return *out ? 0 : -1;
#undef SA_USERS_WHERE
}

/*
 * After an UPDATE … WHERE id = ? AND <state> changed nothing: does the row exist (then it was
 * already in the asked state: CONFLICT) or not (NOT_FOUND)? -1 if the query failed.
 */
static int sa_nothing_changed(ippon_store *st, const char *exists_sql, const char *id)
{
    sqlite3_stmt *q = sa_prepare(st, exists_sql);
    if (!q)
        return -1;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    int step = sqlite3_step(q);
    sqlite3_finalize(q);
    return step == SQLITE_ROW ? IPPON_STORE_CONFLICT : step == SQLITE_DONE ? IPPON_STORE_NOT_FOUND : -1;
}

/* run UPDATE sql (bound by bind) in a transaction with the audit row */
static int sa_update_audited(ippon_store *st, const char *sql, const char *exists_sql, const char *id,
                             void (*bind)(sqlite3_stmt *, const void *), const void *args, const ippon_audit *audit)
{
    if (ippon_store_exec(st, "BEGIN IMMEDIATE") != 0)
        return -1;
    sqlite3_stmt *q = sa_prepare(st, sql);
    int rc = q ? 0 : -1;
    if (q) {
        bind(q, args);
        rc = sa_step_done(st, q, sql);
    }
    if (rc == 0 && sqlite3_changes(st->db) == 0)
        rc = sa_nothing_changed(st, exists_sql, id);
    if (rc == 0)
        rc = sa_audit_insert(st, audit);
    return sa_end(st, rc);
}

typedef struct sa_ban_args {
    const char *user_id, *reason;
    long long now_s;
} sa_ban_args;

static void sa_bind_ban(sqlite3_stmt *q, const void *p)
{
    const sa_ban_args *a = p;
    sqlite3_bind_int64(q, 1, a->now_s);
    sqlite3_bind_text(q, 2, a->reason, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, a->user_id, -1, SQLITE_STATIC);
}

static const char sa_user_exists[] = "SELECT 1 FROM users WHERE id = ?1";

int ippon_store_user_ban(ippon_store *st, const char *user_id, const char *reason, long long now_s,
                         const ippon_audit *audit)
{
    sa_ban_args a = {user_id, reason, now_s};
    return sa_update_audited(st, "UPDATE users SET banned_at = ?1, ban_reason = ?2 WHERE id = ?3 AND banned_at IS NULL",
                             sa_user_exists, user_id, sa_bind_ban, &a, audit);
}

static void sa_bind_id(sqlite3_stmt *q, const void *p)
{
    sqlite3_bind_text(q, 1, p, -1, SQLITE_STATIC);
}

int ippon_store_user_unban(ippon_store *st, const char *user_id, const ippon_audit *audit)
{
    return sa_update_audited(st, "UPDATE users SET banned_at = NULL, ban_reason = NULL WHERE id = ?1 AND banned_at IS NOT NULL",
                             sa_user_exists, user_id, sa_bind_id, user_id, audit);
}

typedef struct sa_void_args {
    const char *match_id, *reason;
    int64_t now_ms;
} sa_void_args;

static void sa_bind_void(sqlite3_stmt *q, const void *p)
{
    const sa_void_args *a = p;
    sqlite3_bind_int64(q, 1, a->now_ms);
    sqlite3_bind_text(q, 2, a->reason, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, a->match_id, -1, SQLITE_STATIC);
}

int ippon_store_match_void(ippon_store *st, const char *match_id, const char *reason, int64_t now_ms,
                           const ippon_audit *audit)
{
    sa_void_args a = {match_id, reason, now_ms};
    return sa_update_audited(st, "UPDATE matches SET voided_at = ?1, void_reason = ?2 WHERE id = ?3 AND voided_at IS NULL",
                             "SELECT 1 FROM matches WHERE id = ?1", match_id, sa_bind_void, &a, audit);
}

int ippon_store_admin_rename(ippon_store *st, const char *user_id, const char *display_name,
                             const ippon_audit *audit)
{
    if (ippon_store_exec(st, "BEGIN IMMEDIATE") != 0)
        return -1;
    int taken = 0;
    int rc = ippon_store_user_rename(st, user_id, display_name, &taken);
    if (rc == 0)
        rc = sa_audit_insert(st, audit);
    return sa_end(st, rc);
}

int ippon_store_admin_create(ippon_store *st, const ippon_user *user, const char *password_hash,
                             int *taken, const ippon_audit *audit)
{
    *taken = 0;
    if (ippon_store_exec(st, "BEGIN IMMEDIATE") != 0)
        return -1;
    int rc = ippon_store_names_taken(st, user->username, user->display_name, NULL, taken);
    if (rc == 0 && *taken)
        rc = IPPON_STORE_CONFLICT;
    sqlite3_stmt *q = NULL;
    if (rc == 0 && !(q = sa_prepare(st, "INSERT INTO users (id, display_name, username, password_hash, is_admin,"
                                        " created_at, last_seen_at) VALUES (?, ?, ?, ?, 1, ?, ?)")))
        rc = -1;
    if (rc == 0) {
        sqlite3_bind_text(q, 1, user->id, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 2, user->display_name, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 3, user->username, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 4, password_hash, -1, SQLITE_STATIC);
        sqlite3_bind_int64(q, 5, user->created_at);
        sqlite3_bind_int64(q, 6, user->created_at);
        rc = sa_step_done(st, q, "insert admin");
    }
    if (rc == 0)
        rc = sa_audit_insert(st, audit);
    return sa_end(st, rc);
}

int ippon_store_user_set_admin(ippon_store *st, const char *username, bool admin, ippon_user *user,
                               const ippon_audit *audit)
{
    ippon_user found;
    char hash[8];
    if (ippon_store_exec(st, "BEGIN IMMEDIATE") != 0)
        return -1;
    int rc = ippon_store_user_by_username(st, username, &found, hash, sizeof hash);
    if (rc == 0 && found.is_admin == admin)
        rc = IPPON_STORE_CONFLICT;
    sqlite3_stmt *q = NULL;
    if (rc == 0 && !(q = sa_prepare(st, "UPDATE users SET is_admin = ?1 WHERE id = ?2")))
        rc = -1;
    if (rc == 0) {
        sqlite3_bind_int(q, 1, admin ? 1 : 0);
        sqlite3_bind_text(q, 2, found.id, -1, SQLITE_STATIC);
        rc = sa_step_done(st, q, "set admin");
    }
    if (rc == 0) {
        ippon_audit a = *audit;
        a.target = found.id;
        rc = sa_audit_insert(st, &a);
    }
    rc = sa_end(st, rc);
    if (rc == 0 && user) {
        *user = found;
        user->is_admin = admin;
    }
    return rc;
}

int ippon_store_user_ban_reason(ippon_store *st, const char *user_id, char *out, size_t outlen)
{
    sqlite3_stmt *q = sa_prepare(st, "SELECT ban_reason FROM users WHERE id = ?1");
    if (!q)
        return -1;
    sqlite3_bind_text(q, 1, user_id, -1, SQLITE_STATIC);
    int step = sqlite3_step(q);
    const unsigned char *text = step == SQLITE_ROW ? sqlite3_column_text(q, 0) : NULL;
    snprintf(out, outlen, "%s", text ? (const char *)text : "");
    sqlite3_finalize(q);
    return step == SQLITE_ROW ? 0 : step == SQLITE_DONE ? IPPON_STORE_NOT_FOUND : -1;
}

int ippon_store_settings_get(ippon_store *st, json_t **out)
{
    *out = NULL;
    sqlite3_stmt *q = sa_prepare(st, "SELECT key, value, updated_at FROM settings ORDER BY key");
    json_t *all = json_object();
    if (!q || !all) {
        sqlite3_finalize(q);
        json_decref(all);
        return -1;
    }
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *key = (const char *)sqlite3_column_text(q, 0);
        const char *text = (const char *)sqlite3_column_text(q, 1);
        json_t *value = text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
        if (!key || !value) {
            ippon_log_warn("store: setting \"%s\" is not valid JSON (%s); ignored", key ? key : "?",
                           text ? text : "NULL");
            json_decref(value);
            continue;
        }
        json_object_set_new(all, key, json_pack("{s:o,s:I}", "value", value, "updated_at",
                                                (json_int_t)sqlite3_column_int64(q, 2)));
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE) {
        ippon_log_error("store: settings: %s", sqlite3_errmsg(st->db));
        json_decref(all);
        return -1;
    }
    *out = all;
    return 0;
}

int ippon_store_settings_put(ippon_store *st, const json_t *values, long long now_s, const ippon_audit *audit)
{
    if (ippon_store_exec(st, "BEGIN IMMEDIATE") != 0)
        return -1;
    sqlite3_stmt *q = sa_prepare(st, "INSERT INTO settings (key, value, updated_at) VALUES (?1, ?2, ?3)"
                                     " ON CONFLICT (key) DO UPDATE SET value = excluded.value,"
                                     " updated_at = excluded.updated_at");
    int rc = q ? 0 : -1;
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)values, key, value) {
        if (rc != 0)
            break;
        char *text = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
        sqlite3_bind_text(q, 1, key, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 2, text ? text : "null", -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(q, 3, now_s);
        if (sqlite3_step(q) != SQLITE_DONE) {
            char what[300];
            snprintf(what, sizeof what, "save setting %s", key);
            ippon_store_failed(st, what);
            rc = -1;
        }
        sqlite3_reset(q);
        free(text);
    }
    sqlite3_finalize(q);
    if (rc == 0)
        rc = sa_audit_insert(st, audit);
    return sa_end(st, rc);
}
