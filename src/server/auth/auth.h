/*
 * auth.h — identities: guests, registered accounts, sessions, and the rules for names
 * and passwords. The REST routes over it are in auth_rest.c; the SQL in store_users.c.
 *
 * Who is who:
 *   - A guest is created on a first visit: a random 128-bit user id, a generated unique
 *     display name ("Guest-4F2A9C"), and a session whose token is the guest's only
 *     credential (the browser keeps it). It lives guest_days (config).
 *   - A registered user also has a username and a password (argon2id, stored as
 *     crypto_pwhash_str). Logging in makes a session that lives session_days.
 *   - A guest can claim an account: the same user row gets a username and password, so
 *     the id — and everything recorded under it — stays. The guest token is revoked and a
 *     fresh session token is issued.
 *
 * Tokens are 32 random bytes, 64 lowercase hex characters on the wire. Only their hash
 * (BLAKE2b, crypto_generichash) is stored, and a token is checked by looking its hash up,
 * so there is nothing to compare in variable time. An expired session is refused and its
 * row deleted; all expired rows are also purged now and then (at most hourly, when a
 * session is created).
 *
 * Password hashing runs on a worker thread (pwhash.h), and every write on the store writer's
 * (store_writer.h, through auth_writes.h), so guest, register, login, claim, logout and
 * rename are asynchronous: they return 1 ("pending") and call `done` later, on the event
 * loop's thread (from ippon_auth_poll or ippon_writer_poll, or from ippon_auth_destroy /
 * ippon_writer_stop with IPPON_AUTH_BUSY / IPPON_AUTH_UNAVAILABLE). They return 0 when they
 * can answer at once (bad input state, rate limits, taken names...), with the result in *now
 * and without calling done. A write the database cannot take within IPPON_WRITE_ANSWER_MS
 * (locked, disk full) answers IPPON_AUTH_UNAVAILABLE, and nothing was changed. Recording a
 * session's use, deleting an expired session and the purge are background writes nobody
 * waits for.
 *
 * Rate limits (in memory: they restart empty with the process, and a failed attempt costs
 * no database write): failed password attempts — logins, and a password change's current
 * password — as login_limits.h says: 429 per (account, address) and per address, and per
 * account a growing wait before the password is checked (never a refusal: a stranger cannot
 * lock the owner out), the wait held on the loop by a timer (ippon_auth_set_timer) without
 * blocking it; registrations + claims per address per hour; guests per address per hour
 * (ratelimit.h). Addresses are keyed as given, IPv4-mapped IPv6 as IPv4, other IPv6 by their
 * /64. Failed logins are logged (warn) with the address. In a cluster every one of these limits
 * is also counted in buckets all the nodes share (ippon_auth_share_limits), so an address or an
 * account gets no more tries by spreading them over nodes.
 *
 * New passwords (register, claim, a password change) must pass the password policy
 * (pwpolicy.h: libpwquality), checked on the hashing worker before the hash; a refused one
 * answers IPPON_AUTH_WEAK with the reason. Display names must not pass for the staff, the
 * service or a bot (name_rules.h), guests' generated names included.
 *
 * Sessions that end — a logout, a password change (every other session of the user), a
 * "sign out everywhere" (all of them) — are told to the session hook (ippon_auth_set_session_hook),
 * so the game's sockets opened with them close; a session's expiry is the gateway's own check.
 *
 * Everything here runs on the event loop's thread, except the hashing inside pwhash.c and
 * the writes inside the store writer.
 */
#ifndef IPPON_SERVER_AUTH_H
#define IPPON_SERVER_AUTH_H

#include <stddef.h>

#include "app.h"
#include "auth/auth_errors.h"
#include "base/shared_buckets.h"
#include "config.h"
#include "store/store.h"
#include "store/store_writer.h"

#define IPPON_TOKEN_BYTES 32
#define IPPON_TOKEN_HEX_LEN (2 * IPPON_TOKEN_BYTES)

