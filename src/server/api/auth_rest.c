/*
 * auth_rest.c — the /api/auth routes over auth.c: JSON in, JSON out.
 *
 *   POST  /api/auth/guest     [{display_name}]                  201 {user, token, expires_at}
 *   POST  /api/auth/register  {username, password, display_name} 201 {user, token, expires_at}
 *   POST  /api/auth/login     {username, password}              200 {user, token, expires_at}
 *   POST  /api/auth/logout    (Bearer)                          200 {"logged_out": true}
 *   GET   /api/auth/me        (Bearer)                          200 {user}
 *   PATCH /api/auth/me        (Bearer) {display_name}           200 {user}
 *   POST  /api/auth/claim     (guest's Bearer) {username, password[, display_name]}
 *                                                               200 {user, token, expires_at}
 *   POST  /api/auth/password  (Bearer) {old_password, new_password}
 *                                                               200 {user, sessions_ended}
 *   POST  /api/auth/logout-all (Bearer)                         200 {logged_out, sessions_ended}
 *
 * The user object: {"id", "display_name", "guest", "created_at"}, and in these replies
 * (always about the caller) also "username" (null for a guest) and "admin". Never a hash.
 *
 * How it works: each handler parses the body and checks every field (rest_fields.h),
 * collecting every problem ("fields": {"name": "problem"}, and all of them in the
 * message) before anything changes; then calls auth.c. Everything but GET me waits for a
 * worker — register, login, claim and a password change hash a password (a new one is checked
 * by the password policy first), a login or a password change may be held by the per-account
 * wait (login_limits.h), and every operation but GET me writes through the store writer —:
 * the handler defers its reply
 * (ippon_rest_defer) and the completion (rest_auth_done) finishes it; if auth.c answers at
 * once the handler undefers and replies itself. One function maps every auth result to HTTP
 * (a write the database cannot take now: 503 unavailable with Retry-After).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "admin/admin_settings.h"
#include "store/admin_writes.h"
#include "auth/auth.h"
#include "auth/name_rules.h"
#include "base/log.h"
#include "metrics.h"
#include "api/rest.h"
#include "api/rest_fields.h"
#include "api/rest_session.h"
#include "store/store_admin.h"

#define LOGIN_MAX_USERNAME 64 /* login takes any name up to this; it just will not exist */

/* which operation a reply is for: it decides 201 or 200, and the words of 401 and 429 */
typedef enum reply_kind {
    REPLY_GUEST, REPLY_REGISTER, REPLY_LOGIN, REPLY_TOKEN, REPLY_LOGOUT, REPLY_PASSWORD, REPLY_LOGOUT_ALL
} reply_kind;

/* a password field checked by rule (as ippon_rest_fields_checked), and its length in bytes in
   *len (0 when it is absent or refused): a password is passed on with its length */
static const char *password_field(ippon_rest_fields *fc, const char *name, ippon_rest_field_rule rule, size_t *len)
{
    const char *text = ippon_rest_fields_checked(fc, name, 1, rule);
    *len = text ? json_string_length(json_object_get(fc->body, name)) : 0;
    return text;
}

/* the caller's own user object */
static json_t *user_json(const ippon_user *u)
{
    json_t *o = json_pack("{s:s, s:s, s:b, s:I, s:b}", "id", u->id, "display_name",
                          u->display_name, "guest", u->guest, "created_at",
                          (json_int_t)u->created_at, "admin", u->is_admin);
    if (o)
        json_object_set_new(o, "username", u->guest ? json_null() : json_string(u->username));
    return o;
}

static void reply_user(ippon_rest_response *res, int status, const ippon_user *u)
{
    ippon_rest_reply_json(res, status, json_pack("{s:o}", "user", user_json(u)));
}

static void reply_unavailable(ippon_rest_response *res)
{
    ippon_rest_reply_error(res, 503, "unavailable", "identities are not available on this server");
}

