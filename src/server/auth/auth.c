/*
 * auth.c — identities and sessions (see auth.h for the model and every contract).
 *
 * How it works: the service (auth_internal.h) holds the store (the event loop's, for reads),
 * the store writer (every write: auth_writes.h), the lifetimes, the login limits
 * (login_limits.h), two rate limiters, the password policy and the hashing worker (pwhash.c).
 * A token → user lookup reads and returns; a session's last use, an expired session's deletion
 * and the hourly purge are background writes nobody waits for. Every other operation is an
 * auth_op, made here (or in auth_password.c: password changes and "sign out everywhere") and
 * taken through its waits by the pipeline (auth_op.c, whose top comment counts them); this file
 * has each kind's own steps between them. The rules for names: name_rules.c; for passwords:
 * pwpolicy.c. Cheap checks (limits, taken names, the
 * guest's session) come first; anything checked before and changed since (a name taken by a
 * parallel registration, a guest session revoked) is checked again by the store when it writes.
 * Sessions that end are told to the session hook once written (auth.h).
 */
#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth/auth_internal.h"
#include "base/ids.h"
#include "base/log.h"
#include "base/wall_clock.h"
#include "auth/name_rules.h"

#define AUTH_LIMITER_KEYS 20000         /* keys kept per limiter */
#define AUTH_HASH_QUEUE 64              /* passwords waiting for the worker, at most */
#define AUTH_TOUCH_EVERY_S 60           /* record a session's use at most this often */
#define AUTH_PURGE_EVERY_S 3600         /* delete expired sessions at most this often */
#define AUTH_GUEST_NAME_TRIES 16

/* ---- clock, keys, tokens ------------------------------------------------------------ */

static long long auth_realtime_ms(void *ctx)
{
    (void)ctx;
    return ippon_wall_ms();
}

long long ippon_auth_now_ms(ippon_auth *auth)
{
    return auth->now_ms(auth->clock_ctx);
}

static long long auth_now_s(ippon_auth *auth)
{
    long long ms = ippon_auth_now_ms(auth);
    return ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
}

void ippon_auth_address_key(const char *address, char *out, size_t outlen)
{
    struct in_addr a4;
    struct in6_addr a6;
    char text[INET6_ADDRSTRLEN];
    if (!address || !*address) {
        snprintf(out, outlen, "unknown");
    } else if (inet_pton(AF_INET, address, &a4) == 1) {
        inet_ntop(AF_INET, &a4, text, sizeof text);
        snprintf(out, outlen, "%s", text);
    } else if (inet_pton(AF_INET6, address, &a6) == 1) {
        if (IN6_IS_ADDR_V4MAPPED(&a6)) {
            memcpy(&a4, &a6.s6_addr[12], 4);
            inet_ntop(AF_INET, &a4, text, sizeof text);
            snprintf(out, outlen, "%s", text);
        } else { /* one host usually has a whole /64 */
            memset(&a6.s6_addr[8], 0, 8);
            inet_ntop(AF_INET6, &a6, text, sizeof text);
            snprintf(out, outlen, "%s/64", text);
        }
    } else {
        snprintf(out, outlen, "%.*s", 64, address);
    }
}

/* the per-account limiter key: the username as tried, ASCII-lowercased (NOCASE) */
void auth_account_key(const char *username, char *out, size_t outlen)
{
    size_t n = 0;
    out[n++] = 'u';
    out[n++] = ':';
    for (const char *p = username; *p && n + 1 < outlen; p++)
        out[n++] = (*p >= 'A' && *p <= 'Z') ? (char)(*p - 'A' + 'a') : *p;
    out[n] = '\0';
}

/* a copy of untrusted text that is safe in a log line */
static void auth_printable(const char *text, char *out, size_t outlen)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p && n + 4 < outlen; p++) {
        unsigned char c = *p;
        int plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.' || c == '@';
        out[n++] = plain ? (char)c : '?';
    }
    if (text[n] && n + 4 <= outlen) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}

void ippon_auth_token_new(unsigned char token[IPPON_TOKEN_BYTES],
                          char hex[IPPON_TOKEN_HEX_LEN + 1])
{
    randombytes_buf(token, IPPON_TOKEN_BYTES);
    sodium_bin2hex(hex, IPPON_TOKEN_HEX_LEN + 1, token, IPPON_TOKEN_BYTES);
}

