/*
 * gateway_watch.c — spectators (PROTOCOL.md, "Watching a table"): "watch" and "unwatch", the
 * fan-out of each table's public feed (public_feed.h) to its spectators once an event is
 * spectate_delay old, the count of spectators told to the table's players, and the list of
 * running ranked tables anyone may watch (GET /api/tables). Both name a table's seats the same way
 * (gw_seat_public_json): a built-in bot and a bot account's AI are bots, the AI an "ai" too.
 *
 * Fan-out: a table's feed is made once, by the table, as the very text a spectator is sent; the
 * gateway keeps one pointer per table (gw_spectators.sent: the entries every current spectator has) and
 * wakes the table's timer when the next entry falls due, then copies that text into each
 * spectator's queue. A new spectator first gets every entry already due, from the feed's start
 * (the table as it stood a delay ago). A finished table stays until its spectators have had its
 * last event (the match's end, a delay later), then they are told "watch_ended".
 */
#include "game/gateway_watch.h"

#include <stdlib.h>
#include <string.h>

#include "base/ids.h"
#include "base/mode.h"
#include "game/gateway_conn.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "game/protocol.h"

enum { COUNT_NOTICE_MS = 1000 }; /* the players hear the spectators' count at most this often */

static struct gw_table *find_table(ippon_gateway *gw, const char *id)
{
    for (struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt))
        if (!strcmp(ippon_table_id(gw_table_game(gt)), id))
            return gt;
    return NULL;
}

json_t *gw_seat_public_json(const ippon_table *t, int seat)
{
    const ippon_seat_player *p = ippon_table_player_at(t, seat);
    return json_pack("{s:i,s:s,s:b,s:b}", "seat", seat, "name", p->name, "bot", p->bot || p->mjai, "ai", p->mjai);
}

/* the feed's entries [from, to) to one spectator */
static void send_entries(ippon_gateway *gw, ippon_conn *c, const ippon_public_feed *feed, long from, long to)
{
    for (long n = from; n < to; n++) {
        const struct feed_entry *e = ippon_feed_get(feed, n);
        if (e)
            gw_send_text(gw, c, e->text, e->len, false);
    }
}

static void count_changed(struct gw_table *gt)
{
    gw_table_spectators(gt)->count_dirty = true;
}

/* takes c off its table's spectators (nothing said to it) */
static void leave(ippon_conn *c)
{
    struct gw_table *gt = c->watching;
    if (!gt)
        return;
    struct gw_spectators *w = gw_table_spectators(gt);
    for (int i = 0; i < w->n; i++)
        if (w->c[i] == c) {
            w->c[i] = w->c[--w->n];
            break;
        }
    c->watching = NULL;
    count_changed(gt);
}

/* the spectators' delay at this table, in ms: its own (a private table's host chose it) or the server's */
static int64_t delay_ms(const ippon_gateway *gw, struct gw_table *gt)
{
    ippon_table *t = gw_table_game(gt);
    int64_t own = ippon_table_settings_of(t)->watch_delay_ms;
    if (own >= 0)
        return own;
    return gw->set.spectate_delay_ms > 0 ? gw->set.spectate_delay_ms : 0;
}

void gw_watch(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now)
{
    const char *id = json_string_value(json_object_get(msg, "table"));
    if (!id || strlen(id) != IPPON_ID_HEX_LEN) {
        gw_bad(gw, c, "bad_message", "table: the id of a running table (32 hex digits)");
        return;
    }
    struct gw_table *gt = find_table(gw, id);
    ippon_table *t = gt ? gw_table_game(gt) : NULL;
    if (!gt || ippon_table_over(t)) {
        gw_bad(gw, c, "no_table", "no such table is running");
        return;
    }
    if (ippon_table_seat_of(t, c->user_id) >= 0) {
        gw_bad(gw, c, "in_match", "you play at this table");
        return;
    }
    if (ippon_table_settings_of(t)->no_spectators) {
        gw_bad(gw, c, "not_watchable", "the host of this private table allows no spectators");
        return;
    }
    if (c->watching) /* another table, or this one again: from the start, as a new spectator */
        leave(c);
    struct gw_spectators *w = gw_table_spectators(gt);
    if (w->n == w->cap) {
        int cap = w->cap ? 2 * w->cap : 8;
        ippon_conn **grown = realloc(w->c, (size_t)cap * sizeof *grown);
        if (!grown) {
            gw_send_error(gw, c, "overloaded", "the server is out of memory: try again later");
            return;
        }
        w->c = grown;
        w->cap = cap;
    }
    const ippon_public_feed *feed = ippon_table_feed(t);
    long due = ippon_feed_due_end(feed, now - delay_ms(gw, gt));
    if (w->n == 0)
        w->sent = due;
    else if (due > w->sent) /* never ahead of the others: they get the rest at the next fan-out */
        due = w->sent;
    w->c[w->n++] = c;
    c->watching = gt;
    count_changed(gt);
    json_t *seats = json_array();
    for (int s = 0; s < ippon_table_players(t); s++)
        json_array_append_new(seats, gw_seat_public_json(t, s));
    gw_send(gw, c, json_pack("{s:s,s:s,s:s,s:b,s:o,s:o,s:I}", "type", "watching", "table", id, "mode",
                             ippon_mode_name(ippon_mode_of_players(ippon_table_players(t))), "ranked",
                             ippon_table_ranked(t), "seats", seats, "numbers",
                             ippon_proto_numbers(ippon_table_rules(t)), "delay_ms",
                             (json_int_t)delay_ms(gw, gt)));
    send_entries(gw, c, feed, ippon_feed_first(feed), due);
    gw_table_reschedule(gt);
}

