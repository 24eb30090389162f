/*
 * gateway_watch.c — spectators (PROTOCOL.md, "Watching a table"): "watch" and "unwatch", the
 * fan-out of each table's public feed (public_feed.h) to its spectators once an event is
 * spectate_delay old, the count of spectators told to the table's players, and the list of
 * running ranked tables anyone may watch (GET /api/tables).
 *
 * Fan-out: a table's feed is made once, by the table, as the very text a spectator is sent; the
 * gateway keeps one pointer per table (watch.sent: the entries every current spectator has) and
 * wakes the table's timer when the next entry falls due, then copies that text into each
 * spectator's queue. A new spectator first gets every entry already due, from the feed's start
 * (the table as it stood a delay ago). A finished table stays until its spectators have had its
 * last event (the match's end, a delay later), then they are told "watch_ended".
 */
#include "game/gateway_internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/ids.h"
#include "base/mode.h"
#include "game/protocol.h"

enum { COUNT_NOTICE_MS = 1000 }; /* the players hear the spectators' count at most this often */

static struct gw_table *find_table(ippon_gateway *gw, const char *id)
{
    for (struct gw_table *gt = gw->tables; gt; gt = gt->next)
        if (!strcmp(ippon_table_id(gt->t), id))
            return gt;
    return NULL;
}

/* the feed's entries [from, to) to one spectator */
static void send_entries(ippon_gateway *gw, ippon_conn *c, const ippon_public_feed *feed, long from, long to)
{
    for (long n = from; n < to; n++) {
        const struct feed_entry *e = ippon_feed_get(feed, n);
        if (e)
            ippon_gateway_send_text(gw, c, e->text, e->len, false);
    }
}

static void count_changed(struct gw_table *gt)
{
    gt->watch.count_dirty = true;
}

/* takes c off its table's spectators (nothing said to it) */
static void leave(ippon_conn *c)
{
    struct gw_table *gt = c->watching;
    if (!gt)
        return;
    for (int i = 0; i < gt->watch.n; i++)
        if (gt->watch.c[i] == c) {
            gt->watch.c[i] = gt->watch.c[--gt->watch.n];
            break;
        }
    c->watching = NULL;
    count_changed(gt);
}

/* the spectators' delay at this table, in ms: its own (a private table's host chose it) or the server's */
static int64_t delay_ms(const ippon_gateway *gw, const struct gw_table *gt)
{
    int64_t own = ippon_table_settings_of(gt->t)->watch_delay_ms;
    if (own >= 0)
        return own;
    return gw->set.spectate_delay_ms > 0 ? gw->set.spectate_delay_ms : 0;
}

void ippon_gateway_watch(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now)
{
    const char *id = json_string_value(json_object_get(msg, "table"));
    if (!id || strlen(id) != IPPON_ID_HEX_LEN) {
        ippon_gateway_bad(gw, c, "bad_message", "table: the id of a running table (32 hex digits)");
        return;
    }
    struct gw_table *gt = find_table(gw, id);
    if (!gt || ippon_table_over(gt->t)) {
        ippon_gateway_bad(gw, c, "no_table", "no such table is running");
        return;
    }
    if (ippon_table_seat_of(gt->t, c->user_id) >= 0) {
        ippon_gateway_bad(gw, c, "in_match", "you play at this table");
        return;
    }
    if (ippon_table_settings_of(gt->t)->no_spectators) {
        ippon_gateway_bad(gw, c, "not_watchable", "the host of this private table allows no spectators");
        return;
    }
    if (c->watching) /* another table, or this one again: from the start, as a new spectator */
        leave(c);
    if (gt->watch.n == gt->watch.cap) {
        int cap = gt->watch.cap ? 2 * gt->watch.cap : 8;
        ippon_conn **grown = realloc(gt->watch.c, (size_t)cap * sizeof *grown);
        if (!grown) {
            ippon_gateway_send_error(gw, c, "overloaded", "the server is out of memory: try again later");
            return;
        }
        gt->watch.c = grown;
        gt->watch.cap = cap;
    }
    const ippon_public_feed *feed = ippon_table_feed(gt->t);
    long due = ippon_feed_due_end(feed, now - delay_ms(gw, gt));
    if (gt->watch.n == 0)
        gt->watch.sent = due;
    else if (due > gt->watch.sent) /* never ahead of the others: they get the rest at the next fan-out */
        due = gt->watch.sent;
    gt->watch.c[gt->watch.n++] = c;
    c->watching = gt;
    count_changed(gt);
    json_t *seats = json_array();
    for (int s = 0; s < ippon_table_players(gt->t); s++) {
        const ippon_seat_player *p = ippon_table_player_at(gt->t, s);
        json_array_append_new(seats, json_pack("{s:i,s:s,s:b}", "seat", s, "name", p->name, "bot", p->bot));
    }
    ippon_gateway_send(gw, c, json_pack("{s:s,s:s,s:s,s:b,s:o,s:o,s:I}", "type", "watching", "table", id, "mode",
                                        ippon_mode_name(ippon_mode_of_players(ippon_table_players(gt->t))), "ranked",
                                        ippon_table_ranked(gt->t), "seats", seats, "numbers",
                                        ippon_proto_numbers(ippon_table_rules(gt->t)), "delay_ms",
                                        (json_int_t)delay_ms(gw, gt)));
    send_entries(gw, c, feed, ippon_feed_first(feed), due);
    ippon_gateway_table_reschedule(gt);
}

