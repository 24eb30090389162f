/*
 * matchmaking.c — the cluster's matchmaker (matchmaking.h): tickets into the shared queues,
 * takes that form tables here, notices that send players to their table's node, presence.
 *
 * Every request to Redis carries a small note of what to do with its answer (an `ask`), freed
 * when the answer comes; once detached, answers change nothing. Times in the shared queue are
 * wall-clock milliseconds, so that the nodes' tickets compare.
 */
#include "matchmaking/matchmaking.h"
#include "matchmaking/matchmaking_internal.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/ids.h"
#include "base/log.h"
#include "base/wall_clock.h"
#include "game/gateway_live.h"
#include "game/gateway_matchmaker.h"
#include "ippon/rating.h"
#include "ippon/rules.h"

const char *mm_me(const ippon_matchmaking *m)
{
    return ippon_cluster_node(m->cluster);
}

/* an id into out (cap bytes, cut if longer; "" for NULL) */
static void copy_id(char *out, size_t cap, const char *id)
{
    size_t n = id ? strnlen(id, cap - 1) : 0;
    memcpy(out, id ? id : "", n);
    out[n] = '\0';
}

mm_ask *mm_ask_new(ippon_matchmaking *m, ippon_mode mode, const char *user, const char *table)
{
    mm_ask *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->m = m;
    a->mode = mode;
    copy_id(a->user, sizeof a->user, user);
    copy_id(a->table, sizeof a->table, table);
    m->pending++;
    return a;
}

ippon_matchmaking *mm_ask_done(mm_ask *a)
{
    ippon_matchmaking *m = a->m;
    m->pending--;
    return m->gw ? m : NULL;
}

/* "<node>|<table>" split: false if it is not one */
static bool seat_split(const char *seat, char *node, size_t nodelen, char *table, size_t tablelen)
{
    const char *bar = seat ? strchr(seat, '|') : NULL;
    if (!bar || bar == seat || (size_t)(bar - seat) >= nodelen || strlen(bar + 1) >= tablelen)
        return false;
    snprintf(node, nodelen, "%.*s", (int)(bar - seat), seat);
    snprintf(table, tablelen, "%s", bar + 1);
    return table[0] != '\0';
}

/* a seat somewhere: the player is sent there (a seat "here" is this node's own business) */
static void go_to_seat(ippon_matchmaking *m, const char *user, const char *seat, const char *reason)
{
    char node[64], table[IPPON_ID_HEX_LEN + 1];
    if (!seat_split(seat, node, sizeof node, table, sizeof table)) {
        ippon_log_warn("matchmaking: user %s has an unreadable seat \"%s\"", user, seat);
        return;
    }
    if (strcmp(node, mm_me(m)) != 0)
        ippon_gateway_send_elsewhere(m->gw, user, node, table, reason);
}

void mm_ignore(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (m && !r->ok)
        ippon_log_warn("matchmaking: a change for user %s did not reach Redis", a->user);
    free(a);
}

void mm_tell_seated(ippon_matchmaking *m, ippon_mode mode, const char *user_id, const char *node, const char *table)
{
    json_t *notice = json_pack("{s:s,s:s,s:s,s:s}", "type", "seated", "user", user_id, "node", mm_me(m), "table", table);
    char *text = notice ? json_dumps(notice, JSON_COMPACT) : NULL;
    json_decref(notice);
    mm_ask *tell = text ? mm_ask_new(m, mode, user_id, table) : NULL;
    if (tell)
        ippon_coord_notify(m->coord, node, text, mm_ignore, tell);
    else
        ippon_log_warn("matchmaking: user %s could not be sent to table %s", user_id, table);
    free(text);
}

/* ---- the queue ---- */

static void joined_answer(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (m && !r->ok)
        ippon_gateway_queue_refused(m->gw, a->user, "unavailable",
                                    "matchmaking is briefly unavailable: queue again in a moment");
    else if (m && r->text) /* seated at a running table: there, not in the queue */
        go_to_seat(m, a->user, r->text, "seated");
    free(a);
}

