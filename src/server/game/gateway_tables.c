/*
 * gateway_tables.c — the running tables (gateway_tables.h): made for a group the lobby, a
 * matchmaker or a private room formed (bots in the empty seats), or replayed from a journal at
 * start-up; the players' "act", "contribute" and "resume" routed to them; their deadlines; and,
 * when a match ends, its record handed on (gateway_finished.h) and its seats freed.
 *
 * Deadlines: every table's next wake-up is kept in one heap (timer_heap.h) and a single lws
 * timer is set at the earliest (lws keeps its own timers in a sorted list: one per table made
 * every change a walk of thousands of entries, 11 % of the server's time at 10,000 players).
 * Wake-ups are whole milliseconds (TABLE_TICK_MS); a coarser grid was measured and rejected:
 * 4 ms bunched the tables' work into bursts and doubled the players' p99 (32 ms against 15 ms).
 */
#include "game/gateway_tables.h"

#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ids.h"
#include "base/log.h"
#include "game/gateway_conn.h"
#include "game/gateway_finished.h"
#include "game/gateway_journal.h"
#include "game/gateway_ladder.h"
#include "game/gateway_mjai.h"
#include "game/gateway_state.h"
#include "game/gateway_watch.h"
#include "metrics.h"
#include "auth/name_rules.h"
#include "store/match_journal.h"

struct gw_table {
    ippon_table *t;
    ippon_gateway *gw;
    ippon_timer timer;                /* in the gateway's table_timers, at the table's next deadline */
    bool dead;                        /* finished: freed by its timer */
    struct gw_journal journal;        /* its write-ahead journal (gateway_journal.c) */
    struct gw_spectators spectators;  /* gateway_watch.c's */
    struct gw_table *prev, *next;     /* the gateway's list, newest first */
    ippon_match_queue queue;          /* how the ranked queue formed it (stored with its result) */
};

struct gw_table *gw_table_first(const ippon_gateway *gw) { return gw->tables; }
struct gw_table *gw_table_next(const struct gw_table *gt) { return gt->next; }
struct gw_table *gw_table_prev(const struct gw_table *gt) { return gt->prev; }
ippon_table *gw_table_game(const struct gw_table *gt) { return gt->t; }
bool gw_table_finished(const struct gw_table *gt) { return gt->dead; }
struct gw_spectators *gw_table_spectators(struct gw_table *gt) { return &gt->spectators; }

struct gw_table *gw_table_by_id(ippon_gateway *gw, const char *id)
{
    for (struct gw_table *gt = gw->tables; gt; gt = gt->next)
        if (strcmp(ippon_table_id(gt->t), id) == 0)
            return gt;
    return NULL;
}

struct gw_table *gw_table_of(ippon_gateway *gw, const char *user_id)
{
    return user_id[0] ? ippon_strmap_get(gw->seated, user_id) : NULL;
}

json_t *gw_seat_json(ippon_gateway *gw, const ippon_conn *c)
{
    struct gw_table *gt = gw_table_of(gw, c->user_id);
    if (!gt)
        return json_null();
    return json_pack("{s:s,s:i}", "id", ippon_table_id(gt->t), "seat", ippon_table_seat_of(gt->t, c->user_id));
}

/* the table's message for the user at `seat`, if connected (ctx: the table's gw_table) */
static void table_send(void *ctx, ippon_table *t, int seat, const char *user_id, json_t *msg)
{
    ippon_gateway *gw = ((struct gw_table *)ctx)->gw;
    (void)t;
    (void)seat;
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (c)
        gw_send(gw, c, msg);
    else
        json_decref(msg);
}

/* a line of mjai for the AI at `seat`, if connected (gateway_mjai.c) */
static void table_send_line(void *ctx, ippon_table *t, int seat, const char *user_id, const char *line)
{
    (void)seat;
    gw_mjai_line(((struct gw_table *)ctx)->gw, t, user_id, line);
}

