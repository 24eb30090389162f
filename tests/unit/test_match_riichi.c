/*
 * test_match_riichi.c — riichi as src/core/RULES.md §4 states it, on scripted walls: the live-tile
 * minimum at the moment of declaring (4p ≥ 4, 3p ≥ 3) and the 1,000-point minimum, the stick
 * (paid when the declaration is not ronned; a ronned declaration is void; a call on it leaves it
 * standing but ends ippatsu), riichi while furiten, no riichi on a karaten wait, double riichi
 * (only with no call, kan or kita before), ippatsu (broken by any call or kan, over at the
 * riichi player's next discard), and ankan after riichi (same waits and a triplet in every
 * reading, else refused). Every expected number is worked by hand from src/core/RULES.md §4–6.
 *
 * Seat 0 deals unless said otherwise, so seat s has wind s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

static ippon_action giri_riichi(const ms *s, int seat)
{
    ippon_action a = ms_giri(s, seat);
    a.riichi = true;
    return a;
}

/* ---- live tiles and points needed ------------------------------------------------------------ */

/*
 * 4p: 70 live tiles, draw i (no calls) to seat i mod 4, leaving 69 − i. Seat 1 draws #65 and
 * has 4 left: riichi allowed; seat 2 draws #66 and has 3 left: refused (§4: at least 4 live tiles in 4p).
 * Seat 1 waits 2s/5s, seat 2 waits 5s/8s; the filler never holds those (so nobody is furiten —
 * which would not matter for riichi anyway).
 */
static void riichi_needs_4_live_tiles_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z",
                  "234m 567p 34s 666z 99p",
                  "678m 234p 67s 777z 11s",
                  "258m 369p 147s 1234z" },
        .full = true, .avoid = "2s5s8s", .dora = "5z" });
    assert_true(ms_run_until(s, 4));
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_true(ms_can_riichi(s, 1));
    ms_ok(s, giri_riichi(s, 1));
    ms_pass_all(s);
    assert_int_equal(ippon_match_turn(s->m), 2);
    assert_int_equal(ippon_match_live_tiles(s->m), 3);
    assert_false(ms_can_riichi(s, 2));
    ms_refused(s, giri_riichi(s, 2));
    ms_ok(s, ms_giri(s, 2));
    ms_free(s);
}

/* 3p: 55 live tiles, draw i to seat i mod 3 leaving 54 − i: seat 0 at 3 left may, seat 1 at 2 may not */
static void riichi_needs_3_live_tiles_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "123p 456p 78s 555z 99s",
                  "234s 678p 12p 666z 99m",
                  "19m 59p 147s 3s 1234z 7z" },
        .full = true, .avoid = "6s9s3p", .dora = "1z" });
    assert_true(ms_run_until(s, 3));
    assert_int_equal(ippon_match_turn(s->m), 0);
    assert_true(ms_can_riichi(s, 0));
    ms_ok(s, giri_riichi(s, 0));
    ms_pass_all(s);
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_int_equal(ippon_match_live_tiles(s->m), 2);
    assert_false(ms_can_riichi(s, 1));
    ms_refused(s, giri_riichi(s, 1));
    ms_free(s);
}

/*
 * §4: at least 1,000 points before the stick is paid. Seat 1 (tenpai: 4p 2s/5s, 3p 2p/5p)
 * with 999 points may not declare; with exactly 1,000 it may, pays the stick and is left with 0.
 */