/* an administrator closed registration (admin_settings.h): 403 and -1 */
static int registration_closed(ippon_app *app, ippon_rest_response *res)
{
    if (ippon_settings_registration_open(app->settings))
        return 0;
    ippon_rest_reply_error(res, 403, "registration_closed", "new accounts are not accepted at the moment");
    return -1;
}

/* what a LIMITED reply says was limited, by operation (the rest of the words: auth_errors.h) */
static const char *limited_what(reply_kind kind)
{
    return kind == REPLY_LOGIN || kind == REPLY_PASSWORD
               ? "too many wrong passwords for this account from this address, or from this address"
           : kind == REPLY_GUEST ? "too many new guests from this address"
                                 : "too many sign-ups from this address";
}

/* the row of the identities' table (auth_errors.h) a failed operation replies with */
static const ippon_error_row *result_row(const ippon_auth_result *r, reply_kind kind)
{
    int code = r->status;
    if (code == IPPON_AUTH_INVALID && kind == REPLY_LOGIN)
        code = IPPON_AUTH_BAD_CREDENTIALS;
    else if (code == IPPON_AUTH_TAKEN && !(r->taken & IPPON_TAKEN_USERNAME))
        code = IPPON_AUTH_DISPLAY_NAME_TAKEN;
    const ippon_error_row *row = ippon_auth_error_row(code);
    return row ? row : ippon_auth_error_row(IPPON_AUTH_ERROR);
}

/* seconds to wait, from milliseconds, within 1 .. most */
static int retry_seconds(long long ms, int most)
{
    long long s = (ms + 999) / 1000;
    return s < 1 ? 1 : s > most ? most : (int)s;
}

/* map an auth result to the HTTP reply: a row of the identities' table, with the request's detail */
static void reply_result(ippon_rest_response *res, const ippon_auth_result *r, reply_kind kind)
{
    if (r->status == IPPON_AUTH_OK) {
        if (kind == REPLY_LOGOUT)
            ippon_rest_reply_json(res, 200, json_pack("{s:b}", "logged_out", 1));
        else if (kind == REPLY_LOGOUT_ALL)
            ippon_rest_reply_json(res, 200, json_pack("{s:b, s:i}", "logged_out", 1, "sessions_ended", r->sessions_ended));
        else if (kind == REPLY_PASSWORD)
            ippon_rest_reply_json(res, 200, json_pack("{s:o, s:i}", "user", user_json(&r->user), "sessions_ended",
                                                      r->sessions_ended));
        else if (r->token[0])
            ippon_rest_reply_json(res, kind == REPLY_GUEST || kind == REPLY_REGISTER ? 201 : 200,
                                  json_pack("{s:o, s:s, s:I}", "user", user_json(&r->user),
                                            "token", r->token, "expires_at",
                                            (json_int_t)r->expires_at));
        else
            reply_user(res, 200, &r->user);
        return;
    }
    const ippon_error_row *row = result_row(r, kind);
    switch (row->code) {
    case IPPON_AUTH_INVALID:
    case IPPON_AUTH_BAD_CREDENTIALS:
        ippon_rest_reply_row(res, row);
        res->challenge = 1;
        return;
    case IPPON_AUTH_LIMITED:
        res->retry_after = retry_seconds(r->retry_after_ms, 86400);
        ippon_rest_reply_error(res, row->status, row->wire, "%s; try again in %d seconds", limited_what(kind),
                               res->retry_after);
        return;
    case IPPON_AUTH_BUSY:
        res->retry_after = 1;
        ippon_rest_reply_row(res, row);
        return;
    case IPPON_AUTH_UNAVAILABLE:
        res->retry_after = retry_seconds(r->retry_after_ms, 3600);
        ippon_rest_reply_error(res, row->status, row->wire, "%s; try again in %d seconds", row->text,
                               res->retry_after);
        return;
    case IPPON_AUTH_TAKEN:
        if (r->taken & IPPON_TAKEN_DISPLAY_NAME) { /* both names: both fields, both texts */
            const ippon_error_row *name_row = ippon_auth_error_row(IPPON_AUTH_DISPLAY_NAME_TAKEN);
            json_t *fields = ippon_rest_row_field(ippon_rest_row_field(json_object(), row), name_row);
            ippon_rest_reply_error_fields(res, row->status, row->wire, fields, "%s; %s", row->text, name_row->text);
            return;
        }
        break;
    case IPPON_AUTH_WEAK: {
        const char *field = kind == REPLY_PASSWORD ? "new_password" : "password";
        ippon_rest_reply_error_fields(res, row->status, row->wire, json_pack("{s:s}", field, r->problem), "%s: %s",
                                      field, r->problem);
        return;
    }
    }
    ippon_rest_reply_row(res, row);
}

