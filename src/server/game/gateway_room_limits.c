/*
 * gateway_room_limits.c — room codes that lead nowhere, limited (room_limits.h) so that nobody
 * can guess their way into a friend's private table, and summed up in the log.
 *
 * Every room_join is first an attempt against the limits on failed joins per client address and
 * per account: refused, the player gets the error `rate_limited` with `retry_after_ms`, whatever
 * the code (PROTOCOL.md, "Private tables"); admitted, the code is looked at
 * (gw_room_join_go). On a cluster node an attempt the node's own limits admit also
 * asks the buckets every node counts into (base/shared_buckets.h, as auth_op.c does): the
 * code is looked at once they answer — or after JOIN_SHARE_WAIT_MS without an answer (Redis
 * stopped), or at once when they cannot be asked (Redis away): the node's own limits then judge
 * alone. A wait can outlive the gateway (it stops before the cluster does): it is detached then
 * and freed by its late answer, which the hook always gives.
 *
 * The log gets no line per attempt: failed and refused joins are tallied per address
 * (base/log_tally.h) and each address has at most one line a minute — at `warn` when some were
 * refused by the limit, else `info` — written by the gateway's once-a-second timer, and the rest
 * when the gateway stops.
 */
#include "game/gateway_room_limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth/auth.h"
#include "base/log.h"
#include "base/log_tally.h"
#include "game/gateway_conn.h"
#include "game/gateway_rooms.h"
#include "game/gateway_state.h"
#include "game/room_limits.h"
#include "game/rooms.h"

#define JOIN_SHARE_WAIT_MS 1000
#define SUMMARY_PERIOD_MS (60 * 1000)
#define SUMMARY_KEYS 10000 /* addresses summed up apart; the others together */

#define ADDRESS_KEY_LEN 80 /* an address's key (ippon_auth_address_key: at most 64 bytes and "/64") */

enum { FAILED, REFUSED }; /* the tally's kinds */

struct gw_join_wait {
    ippon_gateway *gw;          /* NULL once detached: the gateway is gone */
    lws_sorted_usec_list_t sul; /* the end of the wait */
    bool waiting;               /* the code not looked at yet */
    char user_id[40];
    char addr[sizeof ((ippon_conn *)0)->addr];
    char code[IPPON_ROOM_CODE_LEN + 2]; /* longer codes stay too long to name a room */
    struct gw_join_wait *prev, *next;
};

/* c's address as the limits key it (IPv6 by its /64: auth.h) */
static void address_key(const ippon_conn *c, char *out, size_t cap)
{
    ippon_auth_address_key(c->addr, out, cap);
}

int gw_room_limits_init(ippon_gateway *gw)
{
    gw->room_limits = ippon_room_limits_new(gw->set.room_join_fails_per_address, gw->set.room_join_fails_per_account);
    gw->room_fails = ippon_log_tally_new(SUMMARY_PERIOD_MS, SUMMARY_KEYS);
    return gw->room_limits && gw->room_fails ? 0 : -1;
}

static void summary_line(void *ctx, const char *key, const long long counts[IPPON_LOG_TALLY_KINDS])
{
    (void)ctx;
    char who[96];
    if (key[0])
        snprintf(who, sizeof who, "address %s", key);
    else
        snprintf(who, sizeof who, "addresses past the first %d", SUMMARY_KEYS);
    ippon_log(counts[REFUSED] > 0 ? IPPON_LOG_WARN : IPPON_LOG_INFO,
              "rooms: %s: %lld failed room joins in the last minute (%lld with codes that led nowhere, %lld refused "
              "by the limit)",
              who, counts[FAILED] + counts[REFUSED], counts[FAILED], counts[REFUSED]);
}

void gw_room_limits_report(ippon_gateway *gw, int64_t now, bool all)
{
    if (gw->room_fails)
        ippon_log_tally_report(gw->room_fails, now, all, summary_line, NULL);
}

static void unlink_wait(struct gw_join_wait *w)
{
    if (w->prev)
        w->prev->next = w->next;
    else if (w->gw)
        w->gw->join_waits = w->next;
    if (w->next)
        w->next->prev = w->prev;
    w->prev = w->next = NULL;
}

void gw_room_limits_free(ippon_gateway *gw)
{
    gw_room_limits_report(gw, gw_now(gw), true);
    while (gw->join_waits) {
        struct gw_join_wait *w = gw->join_waits;
        unlink_wait(w);
        if (w->waiting)
            ippon_timers_cancel(&w->sul);
        w->gw = NULL; /* freed by its answer */
    }
    ippon_room_limits_free(gw->room_limits);
    ippon_log_tally_free(gw->room_fails);
}

void ippon_gateway_share_limits(ippon_gateway *gw, const ippon_shared_buckets *shared)
{
    gw->shared = shared ? *shared : (ippon_shared_buckets){0};
}