void gw_unwatch(ippon_gateway *gw, ippon_conn *c)
{
    struct gw_table *gt = c->watching;
    leave(c);
    gw_send(gw, c, json_pack("{s:s}", "type", "unwatched"));
    if (gt)
        gw_table_reschedule(gt);
}

void gw_watch_closed(ippon_gateway *gw, ippon_conn *c)
{
    struct gw_table *gt = c->watching;
    (void)gw;
    leave(c);
    if (gt)
        gw_table_reschedule(gt);
}

int64_t gw_watch_due(const ippon_gateway *gw, struct gw_table *gt)
{
    ippon_table *t = gw_table_game(gt);
    struct gw_spectators *w = gw_table_spectators(gt);
    int64_t due = -1;
    if (w->n > 0) {
        const struct feed_entry *e = ippon_feed_get(ippon_table_feed(t), w->sent);
        if (e)
            due = e->at + delay_ms(gw, gt);
    }
    if (w->count_dirty) {
        int64_t at = w->count_sent_at + COUNT_NOTICE_MS;
        if (due < 0 || at < due)
            due = at;
    }
    return due;
}

/* the spectators' count to every seated human who is connected */
static void tell_count(ippon_gateway *gw, struct gw_table *gt, int64_t now)
{
    ippon_table *t = gw_table_game(gt);
    struct gw_spectators *w = gw_table_spectators(gt);
    w->count_dirty = false;
    w->count_sent_at = now;
    if (ippon_table_over(t))
        return;
    for (int s = 0; s < ippon_table_players(t); s++) {
        const ippon_seat_player *p = ippon_table_player_at(t, s);
        ippon_conn *c = p->bot ? NULL : gw_conn_of(gw, p->user_id);
        if (c)
            gw_send(gw, c, json_pack("{s:s,s:s,s:i}", "type", "watchers", "table", ippon_table_id(t),
                                     "count", w->n));
    }
}

void gw_watch_fan_out(ippon_gateway *gw, struct gw_table *gt, int64_t now)
{
    ippon_table *t = gw_table_game(gt);
    struct gw_spectators *w = gw_table_spectators(gt);
    const ippon_public_feed *feed = ippon_table_feed(t);
    if (w->n > 0) {
        long due = ippon_feed_due_end(feed, now - delay_ms(gw, gt));
        if (w->sent < ippon_feed_first(feed))
            w->sent = ippon_feed_first(feed);
        for (int i = 0; i < w->n && due > w->sent; i++)
            send_entries(gw, w->c[i], feed, w->sent, due);
        if (due > w->sent)
            w->sent = due;
    }
    if (w->count_dirty && now >= w->count_sent_at + COUNT_NOTICE_MS)
        tell_count(gw, gt, now);
}

bool gw_watch_done(struct gw_table *gt)
{
    ippon_table *t = gw_table_game(gt);
    struct gw_spectators *w = gw_table_spectators(gt);
    return w->n == 0 || w->sent >= ippon_feed_next(ippon_table_feed(t));
}

void gw_watch_end(ippon_gateway *gw, struct gw_table *gt)
{
    ippon_table *t = gw_table_game(gt);
    struct gw_spectators *w = gw_table_spectators(gt);
    for (int i = 0; i < w->n; i++) {
        ippon_conn *c = w->c[i];
        c->watching = NULL;
        gw_send(gw, c, json_pack("{s:s,s:s}", "type", "watch_ended", "table", ippon_table_id(t)));
    }
    free(w->c);
    *w = (struct gw_spectators){0};
}

json_t *ippon_gateway_watchable(ippon_gateway *gw)
{
    int64_t now = gw_now(gw);
    json_t *list = json_array();
    for (struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt)) {
        const ippon_table *t = gw_table_game(gt);
        if (gw_table_finished(gt) || ippon_table_over(t) || !ippon_table_ranked(t))
            continue;
        int round_wind, kyoku, honba;
        int64_t started;
        ippon_table_standing(t, &round_wind, &kyoku, &honba, &started);
        json_t *seats = json_array();
        for (int s = 0; s < ippon_table_players(t); s++)
            json_array_append_new(seats, gw_seat_public_json(t, s));
        json_array_append_new(list, json_pack("{s:s,s:s,s:o,s:i,s:i,s:i,s:I,s:i}", "id", ippon_table_id(t), "mode",
                                              ippon_mode_name(ippon_mode_of_players(ippon_table_players(t))),
                                              "seats", seats, "round_wind", round_wind, "kyoku", kyoku, "honba", honba,
                                              "running_ms", (json_int_t)(now - started), "watchers", gw_table_spectators(gt)->n));
    }
    return list;
}