#define IPPON_DISPLAY_NAME_MIN 3  /* characters (code points) */
#define IPPON_DISPLAY_NAME_MAX 16
#define IPPON_USERNAME_MIN 3
#define IPPON_USERNAME_MAX IPPON_USERNAME_MAX_LEN
#define IPPON_PASSWORD_MIN 8      /* bytes */
#define IPPON_PASSWORD_MAX 128
#define IPPON_GUEST_NAME_PREFIX "Guest-"

typedef struct ippon_auth ippon_auth;

/* the identities' codes, −200 .. −299, and their table: auth_errors.h */

typedef struct ippon_auth_result {
    ippon_auth_status status;
    ippon_user user;                     /* OK: the user as it is now */
    char token[IPPON_TOKEN_HEX_LEN + 1]; /* OK and a session was made: its token; else "" */
    long long expires_at;                /* ... and its expiry, Unix seconds */
    long long retry_after_ms;            /* LIMITED, BUSY, UNAVAILABLE: when to try again */
    int taken;                           /* TAKEN: IPPON_TAKEN_USERNAME | _DISPLAY_NAME */
    /* INVALID after a login with a wrong password for an administrator's account: that
       account's id (the failure is logged at warn; the REST layer audits it); else "" */
    char admin_tried[IPPON_USER_ID_LEN + 1];
    char problem[192];                   /* WEAK: why the policy refused the password */
    int sessions_ended;                  /* OK after a password change or a logout everywhere */
    long long delayed_ms;                /* the wait the per-account limit imposed (login_limits.h) */
} ippon_auth_result;

/* the completion of a pending operation (on the loop thread); result is valid during the call */
typedef void (*ippon_auth_done)(void *ctx, const ippon_auth_result *result);

/* ---- life cycle ------------------------------------------------------------------- */

/*
 * Create the identity service over store (read on the loop) and writer (its writes) with cfg's
 * lifetimes, hashing costs and limits, and start its hashing thread. Returns 0, or -1 with a
 * message in err. cfg, store and writer must outlive it. Call ippon_ids_init (sodium_init) first.
 */
int ippon_auth_create(ippon_auth **out, const ippon_config *cfg, ippon_store *store, ippon_writer *writer,
                      char *err, size_t errlen);

/* have the hashing thread call wake(ctx) when a job is done (thread-safe; see pwhash.h) */
void ippon_auth_set_wake(ippon_auth *auth, void (*wake)(void *), void *ctx);

/*
 * The per-account waits (login_limits.h) hold an operation until a time: auth calls arm(ctx,
 * delay_ms) whenever ippon_auth_tick must run within delay_ms (the earliest held operation is
 * then due); the caller runs it from a timer on the loop (http.c: an lws timer). Without a
 * timer set, held operations run at the next ippon_auth_tick.
 */
void ippon_auth_set_timer(ippon_auth *auth, void (*arm)(void *ctx, long long delay_ms), void *ctx);

/* run the held operations that are due (loop thread); returns how many ran */
int ippon_auth_tick(ippon_auth *auth);

/*
 * Count the limits above in buckets every node of a cluster shares too (base/shared_buckets.h;
 * main.c sets Redis's in cluster mode, before use): an attempt the node's own limits admit is
 * then asked of them (at most AUTH_SHARE_WAIT_MS, 1 s; no answer leaves the node's own limits to
 * judge alone) and refused 429 if they refuse it. shared NULL: none (a single node).
 */
void ippon_auth_share_limits(ippon_auth *auth, const ippon_shared_buckets *shared);

/* operations held by the per-account wait, or waiting for the shared limits, now */
size_t ippon_auth_held(ippon_auth *auth);

/*
 * Sessions ended (loop thread, once the database has them gone): of user_id, the one whose
 * token hash is token_hash, or (token_hash NULL) every one but keep_hash's (NULL: all). message
 * says why, for the user ("you signed out", "the password was changed"). Set once, before use.
 */
typedef void (*ippon_auth_sessions_ended)(void *ctx, const char *user_id, const unsigned char *token_hash,
                                          const unsigned char *keep_hash, const char *message);
