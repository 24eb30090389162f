/*
 * admin_rest.c — the admin area's routes (admin_rest.h): who may call them, what they take,
 * and how each change is made and audited.
 *
 * How it works: each handler first makes sure the caller is an administrator (admin_caller),
 * then reads its body or query and checks every field before anything changes (all problems
 * are reported together, as in auth_rest.c, by rest_fields.h: "fields": {"name": "problem"}),
 * then has the change written with its audit row by the store writer (admin_writes.h) and
 * defers its reply: the change's completion (admin_written, on the loop) makes it take effect
 * in the running game (a banned user's or a suspended bot's connection closed, a table closed,
 * a new name, the settings applied), makes the store's kept replies follow, and answers with the
 * changed thing — or 503 unavailable if the database could not take the write now (nothing
 * changed). The audit row names the administrator by username and id. The lists (users, the
 * audit log, the pairs of players, the queue's statistics) come from the store as plain rows
 * (store_admin.h, store_queue_stats.h); their replies' JSON is made here (the pairs' and the
 * queue's on the reader's thread, with the query).
 */
#include "api/admin_rest.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cluster/node.h"
#include "game/gateway_live.h"
#include "admin/admin_settings.h"
#include "store/admin_writes.h"
#include "auth/auth.h"
#include "auth/name_rules.h"
#include "base/log.h"
#include "base/wall_clock.h"
#include "metrics.h"
#include "api/bots_json.h"
#include "api/rest_fields.h"
#include "api/rankings_json.h"
#include "api/rest_params.h"
#include "store/store_admin.h"
#include "store/store_bots.h"
#include "store/store_queue_stats.h"
#include "store/store_rankings.h"
#include "store/store_writer.h"

#define ADMIN_MAX_PAGE 1000000
#define ADMIN_MAX_LIMIT 100
#define ADMIN_MAX_QUERY 64

/* ---- the caller ------------------------------------------------------------------------ */

/* the administrator calling; replies 401 / 403 / 503 and returns -1 if it is not one */
static int admin_caller(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, ippon_user *admin)
{
    const char *token;
    size_t len;
    if (!app->auth || !app->store) {
        ippon_rest_reply_error(res, 503, "unavailable", "the admin area needs the database");
        return -1;
    }
    if (!ippon_rest_bearer(req, &token, &len)) {
        ippon_rest_reply_error(res, 401, "unauthorized", "sign in as an administrator and send the session token as "
                                                         "\"Authorization: Bearer <token>\"");
        res->challenge = 1;
        return -1;
    }
    char hex[IPPON_TOKEN_HEX_LEN + 1];
    int rc = IPPON_AUTH_INVALID;
    if (len == IPPON_TOKEN_HEX_LEN) {
        memcpy(hex, token, len);
        hex[len] = '\0';
        rc = ippon_auth_user_by_token(app->auth, hex, admin);
    }
    if (rc == IPPON_AUTH_INVALID) {
        ippon_rest_reply_row(res, ippon_auth_error_row(IPPON_AUTH_INVALID));
        res->challenge = 1;
        return -1;
    }
    if (rc != IPPON_AUTH_OK) {
        ippon_rest_reply_error(res, 500, "internal", "the server could not check the session; try again later");
        return -1;
    }
    if (admin->banned) {
        ippon_rest_reply_row(res, ippon_auth_error_row(IPPON_AUTH_BANNED));
        return -1;
    }
    if (!admin->is_admin) {
        ippon_log_info("admin: %s %s refused: user %s is not an administrator", ippon_http_method_name(req->method),
                       req->path, admin->id);
        ippon_rest_reply_error(res, 403, "not_admin", "this needs an administrator's account");
        return -1;
    }
    return 0;
}

/* the audit row of an action by admin */
static ippon_audit admin_audit(const ippon_user *admin, const char *action, const char *target, const char *reason,
                               const json_t *detail)
{
    return (ippon_audit){.at_ms = ippon_wall_ms(), .admin_id = admin->id, .admin_name = admin->username,
                         .action = action, .target = target, .reason = reason, .detail = detail};
}

static void admin_done(ippon_app *app, const ippon_user *admin, const char *action, const char *target)
{
    ippon_metrics_count(app->metrics, IPPON_METRIC_ADMIN_ACTION);
    ippon_log_info("admin: %s (%s) %s %s", admin->username, admin->id, action, target);
}

static void reply_store_failed(ippon_rest_response *res)
{
    ippon_rest_reply_error(res, 500, "internal", "the database could not do this; nothing changed");
}

#define ADMIN_UNAVAILABLE_RETRY_S 5

static void reply_unavailable(ippon_rest_response *res)
{
    res->retry_after = ADMIN_UNAVAILABLE_RETRY_S;
    ippon_rest_reply_error(res, 503, "unavailable",
                           "the database cannot store this right now (nothing changed); try again in %d seconds",
                           ADMIN_UNAVAILABLE_RETRY_S);
}