/* ---- the session ------------------------------------------------------------------ */

/* the caller's token and session: rest_session.h */

/* ---- deferred replies ------------------------------------------------------------- */

typedef struct rest_wait {
    ippon_rest_deferred *deferred;
    reply_kind kind;
    ippon_app *app;                       /* login: for the metrics and the audit log */
    char address[80];                     /* login: the client's address, as the limits key it */
    char username[LOGIN_MAX_USERNAME + 1]; /* login: the name tried */
} rest_wait;

/*
 * A login's outcome for the operators: failures are counted (/metrics); a failed login to an
 * administrator's account (auth.c logs it at warn) and an administrator's login go to the
 * audit log with the address. The per-account and per-address limits (auth.h) slow guessing.
 */
static void login_watch(const rest_wait *w, const ippon_auth_result *r)
{
    ippon_app *app = w->app;
    if (!app || w->kind != REPLY_LOGIN)
        return;
    if (r->status == IPPON_AUTH_INVALID)
        ippon_metrics_count(app->metrics, IPPON_METRIC_LOGIN_FAILED);
    int failed_admin = r->status == IPPON_AUTH_INVALID && r->admin_tried[0];
    int admin_in = r->status == IPPON_AUTH_OK && r->user.is_admin;
    if (!app->writer || (!failed_admin && !admin_in))
        return;
    if (failed_admin)
        ippon_metrics_count(app->metrics, IPPON_METRIC_ADMIN_LOGIN_FAILED);
    json_t *detail = json_pack("{s:s}", "address", w->address[0] ? w->address : "unknown");
    ippon_audit audit = {
        .at_ms = ippon_auth_now_ms(app->auth), .admin_id = failed_admin ? NULL : r->user.id,
        .admin_name = failed_admin ? w->username : r->user.username,
        .action = failed_admin ? "login_failed" : "login", .target = failed_admin ? r->admin_tried : r->user.id,
        .reason = failed_admin ? "wrong password for an administrator's account" : "administrator signed in",
        .detail = detail,
    };
    if (ippon_admin_change_submit(app->writer, IPPON_AC_AUDIT, NULL, NULL, NULL, &audit, NULL, NULL) != 0)
        ippon_log_warn("auth: the audit row of %s was not queued (the store writer is stopping)", audit.action);
    json_decref(detail);
}

static void rest_auth_done(void *ctx, const ippon_auth_result *result)
{
    rest_wait *w = ctx;
    login_watch(w, result);
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    reply_result(&res, result, w->kind);
    ippon_rest_finish(w->deferred, &res);
    free(w);
}

/* get ready to wait for a worker (password hash, store writer): NULL after replying 500 */
static rest_wait *rest_wait_begin(const ippon_rest_request *req, ippon_rest_response *res,
                                  reply_kind kind)
{
    rest_wait *w = calloc(1, sizeof *w);
    if (w && (w->deferred = ippon_rest_defer(req, res)) != NULL) {
        w->kind = kind;
        return w;
    }
    free(w);
    ippon_rest_reply_error(res, 500, "internal", "this request cannot wait for its answer");
    return NULL;
}

/* auth answered at once after all: drop the wait and reply now */
static void rest_wait_cancel(rest_wait *w, ippon_rest_response *res, const ippon_auth_result *now)
{
    reply_kind kind = w->kind;
    ippon_rest_undefer(res);
    free(w);
    reply_result(res, now, kind);
}