static void riichi_points_minimum(const char *preset, int32_t points, bool allowed)
{
    bool sanma = strcmp(preset, "sanma") == 0;
    ms *s = ms_new(preset, 0);
    int32_t start = s->rules->start_points;
    int32_t p[4] = { start, points, start, start };
    ms_setup(s, 0, 0, 0, 0, p);
    if (sanma)
        ms_start(s, &(ms_deal){
            .hand = { "19m 59p 147s 3s 1234z 7z", "234s 567p 34p 666z 99p", "19m 38p 69s 3z 555z 77z 9p" },
            .draws = "1p1s", .dora = "1z" });
    else
        ms_start(s, &(ms_deal){
            .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                      "258m 369p 147s 1234z" },
            .draws = "1p2p", .dora = "5z" });
    ms_giri_pass(s, 0);
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_int_equal(ms_can_riichi(s, 1), allowed);
    if (!allowed) {
        ms_refused(s, giri_riichi(s, 1));
    } else {
        ms_ok(s, giri_riichi(s, 1));
        ms_pass_all(s);
        assert_non_null(ms_ev_hand(s, IPPON_EV_RIICHI_STICK, 1));
        assert_int_equal(ippon_match_points(s->m, 1), points - 1000);
        assert_int_equal(ippon_match_sticks(s->m), 1);
        assert_true(ms_seat_riichi(s, 1));
    }
    ms_free(s);
}

static void riichi_refused_below_1000_points_4p(void **state)
{
    (void)state;
    riichi_points_minimum("yonma", 999, false);
}

static void riichi_allowed_at_1000_points_4p(void **state)
{
    (void)state;
    riichi_points_minimum("yonma", 1000, true);
}

static void riichi_refused_below_1000_points_3p(void **state)
{
    (void)state;
    riichi_points_minimum("sanma", 999, false);
}

static void riichi_allowed_at_1000_points_3p(void **state)
{
    (void)state;
    riichi_points_minimum("sanma", 1000, true);
}

/* ---- the stick, the declaration tile ----------------------------------------------------------- */

/*
 * The base table: the dealer holds 111m 456p 789p 11s 23s (tenpai 1s/4s) and draws 9s first.
 * Seat 2 holds 99s (may pon the 9s). Indicators are harmless: dora 2m→3m, 3m→4m; ura the same.
 * Draws: dealer 9s, then seats 1, 2, 3 junk, then the dealer (4s unless told).
 */
static ms *riichi_table(const char *draws, bool seat1_kan)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "111m 456p 789p 11s 23s",
                  seat1_kan ? "369m 25p 5s 1234z 666z" : "369m 258p 58s 1234z 7z",
                  "47m 13p 99s 6s 1234z 57z",
                  seat1_kan ? "258m 369p 7s 1234z 77z" : "258m 369p 7s 1234z 67z" },
        .draws = draws, .repl = "5z", .dora = "2m3m", .ura = "2m3m" });
    return s;
}

/*
 * Double riichi then tsumo 4s on the next draw, nothing in between: double riichi 2 + ippatsu 1
 * + menzen tsumo 1 = 4 han; fu 20 + 2 (tsumo) + 8 (closed 111m) = 30. 30 fu 4 han is mangan in
 * 4p (kiriage, §6): dealer tsumo 4000 all. Dealer: 25000 − 1000 + 12000 + 1000 (own stick back)
 * = 37000; the others 21000.
 */