/* ---- changes through the store writer ---------------------------------------------------- */

/* a change waiting for its write: what its completion needs to take effect and reply */
typedef struct admin_wait {
    ippon_rest_deferred *deferred;
    ippon_app *app;
    ippon_user admin;
    ippon_admin_change_kind kind;
    char id[IPPON_USER_ID_LEN + 1]; /* the user, match or table */
    char name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* rename: the new display name */
    char target[256]; /* the audit row's target, for the log line */
    json_t *values; /* settings */
    long long now_s;
} admin_wait;

static void reply_user(ippon_app *app, ippon_rest_response *res, const char *user_id);

/* the change took effect in the database (rc 0), or why not: its reply, and its effect beyond */
static void admin_written_reply(admin_wait *w, int rc, ippon_rest_response *res)
{
    ippon_app *app = w->app;
    static const char *const actions[] = {[IPPON_AC_AUDIT] = "close_table", [IPPON_AC_BAN] = "ban",
                                          [IPPON_AC_UNBAN] = "unban",       [IPPON_AC_RENAME] = "rename",
                                          [IPPON_AC_VOID] = "void_match",   [IPPON_AC_SETTINGS] = "settings",
                                          [IPPON_AC_BOT_SUSPEND] = "bot_suspend",
                                          [IPPON_AC_BOT_UNSUSPEND] = "bot_unsuspend"};
    bool about_bot = w->kind == IPPON_AC_BOT_SUSPEND || w->kind == IPPON_AC_BOT_UNSUSPEND;
    if (rc == IPPON_WRITE_UNAVAILABLE || rc == IPPON_WRITE_STOPPED) {
        reply_unavailable(res);
        return;
    }
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no %s %s",
                               w->kind == IPPON_AC_VOID ? "stored match" : about_bot ? "bot" : "user", w->id);
        return;
    }
    if (rc == IPPON_STORE_CONFLICT) {
        if (w->kind == IPPON_AC_BAN)
            ippon_rest_reply_error(res, 409, "already_banned", "this user is already banned");
        else if (w->kind == IPPON_AC_UNBAN)
            ippon_rest_reply_error(res, 409, "not_banned", "this user is not banned");
        else if (w->kind == IPPON_AC_VOID)
            ippon_rest_reply_error(res, 409, "already_voided", "this match is already void");
        else if (w->kind == IPPON_AC_BOT_SUSPEND)
            ippon_rest_reply_error(res, 409, "already_suspended", "this bot is already suspended");
        else if (w->kind == IPPON_AC_BOT_UNSUSPEND)
            ippon_rest_reply_error(res, 409, "not_suspended", "this bot is not suspended");
        else
            ippon_rest_reply_error_fields(res, 409, "display_name_taken",
                                          json_pack("{s:s}", "display_name", "already taken"),
                                          "display_name: already taken");
        return;
    }
    if (rc != 0) {
        reply_store_failed(res);
        return;
    }
    json_t *match = NULL;
    ippon_bot bot;
    switch (w->kind) {
    case IPPON_AC_AUDIT: /* audited first; then the table closes (it may have ended meanwhile) */
        if (!app->gateway || ippon_gateway_close_table(app->gateway, w->id, "closed by an administrator") != 0) {
            ippon_rest_reply_error(res, 404, "not_found", "no running table %s (it ended meanwhile)", w->id);
            return;
        }
        ippon_rest_reply_json(res, 200, json_pack("{s:s,s:b}", "table", w->id, "closed", 1));
        break;
    case IPPON_AC_BAN:
    case IPPON_AC_UNBAN:
        if (w->kind == IPPON_AC_BAN && app->gateway)
            ippon_gateway_disconnect(app->gateway, w->id, "banned", "this account is banned");
        reply_user(app, res, w->id);
        break;
    case IPPON_AC_RENAME:
        if (app->gateway)
            ippon_gateway_renamed(app->gateway, w->id, w->name);
        ippon_store_caches_forget(app->store); /* kept replies show display names */
        reply_user(app, res, w->id);
        break;
    case IPPON_AC_VOID:
        ippon_store_caches_forget(app->store); /* out of the leaderboards and profiles */
        if (ippon_json_load_match_detail(app->store, w->id, &match) != 0)
            reply_store_failed(res);
        else
            ippon_rest_reply_json(res, 200, json_pack("{s:o}", "match", match));
        break;
    case IPPON_AC_SETTINGS:
        ippon_settings_commit(app->settings, w->values, w->now_s);
        ippon_settings_apply(app->settings, app->gateway);
        ippon_rest_reply_json(res, 200, ippon_settings_json(app->settings));
        break;
    case IPPON_AC_BOT_SUSPEND:
    case IPPON_AC_BOT_UNSUSPEND: {
        bool got = ippon_store_bot_get(app->store, w->id, &bot) == 0;
        if (w->kind == IPPON_AC_BOT_SUSPEND && app->gateway) /* stored: its live connection goes */
            ippon_gateway_mjai_revoke(app->gateway, w->id, IPPON_MJAI_BOT_SUSPENDED, got ? bot.suspend_reason : NULL);
        if (!got)
            reply_store_failed(res);
        else
            ippon_rest_reply_json(res, 200, json_pack("{s:o}", "bot", ippon_bot_json(&bot)));
        break;
    }
    }
    admin_done(app, &w->admin, actions[w->kind], w->target);
}

