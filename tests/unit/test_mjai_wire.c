/*
 * test_mjai_wire.c — one seat over mjai (include/ippon/mjai.h) on scripted walls, every line
 * worked out by hand from the mjai format (gimite/mjai's messages, Mortal's libriichi's fields):
 *   4p (yonma: red fives, first dealer 0): the messages of seat 1 from start_game to seat 0's
 *   red 5p discard carrying seat 1's pon as possible_actions; seat 0's own first tsumo without
 *   them; seat 1's pon answered, then a tsumogiri after a call refused for the clock's default
 *   (the last tile kuikae allows: East); every kind of bad answer on seat 0's turn, each with its
 *   reason and the tsumogiri of the drawn tile; an action when nothing was asked.
 *   4p (tenhou4, abortive draws): nine terminal and honor kinds on the first draw offered as
 *   ryukyoku (kyushukyuhai), answered so: ryukyoku 九種九牌 with no payments, end_kyoku, and the
 *   next hand's start_kyoku once it is dealt.
 *   3p (sanma, first dealer 1): the dealer's drawn North offered as kita, answered "nukidora",
 *   seen by the next seat as {"type":"kita"} followed by a hidden replacement tsumo.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ippon/mjai.h"
#include "match_script.h"

static const char *const NAMES[4] = { "A", "B", "C", "D" };

/* feeds the events of the last start or apply to every stream */
static void feed(ms *s, ippon_mjai_seat **seats)
{
    for (int i = s->last; i < s->n_log; i++)
        for (int p = 0; p < s->players; p++)
            ippon_mjai_seat_event(seats[p], &s->log[i]);
}

static void expect(ippon_mjai_seat *seat, const char *line, bool asks)
{
    bool got_asks;
    const char *got = ippon_mjai_seat_next(seat, &got_asks);
    assert_non_null(got);
    assert_string_equal(got, line);
    assert_int_equal(got_asks, asks);
}

static void pass_over(ippon_mjai_seat *seat, int n)
{
    for (int i = 0; i < n; i++)
        assert_non_null(ippon_mjai_seat_next(seat, NULL));
}

static void ask(ms *s, ippon_mjai_seat *seat, int table_seat)
{
    ippon_action legal[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(s->m, table_seat, legal, IPPON_MAX_LEGAL);
    assert_true(n > 0);
    ippon_mjai_seat_ask(seat, legal, n);
}

static void yonma_start(ms **out, ippon_mjai_seat **seats)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "0p19m19p15s123456z", "55p123m456s789s11z", "234m678m234s2233z",
                                      "111p999p11s99s444z" },
                            .draws = "7z", .dora = "8p" });
    for (int p = 0; p < 4; p++)
        seats[p] = ippon_mjai_seat_new(s->rules, p, NAMES);
    s->last = 0;
    feed(s, seats);
    *out = s;
}

static void free_seats(ippon_mjai_seat **seats, int n)
{
    for (int p = 0; p < n; p++)
        ippon_mjai_seat_free(seats[p]);
}

#define HIDDEN13 "[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"]"

