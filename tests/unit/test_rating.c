/*
 * test_rating.c — unit tests of the skill rating (include/ippon/rating.h): the Weng–Lin
 * Plackett–Luce update with ties (JMLR 12, 2011, Algorithm 4) on two players (a win, a tie,
 * drift), the four-player ron (winner, two tied bystanders, the one who dealt in), a
 * three-player match, the same with the choices below first at a smaller scale, a fixed bot seat, the first-place chances, the provisional threshold and
 * bad input.
 *
 * The expected values were worked in Python from the header's equations alone (not from
 * src/rating), step by step; each test's comment gives the steps. The parameters here are the
 * test's own (beta 100, tau 0 unless said, kappa 0.0001, later_scale w = 1 unless said: Weng
 * and Lin's model as they give it), so tuning the service's defaults does not move them. Notation: e_i = exp(mu_i / c); seats are listed best place first where it helps.
 * γ = 1 (the header's): Δ_i = (σ_i² / c²) Σ p(1 − p) / A, so each Δ below is the variance
 * fraction times that sum; the means do not depend on γ.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ippon/rating.h"

static const ippon_rating_params params = {
    .mu0 = 1500.0, .sigma0 = 200.0, .beta = 100.0, .tau = 0.0, .kappa = 0.0001, .provisional_sigma = 80.0,
    .first_scale = 1.0, .later_scale = 1.0,
};

#define assert_close(a, b) assert_true(fabs((a) - (b)) < 1e-9)

static void assert_rating(ippon_rating r, double mu, double sigma)
{
    if (fabs(r.mu - mu) >= 1e-9 || fabs(r.sigma - sigma) >= 1e-9)
        fail_msg("rating %.12f / %.12f, expected %.12f / %.12f", r.mu, r.sigma, mu, sigma);
}

static ippon_rating_seat seat(double mu, double sigma, int32_t points)
{
    return (ippon_rating_seat){ .before = { mu, sigma }, .points = points };
}

/*
 * Two players at 1500 / 200, A wins. c = sqrt(2 (200² + 100²)) = sqrt(100000) = 316.2277660168;
 * e_A = e_B, so C_A = e_A + e_B, C_B = e_B, p_A,A = 0.5.
 *   A: Ω = (40000 / c)(1 − 0.5) = 63.2455532034; Δ = (σ² / c²) 0.5·0.5 with σ² / c² = 0.4:
 *      Δ = 0.1; σ = sqrt(40000 · 0.9) = 189.7366596101.
 *   B: q = A: p = 0.5, term 0 − 0.5; q = B: p = e_B / C_B = 1, term 1 − 1 = 0, p(1 − p) = 0.
 *      Ω = −63.2455532034, Δ the same as A's.
 * (openskill's PlackettLuce, whose γ is σ / c, gives the same means on its own scale: 25 → 27.635.)
 */
static void two_players_win(void **state)
{
    (void)state;
    ippon_rating_seat s[2] = { seat(1500, 200, 30000), seat(1500, 200, 20000) };
    assert_int_equal(ippon_rating_update(&params, s, 2), 0);
    assert_rating(s[0].after, 1563.2455532033675, 189.73665961010275);
    assert_rating(s[1].after, 1436.7544467966325, 189.73665961010275);
    /* the input is left as it was */
    assert_rating(s[0].before, 1500, 200);
}

/*
 * Two players tie on points: A 1600 / 100, B 1500 / 200. c = sqrt(100² + 200² + 2·100²) =
 * 264.5751311065; e_A = 423.0251223359, e_B = 289.8800147541; both share place 1: C = e_A + e_B
 * = 712.9051370900 for both, A_q = 2.
 *   A: p_A = 0.5933820649; Σ (1/2)([q = A] − p_A) over q ∈ {A, B} = 1/2 − p_A = −0.0933820649;
 *      Ω = (10000 / c)(−0.0933820649) = −3.5295102955; Σ (1/2) p(1 − p) twice = 0.2412797900;
 *      Δ = (10000 / c²) 0.2412797900 = 0.0344685414; σ = sqrt(10000 (1 − Δ)) = 98.2614603280.
 *   B: p_B = 0.4066179351; Ω = (40000 / c)(0.0933820649) = 14.1180411818; the same sum:
 *      Δ = (40000 / c²) 0.2412797900 = 0.1378741657; σ = 185.7014630328.
 * The stronger player loses a little for a tie, the weaker gains more (its sigma is larger).
 */
