/*
 * store_bots.c — the SQL of bot accounts (store_bots.h; tables: migrations/0016_bots.sql).
 *
 * How it works: a bot is read with its users row (name) in one query (BOT_SELECT); a live bot is
 * one whose deleted_at is NULL. The token lookup is one indexed read (bots_by_token) joined with
 * the owner, whose ban hides the bot (as the bot's own ban does). A new bot is written in one transaction: the owner's live
 * bots counted (the limit), the name checked (store.h ippon_store_names_taken, so a conflict says
 * so rather than failing on the unique index), the users row, the bots row. Each change to a bot
 * is one UPDATE guarded by its owner and its being alive, so someone else's bot or a deleted one
 * is IPPON_STORE_NOT_FOUND; a suspension goes in with its audit row in one transaction.
 */
#include "store/store_bots.h"

#include <stdio.h>
#include <string.h>

#include "store/store_private.h"

#define BOT_COLUMNS                                                                                 \
    "b.user_id, b.owner_id, u.display_name, b.description, b.public, b.created_at, b.suspended_at," \
    " b.suspend_reason, b.deleted_at, b.ladder_suspended_at, b.ladder_reason"
#define BOT_COLUMN_COUNT 11
#define BOT_FROM " FROM bots b JOIN users u ON u.id = b.user_id"
#define BOT_SELECT "SELECT " BOT_COLUMNS BOT_FROM

static ippon_sql_stmt *sb_prepare(ippon_store *st, const char *sql)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        ippon_store_failed(st, sql);
    return q;
}

static void sb_copy(ippon_sql_stmt *q, int col, char *dst, size_t len)
{
    const char *s = ippon_sql_column_text(q, col);
    snprintf(dst, len, "%s", s ? s : "");
}

/* the BOT_COLUMNS of the current row into out; *deleted (if not NULL): whether it is retired */
static void sb_read(ippon_sql_stmt *q, ippon_bot *out, bool *deleted)
{
    memset(out, 0, sizeof *out);
    sb_copy(q, 0, out->id, sizeof out->id);
    sb_copy(q, 1, out->owner_id, sizeof out->owner_id);
    sb_copy(q, 2, out->name, sizeof out->name);
    sb_copy(q, 3, out->description, sizeof out->description);
    out->public_bot = ippon_sql_column_int(q, 4) != 0;
    out->created_at = ippon_sql_column_int64(q, 5);
    out->suspended_at = ippon_sql_column_is_null(q, 6) ? 0 : ippon_sql_column_int64(q, 6);
    sb_copy(q, 7, out->suspend_reason, sizeof out->suspend_reason);
    if (deleted)
        *deleted = !ippon_sql_column_is_null(q, 8);
    out->ladder_suspended_at = ippon_sql_column_is_null(q, 9) ? 0 : ippon_sql_column_int64(q, 9);
    sb_copy(q, 10, out->ladder_reason, sizeof out->ladder_reason);
}

/* step q (bound) for one bot: 0 with *out, IPPON_STORE_NOT_FOUND or -1; q finalized */
static int sb_one(ippon_store *st, ippon_sql_stmt *q, ippon_bot *out, bool *deleted, const char *what)
{
    int step = ippon_sql_step(q), rc = 0;
    if (step == IPPON_SQL_ROW)
        sb_read(q, out, deleted);
    else if (step == IPPON_SQL_DONE)
        rc = IPPON_STORE_NOT_FOUND;
    else {
        ippon_store_failed(st, what);
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

int ippon_store_bot_by_token(ippon_store *st, const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES], ippon_bot *out)
{
    ippon_sql_stmt *q = sb_prepare(st, BOT_SELECT " JOIN users o ON o.id = b.owner_id"
                                       " WHERE b.token_hash = ?1 AND b.deleted_at IS NULL AND o.banned_at IS NULL"
                                       " AND u.banned_at IS NULL");
    if (!q)
        return -1;
    ippon_sql_bind_blob(q, 1, token_hash, IPPON_TOKEN_HASH_BYTES);
    return sb_one(st, q, out, NULL, "bot by token");
}

int ippon_store_bot_get(ippon_store *st, const char *bot_id, ippon_bot *out)
{
    ippon_sql_stmt *q = sb_prepare(st, BOT_SELECT " WHERE b.user_id = ?1 AND b.deleted_at IS NULL");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, bot_id);
    return sb_one(st, q, out, NULL, "bot by id");
}

