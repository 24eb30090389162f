/*
 * test_mjai_selfplay.c — whole matches of the built-in bots, every seat spoken to over mjai
 * (include/ippon/mjai.h), in 4p and 3p with red fives (yonma, tenhou4, sanma, tenhou3).
 *
 * Every event goes to every seat's stream (the other seats' private ones included) and every
 * message each seat receives is checked against what the seat may see: another seat's tsumo is
 * "?", start_kyoku shows the seat's own 13 tiles and "?" for every other seat, start_game carries
 * the seat's mjai id (seats numbered from the first dealer). Each decision is asked; the message
 * it follows is marked as asking and carries possible_actions exactly when the core offers more
 * than the discards and the pass. The bot's choice is written as the answer an AI would send (by
 * this test, from the mjai format: dahai with tsumogiri, reach then dahai, chi/pon/daiminkan with
 * consumed, ankan, kakan, hora, kita and nukidora in turn, ryukyoku, none) and read back: it must
 * be the same action, and the match must accept it. Every eleventh decision is answered with
 * garbage instead: it must give an error and exactly the action of ippon_match_timeout_action.
 * The single-hand format: the stream ends with hora, end_kyoku, end_game; an exhaustive draw is
 * followed by end_kyoku and the next start_kyoku.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/bot.h"
#include "ippon/match.h"
#include "ippon/mjai.h"
#include "ippon/wall.h"

enum { MATCHES = 200, MAX_STEPS = 4000 };

typedef struct tally {
    long types[16];   /* messages received, by the index of their type in TYPES */
    long asks, with_possible, garbage, kita_answers, nukidora_answers;
} tally;

static const char *const TYPES[] = { "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan",
                                     "kakan", "ankan", "dora", "reach", "reach_accepted", "hora", "ryukyoku",
                                     "end_kyoku", "end_game" };

typedef struct table {
    const ippon_rules *rules;
    ippon_match *m;
    ippon_mjai_seat *seat[4];
    int players, first;
    char last[4][16];     /* the type of each seat's last message */
    bool kita_seen;
    tally t;
} table;

static uint64_t rng_state; /* ippon_splitmix_word's */

static int mjai_id(const table *tb, int seat) { return (seat - tb->first + tb->players) % tb->players; }

static const char *code_text(const table *tb, int tile)
{
    return ippon_code_to_mjai(ippon_tile_code((ippon_tile)tile, tb->rules->red_fives));
}

/* one message to `seat`: what it may see; asks: whether a decision is marked on it */
static void check_message(table *tb, int seat, const char *line, bool asks, json_t **asked_msg)
{
    json_error_t err;
    json_t *msg = json_loads(line, 0, &err);
    assert_non_null(msg);
    const char *type = json_string_value(json_object_get(msg, "type"));
    assert_non_null(type);
    size_t k = 0;
    while (k < sizeof TYPES / sizeof TYPES[0] && strcmp(TYPES[k], type))
        k++;
    if (!strcmp(type, "kita"))
        tb->kita_seen = true;
    else if (k == sizeof TYPES / sizeof TYPES[0])
        fail_msg("seat %d got an unknown message %s", seat, line);
    else
        tb->t.types[k]++;
    int me = mjai_id(tb, seat);
    json_t *actor = json_object_get(msg, "actor");
    if (!strcmp(type, "start_game"))
        assert_int_equal(json_integer_value(json_object_get(msg, "id")), me);
    if (!strcmp(type, "tsumo")) {
        const char *pai = json_string_value(json_object_get(msg, "pai"));
        if (json_integer_value(actor) == me)
            assert_string_not_equal(pai, "?");
        else
            assert_string_equal(pai, "?");
    }
    if (!strcmp(type, "start_kyoku")) {
        json_t *tehais = json_object_get(msg, "tehais");
        assert_int_equal(json_array_size(tehais), tb->players);
        for (int r = 0; r < tb->players; r++) {
            json_t *row = json_array_get(tehais, (size_t)r);
            assert_int_equal(json_array_size(row), 13);
            for (size_t i = 0; i < 13; i++) {
                const char *t = json_string_value(json_array_get(row, i));
                if (r == me)
                    assert_string_not_equal(t, "?");
                else
                    assert_string_equal(t, "?");
            }
        }
    }
    if (!strcmp(type, "start_kyoku"))
        assert_true(!strcmp(tb->last[seat], "start_game") || !strcmp(tb->last[seat], "end_kyoku"));
    if (!strcmp(type, "end_game"))
        assert_string_equal(tb->last[seat], "end_kyoku");
    snprintf(tb->last[seat], sizeof tb->last[seat], "%s", type);
    if (asks) {
        assert_null(*asked_msg);
        *asked_msg = msg;
        return;
    }
    assert_null(json_object_get(msg, "possible_actions"));
    json_decref(msg);
}

