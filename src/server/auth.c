/*
 * auth.c — identities and sessions (see auth.h for the model and every contract).
 *
 * How it works: the service holds the store (the event loop's, for reads), the store writer
 * (every write: auth_writes.h), the lifetimes, four rate limiters and the hashing worker
 * (pwhash.c). A token → user lookup reads and returns; a session's last use, an expired
 * session's deletion and the hourly purge are background writes nobody waits for. Every other
 * operation is an auth_op that goes through up to two workers: the password hash (register,
 * login, claim) and the write (all of them). Each step's completion runs on the loop thread
 * (ippon_auth_poll for the hash, ippon_writer_poll for the write) and starts the next; the last
 * calls the caller's done. Cheap checks (limits, taken names, the guest's session) come first;
 * anything checked before and changed since (a name taken by a parallel registration, a guest
 * session revoked) is checked again by the store when it writes.
 */
#include "auth.h"

#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "auth_writes.h"
#include "ids.h"
#include "log.h"
#include "pwhash.h"
#include "ratelimit.h"

#define AUTH_FAIL_WINDOW_MS (15LL * 60 * 1000) /* failed logins: per 15 minutes */
#define AUTH_HOUR_MS (60LL * 60 * 1000)        /* signups and guests: per hour */
#define AUTH_LIMITER_KEYS 20000                /* keys kept per limiter */
#define AUTH_HASH_QUEUE 64                     /* passwords waiting for the worker, at most */
#define AUTH_BUSY_RETRY_MS 1000
#define AUTH_UNAVAILABLE_RETRY_MS 5000 /* the database could not take a write: try again in this long */
#define AUTH_TOUCH_EVERY_S 60   /* record a session's use at most this often */
#define AUTH_PURGE_EVERY_S 3600 /* delete expired sessions at most this often */
#define AUTH_GUEST_NAME_TRIES 16
#define AUTH_KEY_LEN 80 /* limiter keys */

struct ippon_auth {
    ippon_store *store;   /* reads */
    ippon_writer *writer; /* writes */
    long long session_s, guest_s; /* lifetimes */
    ippon_pwhash *pwhash;
    ippon_ratelimit *fails_account, *fails_address, *signups, *guests;
    long long (*now_ms)(void *ctx);
    void *clock_ctx;
    long long last_purge_s;
};

typedef enum auth_op_kind { OP_REGISTER, OP_LOGIN, OP_CLAIM, OP_GUEST, OP_LOGOUT, OP_RENAME } auth_op_kind;

/* an operation waiting for the hashing worker or the store writer */
typedef struct auth_op {
    ippon_auth *auth;
    auth_op_kind kind;
    ippon_auth_done done;
    void *ctx;
    char username[IPPON_USERNAME_MAX_LEN + 1];        /* register, claim */
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* register, claim, guest (if given), rename */
    int has_display_name;
    char user_id[IPPON_USER_ID_LEN + 1];              /* login (if found), claim, rename */
    bool admin;                                       /* login: the account is an administrator's */
    unsigned char old_token_hash[IPPON_TOKEN_HASH_BYTES]; /* claim; logout: the session's */
    char address_key[AUTH_KEY_LEN];
    char account_key[AUTH_KEY_LEN];                   /* login */
    char log_name[48];                                /* login: the name tried, printable */
    ippon_user user;                                  /* register, guest: the user written; login: read */
    ippon_session session;                            /* register, login, claim, guest: the new one */
    char token[IPPON_TOKEN_HEX_LEN + 1];              /* ... and its token */
    int name_tries;                                   /* guest: generated names tried */
} auth_op;

/* ---- clock, keys, tokens ------------------------------------------------------------ */