/* ---- handlers --------------------------------------------------------------------- */

void ippon_auth_guest_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"display_name", NULL};
    ippon_rest_fields fc;
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_fields_begin(&fc, req, res, 1, known, "display_name (optional)") != 0)
        return;
    const char *name = ippon_rest_fields_checked(&fc, "display_name", 0, ippon_auth_check_display_name);
    if (ippon_rest_fields_reply(&fc, res) == 0) {
        rest_wait *w = rest_wait_begin(req, res, REPLY_GUEST);
        if (w) {
            ippon_auth_result now;
            if (!ippon_auth_guest(app->auth, name, req->address, &now, rest_auth_done, w))
                rest_wait_cancel(w, res, &now);
        }
    }
    ippon_rest_fields_end(&fc);
}

void ippon_auth_register_post(ippon_app *app, const ippon_rest_request *req,
                              ippon_rest_response *res)
{
    static const char *const known[] = {"username", "password", "display_name", NULL};
    ippon_rest_fields fc;
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (registration_closed(app, res) != 0)
        return;
    if (ippon_rest_fields_begin(&fc, req, res, 0, known, "username, password, display_name") != 0)
        return;
    const char *username = ippon_rest_fields_checked(&fc, "username", 1, ippon_auth_check_username);
    size_t pw_len;
    const char *password = password_field(&fc, "password", ippon_auth_check_password, &pw_len);
    const char *name = ippon_rest_fields_checked(&fc, "display_name", 1, ippon_auth_check_display_name);
    if (ippon_rest_fields_reply(&fc, res) == 0) {
        rest_wait *w = rest_wait_begin(req, res, REPLY_REGISTER);
        if (w) {
            ippon_auth_result now;
            int pending = ippon_auth_register(app->auth, username, password, pw_len, name,
                                              req->address, &now, rest_auth_done, w);
            if (!pending)
                rest_wait_cancel(w, res, &now);
        }
    }
    ippon_rest_fields_end(&fc);
}

/* login's own shape checks: any non-empty string of sane length */
static int length_rule(size_t len, int max, char *why, size_t whylen)
{
    if (len == 0 || len > (size_t)max) {
        snprintf(why, whylen, "must be 1 to %d bytes long (has %zu)", max, len);
        return -1;
    }
    return 0;
}

static int login_username_rule(const char *text, size_t len, char *why, size_t whylen)
{
    (void)text;
    return length_rule(len, LOGIN_MAX_USERNAME, why, whylen);
}

static int login_password_rule(const char *text, size_t len, char *why, size_t whylen)
{
    (void)text;
    return length_rule(len, IPPON_PASSWORD_MAX, why, whylen);
}

void ippon_auth_login_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"username", "password", NULL};
    ippon_rest_fields fc;
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_fields_begin(&fc, req, res, 0, known, "username, password") != 0)
        return;
    const char *username = ippon_rest_fields_checked(&fc, "username", 1, login_username_rule);
    size_t pw_len;
    const char *password = password_field(&fc, "password", login_password_rule, &pw_len);
    if (ippon_rest_fields_reply(&fc, res) == 0) {
        rest_wait *w = rest_wait_begin(req, res, REPLY_LOGIN);
        if (w) {
            w->app = app;
            ippon_auth_address_key(req->address, w->address, sizeof w->address);
            snprintf(w->username, sizeof w->username, "%s", username);
            ippon_auth_result now;
            int pending = ippon_auth_login(app->auth, username, password, pw_len, req->address,
                                           &now, rest_auth_done, w);
            if (!pending)
                rest_wait_cancel(w, res, &now);
        }
    }
    ippon_rest_fields_end(&fc);
}

void ippon_auth_logout_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char token[IPPON_TOKEN_HEX_LEN + 1];
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_bearer_token(req, res, token) != 0)
        return;
    rest_wait *w = rest_wait_begin(req, res, REPLY_LOGOUT);
    if (w) {
        ippon_auth_result now;
        if (!ippon_auth_logout(app->auth, token, &now, rest_auth_done, w))
            rest_wait_cancel(w, res, &now);
    }
}