/* step q (bound; its columns BOT_COLUMNS then the owner's name) for one bot: 0 with *out and
   owner_name, IPPON_STORE_NOT_FOUND or -1; q finalized */
static int sb_one_with_owner(ippon_store *st, ippon_sql_stmt *q, ippon_bot *out, char *owner_name, size_t owner_len,
                             bool *deleted, const char *what)
{
    int step = ippon_sql_step(q), rc = 0;
    if (step == IPPON_SQL_ROW) {
        sb_read(q, out, deleted);
        sb_copy(q, BOT_COLUMN_COUNT, owner_name, owner_len);
    } else if (step == IPPON_SQL_DONE) {
        rc = IPPON_STORE_NOT_FOUND;
    } else {
        ippon_store_failed(st, what);
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

int ippon_store_bot_about(ippon_store *st, const char *user_id, ippon_bot *out, char *owner_name, size_t owner_len,
                          bool *deleted)
{
    ippon_sql_stmt *q = sb_prepare(st, "SELECT " BOT_COLUMNS ", o.display_name" BOT_FROM
                                       " JOIN users o ON o.id = b.owner_id WHERE b.user_id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, user_id);
    return sb_one_with_owner(st, q, out, owner_name, owner_len, deleted, "bot about");
}

int ippon_store_bot_by_name(ippon_store *st, const char *name, ippon_bot *out, char *owner_name, size_t owner_len)
{
    ippon_sql_stmt *q = sb_prepare(st, "SELECT " BOT_COLUMNS ", o.display_name" BOT_FROM
                                       " JOIN users o ON o.id = b.owner_id WHERE lower(u.display_name) = lower(?1)"
                                       " AND b.deleted_at IS NULL AND o.banned_at IS NULL AND u.banned_at IS NULL");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, name);
    return sb_one_with_owner(st, q, out, owner_name, owner_len, NULL, "bot by name");
}

int ippon_store_bots_of(ippon_store *st, const char *owner_id, ippon_bot out[IPPON_BOTS_PER_OWNER], int *n)
{
    *n = 0;
    ippon_sql_stmt *q = sb_prepare(st, BOT_SELECT " WHERE b.owner_id = ?1 AND b.deleted_at IS NULL"
                                       " ORDER BY b.created_at, b.user_id");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, owner_id);
    int step;
    while ((step = ippon_sql_step(q)) == IPPON_SQL_ROW && *n < IPPON_BOTS_PER_OWNER)
        sb_read(q, &out[(*n)++], NULL);
    int rc = step == IPPON_SQL_ROW || step == IPPON_SQL_DONE ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, "bots of an owner");
    ippon_sql_finalize(q);
    return rc;
}

/* commit if rc is 0, else roll back; returns rc (or -1 if the commit failed) */
static int sb_end(ippon_store *st, int rc)
{
    if (rc == 0 && ippon_store_exec(st, "COMMIT") == 0)
        return 0;
    ippon_sql_rollback(st->db);
    return rc == 0 ? -1 : rc;
}

/* step a bound write to its end and finalize it: 0, or -1 (noted) */
static int sb_done(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = ippon_sql_step(q) == IPPON_SQL_DONE ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, what);
    ippon_sql_finalize(q);
    return rc;
}

/* the owner's live bots now (in the transaction), or -1 */
static int sb_live_count(ippon_store *st, const char *owner_id)
{
    ippon_sql_stmt *q = sb_prepare(st, "SELECT count(*) FROM bots WHERE owner_id = ?1 AND deleted_at IS NULL");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, owner_id);
    int n = ippon_sql_step(q) == IPPON_SQL_ROW ? ippon_sql_column_int(q, 0) : -1;
    if (n < 0)
        ippon_store_failed(st, "count an owner's bots");
    ippon_sql_finalize(q);
    return n;
}

