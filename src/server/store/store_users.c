/*
 * store_users.c — the SQL for users and sessions (see store.h for each function's
 * contract and migrations/0002_identities.sql for the tables).
 *
 * How it works: every function prepares its statements, binds, steps and finalizes
 * (a handful of microseconds; cache prepared statements here if it ever shows up in a
 * profile). Writes that must happen together (a user and its first session; a claim:
 * the account fields, the old sessions gone, the new one in) run in one BEGIN IMMEDIATE
 * transaction, rolled back on any failure. Unique names are checked inside that
 * transaction first, so a conflict can say which name is taken; the UNIQUE constraints
 * stay as the backstop and are mapped to IPPON_STORE_CONFLICT too. Comparisons of names
 * use the columns' COLLATE NOCASE. SQLite's message for an unexpected failure is logged
 * here, and the caller gets -1.
 */
#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "store/store.h"
#include "store/store_private.h"

#define USER_COLUMNS \
    "u.id, u.display_name, u.username, u.is_admin, u.banned_at, u.created_at, u.last_seen_at, u.is_bot"
#define USER_COLUMN_COUNT 8

static int su_prepare(ippon_store *st, const char *sql, ippon_sql_stmt **stmt)
{
    if (!(*stmt = ippon_store_prepare(st, sql))) {
        ippon_store_failed(st, sql);
        return -1;
    }
    return 0;
}

static void su_log_step_error(ippon_store *st, const char *what)
{
    ippon_store_failed(st, what);
}

static void su_copy_text(char *dst, size_t dstlen, ippon_sql_stmt *stmt, int col)
{
    const char *text = ippon_sql_column_text(stmt, col);
    snprintf(dst, dstlen, "%s", text ? text : "");
}

/* the USER_COLUMNS of the current row, starting at column col */
static void su_read_user(ippon_sql_stmt *stmt, int col, ippon_user *out)
{
    memset(out, 0, sizeof *out);
    su_copy_text(out->id, sizeof out->id, stmt, col);
    su_copy_text(out->display_name, sizeof out->display_name, stmt, col + 1);
    su_copy_text(out->username, sizeof out->username, stmt, col + 2);
    out->is_bot = ippon_sql_column_int(stmt, col + 7) != 0;
    out->guest = ippon_sql_column_is_null(stmt, col + 2) && !out->is_bot; /* a bot has no username either */
    out->is_admin = ippon_sql_column_int(stmt, col + 3) != 0;
    out->banned = !ippon_sql_column_is_null(stmt, col + 4);
    out->banned_at = ippon_sql_column_int64(stmt, col + 4);
    out->created_at = ippon_sql_column_int64(stmt, col + 5);
    out->last_seen_at = ippon_sql_column_int64(stmt, col + 6);
}

/* commit, or roll back if rc says the work failed; returns rc (or -1 if COMMIT fails) */
static int su_end(ippon_store *st, int rc)
{
    if (rc == 0) {
        if (ippon_store_exec(st, "COMMIT") == 0)
            return 0;
        rc = -1;
    }
    ippon_sql_rollback(st->db);
    return rc;
}

/*
 * after a failed step: a unique violation on a name is a conflict, anything else -1. Which name
 * repeats is in the engine's words: SQLite names the column ("users.username"), PostgreSQL the
 * unique index ("users_username", migrations/postgres/0001_identities.sql).
 */
static int su_constraint(ippon_store *st, int *taken, const char *what)
{
    if (ippon_sql_failure_of(st->db) == IPPON_SQL_UNIQUE) {
        const char *msg = ippon_sql_errmsg(st->db);
        int bits = (strstr(msg, "users.username") || strstr(msg, "\"users_username\"") ? IPPON_TAKEN_USERNAME : 0) |
                   (strstr(msg, "users.display_name") || strstr(msg, "\"users_display_name\"") ? IPPON_TAKEN_DISPLAY_NAME : 0);
        if (bits) {
            if (taken)
                *taken = bits;
            return IPPON_STORE_CONFLICT;
        }
    }
    su_log_step_error(st, what);
    return -1;
}

