/*
 * store_admin.c — the SQL of administering the service (store_admin.h): bans, the admin role,
 * renames, voided matches (their ratings undone in the same transaction: rating_replay.h),
 * run-time settings, and the audit log written in the same transaction as each change.
 *
 * How it works: each change runs inside BEGIN IMMEDIATE … COMMIT together with its audit row
 * (sa_audit_insert); any failure rolls both back. A change that finds nothing to change says
 * why: the row is missing (IPPON_STORE_NOT_FOUND) or already in that state
 * (IPPON_STORE_CONFLICT). The lists — users, the audit log, and the pairs of players who often
 * meet at ranked tables — are read into plain rows with their total (store_admin.h); the REST
 * replies made of them are api/admin_rest.c's. The JSON here is stored data: an audit row's
 * detail written as its text, and the settings' values.
 */
#include "store/store_admin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/rating_replay.h"
#include "store/season_writes.h"
#include "store/store_private.h"

#define SA_MAX_QUERY 64 /* bytes of a user search */

static ippon_sql_stmt *sa_prepare(ippon_store *st, const char *sql)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        ippon_store_failed(st, sql);
    return q;
}

/* commit if rc is 0, else roll back; returns rc (or -1 if the commit failed) */
static int sa_end(ippon_store *st, int rc)
{
    if (rc == 0 && ippon_store_exec(st, "COMMIT") == 0)
        return 0;
    ippon_sql_rollback(st->db);
    return rc == 0 ? -1 : rc;
}

/* step a write statement to its end and finalize it: 0, or -1 (logged) */
static int sa_step_done(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = ippon_sql_step(q) == IPPON_SQL_DONE ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, what);
    ippon_sql_finalize(q);
    return rc;
}

