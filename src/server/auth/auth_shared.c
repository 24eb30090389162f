/*
 * auth_shared.c — operations asking the limits every node of a cluster shares
 * (base/shared_buckets.h; ippon_auth_share_limits sets them in cluster mode).
 *
 * An operation admitted by the node's own limits (a guest, a sign-up, a login or a password
 * change's attempt) asks the shared buckets before it goes on: their answer lands in op->shared
 * — or no answer, if none came within AUTH_SHARE_WAIT_MS (the wait is a timer of the hold heap,
 * auth_hold.c): the node's own limits then stand alone, and a slow Redis slows a sign-in by a
 * second at most. A refusal ends the operation 429 as the node's own would; an admission (a
 * login's with the account's wait the cluster's count calls for) runs the operation's next step.
 *
 * A wait can outlive its operation (the operation timed out, or the service stopped): it is
 * detached then, and freed by its late answer, which the hook always gives. A waiting operation
 * is always in the hold heap (its timeout), so the service's end finds it there.
 */
#include <stdio.h>
#include <stdlib.h>

#include "auth/auth_internal.h"
#include "base/log.h"

struct auth_share_wait {
    auth_op *op; /* NULL once detached */
};

void ippon_auth_share_limits(ippon_auth *auth, const ippon_shared_buckets *shared)
{
    auth->shared = shared ? *shared : (ippon_shared_buckets){0};
}

void auth_share_detach(auth_op *op)
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
