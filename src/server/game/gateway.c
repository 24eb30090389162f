/*
 * gateway.c — the gateway's life (gateway.h) and its connections' messages: each one checked
 * and dispatched to the file of its concern — the queues (gateway_lobby.c), the tables
 * (gateway_tables.c), private rooms (gateway_rooms.c), spectators (gateway_watch.c); what a
 * connection is sent is gateway_conn.c's.
 *
 * A connection starts anonymous; "hello" with a session token (from the REST identity routes)
 * binds it to a user — a newer connection of the same user replaces an older one, which is
 * told and closed. Every message is checked: JSON, a known type, the fields it needs, the
 * player's state. A bad message gets {"type":"error","code","message"} and changes nothing;
 * a connection that keeps sending bad messages, floods, or sends an oversized frame is closed.
 *
 * What a connection is sent is never a sequence with a hole in it: when a message cannot be
 * made or queued for lack of memory, the connection is closed after what is already queued,
 * with an error ("overloaded") the gateway made when it started (one block shared by every such
 * connection, so nothing has to be allocated then), and nothing more is queued for it.
 * The client connects again and resumes from the last event it has; the table plays on.
 */
#include "game/gateway.h"

#include <assert.h>
#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth/auth.h"
#include "base/log.h"
#include "base/wall_clock.h"
#include "game/gateway_ladder.h"
#include "game/gateway_conn.h"
#include "game/gateway_events.h"
#include "game/gateway_mjai.h"
#include "game/gateway_room_bots.h"
#include "game/gateway_lobby.h"
#include "game/gateway_room_limits.h"
#include "game/gateway_rooms.h"
#include "game/gateway_sessions.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "game/gateway_watch.h"
#include "game/rooms.h"

enum { IPPON_GATEWAY_PROTOCOL = 1 }; /* hello's "version" */

void ippon_game_settings_from_config(ippon_game_settings *s, const ippon_config *cfg)
{
    *s = (ippon_game_settings){
        .move_ms = cfg->clock_move_ms, .bank_ms = cfg->clock_bank_ms, .refill_ms = cfg->clock_refill_ms,
        .grace_ms = cfg->network_grace_ms, .time_scale = cfg->time_scale,
        .bot_fill_after_ms = (int64_t)(cfg->bot_fill_after * 1000),
        .window = {.start = cfg->queue_window_start, .per_second = cfg->queue_window_growth,
                   .cap = cfg->queue_window_cap, .time_scale = cfg->time_scale},
        .ranked_min_humans = cfg->ranked_min_humans,
        .ranked_same_address = cfg->ranked_same_address, .bot_delay_ms = cfg->bot_delay_ms,
        .call_window_ms = cfg->call_window_ms, .contribution_ms = cfg->contribution_ms,
        .resume_hold_ms = cfg->resume_hold_ms,
        .spectate_delay_ms = (int64_t)cfg->spectate_delay_s * 1000, .bots = cfg->bots, .max_frame = (size_t)cfg->max_frame,
        .max_msgs_per_10s = cfg->max_messages_per_10s, .max_conns_per_addr = cfg->max_conns_per_addr,
        .room_join_fails_per_address = cfg->room_join_fails_per_address,
        .room_join_fails_per_account = cfg->room_join_fails_per_account,
        .max_bad_per_10s = 20, .max_queued_bytes = 1 << 20,
    };
}

int ippon_game_settings_default(ippon_game_settings *s)
{
    ippon_config cfg;
    int rc = ippon_config_init(&cfg);
    ippon_game_settings_from_config(s, &cfg);
    ippon_config_free(&cfg);
    return rc;
}

int64_t gw_now(const ippon_gateway *gw)
{
    (void)gw;
    return (int64_t)(lws_now_usecs() / 1000);
}

int64_t gw_wall_ms(const ippon_gateway *gw, int64_t mono)
{
    return mono + gw->wall_minus_mono;
}

int64_t gw_mono_ms(const ippon_gateway *gw, int64_t wall)
{
    return wall - gw->wall_minus_mono;
}