static void mm_joined(void *ctx, ippon_mode mode, const ippon_lobby_entry *who)
{
    ippon_matchmaking *m = ctx;
    int64_t now = ippon_wall_ms();
    char *ticket = NULL;
    json_t *t = json_pack("{s:s,s:s,s:s,s:I,s:f}", "node", mm_me(m), "name", who->name, "addr", who->addr, "since",
                          (json_int_t)now, "rating", who->rating);
    if (t)
        ticket = json_dumps(t, JSON_COMPACT);
    json_decref(t);
    mm_ask *a = mm_ask_new(m, mode, who->user_id, NULL);
    if (!ticket || !a) {
        if (a)
            mm_ask_done(a);
        free(a);
        free(ticket);
        ippon_gateway_queue_refused(m->gw, who->user_id, "overloaded", "the server is out of memory: try again");
        return;
    }
    ippon_coord_queue_join(m->coord, ippon_mode_name(mode), who->user_id, ticket, now, joined_answer, a);
    free(ticket);
}

static void mm_left(void *ctx, ippon_mode mode, const char *user_id)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, mode, user_id, NULL);
    if (a)
        ippon_coord_queue_leave(m->coord, ippon_mode_name(mode), user_id, mm_ignore, a);
}

/* ---- taking: forming tables here ---- */

static void take(ippon_matchmaking *m, ippon_mode mode);

/* the players the take gave, as the gateway's entries (names, addresses, ratings and the unix ms
   they queued at from their tickets); their nodes in nodes[i] */
static int group_of(const ippon_coord_reply *r, ippon_lobby_entry *group, char nodes[][64], int64_t now,
                    ippon_metrics *metrics)
{
    int n = 0;
    for (size_t i = 0; i + 1 < r->count && n < IPPON_LOBBY_MAX_GROUP; i += 2) {
        if (!r->items[i])
            continue;
        json_t *t = r->items[i + 1] ? json_loads(r->items[i + 1], 0, NULL) : NULL;
        ippon_lobby_entry *e = &group[n];
        memset(e, 0, sizeof *e);
        snprintf(e->user_id, sizeof e->user_id, "%s", r->items[i]);
        const char *name = json_string_value(json_object_get(t, "name"));
        snprintf(e->name, sizeof e->name, "%s", name ? name : "player");
        const char *addr = json_string_value(json_object_get(t, "addr"));
        snprintf(e->addr, sizeof e->addr, "%s", addr ? addr : "");
        const char *node = json_string_value(json_object_get(t, "node"));
        snprintf(nodes[n], 64, "%s", node ? node : "");
        json_int_t since = json_integer_value(json_object_get(t, "since"));
        const json_t *rating = json_object_get(t, "rating");
        e->rating = json_is_number(rating) ? json_number_value(rating) : ippon_rating_initial(&ippon_rating_defaults).mu;
        e->since = since > 0 && since <= now ? since : now;
        if (metrics && since > 0 && since <= now)
            ippon_metrics_queue_wait(metrics, (double)(now - since) / 1000.0);
        json_decref(t);
        n++;
    }
    return n;
}

static void taken(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (!m) {
        free(a);
        return;
    }
    m->taking[a->mode] = false;
    ippon_lobby_entry group[IPPON_LOBBY_MAX_GROUP];
    char nodes[IPPON_LOBBY_MAX_GROUP][64];
    int n = r->ok ? group_of(r, group, nodes, ippon_wall_ms(), m->metrics) : 0;
    if (n == 0) {
        free(a);
        return;
    }
    if (ippon_gateway_seat_group(m->gw, a->mode, group, n, a->table) != 0) {
        /* taken but not seated: their seats are freed and they are told (they may queue again) */
        ippon_log_error("matchmaking: could not start table %s: its players are freed", a->table);
        const char *users[IPPON_LOBBY_MAX_GROUP];
        for (int i = 0; i < n; i++) {
            users[i] = group[i].user_id;
            ippon_gateway_queue_refused(m->gw, group[i].user_id, "overloaded", "the match could not start: queue again");
        }
        mm_ask *undo = mm_ask_new(m, a->mode, NULL, a->table);
        if (undo)
            ippon_coord_table_over(m->coord, a->table, users, n, mm_ignore, undo);
        free(a);
        return;
    }
    ippon_log(IPPON_LOG_INFO, "matchmaking: table %s (%s) formed here with %d player(s)", a->table,
              ippon_mode_name(a->mode), n);
    for (int i = 0; i < n; i++) {
        if (!nodes[i][0] || strcmp(nodes[i], mm_me(m)) == 0)
            continue;
        mm_tell_seated(m, a->mode, group[i].user_id, nodes[i], a->table);
    }
    ippon_mode mode = a->mode;
    free(a);
    take(m, mode); /* more may be waiting */
}

