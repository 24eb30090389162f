/*
 * gateway_event_rounds.c — an event's round in the gateway (gateway_events.h; src/server/EVENTS.md
 * "Its life" 1–4): the checked-in entrants seated by the event's rule (src/events: random, Swiss,
 * minimum repeats; bots or byes for the remainder), the seating checked, the duplicate walls' secret
 * drawn, the round written (event_round_writes.h) and then its tables started: an entrant connected
 * here plays its seat, one who is not (or is at another table) is played by a bot stand-in from the
 * start; with duplicate walls every table gets the round's secret and first dealer and takes no
 * contributions. The entrants here are told where they sit (event_seated) and, as each round ends,
 * the standings (event_standings).
 */
#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "base/ids.h"
#include "base/log.h"
#include "base/strmap.h"
#include "game/gateway_conn.h"
#include "game/gateway_events.h"
#include "game/gateway_live.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "ippon/event.h"
#include "ippon/fairness.h"
#include "store/event_round_writes.h"
#include "store/pending_matches.h"
#include "store/store_event_results.h"

/* whether user_id is connected here and at no table */
static bool is_local(ippon_gateway *gw, const char *user_id)
{
    return ippon_strmap_get(gw->users, user_id) != NULL && !gw_table_of(gw, user_id);
}

/* the node of user_id's socket elsewhere in the cluster (free to play: the round's lookup), or NULL */
static const char *elsewhere(const gw_event_run *run, const char *user_id)
{
    return run->elsewhere ? ippon_strmap_get(run->elsewhere, user_id) : NULL;
}

/* whether user_id can play a seat now: connected here or on another node, at no table */
static bool is_here(ippon_gateway *gw, const gw_event_run *run, const char *user_id)
{
    return is_local(gw, user_id) || elsewhere(run, user_id);
}

/* ---- a cluster: where the entrants are connected ----------------------------------------------- */

enum { ELSEWHERE_FRESH_MS = 5000 };

/* one lookup in flight: the event, its round and the users asked about */
typedef struct presence_lookup {
    ippon_gateway *gw;
    char event_id[IPPON_USER_ID_LEN + 1];
    int round, n;
    char users[][IPPON_USER_ID_LEN + 1];
} presence_lookup;

static void presence_found(void *arg, const char *const *nodes, int n)
{
    presence_lookup *p = arg;
    ippon_gateway *gw = p->gw;
    gw_event_run *run = gw_event_run_find(gw, p->event_id);
    if (run) {
        run->busy = false;
        gw_event_forget_elsewhere(run);
        if (!nodes) /* the cluster did not answer: who is not here gets a stand-in */
            ippon_log_warn("event %s: round %d: the cluster did not say where the entrants are", p->event_id, p->round);
        for (int i = 0; nodes && i < n && i < p->n; i++) {
            if (!nodes[i][0])
                continue;
            char *node = strdup(nodes[i]);
            if (!run->elsewhere)
                run->elsewhere = ippon_strmap_new();
            if (!node || !run->elsewhere || ippon_strmap_put(run->elsewhere, p->users[i], node) != 0)
                free(node);
        }
        run->elsewhere_round = p->round;
        run->elsewhere_at = gw_wall_ms(gw, gw_now(gw));
        gw_events_look_soon(gw); /* the round is seated now */
    }
    free(p);
}

/* in a cluster, before round `round` is seated: asks where the entrants in (not connected here)
   are; true while that answer is awaited (run->busy), false when the last one is fresh or there
   is no cluster */