static void two_players_tie(void **state)
{
    (void)state;
    ippon_rating_seat s[2] = { seat(1600, 100, 25000), seat(1500, 200, 25000) };
    assert_int_equal(ippon_rating_update(&params, s, 2), 0);
    assert_rating(s[0].after, 1596.4704897045413, 98.26146032795815);
    assert_rating(s[1].after, 1514.1180411818352, 185.7014630328105);
}

/*
 * Drift: tau 10, A 1600 / 100, B 1500 / 200, B wins. Each σ² first grows by 100: 10100 and
 * 40100; c = sqrt(10100 + 40100 + 2·10000) = 264.9528259898; e_A = 419.3940153319, e_B =
 * 287.5466680519; B places first: C_B = e_A + e_B = 706.9406833838, C_A = e_A.
 *   B: p = 0.4067479420; Ω = (40100 / c)(1 − p) = 89.7873326644; Δ = (40100 / c²)·p(1 − p) =
 *      0.1378389252; σ = sqrt(40100 (1 − Δ)) = 185.9372450524.
 *   A: q = B: p = e_A / C_B = 0.5932520580, term −p; q = A: p = 1, term 0. Ω = (10100 / c)
 *      (−0.5932520580) = −22.6147645863; Δ = (10100 / c²)·p(1 − p) = 0.0347175348;
 *      σ = sqrt(10100 (1 − Δ)) = 98.7388115112.
 */
static void drift_before_the_update(void **state)
{
    (void)state;
    ippon_rating_params p = params;
    p.tau = 10.0;
    ippon_rating_seat s[2] = { seat(1600, 100, 24000), seat(1500, 200, 26000) };
    assert_int_equal(ippon_rating_update(&p, s, 2), 0);
    assert_rating(s[0].after, 1577.3852354136934, 98.73881151121611);
    assert_rating(s[1].after, 1589.7873326644446, 185.93724505240405);
}

/*
 * The 4-player ron: W wins (33000), B1 and B2 are bystanders at 25000 (a tie for 2nd), L dealt
 * in (17000). W 1500 / 200, B1 1550 / 150, B2 1450 / 100, L 1600 / 50.
 * c = sqrt(40000 + 22500 + 10000 + 2500 + 4·10000) = 339.1164991563;
 * e = 83.3675116281, 96.6117762175, 71.9388698476, 111.9601043814;
 * C_W = all four = 363.8782620746; C_B1 = C_B2 = e_B1 + e_B2 + e_L = 280.5107504465; C_L = e_L;
 * A_B1 = A_B2 = 2, the others 1.
 *   W: only q = W: p = 0.2291082494; Ω = (40000 / c)(1 − p) = 90.9294301506; p(1 − p) =
 *      0.1766176595, Δ = (40000 / c²)·that = 0.0614322294; σ = 193.7594148029.
 *   B1: q = W: −0.2655057647; q = B1, B2 (p = 0.3444138097 each, 1/2 each): 1/2 − 0.3444138097;
 *      Σ = −0.1099195743; Ω = (22500 / c) Σ = −7.2930406776; Σ p(1−p)/A = 0.4208053910;
 *      Δ = (22500 / c²)·that = 0.0823314895; σ = 143.6925241109.
 *   B2: p = 0.1977003777 (W), 0.2564567302 (its group); Σ = −0.1977003777 + 1/2 − 0.2564567302 =
 *      0.0458428921; Ω = 1.3518331373; Σ p(1−p)/A = 0.3493016141; Δ = 0.0303740534;
 *      σ = 98.4695865027.
 *   L: p = 0.3076856082 (W), 0.3991294601 (group, whole 1/2 + 1/2), 1 (itself: 1 − 1 = 0);
 *      Σ = −0.7068150683; Ω = (2500 / c) Σ = −5.2107098157; Σ p(1−p)/A = 0.4528403089;
 *      Δ = 0.0098443545; σ = 49.7532824409.
 */
static void four_players_ron(void **state)
{
    (void)state;
    ippon_rating_seat s[4] = { seat(1500, 200, 33000), seat(1550, 150, 25000), seat(1450, 100, 25000),
                               seat(1600, 50, 17000) };
    assert_int_equal(ippon_rating_update(&params, s, 4), 0);
    assert_rating(s[0].after, 1590.9294301506457, 193.75941480287383);
    assert_rating(s[1].after, 1542.7069593224126, 143.6925241109415);
    assert_rating(s[2].after, 1451.351833137286, 98.46958650266224);
    assert_rating(s[3].after, 1594.7892901843284, 49.753282440931216);
    /* the seats' order does not matter: the same match listed the other way round */
    ippon_rating_seat r[4] = { s[3], s[2], s[1], s[0] };
    for (int i = 0; i < 4; i++)
        r[i].after = (ippon_rating){ 0, 0 };
    assert_int_equal(ippon_rating_update(&params, r, 4), 0);
    for (int i = 0; i < 4; i++)
        assert_rating(r[i].after, s[3 - i].after.mu, s[3 - i].after.sigma);
}

