/*
 * test_win_check.c — ippon_win_check refuses impossible win situations with a reason
 * (src/core/RULES.md §2–5: tile counts including melds, kita and indicators; kinds that 3p lacks; meld
 * shapes and sources such as chi in 3p or chi not from the left; riichi with an open hand;
 * ippatsu without riichi; rinshan without a kan or kita; haitei by ron; tenhou for a
 * non-dealer; kita in 4p; ura without riichi; red fives that are not held …), and
 * ippon_score_win returns the same error with a zeroed result.
 */

#include <ctype.h>

#include "score_script.h"

/*
 * Each case starts from a well-formed win and breaks exactly one thing, then checks that
 * ippon_win_check refuses it with the expected error and a one-line reason that names the
 * problem, and that ippon_score_win returns the same error with *out zeroed.
 */

/* a well-formed 4p win: 123m 456p 789s 234s + 5p tanki, ron from W */
#define OK4 "123m456p789s234s5p"
/* a well-formed 3p win: 123p 456p 789s 234s + 5s tanki */
#define OK3 "123p456p789s234s5s"

/* case-insensitive substring test */
static bool contains(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = hay; *p; p++) {
        size_t i = 0;
        while (i < n && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

static bool all_zero(const ippon_score *s)
{
    static const ippon_score zero;
    return memcmp(s, &zero, sizeof zero) == 0;
}

/* refused with err, a reason mentioning word, and the same error from the scorer */
#define REFUSED(preset, w, err, word)                                                                         \
    do {                                                                                                      \
        const ippon_rules *r_ = ippon_rules_preset(preset);                                                   \
        char why_[160];                                                                                       \
        memset(why_, 0, sizeof why_);                                                                         \
        int rc_ = ippon_win_check(r_, &(w), why_, sizeof why_);                                               \
        if (rc_ != (err) || !contains(why_, (word)))                                                          \
            fprintf(stderr, "  win_check: %d \"%s\" (want %d, \"%s\")\n", rc_, why_, (err), (word));          \
        assert_int_equal(rc_, (err));                                                                         \
        assert_true(strlen(why_) > 0);                                                                        \
        assert_true(contains(why_, (word)));                                                                  \
        ippon_score s_;                                                                                       \
        memset(&s_, 0x5a, sizeof s_);                                                                         \
        assert_int_equal(ippon_score_win(r_, &(w), &s_), (err));                                              \
        assert_true(all_zero(&s_));                                                                           \
    } while (0)

#define ACCEPTED(preset, w)                                                                                   \
    do {                                                                                                      \
        char why_[160] = "";                                                                                  \
        int rc_ = ippon_win_check(ippon_rules_preset(preset), &(w), why_, sizeof why_);                       \
        if (rc_ != 0)                                                                                         \
            fprintf(stderr, "  win_check: %d \"%s\"\n", rc_, why_);                                           \
        assert_int_equal(rc_, 0);                                                                             \
    } while (0)

/* ================================================================================ baseline */

static void well_formed_wins_are_accepted(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    ACCEPTED("yonma", w);
    ippon_win w3 = W(OK3, "5s", "1z");
    ACCEPTED("sanma", w3);
    /* and they score: OK4 has no yaku by ron (123m 456p 789s 234s + 5p tanki): NO_YAKU */
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

static void riichi_with_ankan_is_accepted(void **state)
{
    (void)state;
    /* an ankan keeps the hand closed: riichi is fine */
    ippon_win w = W("123m456p789s5p", "5p", "1z");
    ANKAN(&w, "2s", 1);
    RIICHI(&w, "1z");
    ACCEPTED("yonma", w);
}

static void rinshan_after_kita_is_accepted_3p(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "1z");
    TSUMO(&w);
    w.rinshan = true;
    w.kita = 1;
    ACCEPTED("sanma", w);
}

/* ============================================================================ tile counts */

static void five_copies_hand_and_win(void **state)
{
    (void)state;
    ippon_win w = W("1111m456p789s234s", "1m", "1z");
    REFUSED("yonma", w, IPPON_EILLEGAL, "1m");
}

static void five_copies_with_dora_indicator(void **state)
{
    (void)state;
    /* four 1m in hand and a 1m indicator */
    ippon_win w = W("1111m456p789s234s", "5p", "1m");
    REFUSED("yonma", w, IPPON_EILLEGAL, "1m");
}

static void five_copies_with_ura_indicator(void **state)
{
    (void)state;
    ippon_win w = W("1111m456p789s234s", "5p", "1z");
    RIICHI(&w, "1m");
    REFUSED("yonma", w, IPPON_EILLEGAL, "1m");
}

static void five_copies_meld_and_hand(void **state)
{
    (void)state;
    /* pon haku + two haku in hand */
    ippon_win w = W("55z456p789s23s", "1s", "1z");
    PON(&w, "5z", 0);
    REFUSED("yonma", w, IPPON_EILLEGAL, "5z");
}

static void five_norths_with_kita(void **state)
{
    (void)state;
    /* 3p: three Norths in hand and two set aside */
    ippon_win w = W("444z456p789s234s1s", "1s", "1z");
    w.kita = 2;
    REFUSED("sanma", w, IPPON_EILLEGAL, "4z");
}

static void too_few_concealed_tiles(void **state)
{
    (void)state;
    /* 11 concealed tiles and no meld */
    ippon_win w = W("123m456p789s23s", "5p", "1z");
    REFUSED("yonma", w, IPPON_EINVAL, "hand");
}

static void concealed_tiles_do_not_match_melds(void **state)
{
    (void)state;
    /* a pon but still 13 concealed tiles */
    ippon_win w = W(OK4, "5p", "1z");
    PON(&w, "7z", 0);
    REFUSED("yonma", w, IPPON_EINVAL, "hand");
}

/* ======================================================================== kinds of 3p */

static void sanma_has_no_2m(void **state)
{
    (void)state;
    ippon_win w = W("234m456p789s234s5s", "5s", "1z");
    REFUSED("sanma", w, IPPON_EINVAL, "2m");
}

static void sanma_has_no_5m_winning_tile(void **state)
{
    (void)state;
    ippon_win w = W("123p456p789s234s9m", "5m", "1z");
    REFUSED("sanma", w, IPPON_EINVAL, "5m");
}

static void sanma_has_no_2m_indicator(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "2m");
    REFUSED("sanma", w, IPPON_EINVAL, "dora");
}

static void sanma_has_no_man_pon_of_5m(void **state)
{
    (void)state;
    ippon_win w = W("123p456p789s5s", "5s", "1z");
    PON(&w, "5m", 0);
    REFUSED("sanma", w, IPPON_EINVAL, "5m");
}

/* =================================================================================== melds */

static void sanma_has_no_chi(void **state)
{
    (void)state;
    /* 3p: chi 123p from E (S's left) */
    ippon_win w = W("456p789s234s5s", "5s", "1z");
    CHI(&w, "1p", "1p", 0);
    REFUSED("sanma", w, IPPON_EILLEGAL, "chi");
}

static void chi_only_from_the_left(void **state)
{
    (void)state;
    /* 4p: S chis from W (seat 2) — only E (seat 1's left) may feed a chi */
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    CHI(&w, "1m", "1m", 2);
    REFUSED("yonma", w, IPPON_EILLEGAL, "left");
}

static void chi_from_the_left_for_the_dealer(void **state)
{
    (void)state;
    /* the dealer's left is N (seat 3): from N fine, from S refused */
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    w.seat = 0;
    CHI(&w, "1m", "1m", 3);
    ACCEPTED("yonma", w);
    w.melds[0].from = 1;
    REFUSED("yonma", w, IPPON_EILLEGAL, "left");
}

static void chi_called_tile_outside_the_run(void **state)
{
    (void)state;
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    CHI(&w, "1m", "4m", 0);
    REFUSED("yonma", w, IPPON_EINVAL, "chi");
}

static void chi_of_honors(void **state)
{
    (void)state;
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    CHI(&w, "1z", "1z", 0);
    REFUSED("yonma", w, IPPON_EINVAL, "chi");
}

static void chi_running_past_nine(void **state)
{
    (void)state;
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    CHI(&w, "8m", "8m", 0);
    REFUSED("yonma", w, IPPON_EINVAL, "chi");
}

static void pon_from_oneself(void **state)
{
    (void)state;
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    PON(&w, "7z", 1);
    REFUSED("yonma", w, IPPON_EINVAL, "source");
}

static void ankan_with_a_source(void **state)
{
    (void)state;
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    ANKAN(&w, "7z", 1);
    w.melds[0].from = 2;
    REFUSED("yonma", w, IPPON_EINVAL, "ankan");
}

/* ================================================================================ riichi */

static void riichi_with_an_open_meld(void **state)
{
    (void)state;
    ippon_win w = W("456p789s234s5p", "5p", "1z");
    PON(&w, "7z", 0);
    RIICHI(&w, "1z");
    REFUSED("yonma", w, IPPON_EILLEGAL, "riichi");
}

static void riichi_and_double_riichi(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    RIICHI(&w, "1z");
    w.double_riichi = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "riichi");
}