static bool ask_where(ippon_gateway *gw, gw_event_run *run, const char *event_id, int round,
                      const ippon_event_entrant *entrants, int n_entrants)
{
    if (!gw->has_mm || !gw->mm.presence_of)
        return false;
    int64_t now = gw_wall_ms(gw, gw_now(gw));
    if (run->elsewhere_round == round && now - run->elsewhere_at <= ELSEWHERE_FRESH_MS)
        return false;
    presence_lookup *p = malloc(sizeof *p + (size_t)(n_entrants > 0 ? n_entrants : 1) * sizeof p->users[0]);
    if (!p)
        return false;
    *p = (presence_lookup){.gw = gw, .round = round};
    snprintf(p->event_id, sizeof p->event_id, "%s", event_id);
    const char *users[IPPON_EVENT_MAX_ENTRANTS];
    for (int i = 0; i < n_entrants && p->n < IPPON_EVENT_MAX_ENTRANTS; i++) {
        const ippon_event_entrant *e = &entrants[i];
        if (!gw_event_entrant_plays(e) || is_local(gw, e->user_id))
            continue;
        snprintf(p->users[p->n], sizeof p->users[0], "%s", e->user_id);
        users[p->n] = p->users[p->n];
        p->n++;
    }
    if (p->n == 0) { /* everyone is here (or nobody to ask about) */
        free(p);
        gw_event_forget_elsewhere(run);
        run->elsewhere_round = round;
        run->elsewhere_at = now;
        return false;
    }
    run->busy = true;
    gw->mm.presence_of(gw->mm.ctx, users, p->n, presence_found, p);
    return true;
}

/* ---- seating ------------------------------------------------------------------------------------ */

/* the seating's inputs from the store: the entrants to seat (numbers into ids, their entries by
   number into by_number), the standings' totals and ranks, who met whom, the byes */
typedef struct seating_inputs {
    ippon_event_entrant *entrants;
    int n_entrants;
    const ippon_event_entrant *by_number[IPPON_EVENT_MAX_ENTRANTS];
    int ids[IPPON_EVENT_MAX_ENTRANTS];
    int n;
    int64_t total[IPPON_EVENT_MAX_ENTRANTS];
    int rank[IPPON_EVENT_MAX_ENTRANTS];
    uint8_t *met;
    uint8_t byes[IPPON_EVENT_MAX_ENTRANTS];
} seating_inputs;

static void inputs_free(seating_inputs *in)
{
    free(in->entrants);
    free(in->met);
    free(in);
}

static seating_inputs *inputs_read(ippon_gateway *gw, const ippon_event_def *ev)
{
    seating_inputs *in = calloc(1, sizeof *in);
    if (!in || !(in->met = calloc(IPPON_EVENT_MAX_ENTRANTS, IPPON_EVENT_MAX_ENTRANTS)) ||
        ippon_store_event_entrants(gw->app->store, ev->id, &in->entrants, &in->n_entrants) != 0 ||
        ippon_store_event_met(gw->app->store, ev->id, in->met, in->byes) != 0) {
        if (in)
            inputs_free(in);
        return NULL;
    }
    for (int i = 0; i < in->n_entrants; i++) {
        const ippon_event_entrant *e = &in->entrants[i];
        if (e->number < 0 || e->number >= IPPON_EVENT_MAX_ENTRANTS)
            continue;
        in->by_number[e->number] = e;
        in->rank[e->number] = IPPON_EVENT_MAX_ENTRANTS;
        if (gw_event_entrant_plays(e))
            in->ids[in->n++] = e->number;
    }
    ippon_event_line *lines = NULL;
    int n_lines = 0;
    if (ippon_store_event_standings(gw->app->store, ev, &lines, &n_lines) != 0) {
        inputs_free(in);
        return NULL;
    }
    for (int i = 0; i < n_lines; i++) {
        int k = lines[i].s.entrant;
        if (k >= 0 && k < IPPON_EVENT_MAX_ENTRANTS) {
            in->total[k] = lines[i].s.total;
            in->rank[k] = lines[i].s.rank;
        }
    }
    free(lines);
    return in;
}

static ippon_seating_rule seating_rule(const ippon_event_def *ev, int round)
{
    if (round == 1 || strcmp(ev->seating, "random") == 0)
        return IPPON_SEATING_RANDOM;
    return strcmp(ev->seating, "swiss") == 0 ? IPPON_SEATING_SWISS : IPPON_SEATING_MIN_REPEAT;
}