void ippon_gateway_unwatch(ippon_gateway *gw, ippon_conn *c)
{
    struct gw_table *gt = c->watching;
    leave(c);
    ippon_gateway_send(gw, c, json_pack("{s:s}", "type", "unwatched"));
    if (gt)
        ippon_gateway_table_reschedule(gt);
}

void ippon_gateway_watch_closed(ippon_gateway *gw, ippon_conn *c)
{
    struct gw_table *gt = c->watching;
    (void)gw;
    leave(c);
    if (gt)
        ippon_gateway_table_reschedule(gt);
}

int64_t ippon_gateway_watch_due(const ippon_gateway *gw, const struct gw_table *gt)
{
    int64_t due = -1;
    if (gt->watch.n > 0) {
        const struct feed_entry *e = ippon_feed_get(ippon_table_feed(gt->t), gt->watch.sent);
        if (e)
            due = e->at + delay_ms(gw, gt);
    }
    if (gt->watch.count_dirty) {
        int64_t at = gt->watch.count_sent_at + COUNT_NOTICE_MS;
        if (due < 0 || at < due)
            due = at;
    }
    return due;
}

/* the spectators' count to every seated human who is connected */
static void tell_count(ippon_gateway *gw, struct gw_table *gt, int64_t now)
{
    gt->watch.count_dirty = false;
    gt->watch.count_sent_at = now;
    if (ippon_table_over(gt->t))
        return;
    for (int s = 0; s < ippon_table_players(gt->t); s++) {
        const ippon_seat_player *p = ippon_table_player_at(gt->t, s);
        ippon_conn *c = p->bot ? NULL : ippon_gateway_conn_of(gw, p->user_id);
        if (c)
            ippon_gateway_send(gw, c, json_pack("{s:s,s:s,s:i}", "type", "watchers", "table", ippon_table_id(gt->t),
                                                "count", gt->watch.n));
    }
}

void ippon_gateway_watch_fan_out(ippon_gateway *gw, struct gw_table *gt, int64_t now)
{
    const ippon_public_feed *feed = ippon_table_feed(gt->t);
    if (gt->watch.n > 0) {
        long due = ippon_feed_due_end(feed, now - delay_ms(gw, gt));
        if (gt->watch.sent < ippon_feed_first(feed))
            gt->watch.sent = ippon_feed_first(feed);
        for (int i = 0; i < gt->watch.n && due > gt->watch.sent; i++)
            send_entries(gw, gt->watch.c[i], feed, gt->watch.sent, due);
        if (due > gt->watch.sent)
            gt->watch.sent = due;
    }
    if (gt->watch.count_dirty && now >= gt->watch.count_sent_at + COUNT_NOTICE_MS)
        tell_count(gw, gt, now);
}

bool ippon_gateway_watch_done(const struct gw_table *gt)
{
    return gt->watch.n == 0 || gt->watch.sent >= ippon_feed_next(ippon_table_feed(gt->t));
}

void ippon_gateway_watch_end(ippon_gateway *gw, struct gw_table *gt)
{
    for (int i = 0; i < gt->watch.n; i++) {
        ippon_conn *c = gt->watch.c[i];
        c->watching = NULL;
        ippon_gateway_send(gw, c, json_pack("{s:s,s:s}", "type", "watch_ended", "table", ippon_table_id(gt->t)));
    }
    free(gt->watch.c);
    gt->watch = (struct gw_watch){0};
}

json_t *ippon_gateway_watchable(ippon_gateway *gw)
{
    int64_t now = ippon_gateway_now(gw);
    json_t *list = json_array();
    for (struct gw_table *gt = gw->tables; gt; gt = gt->next) {
        if (gt->dead || ippon_table_over(gt->t) || !ippon_table_ranked(gt->t))
            continue;
        int round_wind, kyoku, honba;
        int64_t started;
        ippon_table_standing(gt->t, &round_wind, &kyoku, &honba, &started);
        json_t *seats = json_array();
        for (int s = 0; s < ippon_table_players(gt->t); s++) {
            const ippon_seat_player *p = ippon_table_player_at(gt->t, s);
            json_array_append_new(seats, json_pack("{s:i,s:s,s:b}", "seat", s, "name", p->name, "bot", p->bot));
        }
        json_array_append_new(list, json_pack("{s:s,s:s,s:o,s:i,s:i,s:i,s:I,s:i}", "id", ippon_table_id(gt->t), "mode",
                                              ippon_mode_name(ippon_mode_of_players(ippon_table_players(gt->t))),
                                              "seats", seats, "round_wind", round_wind, "kyoku", kyoku, "honba", honba,
                                              "running_ms", (json_int_t)(now - started), "watchers", gt->watch.n));
    }
    return list;
}