/* run a prepared write statement to completion and finalize it */
static int su_step_done(ippon_store *st, ippon_sql_stmt *stmt, int *taken, const char *what)
{
    int rc = ippon_sql_step(stmt) == IPPON_SQL_DONE ? 0 : su_constraint(st, taken, what);
    ippon_sql_finalize(stmt);
    return rc;
}

int ippon_store_user_get(ippon_store *st, const char *id, ippon_user *out)
{
    ippon_sql_stmt *stmt;
    if (su_prepare(st, "SELECT " USER_COLUMNS " FROM users u WHERE u.id = ?", &stmt) != 0)
        return -1;
    ippon_sql_bind_text(stmt, 1, id);
    int step = ippon_sql_step(stmt), rc;
    if (step == IPPON_SQL_ROW) {
        su_read_user(stmt, 0, out);
        rc = 0;
    } else if (step == IPPON_SQL_DONE) {
        rc = IPPON_STORE_NOT_FOUND;
    } else {
        su_log_step_error(st, "user by id");
        rc = -1;
    }
    ippon_sql_finalize(stmt);
    return rc;
}

int ippon_store_user_by_username(ippon_store *st, const char *username, ippon_user *out,
                                 char *hash, size_t hashlen)
{
    ippon_sql_stmt *stmt;
    if (su_prepare(st,
                   "SELECT " USER_COLUMNS ", u.password_hash FROM users u WHERE lower(u.username) = lower(?)",
                   &stmt) != 0)
        return -1;
    ippon_sql_bind_text(stmt, 1, username);
    int step = ippon_sql_step(stmt), rc;
    if (step == IPPON_SQL_ROW) {
        su_read_user(stmt, 0, out);
        su_copy_text(hash, hashlen, stmt, USER_COLUMN_COUNT);
        rc = 0;
    } else if (step == IPPON_SQL_DONE) {
        rc = IPPON_STORE_NOT_FOUND;
    } else {
        su_log_step_error(st, "user by username");
        rc = -1;
    }
    ippon_sql_finalize(stmt);
    return rc;
}

int ippon_store_names_taken(ippon_store *st, const char *username, const char *display_name,
                            const char *except_id, int *taken)
{
    *taken = 0;
    ippon_sql_stmt *stmt;
    if (su_prepare(st,
                   "SELECT"
                   " EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(?1) AND (CAST(?3 AS TEXT) IS NULL OR id <> ?3)),"
                   " EXISTS (SELECT 1 FROM users WHERE lower(display_name) = lower(?2) AND (CAST(?3 AS TEXT) IS NULL OR id <> ?3))",
                   &stmt) != 0)
        return -1;
    ippon_sql_bind_text(stmt, 1, username);
    ippon_sql_bind_text(stmt, 2, display_name);
    ippon_sql_bind_text(stmt, 3, except_id);
    int rc = 0;
    if (ippon_sql_step(stmt) == IPPON_SQL_ROW) {
        *taken = (ippon_sql_column_int(stmt, 0) ? IPPON_TAKEN_USERNAME : 0) |
                 (ippon_sql_column_int(stmt, 1) ? IPPON_TAKEN_DISPLAY_NAME : 0);
    } else {
        su_log_step_error(st, "names taken");
        rc = -1;
    }
    ippon_sql_finalize(stmt);
    return rc;
}