int ippon_store_bot_create(ippon_store *st, const ippon_bot *bot,
                           const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES], int *taken)
{
    *taken = 0;
    if (ippon_store_begin(st) != 0)
        return -1;
    int live = sb_live_count(st, bot->owner_id);
    int rc = live < 0 ? -1 : live >= IPPON_BOTS_PER_OWNER ? IPPON_STORE_LIMIT : 0;
    if (rc == 0)
        rc = ippon_store_names_taken(st, NULL, bot->name, NULL, taken);
    if (rc == 0 && *taken)
        rc = IPPON_STORE_CONFLICT;
    ippon_sql_stmt *q;
    if (rc == 0) {
        q = sb_prepare(st, "INSERT INTO users (id, display_name, username, password_hash, is_admin, is_bot, created_at,"
                           " last_seen_at) VALUES (?1, ?2, NULL, NULL, 0, 1, ?3, ?3)");
        rc = q ? 0 : -1;
        if (q) {
            ippon_sql_bind_text(q, 1, bot->id);
            ippon_sql_bind_text(q, 2, bot->name);
            ippon_sql_bind_int64(q, 3, bot->created_at);
            rc = sb_done(st, q, "insert a bot's user");
        }
    }
    if (rc == 0) {
        q = sb_prepare(st, "INSERT INTO bots (user_id, owner_id, description, public, token_hash, created_at, token_at)"
                           " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)");
        rc = q ? 0 : -1;
        if (q) {
            ippon_sql_bind_text(q, 1, bot->id);
            ippon_sql_bind_text(q, 2, bot->owner_id);
            ippon_sql_bind_text(q, 3, bot->description);
            ippon_sql_bind_int64(q, 4, bot->public_bot ? 1 : 0);
            ippon_sql_bind_blob(q, 5, token_hash, IPPON_TOKEN_HASH_BYTES);
            ippon_sql_bind_int64(q, 6, bot->created_at);
            rc = sb_done(st, q, "insert a bot");
        }
    }
    return sb_end(st, rc);
}

/* a bound write of one bot's row, stepped and finalized: 0, IPPON_STORE_NOT_FOUND (it changed no
   row: no such bot in the state the write wants) or -1 */
static int sb_one_bot(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = sb_done(st, q, what);
    return rc == 0 && ippon_sql_changes(st->db) != 1 ? IPPON_STORE_NOT_FOUND : rc;
}

/* an owner's change to a live bot (q bound from ?3 on by the caller): 0, IPPON_STORE_NOT_FOUND or -1 */
static int sb_owner_update(ippon_store *st, ippon_sql_stmt *q, const char *owner_id, const char *bot_id,
                           const char *what)
{
    ippon_sql_bind_text(q, 1, bot_id);
    ippon_sql_bind_text(q, 2, owner_id);
    return sb_one_bot(st, q, what);
}

#define OWNED_LIVE " WHERE user_id = ?1 AND owner_id = ?2 AND deleted_at IS NULL"

int ippon_store_bot_update(ippon_store *st, const char *owner_id, const char *bot_id, const char *description,
                           int public_bot)
{
    ippon_sql_stmt *q = sb_prepare(st, "UPDATE bots SET description = coalesce(CAST(?3 AS TEXT), description),"
                                       " public = CASE WHEN ?4 < 0 THEN public ELSE ?4 END" OWNED_LIVE);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 3, description);
    ippon_sql_bind_int64(q, 4, public_bot < 0 ? -1 : public_bot ? 1 : 0);
    return sb_owner_update(st, q, owner_id, bot_id, "update a bot");
}

