/*
 * test_review_danger.c — unit tests of the danger features (include/ippon/review.h, "Danger";
 * src/review/README.md) on views set up by hand: a genbutsu (in the riichi opponent's pond, or
 * passed by another seat after the riichi, but not a tile discarded before it), suji on a
 * terminal and nakasuji / half-suji on middle tiles, a no-chance and a one-chance, an honor with
 * three copies visible, a dora, the riichi's timing, and 1m as an honor in 3p; and the defence
 * mark of a discard at 2-shanten that pushes a dangerous tile while holding genbutsu; an open
 * hand that looks tenpai (three calls, or two late) as a threat, its genbutsu (its pond, and what
 * passed since its last discard only), and a fresh dragon riskier than a suited tile of another suit
 * against a honitsu with a yakuhai pon.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/review.h"
#include "ippon/rules.h"
#include "ippon/tile.h"
#include "review_internal.h"

static int kind_of(const char *tile)
{
    ippon_code c;
    assert_int_equal(ippon_notation_parse(tile, &c, 1), 1);
    return ippon_code_kind(c);
}

/* a tile of kind k not used yet in the view (copies 0..3 in turn) */
static ippon_tile fresh(uint8_t used[IPPON_KINDS], int k)
{
    assert_true(used[k] < 4);
    return (ippon_tile)(k * 4 + used[k]++);
}

/* appends tiles (short notation) to seat s's pond, flagging the last one as the riichi tile if asked */
static void pond(ippon_view *v, uint8_t used[IPPON_KINDS], int s, const char *tiles, bool riichi_last)
{
    ippon_code codes[24];
    int n = ippon_notation_parse(tiles, codes, 24);
    assert_true(n > 0);
    ippon_seat_public *p = &v->seats[s];
    for (int i = 0; i < n; i++)
        p->discards[p->n_discards++] = (ippon_discard){ fresh(used, ippon_code_kind(codes[i])), 0 };
    if (riichi_last)
        p->discards[p->n_discards - 1].flags |= IPPON_DISCARD_RIICHI;
}

/* seat 0 of a 4-player table holding `hand`, dora indicator `indicator` */
static void table(ippon_view *v, uint8_t used[IPPON_KINDS], int players, const char *hand, const char *indicator)
{
    memset(v, 0, sizeof *v);
    memset(used, 0, IPPON_KINDS);
    v->players = (uint8_t)players;
    v->seat = 0;
    ippon_code codes[14];
    int n = ippon_notation_parse(hand, codes, 14);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        v->hand[v->n_hand++] = fresh(used, ippon_code_kind(codes[i]));
    v->dora[v->n_dora++] = fresh(used, kind_of(indicator));
}

static ippon_danger_features features(const ippon_view *v, const ippon_danger_watch *w, const ippon_rules *r,
                                      int opp, const char *tile)
{
    ippon_danger_features f;
    ippon_danger_features_of(v, w, r, opp, kind_of(tile), &f);
    return f;
}

/* seat 3 declares riichi on its 4th discard; seat 1 then discards 8s; 1z was seat 1's before */
static void genbutsu(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_view v;
    uint8_t used[IPPON_KINDS];
    table(&v, used, 4, "1z5p8s2345m66789s", "1z");
    pond(&v, used, 1, "1z", false);
    pond(&v, used, 2, "9m", false);
    pond(&v, used, 3, "9p1p3z5p", true);
    v.seats[3].riichi = true;
    ippon_danger_watch w;
    ippon_danger_watch_start(&w);
    ippon_danger_watch_see(&w, &v);
    pond(&v, used, 1, "8s", false);
    uint8_t opps[3];
    assert_int_equal(ippon_danger_opponents(&v, &w, opps), 1);
    assert_int_equal(opps[0], 3);
    ippon_danger_features f = features(&v, &w, r, 3, "5p");
    assert_true(f.why & IPPON_DANGER_GENBUTSU); /* its own riichi tile */
    assert_true(ippon_danger_p(&f) == 0.0);
    f = features(&v, &w, r, 3, "8s");
    assert_true(f.why & IPPON_DANGER_GENBUTSU); /* passed after the riichi */
    assert_true(ippon_danger_p(&f) == 0.0);
    f = features(&v, &w, r, 3, "1z");
    assert_false(f.why & IPPON_DANGER_GENBUTSU); /* discarded before the riichi */
    assert_true(ippon_danger_p(&f) > 0.0);
    assert_int_equal(f.riichi_turn, 4);
    assert_int_equal(f.since, 0);
    /* 9m, 1p, 3z, 5p, 8s are genbutsu: 29 of the 34 kinds can still deal in */
    assert_int_equal(f.live_kinds, 29);
}