/* the seating as a round to write: tables with fresh match ids, stand-ins for the entrants not
   here, the byes; the duplicate walls' secret and first dealer. 0 or -1 (memory) */
static int round_of_seating(ippon_gateway *gw, const gw_event_run *run, const ippon_event_def *ev,
                            const seating_inputs *in, const ippon_seating *s, int round, ippon_event_round *r)
{
    int players = gw_event_players(ev);
    memset(r, 0, sizeof *r);
    r->round = round;
    r->status = IPPON_ROUND_SEATED;
    r->starts_at = gw_wall_ms(gw, gw_now(gw));
    if (ev->duplicate) {
        uint8_t secret[IPPON_SECRET_BYTES], commitment[IPPON_COMMITMENT_BYTES];
        randombytes_buf(secret, sizeof secret);
        ippon_fairness_secret_commitment(secret, commitment);
        ippon_hex(secret, sizeof secret, r->secret);
        ippon_hex(commitment, sizeof commitment, r->commitment);
        r->first_dealer = (int)randombytes_uniform((uint32_t)players);
        sodium_memzero(secret, sizeof secret);
    }
    r->tables = calloc((size_t)(s->tables > 0 ? s->tables : 1), sizeof *r->tables);
    r->byes = calloc((size_t)(s->n_byes > 0 ? s->n_byes : 1), sizeof *r->byes);
    if (!r->tables || !r->byes)
        return -1;
    r->n_tables = s->tables;
    for (int t = 0; t < s->tables; t++) {
        ippon_event_table *tb = &r->tables[t];
        tb->table = t + 1;
        tb->players = players;
        ippon_id id;
        ippon_id_generate(&id);
        ippon_id_format(&id, tb->match_id);
        for (int seat = 0; seat < players; seat++) {
            int k = s->seat[t][seat];
            const ippon_event_entrant *e = k >= 0 ? in->by_number[k] : NULL;
            if (!e)
                continue; /* a filling bot: user_id "" */
            snprintf(tb->seats[seat].user_id, sizeof tb->seats[seat].user_id, "%s", e->user_id);
            snprintf(tb->seats[seat].display_name, sizeof tb->seats[seat].display_name, "%s", e->display_name);
            tb->seats[seat].stand_in = !is_here(gw, run, e->user_id);
        }
    }
    for (int b = 0; b < s->n_byes; b++) {
        const ippon_event_entrant *e = in->by_number[s->bye[b]];
        if (e)
            snprintf(r->byes[r->n_byes++].user_id, sizeof r->byes[0].user_id, "%s", e->user_id);
    }
    return 0;
}

static void seat_written(const ippon_round_write *rw, int rc, void *ctx)
{
    ippon_app *app = ctx;
    ippon_gateway *gw = app->gateway;
    gw_event_run *run = gw_event_run_find(gw, rw->event_id);
    if (!run)
        return;
    run->busy = false;
    if (rc != 0) {
        if (rc != IPPON_STORE_CONFLICT) /* a conflict: the event moved on meanwhile (paused, ended) */
            ippon_log_warn("event %s: round %d could not be written (%d): seated again", rw->event_id,
                           rw->round.round, rc);
        return;
    }
    ippon_event_def ev;
    if (ippon_store_event_get(app->store, rw->event_id, &ev) != 0)
        return; /* the next look finds the round seated and starts it */
    gw_event_start_round(gw, run, &ev, &rw->round);
    ippon_event_clear(&ev);
}