static int sa_audit_insert(ippon_store *st, const ippon_audit *a)
{
    ippon_sql_stmt *q = sa_prepare(st, "INSERT INTO admin_audit (at, admin_id, admin_name, action, target, reason, detail)"
                                     " VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (!q)
        return -1;
    char *detail = a->detail ? json_dumps(a->detail, JSON_COMPACT) : NULL;
    ippon_sql_bind_int64(q, 1, a->at_ms);
    ippon_sql_bind_text(q, 2, a->admin_id);
    ippon_sql_bind_text(q, 3, a->admin_name ? a->admin_name : "");
    ippon_sql_bind_text(q, 4, a->action);
    ippon_sql_bind_text(q, 5, a->target ? a->target : "");
    ippon_sql_bind_text(q, 6, a->reason ? a->reason : "");
    ippon_sql_bind_text(q, 7, detail ? detail : "{}");
    free(detail);
    return sa_step_done(st, q, "insert audit row");
}

int ippon_store_audit_add(ippon_store *st, const ippon_audit *audit)
{
    return sa_audit_insert(st, audit);
}

/* a count query's single number, or -1 */
static int64_t sa_count(ippon_sql_stmt *q)
{
    int64_t n = q && ippon_sql_step(q) == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : -1;
    ippon_sql_finalize(q);
    return n;
}

/* room for one more of *n items of size bytes in *items (capacity *cap): the new item, zeroed, or NULL */
static void *sa_push(void **items, size_t *n, size_t *cap, size_t size)
{
    if (*n == *cap) {
        size_t more = *cap ? 2 * *cap : 16;
        void *grown = realloc(*items, more * size);
        if (!grown)
            return NULL;
        *items = grown;
        *cap = more;
    }
    void *item = (char *)*items + (*n)++ * size;
    memset(item, 0, size);
    return item;
}

/* column i's text into dst (dstlen bytes; "" for NULL) */
static void sa_copy(ippon_sql_stmt *q, int i, char *dst, size_t dstlen)
{
    const char *s = ippon_sql_column_text(q, i);
    snprintf(dst, dstlen, "%s", s ? s : "");
}

/* column i's text, malloc'd, into *dst (NULL for NULL): 0, or -1 out of memory */
static int sa_dup(ippon_sql_stmt *q, int i, char **dst)
{
    const char *s = ippon_sql_column_text(q, i);
    *dst = s ? strdup(s) : NULL;
    return s && !*dst ? -1 : 0;
}

/* one side of a pair row: columns id, name, total, won from the other, from `first` on */
static void sa_pair_player(ippon_sql_stmt *q, int first, ippon_pair_player *p)
{
    sa_copy(q, first, p->id, sizeof p->id);
    sa_copy(q, first + 1, p->display_name, sizeof p->display_name);
    p->total = ippon_sql_column_int64(q, first + 2);
    p->won_from_other = ippon_sql_column_int64(q, first + 3);
}

void ippon_pair_list_free(ippon_pair_list *list)
{
    if (!list)
        return;
    free(list->pairs);
    memset(list, 0, sizeof *list);
}

int ippon_store_admin_pairs(ippon_store *st, int64_t since_ms, int min_games, int page, int limit,
                            ippon_pair_list *out)
{
    memset(out, 0, sizeof *out);
    /* one walk of the window's games (the partial index of 0008, which SQLite is told to use: its
       planner otherwise starts from the users), each human met with the other humans of its match;
       total: the pairs before paging, counted in the same pass */
    char sql[1400];
    snprintf(sql, sizeof sql,
        "WITH pairs AS ("
        " SELECT a.user_id AS lo, b.user_id AS hi, count(*) AS games, max(a.ended_at) AS last_at,"
        "  sum(a.result) AS lo_total, sum(a.won * b.dealt_in) AS lo_won,"
        "  sum(b.result) AS hi_total, sum(b.won * a.dealt_in) AS hi_won"
        " FROM match_players a%s"
        " JOIN match_players b ON b.match_id = a.match_id AND b.user_id > a.user_id AND b.counted = 1 AND b.is_bot = 0"
        " WHERE a.counted = 1 AND a.is_bot = 0 AND a.ended_at >= ?1"
        " GROUP BY a.user_id, b.user_id HAVING count(*) >= ?2)"
        " SELECT p.games, p.last_at, p.lo, ua.display_name, p.lo_total, p.lo_won,"
        "  p.hi, ub.display_name, p.hi_total, p.hi_won, count(*) OVER ()"
        " FROM pairs p JOIN users ua ON ua.id = p.lo JOIN users ub ON ub.id = p.hi"
        " ORDER BY p.games DESC, p.last_at DESC, p.lo, p.hi LIMIT ?3 OFFSET ?4",
        ippon_sql_engine_of(st->db) == IPPON_SQL_SQLITE ? " INDEXED BY match_players_counted_time" : "");
    ippon_sql_stmt *q = sa_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_int64(q, 1, since_ms);
    ippon_sql_bind_int64(q, 2, min_games);
    ippon_sql_bind_int64(q, 3, limit);
    ippon_sql_bind_int64(q, 4, (int64_t)(page - 1) * limit);
    int rc;
    size_t cap = 0;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_player_pair *p = sa_push((void **)&out->pairs, &out->count, &cap, sizeof *p);
        if (!p) {
            ippon_log_error("store: the pairs of players: out of memory");
            break;
        }
        p->games = ippon_sql_column_int64(q, 0);
        p->last_at_ms = ippon_sql_column_int64(q, 1);
        sa_pair_player(q, 2, &p->players[0]);
        sa_pair_player(q, 6, &p->players[1]);
        out->total = ippon_sql_column_int64(q, 10);
    }
    if (rc != IPPON_SQL_ROW && rc != IPPON_SQL_DONE)
        ippon_store_failed(st, "the pairs of players");
    ippon_sql_finalize(q);
    if (rc != IPPON_SQL_DONE) {
        ippon_pair_list_free(out);
        return -1;
    }
    if (out->total == 0 && page > 1) { /* past the last page: the count needs a page of its own */
        ippon_pair_list first;
        if (ippon_store_admin_pairs(st, since_ms, min_games, 1, 1, &first) != 0) {
            ippon_pair_list_free(out);
            return -1;
        }
        out->total = first.total;
        ippon_pair_list_free(&first);
    }
    return 0;
}

