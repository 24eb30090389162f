/*
 * test_review.c — unit tests of the review's efficiency figures (include/ippon/review.h) on
 * positions worked out by hand: a textbook ukeire count, a 3-player hand whose man suit has only
 * 1m and 9m, the unseen copies dropping as tiles become visible to the seat (ponds, a called set,
 * a dora indicator), and the two-step measure of a small iishanten hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/error.h"
#include "ippon/review.h"
#include "ippon/rules.h"
#include "ippon/tile.h"

/* a position of the concealed tiles in short notation, every legal discard allowed, and
   unseen = 4 − held (nothing else visible), 0 for the kinds the rules lack */
static void position_of(const char *hand, int melds, const ippon_rules *rules, ippon_review_position *pos)
{
    ippon_code codes[14];
    int n = ippon_notation_parse(hand, codes, 14);
    assert_true(n > 0);
    memset(pos, 0, sizeof *pos);
    assert_int_equal(ippon_counts_add(pos->concealed, codes, n), 0);
    pos->melds = (uint8_t)melds;
    pos->legal = (UINT64_C(1) << IPPON_KINDS) - 1;
    for (int k = 0; k < IPPON_KINDS; k++)
        pos->unseen[k] = ippon_rules_has_kind(rules, k) ? (uint8_t)(4 - pos->concealed[k]) : 0;
}

static int kind_of(const char *tile)
{
    ippon_code c;
    assert_int_equal(ippon_notation_parse(tile, &c, 1), 1);
    return ippon_code_kind(c);
}

static const ippon_review_option *option(const ippon_review_option *opts, int n, const char *discard)
{
    for (int i = 0; i < n; i++)
        if (opts[i].kind == kind_of(discard))
            return &opts[i];
    fail_msg("no option %s", discard);
    return NULL;
}

static uint64_t kinds(const char *tiles)
{
    ippon_code codes[34];
    int n = ippon_notation_parse(tiles, codes, 34);
    uint64_t m = 0;
    for (int i = 0; i < n; i++)
        m |= UINT64_C(1) << ippon_code_kind(codes[i]);
    return m;
}

/*
 * 123m 456p 789s 34s 11z 5z (14 tiles, 13 kinds), nothing else visible.
 *  - Discard 5z: 123m 456p 789s 34s 11z is tenpai on the ryanmen 34s, waiting on 2s or 5s,
 *    neither held: 4 + 4 = 8 copies. Its waits are those two kinds.
 *  - Discard 1z: 123m 456p 789s 34s 1z 5z is iishanten (three sets and a ryanmen, no pair):
 *    2s or 5s complete the fourth set (then a tanki on 1z or 5z), 1z or 5z make the pair (then
 *    the ryanmen waits). Unseen: 2s 4, 5s 4, 1z 4 − 2 held = 2, 5z 4 − 1 = 3; 13 in all.
 *  - Discard 3s: 123m 456p 789s 4s 11z 5z is iishanten (three sets and the pair 11z): any draw
 *    that makes a taatsu or pair of 4s or 5z, or a set of 1z, gives tenpai: 2s 4, 3s 3, 4s 3,
 *    5s 4, 6s 4, 5z 3, 1z 2; 23 in all.
 * Only 5z leaves tenpai, so it alone is best.
 */
static void textbook_ukeire(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_review_position pos;
    position_of("123m456p789s34s115z", 0, r, &pos);
    ippon_review_option opts[IPPON_REVIEW_MAX_OPTIONS];
    int n = ippon_review_options(&pos, r, opts);
    assert_int_equal(n, 13);
    const ippon_review_option *o = option(opts, n, "5z");
    assert_int_equal(o->shanten, 0);
    assert_int_equal(o->ukeire, kinds("25s"));
    assert_int_equal(o->ukeire_count, 8);
    assert_int_equal(o->waits, kinds("25s"));
    assert_false(o->has_two_step);
    o = option(opts, n, "1z");
    assert_int_equal(o->shanten, 1);
    assert_int_equal(o->ukeire, kinds("25s15z"));
    assert_int_equal(o->ukeire_count, 13);
    assert_int_equal(o->waits, 0);
    o = option(opts, n, "3s");
    assert_int_equal(o->shanten, 1);
    assert_int_equal(o->ukeire, kinds("23456s15z"));
    assert_int_equal(o->ukeire_count, 23);
    for (int i = 0; i < n; i++)
        assert_int_equal(ippon_review_is_best(opts, n, i), opts[i].kind == kind_of("5z"));
}