static void ippatsu_and_double_riichi_tsumo_4p(void **state)
{
    (void)state;
    ms *s = riichi_table("9s 6z 5z 9m 4s", false);
    assert_true(ms_can_discard(s, 0, "9s", true));
    ms_ok(s, giri_riichi(s, 0));
    ms_pass_all(s); /* seat 2 could pon the 9s */
    assert_non_null(ms_ev_hand(s, IPPON_EV_RIICHI_STICK, 0));
    ippon_seat_public p;
    ippon_match_seat_public(s->m, 0, &p);
    assert_true(p.riichi && p.double_riichi);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    assert_true(ms_can(s, 0, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(0));
    const ippon_score *w = ms_win(s, 0);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DOUBLE_RIICHI), 2);
    assert_false(ms_has_yaku(w, IPPON_YAKU_RIICHI));
    assert_int_equal(ms_yaku(w, IPPON_YAKU_IPPATSU), 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_MENZEN_TSUMO), 1);
    assert_int_equal(w->han, 4);
    assert_int_equal(w->fu, 30);
    assert_int_equal(w->limit, IPPON_LIMIT_MANGAN);
    ms_points(s, 37000, 21000, 21000, 21000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * §4: a call on the declaration tile leaves the riichi standing (stick paid) but no ippatsu.
 * Seat 2 pons the 9s. Then tsumo 4s: double riichi 2 + menzen tsumo 1 = 3 han 30 fu:
 * 30·2^5 = 960; dealer tsumo 2·960 = 1920 → 2000 all. Dealer 25000 − 1000 + 6000 + 1000 = 31000.
 */
static void call_on_declaration_tile_keeps_riichi_ends_ippatsu_4p(void **state)
{
    (void)state;
    ms *s = riichi_table("9s 5z 4s", false);
    ms_ok(s, giri_riichi(s, 0));
    assert_true(ms_can_call(s, 2, IPPON_ACT_PON, "99s"));
    ms_ok(s, ms_pon(s, 2, "99s"));
    ms_pass_all(s);
    assert_non_null(ms_ev_hand(s, IPPON_EV_RIICHI_STICK, 0));
    assert_int_equal(ippon_match_sticks(s->m), 1);
    assert_true(ms_seat_riichi(s, 0));
    ms_discard_pass(s, 2, "6s");
    ms_giri_pass(s, 3);
    ms_ok(s, ms_tsumo(0));
    const ippon_score *w = ms_win(s, 0);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DOUBLE_RIICHI), 2);
    assert_false(ms_has_yaku(w, IPPON_YAKU_IPPATSU));
    assert_int_equal(w->han, 3);
    ms_points(s, 31000, 23000, 23000, 23000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * §4 ippatsu: no call, kan (ankan included) or kita by anyone in between. Seat 1 makes
 * an ankan of hatsu between the declaration and the dealer's tsumo: no ippatsu, 3 han 30 fu =
 * 2000 all as above (the kan indicator 3m → dora 4m is not in the dealer's hand).
 */
static void ankan_by_another_seat_ends_ippatsu_4p(void **state)
{
    (void)state;
    ms *s = riichi_table("9s 6z 5z 9m 4s", true);
    ms_ok(s, giri_riichi(s, 0));
    ms_pass_all(s);
    ms_ok(s, ms_ankan(s, 1, "6z"));
    assert_int_equal(ms_dora_count(s), 2);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    ms_ok(s, ms_tsumo(0));
    const ippon_score *w = ms_win(s, 0);
    assert_false(ms_has_yaku(w, IPPON_YAKU_IPPATSU));
    assert_int_equal(w->han, 3);
    ms_points(s, 31000, 23000, 23000, 23000);
    ms_free(s);
}

/*
 * §4: ippatsu ends at the riichi player's next discard in any case: the dealer draws again
 * (9m), lets it go, and then rons seat 1's 4s. Double riichi 2 han; fu 20 + 10 (closed ron) + 8
 * (111m) = 38 → 40; 40·2^4 = 640, dealer ron 6·640 = 3840 → 3900, + the stick.
 * Dealer 25000 − 1000 + 3900 + 1000 = 28900; seat 1 21100.
 */
static void ippatsu_over_after_own_next_discard_4p(void **state)
{
    (void)state;
    ms *s = riichi_table("9s 6z 5z 9m 8m 4s", false);
    ms_ok(s, giri_riichi(s, 0));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    ms_giri_pass(s, 0);
    ms_ok(s, ms_giri(s, 1)); /* 4s */
    assert_true(ms_can(s, 0, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(0));
    const ippon_score *w = ms_win(s, 0);
    assert_false(ms_has_yaku(w, IPPON_YAKU_IPPATSU));
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DOUBLE_RIICHI), 2);
    assert_int_equal(w->fu, 40);
    assert_int_equal(w->total, 3900);
    ms_points(s, 28900, 21100, 25000, 25000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * 4p: the dealer's riichi declaration (9s) is ronned by seat 2 (555z 234m 678p 345s + 9s:
 * haku 40 fu 1 han, 1300). §4: a ronned declaration tile voids the riichi and costs no stick:
 * the dealer pays 1300 and nothing else.
 */
static void ronned_declaration_is_void_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "111m 456p 789p 11s 23s", "369m 258p 58s 1234z 7z", "555z 234m 678p 345s 9s",
                  "258m 369p 7s 1234z 67z" },
        .draws = "9s", .dora = "7m" /* dora 8m */ });
    ms_ok(s, giri_riichi(s, 0));
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(2));
    assert_null(ms_ev_hand(s, IPPON_EV_RIICHI_STICK, -1));
    assert_int_equal(ms_win(s, 2)->total, 1300);
    ms_points(s, 23700, 25000, 26300, 25000);
    assert_int_equal(ippon_match_sticks(s->m), 0);
    ms_results_consistent(s);
    ms_free(s);
}

