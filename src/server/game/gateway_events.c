/*
 * gateway_events.c — the events' schedule (gateway_events.h): the once-a-second look at the events
 * due and the status moves of "Its life" in src/server/EVENTS.md that no organiser makes — check-in
 * opening, the start at starts_at (or the cancellation for too few entrants checked in), the next
 * round when it is due (`when_done`: break_minutes after the last table of the previous round ended;
 * `times`: its own time), the standings told when a round is done, the end after the last round and
 * a weekly event's next instance. The rounds themselves: gateway_event_rounds.c.
 */
#include "game/gateway_events.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "base/ids.h"
#include "base/log.h"
#include "base/strmap.h"
#include "base/timers.h"
#include "game/gateway_state.h"
#include "store/event_writes.h"

enum { LOOK_MS = 1000, DUE_AT_ONCE = 64, WEEK_MS = 7 * 24 * 3600 * 1000 };

static void events_look(lws_sorted_usec_list_t *sul);

static void schedule_look(ippon_gateway *gw, int64_t ms)
{
    ippon_timers_schedule(gw->timers, &gw->events_sul, events_look, (lws_usec_t)ms * LWS_US_PER_MS);
}

void gw_events_start(ippon_gateway *gw)
{
    if (!gw->timers || !gw->app || !gw->app->store || !gw->app->writer)
        return;
    if (!gw->events && !(gw->events = ippon_strmap_new()))
        return;
    schedule_look(gw, LOOK_MS);
}

void gw_events_look_soon(ippon_gateway *gw)
{
    if (gw->events && gw->timers)
        schedule_look(gw, 0);
}

static void free_value(void *ctx, const char *key, void *value)
{
    (void)ctx;
    (void)key;
    free(value);
}

void gw_event_forget_elsewhere(gw_event_run *run)
{
    if (run->elsewhere) {
        ippon_strmap_each(run->elsewhere, free_value, NULL);
        ippon_strmap_free(run->elsewhere);
        run->elsewhere = NULL;
    }
    run->elsewhere_round = 0;
}

static void free_run(void *ctx, const char *key, void *value)
{
    (void)ctx;
    (void)key;
    gw_event_forget_elsewhere(value);
    free(value);
}

void gw_events_free(ippon_gateway *gw)
{
    if (!gw->events)
        return;
    if (gw->timers)
        ippon_timers_cancel(&gw->events_sul);
    ippon_strmap_each(gw->events, free_run, NULL);
    ippon_strmap_free(gw->events);
    gw->events = NULL;
}

gw_event_run *gw_event_run_of(ippon_gateway *gw, const char *id)
{
    gw_event_run *run = gw_event_run_find(gw, id);
    if (run || !gw->events)
        return run;
    if (!(run = calloc(1, sizeof *run)))
        return NULL;
    snprintf(run->id, sizeof run->id, "%s", id);
    if (ippon_strmap_put(gw->events, run->id, run) != 0) {
        free(run);
        return NULL;
    }
    return run;
}

gw_event_run *gw_event_run_find(ippon_gateway *gw, const char *id)
{
    return gw && gw->events ? ippon_strmap_get(gw->events, id) : NULL;
}

int gw_event_players(const ippon_event_def *ev)
{
    ippon_mode mode;
    return ippon_mode_players(ippon_mode_parse(ev->mode, &mode) == 0 ? mode : IPPON_MODE_4P);
}

bool gw_event_entrant_plays(const ippon_event_entrant *e)
{
    return strcmp(e->status, "registered") == 0 && e->checked_in_at > 0;
}

/* ---- status moves --------------------------------------------------------------------------------- */

static void move_done(const ippon_event_write *ew, int rc, void *ctx)
{
    ippon_app *app = ctx;
    gw_event_run *run = gw_event_run_find(app->gateway, ew->id);
    if (run)
        run->busy = false;
    if (rc == 0 && ew->to == IPPON_EVENT_RUNNING && app->gateway && app->gateway->events)
        schedule_look(app->gateway, 0); /* started: round 1 is seated now, not a look later */
    if (rc != 0 && rc != IPPON_STORE_CONFLICT)
        ippon_log_warn("event %s: could not move it to %s (%d): tried again", ew->id, ippon_event_status_name(ew->to), rc);
}