void ippon_audit_list_free(ippon_audit_list *list)
{
    if (!list)
        return;
    for (size_t i = 0; i < list->count; i++) {
        ippon_audit_entry *e = &list->entries[i];
        free(e->admin_name);
        free(e->action);
        free(e->target);
        free(e->reason);
        free(e->detail);
    }
    free(list->entries);
    memset(list, 0, sizeof *list);
}

/* the current audit row (columns id, at, admin_id, admin_name, action, target, reason, detail): 0, or -1 out of memory */
static int sa_audit_entry(ippon_sql_stmt *q, ippon_audit_entry *e)
{
    e->id = ippon_sql_column_int64(q, 0);
    e->at_ms = ippon_sql_column_int64(q, 1);
    sa_copy(q, 2, e->admin_id, sizeof e->admin_id);
    return sa_dup(q, 3, &e->admin_name) | sa_dup(q, 4, &e->action) | sa_dup(q, 5, &e->target) |
           sa_dup(q, 6, &e->reason) | sa_dup(q, 7, &e->detail);
}

int ippon_store_audit_list(ippon_store *st, const char *action, int page, int limit, ippon_audit_list *out)
{
    memset(out, 0, sizeof *out);
    ippon_sql_stmt *qc = sa_prepare(st, "SELECT count(*) FROM admin_audit WHERE CAST(?1 AS TEXT) IS NULL OR action = ?1");
    if (qc)
        ippon_sql_bind_text(qc, 1, action);
    int64_t total = sa_count(qc);
    ippon_sql_stmt *q = sa_prepare(st, "SELECT id, at, admin_id, admin_name, action, target, reason, detail"
                                     " FROM admin_audit WHERE CAST(?1 AS TEXT) IS NULL OR action = ?1"
                                     " ORDER BY id DESC LIMIT ?2 OFFSET ?3");
    if (total < 0 || !q) {
        ippon_sql_finalize(q);
        return -1;
    }
    out->total = total;
    ippon_sql_bind_text(q, 1, action);
    ippon_sql_bind_int64(q, 2, limit);
    ippon_sql_bind_int64(q, 3, (int64_t)(page - 1) * limit);
    int rc;
    size_t cap = 0;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_audit_entry *e = sa_push((void **)&out->entries, &out->count, &cap, sizeof *e);
        if (!e || sa_audit_entry(q, e) != 0) {
            ippon_log_error("store: audit list: out of memory");
            break;
        }
    }
    if (rc != IPPON_SQL_ROW && rc != IPPON_SQL_DONE)
        ippon_log_error("store: audit list: %s", ippon_sql_errmsg(st->db));
    ippon_sql_finalize(q);
    if (rc != IPPON_SQL_DONE) {
        ippon_audit_list_free(out);
        return -1;
    }
    return 0;
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

void ippon_admin_user_list_free(ippon_admin_user_list *list)
{
    if (!list)
        return;
    for (size_t i = 0; i < list->count; i++) {
        free(list->users[i].ban_reason);
        free(list->users[i].suspend_reason);
    }
    free(list->users);
    memset(list, 0, sizeof *list);
}

/* the current users row (columns id, display_name, username, is_admin, banned_at, ban_reason,
   created_at, last_seen_at, is_bot, and a bot's owner_id, owner's name, suspended_at, suspend_reason,
   deleted_at): 0, or -1 out of memory */
static int sa_admin_user(ippon_sql_stmt *q, ippon_admin_user *a)
{
    ippon_user *u = &a->user;
    sa_copy(q, 0, u->id, sizeof u->id);
    sa_copy(q, 1, u->display_name, sizeof u->display_name);
    sa_copy(q, 2, u->username, sizeof u->username);
    u->is_bot = ippon_sql_column_int(q, 8) != 0;
    u->guest = ippon_sql_column_is_null(q, 2) && !u->is_bot;
    u->is_admin = ippon_sql_column_int(q, 3) != 0;
    u->banned = !ippon_sql_column_is_null(q, 4);
    u->banned_at = ippon_sql_column_int64(q, 4);
    u->created_at = ippon_sql_column_int64(q, 6);
    u->last_seen_at = ippon_sql_column_int64(q, 7);
    sa_copy(q, 9, a->owner_id, sizeof a->owner_id);
    sa_copy(q, 10, a->owner_name, sizeof a->owner_name);
    a->suspended_at = ippon_sql_column_is_null(q, 11) ? 0 : ippon_sql_column_int64(q, 11);
    a->deleted = !ippon_sql_column_is_null(q, 13);
    return sa_dup(q, 5, &a->ban_reason) != 0 || sa_dup(q, 12, &a->suspend_reason) != 0 ? -1 : 0;
}