void ippon_auth_me_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char token[IPPON_TOKEN_HEX_LEN + 1];
    ippon_user user;
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_session_user(app, req, res, token, &user) != 0)
        return;
    reply_user(res, 200, &user);
}

void ippon_auth_me_patch(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"display_name", NULL};
    char token[IPPON_TOKEN_HEX_LEN + 1];
    ippon_user user;
    ippon_rest_fields fc;
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_session_user(app, req, res, token, &user) != 0)
        return;
    if (ippon_rest_fields_begin(&fc, req, res, 0, known, "display_name") != 0)
        return;
    const char *name = ippon_rest_fields_checked(&fc, "display_name", 1, ippon_auth_check_display_name);
    if (ippon_rest_fields_reply(&fc, res) == 0) {
        rest_wait *w = rest_wait_begin(req, res, REPLY_TOKEN);
        if (w) {
            ippon_auth_result now;
            if (!ippon_auth_rename(app->auth, user.id, name, &now, rest_auth_done, w))
                rest_wait_cancel(w, res, &now);
        }
    }
    ippon_rest_fields_end(&fc);
}

void ippon_auth_claim_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"username", "password", "display_name", NULL};
    char token[IPPON_TOKEN_HEX_LEN + 1];
    ippon_rest_fields fc;
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_bearer_token(req, res, token) != 0)
        return;
    if (registration_closed(app, res) != 0)
        return;
    if (ippon_rest_fields_begin(&fc, req, res, 0, known,
                                "username, password, display_name (optional)") != 0)
        return;
    const char *username = ippon_rest_fields_checked(&fc, "username", 1, ippon_auth_check_username);
    size_t pw_len;
    const char *password = password_field(&fc, "password", ippon_auth_check_password, &pw_len);
    const char *name = ippon_rest_fields_checked(&fc, "display_name", 0, ippon_auth_check_display_name);
    if (ippon_rest_fields_reply(&fc, res) == 0) {
        rest_wait *w = rest_wait_begin(req, res, REPLY_TOKEN);
        if (w) {
            ippon_auth_result now;
            int pending = ippon_auth_claim(app->auth, token, username, password, pw_len, name,
                                           req->address, &now, rest_auth_done, w);
            if (!pending)
                rest_wait_cancel(w, res, &now);
        }
    }
    ippon_rest_fields_end(&fc);
}

void ippon_auth_password_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    static const char *const known[] = {"old_password", "new_password", NULL};
    char token[IPPON_TOKEN_HEX_LEN + 1];
    ippon_rest_fields fc;
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_bearer_token(req, res, token) != 0)
        return;
    if (ippon_rest_fields_begin(&fc, req, res, 0, known, "old_password, new_password") != 0)
        return;
    size_t old_len, new_len;
    const char *old_password = password_field(&fc, "old_password", login_password_rule, &old_len);
    const char *new_password = password_field(&fc, "new_password", ippon_auth_check_password, &new_len);
    if (ippon_rest_fields_reply(&fc, res) == 0) {
        rest_wait *w = rest_wait_begin(req, res, REPLY_PASSWORD);
        if (w) {
            ippon_auth_result now;
            if (!ippon_auth_change_password(app->auth, token, old_password, old_len, new_password, new_len,
                                            req->address, &now, rest_auth_done, w))
                rest_wait_cancel(w, res, &now);
        }
    }
    ippon_rest_fields_end(&fc);
}

void ippon_auth_logout_all_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char token[IPPON_TOKEN_HEX_LEN + 1];
    if (!app->auth) {
        reply_unavailable(res);
        return;
    }
    if (ippon_rest_bearer_token(req, res, token) != 0)
        return;
    rest_wait *w = rest_wait_begin(req, res, REPLY_LOGOUT_ALL);
    if (w) {
        ippon_auth_result now;
        if (!ippon_auth_logout_all(app->auth, token, &now, rest_auth_done, w))
            rest_wait_cancel(w, res, &now);
    }
}
