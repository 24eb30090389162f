/*
 * auth_op.c — the pipeline every identity operation but a token lookup goes through (an auth_op:
 * auth_internal.h), without blocking the event loop.
 *
 * An operation is made by its entry point (auth.c, auth_password.c) with the node's own cheap
 * checks done, then has up to four waits, in this order, each one only if it needs it:
 *   1. the cluster's shared limits (a guest, a sign-up, a login's or a password change's
 *      attempt; cluster mode only): auth_op_share, answered by Redis or given up after
 *      AUTH_SHARE_WAIT_MS;
 *   2. the hold: the per-account wait of the login limits (a login, a password change):
 *      auth_op_hold, released by ippon_auth_tick;
 *   3. the hashing worker (pwhash.h; a sign-up, a claim, a login; a password change twice: the
 *      old one verified, then the new one checked and hashed): completed by auth_op_hashed from
 *      ippon_auth_poll;
 *   4. the store writer (auth_writes.h; every operation): auth_op_write, completed by
 *      auth_op_written from ippon_writer_poll.
 * Each completion runs on the loop thread and starts the operation's next step (its kind's own,
 * in auth.c or auth_password.c); the last ends it with auth_op_finish, which calls the caller's
 * done and wipes the operation (passwords, a token, a hash).
 *
 * The hold: each held operation is a timer in the service's heap (timer_heap.h) at its release
 * time by the auth clock; the loop's timer (ippon_auth_set_timer: an lws timer in http.c) is
 * armed for the earliest, and ippon_auth_tick releases the ones due and arms it again. At the end
 * of the service the held operations end busy (auth.c's destroy).
 *
 * The shared limits (base/shared_buckets.h; ippon_auth_share_limits sets them in cluster mode):
 * an operation admitted by the node's own limits asks the shared buckets before it goes on: their
 * answer lands in op->shared — or no answer, if none came within AUTH_SHARE_WAIT_MS (the wait is
 * a timer of the hold heap): the node's own limits then stand alone, and a slow Redis slows a
 * sign-in by a second at most. A refusal ends the operation 429 as the node's own would; an
 * admission (a login's with the account's wait the cluster's count calls for) runs the
 * operation's next step. A wait can outlive its operation (the operation timed out, or the
 * service stopped): it is detached then, and freed by its late answer, which the hook always
 * gives. A waiting operation is always in the hold heap (its timeout), so the service's end
 * finds it there.
 */
#include <sodium.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth/auth_internal.h"
#include "base/log.h"

/* ---- an operation's life ----------------------------------------------------------------- */

auth_op *auth_op_new(ippon_auth *auth, auth_op_kind kind, const char *address,
                            ippon_auth_done done, void *ctx)
{
    auth_op *op = calloc(1, sizeof *op);
    if (!op)
        return NULL;
    op->auth = auth;
    op->kind = kind;
    op->done = done;
    op->ctx = ctx;
    ippon_timer_init(&op->hold);
    ippon_auth_address_key(address, op->address_key, sizeof op->address_key);
    return op;
}

/* the end of op: the caller's completion with r, then op (a token, a hash among it) wiped */
void auth_op_finish(auth_op *op, ippon_auth_result *r)
{
    auth_op_limits_end(op, IPPON_LOGIN_NOT_COUNTED); /* an attempt that got no answer */
    r->delayed_ms = op->delayed_ms;
    op->done(op->ctx, r);
    sodium_memzero(r, sizeof *r);
    sodium_memzero(op, sizeof *op);
    free(op);
}

void auth_op_limits_end(auth_op *op, ippon_login_outcome outcome)
{
    if (!op->limits_open)
        return;
    op->limits_open = false;
    ippon_auth *auth = op->auth;
    ippon_login_limits_end(auth->login, op->account_key, op->address_key, ippon_auth_now_ms(auth), outcome);
    if (op->shared_counted && auth->shared.take) /* (the cluster may have stopped meanwhile) */
        ippon_login_limits_shared_end(auth->login, &auth->shared, op->account_key, op->address_key, outcome);
}

/* the same with nothing but a status */
void auth_op_finish_status(auth_op *op, ippon_auth_status status)
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

/* tell the session hook (auth.h) */
static void auth_sessions_ended(ippon_auth *auth, const char *user_id, const unsigned char *token_hash,
                                const unsigned char *keep_hash, const char *message)
{
    if (auth->ended)
        auth->ended(auth->ended_ctx, user_id, token_hash, keep_hash, message);
}

int auth_op_write(auth_op *op, ippon_auth_write *aw)
{
    aw->done = auth_op_written;
    aw->ctx = op;
    int rc = ippon_auth_write_submit(op->auth->writer, aw);
    sodium_memzero(aw, sizeof *aw);
    return rc;
}

/* the same from a completion: a refusal ends op unavailable */
void auth_op_write_or_end(auth_op *op, ippon_auth_write *aw)
{
    if (auth_op_write(op, aw) != 0)
        auth_op_finish_status(op, IPPON_AUTH_UNAVAILABLE);
}