/*
 * Three players: X 1480 / 120 third (27000), Y 1520 / 80 first (43000), Z 1500 / 200 second
 * (35000). c = sqrt(14400 + 6400 + 40000 + 3·10000) = 301.3303834664;
 * e = 135.8501589402, 155.1352268961, 145.1728116110; C_Y = 436.1581974473, C_Z = e_Z + e_X =
 * 281.0229705512, C_X = e_X.
 *   Y: p = 0.3556856842; Ω = (6400 / c)(1 − p) = 13.6846858038; p(1 − p) = 0.2291733783;
 *      Δ = (6400 / c²)·that = 0.0161531897; σ = 79.3512418692.
 *   Z: q = Y: p = 0.3328443956, −p; q = Z: p = 0.5165869940, 1 − p; Σ = 0.1505686104;
 *      Ω = (40000 / c) Σ = 19.9871793406; Σ p(1 − p) = 0.4717838755; Δ = 0.2078343064;
 *      σ = 178.0073811496.
 *   X: p = 0.3114699202 (Y), 0.4834130060 (Z), 1 (itself); Σ = −0.7948829261;
 *      Ω = (14400 / c) Σ = −37.9859276210; Σ p(1 − p) = 0.4641812806; Δ = 0.0736146524;
 *      σ = 115.4986969838.
 */
static void three_players(void **state)
{
    (void)state;
    ippon_rating_seat s[3] = { seat(1480, 120, 27000), seat(1520, 80, 43000), seat(1500, 200, 35000) };
    assert_int_equal(ippon_rating_update(&params, s, 3), 0);
    assert_rating(s[0].after, 1442.0140723789518, 115.49869698375191);
    assert_rating(s[1].after, 1533.6846858037516, 79.35124186924565);
    assert_rating(s[2].after, 1519.9871793405753, 178.0073811495732);
}

/*
 * The three players above with later_scale w = 0.5: the choice of first (Y) keeps scale 1, the
 * choice of second (Z over X) takes a = 0.5, so its chance is exp(0.5 mu / c) over Z and X.
 * c = 301.3303834664 as above; e1 (scale 1) = 135.8501589402, 155.1352268961, 145.1728116110
 * (X, Y, Z), C_Y = 436.1581974473; e_w = exp(0.5 mu / c) = 11.6554776367 (X), 12.0487680537 (Z),
 * C_Z = 23.7042456904, C_X = e_w(X).
 *   Y: only its own choice, scale 1: the same as above, 1533.6846858038 / 79.3512418692.
 *   Z: q = Y: p = 0.3328443956, a 1, term −p; q = Z: p = 12.0487680537 / 23.7042456904 =
 *      0.5082957800, a 0.5, term 0.5 (1 − p) = 0.2458521100; Σ = −0.0869922856;
 *      Ω = (40000 / c) Σ = −11.5477615784; Σ a² p(1 − p) = 0.2220590039 + 0.25·0.2499311800 =
 *      0.2845417989; Δ = (40000 / c²)·that = 0.1253488101; σ = sqrt(40000 (1 − Δ)) = 187.0455762537.
 *   X: q = Y: p = 0.3114699202, term −p; q = Z: p = 0.4917042200, a 0.5, term −0.2458521100;
 *      q = X: p = 1, term 0; Σ = −0.5573220301; Ω = (14400 / c) Σ = −26.6333488902;
 *      Σ a² p(1 − p) = 0.2144564090 + 0.25·0.2499311800 = 0.2769392040; Δ = (14400 / c²)·that =
 *      0.0439198738; σ = 117.3352198524.
 * Second place now gains Z far less than at w = 1 (Z falls, 1500 → 1488.45, where it rose to
 * 1519.99): beating X for second weighs half as much, and Z's loss to Y as much as before.
 * With w = 0 the choice of second does not count at all: Z and X swapping places gives each the
 * same result.
 */