int ippon_store_admin_users(ippon_store *st, const char *query, bool banned_only, bool bots_only, int page, int limit,
                            ippon_admin_user_list *out)
{
#define SA_USERS_WHERE                                                                                        \
    " WHERE (CAST(?1 AS TEXT) IS NULL OR lower(u.display_name) LIKE lower(?1) ESCAPE '\\'"                  \
    "        OR lower(u.username) LIKE lower(?1) ESCAPE '\\' OR u.id = ?2)"                                  \
    " AND (?3 = 0 OR u.banned_at IS NOT NULL) AND (?4 = 0 OR u.is_bot = 1)"
    memset(out, 0, sizeof *out);
    char pattern[2 * SA_MAX_QUERY + 3];
    int searching = query && *query;
    if (searching)
        sa_like_pattern(query, pattern, sizeof pattern);
    ippon_sql_stmt *qc = sa_prepare(st, "SELECT count(*) FROM users u" SA_USERS_WHERE);
    ippon_sql_stmt *q = sa_prepare(st, "SELECT u.id, u.display_name, u.username, u.is_admin, u.banned_at, u.ban_reason,"
                                     " u.created_at, u.last_seen_at, u.is_bot, b.owner_id, o.display_name,"
                                     " b.suspended_at, b.suspend_reason, b.deleted_at FROM users u"
                                     " LEFT JOIN bots b ON b.user_id = u.id LEFT JOIN users o ON o.id = b.owner_id"
                                     SA_USERS_WHERE " ORDER BY u.last_seen_at DESC, u.id LIMIT ?5 OFFSET ?6");
    for (ippon_sql_stmt **s = (ippon_sql_stmt *[]){qc, q}, **e = s + 2; s < e; s++) {
        if (!*s)
            continue;
        ippon_sql_bind_text(*s, 1, searching ? pattern : NULL);
        ippon_sql_bind_text(*s, 2, searching ? query : NULL);
        ippon_sql_bind_int64(*s, 3, banned_only ? 1 : 0);
        ippon_sql_bind_int64(*s, 4, bots_only ? 1 : 0);
    }
    int64_t total = sa_count(qc);
    if (total < 0 || !q) {
        ippon_sql_finalize(q);
        return -1;
    }
    out->total = total;
    ippon_sql_bind_int64(q, 5, limit);
    ippon_sql_bind_int64(q, 6, (int64_t)(page - 1) * limit);
    int rc;
    size_t cap = 0;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_admin_user *u = sa_push((void **)&out->users, &out->count, &cap, sizeof *u);
        if (!u || sa_admin_user(q, u) != 0) {
            ippon_log_error("store: admin users: out of memory");
            break;
        }
    }
    if (rc != IPPON_SQL_ROW && rc != IPPON_SQL_DONE)
        ippon_log_error("store: admin users: %s", ippon_sql_errmsg(st->db));
    ippon_sql_finalize(q);
    if (rc != IPPON_SQL_DONE) {
        ippon_admin_user_list_free(out);
        return -1;
    }
    return 0;
#undef SA_USERS_WHERE
}

/*
 * After an UPDATE … WHERE id = ? AND <state> changed nothing: does the row exist (then it was
 * already in the asked state: CONFLICT) or not (NOT_FOUND)? -1 if the query failed.
 */