static void yonma_pon_offer_on_red_five(void **state)
{
    (void)state;
    ms *s;
    ippon_mjai_seat *seats[4];
    yonma_start(&s, seats);
    ask(s, seats[0], 0);
    expect(seats[1], "{\"type\":\"start_game\",\"names\":[\"A\",\"B\",\"C\",\"D\"],\"id\":1}", false);
    expect(seats[1],
           "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\"oya\":0,"
           "\"scores\":[25000,25000,25000,25000],\"tehais\":[" HIDDEN13 ",[\"1m\",\"2m\",\"3m\",\"5p\",\"5p\",\"4s\","
           "\"5s\",\"6s\",\"7s\",\"8s\",\"9s\",\"E\",\"E\"]," HIDDEN13 "," HIDDEN13 "],\"dora_marker\":\"8p\"}",
           false);
    expect(seats[1], "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}", false);
    assert_null(ippon_mjai_seat_next(seats[1], NULL));
    /* seat 0: its own tiles, its draw; only discards offered, so no possible_actions */
    pass_over(seats[0], 1);
    bool asks;
    const char *kyoku = ippon_mjai_seat_next(seats[0], &asks);
    assert_non_null(strstr(kyoku, "[\"1m\",\"9m\",\"1p\",\"5pr\",\"9p\",\"1s\",\"5s\",\"E\",\"S\",\"W\",\"N\",\"P\",\"F\"]"));
    expect(seats[0], "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"C\"}", true);

    ippon_action a;
    char error[200];
    assert_int_equal(ippon_mjai_seat_answer(seats[0], "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5pr\",\"tsumogiri\":false}",
                                            &a, error, sizeof error),
                     IPPON_MJAI_ACT);
    assert_string_equal(error, "");
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_int_equal(a.tile, 52); /* the red 5p: copy 0 of kind 13 */
    ms_ok(s, a);
    feed(s, seats);
    ask(s, seats[1], 1);
    expect(seats[1],
           "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5pr\",\"tsumogiri\":false,\"possible_actions\":[{\"type\":\"pon\","
           "\"actor\":1,\"target\":0,\"pai\":\"5pr\",\"consumed\":[\"5p\",\"5p\"]}]}",
           true);
    pass_over(seats[2], 3); /* start_game, start_kyoku, seat 0's tsumo */
    expect(seats[2], "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5pr\",\"tsumogiri\":false}", false);

    /* the pon, then a tsumogiri with no tile drawn: the default is the last tile kuikae allows */
    assert_int_equal(ippon_mjai_seat_answer(
                         seats[1], "{\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"5pr\",\"consumed\":[\"5p\",\"5p\"]}",
                         &a, error, sizeof error),
                     IPPON_MJAI_ACT);
    assert_string_equal(error, "");
    assert_int_equal(a.type, IPPON_ACT_PON);
    ms_ok(s, a);
    feed(s, seats);
    ask(s, seats[1], 1);
    expect(seats[1], "{\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"5pr\",\"consumed\":[\"5p\",\"5p\"]}", true);
    assert_int_equal(ippon_mjai_seat_answer(seats[1], "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"E\",\"tsumogiri\":true}",
                                            &a, error, sizeof error),
                     IPPON_MJAI_ACT);
    assert_string_equal(error, "tsumogiri: no tile was drawn (a discard after a call)");
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_int_equal(ippon_tile_kind(a.tile), IPPON_EAST);
    ms_ok(s, a);
    free_seats(seats, 4);
}

static void yonma_bad_answers_take_the_drawn_tile(void **state)
{
    (void)state;
    ms *s;
    ippon_mjai_seat *seats[4];
    yonma_start(&s, seats);
    static const struct { const char *line, *error; } bad[] = {
        { "{\"type\":", "malformed JSON" },
        { "[1]", "an answer is a JSON object" },
        { "{}", "type missing" },
        { "{\"type\":\"fly\",\"actor\":0}", "unknown type \"fly\"" },
        { "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"C\",\"tsumogiri\":true}", "actor must be 0, this seat" },
        { "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"2m\",\"tsumogiri\":false}", "2m is not in the hand" },
        { "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"C\",\"tsumogiri\":false}",
          "tsumogiri is false, but the only C held is the tile just drawn" },
        { "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":true}", "tsumogiri, but the tile drawn is C" },
        { "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"Z\"}", "pai is not a tile" },
        { "{\"type\":\"pon\",\"actor\":0,\"consumed\":[\"1m\",\"1m\"]}", "pon is not offered now" },
        { "{\"type\":\"none\"}", "none on the seat's own turn: a dahai is needed" },
        { "{\"type\":\"reach\",\"actor\":0}", "reach is not possible now" },
        { "{\"type\":\"hora\",\"actor\":0}", "hora is not possible now" },
        { "{\"type\":\"nukidora\",\"actor\":0}", "kita is not offered now" },
        { "{\"type\":\"ryukyoku\",\"actor\":0,\"reason\":\"kyushukyuhai\"}", "ryukyoku (kyushukyuhai) is not offered now" },
        { "{\"type\":\"ankan\",\"actor\":0,\"consumed\":[\"E\",\"E\",\"E\",\"E\"]}", "ankan is not offered now" },
    };
    char error[200];
    ippon_action a;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ask(s, seats[0], 0);
        assert_int_equal(ippon_mjai_seat_answer(seats[0], bad[i].line, &a, error, sizeof error), IPPON_MJAI_ACT);
        if (strncmp(error, bad[i].error, strlen(bad[i].error)))
            fail_msg("%s: error \"%s\", expected \"%s…\"", bad[i].line, error, bad[i].error);
        assert_int_equal(a.type, IPPON_ACT_DISCARD);
        assert_false(a.riichi);
        assert_int_equal(a.tile, ippon_match_drawn_tile(s->m, 0)); /* the 7z just drawn */
        assert_int_equal(ippon_tile_kind(a.tile), IPPON_CHUN);
        assert_false(ippon_mjai_seat_asked(seats[0]));
    }
    /* nothing asked: an action is an error and nothing for the table; none is fine */
    assert_int_equal(ippon_mjai_seat_answer(seats[2], "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"2m\"}", &a, error, sizeof error),
                     IPPON_MJAI_NOTHING);
    assert_string_equal(error, "nothing was asked: the answer is none");
    assert_int_equal(ippon_mjai_seat_answer(seats[2], "{\"type\":\"none\"}", &a, error, sizeof error), IPPON_MJAI_NOTHING);
    assert_string_equal(error, "");
    assert_int_equal(ippon_mjai_seat_answer(seats[2], "\x01\xff", &a, NULL, 0), IPPON_MJAI_NOTHING);
    free_seats(seats, 4);
}