int ippon_store_bot_new_token(ippon_store *st, const char *owner_id, const char *bot_id,
                              const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES], long long now_s)
{
    ippon_sql_stmt *q = sb_prepare(st, "UPDATE bots SET token_hash = ?3, token_at = ?4" OWNED_LIVE);
    if (!q)
        return -1;
    ippon_sql_bind_blob(q, 3, token_hash, IPPON_TOKEN_HASH_BYTES);
    ippon_sql_bind_int64(q, 4, now_s);
    return sb_owner_update(st, q, owner_id, bot_id, "renew a bot's token");
}

int ippon_store_bot_delete(ippon_store *st, const char *owner_id, const char *bot_id, long long now_s)
{
    ippon_sql_stmt *q = sb_prepare(st, "UPDATE bots SET deleted_at = ?3, token_hash = NULL" OWNED_LIVE);
    if (!q)
        return -1;
    ippon_sql_bind_int64(q, 3, now_s);
    return sb_owner_update(st, q, owner_id, bot_id, "delete a bot");
}

/* an administrator's change of a live bot's suspension (q bound from ?2 on), with its audit row */
static int sb_suspension(ippon_store *st, ippon_sql_stmt *q, const char *bot_id, const ippon_audit *audit)
{
    int rc = -1;
    if (ippon_store_begin(st) == 0) {
        ippon_sql_bind_text(q, 1, bot_id);
        rc = sb_done(st, q, "a bot's suspension");
        q = NULL;
        if (rc == 0 && ippon_sql_changes(st->db) != 1) {
            ippon_bot b;
            ippon_sql_stmt *e = sb_prepare(st, BOT_SELECT " WHERE b.user_id = ?1 AND b.deleted_at IS NULL");
            if (!e)
                rc = -1;
            else {
                ippon_sql_bind_text(e, 1, bot_id);
                rc = sb_one(st, e, &b, NULL, "bot by id");
                if (rc == 0)
                    rc = IPPON_STORE_CONFLICT; /* alive, and already in the state asked for */
            }
        }
        if (rc == 0)
            rc = ippon_store_audit_add(st, audit);
        rc = sb_end(st, rc);
    }
    ippon_sql_finalize(q);
    return rc;
}

int ippon_store_bot_suspend(ippon_store *st, const char *bot_id, const char *reason, long long now_s,
                            const ippon_audit *audit)
{
    ippon_sql_stmt *q = sb_prepare(st, "UPDATE bots SET suspended_at = ?2, suspend_reason = ?3"
                                       " WHERE user_id = ?1 AND deleted_at IS NULL AND suspended_at IS NULL");
    if (!q)
        return -1;
    ippon_sql_bind_int64(q, 2, now_s);
    ippon_sql_bind_text(q, 3, reason);
    return sb_suspension(st, q, bot_id, audit);
}

int ippon_store_bot_unsuspend(ippon_store *st, const char *bot_id, const ippon_audit *audit)
{
    ippon_sql_stmt *q = sb_prepare(st, "UPDATE bots SET suspended_at = NULL, suspend_reason = NULL"
                                       " WHERE user_id = ?1 AND deleted_at IS NULL AND suspended_at IS NOT NULL");
    if (!q)
        return -1;
    return sb_suspension(st, q, bot_id, audit);
}

int ippon_store_bot_ladder_suspend(ippon_store *st, const char *bot_id, const char *reason, long long now_s)
{
    ippon_sql_stmt *q = sb_prepare(st, "UPDATE bots SET ladder_suspended_at = ?2, ladder_reason = ?3"
                                       " WHERE user_id = ?1 AND deleted_at IS NULL AND ladder_suspended_at IS NULL");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, bot_id);
    ippon_sql_bind_int64(q, 2, now_s);
    ippon_sql_bind_text(q, 3, reason);
    return sb_one_bot(st, q, "suspend a bot from the ladder");
}

int ippon_store_bot_ladder_lift(ippon_store *st, const char *owner_id, const char *bot_id)
{
    ippon_sql_stmt *q = sb_prepare(st, "UPDATE bots SET ladder_suspended_at = NULL, ladder_reason = NULL" OWNED_LIVE);
    if (!q)
        return -1;
    return sb_owner_update(st, q, owner_id, bot_id, "lift a bot's ladder suspension");
}