static void auth_token_digest(const unsigned char token[IPPON_TOKEN_BYTES],
                              unsigned char hash[IPPON_TOKEN_HASH_BYTES])
{
    crypto_generichash(hash, IPPON_TOKEN_HASH_BYTES, token, IPPON_TOKEN_BYTES, NULL, 0);
}

int ippon_auth_token_hash(const char *hex, unsigned char hash[IPPON_TOKEN_HASH_BYTES])
{
    unsigned char token[IPPON_TOKEN_BYTES];
    size_t len = 0;
    const char *end = NULL;
    if (!hex || strlen(hex) != IPPON_TOKEN_HEX_LEN ||
        sodium_hex2bin(token, sizeof token, hex, IPPON_TOKEN_HEX_LEN, NULL, &len, &end) != 0 ||
        len != sizeof token || *end != '\0')
        return -1;
    auth_token_digest(token, hash);
    sodium_memzero(token, sizeof token);
    return 0;
}

/* a new session for a lifetime of life_s seconds: the row to store and its token */
static void auth_session_new(ippon_auth *auth, long long life_s, ippon_session *s,
                             char token_hex[IPPON_TOKEN_HEX_LEN + 1])
{
    unsigned char token[IPPON_TOKEN_BYTES];
    ippon_auth_token_new(token, token_hex);
    auth_token_digest(token, s->token_hash);
    sodium_memzero(token, sizeof token);
    s->created_at = s->last_used_at = auth_now_s(auth);
    s->expires_at = s->created_at + life_s;
}

/* a background write of kind about the session token_hash (of user_id, may be NULL) at now */
static void auth_background(ippon_auth *auth, ippon_auth_write_kind kind,
                            const unsigned char *token_hash, const char *user_id, long long now)
{
    ippon_auth_write aw;
    memset(&aw, 0, sizeof aw);
    aw.kind = kind;
    aw.now = now;
    if (token_hash)
        memcpy(aw.token_hash, token_hash, sizeof aw.token_hash);
    if (user_id)
        snprintf(aw.user.id, sizeof aw.user.id, "%s", user_id);
    if (ippon_auth_write_submit(auth->writer, &aw) != 0)
        ippon_log_debug("auth: a background write was refused (the writer is stopping)");
}

/* delete expired sessions, at most once per AUTH_PURGE_EVERY_S */
static void auth_maybe_purge(ippon_auth *auth)
{
    long long now = auth_now_s(auth);
    if (auth->last_purge_s && now - auth->last_purge_s < AUTH_PURGE_EVERY_S)
        return;
    auth->last_purge_s = now;
    auth_background(auth, IPPON_AW_PURGE, NULL, NULL, now);
}

void auth_result_session(ippon_auth_result *r, const ippon_user *user,
                         const ippon_session *s, const char *token_hex)
{
    r->status = IPPON_AUTH_OK;
    r->user = *user;
    snprintf(r->token, sizeof r->token, "%s", token_hex);
    r->expires_at = s->expires_at;
}

/* ---- a password's form (its strength is the policy's, on the worker: pwpolicy.h) ------ */

int ippon_auth_check_password(const char *password, size_t len, char *problem, size_t problen)
{
    if (memchr(password, '\0', len)) {
        snprintf(problem, problen, "must not contain NUL characters");
        return -1;
    }
    if (len < IPPON_PASSWORD_MIN || len > IPPON_PASSWORD_MAX) {
        snprintf(problem, problen, "must be %d to %d bytes long (has %zu)", IPPON_PASSWORD_MIN,
                 IPPON_PASSWORD_MAX, len);
        return -1;
    }
    return 0;
}

/* ---- life cycle ------------------------------------------------------------------- */

static long long auth_days_to_s(double days)
{
    long long s = llround(days * 86400.0);
    return s < 1 ? 1 : s;
}