int gw_event_seat_round(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, int n, int64_t due)
{
    int players = gw_event_players(ev), round = n + 1;
    seating_inputs *in = inputs_read(gw, ev);
    if (!in)
        return GW_EVENT_TRY_AGAIN;
    bool bots = strcmp(ev->fill, "byes") != 0;
    if (in->n < (round == 1 || !bots ? players : 2)) {
        inputs_free(in);
        return GW_EVENT_TOO_FEW;
    }
    if (ask_where(gw, run, ev->id, round, in->entrants, in->n_entrants)) {
        inputs_free(in);
        return GW_EVENT_SEATING;
    }
    ippon_seating_input si = {.players = players, .rule = seating_rule(ev, round),
                              .fill = bots ? IPPON_FILL_BOTS : IPPON_FILL_BYES, .n = in->n, .ids = in->ids,
                              .total = in->total, .rank = in->rank, .met = in->met, .byes = in->byes};
    randombytes_buf(si.seed, sizeof si.seed);
    ippon_seating *s = malloc(sizeof *s);
    char err[200] = "out of memory";
    int rc = GW_EVENT_TRY_AGAIN;
    ippon_event_round r = {0};
    if (!s || ippon_seat_round(&si, s) != 0 || !ippon_seating_check(&si, s, err, sizeof err)) {
        ippon_log_error("event %s: round %d cannot be seated: %s", ev->id, round, s ? err : "out of memory");
    } else if (round_of_seating(gw, run, ev, in, s, round, &r) == 0) {
        ippon_round_write rw = {.kind = IPPON_RW_SEAT, .round = r, .done = seat_written, .ctx = gw->app};
        snprintf(rw.event_id, sizeof rw.event_id, "%s", ev->id);
        if (ippon_round_write_submit(gw->app->writer, &rw) == 0) {
            run->busy = true;
            run->due_ms = due;
            rc = GW_EVENT_SEATING;
        }
    }
    free(r.tables);
    free(r.byes);
    free(s);
    inputs_free(in);
    return rc;
}

/* ---- the tables --------------------------------------------------------------------------------- */

static void playing_written(const ippon_round_write *rw, int rc, void *ctx)
{
    ippon_app *app = ctx;
    gw_event_run *run = gw_event_run_find(app->gateway, rw->event_id);
    if (run)
        run->busy = false;
    if (rc != 0 && rc != IPPON_STORE_CONFLICT)
        ippon_log_warn("event %s: round %d could not be marked playing (%d)", rw->event_id, rw->round.round, rc);
}

static void stand_in_written(const ippon_round_write *rw, int rc, void *ctx)
{
    (void)ctx;
    if (rc != 0)
        ippon_log_warn("event %s: round %d table %d seat %d's stand-in not recorded (%d)", rw->event_id,
                       rw->round.round, rw->table, rw->seat, rc);
}

/* records that a stand-in plays seat `seat` of table `table` in round `round` */
static void write_stand_in(ippon_gateway *gw, const ippon_event_def *ev, int round, int table, int seat)
{
    ippon_round_write rw = {.kind = IPPON_RW_STAND_IN, .round = {.round = round}, .table = table, .seat = seat,
                            .done = stand_in_written, .ctx = gw->app};
    snprintf(rw.event_id, sizeof rw.event_id, "%s", ev->id);
    if (ippon_round_write_submit(gw->app->writer, &rw) != 0)
        ippon_log_warn("event %s: round %d table %d seat %d: a stand-in could not be recorded", ev->id, round, table,
                       seat);
}