/* the opponent's pond holds 4m, 2p and 8p, and 2s: suji, nakasuji, half-suji */
static void suji(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_view v;
    uint8_t used[IPPON_KINDS];
    table(&v, used, 4, "17m5p5s9s1z2z3z4z5z6z7z7z", "1z");
    pond(&v, used, 2, "7z4m2p8p2s", true);
    v.seats[2].riichi = true;
    ippon_danger_watch w;
    ippon_danger_watch_start(&w);
    ippon_danger_watch_see(&w, &v);
    ippon_danger_features f = features(&v, &w, r, 2, "1m");
    assert_int_equal(f.cls, IPPON_DANGER_19);
    assert_int_equal(f.why & (IPPON_DANGER_SUJI | IPPON_DANGER_GENBUTSU), IPPON_DANGER_SUJI);
    assert_true(features(&v, &w, r, 2, "7m").why & IPPON_DANGER_SUJI);
    f = features(&v, &w, r, 2, "5p");
    assert_int_equal(f.cls, IPPON_DANGER_456);
    assert_true(f.why & IPPON_DANGER_NAKASUJI);
    assert_false(f.why & (IPPON_DANGER_HALF_SUJI | IPPON_DANGER_SUJI));
    f = features(&v, &w, r, 2, "5s");
    assert_true(f.why & IPPON_DANGER_HALF_SUJI); /* 2s only: 8s not discarded */
    assert_false(f.why & IPPON_DANGER_NAKASUJI);
    assert_false(features(&v, &w, r, 2, "9s").why & IPPON_DANGER_SUJI); /* 6s not discarded */
    /* a suji kind is safer than the same class without suji, by the model */
    double x[IPPON_DANGER_INPUTS];
    f = features(&v, &w, r, 2, "1m");
    ippon_danger_inputs(&f, x);
    assert_true(x[7] == 1.0); /* suji of a terminal */
    ippon_danger_features bare = f;
    bare.why &= (uint16_t)~IPPON_DANGER_SUJI;
    assert_true(ippon_danger_p(&f) < ippon_danger_p(&bare));
}

/* all four 8s visible (three held, one in a pond): 9s no-chance; three 2p visible: 1p one-chance */
static void no_chance_one_chance(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_view v;
    uint8_t used[IPPON_KINDS];
    table(&v, used, 4, "1p22p888s9s7s3m4m5m1z", "1z");
    pond(&v, used, 1, "8s2p", false);
    pond(&v, used, 3, "1z1z", true);
    v.seats[3].riichi = true;
    ippon_danger_watch w;
    ippon_danger_watch_start(&w);
    ippon_danger_watch_see(&w, &v);
    ippon_danger_features f = features(&v, &w, r, 3, "9s");
    assert_int_equal(f.why & (IPPON_DANGER_NO_CHANCE | IPPON_DANGER_ONE_CHANCE), IPPON_DANGER_NO_CHANCE);
    /* 7s: its two-sided waits are 56s and 89s is a closed wait, so the 8s wall does not cover it */
    f = features(&v, &w, r, 3, "7s");
    assert_false(f.why & (IPPON_DANGER_NO_CHANCE | IPPON_DANGER_ONE_CHANCE));
    f = features(&v, &w, r, 3, "1p");
    assert_int_equal(f.why & (IPPON_DANGER_NO_CHANCE | IPPON_DANGER_ONE_CHANCE), IPPON_DANGER_ONE_CHANCE);
    assert_int_equal(f.visible, 1);
    /* 4m: waits 23m and 56m; 5m is seen once, 3m once: neither side blocked */
    assert_false(features(&v, &w, r, 3, "4m").why & (IPPON_DANGER_NO_CHANCE | IPPON_DANGER_ONE_CHANCE));
}