static void table_timed_out(void *ctx, ippon_table *t, int seat, const char *user_id)
{
    gw_mjai_timed_out(((struct gw_table *)ctx)->gw, t, seat, user_id);
}

static void table_finished(void *ctx, ippon_table *t, const ippon_stored_match *rec)
{
    struct gw_table *ended = ctx;
    ippon_gateway *gw = ended->gw;
    ippon_stored_match stored = *rec;
    stored.queue = ended->queue;
    stored.started_ms = gw_wall_ms(gw, rec->started_ms);
    stored.ended_ms = gw_wall_ms(gw, rec->ended_ms);
    /* a result this node cannot vouch for yet (its lease may have run out: gateway_held.c) waits,
       its table still in the cluster's directory, until the matchmaker says how to store it */
    bool held = stored.completed && gw_holds_results(gw) && gw_hold(gw, &stored) == 0;
    if (!held)
        gw_store_finished(gw, &stored);
    gw->stats.matches_finished++;
    const char *humans[IPPON_MAX_PLAYERS];
    int n = gw_table_humans(t, humans);
    for (int i = 0; i < n; i++)
        ippon_strmap_remove(gw->seated, humans[i]);
    if (!rec->completed)
        for (int s = 0; s < ippon_table_players(t); s++)
            if (ippon_table_player_at(t, s)->mjai)
                gw_mjai_table_closed(gw, ippon_table_player_at(t, s)->user_id);
    if (gw->has_mm && n > 0 && !held) /* the cluster frees their seats (a practice table's too: harmless) */
        gw->mm.table_over(gw->mm.ctx, ippon_table_id(t), humans, n);
    if (rec->ladder.set_id[0]) /* after its bots left their seats: the next rotation seats them */
        gw_ladder_match_over(gw, rec);
    if (!ended->dead) {
        ended->dead = true; /* its timer frees it (once its spectators have had it all), outside
                               the table's own call stack */
        if (ended->prev || gw->tables == ended) /* not a table still being restored (never linked) */
            gw->n_dead_tables++;
    }
}

int gw_table_humans(const ippon_table *t, const char *users[IPPON_MAX_PLAYERS])
{
    int n = 0;
    for (int s = 0; s < ippon_table_players(t); s++) {
        const ippon_seat_player *p = ippon_table_player_at(t, s);
        if (!p->bot)
            users[n++] = p->user_id;
    }
    return n;
}

static void unlink_table(ippon_gateway *gw, struct gw_table *gt)
{
    if (gt->prev)
        gt->prev->next = gt->next;
    else
        gw->tables = gt->next;
    if (gt->next)
        gt->next->prev = gt->prev;
    ippon_timer_cancel(&gw->table_timers, &gt->timer);
    gw_watch_end(gw, gt);
    if (gt->dead)
        gw->n_dead_tables--;
    gw_journal_end(&gt->journal); /* its records stay until its match is stored */
    ippon_table_free(gt->t);
    free(gt);
    gw->n_tables--;
}

enum { TABLE_TICK_MS = 1 }; /* the grid that table wake-ups are rounded up to */

static void tables_due(lws_sorted_usec_list_t *sul);

/* points the one lws timer at the earliest table deadline (moving it only when that is earlier) */
static void arm(ippon_gateway *gw)
{
    ippon_timer *first = ippon_timer_first(&gw->table_timers);
    if (!first || !gw->timers) {
        if (gw->timers && gw->tables_sul_at >= 0)
            ippon_timers_cancel(&gw->tables_sul);
        gw->tables_sul_at = -1;
        return;
    }
    if (gw->tables_sul_at >= 0 && gw->tables_sul_at <= first->due)
        return;
    int64_t now = gw_now(gw);
    int64_t in_ms = first->due > now ? first->due - now : 0;
    gw->tables_sul_at = first->due;
    ippon_timers_schedule(gw->timers, &gw->tables_sul, tables_due, (lws_usec_t)in_ms * 1000 + 1);
}

void gw_tables_arm(ippon_gateway *gw)
{
    arm(gw);
}