ippon_gateway *ippon_gateway_new(ippon_app *app, const ippon_game_settings *settings)
{
    ippon_gateway *gw = calloc(1, sizeof *gw);
    if (!gw)
        return NULL;
    gw->app = app;
    gw->set = *settings;
    gw->wall_minus_mono = ippon_wall_ms() - gw_now(gw);
    gw->tables_sul_at = -1;
    gw->users = ippon_strmap_new();
    gw->addrs = ippon_conn_count_new();
    gw->seated = ippon_strmap_new();
    gw->lobby = ippon_lobby_new();
    gw->rooms = gw_rooms_new();
    static const char overloaded[] = "{\"type\":\"error\",\"code\":\"overloaded\",\"message\":"
                                     "\"the server is short of memory: connect again\"}";
    gw->overloaded_len = sizeof overloaded - 1;
    gw->overloaded = malloc(IPPON_GATEWAY_HEAD_ROOM + sizeof overloaded); /* with the NUL */
    if (gw->overloaded)
        memcpy(gw->overloaded + IPPON_GATEWAY_HEAD_ROOM, overloaded, sizeof overloaded);
    if (!gw->users || !gw->addrs || !gw->seated || !gw->lobby || !gw->rooms || !gw->overloaded ||
        gw_room_limits_init(gw) != 0) {
        ippon_gateway_free(gw);
        return NULL;
    }
    return gw;
}

void ippon_gateway_free(ippon_gateway *gw)
{
    if (!gw)
        return;
    if (gw->timers) {
        ippon_timers_cancel(&gw->lobby_timer);
        ippon_timers_cancel(&gw->drain_sul);
        ippon_timers_cancel(&gw->expiry_sul);
    }
    gw_events_free(gw);
    gw_tables_free(gw);
    ippon_strmap_free(gw->users);
    ippon_conn_count_free(gw->addrs);
    ippon_lobby_free(gw->lobby);
    ippon_rooms_free(gw->rooms);
    gw_room_limits_free(gw);
    gw_ladder_free(gw);
    free(gw->overloaded);
    free(gw);
}

void ippon_gateway_attach(ippon_gateway *gw, ippon_timers *timers)
{
    gw->timers = timers;
    gw_sessions_start(gw); /* gateway_sessions.c */
    gw_tables_arm(gw);     /* the tables restored before there was a loop */
    gw_events_start(gw);   /* gateway_events.c: the events' runner */
}
size_t ippon_gateway_max_frame(const ippon_gateway *gw)
{
    assert(gw);
    return gw->set.max_frame;
}

/* wakes the event loop when the drain grace is over */
static void drain_timer(lws_sorted_usec_list_t *sul)
{
    (void)sul;
}

void ippon_gateway_drain(ippon_gateway *gw, int64_t grace_ms)
{
    gw->draining = true;
    if (gw->timers)
        ippon_timers_schedule(gw->timers, &gw->drain_sul, drain_timer, (lws_usec_t)grace_ms * LWS_US_PER_MS + 1);
}
bool ippon_gateway_draining(const ippon_gateway *gw) { return gw->draining; }

void ippon_gateway_settings_get(const ippon_gateway *gw, ippon_game_settings *out) { *out = gw->set; }
void ippon_gateway_settings_set(ippon_gateway *gw, const ippon_game_settings *s) { gw->set = *s; }
bool ippon_gateway_maintenance(const ippon_gateway *gw) { return gw->maintenance; }

void ippon_gateway_set_maintenance(ippon_gateway *gw, bool on)
{
    gw->maintenance = on;
    for (ippon_mode mode = 0; on && mode < IPPON_MODES; mode++) {
        int count;
        const ippon_lobby_entry *waiting = ippon_lobby_entries(gw->lobby, mode, &count);
        while (count > 0) { /* the entries move as each one leaves: always take the first */
            char user_id[sizeof waiting[0].user_id];
            snprintf(user_id, sizeof user_id, "%s", waiting[0].user_id);
            gw_stop_waiting(gw, user_id);
            ippon_conn *c = gw_conn_of(gw, user_id);
            if (c) {
                gw_send_error(gw, c, "maintenance", "the server is in maintenance: no new matches for now");
                gw_send(gw, c, json_pack("{s:s}", "type", "unqueued"));
            }
            waiting = ippon_lobby_entries(gw->lobby, mode, &count);
        }
    }
}