/* ---- double riichi ------------------------------------------------------------------------------ */

/*
 * §4 double riichi: declared with your first discard, with no call, kan (ankan included) or
 * kita by anyone before it. Seat 1 (tenpai 2s/5s) declares on its first discard:
 *   - nothing before: double riichi;
 *   - the dealer made an ankan on the first turn: plain riichi;
 *   - seat 3 ponned the dealer's first discard: plain riichi (below).
 */
static void first_discard_riichi(bool ankan_before, bool want_double)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { ankan_before ? "1111m 58p 369s 1234z" : "147m 258p 369s 1234z",
                  "234m 567p 34s 666z 99p",
                  "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z7z", .repl = "5z", .dora = "6z" });
    if (ankan_before)
        ms_ok(s, ms_ankan(s, 0, "1m"));
    ms_giri_pass(s, 0);
    assert_int_equal(ippon_match_turn(s->m), 1);
    ms_ok(s, giri_riichi(s, 1));
    ms_pass_all(s);
    ippon_seat_public p;
    ippon_match_seat_public(s->m, 1, &p);
    assert_true(p.riichi);
    assert_int_equal(p.double_riichi, want_double);
    ms_free(s);
}

static void double_riichi_on_a_clean_first_discard_4p(void **state)
{
    (void)state;
    first_discard_riichi(false, true);
}

static void no_double_riichi_after_an_ankan_4p(void **state)
{
    (void)state;
    first_discard_riichi(true, false);
}

/*
 * The pon variant needs seat 3 to take the dealer's first discard and the turn to come back to
 * seat 1 for its first discard: dealer 9s → seat 3 pons (99s) and discards → dealer draws and
 * discards → seat 1 declares on its first discard: a call came before, so plain riichi.
 */
static void no_double_riichi_after_a_pon_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 36s 1234z 5z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 1s 1234z 99s" },
        .draws = "9s 7z 7z", .dora = "6z" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_pon(s, 3, "99s"));
    ms_pass_all(s);
    ms_discard_pass(s, 3, "1s");
    ms_giri_pass(s, 0);
    assert_int_equal(ippon_match_turn(s->m), 1);
    ms_ok(s, giri_riichi(s, 1));
    ippon_seat_public p;
    ippon_match_seat_public(s->m, 1, &p);
    assert_true(p.riichi);
    assert_false(p.double_riichi);
    ms_free(s);
}

/* ---- riichi while furiten, karaten ------------------------------------------------------------ */

/* §4: riichi is allowed while furiten: seat 1 (waits 2s/5s) draws 2s and declares with it */
static void riichi_allowed_while_furiten(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 2s", .dora = "6z" });
    ms_giri_pass(s, 0);
    assert_true(ms_can(s, 1, IPPON_ACT_TSUMO, NULL)); /* 2s completes it (menzen tsumo) */
    assert_true(ms_can_discard(s, 1, "2s", true));
    ms_ok(s, giri_riichi(s, 1));
    ms_pass_all(s);
    assert_true(ms_seat_riichi(s, 1));
    ms_free(s);
}

/*
 * §4 karaten: a wait counts only if some copy of it is not the player's own; a hand whose
 * waits all fail that may not riichi. Seat 1 holds 1111m 234p 567p 789s and draws haku: letting haku go
 * leaves a 1m wait whose four copies are all its own → no riichi with haku; letting a 1m go
 * leaves a haku tanki (3 haku outside) → riichi allowed.
 */