/* sets the table's deadline to its next wake-up: the table's own or its spectators' (gateway_watch.c);
   a finished table's at once (to free it) once its spectators have had all of it */
static void schedule(struct gw_table *gt)
{
    ippon_gateway *gw = gt->gw;
    int64_t now = gw_now(gw);
    int64_t at = gt->dead ? (gw_watch_done(gt) ? now : -1) : ippon_table_next_wakeup(gt->t);
    int64_t watch = gw_watch_due(gw, gt);
    if (watch >= 0 && (at < 0 || watch < at))
        at = watch;
    if (at < 0) {
        ippon_timer_cancel(&gw->table_timers, &gt->timer);
        arm(gw);
        return;
    }
    at = (at + TABLE_TICK_MS - 1) / TABLE_TICK_MS * TABLE_TICK_MS;
    if (ippon_timer_set(&gw->table_timers, &gt->timer, at) != 0)
        ippon_log(IPPON_LOG_ERROR, "gateway: out of memory for a table's timer (table %s)", ippon_table_id(gt->t));
    arm(gw);
}

void gw_table_reschedule(struct gw_table *gt)
{
    schedule(gt);
}

/* the lws timer: every table whose deadline has come plays on (or is freed) */
static void tables_due(lws_sorted_usec_list_t *sul)
{
    ippon_gateway *gw = lws_container_of(sul, ippon_gateway, tables_sul);
    gw->tables_sul_at = -1;
    int64_t now = gw_now(gw);
    ippon_timer *due;
    while ((due = ippon_timer_pop_due(&gw->table_timers, now))) {
        struct gw_table *gt = lws_container_of(due, struct gw_table, timer);
        if (!gt->dead)
            ippon_table_tick(gt->t, now);
        gw_watch_fan_out(gw, gt, now);
        if (gt->dead && gw_watch_done(gt))
            unlink_table(gw, gt);
        else
            schedule(gt);
    }
    arm(gw);
}

static void table_settings(const ippon_gateway *gw, ippon_table_settings *out)
{
    double scale = gw->set.time_scale;
    *out = (ippon_table_settings){
        .clock = { .move_ms = (int64_t)(gw->set.move_ms * scale), .bank_ms = (int64_t)(gw->set.bank_ms * scale),
                   .refill_ms = (int64_t)(gw->set.refill_ms * scale), .grace_ms = (int64_t)(gw->set.grace_ms * scale) },
        .bot_delay_ms = (int64_t)(gw->set.bot_delay_ms * scale),
        .call_window_ms = (int64_t)(gw->set.call_window_ms * scale),
        .max_hands = 200,
        .proof_key = gw->app && gw->app->journal ? ippon_journal_key(gw->app->journal) : NULL,
        .contribution_ms = gw->set.contribution_ms,
        .resume_hold_ms = gw->set.resume_hold_ms,
        .watch_delay_ms = -1,
    };
}

static void table_hooks(struct gw_table *gt, ippon_table_hooks *out)
{
    *out = (ippon_table_hooks){ .ctx = gt, .send = table_send, .finished = table_finished,
                                .journal = gt->journal.file ? gw_journal_record : NULL,
                                .journal_ctx = &gt->journal, .send_line = table_send_line,
                                .timed_out = table_timed_out };
}

static void table_link(ippon_gateway *gw, struct gw_table *gt)
{
    gt->next = gw->tables;
    if (gw->tables)
        gw->tables->prev = gt;
    gw->tables = gt;
    gw->n_tables++;
    schedule(gt);
}