/* ---- wait 1: the cluster's shared limits ---------------------------------------------- */

struct auth_share_wait {
    auth_op *op; /* NULL once detached */
};

void ippon_auth_share_limits(ippon_auth *auth, const ippon_shared_buckets *shared)
{
    auth->shared = shared ? *shared : (ippon_shared_buckets){0};
}

static void auth_share_detach(auth_op *op)
{
    if (!op->share_wait)
        return;
    op->share_wait->op = NULL;
    op->share_wait = NULL;
}

static bool shared_admitted(auth_op *op);

/* op stops waiting (w stays for its answer, detached) and goes on with answer */
static void wait_over(auth_op *op, const ippon_buckets_answer *answer)
{
    auth_share_detach(op);
    op->shared = *answer;
    if (!shared_admitted(op))
        return;
    ippon_auth_status status = op->after_share(op);
    if (status != IPPON_AUTH_OK)
        auth_op_finish_status(op, status);
}

static void share_answered(void *ctx, const ippon_buckets_answer *answer)
{
    auth_share_wait *w = ctx;
    auth_op *op = w->op;
    if (op) {
        ippon_timer_cancel(&op->auth->held, &op->hold);
        wait_over(op, answer);
    }
    free(w);
}

static void share_timed_out(auth_op *op)
{
    ippon_log_warn("auth: the cluster's shared limits did not answer within %d ms; this node's limits alone "
                   "judged an attempt from %s", AUTH_SHARE_WAIT_MS, op->address_key);
    wait_over(op, &(ippon_buckets_answer){.answered = false});
}

int auth_op_share(auth_op *op, const ippon_bucket *b, int n, auth_op_next next)
{
    ippon_auth *auth = op->auth;
    if (!auth->shared.take)
        return -1;
    auth_share_wait *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    if (auth_op_hold(op, AUTH_SHARE_WAIT_MS, share_timed_out) != 0) {
        free(w);
        return -1;
    }
    if (auth->shared.take(auth->shared.impl, b, n, share_answered, w) != 0) {
        ippon_timer_cancel(&auth->held, &op->hold);
        free(w);
        return -1;
    }
    w->op = op;
    op->share_wait = w;
    op->after_share = next;
    return 0;
}

int auth_op_share_login(auth_op *op, auth_op_next next)
{
    char pair[2 * AUTH_KEY_LEN];
    ippon_bucket b[IPPON_LOGIN_BUCKETS];
    ippon_login_limits_buckets(op->auth->login, op->account_key, op->address_key, pair, sizeof pair, b);
    return auth_op_share(op, b, IPPON_LOGIN_BUCKETS, next);
}

/* what op is, for the log */
static const char *op_what(const auth_op *op, char *buf, size_t cap)
{
    switch (op->kind) {
    case OP_LOGIN: snprintf(buf, cap, "login for \"%s\"", op->log_name); break;
    case OP_PASSWORD: snprintf(buf, cap, "password change of user %s", op->user_id); break;
    case OP_GUEST: snprintf(buf, cap, "guest creation"); break;
    case OP_CLAIM: snprintf(buf, cap, "claim"); break;
    default: snprintf(buf, cap, "registration"); break;
    }
    return buf;
}

/*
 * Does op go on after the shared answer? A refusal ends it LIMITED, as the node's own would have,
 * and what the node's own limits counted is given back (the login limits' by the finish).
 */
static bool shared_admitted(auth_op *op)
{
    ippon_auth *auth = op->auth;
    char what[80];
    long long retry = op->shared.retry_ms;
    if (op->kind == OP_LOGIN || op->kind == OP_PASSWORD) {
        long long delay = 0;
        int per_address = 0;
        if (ippon_login_limits_verdict(auth->login, &op->shared, &delay, &retry, &per_address)) {
            if (delay > op->delayed_ms)
                op->delayed_ms = delay;
            op->shared_counted = op->shared.answered;
            return true;
        }
        ippon_log_warn("auth: %s from %s refused: too many failures across the cluster %s",
                       op_what(op, what, sizeof what), op->address_key,
                       per_address ? "from this address" : "for this account from this address");
    } else if (op->shared.answered && op->shared.refused) {
        ippon_log_warn("auth: %s from %s refused: over the limit across the cluster", op_what(op, what, sizeof what),
                       op->address_key);
        ippon_ratelimit_give_back(op->kind == OP_GUEST ? auth->guests : auth->signups, op->address_key,
                                  ippon_auth_now_ms(auth));
    } else {
        op->shared_counted = op->shared.answered;
        return true;
    }
    ippon_auth_result r = {.status = IPPON_AUTH_LIMITED, .retry_after_ms = retry};
    auth_op_finish(op, &r);
    return false;
}

void auth_share_give_back(ippon_auth *auth, const ippon_bucket *b, int n)
{
    if (auth->shared.give_back)
        auth->shared.give_back(auth->shared.impl, b, n);
}

/* ---- wait 2: the hold ------------------------------------------------------------------ */