static void no_riichi_on_karaten(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "47m 258p 369s 1234z 6z", "1111m 234p 567p 789s", "678m 39p 68s 1234z 77z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 5z", .dora = "6z" });
    ms_giri_pass(s, 0);
    assert_false(ms_can_discard(s, 1, "5z", true));
    assert_true(ms_can_discard(s, 1, "1m", true));
    ms_refused(s, giri_riichi(s, 1));
    ms_free(s);
}

/* ---- in riichi: only the drawn tile, ankan rules ---------------------------------------------- */

/*
 * Seat 1 in riichi holding 999p 123m 456m 78s 55z (3p: 123s 456p for the man runs; waits 6s/9s)
 * draws the 4th 9p. §4: the kan must use the tile just drawn, leave the waits unchanged, and
 * the three tiles must be a triplet in every winning reading — after the kan 123m 456m 78s 55z
 * still waits 6s/9s, and with 6s or 9s the only reading keeps 999p a triplet: allowed. Before that,
 * in riichi, a tile other than the drawn one may not be discarded.
 */
static void ankan_after_riichi_allowed_when_waits_and_triplet_kept(const char *preset)
{
    bool sanma = strcmp(preset, "sanma") == 0;
    ms *s = ms_new(preset, 0);
    if (sanma)
        ms_start(s, &(ms_deal){
            .hand = { "19m 258p 147s 1236z 7z", "999p 123s 456p 78s 55z", "19m 36p 69s 34s 1236z 7z" },
            .draws = "7z 1s 2s 3z 9p", .repl = "2z", .dora = "1z3z" });
    else
        ms_start(s, &(ms_deal){
            .hand = { "147m 258p 369s 1234z", "999p 123m 456m 78s 55z", "78m 36p 6s 1234z 77z 1p 2s",
                      "258m 368p 147s 1234z" },
            .draws = "7z 1s 2s 3s 4s 9p", .repl = "6z", .dora = "6z7z" });
    ms_giri_pass(s, 0);
    ms_ok(s, giri_riichi(s, 1));
    ms_pass_all(s);
    while (ippon_match_turn(s->m) != 1 || ippon_match_phase(s->m) != IPPON_PHASE_TURN)
        ms_giri_pass(s, ippon_match_turn(s->m));
    /* in riichi: the drawn 9p or the kan, nothing else */
    ms_refused(s, ms_discard(s, 1, "5z"));
    assert_true(ms_can(s, 1, IPPON_ACT_ANKAN, "9p"));
    ms_ok(s, ms_ankan(s, 1, "9p"));
    assert_non_null(ms_ev_hand(s, IPPON_EV_CALL, 1));
    assert_true(ms_seat_riichi(s, 1));
    assert_int_equal(ippon_match_turn(s->m), 1);
    ms_free(s);
}

static void ankan_after_riichi_allowed_4p(void **state)
{
    (void)state;
    ankan_after_riichi_allowed_when_waits_and_triplet_kept("yonma");
}

static void ankan_after_riichi_allowed_3p(void **state)
{
    (void)state;
    ankan_after_riichi_allowed_when_waits_and_triplet_kept("sanma");
}

/*
 * Refused ankans in riichi, seat 1 drawing the 4th tile of a concealed triplet:
 *  - "3334s" + 456p 789p 555z: waits 2s 4s 5s (333+4 tanki; 33 + 34); after a 3s kan only the
 *    4s tanki is left: the waits change → refused.
 *  - "6668999p" + 555z 777z: waits 7p 8p (666+8+999 tanki 8p; 666+89+99 → 7p; 66+68+999 → 7p).
 *    After a 6p kan, 8999p still waits 7p/8p — the same waits — but the win on 7p reads
 *    66 + 678 + 999, where the 6p are not a triplet: refused (§4: the three tiles must be a
 *    triplet in every winning reading).
 */