/* starts table tb of round r: 0, or -1 (not started: a seat's player changed, memory) */
static int start_table(ippon_gateway *gw, const gw_event_run *run, const ippon_event_def *ev,
                       const ippon_event_round *r, const ippon_event_table *tb, const uint8_t *secret)
{
    ippon_lobby_entry humans[4];
    int n = 0;
    gw_table_options opt = {.clock_factor = strcmp(ev->clocks, "relaxed") == 0 ? 2 : 1,
                            .no_spectators = !ev->spectators,
                            .watch_delay_ms = (int64_t)ev->watch_delay_s * 1000,
                            .secret = secret, .first_dealer = r->first_dealer,
                            .no_contributions = secret != NULL, .event_table = true, .id = tb->match_id};
    for (int seat = 0; seat < tb->players; seat++) {
        const ippon_event_seat *es = &tb->seats[seat];
        bool stand_in = es->stand_in;
        if (es->user_id[0] && !stand_in && !is_here(gw, run, es->user_id)) { /* gone since the seating */
            stand_in = true;
            write_stand_in(gw, ev, r->round, tb->table, seat);
        }
        if (!es->user_id[0] || stand_in) {
            opt.bot_seats |= 1u << seat;
            continue;
        }
        const ippon_conn *c = ippon_strmap_get(gw->users, es->user_id);
        ippon_lobby_entry *h = &humans[n++];
        memset(h, 0, sizeof *h);
        snprintf(h->user_id, sizeof h->user_id, "%s", es->user_id);
        snprintf(h->name, sizeof h->name, "%s", c && c->name[0] ? c->name : es->display_name);
        snprintf(h->addr, sizeof h->addr, "%s", c ? c->addr : "");
    }
    if (gw_start_table_with(gw, ippon_mode_of_players(tb->players), humans, n, &opt) != 0)
        return -1;
    for (int i = 0; i < n; i++) { /* an entrant on another node of the cluster is sent here */
        bool connected_here = ippon_strmap_get(gw->users, humans[i].user_id) != NULL;
        const char *node = connected_here ? NULL : elsewhere(run, humans[i].user_id);
        if (node && gw->has_mm && gw->mm.seated_here)
            gw->mm.seated_here(gw->mm.ctx, humans[i].user_id, node, tb->match_id);
    }
    return 0;
}

void gw_event_start_round(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, const ippon_event_round *r)
{
    char secret_hex[IPPON_EVENT_SECRET_HEX + 1];
    uint8_t secret[IPPON_SECRET_BYTES];
    const uint8_t *walls = NULL;
    if (ev->duplicate) { /* the secret as written (a round read back from the store has none in it) */
        snprintf(secret_hex, sizeof secret_hex, "%s", r->secret);
        if (!secret_hex[0] && ippon_store_event_round_secret(gw->app->store, ev->id, r->round, secret_hex) != 0)
            return;
        if (ippon_unhex(secret_hex, secret, sizeof secret) != 0) {
            ippon_log_error("event %s: round %d's secret is unreadable: its tables not started", ev->id, r->round);
            return;
        }
        walls = secret;
    }
    int started = 0;
    for (int t = 0; t < r->n_tables; t++) {
        const ippon_event_table *tb = &r->tables[t];
        if (gw_table_by_id(gw, tb->match_id)) { /* already running (a restart found it in its journal) */
            started++;
            continue;
        }
        if (start_table(gw, run, ev, r, tb, walls) != 0) {
            ippon_log_error("event %s: round %d table %d could not start", ev->id, r->round, tb->table);
            continue;
        }
        started++;
        for (int seat = 0; seat < tb->players; seat++) {
            const char *user = tb->seats[seat].user_id;
            ippon_conn *c = user[0] ? ippon_strmap_get(gw->users, user) : NULL;
            if (c && gw_table_of(gw, user))
                gw_send(gw, c, json_pack("{s:s, s:s, s:i, s:i, s:s}", "type", "event_seated", "event", ev->id,
                                         "round", r->round, "table", tb->table, "match", tb->match_id));
        }
    }
    sodium_memzero(secret, sizeof secret);
    int64_t late = gw_wall_ms(gw, gw_now(gw)) - run->due_ms;
    ippon_log_info("event %s: round %d, %d of %d tables started %lld ms after its time", ev->id, r->round, started,
                   r->n_tables, run->due_ms > 0 ? (long long)late : 0LL);
    run->due_ms = 0;
    run->started = r->round;
    ippon_round_write rw = {.kind = IPPON_RW_PLAYING, .round = {.round = r->round}, .done = playing_written,
                            .ctx = gw->app};
    snprintf(rw.event_id, sizeof rw.event_id, "%s", ev->id);
    if (ippon_round_write_submit(gw->app->writer, &rw) == 0)
        run->busy = true;
}

/* ---- tables lost without a record --------------------------------------------------------------- */

static void void_written(const ippon_round_write *rw, int rc, void *ctx)
{
    (void)ctx;
    if (rc == 0)
        ippon_log_warn("event %s: round %d table %d (match %s) made void: its match ended without a record",
                       rw->event_id, rw->round.round, rw->table, rw->round.tables ? rw->round.tables[0].match_id : "");
    else if (rc != IPPON_STORE_CONFLICT) /* _CONFLICT: its match was stored after all */
        ippon_log_warn("event %s: round %d table %d could not be made void (%d)", rw->event_id, rw->round.round,
                       rw->table, rc);
}