static void admin_written(int rc, void *ctx)
{
    admin_wait *w = ctx;
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    admin_written_reply(w, rc, &res);
    ippon_rest_finish(w->deferred, &res);
    json_decref(w->values);
    free(w);
}

/*
 * Have the change written (kind, id, text, values as admin_writes.h takes them) and the reply
 * deferred until then; name: a rename's new name. Replies at once (500, 503) if it cannot wait
 * or the writer refuses it.
 */
static void admin_submit(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                         const ippon_user *admin, ippon_admin_change_kind kind, const char *id, const char *text,
                         const json_t *values, const ippon_audit *audit)
{
    admin_wait *w = calloc(1, sizeof *w);
    if (!w || !(w->deferred = ippon_rest_defer(req, res))) {
        free(w);
        ippon_rest_reply_error(res, 500, "internal", "this request cannot wait for its answer");
        return;
    }
    w->app = app;
    w->admin = *admin;
    w->kind = kind;
    snprintf(w->id, sizeof w->id, "%s", id ? id : "");
    if (kind == IPPON_AC_RENAME)
        snprintf(w->name, sizeof w->name, "%s", text);
    snprintf(w->target, sizeof w->target, "%s", audit->target ? audit->target : "");
    w->values = values ? json_deep_copy(values) : NULL;
    w->now_s = (long long)(audit->at_ms / 1000);
    if ((values && !w->values) ||
        ippon_admin_change_submit(app->writer, kind, id, text, values, audit, admin_written, w) != 0) {
        ippon_rest_undefer(res);
        json_decref(w->values);
        free(w);
        reply_unavailable(res);
    }
}

/* ---- request bodies -------------------------------------------------------------------- */

/* a required string member; NULL (and a problem) if missing or not a string, null included */
static const char *string_field(ippon_rest_fields *f, const char *name)
{
    size_t len;
    if (json_is_null(json_object_get(f->body, name))) {
        ippon_rest_fields_problem(f, name, "must be a string");
        return NULL;
    }
    return ippon_rest_fields_string(f, name, 1, &len);
}

static int is_hex_id(const char *s)
{
    if (strlen(s) != IPPON_USER_ID_LEN)
        return 0;
    for (const char *p = s; *p; p++)
        if (!isxdigit((unsigned char)*p))
            return 0;
    return 1;
}

/* an id member (32 hex digits), lowercased into out; NULL with a problem otherwise */
static const char *id_field(ippon_rest_fields *f, const char *name, char out[IPPON_USER_ID_LEN + 1])
{
    const char *s = string_field(f, name);
    if (!s)
        return NULL;
    if (!is_hex_id(s)) {
        ippon_rest_fields_problem(f, name, "must be an id of 32 hex digits");
        return NULL;
    }
    for (int i = 0; i <= IPPON_USER_ID_LEN; i++)
        out[i] = (char)tolower((unsigned char)s[i]);
    return out;
}

/* why: 1 to IPPON_ADMIN_REASON_MAX bytes, not only spaces, no control characters */
static const char *reason_field(ippon_rest_fields *f)
{
    const char *s = string_field(f, "reason");
    if (!s)
        return NULL;
    size_t len = json_string_length(json_object_get(f->body, "reason"));
    int visible = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F) {
            ippon_rest_fields_problem(f, "reason", "must not contain control characters (line breaks included)");
            return NULL;
        }
        visible |= c != ' ';
    }
    if (!visible || len > IPPON_ADMIN_REASON_MAX) {
        char text[96];
        snprintf(text, sizeof text, "say why, in 1 to %d bytes", IPPON_ADMIN_REASON_MAX);
        ippon_rest_fields_problem(f, "reason", text);
        return NULL;
    }
    return s;
}

/* ---- the running game ------------------------------------------------------------------ */

void ippon_admin_tables_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user admin;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    if (!app->gateway) {
        ippon_rest_reply_error(res, 503, "unavailable", "the game is not running on this server");
        return;
    }
    json_t *live = ippon_gateway_live_json(app->gateway);
    if (live && app->cluster) /* which node of the cluster answers: the admin area asks each in turn */
        json_object_set_new(live, "node", json_string(ippon_cluster_node(app->cluster)));
    ippon_rest_reply_json(res, 200, live);
}

void ippon_admin_table_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user admin;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    json_t *view = app->gateway ? ippon_gateway_table_view(app->gateway, req->param) : NULL;
    if (!view) {
        ippon_rest_reply_error(res, 404, "not_found", "no running table %s", req->param);
        return;
    }
    ippon_rest_reply_json(res, 200, view);
}