int gw_table_restore(ippon_gateway *gw, const char *match_id, json_t *records, int64_t last_at, char *err,
                     size_t errlen)
{
    struct gw_table *gt = calloc(1, sizeof *gt);
    if (!gt)
        return -2;
    gt->gw = gw;
    ippon_timer_init(&gt->timer);
    int reopened = gw_journal_reopen(gw, &gt->journal, match_id, last_at, err, errlen);
    ippon_table_settings ts;
    table_settings(gw, &ts);
    ippon_table_hooks hooks;
    table_hooks(gt, &hooks);
    gt->t = reopened == 0 ? ippon_table_restore(records, &ts, &hooks, gw_now(gw), err, errlen) : NULL;
    if (!gt->t || strcmp(ippon_table_id(gt->t), match_id) != 0) {
        gw_journal_end(&gt->journal);
        ippon_table_free(gt->t);
        free(gt);
        return -1;
    }
    if (ippon_table_over(gt->t)) { /* it had ended: its record went to the store as it replayed */
        gw_journal_end(&gt->journal);
        ippon_table_free(gt->t);
        free(gt);
        return 0;
    }
    for (int s = 0; s < ippon_table_players(gt->t); s++) {
        const ippon_seat_player *p = ippon_table_player_at(gt->t, s);
        if (!p->bot)
            ippon_strmap_put(gw->seated, p->user_id, gt);
    }
    table_link(gw, gt);
    gw_ladder_restored(gw, gt->t);
    return 1;
}

/* a table for these humans (bots in the other seats), ranked when it may be and has enough of them;
   its id is `id` (32 hex) or, NULL, a new one: 0, or -1 if none was made */
static int start_table(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n, bool may_rank,
                       const gw_table_options *opt, const char *id)
{
    const ippon_rules *rules = ippon_rules_preset(ippon_mode_preset(mode));
    ippon_seat_player players[IPPON_MAX_PLAYERS];
    memset(players, 0, sizeof players);
    int h = 0, bots = 0; /* humans and bots seated so far */
    for (int i = 0; i < rules->players; i++) {
        bool bot = opt->bot_seats ? (opt->bot_seats >> i & 1u) != 0 : i >= n;
        if (!bot && h < n) {
            snprintf(players[i].user_id, sizeof players[i].user_id, "%s", humans[h].user_id);
            snprintf(players[i].name, sizeof players[i].name, "%s", humans[h].name);
            players[i].mjai = opt->mjai[h++];
        } else {
            players[i].bot = true;
            snprintf(players[i].name, sizeof players[i].name, "%s", ippon_bot_names[bots++ % IPPON_BOT_NAME_COUNT]);
        }
    }
    if (h != n) /* more humans than the seats left them */
        return -1;
    ippon_table_settings ts;
    table_settings(gw, &ts);
    ts.clock.move_ms *= opt->clock_factor;
    ts.clock.bank_ms *= opt->clock_factor;
    ts.clock.refill_ms *= opt->clock_factor;
    ts.private_match = opt->private_match;
    ts.no_spectators = opt->no_spectators;
    ts.event_table = opt->event_table;
    ts.watch_delay_ms = opt->watch_delay_ms;
    ts.secret = opt->secret;
    ts.first_dealer = opt->first_dealer;
    ts.ladder = opt->ladder;
    if (opt->no_contributions)
        ts.contribution_ms = 0;
    bool ranked = may_rank && !opt->private_match && n >= gw->set.ranked_min_humans;
    char hex[IPPON_ID_HEX_LEN + 1];
    if (id) {
        if (strlen(id) != IPPON_ID_HEX_LEN || strspn(id, "0123456789abcdef") != IPPON_ID_HEX_LEN)
            return -1;
        memcpy(hex, id, sizeof hex);
    } else {
        ippon_id fresh;
        ippon_id_generate(&fresh);
        ippon_id_format(&fresh, hex);
    }
    struct gw_table *gt = calloc(1, sizeof *gt);
    if (!gt)
        return -1;
    gt->gw = gw;
    if (ranked) { /* formed by the ranked queue: its spread and waits go with its result */
        int64_t now = gw_now(gw);
        gt->queue.formed = true;
        gt->queue.spread = ippon_lobby_spread(humans, n);
        for (int i = 0; i < n; i++)
            gt->queue.wait_ms[i] = now - humans[i].since > 0 ? now - humans[i].since : 0;
    }
    ippon_timer_init(&gt->timer);
    gw_journal_begin(gw, &gt->journal, hex);
    ippon_table_hooks hooks;
    table_hooks(gt, &hooks);
    for (int i = 0; i < rules->players; i++) /* seated before match_found and the first deal are sent */
        if (!players[i].bot)
            ippon_strmap_put(gw->seated, players[i].user_id, gt);
    gt->t = ippon_table_new(hex, rules, players, ranked, &ts, &hooks, gw_now(gw));
    if (!gt->t) {
        for (int i = 0; i < rules->players; i++)
            if (!players[i].bot)
                ippon_strmap_remove(gw->seated, players[i].user_id);
        gw_journal_drop(&gt->journal, hex);
        free(gt);
        return -1;
    }
    table_link(gw, gt);
    if (gw->has_mm && n > 0) { /* the cluster knows they are seated (none may queue elsewhere) */
        const char *users[IPPON_MAX_PLAYERS];
        for (int i = 0; i < n; i++)
            users[i] = humans[i].user_id;
        gw->mm.table_started(gw->mm.ctx, hex, users, n);
    }
    return 0;
}