/* ---- connections ---- */

ippon_conn *ippon_gateway_open(ippon_gateway *gw, void *socket, const char *addr)
{
    int taken = ippon_conn_count_take(gw->addrs, addr, gw->set.max_conns_per_addr);
    if (taken != 0) {
        if (taken > 0)
            ippon_log(IPPON_LOG_WARN, "gateway: refused a connection from %s: too many open", addr);
        return NULL;
    }
    ippon_conn *c = calloc(1, sizeof *c);
    if (!c) {
        ippon_conn_count_give(gw->addrs, addr);
        return NULL;
    }
    c->socket = socket;
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    c->window_start = gw_now(gw);
    gw->n_conns++;
    return c;
}

void ippon_gateway_close(ippon_gateway *gw, ippon_conn *c)
{
    if (!c)
        return;
    if (!gw) { /* a socket closed while the server shuts down, after the gateway is gone */
        gw_conn_drop_queue(NULL, c);
        free(c);
        return;
    }
    if (c->user_id[0] && ippon_strmap_get(gw->users, c->user_id) == c) {
        ippon_strmap_remove(gw->users, c->user_id);
        gw_stop_waiting(gw, c->user_id); /* a queued player who leaves stops waiting */
        if (c->mjai) {
            gw_ladder_left(gw, c->user_id);
            gw_room_bot_gone(gw, c->user_id);
        }
        if (gw->has_mm)
            gw->mm.gone(gw->mm.ctx, c->user_id);
    }
    gw_watch_closed(gw, c);
    ippon_conn_count_give(gw->addrs, c->addr);
    gw_conn_drop_queue(gw, c);
    assert(gw->n_conns > 0);
    gw->n_conns--;
    free(c);
}

void ippon_gateway_oversized(ippon_gateway *gw, ippon_conn *c)
{
    gw->stats.bad_messages++;
    char message[96];
    snprintf(message, sizeof message, "messages are at most %zu bytes", gw->set.max_frame);
    gw_send_error_and_close(gw, c, "too_large", message);
}

bool ippon_gateway_hello_overdue(ippon_gateway *gw, ippon_conn *c, int seconds)
{
    if (c->user_id[0] || c->closing)
        return false;
    char message[96];
    snprintf(message, sizeof message, "no hello within %d s: closing the connection", seconds);
    gw_send_error_and_close(gw, c, "hello_timeout", message);
    return true;
}

/* the message-rate window: a fresh window every 10 s */
static bool over_rate(ippon_gateway *gw, ippon_conn *c, int64_t now)
{
    if (now - c->window_start >= 10000) {
        c->window_start = now;
        c->msgs_in_window = 0;
        c->bad_in_window = 0;
    }
    return ++c->msgs_in_window > gw->set.max_msgs_per_10s;
}

/* ---- messages ---- */

static int mode_of(const json_t *msg, ippon_mode *mode)
{
    return ippon_mode_parse(json_string_value(json_object_get(msg, "mode")), mode);
}

static json_t *queue_status(ippon_gateway *gw, ippon_mode mode, int64_t now)
{
    int64_t oldest = ippon_lobby_oldest(gw->lobby, mode);
    return json_pack("{s:s,s:s,s:i,s:I}", "type", "queue_status", "mode", ippon_mode_name(mode), "size",
                     ippon_lobby_size(gw->lobby, mode), "longest_wait_ms", (json_int_t)(oldest < 0 ? 0 : now - oldest));
}

