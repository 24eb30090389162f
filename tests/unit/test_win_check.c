/*
 * test_win_check.c — ippon_win_check refuses impossible win situations with a reason
 * (RULES.md §2–5: tile counts including melds, kita and indicators; kinds that 3p lacks; meld
 * shapes and sources such as chi in 3p or chi not from the left; riichi with an open hand;
 * ippatsu without riichi; rinshan without a kan or kita; haitei by ron; tenhou for a
 * non-dealer; kita in 4p; ura without riichi; red fives that are not held …), and
 * ippon_score_win returns the same error with a zeroed result.
 */

/* ---- shared test helpers (each test program carries its own copy) ---------------------- */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/rules.h"
#include "ippon/score.h"
#include "ippon/tile.h"
#include "ippon/yaku.h"

#define HELPER static __attribute__((unused))

/* the kind of a single tile in short notation ("5z" = haku) */
HELPER int K(const char *tile)
{
    ippon_code c[2];
    int n = ippon_notation_parse(tile, c, 2);
    assert_int_equal(n, 1);
    return ippon_code_kind(c[0]);
}

/* kinds of a list of indicators ("1z3p") into out; returns how many */
HELPER uint8_t indicators(const char *tiles, uint8_t out[5])
{
    ippon_code c[5];
    int n = ippon_notation_parse(tiles, c, 5);
    assert_true(n >= 0);
    for (int i = 0; i < n; i++)
        out[i] = (uint8_t)ippon_code_kind(c[i]);
    return (uint8_t)n;
}

/*
 * A win: concealed tiles without the winning tile, the winning tile, the dora indicators.
 * A 0 in the notation ("067p") is a red five: it is counted as a five and in red[].
 * Defaults: winner South (seat 1), East round, ron from West (seat 2), no honba, no sticks.
 */
HELPER ippon_win W(const char *hand, const char *win_tile, const char *dora)
{
    ippon_win w;
    memset(&w, 0, sizeof w);
    ippon_code c[20];
    int n = ippon_notation_parse(hand, c, 20);
    assert_true(n >= 0);
    for (int i = 0; i < n; i++) {
        w.hand[ippon_code_kind(c[i])]++;
        if (ippon_code_is_red(c[i]))
            w.red[c[i] - IPPON_RED_5M]++;
    }
    n = ippon_notation_parse(win_tile, c, 2);
    assert_int_equal(n, 1);
    w.win = (uint8_t)ippon_code_kind(c[0]);
    if (ippon_code_is_red(c[0]))
        w.red[c[0] - IPPON_RED_5M]++;
    w.n_dora = indicators(dora, w.dora);
    w.seat = 1;
    w.round_wind = 0;
    w.from = 2;
    return w;
}

HELPER void RIICHI(ippon_win *w, const char *ura)
{
    w->riichi = true;
    w->n_ura = indicators(ura, w->ura);
}

HELPER void TSUMO(ippon_win *w)
{
    w->tsumo = true;
    w->from = -1;
}

HELPER void add_meld(ippon_win *w, int type, int kind, int called, int from, int seq)
{
    assert_true(w->n_melds < 4);
    w->melds[w->n_melds++] = (ippon_meld){ .type = (uint8_t)type, .kind = (uint8_t)kind, .called = (uint8_t)called,
                                           .from = (int8_t)from, .kan_seq = (uint8_t)seq };
}
/* chi: lowest tile of the run, the tile called */
HELPER void CHI(ippon_win *w, const char *low, const char *called, int from)
{
    add_meld(w, IPPON_MELD_CHI, K(low), K(called), from, 0);
}
HELPER void PON(ippon_win *w, const char *t, int from) { add_meld(w, IPPON_MELD_PON, K(t), K(t), from, 0); }
/* kans with their declaration order (0 = unknown) */
HELPER void DMK(ippon_win *w, const char *t, int from, int seq)
{
    add_meld(w, IPPON_MELD_DAIMINKAN, K(t), K(t), from, seq);
}
HELPER void KAKAN(ippon_win *w, const char *t, int from, int seq)
{
    add_meld(w, IPPON_MELD_KAKAN, K(t), K(t), from, seq);
}
HELPER void ANKAN(ippon_win *w, const char *t, int seq) { add_meld(w, IPPON_MELD_ANKAN, K(t), K(t), -1, seq); }

/* han of an ordinary yaku or dora entry, -1 when absent */
HELPER int yaku_han(const ippon_score *s, int yaku)
{
    for (int i = 0; i < s->n_yaku; i++)
        if (s->yaku[i].yaku == yaku)
            return s->yaku[i].han;
    return -1;
}

/* multiplier of a yakuman entry, -1 when absent */
HELPER int yakuman_of(const ippon_score *s, int yaku)
{
    for (int i = 0; i < s->n_yaku; i++)
        if (s->yaku[i].yaku == yaku)
            return s->yaku[i].yakuman;
    return -1;
}

