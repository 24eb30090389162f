/*
 * test_tools_tenhou_log.c — the tenhou.net/6 reader (src/logs/tenhou_log.c) and the replay
 * of a hand through the engine (tenhou_replay.c): a real hand is read and replayed, and the
 * headers and entries the fuzz target fuzz_tenhou_log found dangerous are refused with a message:
 *
 *   - a negative round made the dealer seat -1 and the walk read the columns at index -1
 *     (a round past 15, a match played on past North 4, is read: round_past_north_4_is_read);
 *   - scores (or honba, sticks) near INT_MAX overflowed the engine's point sums when replayed;
 *   - a riichi entry was read with sscanf("%d"), so "r35x" passed as r35 and a number past
 *     INT_MAX was undefined behaviour.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <jansson.h>

#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/tenhou_log.h"
#include "ippon/tenhou_replay.h"

/* hand `index` of sample game `name` (a new reference) */
static json_t *sample_hand_of(const char *name, size_t index)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/replay/samples/%s", IPPON_TEST_SOURCE_DIR, name);
    json_error_t jerr;
    json_t *game = json_load_file(path, 0, &jerr);
    if (!game)
        fail_msg("%s: %s", path, jerr.text);
    json_t *hand = json_deep_copy(json_array_get(json_object_get(game, "log"), index));
    json_decref(game);
    assert_non_null(hand);
    return hand;
}

/* the first hand of a real 4-player game that ends in an exhaustive draw (a new reference) */
static json_t *sample_hand(void)
{
    return sample_hand_of("tenhou4-ryukyoku.json", 0);
}

/* read hand for 4 players: the return code, the message in err */
static int read_hand(const json_t *hand, char *err, size_t cap)
{
    tenhou_hand *h = malloc(sizeof *h);
    assert_non_null(h);
    err[0] = '\0';
    int rc = tenhou_hand_read(hand, 4, h, err, cap);
    free(h);
    return rc;
}

/* the replay's answer for hand under tenhou4 (a new reference) */
static json_t *replay(const json_t *hand)
{
    ippon_match *m = malloc(ippon_match_size());
    tenhou_hand *h = malloc(sizeof *h);
    assert_non_null(m);
    assert_non_null(h);
    json_t *out = tenhou_replay_hand(ippon_rules_preset("tenhou4"), hand, m, h);
    free(m);
    free(h);
    assert_non_null(out);
    return out;
}

static void expect_refused(const json_t *hand, const char *want_in_error)
{
    char err[200];
    assert_int_equal(read_hand(hand, err, sizeof err), -1);
    if (!strstr(err, want_in_error))
        fail_msg("expected \"%s\" in \"%s\"", want_in_error, err);
    json_t *out = replay(hand);
    const char *message = json_string_value(json_object_get(out, "error"));
    assert_non_null(message);
    assert_non_null(strstr(message, want_in_error));
    json_decref(out);
}

static void real_hand_reads_and_replays(void **state)
{
    (void)state;
    json_t *hand = sample_hand();
    char err[200];
    assert_int_equal(read_hand(hand, err, sizeof err), 0);
    json_t *out = replay(hand);
    assert_null(json_object_get(out, "error"));
    assert_string_equal(json_string_value(json_object_get(out, "draw")), "流局");
    assert_int_equal(json_array_size(json_object_get(out, "deltas")), 4);
    json_decref(out);
    json_decref(hand);
}

static void header_out_of_range_is_refused(void **state)
{
    (void)state;
    json_t *hand = sample_hand();
    json_t *head = json_array_get(hand, 0);
    json_array_set_new(head, 0, json_integer(-1)); /* was: the dealer seat -1, columns read at -1 */
    expect_refused(hand, "bad header: the round must be an integer");
    json_array_set_new(head, 0, json_string("0"));
    expect_refused(hand, "the round must be an integer");
    json_array_set_new(head, 0, json_real(16.5));
    expect_refused(hand, "the round must be an integer");
    json_array_set_new(head, 0, json_integer((json_int_t)INT_MAX + 1));
    expect_refused(hand, "the round must be an integer");
    json_array_set_new(head, 0, json_integer(0));
    json_array_set_new(head, 1, json_integer(2147483647));
    expect_refused(hand, "honba and sticks");
    json_array_set_new(head, 1, json_integer(0));
    json_array_set_new(head, 2, json_integer(-1));
    expect_refused(hand, "honba and sticks");
    json_array_set_new(head, 2, json_integer(1001));
    expect_refused(hand, "honba and sticks");
    json_array_set_new(head, 2, json_integer(1000)); /* the limits themselves are fine */
    json_array_set_new(head, 1, json_integer(1000));
    char err[200];
    assert_int_equal(read_hand(hand, err, sizeof err), 0);
    json_decref(hand);
}

/* the round wind tenhou_hand_read gives the header's round put on the first hand of `game`, a
   hand dealt by seat 0 (so the rounds asked are multiples of 4: the columns start with the dealer) */