void ippon_admin_close_table_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"table", "reason", NULL};
    ippon_user admin;
    ippon_rest_fields f;
    char id[IPPON_USER_ID_LEN + 1];
    if (admin_caller(app, req, res, &admin) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, known, "table, reason") != 0)
        return;
    const char *table = id_field(&f, "table", id);
    const char *reason = reason_field(&f);
    if (ippon_rest_fields_reply(&f, res) == 0) {
        json_t *view = app->gateway ? ippon_gateway_table_view(app->gateway, table) : NULL;
        if (!view) {
            ippon_rest_reply_error(res, 404, "not_found", "no running table %s", table);
        } else {
            json_t *detail = json_pack("{s:O,s:O,s:O}", "mode", json_object_get(view, "mode"), "players",
                                       json_object_get(view, "names"), "hand_number",
                                       json_object_get(view, "hand_number"));
            ippon_audit audit = admin_audit(&admin, "close_table", table, reason, detail);
            admin_submit(app, req, res, &admin, IPPON_AC_AUDIT, table, NULL, NULL, &audit);
            json_decref(detail);
            json_decref(view);
        }
    }
    ippon_rest_fields_end(&f);
}

/* ---- users ----------------------------------------------------------------------------- */

/* a stored text, or null */
static json_t *text_or_null(const char *s)
{
    return s ? json_string(s) : json_null();
}

/*
 * A user as the admin area shows it (new reference), or NULL: {"id", "display_name", "username"
 * (null for a guest or a bot), "kind" ("guest", "player" or "bot"), "guest", "bot", "admin",
 * "banned_at" (null unless banned), "ban_reason" (null: none), "created_at", "last_seen_at",
 * "online"}; a bot's (listed: the list's row, with its owner and suspension) adds "owner":
 * {"id","display_name"}, "suspended_at" (Unix s, null: not suspended), "suspend_reason", "deleted".
 */
static json_t *admin_user_of(ippon_app *app, const ippon_user *u, const char *ban_reason, const ippon_admin_user *listed)
{
    json_t *o = json_pack("{s:s,s:s,s:o,s:s,s:b,s:b,s:b,s:o,s:o,s:I,s:I,s:b}", "id", u->id, "display_name",
                          u->display_name, "username", u->guest || u->is_bot ? json_null() : json_string(u->username),
                          "kind", u->is_bot ? "bot" : u->guest ? "guest" : "player", "guest", u->guest, "bot",
                          u->is_bot, "admin", u->is_admin, "banned_at",
                          u->banned ? json_integer(u->banned_at) : json_null(), "ban_reason", text_or_null(ban_reason),
                          "created_at", (json_int_t)u->created_at, "last_seen_at", (json_int_t)u->last_seen_at,
                          "online", app->gateway && ippon_gateway_online(app->gateway, u->id));
    if (o && u->is_bot && listed) {
        json_object_set_new(o, "owner", json_pack("{s:s,s:s}", "id", listed->owner_id, "display_name",
                                                  listed->owner_name));
        json_object_set_new(o, "suspended_at", listed->suspended_at ? json_integer(listed->suspended_at) : json_null());
        json_object_set_new(o, "suspend_reason", text_or_null(listed->suspend_reason));
        json_object_set_new(o, "deleted", json_boolean(listed->deleted));
    }
    return o;
}

void ippon_admin_users_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user admin;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    char q[ADMIN_MAX_QUERY + 1] = "", banned[8] = "", bots[8] = "";
    if (ippon_rest_param(req, "q", NULL, 0) != 0 && ippon_rest_query(req, "q", q, sizeof q) < 0) {
        ippon_rest_reply_error_fields(res, 400, "bad_request", json_pack("{s:s}", "q", "at most 64 bytes"),
                                      "q: at most %d bytes", ADMIN_MAX_QUERY);
        return;
    }
    int only_banned = ippon_rest_query(req, "banned", banned, sizeof banned) >= 0 && strcmp(banned, "0") != 0;
    int only_bots = ippon_rest_query(req, "bots", bots, sizeof bots) >= 0 && strcmp(bots, "0") != 0;
    int page = ippon_rest_int_param(req, res, "page", 1, 1, ADMIN_MAX_PAGE);
    int limit = page < 0 ? -1 : ippon_rest_int_param(req, res, "limit", 50, 1, ADMIN_MAX_LIMIT);
    if (page < 0 || limit < 0)
        return;
    ippon_admin_user_list list;
    if (ippon_store_admin_users(app->store, q, only_banned, only_bots, page, limit, &list) != 0) {
        reply_store_failed(res);
        return;
    }
    json_t *users = json_array();
    for (size_t i = 0; users && i < list.count; i++)
        json_array_append_new(users, admin_user_of(app, &list.users[i].user, list.users[i].ban_reason, &list.users[i]));
    json_t *out = json_pack("{s:I,s:o,s:i,s:i}", "total", (json_int_t)list.total, "users", users, "page", page,
                            "limit", limit);
    ippon_admin_user_list_free(&list);
    if (!out)
        reply_store_failed(res);
    else
        ippon_rest_reply_json(res, 200, out);
}