static void feed(table *tb, const ippon_event *ev, int n)
{
    for (int i = 0; i < n; i++)
        for (int s = 0; s < tb->players; s++)
            ippon_mjai_seat_event(tb->seat[s], &ev[i]);
}

/* whether the options hold more than the discards (without riichi) and the pass */
static bool more_than_default(const ippon_action *legal, int n)
{
    for (int i = 0; i < n; i++)
        if (!(legal[i].type == IPPON_ACT_PASS || (legal[i].type == IPPON_ACT_DISCARD && !legal[i].riichi)))
            return true;
    return false;
}

/* every seat's messages up to now; asking[s]: the message marked as asking seat s, or NULL */
static void drain(table *tb, json_t *asking[4])
{
    for (int s = 0; s < tb->players; s++) {
        const char *line;
        bool asks;
        asking[s] = NULL;
        while ((line = ippon_mjai_seat_next(tb->seat[s], &asks)))
            check_message(tb, s, line, asks, &asking[s]);
    }
}

/* asks every seat with a new decision, and checks the message each one decides after */
static void ask_all(table *tb)
{
    bool asked[4] = { false };
    bool more[4] = { false };
    for (int s = 0; s < tb->players; s++) {
        if (!ippon_match_waiting_for(tb->m, s) || ippon_mjai_seat_asked(tb->seat[s]))
            continue;
        ippon_action legal[IPPON_MAX_LEGAL];
        int n = ippon_match_legal(tb->m, s, legal, IPPON_MAX_LEGAL);
        assert_true(n > 0);
        ippon_mjai_seat_ask(tb->seat[s], legal, n);
        asked[s] = true;
        more[s] = more_than_default(legal, n);
    }
    json_t *asking[4];
    drain(tb, asking);
    for (int s = 0; s < tb->players; s++) {
        if (!asked[s]) {
            assert_null(asking[s]);
            continue;
        }
        assert_non_null(asking[s]);
        tb->t.asks++;
        bool has = json_object_get(asking[s], "possible_actions") != NULL;
        assert_int_equal(has, more[s]);
        tb->t.with_possible += has;
        json_decref(asking[s]);
    }
}

/* the answer an AI sends for the bot's choice, written from the mjai format */
static void answer_of(table *tb, const ippon_view *v, const ippon_action *a, long nth, char *out, size_t cap)
{
    int me = mjai_id(tb, v->seat), from = v->offer_from >= 0 ? mjai_id(tb, v->offer_from) : me;
    char consumed[64] = "";
    switch (a->type) {
    case IPPON_ACT_DISCARD:
        snprintf(out, cap, "{\"type\":\"dahai\",\"actor\":%d,\"pai\":\"%s\",\"tsumogiri\":%s}", me,
                 code_text(tb, a->tile), a->tile == v->drawn ? "true" : "false");
        return;
    case IPPON_ACT_TSUMO:
    case IPPON_ACT_RON:
        snprintf(out, cap, "{\"type\":\"hora\",\"actor\":%d,\"target\":%d,\"pai\":\"%s\"}", me,
                 a->type == IPPON_ACT_TSUMO ? me : from,
                 code_text(tb, a->type == IPPON_ACT_TSUMO ? v->drawn : v->offer_tile));
        return;
    case IPPON_ACT_CHI:
    case IPPON_ACT_PON:
    case IPPON_ACT_DAIMINKAN: {
        int n = a->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
        for (int i = 0; i < n; i++)
            snprintf(consumed + strlen(consumed), sizeof consumed - strlen(consumed), "%s\"%s\"", i ? "," : "",
                     code_text(tb, a->with[i]));
        snprintf(out, cap, "{\"type\":\"%s\",\"actor\":%d,\"target\":%d,\"pai\":\"%s\",\"consumed\":[%s]}",
                 a->type == IPPON_ACT_CHI ? "chi" : a->type == IPPON_ACT_PON ? "pon" : "daiminkan", me, from,
                 code_text(tb, v->offer_tile), consumed);
        return;
    }
    case IPPON_ACT_ANKAN:
        for (int i = 0, n = 0; i < v->n_hand; i++)
            if (ippon_tile_kind(v->hand[i]) == ippon_tile_kind(a->tile))
                snprintf(consumed + strlen(consumed), sizeof consumed - strlen(consumed), "%s\"%s\"", n++ ? "," : "",
                         code_text(tb, v->hand[i]));
        snprintf(out, cap, "{\"type\":\"ankan\",\"actor\":%d,\"consumed\":[%s]}", me, consumed);
        return;
    case IPPON_ACT_KAKAN:
        snprintf(out, cap, "{\"type\":\"kakan\",\"actor\":%d,\"pai\":\"%s\"}", me, code_text(tb, a->tile));
        return;
    case IPPON_ACT_KITA:
        snprintf(out, cap, "{\"type\":\"%s\",\"actor\":%d,\"pai\":\"N\"}", nth % 2 ? "nukidora" : "kita", me);
        if (nth % 2)
            tb->t.nukidora_answers++;
        else
            tb->t.kita_answers++;
        return;
    case IPPON_ACT_KYUUSHU:
        snprintf(out, cap, "{\"type\":\"ryukyoku\",\"actor\":%d,\"reason\":\"kyushukyuhai\"}", me);
        return;
    default: snprintf(out, cap, "{\"type\":\"none\"}"); return;
    }
}


