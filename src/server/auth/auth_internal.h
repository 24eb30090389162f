/*
 * auth_internal.h — what the identity service's files share (auth.c: the service, guests,
 * registrations, logins, claims, logouts, renames; auth_password.c: password changes and
 * "sign out everywhere"; auth_op.c: the pipeline every operation goes through, its waits — how
 * is said there). Not a public header: everything else uses auth.h.
 */
#ifndef IPPON_SERVER_AUTH_INTERNAL_H
#define IPPON_SERVER_AUTH_INTERNAL_H

#include <stdbool.h>

#include "auth/auth.h"
#include "store/auth_writes.h"
#include "auth/login_limits.h"
#include "auth/pwhash.h"
#include "auth/pwpolicy.h"
#include "base/ratelimit.h"
#include "base/shared_buckets.h"
#include "base/timer_heap.h"

#define AUTH_BUSY_RETRY_MS 1000
#define AUTH_UNAVAILABLE_RETRY_MS 5000 /* the database could not take a write: try again in this long */
#define AUTH_KEY_LEN 80                /* limiter keys */
#define AUTH_MAX_HELD 10000            /* operations held by the per-account wait, at most (then busy) */
#define AUTH_HOUR_MS (3600LL * 1000)   /* the window of the sign-up and guest limits */
#define AUTH_SHARE_WAIT_MS 1000        /* the longest wait for the cluster's shared limits */

typedef struct auth_share_wait auth_share_wait;

struct ippon_auth {
    ippon_store *store;   /* reads */
    ippon_writer *writer; /* writes */
    long long session_s, guest_s; /* lifetimes */
    ippon_pwhash *pwhash;
    ippon_pwpolicy *policy;          /* new passwords: used by the hashing worker only */
    ippon_login_limits *login;       /* failed password attempts */
    ippon_ratelimit *signups, *guests;
    unsigned signups_burst, guests_burst; /* per address per hour */
    ippon_shared_buckets shared;     /* a cluster's shared limits (take NULL: none) */
    long long (*now_ms)(void *ctx);
    void *clock_ctx;
    long long last_purge_s;
    ippon_timer_heap held;           /* operations held by the per-account wait (auth_op.c) */
    void (*arm)(void *ctx, long long delay_ms);
    void *arm_ctx;
    ippon_auth_sessions_ended ended;
    void *ended_ctx;
};

typedef enum auth_op_kind {
    OP_REGISTER, OP_LOGIN, OP_CLAIM, OP_GUEST, OP_LOGOUT, OP_RENAME, OP_PASSWORD, OP_LOGOUT_ALL
} auth_op_kind;

typedef struct auth_op auth_op;

/* what a held operation does once its wait is over (auth_op.c, wait 2) */
typedef void (*auth_op_step)(auth_op *op);

/* an operation on its way through the pipeline (auth_op.c) */
struct auth_op {
    ippon_auth *auth;
    auth_op_kind kind;
    ippon_auth_done done;
    void *ctx;
    char username[IPPON_USERNAME_MAX_LEN + 1];        /* register, claim, password */
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* register, claim, guest (if given), rename */
    int has_display_name;
    char user_id[IPPON_USER_ID_LEN + 1];              /* login (if found), claim, rename, password, logout(s) */
    bool admin;                                       /* login: the account is an administrator's */
    unsigned char old_token_hash[IPPON_TOKEN_HASH_BYTES]; /* claim; logout, password: the session's */
    char address_key[AUTH_KEY_LEN];
    char account_key[AUTH_KEY_LEN];                   /* login, password: the login limits' account */
    bool limits_open;                                 /* login, password: counted, its end not told yet */
    char log_name[48];                                /* login: the name tried, printable */
    ippon_user user;                                  /* register, guest: the user written; login: read */
    ippon_session session;                            /* register, login, claim, guest: the new one */
    char token[IPPON_TOKEN_HEX_LEN + 1];              /* ... and its token */
    int name_tries;                                   /* guest: generated names tried */
    char password[IPPON_PASSWORD_MAX + 1];            /* login: the password tried; password: the old one */
    size_t password_len;
    char new_password[IPPON_PASSWORD_MAX + 1];        /* password: the new one */
    size_t new_password_len;
    bool old_checked;                                 /* password: the old one was right */
    ippon_timer hold;                                 /* held by the per-account wait, or the shared limits' */
    auth_op_step after_hold;
    long long delayed_ms;
    auth_share_wait *share_wait;                      /* asking the cluster's shared limits */
    ippon_auth_status (*after_share)(auth_op *op);
    ippon_buckets_answer shared;                      /* ... their answer */
    bool shared_counted;                              /* counted in them (ended as the node's own are) */
};

