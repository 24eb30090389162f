/*
 * replay_logs.c — replaying a stored match into its logs (replay_logs.h).
 *
 * How it works: the match starts with the dealer of the first action; each hand's wall comes
 * from its seed (fairness.c), exactly as the table dealt it; the hand's actions are read back
 * through the protocol's reader (protocol.c, the same code that reads a player's "act") and
 * applied in their stored order. Every event the core reports goes to the log writer, and to
 * the replay's steps (replay_logs.h): one step for each deal and each action, with the events it
 * caused as the protocol writes them (protocol.c) — a private event (a deal, a drawn tile) as its
 * own seat is told it, its public twin left out, since the replay shows every hand. A seed or an
 * action that the core refuses stops the replay with an error naming it. The seats played by bots
 * are added to both logs last, numbered as the writer numbers the seats (mjai_event.h's frame).
 */
#include "game/replay_logs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/fairness.h"
#include "ippon/game_log.h"
#include "ippon/match.h"
#include "ippon/mjai_event.h"
#include "game/protocol.h"

/* where the replayed events go: the log writer and the step being built */
typedef struct sink {
    ippon_game_log *log;
    json_t *steps, *step; /* step: the last of steps (borrowed) */
    int first_dealer;
} sink;

/* an event with every hand open: a private one as its seat sees it (a deal names its seat), a
   public twin of a private one left out (NULL); with what the table adds (kyoku, tenpai hands,
   the next hand: protocol.h) */
static json_t *open_event(const ippon_match *m, const ippon_event *ev, int first_dealer)
{
    if (ev->to < 0 && ev->others_only)
        return NULL;
    json_t *o = ippon_proto_event(m, ev, ev->to >= 0 ? ev->to : -1);
    if (o && ev->type == IPPON_EV_DEAL)
        json_object_set_new(o, "seat", json_integer(ev->to));
    if (o)
        ippon_proto_add_table_facts(m, ev, first_dealer, o);
    return o;
}

static void feed(sink *k, const ippon_match *m, const ippon_event *ev, int n)
{
    json_t *events = json_object_get(k->step, "events");
    for (int i = 0; i < n; i++) {
        ippon_game_log_event(k->log, &ev[i]);
        json_t *o = open_event(m, &ev[i], k->first_dealer);
        if (o)
            json_array_append_new(events, o);
    }
}

/* a new step (a deal: seat -1; an action: its record) */
static void new_step(sink *k, int hand, const json_t *rec)
{
    json_t *step = json_pack("{s:i,s:[]}", "hand", hand, "events");
    if (rec) {
        json_object_set_new(step, "seat", json_copy(json_array_get(rec, 1)));
        json_object_set(step, "action", json_array_get(rec, 2));
        if (json_is_integer(json_array_get(rec, 3)) && json_is_integer(json_array_get(rec, 4))) {
            json_object_set(step, "at_ms", json_array_get(rec, 3));
            json_object_set(step, "bank_ms", json_array_get(rec, 4));
        }
    }
    json_array_append_new(k->steps, step);
    k->step = step;
}

/* the seat of the first stored action, or 0 */
static int first_dealer(const json_t *actions, int players)
{
    json_int_t seat = json_integer_value(json_array_get(json_array_get(actions, 0), 1));
    return seat >= 0 && seat < players ? (int)seat : 0;
}

static int deal(ippon_match *m, sink *k, const ippon_rules *rules, const json_t *seeds, int hand, char *err,
                size_t errlen)
{
    uint8_t seed[IPPON_SEED_BYTES];
    ippon_tile wall[IPPON_TILE_IDS];
    if (ippon_unhex(json_string_value(json_array_get(seeds, (size_t)hand)), seed, sizeof seed) != 0) {
        snprintf(err, errlen, "hand %d: seed: not %d hex digits", hand + 1, 2 * IPPON_SEED_BYTES);
        return -1;
    }
    int n = ippon_fairness_wall(rules, seed, wall);
    ippon_event ev[IPPON_MAX_EVENTS];
    int ne = ippon_match_start_hand(m, wall, n, ev, IPPON_MAX_EVENTS);
    if (ne < 0) {
        snprintf(err, errlen, "hand %d: the core refused the wall", hand + 1);
        return -1;
    }
    new_step(k, hand, NULL);
    feed(k, m, ev, ne);
    return 0;
}