/* the admin view of one user, as in the users list (new reference), or NULL */
static json_t *admin_user_json(ippon_app *app, const char *user_id)
{
    ippon_user u;
    char reason[IPPON_ADMIN_REASON_MAX + 1];
    if (ippon_store_user_get(app->store, user_id, &u) != 0 ||
        ippon_store_user_ban_reason(app->store, user_id, reason, sizeof reason) != 0)
        return NULL;
    return admin_user_of(app, &u, u.banned ? reason : NULL, NULL);
}

static void reply_user(ippon_app *app, ippon_rest_response *res, const char *user_id)
{
    json_t *u = admin_user_json(app, user_id);
    if (!u)
        reply_store_failed(res);
    else
        ippon_rest_reply_json(res, 200, json_pack("{s:o}", "user", u));
}

typedef enum user_action { ACTION_BAN, ACTION_UNBAN } user_action;

static void ban_or_unban(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, user_action what)
{
    static const char *const known[] = {"user_id", "reason", NULL};
    const char *action = what == ACTION_BAN ? "ban" : "unban";
    ippon_user admin, target;
    ippon_rest_fields f;
    char id[IPPON_USER_ID_LEN + 1];
    if (admin_caller(app, req, res, &admin) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, known, "user_id, reason") != 0)
        return;
    const char *user_id = id_field(&f, "user_id", id);
    const char *reason = reason_field(&f);
    if (ippon_rest_fields_reply(&f, res) != 0) {
        ippon_rest_fields_end(&f);
        return;
    }
    int rc = ippon_store_user_get(app->store, user_id, &target);
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no user %s", user_id);
    } else if (rc != 0) {
        reply_store_failed(res);
    } else if (what == ACTION_BAN && (target.is_admin || !strcmp(target.id, admin.id))) {
        ippon_rest_reply_error(res, 409, "is_admin", "an administrator cannot be banned (take the role away first: "
                                                     "ippon admin revoke USERNAME)");
    } else {
        json_t *detail = json_pack("{s:s}", "display_name", target.display_name);
        ippon_audit audit = admin_audit(&admin, action, user_id, reason, detail);
        admin_submit(app, req, res, &admin, what == ACTION_BAN ? IPPON_AC_BAN : IPPON_AC_UNBAN, user_id, reason,
                     NULL, &audit);
        json_decref(detail);
    }
    ippon_rest_fields_end(&f);
}

void ippon_admin_ban_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ban_or_unban(app, req, res, ACTION_BAN);
}

void ippon_admin_unban_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ban_or_unban(app, req, res, ACTION_UNBAN);
}

void ippon_admin_rename_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"user_id", "display_name", "reason", NULL};
    ippon_user admin, target;
    ippon_rest_fields f;
    char id[IPPON_USER_ID_LEN + 1];
    if (admin_caller(app, req, res, &admin) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, known, "user_id, display_name, reason") != 0)
        return;
    const char *user_id = id_field(&f, "user_id", id);
    const char *name = string_field(&f, "display_name");
    char why[256];
    if (name && ippon_auth_check_display_name(name, json_string_length(json_object_get(f.body, "display_name")), why,
                                              sizeof why) != 0)
        ippon_rest_fields_problem(&f, "display_name", why);
    const char *reason = reason_field(&f);
    if (ippon_rest_fields_reply(&f, res) != 0) {
        ippon_rest_fields_end(&f);
        return;
    }
    int rc = ippon_store_user_get(app->store, user_id, &target);
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no user %s", user_id);
    } else if (rc != 0) {
        reply_store_failed(res);
    } else {
        json_t *detail = json_pack("{s:s,s:s}", "from", target.display_name, "to", name);
        ippon_audit audit = admin_audit(&admin, "rename", user_id, reason, detail);
        admin_submit(app, req, res, &admin, IPPON_AC_RENAME, user_id, name, NULL, &audit);
        json_decref(detail);
    }
    ippon_rest_fields_end(&f);
}

/* ---- bot accounts ---------------------------------------------------------------------- */

/* suspend (or unsuspend) the bot of the path for the body's reason, audited */
static void bot_suspension(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, bool suspend)
{
    static const char *const known[] = {"reason", NULL};
    ippon_user admin;
    ippon_rest_fields f;
    char id[IPPON_USER_ID_LEN + 1];
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    if (ippon_rest_id_param(req->param, id) != 0) {
        ippon_rest_bad_param(res, "id", "32 hex digits (a bot's id)");
        return;
    }
    if (ippon_rest_fields_begin(&f, req, res, 0, known, "reason") != 0)
        return;
    const char *reason = reason_field(&f);
    if (ippon_rest_fields_reply(&f, res) != 0) {
        ippon_rest_fields_end(&f);
        return;
    }
    ippon_bot bot;
    int rc = ippon_store_bot_get(app->store, id, &bot);
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no bot %s", id);
    } else if (rc != 0) {
        reply_store_failed(res);
    } else {
        json_t *detail = json_pack("{s:s,s:s}", "name", bot.name, "owner_id", bot.owner_id);
        ippon_audit audit = admin_audit(&admin, suspend ? "bot_suspend" : "bot_unsuspend", id, reason, detail);
        admin_submit(app, req, res, &admin, suspend ? IPPON_AC_BOT_SUSPEND : IPPON_AC_BOT_UNSUSPEND, id, reason,
                     NULL, &audit);
        json_decref(detail);
    }
    ippon_rest_fields_end(&f);
}