/*
 * 3-player (sanma): 1m 9m 456p 123s 789s 11z 5z. Discard 5z: three sets, the pair 11z and two
 * single man terminals, iishanten. Under 4p rules 2m 3m or 7m 8m would make a taatsu with them;
 * in 3p the man suit is 1m and 9m only, so only pairing 1m or 9m (3 copies unseen each) or a set
 * of 1z (2 unseen) gives tenpai: 8 copies. The same hand under 4p counts those too:
 * 1m 2m 3m 7m 8m 9m 1z = 3 + 4 + 4 + 4 + 4 + 3 + 2 = 24. A 2m in a 3p hand is refused.
 */
static void sanma_hand(void **state)
{
    (void)state;
    const ippon_rules *r3 = ippon_rules_preset("sanma"), *r4 = ippon_rules_preset("yonma");
    ippon_review_position pos;
    ippon_review_option opts[IPPON_REVIEW_MAX_OPTIONS];
    position_of("19m456p123789s115z", 0, r3, &pos);
    int n = ippon_review_options(&pos, r3, opts);
    assert_true(n > 0);
    const ippon_review_option *o = option(opts, n, "5z");
    assert_int_equal(o->shanten, 1);
    assert_int_equal(o->ukeire, kinds("19m1z"));
    assert_int_equal(o->ukeire_count, 8);
    position_of("19m456p123789s115z", 0, r4, &pos);
    n = ippon_review_options(&pos, r4, opts);
    o = option(opts, n, "5z");
    assert_int_equal(o->ukeire, kinds("123789m1z"));
    assert_int_equal(o->ukeire_count, 24);
    position_of("29m456p123789s115z", 0, r4, &pos);
    assert_int_equal(ippon_review_options(&pos, r3, opts), IPPON_EILLEGAL);
    position_of("19m456p123789s15z", 0, r4, &pos); /* 13 tiles: no decision */
    assert_int_equal(ippon_review_options(&pos, r3, opts), IPPON_ERANGE);
}

static ippon_tile tile_id(const char *tile, int copy)
{
    return (ippon_tile)(kind_of(tile) * 4 + copy);
}