static void later_choices_scaled(void **state)
{
    (void)state;
    ippon_rating_params p = params;
    p.later_scale = 0.5;
    ippon_rating_seat s[3] = { seat(1480, 120, 27000), seat(1520, 80, 43000), seat(1500, 200, 35000) };
    assert_int_equal(ippon_rating_update(&p, s, 3), 0);
    assert_rating(s[0].after, 1453.3666511097651, 117.33521985238949);
    assert_rating(s[1].after, 1533.6846858037516, 79.35124186924565);
    assert_rating(s[2].after, 1488.4522384216493, 187.04557625369105);
    p.later_scale = 0.0;
    ippon_rating_seat a[3] = { seat(1480, 120, 27000), seat(1520, 80, 43000), seat(1500, 200, 35000) };
    ippon_rating_seat b[3] = { seat(1480, 120, 35000), seat(1520, 80, 43000), seat(1500, 200, 27000) };
    assert_int_equal(ippon_rating_update(&p, a, 3), 0);
    assert_int_equal(ippon_rating_update(&p, b, 3), 0);
    for (int i = 0; i < 3; i++)
        assert_rating(a[i].after, b[i].after.mu, b[i].after.sigma);
    /* the winner's own result is the same whatever w */
    assert_rating(a[1].after, 1533.6846858037516, 79.35124186924565);
}

/*
 * A bot seat (fixed) among three players, tau 2: P0 1500 / 200 and P3 1480 / 150 tie at 25000,
 * P1 1520 / 90 wins (33000), the bot 1557 / 25 dealt in (17000). Every σ² grows by 4 (the bot's
 * too: the others see it as any opponent): c = sqrt(40004 + 8104 + 629 + 22504 + 4·10000) =
 * 333.5281097599; e = 89.7808816865, 95.3292810276, 106.5135483778, 84.5554128753;
 * C_P1 = all = 376.1791239672; C_P0 = C_P3 = e_P0 + e_P3 + e_bot = 280.8498429395; C_bot = e_bot.
 *   P1: p = 0.2534145968; Ω = (8104 / c)(1 − p) = 18.1403843647; Δ = (8104 / c²) p(1 − p) =
 *       0.0137830607; σ = 89.3996760391.
 *   P0: p = 0.2386652421 (P1), 0.3196757411 (its group); Σ = −0.2386652421 + 1/2 − 0.3196757411 =
 *       −0.0583409832; Ω = (40004 / c) Σ = −6.9975292150; Δ = 0.1435539863; σ = 185.0979911638.
 *   P3: p = 0.2247743362, 0.3010698243; Σ = −0.0258441605; Ω = (22504 / c) Σ = −1.7437720271;
 *       Δ = 0.0778200946; σ = 144.0581014431.
 * The bot keeps 1557 / 25 exactly (as a normal seat it would have gone to 1555.7507806658 /
 * 25.0487684364, Δ = 0.0024788550), and the others move exactly as they would with it a normal seat.
 */
static void fixed_bot_seat(void **state)
{
    (void)state;
    ippon_rating_params p = params;
    p.tau = 2.0;
    ippon_rating_seat s[4] = { seat(1500, 200, 25000), seat(1520, 90, 33000), seat(1557, 25, 17000),
                               seat(1480, 150, 25000) };
    s[2].fixed = true;
    assert_int_equal(ippon_rating_update(&p, s, 4), 0);
    assert_rating(s[0].after, 1493.0024707850303, 185.09799116377098);
    assert_rating(s[1].after, 1538.1403843646813, 89.39967603911778);
    assert_rating(s[2].after, 1557, 25);
    assert_rating(s[3].after, 1478.2562279729402, 144.05810144310365);
    /* the same match with the bot as a normal seat: the others' results are the same */
    ippon_rating_seat n[4] = { s[0], s[1], s[2], s[3] };
    n[2].fixed = false;
    assert_int_equal(ippon_rating_update(&p, n, 4), 0);
    for (int i = 0; i < 4; i++)
        if (i != 2)
            assert_rating(n[i].after, s[i].after.mu, s[i].after.sigma);
    assert_rating(n[2].after, 1555.75078066579, 25.04876843637962);
}

/*
 * First-place chances: 1600 / 100, 1500 / 200, 1400 / 50 (no drift): c = sqrt(100² + 200² + 50²
 * + 3·100²) = 287.2281323269; first_scale 1: exp(mu / c) normalised: 0.4536361210, 0.3202622108,
 * 0.2261016682. First_scale 2.5: k mu / c = 13.9262124765, 13.0558241967, 12.1854359169; less
 * the largest, exp: 1, 0.4187889104, 0.1753841515; normalised 0.6272844674, 0.2626997786,
 * 0.1100157540. Ratings near 10⁶ (exp(k mu / c) alone would overflow): 10⁶ and 10⁶ − 300, both
 * sigma 100, k 2.5: c = 200, exp(−3.75) = 0.0235177459, chances 0.9770226300, 0.0229773700.
 */