void ippon_admin_bot_suspend_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    bot_suspension(app, req, res, true);
}

void ippon_admin_bot_unsuspend_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    bot_suspension(app, req, res, false);
}

/* ---- matches --------------------------------------------------------------------------- */

void ippon_admin_void_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"match_id", "reason", NULL};
    ippon_user admin;
    ippon_rest_fields f;
    char id[IPPON_USER_ID_LEN + 1];
    if (admin_caller(app, req, res, &admin) != 0 ||
        ippon_rest_fields_begin(&f, req, res, 0, known, "match_id, reason") != 0)
        return;
    const char *match_id = id_field(&f, "match_id", id);
    const char *reason = reason_field(&f);
    if (ippon_rest_fields_reply(&f, res) != 0) {
        ippon_rest_fields_end(&f);
        return;
    }
    json_t *before = NULL;
    int rc = ippon_json_load_match_detail(app->store, match_id, &before);
    if (rc == 0 && !json_is_true(json_object_get(before, "ranked"))) {
        /* a practice match (or one that ended without a result) never counted: nothing to take back */
        ippon_rest_reply_error(res, 409, "not_ranked", "only ranked matches can be voided; match %s was not ranked",
                               match_id);
        json_decref(before);
        ippon_rest_fields_end(&f);
        return;
    }
    if (rc == IPPON_STORE_NOT_FOUND) {
        ippon_rest_reply_error(res, 404, "not_found", "no stored match %s", match_id);
    } else if (rc != 0) {
        reply_store_failed(res);
    } else {
        json_t *detail = json_pack("{s:O,s:O,s:O}", "mode", json_object_get(before, "mode"), "ranked",
                                   json_object_get(before, "ranked"), "ended_at", json_object_get(before, "ended_at"));
        ippon_audit audit = admin_audit(&admin, "void_match", match_id, reason, detail);
        admin_submit(app, req, res, &admin, IPPON_AC_VOID, match_id, reason, NULL, &audit);
        json_decref(detail);
    }
    json_decref(before);
    ippon_rest_fields_end(&f);
}

/* ---- settings -------------------------------------------------------------------------- */

void ippon_admin_settings_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user admin;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    if (!app->settings) {
        ippon_rest_reply_error(res, 503, "unavailable", "run-time settings are not available on this server");
        return;
    }
    ippon_rest_reply_json(res, 200, ippon_settings_json(app->settings));
}

void ippon_admin_settings_put(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"values", "reason", NULL};
    ippon_user admin;
    ippon_rest_fields f;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    if (!app->settings) {
        ippon_rest_reply_error(res, 503, "unavailable", "run-time settings are not available on this server");
        return;
    }
    if (ippon_rest_fields_begin(&f, req, res, 0, known, "values, reason") != 0)
        return;
    json_t *values = json_object_get(f.body, "values");
    if (!json_is_object(values) || json_object_size(values) == 0)
        ippon_rest_fields_problem(&f, "values", values ? "must be an object with at least one setting: {\"key\": value}"
                                     : "missing");
    const char *reason = reason_field(&f);
    if (ippon_rest_fields_reply(&f, res) != 0) {
        ippon_rest_fields_end(&f);
        return;
    }
    /* the detail: each setting's value before and after */
    json_t *current = ippon_settings_json(app->settings);
    json_t *detail = json_object();
    const char *key;
    json_t *value;
    json_object_foreach(values, key, value) {
        json_t *was = json_object_get(json_object_get(current, "values"), key);
        json_object_set_new(detail, key, json_pack("{s:O,s:O}", "from", was ? was : json_null(), "to", value));
    }
    json_decref(current);
    char target[256] = "";
    size_t n = 0;
    json_object_foreach(values, key, value) {
        int m = snprintf(target + n, sizeof target - n, "%s%s", n ? "," : "", key);
        if (m < 0 || (size_t)m >= sizeof target - n)
            break;
        n += (size_t)m;
    }
    ippon_audit audit = admin_audit(&admin, "settings", target, reason, detail);
    json_t *problems = NULL;
    int rc = ippon_settings_check(app->settings, values, &problems);
    if (rc == 0)
        admin_submit(app, req, res, &admin, IPPON_AC_SETTINGS, NULL, NULL, values, &audit);
    json_decref(detail);
    if (rc == 1) {
        json_t *named = json_object();
        json_object_foreach(problems, key, value) {
            char field[300];
            snprintf(field, sizeof field, "values.%s", key);
            json_object_set(named, field, value);
        }
        json_decref(problems);
        json_decref(f.problems);
        f.problems = named;
        ippon_rest_fields_reply(&f, res);
    } else if (rc != 0) {
        ippon_rest_reply_error(res, 500, "internal", "out of memory; nothing changed");
    }
    ippon_rest_fields_end(&f);
}