/* INSERT one session row for user_id */
static int su_session_insert(ippon_store *st, const char *user_id, const ippon_session *s)
{
    ippon_sql_stmt *stmt;
    if (su_prepare(st,
                   "INSERT INTO sessions(token_hash, user_id, created_at, expires_at, last_used_at)"
                   " VALUES (?, ?, ?, ?, ?)",
                   &stmt) != 0)
        return -1;
    ippon_sql_bind_blob(stmt, 1, s->token_hash, IPPON_TOKEN_HASH_BYTES);
    ippon_sql_bind_text(stmt, 2, user_id);
    ippon_sql_bind_int64(stmt, 3, s->created_at);
    ippon_sql_bind_int64(stmt, 4, s->expires_at);
    ippon_sql_bind_int64(stmt, 5, s->last_used_at);
    return su_step_done(st, stmt, NULL, "insert session");
}

int ippon_store_user_create(ippon_store *st, const ippon_user *user, const char *password_hash,
                            const ippon_session *session, int *taken)
{
    *taken = 0;
    const char *username = user->username[0] ? user->username : NULL;
    if ((username == NULL) != (password_hash == NULL)) {
        ippon_log_error("store: a user needs both a username and a password hash, or neither");
        return -1;
    }
    if (ippon_store_begin(st) != 0)
        return -1;
    int rc = ippon_store_names_taken(st, username, user->display_name, NULL, taken);
    if (rc == 0 && *taken)
        rc = IPPON_STORE_CONFLICT;
    ippon_sql_stmt *stmt = NULL;
    if (rc == 0)
        rc = su_prepare(st,
                        "INSERT INTO users(id, display_name, username, password_hash, is_admin,"
                        " created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        &stmt);
    if (rc == 0) {
        ippon_sql_bind_text(stmt, 1, user->id);
        ippon_sql_bind_text(stmt, 2, user->display_name);
        ippon_sql_bind_text(stmt, 3, username);
        ippon_sql_bind_text(stmt, 4, password_hash);
        ippon_sql_bind_int64(stmt, 5, user->is_admin ? 1 : 0);
        ippon_sql_bind_int64(stmt, 6, user->created_at);
        ippon_sql_bind_int64(stmt, 7, user->last_seen_at);
        rc = su_step_done(st, stmt, taken, "insert user");
    }
    if (rc == 0)
        rc = su_session_insert(st, user->id, session);
    return su_end(st, rc);
}

int ippon_store_user_claim(ippon_store *st, const char *user_id,
                           const unsigned char old_token_hash[IPPON_TOKEN_HASH_BYTES],
                           const char *username, const char *password_hash,
                           const char *display_name, const ippon_session *new_session,
                           int *taken)
{
    *taken = 0;
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *stmt = NULL;
    int rc = su_prepare(st,
                        "SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id"
                        " WHERE s.token_hash = ? AND s.user_id = ? AND u.username IS NULL AND u.is_bot = 0",
                        &stmt);
    if (rc == 0) {
        ippon_sql_bind_blob(stmt, 1, old_token_hash, IPPON_TOKEN_HASH_BYTES);
        ippon_sql_bind_text(stmt, 2, user_id);
        int step = ippon_sql_step(stmt);
        if (step == IPPON_SQL_DONE) {
            rc = IPPON_STORE_NOT_FOUND;
        } else if (step != IPPON_SQL_ROW) {
            su_log_step_error(st, "claim: the guest's session");
            rc = -1;
        }
        ippon_sql_finalize(stmt);
    }
    if (rc == 0)
        rc = ippon_store_names_taken(st, username, display_name, user_id, taken);
    if (rc == 0 && *taken)
        rc = IPPON_STORE_CONFLICT;
    if (rc == 0 && (rc = su_prepare(st,
                                    "UPDATE users SET username = ?, password_hash = ?,"
                                    " display_name = coalesce(?, display_name)"
                                    " WHERE id = ? AND username IS NULL AND is_bot = 0",
                                    &stmt)) == 0) {
        ippon_sql_bind_text(stmt, 1, username);
        ippon_sql_bind_text(stmt, 2, password_hash);
        ippon_sql_bind_text(stmt, 3, display_name);
        ippon_sql_bind_text(stmt, 4, user_id);
        rc = su_step_done(st, stmt, taken, "claim: update user");
        if (rc == 0 && ippon_sql_changes(st->db) != 1)
            rc = IPPON_STORE_NOT_FOUND;
    }
    if (rc == 0 && (rc = su_prepare(st, "DELETE FROM sessions WHERE user_id = ?", &stmt)) == 0) {
        ippon_sql_bind_text(stmt, 1, user_id);
        rc = su_step_done(st, stmt, NULL, "claim: delete sessions");
    }
    if (rc == 0)
        rc = su_session_insert(st, user_id, new_session);
    return su_end(st, rc);
}

int ippon_store_session_create(ippon_store *st, const char *user_id, const ippon_session *session)
{
    return su_session_insert(st, user_id, session);
}

int ippon_store_user_rename(ippon_store *st, const char *user_id, const char *display_name,
                            int *taken)
{
    int rc = ippon_store_names_taken(st, NULL, display_name, user_id, taken);
    if (rc != 0)
        return rc;
    if (*taken)
        return IPPON_STORE_CONFLICT;
    ippon_sql_stmt *stmt;
    if (su_prepare(st, "UPDATE users SET display_name = ? WHERE id = ?", &stmt) != 0)
        return -1;
    ippon_sql_bind_text(stmt, 1, display_name);
    ippon_sql_bind_text(stmt, 2, user_id);
    rc = su_step_done(st, stmt, taken, "rename user");
    if (rc == 0 && ippon_sql_changes(st->db) != 1)
        rc = IPPON_STORE_NOT_FOUND;
    return rc;
}

int ippon_store_user_set_password_hash(ippon_store *st, const char *user_id,
                                       const char *password_hash)
{
    ippon_sql_stmt *stmt;
    if (su_prepare(st, "UPDATE users SET password_hash = ? WHERE id = ? AND username IS NOT NULL",
                   &stmt) != 0)
        return -1;
    ippon_sql_bind_text(stmt, 1, password_hash);
    ippon_sql_bind_text(stmt, 2, user_id);
    return su_step_done(st, stmt, NULL, "set password hash");
}

static int su_session_delete(ippon_store *st, const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES])
{
    ippon_sql_stmt *stmt;
    if (su_prepare(st, "DELETE FROM sessions WHERE token_hash = ?", &stmt) != 0)
        return -1;
    ippon_sql_bind_blob(stmt, 1, token_hash, IPPON_TOKEN_HASH_BYTES);
    int rc = su_step_done(st, stmt, NULL, "delete session");
    if (rc == 0 && ippon_sql_changes(st->db) != 1)
        rc = IPPON_STORE_NOT_FOUND;
    return rc;
}