static void first_chances(void **state)
{
    (void)state;
    ippon_rating_params p = params;
    p.tau = 50.0; /* not used: the chances are of the ratings as they stand */
    ippon_rating r[3] = { { 1600, 100 }, { 1500, 200 }, { 1400, 50 } };
    double out[3];
    ippon_rating_first_chances(&p, r, 3, out);
    assert_close(out[0], 0.45363612099333406);
    assert_close(out[1], 0.3202622108446828);
    assert_close(out[2], 0.22610166816198313);
    p.first_scale = 2.5;
    ippon_rating_first_chances(&p, r, 3, out);
    assert_close(out[0], 0.6272844673547285);
    assert_close(out[1], 0.26269977860037125);
    assert_close(out[2], 0.11001575404490024);
    ippon_rating huge[2] = { { 1e6, 100 }, { 1e6 - 300, 100 } };
    ippon_rating_first_chances(&p, huge, 2, out);
    assert_close(out[0], 0.9770226300899744);
    assert_close(out[1], 0.02297736991002561);
    /* equal ratings: a uniform guess */
    ippon_rating same[4] = { { 1500, 80 }, { 1500, 80 }, { 1500, 80 }, { 1500, 80 } };
    double four[4];
    ippon_rating_first_chances(&p, same, 4, four);
    for (int i = 0; i < 4; i++)
        assert_close(four[i], 0.25);
}

/* provisional while sigma > provisional_sigma: a newcomer is, sigma exactly at the threshold is not */
static void provisional_threshold(void **state)
{
    (void)state;
    ippon_rating r = ippon_rating_initial(&params);
    assert_rating(r, 1500, 200);
    assert_true(ippon_rating_provisional(&params, r));
    assert_true(ippon_rating_provisional(&params, (ippon_rating){ 1500, 80.000001 }));
    assert_false(ippon_rating_provisional(&params, (ippon_rating){ 1500, 80.0 }));
    assert_false(ippon_rating_provisional(&params, (ippon_rating){ 1700, 30.0 }));
    /* the service's own: a newcomer starts provisional, at mu0 = 1500 */
    ippon_rating d = ippon_rating_initial(&ippon_rating_defaults);
    assert_close(d.mu, 1500.0);
    assert_true(ippon_rating_provisional(&ippon_rating_defaults, d));
    /* the bots' fixed ratings are settled ones */
    assert_false(ippon_rating_provisional(&ippon_rating_defaults, ippon_rating_bot(4)));
    assert_false(ippon_rating_provisional(&ippon_rating_defaults, ippon_rating_bot(3)));
}

/* bad input: a count out of 2 … 4, a sigma not above 0, a value not finite: -1, nothing written */
static void bad_input(void **state)
{
    (void)state;
    ippon_rating_seat s[5] = { seat(1500, 200, 1), seat(1500, 200, 2), seat(1500, 200, 3), seat(1500, 200, 4),
                                seat(1500, 200, 5) };
    assert_int_equal(ippon_rating_update(&params, s, 1), -1);
    assert_int_equal(ippon_rating_update(&params, s, 0), -1);
    assert_int_equal(ippon_rating_update(&params, s, 5), -1);
    s[1].before.sigma = 0.0;
    assert_int_equal(ippon_rating_update(&params, s, 2), -1);
    s[1].before.sigma = -5.0;
    assert_int_equal(ippon_rating_update(&params, s, 2), -1);
    s[1].before = (ippon_rating){ NAN, 200 };
    assert_int_equal(ippon_rating_update(&params, s, 2), -1);
    s[1].before = (ippon_rating){ 1500, INFINITY };
    s[0].after = (ippon_rating){ 7, 7 };
    assert_int_equal(ippon_rating_update(&params, s, 2), -1);
    assert_rating(s[0].after, 7, 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_players_win),
        cmocka_unit_test(two_players_tie),
        cmocka_unit_test(drift_before_the_update),
        cmocka_unit_test(four_players_ron),
        cmocka_unit_test(three_players),
        cmocka_unit_test(later_choices_scaled),
        cmocka_unit_test(fixed_bot_seat),
        cmocka_unit_test(first_chances),
        cmocka_unit_test(provisional_threshold),
        cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