static int replay(ippon_match *m, sink *k, const ippon_rules *rules, const json_t *seeds, const json_t *actions,
                  char *err, size_t errlen)
{
    int hands = (int)json_array_size(seeds);
    if (hands == 0)
        return 0;
    if (deal(m, k, rules, seeds, 0, err, errlen) != 0)
        return -1;
    size_t i;
    const json_t *rec;
    json_array_foreach(actions, i, rec) {
        json_int_t hand = json_integer_value(json_array_get(rec, 0)), seat = json_integer_value(json_array_get(rec, 1));
        if (!json_is_array(rec) || hand < 0 || hand >= hands || seat < 0 || seat >= rules->players) {
            snprintf(err, errlen, "action %zu: not [hand, seat, action] of this match", i + 1);
            return -1;
        }
        while (ippon_match_phase(m) == IPPON_PHASE_NEED_WALL && ippon_match_hand_number(m) + 1 <= hand)
            if (deal(m, k, rules, seeds, ippon_match_hand_number(m) + 1, err, errlen) != 0)
                return -1;
        if (ippon_match_hand_number(m) != hand) {
            snprintf(err, errlen, "action %zu: for hand %d, but the match is in hand %d", i + 1, (int)hand + 1,
                     ippon_match_hand_number(m) + 1);
            return -1;
        }
        ippon_action a;
        char why[160];
        if (ippon_proto_read_action(m, (int)seat, json_array_get(rec, 2), &a, why, sizeof why) != 0) {
            snprintf(err, errlen, "action %zu: %s", i + 1, why);
            return -1;
        }
        ippon_event ev[IPPON_MAX_EVENTS];
        int ne = ippon_match_apply(m, &a, ev, IPPON_MAX_EVENTS);
        if (ne < 0) {
            snprintf(err, errlen, "action %zu: the core refused it", i + 1);
            return -1;
        }
        new_step(k, (int)hand, rec);
        feed(k, m, ev, ne);
    }
    /* hands dealt after the last action (a match closed right after a deal) */
    while (ippon_match_phase(m) == IPPON_PHASE_NEED_WALL && ippon_match_hand_number(m) + 1 < hands)
        if (deal(m, k, rules, seeds, ippon_match_hand_number(m) + 1, err, errlen) != 0)
            return -1;
    return 0;
}

/* the logs' "bots" (replay_logs.h): by log seat, from bots by table seat; 0, or -1 out of memory */
static int mark_bots(ippon_replay_logs *out, const ippon_rules *rules, const bool *bots)
{
    ippon_mjai_frame frame;
    ippon_mjai_frame_init(&frame, rules);
    frame.first = (int8_t)out->first_dealer;
    json_t *tenhou = json_array(), *mjai = json_array();
    for (int r = 0; tenhou && mjai && r < 4; r++) {
        json_t *bot = json_boolean(r < rules->players && bots[ippon_mjai_table_seat(&frame, r)]);
        if (r < rules->players)
            json_array_append(mjai, bot);
        json_array_append_new(tenhou, bot);
    }
    json_t *start_game = json_array_get(out->mjai, 0);
    if (!tenhou || !mjai || !start_game) {
        json_decref(tenhou);
        json_decref(mjai);
        return -1;
    }
    if (json_object_set_new(out->tenhou, "bots", tenhou) != 0) { /* set_new releases the value it could not set */
        json_decref(mjai);
        return -1;
    }
    return json_object_set_new(start_game, "bots", mjai) != 0 ? -1 : 0;
}

int ippon_replay_logs_build(const char *rules_name, const json_t *seeds, const json_t *actions,
                           const char *const *names, const bool *bots, const char *title, const char *subtitle,
                           ippon_replay_logs *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    const ippon_rules *rules = rules_name ? ippon_rules_preset(rules_name) : NULL;
    if (!rules) {
        snprintf(err, errlen, "rules: no preset named \"%s\"", rules_name ? rules_name : "");
        return -1;
    }
    if (!json_is_array(seeds) || !json_is_array(actions)) {
        snprintf(err, errlen, "%s: not an array", json_is_array(seeds) ? "actions" : "seeds");
        return -1;
    }
    ippon_match *m = malloc(ippon_match_size());
    ippon_game_log *log = ippon_game_log_new(rules, names, title, subtitle);
    if (!m || !log) {
        free(m);
        ippon_game_log_free(log);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    sink k = { .log = log, .steps = json_array(), .first_dealer = first_dealer(actions, rules->players) };
    ippon_match_init(m, rules, k.first_dealer);
    int rc = replay(m, &k, rules, seeds, actions, err, errlen);
    if (rc == 0) {
        out->tenhou = ippon_game_log_tenhou(log);
        out->mjai = ippon_game_log_mjai(log);
        out->steps = json_incref(k.steps);
        out->first_dealer = k.first_dealer;
        out->players = rules->players;
        out->hands = json_array_size(seeds) ? ippon_match_hand_number(m) + 1 : 0;
        out->over = ippon_match_phase(m) == IPPON_PHASE_OVER;
        for (int s = 0; s < rules->players; s++)
            out->final_points[s] = ippon_match_points(m, s);
        if (!out->tenhou || !out->mjai || !out->steps || (bots && mark_bots(out, rules, bots) != 0)) {
            ippon_replay_logs_free(out);
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
    }
    json_decref(k.steps);
    ippon_game_log_free(log);
    free(m);
    return rc;
}

void ippon_replay_logs_free(ippon_replay_logs *logs)
{
    json_decref(logs->tenhou);
    json_decref(logs->mjai);
    json_decref(logs->steps);
    logs->tenhou = logs->mjai = logs->steps = NULL;
}