static int sa_nothing_changed(ippon_store *st, const char *exists_sql, const char *id)
{
    ippon_sql_stmt *q = sa_prepare(st, exists_sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int step = ippon_sql_step(q);
    ippon_sql_finalize(q);
    return step == IPPON_SQL_ROW ? IPPON_STORE_CONFLICT : step == IPPON_SQL_DONE ? IPPON_STORE_NOT_FOUND : -1;
}

/* run UPDATE sql (bound by bind) in a transaction with the audit row, and then(st, id) if not NULL */
static int sa_update_audited(ippon_store *st, const char *sql, const char *exists_sql, const char *id,
                             void (*bind)(ippon_sql_stmt *, const void *), const void *args, const ippon_audit *audit,
                             int (*then)(ippon_store *, const char *))
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *q = sa_prepare(st, sql);
    int rc = q ? 0 : -1;
    if (q) {
        bind(q, args);
        rc = sa_step_done(st, q, sql);
    }
    if (rc == 0 && ippon_sql_changes(st->db) == 0)
        rc = sa_nothing_changed(st, exists_sql, id);
    if (rc == 0 && then)
        rc = then(st, id);
    if (rc == 0)
        rc = sa_audit_insert(st, audit);
    return sa_end(st, rc);
}

typedef struct sa_ban_args {
    const char *user_id, *reason;
    long long now_s;
} sa_ban_args;

static void sa_bind_ban(ippon_sql_stmt *q, const void *p)
{
    const sa_ban_args *a = p;
    ippon_sql_bind_int64(q, 1, a->now_s);
    ippon_sql_bind_text(q, 2, a->reason);
    ippon_sql_bind_text(q, 3, a->user_id);
}

static const char sa_user_exists[] = "SELECT 1 FROM users WHERE id = ?1";

int ippon_store_user_ban(ippon_store *st, const char *user_id, const char *reason, long long now_s,
                         const ippon_audit *audit)
{
    sa_ban_args a = {user_id, reason, now_s};
    return sa_update_audited(st, "UPDATE users SET banned_at = ?1, ban_reason = ?2 WHERE id = ?3 AND banned_at IS NULL",
                             sa_user_exists, user_id, sa_bind_ban, &a, audit, NULL);
}

static void sa_bind_id(ippon_sql_stmt *q, const void *p)
{
    ippon_sql_bind_text(q, 1, p);
}

int ippon_store_user_unban(ippon_store *st, const char *user_id, const ippon_audit *audit)
{
    return sa_update_audited(st, "UPDATE users SET banned_at = NULL, ban_reason = NULL WHERE id = ?1 AND banned_at IS NOT NULL",
                             sa_user_exists, user_id, sa_bind_id, user_id, audit, NULL);
}

typedef struct sa_void_args {
    const char *match_id, *reason;
    int64_t now_ms;
} sa_void_args;

static void sa_bind_void(ippon_sql_stmt *q, const void *p)
{
    const sa_void_args *a = p;
    ippon_sql_bind_int64(q, 1, a->now_ms);
    ippon_sql_bind_text(q, 2, a->reason);
    ippon_sql_bind_text(q, 3, a->match_id);
}

/* what a void changes besides the match row, in its transaction: the players' seasons counted
   again (season_writes.h), the match's rating undone and the later ones replayed (rating_replay.h) */
static int sa_voided(ippon_store *st, const char *match_id)
{
    int rc = ippon_season_void(st, match_id);
    return rc == 0 ? ippon_rating_void(st, match_id) : rc;
}

int ippon_store_match_void(ippon_store *st, const char *match_id, const char *reason, int64_t now_ms,
                           const ippon_audit *audit)
{
    sa_void_args a = {match_id, reason, now_ms};
    return sa_update_audited(st, "UPDATE matches SET voided_at = ?1, void_reason = ?2 WHERE id = ?3 AND voided_at IS NULL",
                             "SELECT 1 FROM matches WHERE id = ?1", match_id, sa_bind_void, &a, audit,
                             sa_voided);
}