static void ankan_after_riichi_refused(const char *preset, const char *hand, const char *drawn)
{
    bool sanma = strcmp(preset, "sanma") == 0;
    char draws[32];
    snprintf(draws, sizeof draws, "%s %s", sanma ? "1p1p1p5s" : "9m9m9m5m5m", drawn);
    ms *s = ms_new(preset, 0);
    if (sanma)
        ms_start(s, &(ms_deal){
            .hand = { "19m 258s 1234z 179s 6z", hand, "19m 147s 1234z 69s 6z 2p" },
            .draws = draws, .dora = "1m" });
    else
        ms_start(s, &(ms_deal){
            .hand = { "147m 258s 1234z 19s 6z", hand, "258m 147s 1234z 69s 6z", "369m 1234z 12p 78s 67z" },
            .draws = draws, .dora = "6z" });
    ms_giri_pass(s, 0);
    ms_ok(s, giri_riichi(s, 1));
    ms_pass_all(s);
    while (ippon_match_turn(s->m) != 1 || ippon_match_phase(s->m) != IPPON_PHASE_TURN)
        ms_giri_pass(s, ippon_match_turn(s->m));
    assert_int_equal(ippon_tile_kind((ippon_tile)ippon_match_drawn_tile(s->m, 1)), ms_kind(drawn));
    assert_false(ms_can(s, 1, IPPON_ACT_ANKAN, NULL));
    ms_refused(s, ms_ankan(s, 1, drawn));
    ms_free(s);
}

static void ankan_after_riichi_refused_when_waits_change_4p(void **state)
{
    (void)state;
    ankan_after_riichi_refused("yonma", "3334s 456p 789p 555z", "3s");
}

static void ankan_after_riichi_refused_when_waits_change_3p(void **state)
{
    (void)state;
    ankan_after_riichi_refused("sanma", "3334s 456p 789p 555z", "3s");
}

static void ankan_after_riichi_refused_when_triplet_reads_as_sequence_4p(void **state)
{
    (void)state;
    ankan_after_riichi_refused("yonma", "6668999p 555z 777z", "6p");
}

static void ankan_after_riichi_refused_when_triplet_reads_as_sequence_3p(void **state)
{
    (void)state;
    ankan_after_riichi_refused("sanma", "6668999p 555z 777z", "6p");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(riichi_needs_4_live_tiles_4p),
        cmocka_unit_test(riichi_needs_3_live_tiles_3p),
        cmocka_unit_test(riichi_refused_below_1000_points_4p),
        cmocka_unit_test(riichi_allowed_at_1000_points_4p),
        cmocka_unit_test(riichi_refused_below_1000_points_3p),
        cmocka_unit_test(riichi_allowed_at_1000_points_3p),
        cmocka_unit_test(ippatsu_and_double_riichi_tsumo_4p),
        cmocka_unit_test(call_on_declaration_tile_keeps_riichi_ends_ippatsu_4p),
        cmocka_unit_test(ankan_by_another_seat_ends_ippatsu_4p),
        cmocka_unit_test(ippatsu_over_after_own_next_discard_4p),
        cmocka_unit_test(ronned_declaration_is_void_4p),
        cmocka_unit_test(double_riichi_on_a_clean_first_discard_4p),
        cmocka_unit_test(no_double_riichi_after_an_ankan_4p),
        cmocka_unit_test(no_double_riichi_after_a_pon_4p),
        cmocka_unit_test(riichi_allowed_while_furiten),
        cmocka_unit_test(no_riichi_on_karaten),
        cmocka_unit_test(ankan_after_riichi_allowed_4p),
        cmocka_unit_test(ankan_after_riichi_allowed_3p),
        cmocka_unit_test(ankan_after_riichi_refused_when_waits_change_4p),
        cmocka_unit_test(ankan_after_riichi_refused_when_waits_change_3p),
        cmocka_unit_test(ankan_after_riichi_refused_when_triplet_reads_as_sequence_4p),
        cmocka_unit_test(ankan_after_riichi_refused_when_triplet_reads_as_sequence_3p),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