/* ---- pairs of players who often meet at ranked tables ---------------------------------- */

#define ADMIN_MAX_MIN_GAMES 100000
#define ADMIN_MAX_PAIR_DAYS 90
#define DAY_MS (86400LL * 1000)

/* a pairs query on its way through the reader (store_writer.h: ippon_writer_start_reader) */
typedef struct pairs_read {
    ippon_rest_deferred *deferred;
    int64_t since_ms;
    int days, min_games, page, limit;
    json_t *out; /* the reply, made on the reader's thread, handed to the loop with the completion */
} pairs_read;

static json_t *pair_player_json(const ippon_pair_player *p)
{
    return json_pack("{s:s,s:s,s:I,s:I}", "id", p->id, "display_name", p->display_name, "total",
                     (json_int_t)p->total, "won_from_other", (json_int_t)p->won_from_other);
}

/* {"total", "pairs": [{"games", "last_at", "players": [{"id", "display_name", "total", "won_from_other"}, {…}]}],
   "days", "min_games", "page", "limit"} (new reference), or NULL */
static json_t *pairs_json(const pairs_read *p, const ippon_pair_list *list)
{
    json_t *pairs = json_array();
    for (size_t i = 0; pairs && i < list->count; i++) {
        const ippon_player_pair *pair = &list->pairs[i];
        json_array_append_new(pairs, json_pack("{s:I,s:I,s:[o,o]}", "games", (json_int_t)pair->games, "last_at",
                                               (json_int_t)pair->last_at_ms, "players",
                                               pair_player_json(&pair->players[0]),
                                               pair_player_json(&pair->players[1])));
    }
    return json_pack("{s:I,s:o,s:i,s:i,s:i,s:i}", "total", (json_int_t)list->total, "pairs", pairs, "days", p->days,
                     "min_games", p->min_games, "page", p->page, "limit", p->limit);
}

/* on the reader's thread: the rows, and the reply made of them */
static int pairs_run(ippon_store *st, void *arg)
{
    pairs_read *p = arg;
    ippon_pair_list list;
    if (ippon_store_admin_pairs(st, p->since_ms, p->min_games, p->page, p->limit, &list) != 0)
        return -1;
    p->out = pairs_json(p, &list);
    ippon_pair_list_free(&list);
    return p->out ? 0 : -1;
}

static void pairs_done(void *arg, int rc)
{
    pairs_read *p = arg;
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    if (rc == 0) {
        ippon_rest_reply_json(&res, 200, p->out);
        p->out = NULL;
    } else if (rc == IPPON_WRITE_UNAVAILABLE || rc == IPPON_WRITE_STOPPED) {
        reply_unavailable(&res);
    } else {
        reply_store_failed(&res);
    }
    ippon_rest_finish(p->deferred, &res);
    json_decref(p->out);
    free(p);
}

void ippon_admin_pairs_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user admin;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    int days = ippon_rest_int_param(req, res, "days", 7, 1, ADMIN_MAX_PAIR_DAYS);
    int min_games = days < 0 ? -1 : ippon_rest_int_param(req, res, "min_games", 2, 1, ADMIN_MAX_MIN_GAMES);
    int page = min_games < 0 ? -1 : ippon_rest_int_param(req, res, "page", 1, 1, ADMIN_MAX_PAGE);
    int limit = page < 0 ? -1 : ippon_rest_int_param(req, res, "limit", 50, 1, ADMIN_MAX_LIMIT);
    if (days < 0 || min_games < 0 || page < 0 || limit < 0)
        return;
    pairs_read *p = calloc(1, sizeof *p);
    if (!p || !(p->deferred = ippon_rest_defer(req, res))) {
        free(p);
        ippon_rest_reply_error(res, 500, "internal", "this request cannot wait for its answer");
        return;
    }
    *p = (pairs_read){ .deferred = p->deferred, .since_ms = ippon_wall_ms() - days * DAY_MS, .days = days,
                       .min_games = min_games, .page = page, .limit = limit };
    if (ippon_writer_submit(app->reader, IPPON_WRITE_ANSWER, pairs_run, pairs_done, p) != 0) {
        ippon_rest_undefer(res); /* the reader refused it (stopping, or none): answer now */
        free(p);
        reply_unavailable(res);
    }
}

/* ---- the ranked queue's statistics per mode and day ------------------------------------ */

#define ADMIN_MAX_QUEUE_DAYS 90