/* ---- auth_op.c: the pipeline ----------------------------------------------------------- */

auth_op *auth_op_new(ippon_auth *auth, auth_op_kind kind, const char *address, ippon_auth_done done, void *ctx);
/* the end of op: the caller's completion with r, then op (passwords, a token, a hash) wiped and freed */
void auth_op_finish(auth_op *op, ippon_auth_result *r);
void auth_op_finish_status(auth_op *op, ippon_auth_status status);
/* tell the login limits how op's counted attempt ended (once; nothing if it was not counted) */
void auth_op_limits_end(auth_op *op, ippon_login_outcome outcome);

/* wait 1. What an operation does once the cluster's limits admitted it: OK while pending, else
   the status to end it with */
typedef ippon_auth_status (*auth_op_next)(auth_op *op);
/*
 * Ask the cluster's shared limits to count op's event in b[0..n). Their refusal ends op 429 (the
 * node's own counts given back); else next(op) runs, with op->shared_counted saying whether they
 * counted it (no answer within AUTH_SHARE_WAIT_MS: they did not). 0 if asked, or -1 if nothing
 * was asked (no cluster, the store away, too many held): op untouched, the caller goes on at once.
 */
int auth_op_share(auth_op *op, const ippon_bucket *b, int n, auth_op_next next);
/* the same for the login limits' attempt of op (login, password change: account and address keys
   set); an admission may lengthen op->delayed_ms to the cluster's wait for the account */
int auth_op_share_login(auth_op *op, auth_op_next next);
/* undo the shared limits' count in b[0..n) / forget b (nothing without a cluster) */
void auth_share_give_back(ippon_auth *auth, const ippon_bucket *b, int n);

/* wait 2. Run step(op) from ippon_auth_tick once delay_ms (> 0) have passed by the auth clock. 0,
   or -1 if too many are held already (AUTH_MAX_HELD) or out of memory: nothing was held, op untouched */
int auth_op_hold(auth_op *op, long long delay_ms, auth_op_step step);
/* end every held operation busy (the service is stopping) */
void auth_hold_drop_all(ippon_auth *auth);

/* wait 3. The password worker's completion of every operation (dispatches by kind) */
void auth_op_hashed(void *ctx, ippon_pwhash_result hashed, const char *hash);

/* wait 4. Hands op's write aw to the store writer (completion: auth_op.c's): 0, or -1 if refused
   (op untouched) */
int auth_op_write(auth_op *op, ippon_auth_write *aw);
/* the same from a completion: a refusal ends op unavailable */
void auth_op_write_or_end(auth_op *op, ippon_auth_write *aw);

/* ---- auth.c: the service, and the operations' own steps the pipeline calls -------------- */

/* the login limits' account key of a username: "u:" and the name, ASCII-lowercased */
void auth_account_key(const char *username, char *out, size_t outlen);
/* a result known at once: *now set, returns 0 (the operations' "not pending") */
int auth_now_result(ippon_auth_result *now, ippon_auth_status status);
/* r with a signed-in user and its new session (token: hex) */
void auth_result_session(ippon_auth_result *r, const ippon_user *user, const ippon_session *session,
                         const char *token);
/* the hashing worker's answer for a registration, a login, a claim */
void auth_op_register_hashed(auth_op *op, const char *hash);
void auth_op_login_hashed(auth_op *op, ippon_pwhash_result hashed, const char *rehash);
void auth_op_claim_hashed(auth_op *op, const char *hash);
/* a sign-up that made nothing gives its counts back (the node's and the cluster's) */
void auth_signup_give_back(auth_op *op);
/* the guest op's next write (a generated name taken meanwhile: another): OK if submitted, else
   the status to answer */
ippon_auth_status auth_guest_write(auth_op *op);

/* ---- auth_password.c -------------------------------------------------------------------- */

/* a password change's hashing steps (verify the old, then check and hash the new) */
void auth_op_password_hashed(auth_op *op, ippon_pwhash_result hashed, const char *hash);

#endif
