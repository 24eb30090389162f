/*
 * test_ladder.c — unit tests of the dan ladder (include/ippon/ladder.h): promotions (Novice →
 * 9 kyu, 1 kyu → 1 dan at its start), demotions from 1 dan up (1 dan → 1 kyu at its start, 3 dan →
 * 2 dan), none in kyu (the points stay at 0), the 10 dan top, the places' bases in 4 and 3
 * players, tied places sharing their bases, and result / 1000 rounded half away from zero.
 * Expected values are worked by hand from the table in ladder.h's comment and the tiers' rows
 * (promote at, start, penalty) as README.md publishes them.
 *
 * Last, the README's table of the ladder must be exactly the one ippon_ladder_tiers gives (the
 * README is never copied by hand: a mismatch prints the table to paste).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/ladder.h"

/* tier indexes, as ladder.h numbers them */
enum { NOVICE = 0, KYU9 = 1, KYU5 = 5, KYU1 = 9, DAN1 = 10, DAN2 = 11, DAN3 = 12, DAN7 = 16, DAN9 = 18, DAN10 = 19 };

static void assert_rank(ippon_rank r, int32_t tier, int32_t points)
{
    if (r.tier != tier || r.points != points)
        fail_msg("rank %d / %d, expected %d / %d", r.tier, r.points, tier, points);
}

static void tier_names(void **state)
{
    (void)state;
    assert_string_equal(ippon_ladder_tiers[NOVICE].name_en, "Novice");
    assert_string_equal(ippon_ladder_tiers[NOVICE].name_ja, "新人");
    assert_string_equal(ippon_ladder_tiers[KYU9].id, "9k");
    assert_string_equal(ippon_ladder_tiers[KYU9].name_ja, "9級");
    assert_string_equal(ippon_ladder_tiers[KYU1].name_en, "1 kyu");
    assert_string_equal(ippon_ladder_tiers[DAN1].name_ja, "初段");
    assert_string_equal(ippon_ladder_tiers[DAN3].name_ja, "三段");
    assert_string_equal(ippon_ladder_tiers[DAN10].id, "10d");
    assert_string_equal(ippon_ladder_tiers[DAN10].name_ja, "十段");
}

/* Novice promotes at 20 to 9 kyu (start 0); 1 kyu at 100 to 1 dan, which starts at 200 */
static void promotions(void **state)
{
    (void)state;
    assert_rank(ippon_ladder_apply((ippon_rank){ NOVICE, 15 }, 4), NOVICE, 19);
    assert_rank(ippon_ladder_apply((ippon_rank){ NOVICE, 15 }, 5), KYU9, 0);  /* 20 reaches it */
    assert_rank(ippon_ladder_apply((ippon_rank){ NOVICE, 0 }, 28), KYU9, 0);  /* what is over is not kept */
    assert_rank(ippon_ladder_apply((ippon_rank){ KYU1, 95 }, 4), KYU1, 99);
    assert_rank(ippon_ladder_apply((ippon_rank){ KYU1, 95 }, 10), DAN1, 200);
    /* 1 dan promotes at 400 to 2 dan's start, 400; 9 dan at 3600 to 10 dan's, 2000 */
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN1, 390 }, 10), DAN2, 400);
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN9, 3590 }, 20), DAN10, 2000);
}

/* below 0 from 1 dan drops to 1 kyu at its start, 50; from 3 dan to 2 dan at 400; exactly 0 stays */
static void demotions(void **state)
{
    (void)state;
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN1, 10 }, -20), KYU1, 50);
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN1, 20 }, -20), DAN1, 0);
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN3, 5 }, -38), DAN2, 400);
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN3, 650 }, -38), DAN3, 612);
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN10, 10 }, -68), DAN9, 1800);
}

/* kyu and Novice never demote: below 0 the points stay at 0 */
static void no_demotion_in_kyu(void **state)
{
    (void)state;
    assert_rank(ippon_ladder_apply((ippon_rank){ KYU5, 3 }, -10), KYU5, 0);
    assert_rank(ippon_ladder_apply((ippon_rank){ KYU1, 50 }, -60), KYU1, 0);
    assert_rank(ippon_ladder_apply((ippon_rank){ NOVICE, 0 }, -8), NOVICE, 0);
}

/* 10 dan has no threshold: the points keep growing */
static void ten_dan_is_the_top(void **state)
{
    (void)state;
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN10, 5000 }, 100), DAN10, 5100);
    assert_rank(ippon_ladder_apply((ippon_rank){ DAN10, 3999 }, 28), DAN10, 4027);
}