static void ippatsu_without_riichi(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.ippatsu = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "ippatsu");
}

static void ura_without_riichi(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.n_ura = indicators("1z", w.ura);
    REFUSED("yonma", w, IPPON_EINVAL, "ura");
}

static void riichi_with_missing_ura(void **state)
{
    (void)state;
    /* two dora indicators (a kan was made) but one ura */
    ippon_win w = W("123m456p789s5p", "5p", "1z3z");
    ANKAN(&w, "2s", 1);
    RIICHI(&w, "1z");
    REFUSED("yonma", w, IPPON_EINVAL, "ura");
}

static void no_dora_indicator(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "");
    REFUSED("yonma", w, IPPON_EINVAL, "dora");
}

/* =========================================================================== situations */

static void rinshan_without_kan(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    TSUMO(&w);
    w.rinshan = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "rinshan");
}

static void rinshan_without_kan_or_kita_3p(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "1z");
    TSUMO(&w);
    w.rinshan = true;
    REFUSED("sanma", w, IPPON_EILLEGAL, "rinshan");
}

static void rinshan_by_ron(void **state)
{
    (void)state;
    ippon_win w = W("123m456p789s5p", "5p", "1z");
    ANKAN(&w, "2s", 1);
    w.rinshan = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "rinshan");
}

