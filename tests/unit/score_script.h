/*
 * score_script.h — shared helpers for the scoring tests (tests/unit/test_score_*.c and
 * tests/unit/test_win_check.c): build a win situation from short notation, score it with
 * ippon_score_win under a preset, and assert on the result, dumping the whole score to stderr
 * when an expectation fails. Header-only (static inline functions and macros): each
 * tests/unit/test_*.c is its own program, so this is how they share one copy.
 *
 * A case:
 *   ippon_win w = W("123m99m456p13p678s", "2p", "1z");   concealed tiles, winning tile, dora
 *   RIICHI(&w, "1z");  TSUMO(&w);                        riichi with its ura indicators; tsumo
 *   PON(&w, "5z", 0);  CHI(&w, "1m", "2m", 0);           melds, with the seat that fed them
 *   DMK(&w, "7z", 0, 1);  KAKAN(&w, "6z", 3, 2);         kans, with their declaration order
 *   ANKAN(&w, "3z", 3);
 *   ippon_score s;
 *   SCORE("yonma", w, s);                                the call must succeed (SCORE_UNDER(&rules, w, s)
 *                                                        under a rule set of the test's own)
 *   EXPECT(s, han, fu, limit, base, total);              or EXPECT_YAKUMAN(s, mult, base, total)
 *   YAKU(s, IPPON_YAKU_RIICHI, 1);  NOT_YAKU(s, y);  YAKUMAN(s, y, mult);
 *   PAY(s, east, south, west, north);                    net change per seat wind
 *   BONUS(w, s, honba_points, stick_points);             what the winner collects on top of the hand
 *
 * W's defaults: winner South (seat 1), East round, ron from West (seat 2), no honba, no
 * sticks. Seats are seat winds (0 = East = dealer). Every expected value in the tests is
 * worked out by hand from src/core/RULES.md.
 */
#ifndef IPPON_TEST_SCORE_SCRIPT_H
#define IPPON_TEST_SCORE_SCRIPT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/rules.h"
#include "ippon/score.h"
#include "ippon/tile.h"
#include "ippon/yaku.h"

/* the kind of a single tile in short notation ("5z" = haku) */
static inline int K(const char *tile)
{
    ippon_code c[2];
    int n = ippon_notation_parse(tile, c, 2);
    assert_int_equal(n, 1);
    return ippon_code_kind(c[0]);
}

/* kinds of a list of indicators ("1z3p") into out; returns how many */
static inline uint8_t indicators(const char *tiles, uint8_t out[5])
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
static inline ippon_win W(const char *hand, const char *win_tile, const char *dora)
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

static inline void RIICHI(ippon_win *w, const char *ura)
{
    w->riichi = true;
    w->n_ura = indicators(ura, w->ura);
}

static inline void TSUMO(ippon_win *w)
{
    w->tsumo = true;
    w->from = -1;
}

static inline void add_meld(ippon_win *w, int type, int kind, int called, int from, int seq)
{
    assert_true(w->n_melds < 4);
    w->melds[w->n_melds++] = (ippon_meld){ .type = (uint8_t)type, .kind = (uint8_t)kind, .called = (uint8_t)called,
                                           .from = (int8_t)from, .kan_seq = (uint8_t)seq };
}
/* chi: lowest tile of the run, the tile called */
static inline void CHI(ippon_win *w, const char *low, const char *called, int from)
{
    add_meld(w, IPPON_MELD_CHI, K(low), K(called), from, 0);
}
static inline void PON(ippon_win *w, const char *t, int from) { add_meld(w, IPPON_MELD_PON, K(t), K(t), from, 0); }
/* kans with their declaration order (0 = unknown) */
static inline void DMK(ippon_win *w, const char *t, int from, int seq)
{
    add_meld(w, IPPON_MELD_DAIMINKAN, K(t), K(t), from, seq);
}
static inline void KAKAN(ippon_win *w, const char *t, int from, int seq)
{
    add_meld(w, IPPON_MELD_KAKAN, K(t), K(t), from, seq);
}
static inline void ANKAN(ippon_win *w, const char *t, int seq) { add_meld(w, IPPON_MELD_ANKAN, K(t), K(t), -1, seq); }