static void on_hello(ippon_gateway *gw, ippon_conn *c, const json_t *msg)
{
    const json_t *v = json_object_get(msg, "v");
    if (v && (!json_is_integer(v) || json_integer_value(v) != IPPON_GATEWAY_PROTOCOL)) {
        gw_bad(gw, c, "version", "this server speaks protocol version 1");
        return;
    }
    const char *token = json_string_value(json_object_get(msg, "token"));
    if (!token) {
        gw_bad(gw, c, "bad_message", "hello.token: the session token from /api/auth");
        return;
    }
    ippon_user user;
    ippon_session session;
    int rc = gw->app && gw->app->auth ? ippon_auth_session_of(gw->app->auth, token, &user, &session) : IPPON_AUTH_ERROR;
    if (rc == IPPON_AUTH_ERROR) { /* the database could not be read now: the token may be good */
        ippon_log(IPPON_LOG_WARN, "gateway: hello from %s could not be checked (the database is busy)", c->addr);
        gw_send_error_and_close(gw, c, "unavailable",
                                "the server cannot check your session right now: connect again in a moment");
        return;
    }
    if (rc != 0) {
        gw_bad(gw, c, "auth_failed", "the token is unknown or expired: sign in again");
        return;
    }
    if (user.banned) {
        gw_send_error(gw, c, "banned", "this account is banned");
        return;
    }
    if (c->user_id[0] && strcmp(c->user_id, user.id) != 0) {
        gw_bad(gw, c, "already_authenticated", "this connection belongs to another user");
        return;
    }
    ippon_conn *old = ippon_strmap_get(gw->users, user.id);
    if (old && old != c) { /* the newest connection of a user wins */
        gw_send_error_and_close(gw, old, "replaced", "you connected from elsewhere");
        old->user_id[0] = '\0';
    }
    snprintf(c->user_id, sizeof c->user_id, "%s", user.id);
    snprintf(c->name, sizeof c->name, "%s", user.display_name);
    memcpy(c->session_hash, session.token_hash, sizeof c->session_hash);
    c->session_expires_s = session.expires_at;
    ippon_strmap_put(gw->users, user.id, c);
    int64_t now = gw_now(gw);
    json_t *seat = gw_seat_json(gw, c);
    int waiting = ippon_lobby_mode_of(gw->lobby, c->user_id);
    gw_send(gw, c, json_pack("{s:s,s:i,s:{s:s,s:s,s:b},s:o,s:o}", "type", "welcome", "v",
                             IPPON_GATEWAY_PROTOCOL, "user", "id", user.id, "display_name",
                             user.display_name, "guest", user.guest, "table", seat, "queue",
                             waiting >= 0 ? queue_status(gw, (ippon_mode)waiting, now) : json_null()));
    long last = json_is_integer(json_object_get(msg, "last")) ? (long)json_integer_value(json_object_get(msg, "last")) : -2;
    gw_rejoin(gw, c, last, json_string_value(json_object_get(msg, "proof")), now);
    gw_room_rejoin(gw, c);
    if (gw->has_mm) /* one live socket per user across the cluster; a table elsewhere is found */
        gw->mm.hello(gw->mm.ctx, c->user_id, gw_table_of(gw, c->user_id) != NULL);
}

static void on_queue(ippon_gateway *gw, ippon_conn *c, const json_t *msg)
{
    ippon_mode mode;
    if (mode_of(msg, &mode) != 0) {
        gw_bad(gw, c, "bad_message", "queue.mode: " IPPON_MODE_CHOICES);
        return;
    }
    if (gw->draining) {
        gw_send_error(gw, c, "draining", "the server is about to restart: no new matches");
        return;
    }
    if (gw->maintenance) {
        gw_send_error(gw, c, "maintenance", "the server is in maintenance: no new matches for now");
        return;
    }
    if (gw_in_room(gw, c->user_id)) {
        gw_bad(gw, c, "in_room", "you are at a private table: leave it first");
        return;
    }
    if (gw_table_of(gw, c->user_id)) {
        gw_bad(gw, c, "in_match", "you are already playing a match");
        return;
    }
    int64_t now = gw_now(gw);
    int before = ippon_lobby_mode_of(gw->lobby, c->user_id);
    int pos = ippon_lobby_join(gw->lobby, mode, c->user_id, c->name, c->addr, gw_queue_rating(gw, mode, c->user_id), now);
    if (gw->has_mm && pos > 0) {
        if (before >= 0 && before != (int)mode)
            gw->mm.left(gw->mm.ctx, (ippon_mode)before, c->user_id);
        int count;
        const ippon_lobby_entry *waiting = ippon_lobby_entries(gw->lobby, mode, &count);
        gw->mm.joined(gw->mm.ctx, mode, &waiting[pos - 1]);
    }
    gw_send(gw, c, json_pack("{s:s,s:s,s:i}", "type", "queued", "mode", ippon_mode_name(mode), "position", pos));
    gw_lobby_changed(gw, mode, now);
}