int ippon_auth_create(ippon_auth **out, const ippon_config *cfg, ippon_store *store, ippon_writer *writer,
                      char *err, size_t errlen)
{
    *out = NULL;
    ippon_auth *auth = calloc(1, sizeof *auth);
    if (!auth) {
        snprintf(err, errlen, "auth: out of memory");
        return -1;
    }
    auth->store = store;
    auth->writer = writer;
    auth->session_s = auth_days_to_s(cfg->session_days);
    auth->guest_s = auth_days_to_s(cfg->guest_days);
    auth->now_ms = auth_realtime_ms;
    ippon_login_limits_config limits = {
        .per_address = cfg->login_fails_per_address, .per_account_address = cfg->login_fails_per_account_address,
        .slow_after = cfg->login_fails_per_account, .delay_base_ms = cfg->login_delay_base_ms,
        .delay_max_ms = cfg->login_delay_max_ms,
    };
    auth->login = ippon_login_limits_new(&limits);
    auth->signups = ippon_ratelimit_create((unsigned)cfg->signups_per_address, AUTH_HOUR_MS,
                                           AUTH_LIMITER_KEYS);
    auth->guests = ippon_ratelimit_create((unsigned)cfg->guests_per_address, AUTH_HOUR_MS,
                                          AUTH_LIMITER_KEYS);
    auth->signups_burst = (unsigned)cfg->signups_per_address;
    auth->guests_burst = (unsigned)cfg->guests_per_address;
    if (!auth->login || !auth->signups || !auth->guests) {
        snprintf(err, errlen, "auth: cannot make the rate limiters (out of memory, or \"login_delay_base_ms\" "
                              "over \"login_delay_max_ms\")");
        ippon_auth_destroy(auth);
        return -1;
    }
    auth->policy = ippon_pwpolicy_new(IPPON_PWPOLICY_PLAYER_MIN);
    if (!auth->policy) {
        snprintf(err, errlen, "auth: libpwquality cannot check passwords (is cracklib's dictionary installed? "
                              "Debian: cracklib-runtime)");
        ippon_auth_destroy(auth);
        return -1;
    }
    if (ippon_pwhash_start(&auth->pwhash, (unsigned long long)cfg->pwhash_ops,
                           (size_t)cfg->pwhash_mem_kib * 1024, AUTH_HASH_QUEUE, NULL, NULL) != 0) {
        snprintf(err, errlen, "auth: cannot start the password hashing thread "
                              "(keys \"pwhash_ops\", \"pwhash_mem_kib\")");
        ippon_auth_destroy(auth);
        return -1;
    }
    *out = auth;
    return 0;
}

void ippon_auth_set_wake(ippon_auth *auth, void (*wake)(void *), void *ctx)
{
    ippon_pwhash_set_wake(auth->pwhash, wake, ctx);
}

void ippon_auth_set_session_hook(ippon_auth *auth, ippon_auth_sessions_ended hook, void *ctx)
{
    auth->ended = hook;
    auth->ended_ctx = ctx;
}

void ippon_auth_set_clock(ippon_auth *auth, long long (*now_ms)(void *ctx), void *ctx)
{
    auth->now_ms = now_ms ? now_ms : auth_realtime_ms;
    auth->clock_ctx = ctx;
}

int ippon_auth_poll(ippon_auth *auth)
{
    return auth ? ippon_pwhash_poll(auth->pwhash) : 0;
}

size_t ippon_auth_pending(ippon_auth *auth)
{
    return ippon_pwhash_in_flight(auth->pwhash);
}

void ippon_auth_destroy(ippon_auth *auth)
{
    if (!auth)
        return;
    auth_hold_drop_all(auth);        /* held operations end busy (asking the shared limits too) */
    ippon_pwhash_stop(auth->pwhash); /* completes every pending operation, limiters still here */
    ippon_timer_heap_free(&auth->held);
    ippon_login_limits_free(auth->login);
    ippon_pwpolicy_free(auth->policy);
    ippon_ratelimit_free(auth->signups);
    ippon_ratelimit_free(auth->guests);
    free(auth);
}

/* ---- the operations' own steps (the pipeline: auth_op.c) ---------------------------- */

/* a new session of life_s for op: the row and its token, kept in op */
static void auth_op_session(auth_op *op, long long life_s)
{
    auth_session_new(op->auth, life_s, &op->session, op->token);
}

/* a write of kind for op's user and session */
static void auth_op_write_init(const auth_op *op, ippon_auth_write *aw, ippon_auth_write_kind kind)
{
    memset(aw, 0, sizeof *aw);
    aw->kind = kind;
    aw->user = op->user;
    aw->session = op->session;
}

/* a generated guest name: "Guest-" and six hex digits */
static void auth_guest_name(char *out, size_t outlen)
{
    unsigned char r[3];
    randombytes_buf(r, sizeof r);
    snprintf(out, outlen, "%s%02X%02X%02X", IPPON_GUEST_NAME_PREFIX, r[0], r[1], r[2]);
}