/* queues table `table` of round `round` of event_id made void at now (tb: the table, for the log's
   match id; NULL if not at hand) */
static void write_void(ippon_gateway *gw, const char *event_id, int round, int table, const ippon_event_table *tb,
                       int64_t now)
{
    ippon_event_table copy = tb ? *tb : (ippon_event_table){0};
    ippon_round_write rw = {.kind = IPPON_RW_VOID, .round = {.round = round, .tables = tb ? &copy : NULL,
                                                             .n_tables = tb ? 1 : 0},
                            .table = table, .now_ms = now, .done = void_written, .ctx = gw->app};
    snprintf(rw.event_id, sizeof rw.event_id, "%s", event_id);
    if (ippon_round_write_submit(gw->app->writer, &rw) != 0)
        ippon_log_warn("event %s: round %d table %d's void could not be queued", event_id, round, table);
}

void gw_event_void_lost(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, const ippon_event_round *r,
                        int64_t now)
{
    /* only the server that started the round knows its tables are all here (a single server always
       does; in a cluster the tables of a round another node started run there), and never while
       finished matches wait for the database: their records may be on the way */
    if (gw->app->cluster && run->started != r->round)
        return;
    if (gw->app->pending_matches && ippon_pending_matches_waiting(gw->app->pending_matches) > 0)
        return;
    if (run->missing_round != r->round) {
        run->missing_round = r->round;
        memset(run->missing_since, 0, sizeof run->missing_since);
    }
    for (int t = 0; t < r->n_tables && t < IPPON_EVENT_MAX_TABLES; t++) {
        const ippon_event_table *tb = &r->tables[t];
        int64_t *since = &run->missing_since[t];
        if (tb->done || tb->voided_at || !tb->match_id[0] || gw_table_by_id(gw, tb->match_id)) {
            *since = 0;
            continue;
        }
        if (!*since) {
            *since = now;
            continue;
        }
        if (now - *since < GW_EVENT_VOID_AFTER_MS)
            continue;
        *since = now; /* the next try, if this one fails, a grace later */
        write_void(gw, ev->id, r->round, tb->table, tb, now);
    }
}

/* the status of user_id's entry among es[0 … n), or "" */
static const char *entry_status(const ippon_event_entrant *es, int n, const char *user_id)
{
    for (int i = 0; i < n; i++)
        if (strcmp(es[i].user_id, user_id) == 0)
            return es[i].status;
    return "";
}

void gw_event_stand_ins(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, const ippon_event_round *r,
                        int64_t now)
{
    if (run->away_round != r->round) {
        run->away_round = r->round;
        memset(run->away_since, 0, sizeof run->away_since);
    }
    ippon_event_entrant *es = NULL; /* read at the first table of the round running here (only the
                                       node running a table hands its seats over) */
    int n = 0;
    bool read = false;
    int64_t away_ms = (int64_t)gw->app->config->event_away_s * 1000;
    for (int t = 0; t < r->n_tables && t < IPPON_EVENT_MAX_TABLES; t++) {
        const ippon_event_table *tb = &r->tables[t];
        struct gw_table *gt = tb->done || !tb->match_id[0] ? NULL : gw_table_by_id(gw, tb->match_id);
        if (gt && !read) {
            read = true;
            if (ippon_store_event_entrants(gw->app->store, ev->id, &es, &n) != 0)
                return;
        }
        for (int seat = 0; gt && seat < tb->players && seat < 4; seat++) {
            const ippon_event_seat *st = &tb->seats[seat];
            int64_t *since = &run->away_since[t][seat];
            const char *why = NULL, *reason = NULL;
            if (!st->user_id[0])
                continue;
            if (st->stand_in) { /* the organiser's stand-in (a seat a bot plays from the start is no person's) */
                if (gw_table_stand_in(gw, gt, st->user_id, "replaced",
                                      "the organiser had a bot play your seat to the end of this match") == 0)
                    ippon_log_info("event %s: round %d table %d: the organiser's stand-in plays the seat of %s", ev->id,
                                   r->round, tb->table, st->user_id);
                continue;
            }
            bool removed = strcmp(entry_status(es, n, st->user_id), "removed") == 0;
            if (removed) {
                why = "removed";
                reason = "the organiser removed you from the event: a bot plays your seat to the end";
            }
            else if (ippon_strmap_get(gw->users, st->user_id))
                *since = 0;
            else if (!*since)
                *since = now;
            else if (now - *since >= away_ms) {
                why = "away";
                reason = "you were away too long: a bot plays your seat to the end of this match";
            }
            if (!why || gw_table_stand_in(gw, gt, st->user_id, why, reason) != 0)
                continue; /* here, or handed over already (its record on the way) */
            ippon_log_info("event %s: round %d table %d: a stand-in plays the seat of %s (%s)", ev->id, r->round,
                           tb->table, st->user_id, removed ? "removed" : "away");
            write_stand_in(gw, ev, r->round, tb->table, seat);
        }
    }
    free(es);
}