/* hatsu: one held, two in ponds, three visible; chun: only the one held. A dora, the timing */
static void honors_dora_timing(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_view v;
    uint8_t used[IPPON_KINDS];
    table(&v, used, 4, "6z7z5s123m456p789p1s", "4s");
    pond(&v, used, 1, "6z", false);
    pond(&v, used, 2, "1m2m3m4m5m6m", true);
    v.seats[2].discards[5].flags |= IPPON_DISCARD_TSUMOGIRI;
    pond(&v, used, 2, "6z9m", false);
    v.seats[2].riichi = true;
    ippon_danger_watch w;
    ippon_danger_watch_start(&w);
    ippon_danger_watch_see(&w, &v);
    ippon_danger_features hatsu = features(&v, &w, r, 2, "6z"), chun = features(&v, &w, r, 2, "7z");
    assert_true(hatsu.why & IPPON_DANGER_GENBUTSU); /* in the opponent's pond */
    hatsu.why &= (uint16_t)~IPPON_DANGER_GENBUTSU;  /* as if it were not: three visible */
    assert_int_equal(hatsu.cls, IPPON_DANGER_HONOR);
    assert_int_equal(hatsu.visible, 3);
    assert_int_equal(chun.visible, 1);
    double x[IPPON_DANGER_INPUTS];
    ippon_danger_inputs(&hatsu, x);
    assert_true(x[6] == 1.0 && x[5] == 0.0);
    assert_true(ippon_danger_p(&hatsu) < ippon_danger_p(&chun));
    ippon_danger_features f = features(&v, &w, r, 2, "5s");
    assert_true(f.why & IPPON_DANGER_DORA);
    assert_true(f.why & IPPON_DANGER_TSUMOGIRI_RIICHI);
    assert_int_equal(f.riichi_turn, 6);
    assert_int_equal(f.since, 2);
    assert_false(chun.why & IPPON_DANGER_DORA);
    assert_string_equal(ippon_danger_why_name(__builtin_ctz(IPPON_DANGER_DORA)), "dora");
}

/* in 3p the man suit has only 1m and 9m: no suji or wall for them, they count as honors */
static void sanma_terminal(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("sanma");
    ippon_view v;
    uint8_t used[IPPON_KINDS];
    table(&v, used, 3, "1m9m1p2p3p4p5p6p7s8s9s1z2z", "3z");
    pond(&v, used, 1, "4p", true);
    v.seats[1].riichi = true;
    ippon_danger_watch w;
    ippon_danger_watch_start(&w);
    ippon_danger_watch_see(&w, &v);
    ippon_danger_features f = features(&v, &w, r, 1, "1m");
    assert_int_equal(f.cls, IPPON_DANGER_HONOR);
    assert_false(f.why & IPPON_DANGER_SUJI);
    assert_true(features(&v, &w, r, 1, "1p").why & IPPON_DANGER_SUJI);
    assert_int_equal(f.live_kinds, 27 - 1); /* 27 kinds in 3p, 4p genbutsu */
}

/*
 * A defence mark on a hand-made position. Seat 0 holds 123m 24m 456p 9p 78s 5s 1z 3z (14): two
 * sets and two partial sets (24m, 78s), no pair, so every floating discard (9p, 5s, 1z, 3z)
 * leaves 8 − 2×2 − 2 = 2-shanten, and breaking a partial set 3-shanten: 2-shanten at best,
 * folding is right. Seat 2 declared riichi on 6s after 9m 1z 2p 3z: 1z and 3z are genbutsu (0 %),
 * while 5s has neither suji (2s, 8s not in its pond) and sits next to the riichi tile. So
 * discarding 5s deals in far more than the genbutsu 1z: a defence mark (clear or big), against
 * 1z; discarding 1z itself has no mark (1z and 3z tie for the most ukeire, 21, and are safe).
 */