/*
 * The guest op's next write: its user with the given name or a generated one no user has (the
 * loop's store is asked; a generated name taken meanwhile comes back as a conflict and another is
 * tried). IPPON_AUTH_OK if submitted; else the status to answer.
 */
ippon_auth_status auth_guest_write(auth_op *op)
{
    ippon_auth *auth = op->auth;
    for (;;) {
        if (op->has_display_name) {
            snprintf(op->user.display_name, sizeof op->user.display_name, "%s", op->display_name);
        } else {
            if (op->name_tries++ >= AUTH_GUEST_NAME_TRIES) {
                ippon_log_error("auth: no free guest name after %d tries", AUTH_GUEST_NAME_TRIES);
                return IPPON_AUTH_ERROR;
            }
            char why[160];
            auth_guest_name(op->user.display_name, sizeof op->user.display_name);
            if (ippon_name_impersonates(op->user.display_name, strlen(op->user.display_name), why, sizeof why))
                continue; /* hex digits cannot spell a reserved word, but the rule decides */
        }
        int taken = 0;
        if (ippon_store_names_taken(auth->store, NULL, op->user.display_name, NULL, &taken) != 0)
            return IPPON_AUTH_ERROR;
        if (taken && op->has_display_name)
            return IPPON_AUTH_TAKEN;
        if (!taken)
            break;
    }
    ippon_auth_write aw;
    auth_op_write_init(op, &aw, IPPON_AW_CREATE);
    return auth_op_write(op, &aw) == 0 ? IPPON_AUTH_OK : IPPON_AUTH_UNAVAILABLE;
}

/* ---- sessions --------------------------------------------------------------------- */

int ippon_auth_user_by_token(ippon_auth *auth, const char *token_hex, ippon_user *out)
{
    return ippon_auth_session_of(auth, token_hex, out, NULL);
}

int ippon_auth_session_of(ippon_auth *auth, const char *token_hex, ippon_user *out, ippon_session *session_out)
{
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    if (ippon_auth_token_hash(token_hex, hash) != 0)
        return IPPON_AUTH_INVALID;
    long long now = auth_now_s(auth);
    ippon_session session;
    memset(&session, 0, sizeof session);
    int rc = ippon_store_session_user(auth->store, hash, now, out, &session);
    if (session_out)
        *session_out = session;
    if (rc == IPPON_STORE_NOT_FOUND && session.expires_at)
        auth_background(auth, IPPON_AW_LOGOUT, hash, NULL, now); /* expired: the row is useless now */
    if (rc == IPPON_STORE_NOT_FOUND)
        return IPPON_AUTH_INVALID;
    if (rc != 0)
        return IPPON_AUTH_ERROR;
    if (now - session.last_used_at >= AUTH_TOUCH_EVERY_S) {
        auth_background(auth, IPPON_AW_TOUCH, hash, out->id, now);
        if (now > out->last_seen_at)
            out->last_seen_at = now;
    }
    return IPPON_AUTH_OK;
}

int ippon_auth_session_user(ippon_app *app, const char *token_hex, ippon_user *out)
{
    if (!app || !app->auth)
        return IPPON_AUTH_ERROR;
    return ippon_auth_user_by_token(app->auth, token_hex, out);
}

/* a result that is known at once (returns 0 for the caller's "not pending") */
int auth_now_result(ippon_auth_result *now, ippon_auth_status status)
{
    now->status = status;
    if (status == IPPON_AUTH_BUSY)
        now->retry_after_ms = AUTH_BUSY_RETRY_MS;
    if (status == IPPON_AUTH_UNAVAILABLE)
        now->retry_after_ms = AUTH_UNAVAILABLE_RETRY_MS;
    return 0;
}