static void expect_round_read(const char *game, int players, json_int_t round, int round_wind)
{
    json_t *hand = sample_hand_of(game, 0);
    json_array_set_new(json_array_get(hand, 0), 0, json_integer(round));
    tenhou_hand *h = malloc(sizeof *h);
    assert_non_null(h);
    char err[200] = "";
    if (tenhou_hand_read(hand, players, h, err, sizeof err) != 0)
        fail_msg("round %lld for %d players refused: %s", (long long)round, players, err);
    assert_int_equal(h->dealer, 0);
    assert_int_equal(h->round_wind, round_wind);
    free(h);
    json_decref(hand);
}

/* A single-hand match plays on past North 4 (src/core/RULES.md §1): a round index of 16 or more is read,
   its wind (round / 4) taken modulo the players' cycle of winds as the engine plays it (4p
   E S W N, 3p E S W). Was: refused as "bad header: round 0..15". */
static void round_past_north_4_is_read(void **state)
{
    (void)state;
    const char *yonma = "tenhou4-ryukyoku.json", *sanma = "tenhou3-2024123123gm-00b9-0000-4a3a3639.json";
    expect_round_read(yonma, 4, 12, 3);          /* North 1 */
    expect_round_read(yonma, 4, 16, 0);          /* wind 4: East again */
    expect_round_read(yonma, 4, 20, 1);          /* wind 5: South */
    expect_round_read(yonma, 4, 4 * 1003, 3);    /* wind 1003 = 4 x 250 + 3: North */
    expect_round_read(yonma, 4, INT_MAX - 3, 3); /* wind 536870911 = 4 x 134217727 + 3: North */
    expect_round_read(sanma, 3, 8, 2);           /* West 1 */
    expect_round_read(sanma, 3, 12, 0);          /* wind 3: East after West */
    expect_round_read(sanma, 3, 16, 1);          /* wind 4: South */
    expect_round_read(sanma, 3, 20, 2);          /* wind 5: West */
    expect_round_read(sanma, 3, INT_MAX - 3, 1); /* wind 536870911 = 3 x 178956970 + 1: South */
}

/* a real South 1 hand won on the round wind alone (場風 南, 30 fu 1 han, 1,500) replays the same
   with its round counted on by 16 (20: wind 5, South again) — and as East 1 (16) it has no yaku,
   so the wind is really taken from the round */
static void hand_with_round_past_15_replays(void **state)
{
    (void)state;
    json_t *hand = sample_hand_of("tenhou4-confusing_nakis_5.json", 0);
    json_t *head = json_array_get(hand, 0);
    assert_int_equal(json_integer_value(json_array_get(head, 0)), 4);
    json_t *south1 = replay(hand);
    assert_null(json_object_get(south1, "error"));
    json_array_set_new(head, 0, json_integer(20));
    json_t *counted_on = replay(hand);
    assert_null(json_object_get(counted_on, "error"));
    assert_true(json_equal(south1, counted_on));
    json_t *deltas = json_object_get(counted_on, "deltas");
    assert_int_equal(json_integer_value(json_array_get(deltas, 0)), 1500);
    assert_int_equal(json_integer_value(json_array_get(deltas, 3)), -1500);
    char *text = json_dumps(counted_on, 0);
    assert_non_null(strstr(text, "場風 南"));
    free(text);
    json_array_set_new(head, 0, json_integer(16));
    json_t *east1 = replay(hand);
    assert_false(json_equal(south1, east1));
    json_decref(east1);
    json_decref(counted_on);
    json_decref(south1);
    json_decref(hand);
}

static void scores_out_of_range_are_refused(void **state)
{
    (void)state;
    json_t *hand = sample_hand();
    json_t *scores = json_array_get(hand, 1);
    for (size_t s = 0; s < 4; s++) /* was: a signed overflow summing them in ippon_match_setup */
        json_array_set_new(scores, s, json_integer(2147483647));
    expect_refused(hand, "bad scores");
    for (size_t s = 0; s < 4; s++)
        json_array_set_new(scores, s, json_integer(s == 2 ? -TENHOU_MAX_SCORE - 1 : 25000));
    expect_refused(hand, "bad scores");
    json_array_set_new(scores, 2, json_real(25000.5));
    expect_refused(hand, "bad scores");
    json_array_set_new(scores, 2, json_integer(-TENHOU_MAX_SCORE));
    char err[200];
    assert_int_equal(read_hand(hand, err, sizeof err), 0);
    json_decref(hand);
}

static void riichi_entry_is_r_and_two_digits(void **state)
{
    (void)state;
    json_t *hand = sample_hand();
    json_t *discards = json_array_get(hand, 6); /* the dealer's (seat 0) discards */
    json_array_set_new(discards, 0, json_string("r35x")); /* was: read as r35 */
    expect_refused(hand, "bad riichi entry");
    json_array_set_new(discards, 0, json_string("r99999999999")); /* was: sscanf overflow */
    expect_refused(hand, "bad riichi entry");
    json_array_set_new(discards, 0, json_string("r"));
    expect_refused(hand, "bad riichi entry");
    json_array_set_new(discards, 0, json_string("r 35"));
    expect_refused(hand, "bad riichi entry");
    json_decref(hand);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_hand_reads_and_replays),
        cmocka_unit_test(header_out_of_range_is_refused),
        cmocka_unit_test(round_past_north_4_is_read),
        cmocka_unit_test(hand_with_round_past_15_replays),
        cmocka_unit_test(scores_out_of_range_are_refused),
        cmocka_unit_test(riichi_entry_is_r_and_two_digits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