void ippon_gateway_event_tables_voided(ippon_gateway *gw, const char *const *tables, size_t n)
{
    int64_t now = gw_wall_ms(gw, gw_now(gw));
    for (size_t i = 0; i < n && gw->app && gw->app->store; i++) {
        char event_id[IPPON_USER_ID_LEN + 1];
        int round = 0, table = 0;
        if (!tables[i] || ippon_store_event_table_of_match(gw->app->store, tables[i], event_id, &round, &table) != 0)
            continue; /* not an event's (or void already) */
        ippon_log_warn("event %s: round %d table %d was on a node gone for good: void", event_id, round, table);
        write_void(gw, event_id, round, table, NULL, now);
    }
}

/* ---- messages ----------------------------------------------------------------------------------- */

void gw_event_tell(ippon_gateway *gw, const char *id, json_t *msg)
{
    ippon_event_entrant *es = NULL;
    int n = 0;
    if (msg && gw->app && gw->app->store && ippon_store_event_entrants(gw->app->store, id, &es, &n) == 0) {
        for (int i = 0; i < n; i++) {
            ippon_conn *c = strcmp(es[i].status, "registered") == 0 ? ippon_strmap_get(gw->users, es[i].user_id) : NULL;
            if (c)
                gw_send(gw, c, json_incref(msg));
        }
    }
    free(es);
    json_decref(msg);
}

void ippon_gateway_event_announce(ippon_gateway *gw, const char *event_id, const char *text)
{
    gw_event_tell(gw, event_id, json_pack("{s:s, s:s, s:s}", "type", "event_announcement", "event", event_id, "text", text));
}

void gw_event_tell_standings(ippon_gateway *gw, const ippon_event_def *ev, int round, int64_t next_at)
{
    ippon_event_line *lines = NULL;
    int n = 0;
    if (ippon_store_event_standings(gw->app->store, ev, &lines, &n) != 0)
        return;
    json_t *standings = json_array();
    for (int i = 0; standings && i < n; i++)
        json_array_append_new(standings, json_pack("{s:i, s:{s:s, s:s}, s:I, s:i}", "rank", lines[i].s.rank, "user",
                                                   "id", lines[i].user_id, "display_name", lines[i].display_name,
                                                   "total", (json_int_t)lines[i].s.total, "played", lines[i].s.played));
    free(lines);
    gw_event_tell(gw, ev->id, json_pack("{s:s, s:s, s:i, s:o}", "type", "event_standings", "event", ev->id, "round",
                                        round, "standings", standings));
    if (next_at > 0)
        gw_event_tell(gw, ev->id, json_pack("{s:s, s:s, s:i, s:I}", "type", "event_round", "event", ev->id, "round",
                                            round + 1, "starts_at", (json_int_t)next_at));
}