static void defence_mark_on_a_view(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_view v;
    uint8_t used[IPPON_KINDS];
    table(&v, used, 4, "123m24m456p9p78s5s1z3z", "5z");
    pond(&v, used, 2, "9m1z2p3z6s", true);
    v.seats[2].riichi = true;
    ippon_danger_watch w;
    ippon_danger_watch_start(&w);
    ippon_danger_watch_see(&w, &v);

    ippon_review_decision d;
    memset(&d, 0, sizeof d);
    uint8_t seen[IPPON_KINDS];
    ippon_view_seen(&v, seen);
    for (int k = 0; k < IPPON_KINDS; k++)
        d.pos.unseen[k] = (uint8_t)(4 - seen[k]);
    for (int i = 0; i < v.n_hand; i++) {
        d.pos.concealed[ippon_tile_kind(v.hand[i])]++;
        d.pos.legal |= UINT64_C(1) << ippon_tile_kind(v.hand[i]);
    }
    int n = ippon_review_options(&d.pos, r, d.options);
    assert_int_equal(n, 13); /* 13 kinds: 2m is held twice */
    d.n_options = (uint8_t)n;
    review_danger_of(&v, &w, r, &d);
    assert_int_equal(d.n_threats, 1);

    int i5s = -1, i1z = -1, least = 9;
    for (int i = 0; i < n; i++) {
        i5s = d.options[i].kind == kind_of("5s") ? i : i5s;
        i1z = d.options[i].kind == kind_of("1z") ? i : i1z;
        least = d.options[i].shanten < least ? d.options[i].shanten : least;
    }
    assert_int_equal(least, 2);
    assert_int_equal(d.options[i5s].shanten, 2);
    assert_true(d.danger[i1z][0].f.why & IPPON_DANGER_GENBUTSU);
    assert_true(review_deal_in(&d, i1z) == 0.0);
    const ippon_danger_features *f5s = &d.danger[i5s][0].f;
    assert_false(f5s->why & (IPPON_DANGER_GENBUTSU | IPPON_DANGER_HALF_SUJI | IPPON_DANGER_NAKASUJI));
    assert_true(f5s->why & IPPON_DANGER_NEAR_RIICHI_TILE);
    double p5s = review_deal_in(&d, i5s);
    assert_true(fabs(p5s - d.danger[i5s][0].p) < 1e-12); /* one opponent: its p */
    /* a non-suji 5 next to the riichi tile is no safe tile by the model: above its median of about
       7.5 % (src/review/README.md, the reliability table) */
    assert_true(p5s >= 0.07);

    d.chosen = (ippon_code)kind_of("5s");
    ippon_review_mark mk = ippon_review_mark_of(&d);
    assert_int_equal(mk.category, IPPON_REVIEW_DEFENCE);
    /* the gap to 1z's 0 % is p5s itself: clear from 7 points, big from 10 ("Marks") */
    assert_int_equal(mk.severity, p5s >= 0.10 ? IPPON_REVIEW_BIG : IPPON_REVIEW_CLEAR);
    char want[200], got[200];
    snprintf(want, sizeof want,
             "Against the riichi of seat 2, 5s deals in %.1f %% of the time; at 2-shanten folding is right, and 1z "
             "would deal in 0.0 %%.",
             p5s * 100.0);
    assert_true(ippon_review_mark_text(&d, "en", got, sizeof got) > 0);
    assert_string_equal(got, want);

    d.chosen = (ippon_code)kind_of("1z");
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_NO_MARK);
}

/* appends a meld of seat s: type, tiles in short notation (all from one place), fed by seat from */
static void meld(ippon_view *v, uint8_t used[IPPON_KINDS], int s, int type, const char *tiles, int from)
{
    ippon_code codes[4];
    int n = ippon_notation_parse(tiles, codes, 4);
    assert_true(n >= 3);
    ippon_meld_tiles *m = &v->seats[s].melds[v->seats[s].n_melds++];
    memset(m, 0, sizeof *m);
    m->type = (uint8_t)type;
    m->n = (uint8_t)n;
    for (int i = 0; i < n; i++)
        m->tiles[i] = fresh(used, ippon_code_kind(codes[i]));
    m->called = m->tiles[0];
    m->from = (int8_t)from;
}

/* Seat 2 (not in riichi) has pon 7z, chi 234p and pon 8p: three calls, a pin flush with a yakuhai;
   its pond 1m 9s 2s 4m 8m, then seat 1 passes 9m and seat 3 3m after its last discard. */