/* ev's status from → to (round ≥ 0 stored with it), audited as the runner's when action is given */
static void move(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, ippon_event_status to, int round,
                 const char *action, const char *reason)
{
    ippon_event_write ew = {.kind = IPPON_EW_STATUS, .from_mask = 1u << ev->status, .to = to, .round = round,
                            .now_ms = gw_wall_ms(gw, gw_now(gw)), .done = move_done, .ctx = gw->app};
    snprintf(ew.id, sizeof ew.id, "%s", ev->id);
    if (action) {
        snprintf(ew.action, sizeof ew.action, "%s", action);
        snprintf(ew.actor_name, sizeof ew.actor_name, "%s", "ippon (the event runner)");
        snprintf(ew.reason, sizeof ew.reason, "%s", reason ? reason : "");
        ew.detail = json_pack("{s:s, s:s}", "from", ippon_event_status_name(ev->status), "to",
                              ippon_event_status_name(to));
    }
    if (ippon_event_write_submit(gw->app->writer, &ew) == 0)
        run->busy = true;
    json_decref(ew.detail);
}

/* a weekly event's next instance: its rules again, a week later, registration open */
static void recur_done(const ippon_event_write *ew, int rc, void *ctx)
{
    (void)ctx;
    if (rc == 0)
        ippon_log_info("event %s: the next of a weekly event made", ew->ev.id);
    else
        ippon_log_warn("event: the next of weekly event \"%s\" could not be made (%d)", ew->ev.name, rc);
}

static void recur(ippon_gateway *gw, const ippon_event_def *ev)
{
    ippon_event_def full;
    if (ippon_store_event_get(gw->app->store, ev->id, &full) != 0)
        return;
    ippon_event_write ew = {.kind = IPPON_EW_CREATE, .ev = full, .open_max = 1 << 30, .day_max = 1 << 30,
                            .now_ms = gw_wall_ms(gw, gw_now(gw)), .done = recur_done, .ctx = gw->app};
    ippon_id fresh;
    ippon_id_generate(&fresh);
    ippon_id_format(&fresh, ew.ev.id);
    ew.ev.starts_at = full.starts_at + WEEK_MS;
    while (ew.ev.starts_at <= ew.now_ms) /* a server that was down for weeks skips the past ones */
        ew.ev.starts_at += WEEK_MS;
    json_t *times = json_loads(full.round_times, 0, NULL);
    if (json_is_array(times)) { /* each round's time a week later too */
        size_t i;
        json_t *t;
        json_array_foreach(times, i, t)
            json_array_set_new(times, i, json_integer(json_integer_value(t) + (ew.ev.starts_at - full.starts_at)));
        char *text = json_dumps(times, JSON_COMPACT);
        if (text && strlen(text) < sizeof ew.ev.round_times)
            snprintf(ew.ev.round_times, sizeof ew.ev.round_times, "%s", text);
        free(text);
    }
    json_decref(times);
    ew.ev.status = IPPON_EVENT_REGISTRATION;
    ew.ev.round = 0;
    ew.ev.announcement[0] = '\0';
    snprintf(ew.actor_id, sizeof ew.actor_id, "%s", full.organiser_id);
    snprintf(ew.actor_name, sizeof ew.actor_name, "%s", "ippon (the event runner)");
    snprintf(ew.action, sizeof ew.action, "event_create");
    snprintf(ew.reason, sizeof ew.reason, "the next of weekly event %s", full.id);
    ew.detail = json_pack("{s:s}", "recurrence_of", full.id);
    if (ippon_event_write_submit(gw->app->writer, &ew) != 0)
        ippon_log_warn("event %s: its next instance could not be queued", full.id);
    json_decref(ew.detail);
    ippon_event_clear(&full);
}

/* ---- the look ----------------------------------------------------------------------------------- */