static void take(ippon_matchmaking *m, ippon_mode mode)
{
    if (m->taking[mode] || !ippon_gateway_forming(m->gw))
        return;
    ippon_game_settings set;
    ippon_gateway_settings_get(m->gw, &set);
    int64_t fill = set.bots ? (int64_t)((double)set.bot_fill_after_ms * set.time_scale) : INT64_MAX / 2;
    ippon_id id;
    char table[IPPON_ID_HEX_LEN + 1];
    ippon_id_generate(&id);
    ippon_id_format(&id, table);
    mm_ask *a = mm_ask_new(m, mode, NULL, table);
    if (!a)
        return;
    m->taking[mode] = true;
    int seats = ippon_rules_preset(ippon_mode_preset(mode))->players;
    const ippon_coord_window window = {.start = set.window.start, .per_second = set.window.per_second,
                                       .cap = set.window.cap, .time_scale = set.window.time_scale};
    ippon_coord_queue_take(m->coord, ippon_mode_name(mode), seats, ippon_wall_ms(), fill, !set.ranked_same_address,
                           &window, table, taken, a);
}

static void mm_tick(void *ctx, ippon_mode mode, int64_t now)
{
    (void)now;
    take(ctx, mode);
}

static void mm_table_started(void *ctx, const char *table_id, const char *const *users, int n)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, NULL, table_id);
    if (a) /* a take seated them already; a practice or private table seats them now */
        ippon_coord_table_seat(m->coord, table_id, users, n, mm_ignore, a);
}

static void mm_seats_freed(void *ctx, const char *table_id, const char *const *users, int n)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, NULL, table_id);
    if (a)
        ippon_coord_seats_free(m->coord, table_id, users, n, mm_ignore, a);
}

static void mm_table_over(void *ctx, const char *table_id, const char *const *users, int n)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, NULL, table_id);
    if (a)
        ippon_coord_table_over(m->coord, table_id, users, n, mm_ignore, a);
}

/* ---- presence and seats at hello ---- */

static void claimed(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (m && r->ok && r->text && strcmp(r->text, mm_me(m)) != 0) {
        /* the user's socket on that node is an older one: it closes */
        json_t *notice = json_pack("{s:s,s:s}", "type", "replaced", "user", a->user);
        char *text = notice ? json_dumps(notice, JSON_COMPACT) : NULL;
        json_decref(notice);
        mm_ask *tell = text ? mm_ask_new(m, a->mode, a->user, NULL) : NULL;
        if (tell)
            ippon_coord_notify(m->coord, r->text, text, mm_ignore, tell);
        free(text);
    }
    free(a);
}

static void seat_found(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (m && r->ok && r->text)
        go_to_seat(m, a->user, r->text, "seated");
    free(a);
}

static void lost_found(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (m && r->ok && r->text) /* its match went with a node lost for good: say so, once */
        ippon_gateway_tell_lost(m->gw, a->user, r->text);
    free(a);
}

static void mm_hello(void *ctx, const char *user_id, bool seated_here)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, user_id, NULL);
    if (a)
        ippon_coord_presence_claim(m->coord, user_id, claimed, a);
    mm_ask *l = mm_ask_new(m, IPPON_MODE_4P, user_id, NULL);
    if (l)
        ippon_coord_lost_take(m->coord, user_id, lost_found, l);
    if (seated_here)
        return;
    mm_ask *s = mm_ask_new(m, IPPON_MODE_4P, user_id, NULL);
    if (s)
        ippon_coord_seat_lookup(m->coord, user_id, seat_found, s);
    mm_room_hello(m, user_id);
}

static void mm_gone(void *ctx, const char *user_id)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, user_id, NULL);
    if (a)
        ippon_coord_presence_release(m->coord, user_id, mm_ignore, a);
}