static auth_op *held_op(ippon_timer *t)
{
    return (auth_op *)((char *)t - offsetof(auth_op, hold));
}

/* arm the loop's timer for the earliest held operation, if any */
static void hold_arm(ippon_auth *auth)
{
    ippon_timer *first = ippon_timer_first(&auth->held);
    if (!first || !auth->arm)
        return;
    long long wait = first->due - ippon_auth_now_ms(auth);
    auth->arm(auth->arm_ctx, wait > 0 ? wait : 0);
}

void ippon_auth_set_timer(ippon_auth *auth, void (*arm)(void *ctx, long long delay_ms), void *ctx)
{
    auth->arm = arm;
    auth->arm_ctx = ctx;
    hold_arm(auth);
}

size_t ippon_auth_held(ippon_auth *auth)
{
    return auth ? (size_t)auth->held.count : 0;
}

int auth_op_hold(auth_op *op, long long delay_ms, auth_op_step step)
{
    ippon_auth *auth = op->auth;
    if (auth->held.count >= AUTH_MAX_HELD)
        return -1;
    ippon_timer *first = ippon_timer_first(&auth->held);
    long long due = ippon_auth_now_ms(auth) + (delay_ms > 0 ? delay_ms : 0);
    if (ippon_timer_set(&auth->held, &op->hold, due) != 0)
        return -1;
    op->after_hold = step;
    if (!first || due < first->due)
        hold_arm(auth);
    return 0;
}

int ippon_auth_tick(ippon_auth *auth)
{
    if (!auth)
        return 0;
    int n = 0;
    ippon_timer *t;
    while ((t = ippon_timer_pop_due(&auth->held, ippon_auth_now_ms(auth))) != NULL) {
        auth_op *op = held_op(t);
        op->after_hold(op);
        n++;
    }
    hold_arm(auth);
    return n;
}

void auth_hold_drop_all(ippon_auth *auth)
{
    ippon_timer *t;
    while ((t = ippon_timer_first(&auth->held)) != NULL) {
        ippon_timer_cancel(&auth->held, t);
        auth_share_detach(held_op(t)); /* one waiting for the shared limits: their answer comes later */
        auth_op_finish_status(held_op(t), IPPON_AUTH_BUSY);
    }
}

/* ---- wait 3: the hashing worker --------------------------------------------------------- */

/* the worker finished op's password job (called on the loop thread by poll or destroy) */
void auth_op_hashed(void *ctx, ippon_pwhash_result hashed, const char *hash)
{
    auth_op *op = ctx;
    if (hashed == IPPON_PWHASH_CANCELLED) {
        auth_op_finish_status(op, IPPON_AUTH_BUSY);
    } else if (op->kind == OP_LOGIN) {
        auth_op_login_hashed(op, hashed, hash);
    } else if (op->kind == OP_PASSWORD) {
        auth_op_password_hashed(op, hashed, hash);
    } else if (hashed == IPPON_PWHASH_WEAK) { /* nothing was made: the sign-up is given back */
        auth_signup_give_back(op);
        ippon_auth_result r;
        memset(&r, 0, sizeof r);
        r.status = IPPON_AUTH_WEAK;
        snprintf(r.problem, sizeof r.problem, "%s", hash);
        auth_op_finish(op, &r);
    } else if (hashed != IPPON_PWHASH_OK) {
        auth_op_finish_status(op, IPPON_AUTH_ERROR);
    } else if (op->kind == OP_REGISTER) {
        auth_op_register_hashed(op, hash);
    } else {
        auth_op_claim_hashed(op, hash);
    }
}

/* ---- wait 4: the store writer ---------------------------------------------------------- */

/* what a finished write means for each kind of op; each ends op (or writes again) */
/* the operations whose reply carries the user as it is after the write (the loop's store sees
   the committed write) */
static bool replies_with_user_now(int kind)
{
    return kind == OP_CLAIM || kind == OP_RENAME || kind == OP_PASSWORD || kind == OP_LOGOUT_ALL;
}

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
    } else if (replies_with_user_now(op->kind) && ippon_store_user_get(auth->store, op->user_id, &r.user) != 0) {
        r.status = IPPON_AUTH_ERROR;
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
            auth_sessions_ended(auth, op->user_id, op->old_token_hash, NULL, "you signed out");
            break;
        case OP_PASSWORD:
        case OP_LOGOUT_ALL:
            r.sessions_ended = aw->count;
            ippon_log_info("auth: user %s %s from %s (%d sessions ended)", op->user_id,
                           op->kind == OP_PASSWORD ? "changed the password" : "signed out everywhere",
                           op->address_key, aw->count);
            if (op->kind == OP_PASSWORD)
                auth_sessions_ended(auth, op->user_id, NULL, op->old_token_hash,
                                    "the password of this account was changed: sign in again");
            else
                auth_sessions_ended(auth, op->user_id, NULL, NULL, "you signed out everywhere");
            break;
        }
    }
    auth_op_finish(op, &r);
}