static void on_unqueue(ippon_gateway *gw, ippon_conn *c)
{
    int waiting = gw_stop_waiting(gw, c->user_id);
    gw_send(gw, c, json_pack("{s:s}", "type", "unqueued"));
    if (waiting >= 0)
        gw_lobby_changed(gw, (ippon_mode)waiting, gw_now(gw));
}

static void on_practice(ippon_gateway *gw, ippon_conn *c, const json_t *msg)
{
    ippon_mode mode;
    if (mode_of(msg, &mode) != 0) {
        gw_bad(gw, c, "bad_message", "practice.mode: " IPPON_MODE_CHOICES);
        return;
    }
    if (gw->maintenance) {
        gw_send_error(gw, c, "maintenance", "the server is in maintenance: no new matches for now");
        return;
    }
    if (!gw->set.bots || gw->draining) {
        gw_send_error(gw, c, gw->draining ? "draining" : "no_bots", "practice tables are not available now");
        return;
    }
    if (gw_in_room(gw, c->user_id)) {
        gw_bad(gw, c, "in_room", "you are at a private table: leave it first");
        return;
    }
    if (gw_table_of(gw, c->user_id)) {
        gw_bad(gw, c, "in_match", "you are already playing a match");
        return;
    }
    gw_stop_waiting(gw, c->user_id);
    ippon_lobby_entry me;
    snprintf(me.user_id, sizeof me.user_id, "%s", c->user_id);
    snprintf(me.name, sizeof me.name, "%s", c->name);
    me.since = gw_now(gw);
    gw_start_table(gw, mode, &me, 1, false);
}

void ippon_gateway_message(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len)
{
    gw->stats.messages_in++;
    int64_t now = gw_now(gw);
    if (c->closing)
        return;
    if (c->mjai) { /* an AI's answer (gateway_mjai.c) */
        gw_mjai_message(gw, c, text, len);
        return;
    }
    if (over_rate(gw, c, now)) {
        gw_bad(gw, c, "rate_limited", "too many messages: slow down");
        return;
    }
    json_error_t jerr;
    json_t *msg = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!msg || !json_is_object(msg)) {
        char m[200];
        snprintf(m, sizeof m, "not a JSON object: %s", msg ? "another JSON value" : jerr.text);
        gw_bad(gw, c, "bad_json", m);
        json_decref(msg);
        return;
    }
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type)
        gw_bad(gw, c, "bad_message", "type: every message has a type");
    else if (!strcmp(type, "hello"))
        on_hello(gw, c, msg);
    else if (!strcmp(type, "ping"))
        gw_send(gw, c, json_pack("{s:s,s:I}", "type", "pong", "t", (json_int_t)now));
    else if (!c->user_id[0])
        gw_bad(gw, c, "auth_required", "say hello with your session token first");
    else if (!strcmp(type, "queue"))
        on_queue(gw, c, msg);
    else if (!strcmp(type, "unqueue"))
        on_unqueue(gw, c);
    else if (!strcmp(type, "practice"))
        on_practice(gw, c, msg);
    else if (!strcmp(type, "act"))
        gw_act(gw, c, msg, now);
    else if (!strcmp(type, "contribute"))
        gw_contribute(gw, c, msg, now);
    else if (!strcmp(type, "watch"))
        gw_watch(gw, c, msg, now);
    else if (!strcmp(type, "unwatch"))
        gw_unwatch(gw, c);
    else if (!strcmp(type, "resume"))
        gw_resume(gw, c, msg, now);
    else if (!strcmp(type, "leave"))
        gw_leave(gw, c);
    else if (!gw_room_message(gw, c, type, msg, now)) /* room_…: gateway_rooms.c */
        gw_bad(gw, c, "unknown_type", "unknown message type");
    json_decref(msg);
}