static void same_action(const table *tb, const ippon_action *want, const ippon_action *got)
{
    assert_int_equal(got->type, want->type);
    assert_int_equal(got->seat, want->seat);
    assert_int_equal(got->riichi, want->riichi);
    if (want->type == IPPON_ACT_DISCARD)
        assert_int_equal(ippon_tile_code(got->tile, tb->rules->red_fives), ippon_tile_code(want->tile, tb->rules->red_fives));
}

static void decide(table *tb, int s, long nth)
{
    ippon_view v;
    ippon_match_view(tb->m, s, &v);
    char line[256], error[200];
    ippon_action got, want;
    if (nth % 11 == 0) { /* garbage: the clock's default */
        static const char *const garbage[] = { "{\"type\":\"dahai\",\"pai\":\"9z\"}", "not json", "[]",
                                               "{\"type\":\"fly\"}", "{\"type\":\"none\",\"actor\":9}" };
        const char *g = garbage[(nth / 11) % 5];
        int rc = ippon_mjai_seat_answer(tb->seat[s], g, &got, error, sizeof error);
        ippon_action timeout;
        assert_int_equal(ippon_match_timeout_action(tb->m, s, &timeout), 0);
        bool none_ok = !strcmp(g, "{\"type\":\"none\",\"actor\":9}") && v.phase == IPPON_PHASE_OFFER;
        assert_int_equal(rc, IPPON_MJAI_ACT);
        if (!none_ok)
            assert_true(error[0] != '\0');
        assert_int_equal(got.type, timeout.type);
        assert_int_equal(got.tile, timeout.tile);
        tb->t.garbage++;
        want = got;
    } else {
        assert_int_equal(ippon_bot_choose(&v, tb->rules, &want), 0);
        if (want.type == IPPON_ACT_DISCARD && want.riichi) {
            snprintf(line, sizeof line, "{\"type\":\"reach\",\"actor\":%d}", mjai_id(tb, s));
            assert_int_equal(ippon_mjai_seat_answer(tb->seat[s], line, &got, error, sizeof error), IPPON_MJAI_WAIT);
            assert_string_equal(error, "");
            json_t *echo[4];
            drain(tb, echo);
            assert_non_null(echo[s]);
            assert_string_equal(json_string_value(json_object_get(echo[s], "type")), "reach");
            json_decref(echo[s]);
        }
        answer_of(tb, &v, &want, nth, line, sizeof line);
        int rc = ippon_mjai_seat_answer(tb->seat[s], line, &got, error, sizeof error);
        if (rc != IPPON_MJAI_ACT || error[0])
            fail_msg("answer %s refused: %s", line, error);
        same_action(tb, &want, &got);
    }
    /* a seat not asked: none is nothing, an action an error */
    int other = (s + 1) % tb->players;
    if (!ippon_mjai_seat_asked(tb->seat[other])) {
        ippon_action unused;
        assert_int_equal(ippon_mjai_seat_answer(tb->seat[other], "{\"type\":\"none\"}", &unused, error, sizeof error),
                         IPPON_MJAI_NOTHING);
        assert_string_equal(error, "");
        assert_int_equal(ippon_mjai_seat_answer(tb->seat[other], "{\"type\":\"hora\"}", &unused, error, sizeof error),
                         IPPON_MJAI_NOTHING);
        assert_true(error[0] != '\0');
    }
    ippon_event ev[IPPON_MAX_EVENTS];
    int ne = ippon_match_apply(tb->m, &got, ev, IPPON_MAX_EVENTS);
    if (ne < 0)
        fail_msg("the match refused the answer's action (type %d tile %d)", got.type, got.tile);
    feed(tb, ev, ne);
}