/* a queue statistics query on its way through the reader, as a pairs query */
typedef struct queue_read {
    ippon_rest_deferred *deferred;
    int64_t since_ms;
    int days;
    double start, growth, cap; /* the window's keys, said with the numbers */
    json_t *out;
} queue_read;

/* on the reader's thread: {"days","window":{"start","growth","cap"},"rows":[{"day","mode","tables",
   "median_spread","median_wait_ms"}]} */
static int queue_run(ippon_store *st, void *arg)
{
    queue_read *q = arg;
    ippon_queue_day *days = NULL;
    int n = ippon_store_queue_days(st, q->since_ms, &days);
    if (n < 0)
        return -1;
    json_t *rows = json_array();
    for (int i = 0; rows && i < n; i++)
        json_array_append_new(rows, json_pack("{s:s,s:s,s:I,s:f,s:f}", "day", days[i].day, "mode", days[i].mode,
                                              "tables", (json_int_t)days[i].tables, "median_spread",
                                              days[i].median_spread, "median_wait_ms", days[i].median_wait_ms));
    free(days);
    q->out = json_pack("{s:i,s:{s:f,s:f,s:f},s:o}", "days", q->days, "window", "start", q->start, "growth", q->growth,
                       "cap", q->cap, "rows", rows);
    return q->out ? 0 : -1;
}

static void queue_done(void *arg, int rc)
{
    queue_read *q = arg;
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    if (rc == 0) {
        ippon_rest_reply_json(&res, 200, q->out);
        q->out = NULL;
    } else if (rc == IPPON_WRITE_UNAVAILABLE || rc == IPPON_WRITE_STOPPED) {
        reply_unavailable(&res);
    } else {
        reply_store_failed(&res);
    }
    ippon_rest_finish(q->deferred, &res);
    json_decref(q->out);
    free(q);
}

void ippon_admin_queue_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user admin;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    int days = ippon_rest_int_param(req, res, "days", 14, 1, ADMIN_MAX_QUEUE_DAYS);
    if (days < 0)
        return;
    queue_read *q = calloc(1, sizeof *q);
    if (!q || !(q->deferred = ippon_rest_defer(req, res))) {
        free(q);
        ippon_rest_reply_error(res, 500, "internal", "this request cannot wait for its answer");
        return;
    }
    /* from the start of the UTC day days − 1 days ago: whole days */
    int64_t today = ippon_wall_ms() / DAY_MS * DAY_MS;
    *q = (queue_read){ .deferred = q->deferred, .since_ms = today - (int64_t)(days - 1) * DAY_MS, .days = days,
                       .start = app->config->queue_window_start, .growth = app->config->queue_window_growth,
                       .cap = app->config->queue_window_cap };
    if (ippon_writer_submit(app->reader, IPPON_WRITE_ANSWER, queue_run, queue_done, q) != 0) {
        ippon_rest_undefer(res);
        free(q);
        reply_unavailable(res);
    }
}

/* ---- the audit log --------------------------------------------------------------------- */

/* {"id", "at", "admin_id" (null: the command line, a failed admin login), "admin_name", "action",
   "target", "reason", "detail" (the stored object; {} if there is none)} (new reference), or NULL */
static json_t *audit_entry_json(const ippon_audit_entry *e)
{
    json_t *detail = e->detail ? json_loads(e->detail, 0, NULL) : NULL;
    return json_pack("{s:I,s:I,s:o,s:o,s:o,s:o,s:o,s:o}", "id", (json_int_t)e->id, "at", (json_int_t)e->at_ms,
                     "admin_id", e->admin_id[0] ? json_string(e->admin_id) : json_null(), "admin_name",
                     text_or_null(e->admin_name), "action", text_or_null(e->action), "target",
                     text_or_null(e->target), "reason", text_or_null(e->reason), "detail",
                     detail ? detail : json_object());
}

void ippon_admin_audit_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    ippon_user admin;
    if (admin_caller(app, req, res, &admin) != 0)
        return;
    char action[32];
    int has_action = ippon_rest_query(req, "action", action, sizeof action) > 0;
    int page = ippon_rest_int_param(req, res, "page", 1, 1, ADMIN_MAX_PAGE);
    int limit = page < 0 ? -1 : ippon_rest_int_param(req, res, "limit", 50, 1, ADMIN_MAX_LIMIT);
    if (page < 0 || limit < 0)
        return;
    ippon_audit_list list;
    if (ippon_store_audit_list(app->store, has_action ? action : NULL, page, limit, &list) != 0) {
        reply_store_failed(res);
        return;
    }
    json_t *entries = json_array();
    for (size_t i = 0; entries && i < list.count; i++)
        json_array_append_new(entries, audit_entry_json(&list.entries[i]));
    json_t *out = json_pack("{s:I,s:o,s:i,s:i}", "total", (json_int_t)list.total, "entries", entries, "page", page,
                            "limit", limit);
    ippon_audit_list_free(&list);
    if (!out)
        reply_store_failed(res);
    else
        ippon_rest_reply_json(res, 200, out);
}
