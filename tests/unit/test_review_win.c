/*
 * test_review_win.c — unit tests of a tenpai option's win chance and expected value
 * (review_win.c and review_value.c; src/review/README.md "Win chance"), on hand-made views and
 * values: the inputs counted by hand (draws left after the discard, unseen copies, discard
 * furiten) and the figures worked from the documented formula with the model's weights.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/match.h"
#include "ippon/tile.h"
#include "review_internal.h"

static int kind_of(const char *tile)
{
    ippon_code c;
    assert_int_equal(ippon_notation_parse(tile, &c, 1), 1);
    return ippon_code_kind(c);
}

static uint64_t bit(const char *tile)
{
    return UINT64_C(1) << kind_of(tile);
}

/* seat 1 of a 4-player table with `live` tiles left in the wall, its pond given in short notation */
static void view_of(ippon_view *v, int players, int live, const char *pond)
{
    memset(v, 0, sizeof *v);
    v->players = (uint8_t)players;
    v->seat = 1;
    v->live_tiles = live;
    ippon_code codes[24];
    int n = pond[0] ? ippon_notation_parse(pond, codes, 24) : 0;
    assert_true(n >= 0);
    for (int i = 0; i < n; i++)
        v->seats[1].discards[i].tile = (ippon_tile)(4 * ippon_code_kind(codes[i]));
    v->seats[1].n_discards = (uint8_t)n;
}

static void inputs_from_the_view(void **state)
{
    (void)state;
    uint8_t unseen[IPPON_KINDS] = { 0 };
    unseen[kind_of("5s")] = 3;
    unseen[kind_of("8s")] = 2;
    unseen[kind_of("1z")] = 4;
    unseen[kind_of("9p")] = 1; /* 10 unseen in all, 5 of them the waits */
    ippon_view v;
    review_win_inputs in;

    /* 70 live tiles after the discard, 4 players: the seat draws the 4th, 8th, … 68th: 17 draws,
       the others 53 */
    view_of(&v, 4, 70, "1z9p");
    review_win_inputs_of(&v, unseen, kind_of("3m"), bit("5s") | bit("8s"), &in);
    assert_int_equal(in.waits_unseen, 5);
    assert_int_equal(in.unseen, 10);
    assert_int_equal(in.own_draws, 17);
    assert_int_equal(in.other_draws, 53);
    assert_false(in.furiten);

    /* 3 players, 40 live: 13 draws of its own, 27 for the others */
    view_of(&v, 3, 40, "");
    review_win_inputs_of(&v, unseen, kind_of("3m"), bit("5s") | bit("8s"), &in);
    assert_int_equal(in.own_draws, 13);
    assert_int_equal(in.other_draws, 27);

    /* discarding a wait is furiten; so is a wait already in the pond */
    view_of(&v, 4, 70, "1z");
    review_win_inputs_of(&v, unseen, kind_of("8s"), bit("5s") | bit("8s"), &in);
    assert_true(in.furiten);
    view_of(&v, 4, 70, "1z5s");
    review_win_inputs_of(&v, unseen, kind_of("3m"), bit("5s") | bit("8s"), &in);
    assert_true(in.furiten);

    /* the last tile gone: no draws */
    view_of(&v, 4, 0, "");
    review_win_inputs_of(&v, unseen, kind_of("3m"), bit("5s"), &in);
    assert_int_equal(in.own_draws + in.other_draws, 0);
    assert_true(review_win_chance(&in, false) == 0.0);
}

/* 1 − (1 − w/u)^looks, the looks weighted by the model */
static double worked(int w, int u, double looks)
{
    return 1.0 - pow(1.0 - (double)w / u, looks);
}

