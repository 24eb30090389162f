/*
 * gateway_lobby.c — the queues (gateway_lobby.h): tables formed from the lobby (first come, first
 * served among players within the rating window; bots in the empty seats after bot_fill_after)
 * or, on a cluster node, by the cluster's matchmaker from every node's queue, and the waiting
 * told their status.
 */
#include "game/gateway_lobby.h"

#include <libwebsockets.h>

#include "game/gateway_conn.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "metrics.h"
#include "store/store_ratings.h"

static void lobby_timer(lws_sorted_usec_list_t *sul);

double gw_queue_rating(ippon_gateway *gw, ippon_mode mode, const char *user_id)
{
    ippon_standing s;
    if (gw->app && gw->app->store && ippon_store_standing(gw->app->store, mode, user_id, &s) >= 0)
        return s.rating.mu;
    return ippon_rating_initial(&ippon_rating_defaults).mu;
}

/*
 * Forms every table the queue allows now (or, with a matchmaker, asks it to) and, when statuses,
 * tells the waiting their status. A single server tells them at every change: its queue never
 * holds more than a table's worth for long. A cluster's queue here holds whoever waits for the
 * shared take, thousands at a time under load, so they are told once a second (the timer), not
 * at each of their joins: W waiting and J joins a second would be W × J messages.
 */
static void lobby_tick(ippon_gateway *gw, ippon_mode mode, int64_t now, bool statuses)
{
    const ippon_rules *rules = ippon_rules_preset(ippon_mode_preset(mode));
    ippon_lobby_entry group[IPPON_MAX_PLAYERS];
    int64_t fill = gw->set.bots ? (int64_t)(gw->set.bot_fill_after_ms * gw->set.time_scale) : INT64_MAX;
    int n;
    ippon_lobby_distinct_addresses(gw->lobby, !gw->set.ranked_same_address);
    if (gw->has_mm) { /* a cluster's matchmaker forms the tables, from every node's queue */
        if (ippon_gateway_forming(gw) && ippon_lobby_size(gw->lobby, mode) > 0)
            gw->mm.tick(gw->mm.ctx, mode, now);
    } else {
        while (ippon_gateway_forming(gw) &&
               (n = ippon_lobby_take(gw->lobby, mode, rules->players, &gw->set.window, fill, now, group)) > 0) {
            for (int i = 0; i < n; i++)
                ippon_metrics_queue_wait(gw->app->metrics, (double)(now - group[i].since) / 1000.0);
            gw_start_table(gw, mode, group, n, true);
        }
    }
    if (!statuses)
        return;
    int count;
    const ippon_lobby_entry *waiting = ippon_lobby_entries(gw->lobby, mode, &count);
    for (int i = 0; i < count; i++) {
        ippon_conn *c = gw_conn_of(gw, waiting[i].user_id);
        if (c)
            gw_send(gw, c, json_pack("{s:s,s:s,s:i,s:i,s:I}", "type", "queue_status", "mode",
                                     ippon_mode_name(mode), "position", i + 1, "size", count, "waited_ms",
                                     (json_int_t)(now - waiting[i].since)));
    }
}

void gw_lobby_changed(ippon_gateway *gw, ippon_mode mode, int64_t now)
{
    lobby_tick(gw, mode, now, !gw->has_mm);
    bool waiting = ippon_lobby_total(gw->lobby) > 0;
    if (waiting && !gw->lobby_timer_on && gw->timers) {
        gw->lobby_timer_on = true;
        ippon_timers_schedule(gw->timers, &gw->lobby_timer, lobby_timer, 1000 * LWS_US_PER_MS);
    }
}

static void lobby_timer(lws_sorted_usec_list_t *sul)
{
    ippon_gateway *gw = lws_container_of(sul, ippon_gateway, lobby_timer);
    gw->lobby_timer_on = false;
    int64_t now = gw_now(gw);
    bool statuses = now - gw->statuses_at >= 1000; /* at most once a second, however often it ticks */
    if (statuses)
        gw->statuses_at = now;
    for (ippon_mode mode = 0; mode < IPPON_MODES; mode++)
        lobby_tick(gw, mode, now, statuses);
    if (ippon_lobby_total(gw->lobby) > 0) {
        gw->lobby_timer_on = true;
        /* every second, or sooner when bots are due to fill a table. A matchmaker's queue may
           still hold players past that (the shared take decides, a round trip later): it is
           asked again every 50 ms, not at once */
        int64_t next = 1000;
        int64_t fill = (int64_t)(gw->set.bot_fill_after_ms * gw->set.time_scale);
        int64_t soonest = gw->has_mm ? 50 : 1;
        for (ippon_mode mode = 0; mode < IPPON_MODES; mode++) {
            int64_t oldest = ippon_lobby_oldest(gw->lobby, mode);
            if (oldest >= 0 && gw->set.bots && oldest + fill - now < next)
                next = oldest + fill - now > soonest ? oldest + fill - now : soonest;
        }
        ippon_timers_schedule(gw->timers, &gw->lobby_timer, lobby_timer, (lws_usec_t)next * LWS_US_PER_MS);
    }
}

int gw_stop_waiting(ippon_gateway *gw, const char *user_id)
{
    int waiting = ippon_lobby_mode_of(gw->lobby, user_id);
    if (waiting < 0)
        return -1;
    ippon_lobby_leave(gw->lobby, user_id);
    if (gw->has_mm)
        gw->mm.left(gw->mm.ctx, (ippon_mode)waiting, user_id);
    return waiting;
}