/* bases: 4-player 20 / 10 / 0 / −penalty, 3-player 30 / 0 / −penalty; 0 for a bad place or tier */
static void bases(void **state)
{
    (void)state;
    assert_int_equal(ippon_ladder_base(4, NOVICE, 1), 20);
    assert_int_equal(ippon_ladder_base(4, NOVICE, 2), 10);
    assert_int_equal(ippon_ladder_base(4, NOVICE, 3), 0);
    assert_int_equal(ippon_ladder_base(4, NOVICE, 4), 0);  /* penalty 0 in kyu */
    assert_int_equal(ippon_ladder_base(4, DAN1, 4), -20);
    assert_int_equal(ippon_ladder_base(4, DAN3, 4), -30);
    assert_int_equal(ippon_ladder_base(4, DAN10, 4), -60);
    assert_int_equal(ippon_ladder_base(3, NOVICE, 1), 30);
    assert_int_equal(ippon_ladder_base(3, DAN3, 2), 0);
    assert_int_equal(ippon_ladder_base(3, DAN3, 3), -30);
    assert_int_equal(ippon_ladder_base(3, DAN7, 3), -50);
    assert_int_equal(ippon_ladder_base(3, DAN1, 4), 0);
    assert_int_equal(ippon_ladder_base(4, DAN1, 0), 0);
    assert_int_equal(ippon_ladder_base(4, DAN1, 5), 0);
    assert_int_equal(ippon_ladder_base(4, 20, 1), 0);
    assert_int_equal(ippon_ladder_base(4, -1, 1), 0);
}

/*
 * The 4-player ron: the winner +8000 (33000), two bystanders at 25000 tie for 2nd–3rd, the
 * one who dealt in −8000 (17000). In Novice: 20 + 8 = 28; (10 + 0) / 2 + 0 = 5 each; 0 − 8 = −8.
 * The same with the one who dealt in at 3 dan: −30 − 8 = −38; the winner at 1 dan: 28 still.
 */
static void four_player_ron(void **state)
{
    (void)state;
    int32_t final[4] = { 33000, 25000, 25000, 17000 }, result[4] = { 8000, 0, 0, -8000 };
    int32_t tiers[4] = { NOVICE, NOVICE, NOVICE, NOVICE }, delta[4];
    assert_int_equal(ippon_ladder_deltas(4, final, result, tiers, delta), 0);
    assert_int_equal(delta[0], 28);
    assert_int_equal(delta[1], 5);
    assert_int_equal(delta[2], 5);
    assert_int_equal(delta[3], -8);
    int32_t tiers2[4] = { DAN1, KYU5, DAN2, DAN3 };
    assert_int_equal(ippon_ladder_deltas(4, final, result, tiers2, delta), 0);
    assert_int_equal(delta[0], 28);
    assert_int_equal(delta[1], 5);
    assert_int_equal(delta[2], 5);
    assert_int_equal(delta[3], -38);
}

/*
 * Ties and rounding. A tsumo by a non-dealer of 1000 / 2000 (4-player): the winner 29000
 * (+4000), the two other non-dealers 24000 (−1000 each), the dealer 23000 (−2000): 20 + 4 = 24;
 * 2nd–3rd tie: 5 − 1 = 4 each; 4th at 1 dan: −20 − 2 = −22.
 * Three tied for 2nd–4th at 3 dan: (10 + 0 − 30) / 3 = −6.67 → −7; at 1 dan (10 + 0 − 20) / 3 =
 * −3.33 → −3; 3rd–4th tied at 7 dan: (0 − 50) / 2 = −25.
 * result / 1000 rounded half away from zero: +1500 → +2, −1500 → −2, +2499 → +2, −500 → −1,
 * +499 → 0.
 */
static void ties_and_rounding(void **state)
{
    (void)state;
    int32_t delta[4];
    int32_t f1[4] = { 29000, 24000, 24000, 23000 }, r1[4] = { 4000, -1000, -1000, -2000 };
    int32_t t1[4] = { NOVICE, NOVICE, NOVICE, DAN1 };
    assert_int_equal(ippon_ladder_deltas(4, f1, r1, t1, delta), 0);
    assert_int_equal(delta[0], 24);
    assert_int_equal(delta[1], 4);
    assert_int_equal(delta[2], 4);
    assert_int_equal(delta[3], -22);

    int32_t f2[4] = { 40000, 20000, 20000, 20000 }, r2[4] = { 15000, -5000, -5000, -5000 };
    int32_t t2[4] = { DAN3, DAN3, DAN1, DAN3 };
    assert_int_equal(ippon_ladder_deltas(4, f2, r2, t2, delta), 0);
    assert_int_equal(delta[0], 20 + 15);
    assert_int_equal(delta[1], -7 - 5);
    assert_int_equal(delta[2], -3 - 5);
    assert_int_equal(delta[3], -7 - 5);

    int32_t f3[4] = { 30000, 26500, 22000, 22000 }, r3[4] = { 1500, -1500, 2499, -500 };
    int32_t t3[4] = { NOVICE, NOVICE, DAN7, DAN7 };
    assert_int_equal(ippon_ladder_deltas(4, f3, r3, t3, delta), 0);
    assert_int_equal(delta[0], 20 + 2);
    assert_int_equal(delta[1], 10 - 2);
    assert_int_equal(delta[2], -25 + 2);
    assert_int_equal(delta[3], -25 - 1);

    int32_t f4[4] = { 25499, 25000, 24501, 25000 }, r4[4] = { 499, 0, -499, 0 };
    int32_t t4[4] = { NOVICE, NOVICE, NOVICE, NOVICE };
    assert_int_equal(ippon_ladder_deltas(4, f4, r4, t4, delta), 0);
    assert_int_equal(delta[0], 20 + 0);
    assert_int_equal(delta[1], 5);
    assert_int_equal(delta[2], 0 - 0);
    assert_int_equal(delta[3], 5);
}

