/*
 * test_mjai_client.c — the AI's side of a seat over mjai (include/ippon/mjai_client.h) on lines
 * written by hand, as gimite/mjai's server writes them (start_kyoku without scores) and as
 * ippon's stream does; every expected value worked out by hand from the lines and the rule book
 * (src/core/RULES.md: kuikae, riichi, kita).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "ippon/mjai_client.h"

static int read_line(ippon_mjai_client *c, const char *line)
{
    char error[200];
    int rc = ippon_mjai_client_read(c, line, error, sizeof error);
    if (rc == IPPON_MJAI_CLIENT_BAD)
        print_message("refused %s: %s\n", line, error);
    return rc;
}

static int code(int tile) { return ippon_tile_code((ippon_tile)tile, (const uint8_t[3]){ 1, 1, 1 }); }

/* 4p, gimite-style: another seat's discard ponned, kuikae, the pon's discard, a refused line */
static void pon_and_kuikae(void **state)
{
    (void)state;
    ippon_mjai_client *c = ippon_mjai_client_new(NULL);
    assert_int_equal(read_line(c, "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"],\"id\":1}"),
                     IPPON_MJAI_CLIENT_ANSWER);
    assert_string_equal(ippon_mjai_client_answer(c, NULL), "{\"type\":\"none\"}");
    assert_string_equal(ippon_mjai_client_rules(c)->name, "yonma");
    assert_int_equal(read_line(c, "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"
                                  "\"oya\":0,\"dora_marker\":\"1s\",\"tehais\":[[\"?\"],[\"1m\",\"2m\",\"3m\",\"4p\","
                                  "\"5pr\",\"6p\",\"7s\",\"8s\",\"9s\",\"E\",\"E\",\"P\",\"C\"],[\"?\"],[\"?\"]]}"),
                     IPPON_MJAI_CLIENT_ANSWER);
    const ippon_view *v = ippon_mjai_client_view(c);
    assert_int_equal(v->seat, 1);
    assert_int_equal(v->seats[1].wind, 1);       /* oya 0: seat 1 is South */
    assert_int_equal(v->seats[3].points, 25000); /* no scores: yonma's starting points */
    assert_int_equal(v->n_hand, 13);
    assert_int_equal(code(v->hand[4]), IPPON_RED_5P);
    assert_int_equal(v->live_tiles, 70); /* 136 − 14 − 4·13 */
    assert_int_equal(v->n_dora, 1);
    assert_int_equal(read_line(c, "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"?\"}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(v->live_tiles, 69);
    assert_int_equal(v->seats[0].n_concealed, 14);
    ippon_mjai_client_answer(c, NULL);
    /* East from seat 0, pon offered: pon (E E), then pass */
    const char *pon = "{\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"E\",\"consumed\":[\"E\",\"E\"]}";
    char line[300];
    snprintf(line, sizeof line, "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"E\",\"tsumogiri\":true,\"possible_actions\":[%s]}", pon);
    assert_int_equal(read_line(c, line), IPPON_MJAI_CLIENT_DECIDE);
    assert_int_equal(v->phase, IPPON_PHASE_OFFER);
    assert_int_equal(v->offer_from, 0);
    assert_int_equal(ippon_tile_kind(v->offer_tile), IPPON_EAST);
    assert_int_equal(v->n_legal, 2);
    assert_int_equal(v->legal[0].type, IPPON_ACT_PON);
    assert_int_equal(ippon_tile_kind(v->legal[0].with[0]), IPPON_EAST);
    assert_int_equal(ippon_tile_kind(v->legal[0].with[1]), IPPON_EAST);
    assert_true(v->legal[0].with[0] != v->legal[0].with[1]);
    assert_int_equal(v->legal[1].type, IPPON_ACT_PASS);
    ippon_action chosen = v->legal[0];
    assert_string_equal(ippon_mjai_client_answer(c, &chosen), pon); /* the entry offered, as it came */
    /* the pon: the seat discards, not East (kuikae): 11 tiles of 11 codes, East gone */
    assert_int_equal(read_line(c, pon), IPPON_MJAI_CLIENT_DECIDE);
    assert_int_equal(v->n_hand, 11);
    assert_int_equal(v->seats[1].n_melds, 1);
    assert_int_equal(v->seats[1].melds[0].from, 0);
    assert_int_equal(v->seats[1].melds[0].called, v->seats[0].discards[0].tile);
    assert_int_equal(v->seats[0].discards[0].flags, IPPON_DISCARD_TSUMOGIRI | IPPON_DISCARD_CALLED);
    assert_int_equal(v->phase, IPPON_PHASE_TURN);
    assert_int_equal(v->drawn, -1);
    assert_int_equal(v->n_legal, 11);
    for (int i = 0; i < v->n_legal; i++)
        assert_true(v->legal[i].type == IPPON_ACT_DISCARD && ippon_tile_kind(v->legal[i].tile) != IPPON_EAST);
    chosen = v->legal[4]; /* 1m 2m 3m 4p 5pr: the red five */
    assert_string_equal(ippon_mjai_client_answer(c, &chosen),
                        "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"5pr\",\"tsumogiri\":false}");
    assert_int_equal(read_line(c, "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"5pr\",\"tsumogiri\":false}"),
                     IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(v->n_hand, 10);
    /* East again: the seat holds none now; refused, and nothing changes */
    ippon_view before = *v;
    char error[200];
    assert_int_equal(ippon_mjai_client_read(c, "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"E\",\"tsumogiri\":false}",
                                            error, sizeof error),
                     IPPON_MJAI_CLIENT_BAD);
    assert_string_equal(error, "dahai: seat 1 holds 10 tiles");
    assert_memory_equal(&before, v, offsetof(ippon_view, legal));
    assert_int_equal(ippon_mjai_client_read(c, "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"?\"}", error, sizeof error),
                     IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(ippon_mjai_client_read(c, "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"5p\",\"tsumogiri\":true}",
                                            error, sizeof error),
                     IPPON_MJAI_CLIENT_ANSWER); /* nothing offered: none */
    assert_int_equal(ippon_mjai_client_read(c, "{\"type\":\"fly\"}", error, sizeof error), IPPON_MJAI_CLIENT_BAD);
    assert_int_equal(ippon_mjai_client_read(c, "{\"type\":\"error\",\"message\":\"x\"}", error, sizeof error),
                     IPPON_MJAI_CLIENT_SILENT);
    ippon_mjai_client_free(c);
}

/* 4p: reach offered; the one riichi discard, answered reach then its dahai on the echo */
static void riichi(void **state)
{
    (void)state;
    ippon_mjai_client *c = ippon_mjai_client_new(ippon_rules_preset("yonma"));
    assert_int_equal(read_line(c, "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"],\"id\":0}"),
                     IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"
                                  "\"oya\":0,\"scores\":[25000,25000,25000,25000],\"dora_marker\":\"F\",\"tehais\":[[\"1m\","
                                  "\"2m\",\"3m\",\"4p\",\"5p\",\"6p\",\"7s\",\"8s\",\"9s\",\"1p\",\"1p\",\"2s\",\"3s\"],"
                                  "[\"?\"],[\"?\"],[\"?\"]]}"),
                     IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"9p\",\"possible_actions\":"
                                  "[{\"type\":\"reach\",\"actor\":0}]}"),
                     IPPON_MJAI_CLIENT_DECIDE);
    const ippon_view *v = ippon_mjai_client_view(c);
    /* one discard per code in the hand's order 1m 2m 3m 1p 4p 5p 6p 9p 2s 3s 7s 8s 9s, and after
       9p its riichi: 9p away leaves 123m 456p 789s 11p 23s, waiting on 1s-4s */
    assert_int_equal(v->n_legal, 14);
    assert_int_equal(ippon_tile_kind(v->legal[7].tile), IPPON_9P);
    assert_false(v->legal[7].riichi);
    assert_int_equal(ippon_tile_kind(v->legal[8].tile), IPPON_9P);
    assert_true(v->legal[8].riichi);
    for (int i = 0; i < v->n_legal; i++)
        assert_true(v->legal[i].type == IPPON_ACT_DISCARD && (i == 8) == v->legal[i].riichi);
    ippon_action chosen = v->legal[8];
    assert_string_equal(ippon_mjai_client_answer(c, &chosen), "{\"type\":\"reach\",\"actor\":0}");
    assert_int_equal(read_line(c, "{\"type\":\"reach\",\"actor\":0}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_string_equal(ippon_mjai_client_answer(c, NULL), "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"9p\",\"tsumogiri\":true}");
    assert_int_equal(read_line(c, "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"9p\",\"tsumogiri\":true}"),
                     IPPON_MJAI_CLIENT_ANSWER);
    assert_true(v->seats[0].riichi);
    assert_true(v->seats[0].double_riichi); /* the first discard, nothing called before */
    assert_int_equal(v->seats[0].discards[0].flags, IPPON_DISCARD_TSUMOGIRI | IPPON_DISCARD_RIICHI);
    assert_int_equal(read_line(c, "{\"type\":\"reach_accepted\",\"actor\":0}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(v->seats[0].points, 24000);
    assert_int_equal(v->sticks, 1);
    /* in riichi: the tile drawn alone; a default (no choice) is its tsumogiri */
    assert_int_equal(read_line(c, "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"?\"}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"N\",\"tsumogiri\":true}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"?\"}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"N\",\"tsumogiri\":true}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"tsumo\",\"actor\":3,\"pai\":\"?\"}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"dahai\",\"actor\":3,\"pai\":\"N\",\"tsumogiri\":true}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(read_line(c, "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"C\"}"), IPPON_MJAI_CLIENT_DECIDE);
    assert_int_equal(v->n_legal, 1);
    assert_string_equal(ippon_mjai_client_answer(c, NULL), "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"C\",\"tsumogiri\":true}");
    ippon_mjai_client_free(c);
}

/* 3p: kita offered after the discards and answered with its entry; chi refused under sanma */
static void kita(void **state)
{
    (void)state;
    ippon_mjai_client *c = ippon_mjai_client_new(NULL);
    assert_int_equal(read_line(c, "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\"],\"id\":2}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_string_equal(ippon_mjai_client_rules(c)->name, "sanma");
    assert_int_equal(read_line(c, "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,"
                                  "\"oya\":2,\"dora_marker\":\"9m\",\"tehais\":[[\"?\"],[\"?\"],[\"1m\",\"9m\",\"1p\",\"2p\","
                                  "\"3p\",\"5sr\",\"6s\",\"7s\",\"N\",\"N\",\"P\",\"F\",\"C\"]]}"),
                     IPPON_MJAI_CLIENT_ANSWER);
    const ippon_view *v = ippon_mjai_client_view(c);
    assert_int_equal(v->live_tiles, 55); /* 108 − 14 − 3·13 */
    assert_int_equal(v->seats[0].points, 35000);
    const char *kita = "{\"type\":\"kita\",\"actor\":2,\"pai\":\"N\"}";
    char line[200];
    snprintf(line, sizeof line, "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"S\",\"possible_actions\":[%s]}", kita);
    assert_int_equal(read_line(c, line), IPPON_MJAI_CLIENT_DECIDE);
    /* 13 codes (N once), then kita */
    assert_int_equal(v->n_legal, 14);
    assert_int_equal(v->legal[13].type, IPPON_ACT_KITA);
    assert_int_equal(ippon_tile_kind(v->legal[13].tile), IPPON_NORTH);
    ippon_action chosen = v->legal[13];
    assert_string_equal(ippon_mjai_client_answer(c, &chosen), kita);
    assert_int_equal(read_line(c, "{\"type\":\"nukidora\",\"actor\":2,\"pai\":\"N\"}"), IPPON_MJAI_CLIENT_ANSWER);
    assert_int_equal(v->seats[2].n_kita, 1);
    assert_int_equal(v->n_hand, 13);
    char error[200];
    assert_int_equal(ippon_mjai_client_read(c, "{\"type\":\"chi\",\"actor\":0,\"target\":2,\"pai\":\"N\",\"consumed\":[\"1p\",\"2p\"]}",
                                            error, sizeof error),
                     IPPON_MJAI_CLIENT_BAD);
    ippon_mjai_client_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pon_and_kuikae),
        cmocka_unit_test(riichi),
        cmocka_unit_test(kita),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