static void chance_by_the_formula(void **state)
{
    (void)state;
    const ippon_win_model *m = &ippon_win_weights;
    /* the fitted weights: an own draw counts more than another's discard, which counts */
    assert_true(m->own > m->ron_dama && m->own > m->ron_riichi && m->ron_dama > 0 && m->ron_riichi > 0);
    review_win_inputs in = { .waits_unseen = 8, .unseen = 80, .own_draws = 10, .other_draws = 30 };
    double dama = worked(8, 80, m->own * 10 + m->ron_dama * 30);
    double riichi = worked(8, 80, m->own * 10 + m->ron_riichi * 30);
    assert_float_equal(review_win_chance(&in, false), dama, 1e-12);
    assert_float_equal(review_win_chance(&in, true), riichi, 1e-12);
    assert_float_equal(review_win_tsumo_share(&in, false), m->own * 10 / (m->own * 10 + m->ron_dama * 30), 1e-12);
    /* furiten: its own draws only, every win a tsumo */
    in.furiten = true;
    assert_float_equal(review_win_chance(&in, false), worked(8, 80, m->own * 10), 1e-12);
    assert_float_equal(review_win_tsumo_share(&in, false), 1.0, 1e-12);
    /* more waits, more chance; no wait left, none */
    review_win_inputs wide = { .waits_unseen = 12, .unseen = 80, .own_draws = 10, .other_draws = 30 };
    in.furiten = false;
    assert_true(review_win_chance(&wide, false) > review_win_chance(&in, false));
    review_win_inputs dead = { .waits_unseen = 0, .unseen = 80, .own_draws = 10, .other_draws = 30 };
    assert_true(review_win_chance(&dead, false) == 0.0);
}

static void expected_value(void **state)
{
    (void)state;
    const ippon_win_model *m = &ippon_win_weights;
    review_win_inputs in = { .waits_unseen = 8, .unseen = 80, .own_draws = 10, .other_draws = 30 };
    /* pinfu tanyao 5s-8s of test_review_value.c without the dora: dama 2,000 / 2,700, riichi
       3,900 / 5,200 */
    ippon_review_value v = { .known = true, .dama = true, .riichi = true, .dama_ron = 2000, .dama_tsumo = 2700,
                             .riichi_ron = 3900, .riichi_tsumo = 5200 };
    review_value_expect(&in, &v);
    double pd = worked(8, 80, m->own * 10 + m->ron_dama * 30), sd = m->own * 10 / (m->own * 10 + m->ron_dama * 30);
    double pr = worked(8, 80, m->own * 10 + m->ron_riichi * 30), sr = m->own * 10 / (m->own * 10 + m->ron_riichi * 30);
    assert_float_equal(v.win_dama, pd, 1e-12);
    assert_float_equal(v.win_riichi, pr, 1e-12);
    assert_int_equal(v.ev_dama, lround(pd * (sd * 2700 + (1 - sd) * 2000)));
    /* riichi's stick is lost unless the hand wins */
    assert_int_equal(v.ev_riichi, lround(pr * (sr * 5200 + (1 - sr) * 3900) - (1 - pr) * 1000));
    assert_false(v.furiten);

    /* a dama hand whose ron has no yaku wins only by its own draws */
    ippon_review_value kanchan = { .known = true, .dama = true, .riichi = true, .dama_ron = 0, .dama_tsumo = 1500,
                                   .riichi_ron = 2600, .riichi_tsumo = 3000 };
    review_value_expect(&in, &kanchan);
    assert_float_equal(kanchan.win_dama, worked(8, 80, m->own * 10), 1e-12);
    assert_int_equal(kanchan.ev_dama, lround(worked(8, 80, m->own * 10) * 1500));

    /* furiten: tsumo only, dama and riichi alike */
    in.furiten = true;
    ippon_review_value f = v;
    review_value_expect(&in, &f);
    double pf = worked(8, 80, m->own * 10);
    assert_true(f.furiten);
    assert_float_equal(f.win_riichi, pf, 1e-12);
    assert_int_equal(f.ev_dama, lround(pf * 2700));
    assert_int_equal(f.ev_riichi, lround(pf * 5200 - (1 - pf) * 1000));

    /* an open hand: no riichi figures */
    in.furiten = false;
    ippon_review_value open = { .known = true, .dama = true, .dama_ron = 1000, .dama_tsumo = 1100 };
    review_value_expect(&in, &open);
    assert_true(open.win_riichi == 0.0 && open.ev_riichi == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inputs_from_the_view),
        cmocka_unit_test(chance_by_the_formula),
        cmocka_unit_test(expected_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