static void sanma_kita_answered_as_nukidora(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 1);
    ms_start(s, &(ms_deal){ .hand = { "9m22p33p44s5s88s9s2z6p", "0p19p15s1234567z1m", "234p678p234s678s5s" },
                            .draws = "4z", .repl = "3z", .dora = "2s" });
    ippon_mjai_seat *seats[3];
    for (int p = 0; p < 3; p++)
        seats[p] = ippon_mjai_seat_new(s->rules, p, NAMES);
    s->last = 0;
    feed(s, seats);
    ask(s, seats[1], 1);
    /* table seat 1 deals the first hand: it is mjai seat 0, table seat 2 is mjai seat 1 */
    assert_int_equal(ippon_mjai_seat_id(seats[1]), 0);
    assert_int_equal(ippon_mjai_seat_id(seats[2]), 1);
    pass_over(seats[1], 1);
    bool asks;
    const char *kyoku = ippon_mjai_seat_next(seats[1], &asks);
    assert_non_null(strstr(kyoku, "\"tehais\":[[\"1m\",\"1p\",\"5pr\",\"9p\",\"1s\",\"5s\",\"E\",\"S\",\"W\",\"N\",\"P\",\"F\",\"C\"],"
                                  HIDDEN13 "," HIDDEN13 "]"));
    expect(seats[1], "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"N\",\"possible_actions\":[{\"type\":\"kita\",\"actor\":0,\"pai\":\"N\"}]}",
           true);
    ippon_action a;
    char error[200];
    assert_int_equal(ippon_mjai_seat_answer(seats[1], "{\"type\":\"nukidora\",\"actor\":0,\"pai\":\"N\"}", &a, error, sizeof error),
                     IPPON_MJAI_ACT);
    assert_string_equal(error, "");
    assert_int_equal(a.type, IPPON_ACT_KITA);
    ms_ok(s, a);
    feed(s, seats);
    pass_over(seats[2], 3);
    expect(seats[2], "{\"type\":\"kita\",\"actor\":0,\"pai\":\"N\"}", false);
    expect(seats[2], "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}", false);
    assert_null(ippon_mjai_seat_next(seats[2], NULL));
    free_seats(seats, 3);
}

static void tenhou4_kyuushu_kyuuhai(void **state)
{
    (void)state;
    ms *s = ms_new("tenhou4", 0);
    ms_start(s, &(ms_deal){ .hand = { "19m19p19s1234z234m" }, .draws = "8m" });
    ippon_mjai_seat *seats[4];
    for (int p = 0; p < 4; p++)
        seats[p] = ippon_mjai_seat_new(s->rules, p, NAMES);
    s->last = 0;
    feed(s, seats);
    ask(s, seats[0], 0);
    pass_over(seats[0], 2);
    expect(seats[0],
           "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"8m\",\"possible_actions\":[{\"type\":\"ryukyoku\",\"actor\":0,"
           "\"reason\":\"kyushukyuhai\"}]}",
           true);
    ippon_action a;
    char error[200];
    assert_int_equal(ippon_mjai_seat_answer(seats[0], "{\"type\":\"ryukyoku\",\"actor\":0,\"reason\":\"kyushukyuhai\"}", &a,
                                            error, sizeof error),
                     IPPON_MJAI_ACT);
    assert_string_equal(error, "");
    assert_int_equal(a.type, IPPON_ACT_KYUUSHU);
    ms_ok(s, a);
    feed(s, seats);
    bool asks;
    const char *line = ippon_mjai_seat_next(seats[0], &asks);
    assert_non_null(line);
    assert_non_null(strstr(line, "{\"type\":\"ryukyoku\",\"reason\":\"九種九牌\",\"deltas\":[0,0,0,0],"));
    assert_null(ippon_mjai_seat_next(seats[0], NULL));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_NEED_WALL);
    ms_start(s, &(ms_deal){ .draws = "" });
    s->last = 0;
    feed(s, seats);
    expect(seats[0], "{\"type\":\"end_kyoku\"}", false);
    line = ippon_mjai_seat_next(seats[0], NULL);
    assert_non_null(strstr(line, "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":1,"));
    free_seats(seats, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(yonma_pon_offer_on_red_five, ms_teardown),
        cmocka_unit_test_teardown(yonma_bad_answers_take_the_drawn_tile, ms_teardown),
        cmocka_unit_test_teardown(tenhou4_kyuushu_kyuuhai, ms_teardown),
        cmocka_unit_test_teardown(sanma_kita_answered_as_nukidora, ms_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