/* entrants registered and checked in */
static int checked_in(ippon_gateway *gw, const ippon_event_def *ev)
{
    ippon_event_entrant *es = NULL;
    int n = 0, in = 0;
    if (ippon_store_event_entrants(gw->app->store, ev->id, &es, &n) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        in += gw_event_entrant_plays(&es[i]);
    free(es);
    return in;
}

/* round `round`'s time (2 …) from the event's round_times, or -1 */
static int64_t round_time(const ippon_event_def *ev, int round)
{
    json_t *times = json_loads(ev->round_times, 0, NULL);
    json_t *t = json_array_get(times, (size_t)(round - 2));
    int64_t at = json_is_integer(t) ? json_integer_value(t) : -1;
    json_decref(times);
    return at;
}

/* when round n + 1 is due after rounds[0 … n) (Unix ms), n ≥ 1 and the last one done */
static int64_t next_due(const ippon_event_def *ev, const ippon_event_round *last)
{
    if (strcmp(ev->round_start, "times") == 0) {
        int64_t at = round_time(ev, last->round + 1);
        if (at >= 0)
            return at;
    }
    return last->done_at + (int64_t)ev->break_minutes * 60000;
}

/* the event before round 1: check-in opens; at its time it starts, or is cancelled */
static void look_open(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, int64_t now)
{
    if (now < ev->starts_at) {
        if (ev->status == IPPON_EVENT_REGISTRATION)
            move(gw, run, ev, IPPON_EVENT_CHECKIN, -1, NULL, NULL);
        return;
    }
    int players = gw_event_players(ev), in = checked_in(gw, ev);
    if (in < 0)
        return;
    if (in >= players) {
        move(gw, run, ev, IPPON_EVENT_RUNNING, 0, NULL, NULL);
        return;
    }
    char reason[160];
    snprintf(reason, sizeof reason, "%d entrant%s checked in: a table needs %d", in, in == 1 ? "" : "s", players);
    ippon_log_info("event %s: cancelled at its start (%s)", ev->id, reason);
    move(gw, run, ev, IPPON_EVENT_CANCELLED, -1, "event_cancel", reason);
}

/* a running or paused event: a round to start, to tell, or the end */
static void look_live(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, int64_t now)
{
    ippon_event_round *rounds = NULL;
    int n = 0;
    if (ippon_store_event_rounds(gw->app->store, ev->id, &rounds, &n) != 0)
        return;
    const ippon_event_round *last = n > 0 ? &rounds[n - 1] : NULL;
    if (!run->seen) { /* a server (re)started: rounds done before it are not told again */
        run->seen = true;
        run->told = last && last->status == IPPON_ROUND_DONE ? last->round : last ? last->round - 1 : 0;
    }
    if (last && last->status == IPPON_ROUND_SEATED && ev->status == IPPON_EVENT_RUNNING && !gw->app->cluster)
        gw_event_start_round(gw, run, ev, last); /* written, never started: the server stopped between (in a
                                                    cluster the node that wrote it may be starting it now) */
    else if (last && last->status == IPPON_ROUND_PLAYING) {
        gw_event_stand_ins(gw, run, ev, last, now);
        gw_event_void_lost(gw, run, ev, last, now);
    }
    else if (last && last->status == IPPON_ROUND_DONE && run->told < last->round) {
        run->told = last->round;
        gw_event_tell_standings(gw, ev, last->round, last->round < ev->rounds ? next_due(ev, last) : -1);
    }
    if (ev->status == IPPON_EVENT_RUNNING && (!last || last->status == IPPON_ROUND_DONE) && !run->busy) {
        if (last && last->round >= ev->rounds) {
            ippon_log_info("event %s: finished after round %d", ev->id, last->round);
            move(gw, run, ev, IPPON_EVENT_FINISHED, -1, NULL, NULL);
            if (strcmp(ev->recurrence, "weekly") == 0)
                recur(gw, ev);
        } else {
            int64_t due = last ? next_due(ev, last) : ev->starts_at < now ? ev->starts_at : now;
            int seated = now >= due ? gw_event_seat_round(gw, run, ev, n, due) : 0;
            if (seated == GW_EVENT_TOO_FEW && !last) { /* started by its organiser with too few checked in: */
                if (!run->waiting)                      /* round 1 waits for check-ins (or a cancel) */
                    ippon_log_info("event %s: round 1 waits: fewer entrants checked in than a table", ev->id);
                run->waiting = true;
            } else if (seated == GW_EVENT_TOO_FEW) {
                ippon_log_info("event %s: too few entrants left for round %d: finished", ev->id, n + 1);
                move(gw, run, ev, IPPON_EVENT_FINISHED, -1, "event_end", "too few entrants left to seat a round");
            }
        }
    }
    ippon_event_rounds_free(rounds, n);
}

static void events_look(lws_sorted_usec_list_t *sul)
{
    ippon_gateway *gw = lws_container_of(sul, ippon_gateway, events_sul);
    int64_t now = gw_wall_ms(gw, gw_now(gw));
    ippon_event_page due;
    if (!gw->draining && ippon_store_events_due(gw->app->store, now, DUE_AT_ONCE, &due) == 0) {
        for (int i = 0; i < due.count; i++) {
            const ippon_event_def *ev = &due.events[i];
            gw_event_run *run = gw_event_run_of(gw, ev->id);
            if (!run || run->busy)
                continue;
            if (ev->status == IPPON_EVENT_REGISTRATION || ev->status == IPPON_EVENT_CHECKIN)
                look_open(gw, run, ev, now);
            else
                look_live(gw, run, ev, now);
        }
        ippon_event_page_free(&due);
    }
    schedule_look(gw, LOOK_MS);
}