/* han of an ordinary yaku or dora entry, -1 when absent */
static inline int yaku_han(const ippon_score *s, int yaku)
{
    for (int i = 0; i < s->n_yaku; i++)
        if (s->yaku[i].yaku == yaku)
            return s->yaku[i].han;
    return -1;
}

/* multiplier of a yakuman entry, -1 when absent */
static inline int yakuman_of(const ippon_score *s, int yaku)
{
    for (int i = 0; i < s->n_yaku; i++)
        if (s->yaku[i].yaku == yaku)
            return s->yaku[i].yakuman;
    return -1;
}

static inline void dump(const char *what, const ippon_score *s)
{
    fprintf(stderr, "  [%s] result %d han %d fu %d yakuman %d limit %d base %d total %d pay [%d %d %d %d] honba %d "
            "sticks %d wait %d pao", what, s->result, (int)s->han, (int)s->fu, (int)s->yakuman, s->limit, (int)s->base,
            (int)s->total, (int)s->payments[0], (int)s->payments[1], (int)s->payments[2], (int)s->payments[3],
            (int)s->honba_points, (int)s->stick_points, s->wait);
    for (int i = 0; i < s->n_pao && i < 2; i++)
        fprintf(stderr, " %d:%s", s->pao[i].seat, ippon_yaku_id(s->pao[i].yaku));
    fprintf(stderr, " yaku");
    for (int i = 0; i < s->n_yaku && i < 24; i++)
        fprintf(stderr, " %s:%d%s", ippon_yaku_id(s->yaku[i].yaku),
                s->yaku[i].yakuman ? s->yaku[i].yakuman : s->yaku[i].han, s->yaku[i].yakuman ? "Y" : "");
    fprintf(stderr, "\n");
}

/* scores w under a rule set (const ippon_rules *); the call must succeed */
#define SCORE_UNDER(rules, w, s)                                                                              \
    do {                                                                                                      \
        int rc_ = ippon_score_win((rules), &(w), &(s));                                                       \
        if (rc_ != 0) {                                                                                       \
            char why_[160] = "";                                                                              \
            ippon_win_check((rules), &(w), why_, sizeof why_);                                                \
            fprintf(stderr, "  ippon_score_win: %d (%s)\n", rc_, why_);                                       \
        }                                                                                                     \
        assert_int_equal(rc_, 0);                                                                             \
    } while (0)
/* scores w under a preset; the call must succeed */
#define SCORE(preset, w, s) SCORE_UNDER(ippon_rules_preset(preset), w, s)

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

/* the honba and riichi-stick points the winner collects, and that its payment is the hand value
   plus those two */
#define BONUS(w, s, honba_, sticks_)                                                                          \
    do {                                                                                                      \
        if ((s).honba_points != (honba_) || (s).stick_points != (sticks_))                                    \
            dump("bonus", &(s));                                                                              \
        assert_int_equal((s).honba_points, (honba_));                                                         \
        assert_int_equal((s).stick_points, (sticks_));                                                        \
        assert_int_equal((s).payments[(w).seat], (s).total + (honba_) + (sticks_));                           \
    } while (0)

/* lookup(&s, y) must be want; name is the entry as written in the case */
#define ENTRY_IS_(lookup, s, y, want, name)                                                                   \
    do {                                                                                                      \
        if (lookup(&(s), (y)) != (want))                                                                      \
            dump(name, &(s));                                                                                 \
        assert_int_equal(lookup(&(s), (y)), (want));                                                          \
    } while (0)
/* han of an ordinary yaku or dora entry (-1 = absent), multiplier of a yakuman entry */
#define YAKU(s, y, han_) ENTRY_IS_(yaku_han, s, y, han_, #y)
#define NOT_YAKU(s, y) YAKU(s, y, -1)
#define YAKUMAN(s, y, mult_) ENTRY_IS_(yakuman_of, s, y, mult_, #y)

#endif /* IPPON_TEST_SCORE_SCRIPT_H */
