/*
 * auth_hold.c — operations held by the per-account wait of the login limits (login_limits.h),
 * without blocking the event loop: each held operation is a timer in the service's heap
 * (timer_heap.h) at its release time by the auth clock; the loop's timer (ippon_auth_set_timer:
 * an lws timer in http.c) is armed for the earliest, and ippon_auth_tick releases the ones due
 * and arms it again. At the end of the service the held operations end busy (auth.c's destroy).
 */
#include <stddef.h>
#include <stdlib.h>

#include "auth/auth_internal.h"

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