void ippon_auth_set_session_hook(ippon_auth *auth, ippon_auth_sessions_ended hook, void *ctx);

/* replace the clock (milliseconds since the Unix epoch; default CLOCK_REALTIME): for tests */
void ippon_auth_set_clock(ippon_auth *auth, long long (*now_ms)(void *ctx), void *ctx);

/* the current time by the auth clock, ms */
long long ippon_auth_now_ms(ippon_auth *auth);

/* run the completions of finished hashing jobs (loop thread); returns how many ran */
int ippon_auth_poll(ippon_auth *auth);

/* hashing jobs not yet completed */
size_t ippon_auth_pending(ippon_auth *auth);

/*
 * Stop the hashing thread (the running hash finishes), complete every pending operation
 * (finished ones with their result, the rest with IPPON_AUTH_BUSY), free. auth may be NULL.
 * Stop the writer first (ippon_writer_stop): it completes the operations waiting for a write,
 * which use the service; a hash finished after that answers IPPON_AUTH_UNAVAILABLE.
 */
void ippon_auth_destroy(ippon_auth *auth);

/* ---- for the WebSocket gateway -------------------------------------------------- */

/*
 * Who holds this session token? token_hex is the 64-hex token the client got from
 * /api/auth/{guest,register,login,claim}. Synchronous and cheap (a hash and an indexed
 * lookup), so it is fine on the event loop for every WebSocket hello.
 *
 * Returns 0 with the user in *out — also for a banned user: out->banned is then true and
 * the caller refuses it —, IPPON_AUTH_INVALID if the token is malformed, unknown, revoked
 * or expired (an expired session is deleted in the background), or IPPON_AUTH_ERROR if the
 * store failed (or app->auth is NULL). Using a session records its last use (at most once a
 * minute, in the background).
 */
int ippon_auth_session_user(ippon_app *app, const char *token_hex, ippon_user *out);

/* the same, given the auth service; session (if not NULL) receives the session's row (its token
   hash and expiry, for the gateway to know which session a socket belongs to) */
int ippon_auth_user_by_token(ippon_auth *auth, const char *token_hex, ippon_user *out);
int ippon_auth_session_of(ippon_auth *auth, const char *token_hex, ippon_user *out, ippon_session *session);

/* ---- operations (the REST routes call these) ------------------------------------- */

/*
 * A new guest from address, with display_name (already valid; see below) or, if NULL, a
 * generated "Guest-XXXXXX" that no user has. Returns 1 if pending (done: OK with user, token,
 * expires_at; TAKEN, UNAVAILABLE or ERROR), or 0 with *now: LIMITED, TAKEN (display_name
 * given and taken), UNAVAILABLE or ERROR.
 */
int ippon_auth_guest(ippon_auth *auth, const char *display_name, const char *address, ippon_auth_result *now,
                     ippon_auth_done done, void *ctx);

/*
 * Register username / password / display_name (all already valid). Returns 1 if pending
 * (done called later: OK with user + token, WEAK, TAKEN, BUSY, UNAVAILABLE or ERROR), or 0 with
 * *now: LIMITED, TAKEN, BUSY or ERROR.
 */
int ippon_auth_register(ippon_auth *auth, const char *username, const char *password,
                        size_t password_len, const char *display_name, const char *address,
                        ippon_auth_result *now, ippon_auth_done done, void *ctx);

/*
 * Log in. Input of any shape is fine here (a username that cannot exist simply fails).
 * Returns 1 if pending (done: OK with user + token, INVALID, BANNED, BUSY, UNAVAILABLE or
 * ERROR; maybe after the per-account wait, see delayed_ms), or 0 with *now: LIMITED, BUSY or
 * ERROR.
 */
int ippon_auth_login(ippon_auth *auth, const char *username, const char *password,
                     size_t password_len, const char *address, ippon_auth_result *now,
                     ippon_auth_done done, void *ctx);