static long long auth_realtime_ms(void *ctx)
{
    (void)ctx;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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
static void auth_account_key(const char *username, char *out, size_t outlen)
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

static void auth_result_session(ippon_auth_result *r, const ippon_user *user,
                                const ippon_session *s, const char *token_hex)
{
    r->status = IPPON_AUTH_OK;
    r->user = *user;
    snprintf(r->token, sizeof r->token, "%s", token_hex);
    r->expires_at = s->expires_at;
}

/* ---- rules ------------------------------------------------------------------------ */

/*
 * Decode one code point of strict UTF-8 at s[*i] (len bytes in all): 0 and *cp, *i
 * advanced; -1 for anything malformed (overlong forms, surrogates, > U+10FFFF, cut off).
 */
static int utf8_next(const unsigned char *s, size_t len, size_t *i, uint32_t *cp)
{
    unsigned char c = s[*i];
    size_t n;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        (*i)++;
        return 0;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        n = 1, v = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 2, v = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 3, v = c & 0x07, min = 0x10000;
    } else {
        return -1;
    }
    if (len - *i <= n)
        return -1;
    for (size_t k = 1; k <= n; k++) {
        unsigned char t = s[*i + k];
        if ((t & 0xC0) != 0x80)
            return -1;
        v = (v << 6) | (t & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return -1;
    *cp = v;
    *i += n + 1;
    return 0;
}

static int is_name_ascii(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

/* the CJK letters a display name may use */
static int is_cjk_letter(uint32_t c)
{
    static const uint32_t ranges[][2] = {
        {0x3005, 0x3007},   /* 々 〆 〇 */
        {0x3041, 0x3096},   /* hiragana */
        {0x309D, 0x309F},   /* ゝ ゞ ゟ */
        {0x30A1, 0x30FA},   /* katakana */
        {0x30FC, 0x30FF},   /* ー ヽ ヾ ヿ */
        {0x31F0, 0x31FF},   /* katakana phonetic extensions */
        {0x3400, 0x4DBF},   /* CJK unified ideographs extension A */
        {0x4E00, 0x9FFF},   /* CJK unified ideographs */
        {0xAC00, 0xD7A3},   /* hangul syllables */
        {0xF900, 0xFAFF},   /* CJK compatibility ideographs */
        {0x20000, 0x323AF}, /* CJK unified ideographs extensions B to H, compatibility supplement */
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
        if (c >= ranges[i][0] && c <= ranges[i][1])
            return 1;
    return 0;
}

int ippon_auth_check_display_name(const char *name, size_t len, char *problem, size_t problen)
{
    const unsigned char *s = (const unsigned char *)name;
    size_t i = 0, chars = 0;
    while (i < len) {
        uint32_t c;
        if (s[i] == 0 || utf8_next(s, len, &i, &c) != 0) {
            snprintf(problem, problen, "must be valid UTF-8 text (bad byte at offset %zu)", i);
            return -1;
        }
        chars++;
        if (!is_name_ascii(c) && !is_cjk_letter(c)) {
            const char *what = c == ' ' ? "a space" : c < 0x20 || c == 0x7F ? "a control character" : "character";
            snprintf(problem, problen,
                     "may contain only letters A-Z a-z, digits, '_', '-' and CJK letters; "
                     "%s U+%04X at character %zu is not allowed",
                     what, (unsigned)c, chars);
            return -1;
        }
    }
    if (chars < IPPON_DISPLAY_NAME_MIN || chars > IPPON_DISPLAY_NAME_MAX) {
        snprintf(problem, problen, "must be %d to %d characters long (has %zu)",
                 IPPON_DISPLAY_NAME_MIN, IPPON_DISPLAY_NAME_MAX, chars);
        return -1;
    }
    size_t plen = strlen(IPPON_GUEST_NAME_PREFIX);
    if (len >= plen && strncasecmp(name, IPPON_GUEST_NAME_PREFIX, plen) == 0) {
        snprintf(problem, problen, "names starting with \"%s\" are reserved for guests",
                 IPPON_GUEST_NAME_PREFIX);
        return -1;
    }
    return 0;
}

int ippon_auth_check_username(const char *name, size_t len, char *problem, size_t problen)
{
    for (size_t i = 0; i < len; i++) {
        if (!is_name_ascii((unsigned char)name[i])) {
            snprintf(problem, problen,
                     "may contain only A-Z, a-z, 0-9, '_' and '-' (byte 0x%02X at position %zu "
                     "is not allowed)",
                     (unsigned char)name[i], i + 1);
            return -1;
        }
    }
    if (len < IPPON_USERNAME_MIN || len > IPPON_USERNAME_MAX) {
        snprintf(problem, problen, "must be %d to %d characters long (has %zu)",
                 IPPON_USERNAME_MIN, IPPON_USERNAME_MAX, len);
        return -1;
    }
    return 0;
}

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
    auth->fails_account = ippon_ratelimit_create((unsigned)cfg->login_fails_per_account,
                                                 AUTH_FAIL_WINDOW_MS, AUTH_LIMITER_KEYS);
    auth->fails_address = ippon_ratelimit_create((unsigned)cfg->login_fails_per_address,
                                                 AUTH_FAIL_WINDOW_MS, AUTH_LIMITER_KEYS);
    auth->signups = ippon_ratelimit_create((unsigned)cfg->signups_per_address, AUTH_HOUR_MS,
                                           AUTH_LIMITER_KEYS);
    auth->guests = ippon_ratelimit_create((unsigned)cfg->guests_per_address, AUTH_HOUR_MS,
                                          AUTH_LIMITER_KEYS);
    if (!auth->fails_account || !auth->fails_address || !auth->signups || !auth->guests) {
        snprintf(err, errlen, "auth: cannot make the rate limiters (out of memory?)");
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
    ippon_pwhash_stop(auth->pwhash); /* completes every pending operation, limiters still here */
    ippon_ratelimit_free(auth->fails_account);
    ippon_ratelimit_free(auth->fails_address);
    ippon_ratelimit_free(auth->signups);
    ippon_ratelimit_free(auth->guests);
    free(auth);
}

/* ---- operations: their steps ------------------------------------------------------- */

static auth_op *auth_op_new(ippon_auth *auth, auth_op_kind kind, const char *address,
                            ippon_auth_done done, void *ctx)
{
    auth_op *op = calloc(1, sizeof *op);
    if (!op)
        return NULL;
    op->auth = auth;
    op->kind = kind;
    op->done = done;
    op->ctx = ctx;
    ippon_auth_address_key(address, op->address_key, sizeof op->address_key);
    return op;
}

/* the end of op: the caller's completion with r, then op (a token, a hash among it) wiped */
static void auth_op_finish(auth_op *op, ippon_auth_result *r)
{
    op->done(op->ctx, r);
    sodium_memzero(r, sizeof *r);
    sodium_memzero(op, sizeof *op);
    free(op);
}

/* the same with nothing but a status */
static void auth_op_finish_status(auth_op *op, ippon_auth_status status)
{
    ippon_auth_result r;
    memset(&r, 0, sizeof r);
    r.status = status;
    if (status == IPPON_AUTH_TAKEN)
        r.taken = IPPON_TAKEN_DISPLAY_NAME; /* a guest's name: the only name checked before its write */
    if (status == IPPON_AUTH_BUSY || status == IPPON_AUTH_UNAVAILABLE)
        r.retry_after_ms = status == IPPON_AUTH_BUSY ? AUTH_BUSY_RETRY_MS : AUTH_UNAVAILABLE_RETRY_MS;
    auth_op_finish(op, &r);
}

/* a write that did not go through: the status it answers */
static ippon_auth_status auth_write_failed(int rc)
{
    return rc == IPPON_WRITE_UNAVAILABLE || rc == IPPON_WRITE_STOPPED ? IPPON_AUTH_UNAVAILABLE : IPPON_AUTH_ERROR;
}

static void auth_op_written(const ippon_auth_write *aw, int rc, void *ctx);

/* hands op's write aw to the store writer: 0, or -1 if it refused (op is untouched) */
static int auth_op_write(auth_op *op, ippon_auth_write *aw)
{
    aw->done = auth_op_written;
    aw->ctx = op;
    int rc = ippon_auth_write_submit(op->auth->writer, aw);
    sodium_memzero(aw, sizeof *aw);
    return rc;
}

/* the same from a completion: a refusal ends op unavailable */
static void auth_op_write_or_end(auth_op *op, ippon_auth_write *aw)
{
    if (auth_op_write(op, aw) != 0)
        auth_op_finish_status(op, IPPON_AUTH_UNAVAILABLE);
}

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
static ippon_auth_status auth_guest_write(auth_op *op)
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
            auth_guest_name(op->user.display_name, sizeof op->user.display_name);
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

/* what a finished write means for each kind of op; each ends op (or writes again) */
static void auth_op_written(const ippon_auth_write *aw, int rc, void *ctx)
{
    auth_op *op = ctx;
    ippon_auth *auth = op->auth;
    ippon_auth_result r;
    memset(&r, 0, sizeof r);
    if (rc == IPPON_STORE_CONFLICT && op->kind == OP_GUEST && !op->has_display_name) {
        ippon_auth_status again = auth_guest_write(op); /* a generated name taken meanwhile */
        if (again != IPPON_AUTH_OK)
            auth_op_finish_status(op, again);
        return;
    }
    if (rc == IPPON_STORE_CONFLICT) {
        r.status = IPPON_AUTH_TAKEN;
        r.taken = aw->taken;
    } else if (rc == IPPON_STORE_NOT_FOUND) {
        r.status = IPPON_AUTH_INVALID; /* the session or user went meanwhile */
    } else if (rc != 0) {
        r.status = auth_write_failed(rc);
        r.retry_after_ms = AUTH_UNAVAILABLE_RETRY_MS;
    } else {
        switch (op->kind) {
        case OP_GUEST:
            auth_result_session(&r, &op->user, &op->session, op->token);
            ippon_log_debug("auth: new guest %s (%s) from %s", op->user.id, op->user.display_name,
                            op->address_key);
            break;
        case OP_REGISTER:
            auth_result_session(&r, &op->user, &op->session, op->token);
            ippon_log_info("auth: new account \"%s\" (user %s) from %s", op->user.username, op->user.id,
                           op->address_key);
            break;
        case OP_LOGIN:
            auth_result_session(&r, &op->user, &op->session, op->token);
            ippon_log_info("auth: login \"%s\" (user %s) from %s", op->user.username, op->user.id,
                           op->address_key);
            break;
        case OP_CLAIM:
        case OP_RENAME:
            /* the user as it is now (the loop's store sees the committed write) */
            if (ippon_store_user_get(auth->store, op->user_id, &r.user) != 0) {
                r.status = IPPON_AUTH_ERROR;
                break;
            }
            if (op->kind == OP_CLAIM) {
                auth_result_session(&r, &r.user, &op->session, op->token);
                ippon_log_info("auth: guest %s claimed the account \"%s\" from %s", r.user.id, r.user.username,
                               op->address_key);
            } else {
                ippon_store_caches_forget(auth->store); /* the kept replies show display names */
            }
            break;
        case OP_LOGOUT:
            ippon_log_debug("auth: a session ended (logout)");
            break;
        }
    }
    auth_op_finish(op, &r);
}

/* ---- sessions --------------------------------------------------------------------- */

int ippon_auth_user_by_token(ippon_auth *auth, const char *token_hex, ippon_user *out)
{
    unsigned char hash[IPPON_TOKEN_HASH_BYTES];
    if (ippon_auth_token_hash(token_hex, hash) != 0)
        return IPPON_AUTH_INVALID;
    long long now = auth_now_s(auth);
    ippon_session session;
    int rc = ippon_store_session_user(auth->store, hash, now, out, &session);
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
static int auth_now_result(ippon_auth_result *now, ippon_auth_status status)
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
    auth_maybe_purge(auth);
    ippon_id id;
    ippon_id_generate(&id);
    ippon_id_format(&id, op->user.id);
    op->user.guest = true;
    op->user.created_at = op->user.last_seen_at = auth_now_s(auth);
    if (display_name) {
        snprintf(op->display_name, sizeof op->display_name, "%s", display_name);
        op->has_display_name = 1;
    }
    auth_op_session(op, auth->guest_s);
    ippon_auth_status status = auth_guest_write(op);
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

static void auth_op_register_hashed(auth_op *op, const char *hash)
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

static void auth_op_login_hashed(auth_op *op, ippon_pwhash_result hashed, const char *rehash)
{
    ippon_auth *auth = op->auth;
    long long now_ms = ippon_auth_now_ms(auth);
    if (hashed != IPPON_PWHASH_OK) {
        ippon_auth_result r;
        memset(&r, 0, sizeof r);
        if (hashed == IPPON_PWHASH_MISMATCH) {
            r.status = IPPON_AUTH_INVALID;
            if (op->admin) {
                snprintf(r.admin_tried, sizeof r.admin_tried, "%s", op->user_id);
                ippon_log_warn("auth: failed login for the ADMINISTRATOR account \"%s\" (user %s) "
                               "from %s", op->log_name, op->user_id, op->address_key);
            } else {
                ippon_log_warn("auth: failed login for \"%s\" from %s", op->log_name,
                               op->address_key);
            }
        } else { /* not the client's fault: do not count it */
            r.status = IPPON_AUTH_ERROR;
            ippon_ratelimit_give_back(auth->fails_address, op->address_key, now_ms);
            ippon_ratelimit_give_back(auth->fails_account, op->account_key, now_ms);
        }
        auth_op_finish(op, &r);
        return;
    }
    /* the right password: this attempt does not count as a failure */
    ippon_ratelimit_give_back(auth->fails_address, op->address_key, now_ms);
    ippon_ratelimit_reset(auth->fails_account, op->account_key);

    int rc = ippon_store_user_get(auth->store, op->user_id, &op->user);
    if (rc != 0 || op->user.guest) {
        auth_op_finish_status(op, rc == -1 ? IPPON_AUTH_ERROR : IPPON_AUTH_INVALID); /* deleted meanwhile */
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

static void auth_op_claim_hashed(auth_op *op, const char *hash)
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

/* the worker finished op's password job (called on the loop thread by poll or destroy) */
static void auth_op_hashed(void *ctx, ippon_pwhash_result hashed, const char *hash)
{
    auth_op *op = ctx;
    if (hashed == IPPON_PWHASH_CANCELLED)
        auth_op_finish_status(op, IPPON_AUTH_BUSY);
    else if (op->kind == OP_LOGIN)
        auth_op_login_hashed(op, hashed, hash);
    else if (hashed != IPPON_PWHASH_OK)
        auth_op_finish_status(op, IPPON_AUTH_ERROR);
    else if (op->kind == OP_REGISTER)
        auth_op_register_hashed(op, hash);
    else
        auth_op_claim_hashed(op, hash);
}

/*
 * What a registration and a claim share once op is made: the per-address sign-up limit (what
 * names the operation in the log), the names (a taken one is answered before spending a hash,
 * and still counts as an attempt; except_id: the guest claiming, whose own names are free),
 * then the password hash on the worker. 1 while pending; else 0 with the answer in now and op
 * freed (a busy worker gives the attempt back).
 */
static int auth_signup(auth_op *op, const char *what, const char *username, const char *password,
                       size_t password_len, const char *display_name, const char *except_id,
                       ippon_auth_result *now)
{
    ippon_auth *auth = op->auth;
    long long t = ippon_auth_now_ms(auth);
    ippon_auth_status refused = IPPON_AUTH_OK;
    if (!ippon_ratelimit_take(auth->signups, op->address_key, t, &now->retry_after_ms)) {
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
    if (ippon_pwhash_hash(auth->pwhash, password, password_len, auth_op_hashed, op) != 0) {
        ippon_ratelimit_give_back(auth->signups, op->address_key, t);
        free(op);
        return auth_now_result(now, IPPON_AUTH_BUSY);
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

int ippon_auth_login(ippon_auth *auth, const char *username, const char *password,
                     size_t password_len, const char *address, ippon_auth_result *now,
                     ippon_auth_done done, void *ctx)
{
    memset(now, 0, sizeof *now);
    auth_op *op = auth_op_new(auth, OP_LOGIN, address, done, ctx);
    if (!op)
        return auth_now_result(now, IPPON_AUTH_ERROR);
    auth_account_key(username, op->account_key, sizeof op->account_key);
    auth_printable(username, op->log_name, sizeof op->log_name);

    /* count the attempt as a failure now; a success gives it back */
    long long t = ippon_auth_now_ms(auth);
    if (!ippon_ratelimit_take(auth->fails_address, op->address_key, t, &now->retry_after_ms)) {
        ippon_log_warn("auth: login for \"%s\" from %s refused: too many failures from this "
                       "address",
                       op->log_name, op->address_key);
        free(op);
        return auth_now_result(now, IPPON_AUTH_LIMITED);
    }
    if (!ippon_ratelimit_take(auth->fails_account, op->account_key, t, &now->retry_after_ms)) {
        ippon_ratelimit_give_back(auth->fails_address, op->address_key, t);
        ippon_log_warn("auth: login for \"%s\" from %s refused: too many failures for this "
                       "account",
                       op->log_name, op->address_key);
        free(op);
        return auth_now_result(now, IPPON_AUTH_LIMITED);
    }

    char problem[128], hash[256] = "";
    ippon_user user;
    int rc = IPPON_STORE_NOT_FOUND;
    if (ippon_auth_check_username(username, strlen(username), problem, sizeof problem) == 0)
        rc = ippon_store_user_by_username(auth->store, username, &user, hash, sizeof hash);
    if (rc == 0) {
        snprintf(op->user_id, sizeof op->user_id, "%s", user.id);
        op->admin = user.is_admin;
    }
    if ((rc != 0 && rc != IPPON_STORE_NOT_FOUND) ||
        ippon_pwhash_verify(auth->pwhash, password, password_len, rc == 0 ? hash : NULL,
                            auth_op_hashed, op) != 0) {
        ippon_ratelimit_give_back(auth->fails_address, op->address_key, t);
        ippon_ratelimit_give_back(auth->fails_account, op->account_key, t);
        free(op);
        sodium_memzero(hash, sizeof hash);
        return auth_now_result(now, rc == 0 || rc == IPPON_STORE_NOT_FOUND ? IPPON_AUTH_BUSY
                                                                         : IPPON_AUTH_ERROR);
    }
    sodium_memzero(hash, sizeof hash);
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