/* a table from the lobby (may_rank) or for practice (not ranked) */
void gw_start_table(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n, bool may_rank)
{
    (void)gw_start_table_as(gw, mode, humans, n, may_rank, NULL);
}

int gw_start_table_as(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n,
                      bool may_rank, const char *id)
{
    const gw_table_options ordinary = { .clock_factor = 1, .watch_delay_ms = -1 };
    return start_table(gw, mode, humans, n, may_rank, &ordinary, id);
}

int gw_start_mjai_practice(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *ai)
{
    const gw_table_options practice = { .clock_factor = 1, .watch_delay_ms = -1, .mjai = { true } };
    return start_table(gw, mode, ai, 1, false, &practice, NULL);
}

int gw_start_table_with(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n,
                        const gw_table_options *opt)
{
    return start_table(gw, mode, humans, n, false, opt, opt->id);
}

void gw_rejoin(ippon_gateway *gw, ippon_conn *c, long last, const char *proof, int64_t now)
{
    struct gw_table *gt = gw_table_of(gw, c->user_id);
    if (!gt || gt->dead)
        return;
    int seat = ippon_table_seat_of(gt->t, c->user_id);
    if (seat < 0)
        return;
    if (last > ippon_table_last_event(gt->t, seat)) {
        if (ippon_table_check_proof(gt->t, seat, last, proof)) { /* the server lost the match's end */
            ippon_log(IPPON_LOG_ERROR, "match %s: seat %d saw event %ld, which the restored match has not reached: "
                      "voided", ippon_table_id(gt->t), seat, last);
            gw->stats.matches_voided_at_resume++;
            gw_table_close(gw, gt, "the server lost the last moves of this match (a failure on its "
                                              "side): the match is void and counts for no one");
            return;
        }
        last = -2; /* a number the table never gave, unproven: the full view */
    }
    ippon_table_resume(gt->t, seat, last, now);
    schedule(gt); /* the last player back ends a restored table's hold: it wakes sooner */
}

void gw_resume(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now)
{
    const json_t *last = json_object_get(msg, "last");
    if (last && !json_is_integer(last)) {
        gw_bad(gw, c, "bad_message", "resume.last: the number of the last event you saw");
        return;
    }
    if (!gw_table_of(gw, c->user_id)) {
        gw_bad(gw, c, "no_match", "you are not playing a match");
        return;
    }
    gw_rejoin(gw, c, last ? (long)json_integer_value(last) : -2,
              json_string_value(json_object_get(msg, "proof")), now);
}

/* a player's message for its table (ippon_table_act or ippon_table_contribute): refused with the
   table's code, or taken and the table's next wake-up set; true when taken */
