/*
 * gateway_sessions.c — sockets whose session ended close (gateway.h): told by the identity
 * service's session hook (a logout, a password change, signing out everywhere), or found by a
 * check once a second of each greeted socket's session expiry.
 *
 * How it works: every greeted connection keeps the hash of the session token it said hello with
 * and that session's expiry (gateway.c). A user has at most one greeted connection (a newer one
 * replaces the older), so a hook's call looks up that one; the expiry check walks the user →
 * connection map (a comparison per player online: about 10 µs for 10,000). A closed socket leaves
 * the queue; its table plays on with the clock, as for any disconnect.
 */
#include "game/gateway_sessions.h"

#include <libwebsockets.h>
#include <string.h>

#include "auth/auth.h"
#include "base/log.h"
#include "game/gateway_conn.h"
#include "game/gateway_lobby.h"
#include "game/gateway_room_limits.h"
#include "game/gateway_rooms.h"
#include "game/gateway_state.h"

#define SESSIONS_CHECK_US (1000 * LWS_US_PER_MS) /* once a second */

/* the session of c ended: told, and closed (the queue left) */
static void session_closed(ippon_gateway *gw, ippon_conn *c, const char *message)
{
    ippon_log(IPPON_LOG_INFO, "gateway: closing the socket of user %s from %s: %s", c->user_id, c->addr, message);
    gw_stop_waiting(gw, c->user_id);
    gw_send_error_and_close(gw, c, "session_ended", message);
}

int ippon_gateway_sessions_ended(ippon_gateway *gw, const char *user_id, const unsigned char *token_hash,
                                 const unsigned char *keep_hash, const char *message)
{
    ippon_conn *c = gw ? gw_conn_of(gw, user_id) : NULL;
    if (!c || c->closing)
        return 0;
    if (token_hash && memcmp(c->session_hash, token_hash, sizeof c->session_hash) != 0)
        return 0;
    if (!token_hash && keep_hash && memcmp(c->session_hash, keep_hash, sizeof c->session_hash) == 0)
        return 0;
    session_closed(gw, c, message);
    return 1;
}

typedef struct expiry_walk {
    ippon_gateway *gw;
    long long now_s;
    int closed;
} expiry_walk;

static void expire_one(void *ctx, const char *key, void *value)
{
    expiry_walk *walk = ctx;
    ippon_conn *c = value;
    (void)key;
    if (!c->closing && c->session_expires_s > 0 && c->session_expires_s <= walk->now_s) {
        session_closed(walk->gw, c, "your session expired: sign in again");
        walk->closed++;
    }
}

/* close the sockets whose session has expired by now_s (Unix s); the once-a-second timer calls
   this with the auth clock's time. Returns how many closed */
static int ippon_gateway_expire_sessions(ippon_gateway *gw, long long now_s)
{
    expiry_walk walk = {gw, now_s, 0};
    ippon_strmap_each(gw->users, expire_one, &walk);
    return walk.closed;
}

static void sessions_timer(lws_sorted_usec_list_t *sul)
{
    ippon_gateway *gw = lws_container_of(sul, ippon_gateway, expiry_sul);
    if (gw->app && gw->app->auth)
        ippon_gateway_expire_sessions(gw, ippon_auth_now_ms(gw->app->auth) / 1000);
    gw_rooms_expire(gw, gw_now(gw)); /* private rooms nobody started */
    gw_room_limits_report(gw, gw_now(gw), false); /* failed joins' summaries */
    ippon_timers_schedule(gw->timers, &gw->expiry_sul, sessions_timer, SESSIONS_CHECK_US);
}

void gw_sessions_start(ippon_gateway *gw)
{
    if (gw->timers)
        ippon_timers_schedule(gw->timers, &gw->expiry_sul, sessions_timer, SESSIONS_CHECK_US);
}