HELPER void dump(const char *what, const ippon_score *s)
{
    fprintf(stderr, "  [%s] result %d han %d fu %d yakuman %d limit %d base %d total %d pay [%d %d %d %d] wait %d pao",
            what, s->result, (int)s->han, (int)s->fu, (int)s->yakuman, s->limit, (int)s->base, (int)s->total,
            (int)s->payments[0], (int)s->payments[1], (int)s->payments[2], (int)s->payments[3], s->wait);
    for (int i = 0; i < s->n_pao && i < 2; i++)
        fprintf(stderr, " %d:%s", s->pao[i].seat, ippon_yaku_id(s->pao[i].yaku));
    fprintf(stderr, " yaku");
    for (int i = 0; i < s->n_yaku && i < 24; i++)
        fprintf(stderr, " %s:%d%s", ippon_yaku_id(s->yaku[i].yaku),
                s->yaku[i].yakuman ? s->yaku[i].yakuman : s->yaku[i].han, s->yaku[i].yakuman ? "Y" : "");
    fprintf(stderr, "\n");
}

/* scores w under a preset; the call must succeed */
#define SCORE(preset, w, s)                                                                                   \
    do {                                                                                                      \
        int rc_ = ippon_score_win(ippon_rules_preset(preset), &(w), &(s));                                    \
        if (rc_ != 0) {                                                                                       \
            char why_[160] = "";                                                                              \
            ippon_win_check(ippon_rules_preset(preset), &(w), why_, sizeof why_);                             \
            fprintf(stderr, "  ippon_score_win: %d (%s)\n", rc_, why_);                                       \
        }                                                                                                     \
        assert_int_equal(rc_, 0);                                                                             \
    } while (0)

/* an ordinary win: han, fu, limit, base points, hand value */
#define EXPECT(s, han_, fu_, limit_, base_, total_)                                                           \
    do {                                                                                                      \
        if ((s).result != IPPON_RESULT_WIN || (s).han != (han_) || (s).fu != (fu_) || (s).yakuman != 0 ||     \
            (s).limit != (limit_) || (s).base != (base_) || (s).total != (total_))                            \
            dump("expect", &(s));                                                                             \
        assert_int_equal((s).result, IPPON_RESULT_WIN);                                                       \
        assert_int_equal((s).han, (han_));                                                                    \
        assert_int_equal((s).fu, (fu_));                                                                      \
        assert_int_equal((s).yakuman, 0);                                                                     \
        assert_int_equal((s).limit, (limit_));                                                                \
        assert_int_equal((s).base, (base_));                                                                  \
        assert_int_equal((s).total, (total_));                                                                \
    } while (0)

/* a yakuman win: multiplier, base points, hand value (han and fu are 0) */
#define EXPECT_YAKUMAN(s, mult_, base_, total_)                                                               \
    do {                                                                                                      \
        if ((s).result != IPPON_RESULT_WIN || (s).yakuman != (mult_) || (s).base != (base_) ||                \
            (s).total != (total_) || (s).han != 0 || (s).fu != 0 || (s).limit != IPPON_LIMIT_YAKUMAN)         \
            dump("expect yakuman", &(s));                                                                     \
        assert_int_equal((s).result, IPPON_RESULT_WIN);                                                       \
        assert_int_equal((s).yakuman, (mult_));                                                               \
        assert_int_equal((s).han, 0);                                                                         \
        assert_int_equal((s).fu, 0);                                                                          \
        assert_int_equal((s).limit, IPPON_LIMIT_YAKUMAN);                                                     \
        assert_int_equal((s).base, (base_));                                                                  \
        assert_int_equal((s).total, (total_));                                                                \
    } while (0)

/* net change per seat wind (0 = East), honba and sticks included */
#define PAY(s, p0, p1, p2, p3)                                                                                \
    do {                                                                                                      \
        const int32_t e_[4] = { (p0), (p1), (p2), (p3) };                                                     \
        if (memcmp(e_, (s).payments, sizeof e_) != 0)                                                         \
            dump("pay", &(s));                                                                                \
        for (int i_ = 0; i_ < 4; i_++)                                                                        \
            assert_int_equal((s).payments[i_], e_[i_]);                                                       \
    } while (0)

#define YAKU(s, y, han_)                                                                                      \
    do {                                                                                                      \
        if (yaku_han(&(s), (y)) != (han_))                                                                    \
            dump(#y, &(s));                                                                                   \
        assert_int_equal(yaku_han(&(s), (y)), (han_));                                                        \
    } while (0)
#define NOT_YAKU(s, y) YAKU(s, y, -1)
#define YAKUMAN(s, y, mult_)                                                                                  \
    do {                                                                                                      \
        if (yakuman_of(&(s), (y)) != (mult_))                                                                 \
            dump(#y, &(s));                                                                                   \
        assert_int_equal(yakuman_of(&(s), (y)), (mult_));                                                     \
    } while (0)

/* ---- end of helpers ------------------------------------------------------------------------- */

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
