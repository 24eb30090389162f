/*
 * replay_logs.c — replaying a stored match into its logs (replay_logs.h).
 *
 * How it works: the match starts with the dealer of the first action; each hand's wall comes
 * from its seed (fairness.c), exactly as the table dealt it; the hand's actions are read back
 * through the protocol's reader (protocol.c, the same code that reads a player's "act") and
 * applied in their stored order. Every event the core reports goes to the log writer. A seed
 * or an action that the core refuses stops the replay with an error naming it.
 */
#include "game/replay_logs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fairness.h"
#include "game_log.h"
#include "ippon/match.h"
#include "game/protocol.h"

static void feed(ippon_game_log *log, const ippon_event *ev, int n)
{
    for (int i = 0; i < n; i++)
        ippon_game_log_event(log, &ev[i]);
}

/* the seat of the first stored action, or 0 */
static int first_dealer(const json_t *actions, int players)
{
    json_int_t seat = json_integer_value(json_array_get(json_array_get(actions, 0), 1));
    return seat >= 0 && seat < players ? (int)seat : 0;
}

static int deal(ippon_match *m, ippon_game_log *log, const ippon_rules *rules, const json_t *seeds, int hand,
                char *err, size_t errlen)
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
    feed(log, ev, ne);
    return 0;
}

static int replay(ippon_match *m, ippon_game_log *log, const ippon_rules *rules, const json_t *seeds,
                  const json_t *actions, char *err, size_t errlen)
{
    int hands = (int)json_array_size(seeds);
    if (hands == 0)
        return 0;
    if (deal(m, log, rules, seeds, 0, err, errlen) != 0)
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
            if (deal(m, log, rules, seeds, ippon_match_hand_number(m) + 1, err, errlen) != 0)
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
        feed(log, ev, ne);
    }
    /* hands dealt after the last action (a match closed right after a deal) */
    while (ippon_match_phase(m) == IPPON_PHASE_NEED_WALL && ippon_match_hand_number(m) + 1 < hands)
        if (deal(m, log, rules, seeds, ippon_match_hand_number(m) + 1, err, errlen) != 0)
            return -1;
    return 0;
}

int ippon_replay_logs_build(const char *rules_name, const json_t *seeds, const json_t *actions,
                           const char *const *names, const char *title, const char *subtitle,
                           ippon_replay_logs *out, char *err,
                           size_t errlen)
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
    ippon_match_init(m, rules, first_dealer(actions, rules->players));
    int rc = replay(m, log, rules, seeds, actions, err, errlen);
    if (rc == 0) {
        out->tenhou = ippon_game_log_tenhou(log);
        out->mjai = ippon_game_log_mjai(log);
        out->players = rules->players;
        out->hands = json_array_size(seeds) ? ippon_match_hand_number(m) + 1 : 0;
        out->over = ippon_match_phase(m) == IPPON_PHASE_OVER;
        for (int s = 0; s < rules->players; s++)
            out->final_points[s] = ippon_match_points(m, s);
        if (!out->tenhou || !out->mjai) {
            ippon_replay_logs_free(out);
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
    }
    ippon_game_log_free(log);
    free(m);
    return rc;
}

void ippon_replay_logs_free(ippon_replay_logs *logs)
{
    json_decref(logs->tenhou);
    json_decref(logs->mjai);
    logs->tenhou = logs->mjai = NULL;
}