static bool to_table(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now,
                     int (*take)(ippon_table *, int, const json_t *, int64_t, const char **, char *, size_t))
{
    struct gw_table *gt = gw_table_of(gw, c->user_id);
    if (!gt || gt->dead) {
        gw_bad(gw, c, "no_match", "you are not playing a match");
        return false;
    }
    const char *code = "illegal";
    char err[200];
    int seat = ippon_table_seat_of(gt->t, c->user_id);
    if (take(gt->t, seat, msg, now, &code, err, sizeof err) != 0) {
        gw_bad(gw, c, code, err);
        return false;
    }
    schedule(gt);
    return true;
}

void gw_act(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now)
{
    lws_usec_t began = lws_now_usecs();
    if (to_table(gw, c, msg, now, ippon_table_act))
        ippon_metrics_action_latency(gw->app->metrics, (double)(lws_now_usecs() - began) / 1e6);
}

void gw_contribute(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now)
{
    to_table(gw, c, msg, now, ippon_table_contribute);
}

void gw_leave(ippon_gateway *gw, ippon_conn *c)
{
    struct gw_table *gt = gw_table_of(gw, c->user_id);
    if (!gt || gt->dead) {
        gw_bad(gw, c, "no_match", "you are not playing a match");
        return;
    }
    const char *humans[IPPON_MAX_PLAYERS];
    const ippon_table_settings *set = ippon_table_settings_of(gt->t);
    if (set->event_table) {
        gw_bad(gw, c, "may_not_leave", "an event's table may not be left: the clock plays for you until you come back");
        return;
    }
    if (ippon_table_ranked(gt->t) || set->private_match || gw_table_humans(gt->t, humans) != 1) {
        gw_bad(gw, c, "may_not_leave", "only a practice table may be left: here the clock plays for you until you come back");
        return;
    }
    gw_table_close(gw, gt, "you left the table: the match is forfeited");
}

int gw_table_stand_in(ippon_gateway *gw, struct gw_table *gt, const char *user_id, const char *why,
                      const char *reason)
{
    int seat = gt->dead ? -1 : ippon_table_seat_of(gt->t, user_id);
    if (seat < 0 || ippon_table_stand_in(gt->t, seat, why, gw_now(gw)) != 0)
        return -1;
    if (gw_table_of(gw, user_id) == gt)
        ippon_strmap_remove(gw->seated, user_id);
    if (gw->has_mm && gw->mm.seats_freed) /* the cluster frees the seat (the table plays on): the user may queue again */
        gw->mm.seats_freed(gw->mm.ctx, ippon_table_id(gt->t), &user_id, 1);
    ippon_conn *c = gw_conn_of(gw, user_id);
    if (c && !c->closing)
        gw_send(gw, c, json_pack("{s:s,s:s,s:s}", "type", "table_closed", "table", ippon_table_id(gt->t), "reason", reason));
    schedule(gt); /* a decision the seat was asked is the bot's now */
    return 0;
}

int ippon_gateway_running_tables(const ippon_gateway *gw) { return (int)(gw->n_tables - gw->n_dead_tables); }

void ippon_gateway_abandon_all(ippon_gateway *gw, const char *reason)
{
    int64_t now = gw_now(gw);
    for (struct gw_table *gt = gw->tables; gt; gt = gt->next)
        if (!gt->dead)
            ippon_table_abandon(gt->t, reason, now);
}

void gw_tables_free(ippon_gateway *gw)
{
    gw_finished_free(gw);
    gw_held_free(gw);
    while (gw->tables)
        unlink_table(gw, gw->tables);
    if (gw->timers && gw->tables_sul_at >= 0)
        ippon_timers_cancel(&gw->tables_sul);
    gw->tables_sul_at = -1;
    ippon_timer_heap_free(&gw->table_timers);
    ippon_strmap_free(gw->seated);
    gw->seated = NULL;
}

void gw_table_close(ippon_gateway *gw, struct gw_table *gt, const char *reason)
{
    if (gt->dead)
        return;
    ippon_table_abandon(gt->t, reason, gw_now(gw)); /* finished: marks it dead */
    schedule(gt); /* at once: its timer frees it */
}