int ippon_auth_logout(ippon_auth *auth, const char *token_hex, ippon_auth_result *now, ippon_auth_done done,
                      void *ctx)
{
    memset(now, 0, sizeof *now);
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    ippon_user user;
    ippon_session session;
    if (ippon_auth_token_hash(token_hex, hash) != 0)
        return auth_now_result(now, IPPON_AUTH_INVALID);
    long long t = auth_now_s(auth);
    int rc = ippon_store_session_user(auth->store, hash, t, &user, &session);
    if (rc == IPPON_STORE_NOT_FOUND && session.expires_at)
        auth_background(auth, IPPON_AW_LOGOUT, hash, NULL, t);
    if (rc != 0)
        return auth_now_result(now, rc == IPPON_STORE_NOT_FOUND ? IPPON_AUTH_INVALID : IPPON_AUTH_ERROR);
    auth_op *op = auth_op_new(auth, OP_LOGOUT, NULL, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    snprintf(op->user_id, sizeof op->user_id, "%s", user.id);
    memcpy(op->old_token_hash, hash, sizeof hash);
    ippon_auth_write aw;
    memset(&aw, 0, sizeof aw);
    aw.kind = IPPON_AW_LOGOUT;
    memcpy(aw.token_hash, hash, sizeof hash);
    if (auth_op_write(op, &aw) != 0) {
        free(op);
        return auth_now_result(now, IPPON_AUTH_UNAVAILABLE);
    }
    return 1;
}

int ippon_auth_rename(ippon_auth *auth, const char *user_id, const char *display_name, ippon_auth_result *now,
                      ippon_auth_done done, void *ctx)
{
    memset(now, 0, sizeof *now);
    auth_op *op = auth_op_new(auth, OP_RENAME, NULL, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    snprintf(op->user_id, sizeof op->user_id, "%s", user_id);
    ippon_auth_write aw;
    memset(&aw, 0, sizeof aw);
    aw.kind = IPPON_AW_RENAME;
    snprintf(aw.user.id, sizeof aw.user.id, "%s", user_id);
    snprintf(aw.user.display_name, sizeof aw.user.display_name, "%s", display_name);
    if (auth_op_write(op, &aw) != 0) {
        free(op);
        return auth_now_result(now, IPPON_AUTH_UNAVAILABLE);
    }
    return 1;
}

/* ---- guests ----------------------------------------------------------------------- */

/* a guest's shared bucket: per address per hour, as the node's own */
static ippon_bucket auth_guests_bucket(const auth_op *op)
{
    return (ippon_bucket){"guests", op->address_key, op->auth->guests_burst, AUTH_HOUR_MS, IPPON_BUCKET_TAKE, 0};
}

/* a guest admitted by the limits is made: OK while its write is pending */
static ippon_auth_status auth_guest_make(auth_op *op)
{
    ippon_auth *auth = op->auth;
    auth_maybe_purge(auth);
    ippon_id id;
    ippon_id_generate(&id);
    ippon_id_format(&id, op->user.id);
    op->user.guest = true;
    op->user.created_at = op->user.last_seen_at = auth_now_s(auth);
    auth_op_session(op, auth->guest_s);
    return auth_guest_write(op);
}

int ippon_auth_guest(ippon_auth *auth, const char *display_name, const char *address, ippon_auth_result *now,
                     ippon_auth_done done, void *ctx)
{
    memset(now, 0, sizeof *now);
    auth_op *op = auth_op_new(auth, OP_GUEST, address, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    if (!ippon_ratelimit_take(auth->guests, op->address_key, ippon_auth_now_ms(auth), &now->retry_after_ms)) {
        ippon_log_warn("auth: guest creation from %s refused: over the limit", op->address_key);
        free(op);
        return auth_now_result(now, IPPON_AUTH_LIMITED);
    }
    if (display_name) {
        snprintf(op->display_name, sizeof op->display_name, "%s", display_name);
        op->has_display_name = 1;
    }
    ippon_bucket bucket = auth_guests_bucket(op);
    if (auth_op_share(op, &bucket, 1, auth_guest_make) == 0)
        return 1;
    ippon_auth_status status = auth_guest_make(op);
    if (status != IPPON_AUTH_OK) {
        sodium_memzero(op, sizeof *op);
        free(op);
        if (status == IPPON_AUTH_TAKEN)
            now->taken = IPPON_TAKEN_DISPLAY_NAME;
        return auth_now_result(now, status);
    }
    return 1;
}

/* ---- password operations ---------------------------------------------------------- */

void auth_op_register_hashed(auth_op *op, const char *hash)
{
    ippon_auth *auth = op->auth;
    ippon_id id;
    ippon_id_generate(&id);
    ippon_id_format(&id, op->user.id);
    snprintf(op->user.username, sizeof op->user.username, "%s", op->username);
    snprintf(op->user.display_name, sizeof op->user.display_name, "%s", op->display_name);
    op->user.created_at = op->user.last_seen_at = auth_now_s(auth);
    auth_op_session(op, auth->session_s);
    ippon_auth_write aw;
    auth_op_write_init(op, &aw, IPPON_AW_CREATE);
    snprintf(aw.hash, sizeof aw.hash, "%s", hash);
    auth_op_write_or_end(op, &aw);
}

void auth_op_login_hashed(auth_op *op, ippon_pwhash_result hashed, const char *rehash)
{
    ippon_auth *auth = op->auth;
    if (hashed != IPPON_PWHASH_OK) {
        ippon_auth_result r;
        memset(&r, 0, sizeof r);
        if (hashed == IPPON_PWHASH_MISMATCH) {
            r.status = IPPON_AUTH_INVALID;
            auth_op_limits_end(op, IPPON_LOGIN_FAILED);
            if (op->admin) {
                snprintf(r.admin_tried, sizeof r.admin_tried, "%s", op->user_id);
                ippon_log_warn("auth: failed login for the ADMINISTRATOR account \"%s\" (user %s) "
                               "from %s", op->log_name, op->user_id, op->address_key);
            } else {
                ippon_log_warn("auth: failed login for \"%s\" from %s", op->log_name,
                               op->address_key);
            }
        } else { /* not the client's fault: do not count it (auth_op_finish gives it back) */
            r.status = IPPON_AUTH_ERROR;
        }
        auth_op_finish(op, &r);
        return;
    }
    /* the right password: this attempt does not count as a failure */
    auth_op_limits_end(op, IPPON_LOGIN_SUCCEEDED);

    int rc = ippon_store_user_get(auth->store, op->user_id, &op->user);
    if (rc != 0 || op->user.guest) {
        auth_op_finish_status(op, rc == 0 || rc == IPPON_STORE_NOT_FOUND ? IPPON_AUTH_INVALID /* gone meanwhile */
                                                                         : IPPON_AUTH_ERROR);
        return;
    }
    ippon_auth_write aw;
    if (op->user.banned) {
        if (rehash) { /* the upgrade is stored all the same */
            auth_op_write_init(op, &aw, IPPON_AW_REHASH);
            snprintf(aw.hash, sizeof aw.hash, "%s", rehash);
            ippon_auth_write_submit(auth->writer, &aw);
            sodium_memzero(&aw, sizeof aw);
        }
        ippon_log_warn("auth: banned user %s (\"%s\") tried to log in from %s", op->user.id,
                       op->user.username, op->address_key);
        auth_op_finish_status(op, IPPON_AUTH_BANNED);
        return;
    }
    auth_maybe_purge(auth);
    auth_op_session(op, auth->session_s);
    auth_op_write_init(op, &aw, IPPON_AW_LOGIN);
    if (rehash)
        snprintf(aw.hash, sizeof aw.hash, "%s", rehash);
    auth_op_write_or_end(op, &aw);
}

void auth_op_claim_hashed(auth_op *op, const char *hash)
{
    auth_op_session(op, op->auth->session_s);
    ippon_auth_write aw;
    auth_op_write_init(op, &aw, IPPON_AW_CLAIM);
    snprintf(aw.user.id, sizeof aw.user.id, "%s", op->user_id);
    memcpy(aw.token_hash, op->old_token_hash, sizeof aw.token_hash);
    snprintf(aw.username, sizeof aw.username, "%s", op->username);
    snprintf(aw.hash, sizeof aw.hash, "%s", hash);
    if (op->has_display_name) {
        snprintf(aw.display_name, sizeof aw.display_name, "%s", op->display_name);
        aw.has_display_name = true;
    }
    auth_op_write_or_end(op, &aw);
}

/* a sign-up's shared bucket: per address per hour, as the node's own */
static ippon_bucket auth_signups_bucket(const auth_op *op)
{
    return (ippon_bucket){"signups", op->address_key, op->auth->signups_burst, AUTH_HOUR_MS, IPPON_BUCKET_TAKE, 0};
}

void auth_signup_give_back(auth_op *op)
{
    ippon_ratelimit_give_back(op->auth->signups, op->address_key, ippon_auth_now_ms(op->auth));
    if (op->shared_counted) {
        ippon_bucket bucket = auth_signups_bucket(op);
        auth_share_give_back(op->auth, &bucket, 1);
    }
}

/* a sign-up admitted by the limits: the password's check and hash on the worker (OK if queued;
   the password leaves op) */
static ippon_auth_status auth_signup_hash(auth_op *op)
{
    ippon_auth *auth = op->auth;
    int rc = ippon_pwhash_hash_checked(auth->pwhash, auth->policy, op->password, op->password_len, op->username,
                                       NULL, auth_op_hashed, op);
    sodium_memzero(op->password, sizeof op->password);
    if (rc != 0) {
        auth_signup_give_back(op);
        return IPPON_AUTH_BUSY;
    }
    return IPPON_AUTH_OK;
}

/*
 * What a registration and a claim share once op is made: the per-address sign-up limit (what
 * names the operation in the log; the cluster's too), the names (a taken one is answered before
 * spending a hash, and still counts as an attempt; except_id: the guest claiming, whose own
 * names are free), then the password's check (the policy) and hash on the worker. 1 while
 * pending; else 0 with the answer in now and op freed (a busy worker gives the attempt back).
 */
static int auth_signup(auth_op *op, const char *what, const char *username, const char *password,
                       size_t password_len, const char *display_name, const char *except_id,
                       ippon_auth_result *now)
{
    ippon_auth *auth = op->auth;
    long long t = ippon_auth_now_ms(auth);
    ippon_auth_status refused = IPPON_AUTH_OK;
    if (password_len > IPPON_PASSWORD_MAX) {
        refused = IPPON_AUTH_ERROR; /* the REST layer refuses it first */
    } else if (!ippon_ratelimit_take(auth->signups, op->address_key, t, &now->retry_after_ms)) {
        ippon_log_warn("auth: %s from %s refused: over the limit", what, op->address_key);
        refused = IPPON_AUTH_LIMITED;
    } else if (ippon_store_names_taken(auth->store, username, display_name, except_id,
                                       &now->taken) != 0) {
        refused = IPPON_AUTH_ERROR;
    } else if (now->taken) {
        refused = IPPON_AUTH_TAKEN;
    }
    if (refused != IPPON_AUTH_OK) {
        free(op);
        return auth_now_result(now, refused);
    }
    snprintf(op->username, sizeof op->username, "%s", username);
    if (display_name) {
        snprintf(op->display_name, sizeof op->display_name, "%s", display_name);
        op->has_display_name = 1;
    }
    memcpy(op->password, password, password_len);
    op->password_len = password_len;
    ippon_bucket bucket = auth_signups_bucket(op);
    if (auth_op_share(op, &bucket, 1, auth_signup_hash) == 0)
        return 1;
    ippon_auth_status status = auth_signup_hash(op);
    if (status != IPPON_AUTH_OK) {
        sodium_memzero(op, sizeof *op);
        free(op);
        return auth_now_result(now, status);
    }
    return 1;
}

int ippon_auth_register(ippon_auth *auth, const char *username, const char *password,
                        size_t password_len, const char *display_name, const char *address,
                        ippon_auth_result *now, ippon_auth_done done, void *ctx)
{
    memset(now, 0, sizeof *now);
    auth_op *op = auth_op_new(auth, OP_REGISTER, address, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    return auth_signup(op, "registration", username, password, password_len, display_name, NULL,
                       now);
}

/*
 * A login's check once admitted (and held, if it had to wait): the account's hash read and the
 * password verified on the worker (an unknown name is hashed all the same). IPPON_AUTH_OK if the
 * job is queued; else the status to answer (BUSY, ERROR), and the attempt is not counted.
 */
static ippon_auth_status auth_login_verify(auth_op *op)
{
    ippon_auth *auth = op->auth;
    char problem[128], hash[256] = "";
    ippon_user user;
    int rc = IPPON_STORE_NOT_FOUND;
    if (ippon_auth_check_username(op->username, strlen(op->username), problem, sizeof problem) == 0)
        rc = ippon_store_user_by_username(auth->store, op->username, &user, hash, sizeof hash);
    if (rc == 0) {
        snprintf(op->user_id, sizeof op->user_id, "%s", user.id);
        op->admin = user.is_admin;
    }
    ippon_auth_status status = IPPON_AUTH_OK;
    if (rc != 0 && rc != IPPON_STORE_NOT_FOUND)
        status = IPPON_AUTH_ERROR;
    else if (ippon_pwhash_verify(auth->pwhash, op->password, op->password_len, rc == 0 ? hash : NULL,
                                 auth_op_hashed, op) != 0)
        status = IPPON_AUTH_BUSY;
    sodium_memzero(hash, sizeof hash);
    if (status != IPPON_AUTH_OK)
        auth_op_limits_end(op, IPPON_LOGIN_NOT_COUNTED);
    return status;
}

/* a held login's wait is over */
static void auth_login_released(auth_op *op)
{
    ippon_auth_status status = auth_login_verify(op);
    if (status != IPPON_AUTH_OK)
        auth_op_finish_status(op, status);
}

/* a login admitted by the limits: held for its wait (op->delayed_ms) or verified now; OK while pending */
static ippon_auth_status auth_login_admitted(auth_op *op)
{
    if (op->delayed_ms <= 0)
        return auth_login_verify(op);
    ippon_log_info("auth: login for \"%s\" from %s waits %lld ms: many failures for this account", op->log_name,
                   op->address_key, op->delayed_ms);
    return auth_op_hold(op, op->delayed_ms, auth_login_released) == 0 ? IPPON_AUTH_OK : IPPON_AUTH_BUSY;
}

int ippon_auth_login(ippon_auth *auth, const char *username, const char *password,
                     size_t password_len, const char *address, ippon_auth_result *now,
                     ippon_auth_done done, void *ctx)
{
    memset(now, 0, sizeof *now);
    if (password_len > IPPON_PASSWORD_MAX)
        return auth_now_result(now, IPPON_AUTH_ERROR); /* the REST layer refuses it first */
    auth_op *op = auth_op_new(auth, OP_LOGIN, address, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    auth_account_key(username, op->account_key, sizeof op->account_key);
    auth_printable(username, op->log_name, sizeof op->log_name);
    if (strlen(username) < sizeof op->username) /* a longer one is no account's: left "", it fails */
        snprintf(op->username, sizeof op->username, "%s", username);
    memcpy(op->password, password, password_len);
    op->password_len = password_len;

    /* count the attempt as a failure now; a success gives it back */
    int per_address = 0;
    if (!ippon_login_limits_begin(auth->login, op->account_key, op->address_key, ippon_auth_now_ms(auth),
                                  &op->delayed_ms, &now->retry_after_ms, &per_address)) {
        ippon_log_warn("auth: login for \"%s\" from %s refused: too many failures %s", op->log_name,
                       op->address_key, per_address ? "from this address" : "for this account from this address");
        sodium_memzero(op, sizeof *op);
        free(op);
        return auth_now_result(now, IPPON_AUTH_LIMITED);
    }
    op->limits_open = true;
    if (auth_op_share_login(op, auth_login_admitted) == 0)
        return 1;
    ippon_auth_status status = auth_login_admitted(op);
    if (status != IPPON_AUTH_OK) {
        auth_op_limits_end(op, IPPON_LOGIN_NOT_COUNTED);
        sodium_memzero(op, sizeof *op);
        free(op);
        return auth_now_result(now, status);
    }
    return 1;
}

int ippon_auth_claim(ippon_auth *auth, const char *token_hex, const char *username,
                     const char *password, size_t password_len, const char *display_name,
                     const char *address, ippon_auth_result *now, ippon_auth_done done,
                     void *ctx)
{
    memset(now, 0, sizeof *now);
    unsigned char token_hash[IPPON_TOKEN_HASH_BYTES];
    ippon_user guest;
    if (ippon_auth_token_hash(token_hex, token_hash) != 0)
        return auth_now_result(now, IPPON_AUTH_INVALID);
    int rc = ippon_store_session_user(auth->store, token_hash, auth_now_s(auth), &guest, NULL);
    if (rc != 0)
        return auth_now_result(now, rc == IPPON_STORE_NOT_FOUND ? IPPON_AUTH_INVALID
                                                                : IPPON_AUTH_ERROR);
    if (!guest.guest)
        return auth_now_result(now, IPPON_AUTH_NOT_GUEST);
    if (guest.banned)
        return auth_now_result(now, IPPON_AUTH_BANNED);

    auth_op *op = auth_op_new(auth, OP_CLAIM, address, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    snprintf(op->user_id, sizeof op->user_id, "%s", guest.id);
    memcpy(op->old_token_hash, token_hash, sizeof token_hash);
    return auth_signup(op, "claim", username, password, password_len, display_name, guest.id,
                       now);
}
