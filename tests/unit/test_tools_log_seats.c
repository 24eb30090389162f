/*
 * test_tools_log_seats.c — the match logs number the seats from the first dealer
 * (src/logs/game_log.c, "Seats"), as tenhou.net/6 and mjai viewers read them.
 *
 * A bot self-play match whose first dealer is table seat 2 (the first match index that draws
 * it), in 4p and in 3p, is written as both logs while the test keeps the core's own events.
 * Log seat r must be table seat (r + 2) mod players everywhere: the names (tenhou's "name",
 * mjai's start_game), every hand's round (the first hand is East 1: round 0, dealer log seat 0),
 * start scores, dealer (mjai oya and kyoku), every win's winner, discarder and deltas, every
 * draw's payments; the title is Tenhou's two-line array. Then each hand of the tenhou.net/6 log
 * is replayed through the engine (src/logs/tenhou_replay.c, as ippon-replay does) and must
 * give the deltas the core paid, turned the same way.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ippon/game_log.h"
#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/selfplay.h"
#include "ippon/tenhou_replay.h"

enum { FIRST = 2, MAX_HANDS = 64 };

/* what the core reported, by table seat */
typedef struct kept {
    ippon_game_log *log;
    int players, hands, first;
    int dealer[MAX_HANDS], round_wind[MAX_HANDS];
    int32_t start_points[MAX_HANDS][4];
    int32_t paid[MAX_HANDS][4]; /* the hand's payments, all its wins or its draw */
    int winners[MAX_HANDS], who[MAX_HANDS][2], from[MAX_HANDS][2];
} kept;

static void on_event(void *ctx, const ippon_event *ev)
{
    kept *k = ctx;
    ippon_game_log_event(k->log, ev);
    if (ev->type == IPPON_EV_HAND_START) {
        assert_true(k->hands < MAX_HANDS);
        int h = k->hands++;
        if (h == 0)
            k->first = ev->u.start.dealer;
        k->dealer[h] = ev->u.start.dealer;
        k->round_wind[h] = ev->u.start.round_wind;
        memcpy(k->start_points[h], ev->u.start.points, sizeof k->start_points[h]);
        return;
    }
    int h = k->hands - 1;
    if (ev->type == IPPON_EV_WIN) {
        for (int s = 0; s < k->players; s++)
            k->paid[h][s] += ev->u.win.score.payments[s];
        if (k->winners[h] < 2) {
            k->who[h][k->winners[h]] = ev->seat;
            k->from[h][k->winners[h]] = ev->u.win.from;
        }
        k->winners[h]++;
    } else if (ev->type == IPPON_EV_DRAW_END || ev->type == IPPON_EV_ABORT) {
        for (int s = 0; s < k->players; s++)
            k->paid[h][s] += ev->u.end.payments[s];
    }
}

/* plays the first match (seed 7, index 0, 1, …) whose first dealer is table seat FIRST */
static void play_with_first_dealer(const ippon_rules *rules, const char *const *names, kept *k)
{
    for (long index = 0; index < 200; index++) {
        memset(k, 0, sizeof *k);
        k->players = rules->players;
        k->log = ippon_game_log_new(rules, names, "ippon 一本勝負", "test match");
        ippon_selfplay_stats st;
        memset(&st, 0, sizeof st);
        assert_int_equal(ippon_selfplay_match(rules, 7, index, false, &st, on_event, k), 0);
        if (k->first == FIRST && k->winners[k->hands - 1] > 0)
            return;
        ippon_game_log_free(k->log);
    }
    fail_msg("no match among 200 had table seat %d as its first dealer", FIRST);
}

static int table_seat(const kept *k, int r) { return (r + FIRST) % k->players; }
static int log_seat(const kept *k, int s) { return (s - FIRST + k->players) % k->players; }