static void open_threat(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    ippon_view v;
    uint8_t used[IPPON_KINDS];
    table(&v, used, 4, "1m5m5s9s1z2z3z4z5z6z6p7s8s", "1z");
    pond(&v, used, 1, "1z", false);
    pond(&v, used, 2, "1m9s2s", false);
    ippon_danger_watch w;
    ippon_danger_watch_start(&w);
    ippon_danger_watch_see(&w, &v);
    meld(&v, used, 2, IPPON_MELD_PON, "777z", 1);
    meld(&v, used, 2, IPPON_MELD_CHI, "234p", 1);
    assert_false(ippon_danger_looks_tenpai(&v, 2)); /* two calls on its 3rd discard: not yet */
    pond(&v, used, 2, "4m", false);
    ippon_danger_watch_see(&w, &v);
    meld(&v, used, 2, IPPON_MELD_PON, "888p", 3);
    ippon_danger_watch_see(&w, &v); /* its turn after the call, before its discard */
    pond(&v, used, 2, "8m", false);
    ippon_danger_watch_see(&w, &v);
    pond(&v, used, 3, "3m", false);
    pond(&v, used, 1, "9m", false);
    ippon_danger_watch_see(&w, &v);

    assert_true(ippon_danger_looks_tenpai(&v, 2));
    uint8_t opps[3];
    assert_int_equal(ippon_danger_opponents(&v, &w, opps), 1);
    assert_int_equal(opps[0], 2);
    ippon_danger_features f = features(&v, &w, r, 2, "1m");
    assert_int_equal(f.threat, IPPON_THREAT_OPEN);
    assert_int_equal(f.calls, 3);
    assert_int_equal(f.turn, 5);
    assert_int_equal(f.since_call, 1);
    assert_int_equal(f.shape, IPPON_SHAPE_FLUSH | IPPON_SHAPE_YAKUHAI); /* a chi: no toitoi; 7z: no simples */
    assert_true(f.why & IPPON_DANGER_GENBUTSU); /* its own pond: furiten */
    assert_true(ippon_danger_p(&f) == 0.0);
    assert_true(features(&v, &w, r, 2, "9m").why & IPPON_DANGER_GENBUTSU); /* passed since its discard */
    assert_true(features(&v, &w, r, 2, "3m").why & IPPON_DANGER_GENBUTSU);
    f = features(&v, &w, r, 2, "1z");
    assert_false(f.why & IPPON_DANGER_GENBUTSU); /* seat 1's 1z came before its last discard */
    /* its pond 1m 9s 2s 4m 8m and the passed 3m, 9m are genbutsu: 34 − 7 = 27 live kinds */
    assert_int_equal(f.live_kinds, 27);

    ippon_danger_features dragon = features(&v, &w, r, 2, "6z"), off = features(&v, &w, r, 2, "5s");
    assert_int_equal(dragon.why & (IPPON_DANGER_YAKUHAI_KIND | IPPON_DANGER_GENBUTSU), IPPON_DANGER_YAKUHAI_KIND);
    assert_int_equal(off.why & (IPPON_DANGER_OFF_FLUSH | IPPON_DANGER_FLUSH_SUIT), IPPON_DANGER_OFF_FLUSH);
    assert_true(features(&v, &w, r, 2, "6p").why & IPPON_DANGER_FLUSH_SUIT);
    assert_int_equal(off.suit_share, 40); /* 9s 2s of its 5 discards */
    assert_true(ippon_danger_p(&dragon) > ippon_danger_p(&off));
    assert_true(ippon_danger_p(&off) > 0.0);

    /* the defence mark names the threat */
    ippon_review_decision d;
    memset(&d, 0, sizeof d);
    d.n_options = 2;
    d.options[0].kind = (uint8_t)kind_of("1m");
    d.options[1].kind = (uint8_t)kind_of("6z");
    d.options[0].shanten = d.options[1].shanten = 2;
    d.n_threats = 1;
    d.danger[0][0].f = features(&v, &w, r, 2, "1m");
    d.danger[1][0].f = dragon;
    d.danger[1][0].p = ippon_danger_p(&dragon);
    d.chosen = (ippon_code)kind_of("6z");
    /* at 2-shanten the reference is the genbutsu 1m (0 %): a gap of 4 to 7 points is a small mark */
    assert_true(d.danger[1][0].p >= 0.04 && d.danger[1][0].p < 0.07);
    assert_int_equal(ippon_review_mark_of(&d).severity, IPPON_REVIEW_SMALL);
    char got[200];
    assert_true(ippon_review_mark_text(&d, "en", got, sizeof got) > 0);
    assert_true(strncmp(got, "Against the open hand of seat 2, 6z deals in", 44) == 0);
    assert_true(ippon_review_mark_text(&d, "ja", got, sizeof got) > 0);
    assert_true(strncmp(got, "席2の仕掛けに対し6zの放銃率は", strlen("席2の仕掛けに対し6zの放銃率は")) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(genbutsu),
        cmocka_unit_test(suji),
        cmocka_unit_test(no_chance_one_chance),
        cmocka_unit_test(honors_dora_timing),
        cmocka_unit_test(sanma_terminal),
        cmocka_unit_test(defence_mark_on_a_view),
        cmocka_unit_test(open_threat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