/* ---- the tables resumed at start (from the journal), or running when the lease was found gone,
   against the directory ---- */

/* one resumed table's lookup: its id and players */
typedef struct table_check {
    ippon_matchmaking *m;
    char table[IPPON_ID_HEX_LEN + 1];
    char users[IPPON_LOBBY_MAX_GROUP][40];
    int n;
} table_check;

static void schedule_check(ippon_matchmaking *m);

static const char VOIDED[] = "its server was lost for a while: the match is void";

/* a table lookup's answer (coord.h: node, epoch, state) says the table is void, or another node's */
static bool voided(const ippon_matchmaking *m, const ippon_coord_reply *r)
{
    return r->count == 3 && r->items[0] &&
           ((r->items[2] && strcmp(r->items[2], "void") == 0) || strcmp(r->items[0], mm_me(m)) != 0);
}

static void table_checked(void *ctx, const ippon_coord_reply *r)
{
    table_check *k = ctx;
    ippon_matchmaking *m = k->m;
    m->pending--;
    m->checks--;
    if (m->gw && !r->ok)
        m->check_failed = true;
    else if (m->gw && r->count == 3 && !r->items[0]) { /* not listed (Redis lost it): listed and seated again */
        const char *users[IPPON_LOBBY_MAX_GROUP];
        for (int i = 0; i < k->n; i++)
            users[i] = k->users[i];
        mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, NULL, k->table);
        if (a)
            ippon_coord_table_seat(m->coord, k->table, users, k->n, mm_ignore, a);
    } else if (m->gw && voided(m, r)) {
        /* this node was taken for lost while it was away: the match was voided, its players told */
        ippon_log_warn("matchmaking: table %s was voided while this node was away: closing it", k->table);
        ippon_gateway_close_table(m->gw, k->table, VOIDED);
    }
    free(k);
    if (m->gw && m->checks == 0) {
        if (m->check_failed)
            schedule_check(m);
        else
            m->checked = true;
    }
}

static void check_one(void *ctx, const char *id, const char *const *users, int n)
{
    ippon_matchmaking *m = ctx;
    table_check *k = calloc(1, sizeof *k);
    if (!k)
        return;
    k->m = m;
    copy_id(k->table, sizeof k->table, id);
    for (int i = 0; i < n && i < IPPON_LOBBY_MAX_GROUP; i++)
        copy_id(k->users[i], sizeof k->users[i], users[i]);
    k->n = n < IPPON_LOBBY_MAX_GROUP ? n : IPPON_LOBBY_MAX_GROUP;
    m->pending++;
    m->checks++;
    ippon_coord_table_lookup(m->coord, id, table_checked, k);
}

static void check_tables(lws_sorted_usec_list_t *sul)
{
    ippon_matchmaking *m = lws_container_of(sul, ippon_matchmaking, check);
    if (!m->gw || m->checked || m->checks > 0)
        return;
    m->check_failed = false;
    m->checks++; /* held while the round is sent: an answer that comes at once does not end it */
    ippon_gateway_each_table(m->gw, check_one, m);
    m->checks--;
    if (m->checks == 0) {
        if (m->check_failed)
            schedule_check(m);
        else
            m->checked = true;
    }
}

static void schedule_check(ippon_matchmaking *m)
{
    ippon_timers_schedule(m->timers, &m->check, check_tables, 1000 * LWS_US_PER_MS);
}

/* ---- the results held back while the lease was not known to hold (gateway_matchmaker.h) ---- */

typedef struct held_check {
    ippon_matchmaking *m;
    char table[IPPON_ID_HEX_LEN + 1];
} held_check;

static void held_checked(void *ctx, const ippon_coord_reply *r)
{
    held_check *k = ctx;
    ippon_matchmaking *m = k->m;
    m->pending--;
    if (m->gw && r->ok) /* no answer: it stays held, looked up again at the next renewal */
        ippon_gateway_release_held(m->gw, k->table, voided(m, r) ? VOIDED : NULL);
    free(k);
}

static void check_held(void *ctx, const char *id, const char *const *users, int n)
{
    ippon_matchmaking *m = ctx;
    (void)users;
    (void)n;
    held_check *k = calloc(1, sizeof *k);
    if (!k)
        return;
    k->m = m;
    copy_id(k->table, sizeof k->table, id);
    m->pending++;
    ippon_coord_table_lookup(m->coord, id, held_checked, k);
}