/* a join from address refused by the limits: c (if still here) is told when to try again */
static void refused(ippon_gateway *gw, ippon_conn *c, const char *address, long long retry_ms)
{
    ippon_log_tally_add(gw->room_fails, address, REFUSED, gw_now(gw));
    if (!c || c->closing)
        return;
    char message[120];
    snprintf(message, sizeof message, "too many room codes that led nowhere: try again in %lld s",
             (retry_ms + 999) / 1000);
    gw_send(gw, c, json_pack("{s:s,s:s,s:s,s:I}", "type", "error", "code", "rate_limited", "message",
                             message, "retry_after_ms", (json_int_t)retry_ms));
}

/* what an admitted attempt of user from address counted is given back (shared: across the cluster too) */
static void give_back(ippon_gateway *gw, const char *address, const char *user_id, bool shared)
{
    ippon_room_limits_give_back(gw->room_limits, address, user_id, gw_now(gw));
    if (shared && gw->shared.give_back) {
        ippon_bucket b[IPPON_ROOM_JOIN_BUCKETS];
        ippon_room_limits_buckets(gw->room_limits, address, user_id, b);
        gw->shared.give_back(gw->shared.impl, b, IPPON_ROOM_JOIN_BUCKETS);
    }
}

void gw_room_join_end(ippon_gateway *gw, ippon_conn *c, bool shared, bool failed)
{
    char address[ADDRESS_KEY_LEN];
    address_key(c, address, sizeof address);
    if (failed)
        ippon_log_tally_add(gw->room_fails, address, FAILED, gw_now(gw));
    else
        give_back(gw, address, c->user_id, shared);
}

/* the wait of w is over with answer (answered false: none came): the code is looked at, unless
   the cluster refused the attempt or the player has gone */
static void wait_over(struct gw_join_wait *w, const ippon_buckets_answer *answer)
{
    ippon_gateway *gw = w->gw;
    w->waiting = false;
    ippon_conn *c = gw_conn_of(gw, w->user_id);
    if (c && (c->closing || strcmp(c->addr, w->addr) != 0))
        c = NULL; /* another socket of the player's: it did not ask */
    char address[ADDRESS_KEY_LEN];
    ippon_auth_address_key(w->addr, address, sizeof address);
    if (answer->answered && answer->refused) {
        ippon_room_limits_give_back(gw->room_limits, address, w->user_id, gw_now(gw));
        refused(gw, c, address, answer->retry_ms);
    } else if (!c) {
        give_back(gw, address, w->user_id, answer->answered); /* no code was looked at */
    } else {
        gw_room_join_go(gw, c, w->code, answer->answered);
    }
}

static void share_answered(void *ctx, const ippon_buckets_answer *answer)
{
    struct gw_join_wait *w = ctx;
    if (w->gw && w->waiting) {
        ippon_timers_cancel(&w->sul);
        wait_over(w, answer);
    } /* else: too late, the node judged alone; what the cluster counted stays counted */
    if (w->gw)
        unlink_wait(w);
    free(w);
}

static void share_timed_out(lws_sorted_usec_list_t *sul)
{
    struct gw_join_wait *w = lws_container_of(sul, struct gw_join_wait, sul);
    wait_over(w, &(ippon_buckets_answer){.answered = false});
}

void gw_room_join_ask(ippon_gateway *gw, ippon_conn *c, const char *code)
{
    char address[ADDRESS_KEY_LEN];
    address_key(c, address, sizeof address);
    long long retry_ms = 0;
    if (!ippon_room_limits_begin(gw->room_limits, address, c->user_id, gw_now(gw), &retry_ms)) {
        refused(gw, c, address, retry_ms);
        return;
    }
    struct gw_join_wait *w = gw->shared.take ? calloc(1, sizeof *w) : NULL;
    if (!w) { /* no cluster (or no memory to wait): this node's limits alone */
        gw_room_join_go(gw, c, code, false);
        return;
    }
    w->gw = gw;
    snprintf(w->user_id, sizeof w->user_id, "%s", c->user_id);
    snprintf(w->addr, sizeof w->addr, "%s", c->addr);
    snprintf(w->code, sizeof w->code, "%s", code);
    ippon_bucket b[IPPON_ROOM_JOIN_BUCKETS];
    ippon_room_limits_buckets(gw->room_limits, address, c->user_id, b);
    if (gw->shared.take(gw->shared.impl, b, IPPON_ROOM_JOIN_BUCKETS, share_answered, w) != 0) {
        free(w); /* Redis away: nothing was asked */
        gw_room_join_go(gw, c, code, false);
        return;
    }
    w->waiting = true;
    w->next = gw->join_waits;
    if (w->next)
        w->next->prev = w;
    gw->join_waits = w;
    if (gw->timers)
        ippon_timers_schedule(gw->timers, &w->sul, share_timed_out, (lws_usec_t)JOIN_SHARE_WAIT_MS * LWS_US_PER_MS);
}
