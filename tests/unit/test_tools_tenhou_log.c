/*
 * test_tools_tenhou_log.c — the tenhou.net/6 reader (src/tools/common/tenhou_log.c) and the replay
 * of a hand through the engine (tenhou_replay.c): a real hand is read and replayed, and the
 * headers and entries the fuzz target fuzz_tenhou_log found dangerous are refused with a message:
 *
 *   - a negative round made the dealer seat -1 and the walk read the columns at index -1;
 *   - scores (or honba, sticks) near INT_MAX overflowed the engine's point sums when replayed;
 *   - a riichi entry was read with sscanf("%d"), so "r35x" passed as r35 and a number past
 *     INT_MAX was undefined behaviour.
 */
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
#include "tenhou_log.h"
#include "tenhou_replay.h"

/* the first hand of a real 4-player game that ends in an exhaustive draw (a new reference) */
static json_t *sample_hand(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/replay/samples/tenhou4-ryukyoku.json", IPPON_TEST_SOURCE_DIR);
    json_error_t jerr;
    json_t *game = json_load_file(path, 0, &jerr);
    if (!game)
        fail_msg("%s: %s", path, jerr.text);
    json_t *hand = json_deep_copy(json_array_get(json_object_get(game, "log"), 0));
    json_decref(game);
    assert_non_null(hand);
    return hand;
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
    expect_refused(hand, "bad header");
    json_array_set_new(head, 0, json_integer(16));
    expect_refused(hand, "bad header");
    json_array_set_new(head, 0, json_string("0"));
    expect_refused(hand, "bad header");
    json_array_set_new(head, 0, json_integer(0));
    json_array_set_new(head, 1, json_integer(2147483647));
    expect_refused(hand, "bad header");
    json_array_set_new(head, 1, json_integer(0));
    json_array_set_new(head, 2, json_integer(-1));
    expect_refused(hand, "bad header");
    json_array_set_new(head, 2, json_integer(1001));
    expect_refused(hand, "bad header");
    json_array_set_new(head, 2, json_integer(1000)); /* the limits themselves are fine */
    json_array_set_new(head, 1, json_integer(1000));
    char err[200];
    assert_int_equal(read_hand(hand, err, sizeof err), 0);
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
        cmocka_unit_test(scores_out_of_range_are_refused),
        cmocka_unit_test(riichi_entry_is_r_and_two_digits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