static void rinshan_and_haitei(void **state)
{
    (void)state;
    ippon_win w = W("123m456p789s5p", "5p", "1z");
    ANKAN(&w, "2s", 1);
    TSUMO(&w);
    w.rinshan = true;
    w.haitei = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "haitei");
}

static void haitei_by_ron(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.haitei = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "haitei");
}

static void houtei_by_tsumo(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    TSUMO(&w);
    w.houtei = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "houtei");
}

static void chankan_by_tsumo(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    TSUMO(&w);
    w.chankan = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "chankan");
}

static void chankan_of_a_tile_held(void **state)
{
    (void)state;
    /* robbing a kakan of 5p while holding a 5p: five copies would exist */
    ippon_win w = W(OK4, "5p", "1z");
    w.chankan = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "chankan");
}

static void tenhou_for_a_non_dealer(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    TSUMO(&w);
    w.tenhou = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "tenhou");
}

static void chiihou_for_the_dealer(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.seat = 0;
    TSUMO(&w);
    w.chiihou = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "chiihou");
}

static void tenhou_by_ron(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.seat = 0;
    w.tenhou = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "tenhou");
}

static void tenhou_after_an_ankan(void **state)
{
    (void)state;
    ippon_win w = W("123m456p789s5p", "5p", "1z");
    ANKAN(&w, "2s", 1);
    w.seat = 0;
    TSUMO(&w);
    w.tenhou = true;
    REFUSED("yonma", w, IPPON_EILLEGAL, "tenhou");
}

static void chiihou_after_kita(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "1z");
    TSUMO(&w);
    w.chiihou = true;
    w.kita = 1;
    REFUSED("sanma", w, IPPON_EILLEGAL, "chiihou");
}

static void kita_in_yonma(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.kita = 1;
    REFUSED("yonma", w, IPPON_EILLEGAL, "kita");
}

/* ============================================================================ red fives */

static void red_five_not_held(void **state)
{
    (void)state;
    /* a red 5m claimed with no 5m anywhere */
    ippon_win w = W(OK4, "5p", "1z");
    w.red[0] = 1;
    REFUSED("yonma", w, IPPON_EILLEGAL, "red");
}

static void two_red_fives_of_one_suit(void **state)
{
    (void)state;
    ippon_win w = W("123m456p789s234s5p", "5p", "1z");
    w.red[1] = 2;
    REFUSED("yonma", w, IPPON_EILLEGAL, "red");
}

static void no_red_5m_in_sanma(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "1z");
    w.red[0] = 1;
    REFUSED("sanma", w, IPPON_EILLEGAL, "red");
}

static void four_fives_without_the_red_one(void **state)
{
    (void)state;
    /* all four 5p are held, so one of them must be the red 5p */
    ippon_win w = W("123m5555p789s234s", "9s", "1z");
    REFUSED("yonma", w, IPPON_EILLEGAL, "red");
    w.red[1] = 1;
    ACCEPTED("yonma", w);
}

/* ========================================================================= seats, ron */