/*
 * The guest holding token_hex claims an account: username / password and, unless NULL, a
 * new display_name (all already valid). Returns 1 if pending (done: OK with the same user
 * id, now registered, and a new token — the guest token is revoked; INVALID, WEAK, TAKEN,
 * BUSY, UNAVAILABLE or ERROR), or 0 with *now: INVALID (bad token), NOT_GUEST, BANNED, LIMITED,
 * TAKEN, BUSY or ERROR.
 */
int ippon_auth_claim(ippon_auth *auth, const char *token_hex, const char *username,
                     const char *password, size_t password_len, const char *display_name,
                     const char *address, ippon_auth_result *now, ippon_auth_done done,
                     void *ctx);

/*
 * End the session of token_hex. Returns 1 if pending (done: OK, INVALID if it ended meanwhile,
 * UNAVAILABLE or ERROR), or 0 with *now: INVALID (no such live session), UNAVAILABLE or ERROR.
 */
int ippon_auth_logout(ippon_auth *auth, const char *token_hex, ippon_auth_result *now, ippon_auth_done done,
                      void *ctx);

/*
 * The holder of token_hex changes its password from old_password to new_password (both of any
 * shape up to IPPON_PASSWORD_MAX bytes; the new one is checked here: length — an
 * administrator's at least IPPON_PWPOLICY_ADMIN_MIN bytes —, then the policy).
 * The attempt is limited like a login (login_limits.h, the account being the username): a wrong
 * old password counts as a failure for that (account, address). On success every other session
 * of the user ends (told to the session hook); the caller's stays. Returns 1 if pending (done: OK
 * with the user and sessions_ended, WRONG_PASSWORD, WEAK, INVALID, BUSY, UNAVAILABLE or ERROR),
 * or 0 with *now: INVALID (no such live session), BANNED, NOT_REGISTERED, WEAK (too short or
 * long), LIMITED, BUSY or ERROR.
 */
int ippon_auth_change_password(ippon_auth *auth, const char *token_hex, const char *old_password, size_t old_len,
                               const char *new_password, size_t new_len, const char *address,
                               ippon_auth_result *now, ippon_auth_done done, void *ctx);

/*
 * "Sign out everywhere": every session of token_hex's user ends, this one too (told to the
 * session hook). Returns 1 if pending (done: OK with sessions_ended, INVALID, UNAVAILABLE or
 * ERROR), or 0 with *now: INVALID, UNAVAILABLE or ERROR.
 */
int ippon_auth_logout_all(ippon_auth *auth, const char *token_hex, ippon_auth_result *now, ippon_auth_done done,
                          void *ctx);

/*
 * Set user_id's display name (already valid). Returns 1 if pending (done: OK with the user as it
 * is now, TAKEN, INVALID (no such user), UNAVAILABLE or ERROR), or 0 with *now: UNAVAILABLE or
 * ERROR.
 */
int ippon_auth_rename(ippon_auth *auth, const char *user_id, const char *display_name, ippon_auth_result *now,
                      ippon_auth_done done, void *ctx);

/* ---- rules ------------------------------------------------------------------------ */

/* 8 to 128 bytes, no NUL: 0, or -1 with the problem (without the field name) in problem (the
   strength is the policy's, on the worker: pwpolicy.h; the names' rules: name_rules.h) */
int ippon_auth_check_password(const char *password, size_t len, char *problem, size_t problen);

/* ---- tokens ----------------------------------------------------------------------- */

/* a new random token, as bytes and as 64 lowercase hex characters */
void ippon_auth_token_new(unsigned char token[IPPON_TOKEN_BYTES],
                          char hex[IPPON_TOKEN_HEX_LEN + 1]);

/* the stored hash of a token given in hex (either case): 0, or -1 if not 64 hex characters */
int ippon_auth_token_hash(const char *hex, unsigned char hash[IPPON_TOKEN_HASH_BYTES]);

/* the limiter key for a client address (see above) into out */
void ippon_auth_address_key(const char *address, char *out, size_t outlen);

#endif