/* seat 0 on its turn holding 123m 456p 789s 34s 11z 5z (copies 1 and 2 of each kind) */
static void view_of_hand(ippon_view *v)
{
    static const char *const hand[] = { "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "3s", "4s", "1z", "1z", "5z" };
    memset(v, 0, sizeof *v);
    v->seat = 0;
    v->players = 4;
    v->phase = IPPON_PHASE_TURN;
    v->turn = 0;
    v->n_hand = 14;
    for (int i = 0; i < 14; i++) {
        v->hand[i] = tile_id(hand[i], 1 + (i > 0 && !strcmp(hand[i], hand[i - 1])));
        v->legal[v->n_legal++] = (ippon_action){ .type = IPPON_ACT_DISCARD, .seat = 0, .tile = v->hand[i] };
    }
    v->n_dora = 1;
    v->dora[0] = tile_id("9p", 0);
}

/*
 * The 5z discard of textbook_ukeire waits on 2s and 5s: 8 copies with nothing of them visible.
 * Seat 1 discards a 2s and seat 2 pons it with two more (the called tile lies in seat 1's pond
 * and in the pon: three copies seen, not four); a 5s becomes a dora indicator and seat 3
 * discards another: 2s 4 − 3 = 1 and 5s 4 − 2 = 2, so 3 copies are left.
 */
static void unseen_drop_with_visible_tiles(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_view v;
    view_of_hand(&v);
    ippon_review_position pos;
    ippon_review_option opts[IPPON_REVIEW_MAX_OPTIONS];
    assert_int_equal(ippon_review_position_from_view(&v, r, &pos), 0);
    assert_int_equal(pos.unseen[kind_of("2s")], 4);
    assert_int_equal(pos.unseen[kind_of("1z")], 2);
    assert_int_equal(pos.unseen[kind_of("9p")], 3); /* the dora indicator */
    int n = ippon_review_options(&pos, r, opts);
    assert_int_equal(option(opts, n, "5z")->ukeire_count, 8);

    v.seats[1].discards[v.seats[1].n_discards++] = (ippon_discard){ tile_id("2s", 0), IPPON_DISCARD_CALLED };
    v.seats[2].melds[0] = (ippon_meld_tiles){ .type = IPPON_MELD_PON, .n = 3,
        .tiles = { tile_id("2s", 0), tile_id("2s", 1), tile_id("2s", 2) }, .called = tile_id("2s", 0), .from = 1 };
    v.seats[2].n_melds = 1;
    v.dora[v.n_dora++] = tile_id("5s", 1);
    v.seats[3].discards[v.seats[3].n_discards++] = (ippon_discard){ tile_id("5s", 2), 0 };
    assert_int_equal(ippon_review_position_from_view(&v, r, &pos), 0);
    assert_int_equal(pos.unseen[kind_of("2s")], 1);
    assert_int_equal(pos.unseen[kind_of("5s")], 2);
    n = ippon_review_options(&pos, r, opts);
    assert_int_equal(option(opts, n, "5z")->ukeire_count, 3);

    /* only the legal discards are options (here: 5z and 1z) */
    v.n_legal = 0;
    v.legal[v.n_legal++] = (ippon_action){ .type = IPPON_ACT_DISCARD, .tile = tile_id("5z", 1) };
    v.legal[v.n_legal++] = (ippon_action){ .type = IPPON_ACT_DISCARD, .tile = tile_id("1z", 2), .riichi = true };
    assert_int_equal(ippon_review_position_from_view(&v, r, &pos), 0);
    assert_int_equal(ippon_review_options(&pos, r, opts), 2);

    v.n_hand = 13; /* not the seat's turn with 3n+2 tiles */
    assert_int_equal(ippon_review_position_from_view(&v, r, &pos), IPPON_EILLEGAL);
}

/*
 * Two-step of the iishanten 123m 456p 789s 34s 1z 5z, left by discarding 9m from
 * 123m 9m 456p 789s 34s 1z 5z (each held kind has 3 copies unseen, the others 4). Its improving
 * draws: 2s (4 unseen), 5s (4), 1z (3), 5z (3), weight 14. After each, the best discard that keeps
 * tenpai, and its ukeire:
 *   - draw 2s: 123m 456p 789s 234s 1z 5z; drop 1z (tanki on 5z, 3 unseen) or 5z (tanki on 1z, 3): 3
 *   - draw 5s: the same with 345s: 3
 *   - draw 1z: 123m 456p 789s 34s 11z 5z; drop 5z: the ryanmen on 2s 5s, 4 + 4 = 8
 *   - draw 5z: likewise, drop 1z: 8
 * Two-step = (4·3 + 4·3 + 3·8 + 3·8) / 14 = 72 / 14 ≈ 5.142857.
 */
static void two_step_worked_case(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_review_position pos;
    position_of("1239m456p789s34s15z", 0, r, &pos);
    ippon_review_option opts[IPPON_REVIEW_MAX_OPTIONS];
    int n = ippon_review_options(&pos, r, opts);
    const ippon_review_option *o = option(opts, n, "9m");
    assert_int_equal(o->shanten, 1);
    assert_int_equal(o->ukeire, kinds("25s15z"));
    assert_int_equal(o->ukeire_count, 14);
    assert_true(o->has_two_step);
    assert_int_equal(o->two_step_weight, 14);
    assert_int_equal(o->two_step_sum, 72);
    assert_float_equal(ippon_review_two_step(o), 72.0 / 14.0, 1e-9);
    /* a draw with no copy left counts for nothing: all 5z seen, the weight drops by 3 */
    pos.unseen[kind_of("5z")] = 0;
    n = ippon_review_options(&pos, r, opts);
    o = option(opts, n, "9m");
    assert_int_equal(o->two_step_weight, 11);
    /* 2s, 5s: tanki on 5z now 0 unseen, on 1z 3: 3 each; 1z: drop 5z, 8: (12 + 12 + 24) */
    assert_int_equal(o->two_step_sum, 48);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(textbook_ukeire),
        cmocka_unit_test(sanma_hand),
        cmocka_unit_test(unseen_drop_with_visible_tiles),
        cmocka_unit_test(two_step_worked_case),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