/*
 * 3-player: 30 / 0 / −penalty. A ron of 8000: the winner 43000 (+8000), the bystander 35000, the
 * one who dealt in 27000 (−8000): 30 + 8 = 38; 0; at 3 dan −30 − 8 = −38. A tsumo whose two payers
 * tie (2nd–3rd) at 2 dan: (0 − 20) / 2 − 2 = −12 each.
 */
static void three_player_bases(void **state)
{
    (void)state;
    int32_t delta[3];
    int32_t f1[3] = { 27000, 43000, 35000 }, r1[3] = { -8000, 8000, 0 }, t1[3] = { DAN3, KYU1, DAN1 };
    assert_int_equal(ippon_ladder_deltas(3, f1, r1, t1, delta), 0);
    assert_int_equal(delta[0], -38);
    assert_int_equal(delta[1], 38);
    assert_int_equal(delta[2], 0);
    int32_t f2[3] = { 39000, 33000, 33000 }, r2[3] = { 4000, -2000, -2000 }, t2[3] = { DAN2, DAN2, DAN2 };
    assert_int_equal(ippon_ladder_deltas(3, f2, r2, t2, delta), 0);
    assert_int_equal(delta[0], 34);
    assert_int_equal(delta[1], -12);
    assert_int_equal(delta[2], -12);
}

static void bad_input(void **state)
{
    (void)state;
    int32_t f[4] = { 1, 2, 3, 4 }, r[4] = { 0, 0, 0, 0 }, t[4] = { 0, 0, 0, 0 }, d[4];
    assert_int_equal(ippon_ladder_deltas(2, f, r, t, d), -1);
    assert_int_equal(ippon_ladder_deltas(5, f, r, t, d), -1);
    t[2] = IPPON_LADDER_TIERS;
    assert_int_equal(ippon_ladder_deltas(4, f, r, t, d), -1);
    t[2] = -1;
    assert_int_equal(ippon_ladder_deltas(4, f, r, t, d), -1);
    /* a rank outside the ladder is returned as it was */
    assert_rank(ippon_ladder_apply((ippon_rank){ 20, 5 }, 10), 20, 5);
}

/* the README's table of the ladder, as ippon_ladder_tiers gives it */
static void print_table(FILE *out)
{
    fputs("| tier | 段位 | promotes at | starts at | last place | below 0 points |\n", out);
    fputs("|---|---|---|---|---|---|\n", out);
    for (int i = 0; i < IPPON_LADDER_TIERS; i++) {
        const ippon_tier *t = &ippon_ladder_tiers[i];
        char promote[16], last[16], below[64];
        snprintf(promote, sizeof promote, t->promote_at ? "%d" : "—", t->promote_at);
        snprintf(last, sizeof last, t->penalty ? "−%d" : "0", t->penalty);
        if (t->demotes)
            snprintf(below, sizeof below, "down to %s (%d)", ippon_ladder_tiers[i - 1].name_en,
                     ippon_ladder_tiers[i - 1].start);
        else
            snprintf(below, sizeof below, "stays at 0");
        fprintf(out, "| %s | %s | %s | %d | %s | %s |\n", t->name_en, t->name_ja, promote, t->start, last, below);
    }
}

static void readme_table_is_the_tiers(void **state)
{
    (void)state;
    char *want = NULL;
    size_t want_len = 0;
    FILE *mem = open_memstream(&want, &want_len);
    assert_non_null(mem);
    print_table(mem);
    fclose(mem);

    FILE *f = fopen(IPPON_TEST_SOURCE_DIR "/README.md", "r");
    assert_non_null(f);
    static const char begin[] = "<!-- the dan ladder: ippon_ladder_tiers";
    static const char end[] = "<!-- end of the dan ladder -->";
    char line[1024], *got = NULL;
    size_t got_len = 0;
    FILE *out = open_memstream(&got, &got_len);
    assert_non_null(out);
    int inside = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, end, sizeof end - 1))
            inside = 2;
        if (inside == 1)
            fputs(line, out);
        if (!strncmp(line, begin, sizeof begin - 1))
            inside = 1;
    }
    fclose(f);
    fclose(out);
    if (inside != 2 || strcmp(got, want) != 0) {
        fprintf(stderr, "README.md's ladder table (between \"%s…\" and \"%s\") should read:\n%s", begin, end, want);
        free(got);
        free(want);
        fail_msg("README.md's ladder table differs from ippon_ladder_tiers");
    }
    free(got);
    free(want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tier_names),
        cmocka_unit_test(promotions),
        cmocka_unit_test(demotions),
        cmocka_unit_test(no_demotion_in_kyu),
        cmocka_unit_test(ten_dan_is_the_top),
        cmocka_unit_test(bases),
        cmocka_unit_test(four_player_ron),
        cmocka_unit_test(ties_and_rounding),
        cmocka_unit_test(three_player_bases),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(readme_table_is_the_tiers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