static void play(const char *preset, uint64_t seed)
{
    table tb = { 0 };
    tb.rules = ippon_rules_preset(preset);
    tb.players = tb.rules->players;
    tb.m = malloc(ippon_match_size());
    rng_state = seed;
    const char *names[4] = { "A", "B", "C", "D" };
    long nth = 1, wins = 0, draws = 0;
    for (int i = 0; i < MATCHES; i++) {
        tb.first = (int)(ippon_splitmix_word(&rng_state) % (uint32_t)tb.players);
        ippon_match_init(tb.m, tb.rules, tb.first);
        for (int s = 0; s < tb.players; s++) {
            tb.seat[s] = ippon_mjai_seat_new(tb.rules, s, names);
            tb.last[s][0] = '\0';
        }
        int steps = 0;
        while (ippon_match_phase(tb.m) != IPPON_PHASE_OVER) {
            if (ippon_match_phase(tb.m) == IPPON_PHASE_NEED_WALL) {
                ippon_tile wall[IPPON_TILE_IDS];
                int n = ippon_wall_tiles(tb.rules, wall);
                ippon_wall_shuffle(wall, n, ippon_splitmix_word, &rng_state);
                ippon_event ev[IPPON_MAX_EVENTS];
                int ne = ippon_match_start_hand(tb.m, wall, n, ev, IPPON_MAX_EVENTS);
                assert_true(ne > 0);
                feed(&tb, ev, ne);
                continue;
            }
            assert_true(++steps < MAX_STEPS);
            ask_all(&tb);
            for (int s = 0; s < tb.players; s++)
                if (ippon_match_waiting_for(tb.m, s)) {
                    decide(&tb, s, nth++);
                    break;
                }
        }
        json_t *none[4];
        drain(&tb, none);
        for (int s = 0; s < tb.players; s++) {
            assert_string_equal(tb.last[s], "end_game");
            assert_null(ippon_mjai_seat_next(tb.seat[s], NULL));
            ippon_mjai_seat_free(tb.seat[s]);
        }
    }
    wins = tb.t.types[12];
    draws = tb.t.types[13];
    print_message("%s: %ld asks (%ld with possible_actions), %ld garbage answers, hora %ld ryukyoku %ld, chi %ld pon %ld "
                  "daiminkan %ld kakan %ld ankan %ld reach %ld, kita answers %ld nukidora %ld\n",
                  preset, tb.t.asks, tb.t.with_possible, tb.t.garbage, wins, draws, tb.t.types[4], tb.t.types[5],
                  tb.t.types[6], tb.t.types[7], tb.t.types[8], tb.t.types[10], tb.t.kita_answers, tb.t.nukidora_answers);
    assert_true(tb.t.with_possible > 0);
    assert_true(tb.t.garbage > 0);
    assert_true(tb.t.types[10] > 0); /* some reach */
    assert_true(tb.t.types[5] > 0);  /* some pon */
    if (tb.rules->kita) {
        assert_true(tb.kita_seen);
        assert_true(tb.t.kita_answers > 0 && tb.t.nukidora_answers > 0);
    }
    if (tb.rules->chi)
        assert_true(tb.t.types[4] > 0);
    else
        assert_int_equal(tb.t.types[4], 0);
    free(tb.m);
}

static void yonma_matches(void **state) { (void)state; play("yonma", 1); }
static void tenhou4_matches(void **state) { (void)state; play("tenhou4", 2); }
static void sanma_matches(void **state) { (void)state; play("sanma", 3); }
static void tenhou3_matches(void **state) { (void)state; play("tenhou3", 4); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yonma_matches),
        cmocka_unit_test(tenhou4_matches),
        cmocka_unit_test(sanma_matches),
        cmocka_unit_test(tenhou3_matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