static void ron_from_oneself(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.from = 1;
    REFUSED("yonma", w, IPPON_EINVAL, "from");
}

static void ron_from_the_absent_north_3p(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "1z");
    w.from = 3;
    REFUSED("sanma", w, IPPON_EINVAL, "from");
}

static void seat_north_in_sanma(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "1z");
    w.seat = 3;
    w.from = 0;
    REFUSED("sanma", w, IPPON_EINVAL, "seat");
}

static void north_round_in_sanma(void **state)
{
    (void)state;
    ippon_win w = W(OK3, "5s", "1z");
    w.round_wind = 3;
    REFUSED("sanma", w, IPPON_EINVAL, "round");
}

static void negative_honba(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.honba = -1;
    REFUSED("yonma", w, IPPON_EINVAL, "honba");
}

/* ================================================================================ reasons */

static void reason_is_cut_to_the_buffer(void **state)
{
    (void)state;
    ippon_win w = W(OK4, "5p", "1z");
    w.ippatsu = true;
    char why[8];
    memset(why, 'x', sizeof why);
    assert_int_equal(ippon_win_check(ippon_rules_preset("yonma"), &w, why, sizeof why), IPPON_EILLEGAL);
    assert_true(memchr(why, '\0', sizeof why) != NULL);
    assert_int_equal(ippon_win_check(ippon_rules_preset("yonma"), &w, NULL, 0), IPPON_EILLEGAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(well_formed_wins_are_accepted),
        cmocka_unit_test(riichi_with_ankan_is_accepted),
        cmocka_unit_test(rinshan_after_kita_is_accepted_3p),
        cmocka_unit_test(five_copies_hand_and_win),
        cmocka_unit_test(five_copies_with_dora_indicator),
        cmocka_unit_test(five_copies_with_ura_indicator),
        cmocka_unit_test(five_copies_meld_and_hand),
        cmocka_unit_test(five_norths_with_kita),
        cmocka_unit_test(too_few_concealed_tiles),
        cmocka_unit_test(concealed_tiles_do_not_match_melds),
        cmocka_unit_test(sanma_has_no_2m),
        cmocka_unit_test(sanma_has_no_5m_winning_tile),
        cmocka_unit_test(sanma_has_no_2m_indicator),
        cmocka_unit_test(sanma_has_no_man_pon_of_5m),
        cmocka_unit_test(sanma_has_no_chi),
        cmocka_unit_test(chi_only_from_the_left),
        cmocka_unit_test(chi_from_the_left_for_the_dealer),
        cmocka_unit_test(chi_called_tile_outside_the_run),
        cmocka_unit_test(chi_of_honors),
        cmocka_unit_test(chi_running_past_nine),
        cmocka_unit_test(pon_from_oneself),
        cmocka_unit_test(ankan_with_a_source),
        cmocka_unit_test(riichi_with_an_open_meld),
        cmocka_unit_test(riichi_and_double_riichi),
        cmocka_unit_test(ippatsu_without_riichi),
        cmocka_unit_test(ura_without_riichi),
        cmocka_unit_test(riichi_with_missing_ura),
        cmocka_unit_test(no_dora_indicator),
        cmocka_unit_test(rinshan_without_kan),
        cmocka_unit_test(rinshan_without_kan_or_kita_3p),
        cmocka_unit_test(rinshan_by_ron),
        cmocka_unit_test(rinshan_and_haitei),
        cmocka_unit_test(haitei_by_ron),
        cmocka_unit_test(houtei_by_tsumo),
        cmocka_unit_test(chankan_by_tsumo),
        cmocka_unit_test(chankan_of_a_tile_held),
        cmocka_unit_test(tenhou_for_a_non_dealer),
        cmocka_unit_test(chiihou_for_the_dealer),
        cmocka_unit_test(tenhou_by_ron),
        cmocka_unit_test(tenhou_after_an_ankan),
        cmocka_unit_test(chiihou_after_kita),
        cmocka_unit_test(kita_in_yonma),
        cmocka_unit_test(red_five_not_held),
        cmocka_unit_test(two_red_fives_of_one_suit),
        cmocka_unit_test(no_red_5m_in_sanma),
        cmocka_unit_test(four_fives_without_the_red_one),
        cmocka_unit_test(ron_from_oneself),
        cmocka_unit_test(ron_from_the_absent_north_3p),
        cmocka_unit_test(seat_north_in_sanma),
        cmocka_unit_test(north_round_in_sanma),
        cmocka_unit_test(negative_honba),
        cmocka_unit_test(reason_is_cut_to_the_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