int ippon_store_admin_rename(ippon_store *st, const char *user_id, const char *display_name,
                             const ippon_audit *audit)
{
    if (ippon_store_begin(st) != 0)
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
    if (ippon_store_begin(st) != 0)
        return -1;
    int rc = ippon_store_names_taken(st, user->username, user->display_name, NULL, taken);
    if (rc == 0 && *taken)
        rc = IPPON_STORE_CONFLICT;
    ippon_sql_stmt *q = NULL;
    if (rc == 0 && !(q = sa_prepare(st, "INSERT INTO users (id, display_name, username, password_hash, is_admin,"
                                        " created_at, last_seen_at) VALUES (?, ?, ?, ?, 1, ?, ?)")))
        rc = -1;
    if (rc == 0) {
        ippon_sql_bind_text(q, 1, user->id);
        ippon_sql_bind_text(q, 2, user->display_name);
        ippon_sql_bind_text(q, 3, user->username);
        ippon_sql_bind_text(q, 4, password_hash);
        ippon_sql_bind_int64(q, 5, user->created_at);
        ippon_sql_bind_int64(q, 6, user->created_at);
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
    if (ippon_store_begin(st) != 0)
        return -1;
    int rc = ippon_store_user_by_username(st, username, &found, hash, sizeof hash);
    if (rc == 0 && found.is_admin == admin)
        rc = IPPON_STORE_CONFLICT;
    ippon_sql_stmt *q = NULL;
    if (rc == 0 && !(q = sa_prepare(st, "UPDATE users SET is_admin = ?1 WHERE id = ?2")))
        rc = -1;
    if (rc == 0) {
        ippon_sql_bind_int64(q, 1, admin ? 1 : 0);
        ippon_sql_bind_text(q, 2, found.id);
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
    ippon_sql_stmt *q = sa_prepare(st, "SELECT ban_reason FROM users WHERE id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, user_id);
    int step = ippon_sql_step(q);
    const char *text = step == IPPON_SQL_ROW ? ippon_sql_column_text(q, 0) : NULL;
    snprintf(out, outlen, "%s", text ? text : "");
    ippon_sql_finalize(q);
    return step == IPPON_SQL_ROW ? 0 : step == IPPON_SQL_DONE ? IPPON_STORE_NOT_FOUND : -1;
}

int ippon_store_settings_get(ippon_store *st, json_t **out)
{
    *out = NULL;
    ippon_sql_stmt *q = sa_prepare(st, "SELECT key, value, updated_at FROM settings ORDER BY key");
    json_t *all = json_object();
    if (!q || !all) {
        ippon_sql_finalize(q);
        json_decref(all);
        return -1;
    }
    int rc;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        const char *key = ippon_sql_column_text(q, 0);
        const char *text = ippon_sql_column_text(q, 1);
        json_t *value = text ? json_loads(text, JSON_DECODE_ANY, NULL) : NULL;
        if (!key || !value) {
            ippon_log_warn("store: setting \"%s\" is not valid JSON (%s); ignored", key ? key : "?",
                           text ? text : "NULL");
            json_decref(value);
            continue;
        }
        json_object_set_new(all, key, json_pack("{s:o,s:I}", "value", value, "updated_at",
                                                (json_int_t)ippon_sql_column_int64(q, 2)));
    }
    ippon_sql_finalize(q);
    if (rc != IPPON_SQL_DONE) {
        ippon_log_error("store: settings: %s", ippon_sql_errmsg(st->db));
        json_decref(all);
        return -1;
    }
    *out = all;
    return 0;
}

int ippon_store_settings_put(ippon_store *st, const json_t *values, long long now_s, const ippon_audit *audit)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *q = sa_prepare(st, "INSERT INTO settings (key, value, updated_at) VALUES (?1, ?2, ?3)"
                                     " ON CONFLICT (key) DO UPDATE SET value = excluded.value,"
                                     " updated_at = excluded.updated_at");
    int rc = q ? 0 : -1;
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)values, key, value) {
        if (rc != 0)
            break;
        char *text = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
        ippon_sql_bind_text(q, 1, key);
        ippon_sql_bind_text(q, 2, text ? text : "null");
        ippon_sql_bind_int64(q, 3, now_s);
        if (ippon_sql_step(q) != IPPON_SQL_DONE) {
            char what[300];
            snprintf(what, sizeof what, "save setting %s", key);
            ippon_store_failed(st, what);
            rc = -1;
        }
        ippon_sql_reset(q);
        free(text);
    }
    ippon_sql_finalize(q);
    if (rc == 0)
        rc = sa_audit_insert(st, audit);
    return sa_end(st, rc);
}