/* a match may be stored as it ended while this node's lease is known to hold and no check of its
   running tables against the directory is due (one that follows a lost lease may close some) */
static bool results_sure(void *ctx)
{
    ippon_matchmaking *m = ctx;
    return m->checked && ippon_cluster_lease_holds(m->cluster);
}

/* a lease renewal was answered (node.h). Found gone: another node may have voided this one
   meanwhile, so every running table is checked against the directory again, and the voided ones
   closed. The results held meanwhile are stored as they ended if the lease held all along and is
   known to hold still (an answer read late, after a freeze, vouches only for the time it was
   sent), and no check is due; if not, each as the directory says: void there, void here */
static void lease_answered(void *ctx, bool held, bool lost)
{
    ippon_matchmaking *m = ctx;
    if (!m->gw)
        return;
    if (lost) {
        m->checked = false;
        if (m->checks > 0)
            m->check_failed = true; /* a round is under way (its lookups may predate the void): another after it */
        else
            ippon_timers_schedule(m->timers, &m->check, check_tables, 0);
    }
    if (held && results_sure(m))
        ippon_gateway_release_held(m->gw, NULL, NULL);
    else
        ippon_gateway_each_held(m->gw, check_held, m);
}

/* ---- notices from the other nodes ---- */

static void noticed(void *ctx, const char *text, size_t len)
{
    ippon_matchmaking *m = ctx;
    if (!m->gw)
        return;
    json_t *n = json_loadb(text, len, 0, NULL);
    const char *type = json_string_value(json_object_get(n, "type"));
    const char *user = json_string_value(json_object_get(n, "user"));
    const char *node = json_string_value(json_object_get(n, "node"));
    const char *table = json_string_value(json_object_get(n, "table"));
    if (type && user && strcmp(type, "seated") == 0 && node && table)
        ippon_gateway_send_elsewhere(m->gw, user, node, table, "match_found");
    else if (type && user && strcmp(type, "replaced") == 0)
        ippon_gateway_replaced_elsewhere(m->gw, user);
    else
        ippon_log_warn("matchmaking: a notice not understood: %.*s", (int)(len < 200 ? len : 200), text);
    json_decref(n);
}

ippon_matchmaking *ippon_matchmaking_start(ippon_gateway *gw, ippon_cluster *cluster, ippon_timers *timers,
                                           ippon_metrics *metrics)
{
    ippon_matchmaking *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->gw = gw;
    m->cluster = cluster;
    m->coord = ippon_cluster_coord(cluster);
    m->timers = timers;
    m->metrics = metrics;
    if (ippon_coord_listen(m->coord, noticed, m) != 0) {
        free(m);
        return NULL;
    }
    const ippon_gateway_matchmaker hooks = {
        .ctx = m, .joined = mm_joined, .left = mm_left, .tick = mm_tick, .table_started = mm_table_started,
        .table_over = mm_table_over, .seats_freed = mm_seats_freed,
        .hello = mm_hello, .gone = mm_gone, .room_entered = mm_room_entered, .room_left = mm_room_left,
        .room_elsewhere = mm_room_elsewhere, .presence_of = mm_presence_of, .seated_here = mm_seated_here,
        .results_sure = results_sure,
    };
    ippon_gateway_set_matchmaker(gw, &hooks);
    schedule_check(m); /* once Redis is up: the tables the journal resumed */
    ippon_cluster_on_lease(cluster, lease_answered, m);
    return m;
}

void ippon_matchmaking_detach(ippon_matchmaking *m)
{
    if (!m || !m->gw)
        return;
    ippon_gateway_set_matchmaker(m->gw, NULL);
    ippon_cluster_on_lease(m->cluster, NULL, NULL);
    ippon_timers_cancel(&m->check);
    m->gw = NULL;
}

void ippon_matchmaking_free(ippon_matchmaking *m)
{
    if (!m)
        return;
    if (m->pending > 0) /* the cluster must have stopped first: its answers would come to freed memory */
        ippon_log_error("matchmaking: freed with %d answer(s) still to come", m->pending);
    free(m);
}