static void check_tenhou(const kept *k, const ippon_rules *rules, const char *const *names)
{
    json_t *t = ippon_game_log_tenhou(k->log);
    const json_t *title = json_object_get(t, "title");
    assert_int_equal(json_array_size(title), 2);
    assert_string_equal(json_string_value(json_array_get(title, 0)), "ippon 一本勝負");
    assert_string_equal(json_string_value(json_array_get(title, 1)), "test match");
    const json_t *name = json_object_get(t, "name");
    assert_int_equal(json_array_size(name), 4);
    for (int r = 0; r < 4; r++)
        assert_string_equal(json_string_value(json_array_get(name, (size_t)r)),
                            r < k->players ? names[table_seat(k, r)] : "");
    const json_t *log = json_object_get(t, "log");
    assert_int_equal((int)json_array_size(log), k->hands);
    ippon_match *m = malloc(ippon_match_size());
    tenhou_hand *scratch = malloc(sizeof *scratch);
    assert_non_null(m);
    assert_non_null(scratch);
    for (int h = 0; h < k->hands; h++) {
        const json_t *hand = json_array_get(log, (size_t)h), *head = json_array_get(hand, 0);
        int round = (int)json_integer_value(json_array_get(head, 0));
        assert_int_equal(round, 4 * k->round_wind[h] + log_seat(k, k->dealer[h]));
        if (h == 0)
            assert_int_equal(round, 0); /* East 1, dealt by log seat 0 */
        for (int r = 0; r < 4; r++)
            assert_int_equal(json_integer_value(json_array_get(json_array_get(hand, 1), (size_t)r)),
                             r < k->players ? k->start_points[h][table_seat(k, r)] : 0);
        const json_t *result = json_array_get(hand, 16);
        for (int w = 0; w < k->winners[h] && w < 2; w++) {
            const json_t *info = json_array_get(result, 2 + 2 * (size_t)w);
            assert_int_equal(json_integer_value(json_array_get(info, 0)), log_seat(k, k->who[h][w]));
            assert_int_equal(json_integer_value(json_array_get(info, 1)), log_seat(k, k->from[h][w]));
        }
        /* the engine replays the hand from the log: the core's payments, turned */
        json_t *replayed = tenhou_replay_hand(rules, hand, m, scratch);
        assert_non_null(replayed);
        if (json_object_get(replayed, "error"))
            fail_msg("hand %d does not replay: %s", h, json_string_value(json_object_get(replayed, "error")));
        const json_t *deltas = json_object_get(replayed, "deltas");
        for (int r = 0; r < k->players; r++)
            assert_int_equal(json_integer_value(json_array_get(deltas, (size_t)r)), k->paid[h][table_seat(k, r)]);
        json_decref(replayed);
    }
    free(scratch);
    free(m);
    json_decref(t);
}

static void check_mjai(const kept *k, const char *const *names)
{
    json_t *events = ippon_game_log_mjai(k->log);
    const json_t *start = json_array_get(events, 0);
    assert_string_equal(json_string_value(json_object_get(start, "type")), "start_game");
    for (int r = 0; r < k->players; r++)
        assert_string_equal(json_string_value(json_array_get(json_object_get(start, "names"), (size_t)r)),
                            names[table_seat(k, r)]);
    int h = -1, w = 0;
    size_t i;
    const json_t *e;
    json_array_foreach(events, i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));
        if (!strcmp(type, "start_kyoku")) {
            h++;
            w = 0;
            int oya = (int)json_integer_value(json_object_get(e, "oya"));
            assert_int_equal(oya, log_seat(k, k->dealer[h]));
            assert_int_equal(json_integer_value(json_object_get(e, "kyoku")), oya + 1);
            if (h == 0)
                assert_int_equal(oya, 0);
        } else if (!strcmp(type, "hora") && w < 2) {
            assert_int_equal(json_integer_value(json_object_get(e, "actor")), log_seat(k, k->who[h][w]));
            assert_int_equal(json_integer_value(json_object_get(e, "target")), log_seat(k, k->from[h][w]));
            w++;
        }
    }
    assert_int_equal(h + 1, k->hands);
    json_decref(events);
}

static void run(const char *preset)
{
    const ippon_rules *rules = ippon_rules_preset(preset);
    assert_non_null(rules);
    const char *const names[4] = { "Seat Zero", "Seat One", "Seat Two", "Seat Three" };
    kept *k = calloc(1, sizeof *k);
    assert_non_null(k);
    play_with_first_dealer(rules, names, k);
    check_tenhou(k, rules, names);
    check_mjai(k, names);
    ippon_game_log_free(k->log);
    free(k);
}

static void yonma(void **state)
{
    (void)state;
    run("yonma");
}

static void sanma(void **state)
{
    (void)state;
    run("sanma");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yonma),
        cmocka_unit_test(sanma),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