int ippon_store_session_user(ippon_store *st, const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES],
                             long long now, ippon_user *user, ippon_session *session)
{
    if (session)
        memset(session, 0, sizeof *session);
    if (ippon_store_reader_refuses(st)) /* test builds only */
        return -1;
    ippon_sql_stmt *stmt;
    if (su_prepare(st,
                   "SELECT s.created_at, s.expires_at, s.last_used_at, " USER_COLUMNS
                   " FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?",
                   &stmt) != 0)
        return -1;
    ippon_sql_bind_blob(stmt, 1, token_hash, IPPON_TOKEN_HASH_BYTES);
    if (session)
        memset(session, 0, sizeof *session);
    int step = ippon_sql_step(stmt), rc = 0;
    if (step == IPPON_SQL_ROW) {
        ippon_session row;
        memcpy(row.token_hash, token_hash, sizeof row.token_hash);
        row.created_at = ippon_sql_column_int64(stmt, 0);
        row.expires_at = ippon_sql_column_int64(stmt, 1);
        row.last_used_at = ippon_sql_column_int64(stmt, 2);
        if (row.expires_at > now)
            su_read_user(stmt, 3, user);
        else
            rc = IPPON_STORE_NOT_FOUND; /* the caller may have the row deleted */
        if (session)
            *session = row;
    } else if (step == IPPON_SQL_DONE) {
        rc = IPPON_STORE_NOT_FOUND;
    } else {
        su_log_step_error(st, "session user");
        rc = -1;
    }
    ippon_sql_finalize(stmt);
    return rc;
}

int ippon_store_session_touch(ippon_store *st, const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES],
                              const char *user_id, long long now)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *stmt;
    int rc = su_prepare(st, "UPDATE sessions SET last_used_at = ? WHERE token_hash = ?", &stmt);
    if (rc == 0) {
        ippon_sql_bind_int64(stmt, 1, now);
        ippon_sql_bind_blob(stmt, 2, token_hash, IPPON_TOKEN_HASH_BYTES);
        rc = su_step_done(st, stmt, NULL, "touch session");
    }
    if (rc == 0 && (rc = su_prepare(st,
                                    "UPDATE users SET last_seen_at = CASE WHEN last_seen_at > ?1 THEN last_seen_at ELSE ?1 END"
                                    " WHERE id = ?2",
                                    &stmt)) == 0) {
        ippon_sql_bind_int64(stmt, 1, now);
        ippon_sql_bind_text(stmt, 2, user_id);
        rc = su_step_done(st, stmt, NULL, "touch user");
    }
    return su_end(st, rc);
}

int ippon_store_session_delete(ippon_store *st,
                               const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES])
{
    return su_session_delete(st, token_hash);
}

/* delete user_id's sessions but keep_hash's (NULL: all): the number deleted, or -1 */
static int su_sessions_delete_user(ippon_store *st, const char *user_id,
                                   const unsigned char *keep_hash)
{
    ippon_sql_stmt *stmt;
    if (su_prepare(st, keep_hash ? "DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?"
                                 : "DELETE FROM sessions WHERE user_id = ?",
                   &stmt) != 0)
        return -1;
    ippon_sql_bind_text(stmt, 1, user_id);
    if (keep_hash)
        ippon_sql_bind_blob(stmt, 2, keep_hash, IPPON_TOKEN_HASH_BYTES);
    int rc = su_step_done(st, stmt, NULL, "end a user's sessions");
    return rc == 0 ? ippon_sql_changes(st->db) : -1;
}

int ippon_store_user_change_password(ippon_store *st, const char *user_id, const char *password_hash,
                                     const unsigned char keep_hash[IPPON_TOKEN_HASH_BYTES], int *ended)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *stmt;
    int rc = su_prepare(st, "UPDATE users SET password_hash = ? WHERE id = ? AND username IS NOT NULL", &stmt);
    if (rc == 0) {
        ippon_sql_bind_text(stmt, 1, password_hash);
        ippon_sql_bind_text(stmt, 2, user_id);
        rc = su_step_done(st, stmt, NULL, "change password");
        if (rc == 0 && ippon_sql_changes(st->db) != 1)
            rc = IPPON_STORE_NOT_FOUND;
    }
    int n = rc == 0 ? su_sessions_delete_user(st, user_id, keep_hash) : 0;
    if (n < 0)
        rc = -1;
    rc = su_end(st, rc);
    if (ended)
        *ended = rc == 0 ? n : 0;
    return rc;
}

int ippon_store_sessions_end_all(ippon_store *st, const char *user_id)
{
    return su_sessions_delete_user(st, user_id, NULL);
}

int ippon_store_sessions_purge(ippon_store *st, long long now)
{
    ippon_sql_stmt *stmt;
    if (su_prepare(st, "DELETE FROM sessions WHERE expires_at <= ?", &stmt) != 0)
        return -1;
    ippon_sql_bind_int64(stmt, 1, now);
    int rc = su_step_done(st, stmt, NULL, "purge sessions");
    return rc == 0 ? ippon_sql_changes(st->db) : -1;
}
