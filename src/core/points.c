/*
 * points.c — from han and fu to basic points, and from basic points to payments
 * (RULES.md §6 and §7).
 *
 * Basic points = fu × 2^(2+han) with the limits (kiriage mangan where the rules have it,
 * counted yakuman at 13 han where they have that). A ron is paid by the discarder (4× or 6×
 * basic points); a tsumo by every other seat present (the dealer 2×, others 1×; 2× each when
 * the dealer wins), each share rounded up to 100 separately — in 3p the absent North seat's
 * share is simply not paid (tsumo loss, rules->tsumo_loss), or, without tsumo loss, split
 * evenly between the two payers: each pays its own share plus half of North's, rounded up to
 * 100 (a non-dealer's mangan: 5,000 from the dealer, 3,000 from the other). Honba and riichi
 * sticks come on top.
 *
 * Pao: the liable player answers for the liable yakuman — the whole tsumo value, or half of
 * the ron value with the discarder paying the other half — and pays all the honba; the rest of
 * the hand is settled normally. When yakuman do not stack (rules->yakuman_stack false) the hand
 * is worth its largest yakuman alone, and the liability stays: the liable player answers for
 * their yakuman's own value out of the hand's, as if it alone had been scored. So a tsuuiisou
 * beside a pao daisangen is one yakuman that the daisangen's feeder pays as for a daisangen
 * alone (RULES.md §7); of two liabilities the first established comes first, and a
 * later one answers only for what is left.
 */
#include <assert.h>
#include <string.h>

#include "ippon/tile.h"
#include "score_internal.h"

static int up100(int x) { return (x + 99) / 100 * 100; }

int ippon_base_points(const ippon_rules *rules, int han, int fu, int yakuman, uint8_t *limit)
{
    assert(han >= 0 && fu >= 0 && yakuman >= 0);
    if (yakuman) {
        *limit = IPPON_LIMIT_YAKUMAN;
        return 8000 * yakuman;
    }
    if (han >= 13 && rules->counted_yakuman) {
        *limit = IPPON_LIMIT_KAZOE_YAKUMAN;
        return 8000;
    }
    if (han >= 11) {
        *limit = IPPON_LIMIT_SANBAIMAN;
        return 6000;
    }
    if (han >= 8) {
        *limit = IPPON_LIMIT_BAIMAN;
        return 4000;
    }
    if (han >= 6) {
        *limit = IPPON_LIMIT_HANEMAN;
        return 3000;
    }
    if (han >= 5 || (rules->kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60)))) {
        *limit = IPPON_LIMIT_MANGAN;
        return 2000;
    }
    int base = fu << (2 + han);
    if (base >= 2000) {
        *limit = IPPON_LIMIT_MANGAN;
        return 2000;
    }
    *limit = IPPON_LIMIT_NONE;
    return base;
}

/* takes from paid[] what each seat pays for basic points base, settled normally, without
   honba; returns the sum (paid may be NULL: only the sum) */
static int normal_shares(const ippon_rules *rules, const ippon_win *win, int base, int32_t *paid)
{
    if (!win->tsumo) {
        int v = up100(base * (win->seat == 0 ? 6 : 4));
        if (paid)
            paid[win->from] -= v;
        return v;
    }
    /* without tsumo loss (3p), North's share (2 × base from a dealer's win, else 1 ×) is halved onto
       each payer; in halves of base points so that the rounding comes once, at the end */
    int north_halves = rules->players == 3 && !rules->tsumo_loss ? (win->seat == 0 ? 2 : 1) : 0;
    int sum = 0;
    for (int p = 0; p < rules->players; p++) {
        if (p == win->seat)
            continue;
        int own = win->seat == 0 || p == 0 ? 2 : 1;
        int v = up100((base * (2 * own + north_halves) + 1) / 2);
        if (paid)
            paid[p] -= v;
        sum += v;
    }
    return sum;
}

/* the meld index of the set that completed a group of `need` melds of kinds [lo, hi], if it
   was a call; -1 when the group is not all melds or its last set was an ankan */
static int completing_call(const ippon_win *win, int lo, int hi, int need)
{
    int n = 0, last = -1;
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        if (m->type != IPPON_MELD_CHI && m->kind >= lo && m->kind <= hi) {
            n++;
            last = i;
        }
    }
    if (n != need || win->melds[last].type == IPPON_MELD_ANKAN)
        return -1;
    return last;
}

/* the meld index of the fourth kan in time, if it was a daiminkan, else -1 */
static int fourth_kan_daiminkan(const ippon_win *win)
{
    int last = -1, best_seq = -1;
    bool all_seq = true;
    for (int i = 0; i < win->n_melds; i++)
        if (ippon_meld_is_kan(&win->melds[i]) && win->melds[i].kan_seq == 0)
            all_seq = false;
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        if (!ippon_meld_is_kan(m))
            continue;
        if (all_seq) {
            if (m->kan_seq > best_seq) {
                best_seq = m->kan_seq;
                last = i;
            }
        } else {
            last = i; /* meld order: a kakan stands at its pon's place */
        }
    }
    if (last < 0 || win->melds[last].type != IPPON_MELD_DAIMINKAN)
        return -1;
    return last;
}

int ippon_pao_find(const ippon_rules *rules, const ippon_win *win, uint64_t found, int hand_yakuman,
                   ippon_pao pao[2], int pao_mult[2])
{
    struct { int yaku; bool enabled; int lo, hi, need; } cand[3] = {
        { IPPON_YAKU_DAISANGEN, rules->pao_daisangen, IPPON_HAKU, IPPON_CHUN, 3 },
        { IPPON_YAKU_DAISUUSHII, rules->pao_daisuushii, IPPON_EAST, IPPON_NORTH, 4 },
        { IPPON_YAKU_SUUKANTSU, rules->pao_suukantsu, 0, 0, 0 },
    };
    int n = 0, at[2];
    for (int c = 0; c < 3; c++) {
        if (!cand[c].enabled || !(found >> cand[c].yaku & 1))
            continue;
        int i = cand[c].yaku == IPPON_YAKU_SUUKANTSU ? fourth_kan_daiminkan(win)
                                                     : completing_call(win, cand[c].lo, cand[c].hi, cand[c].need);
        if (i < 0 || n == 2)
            continue;
        pao[n] = (ippon_pao){ .seat = win->melds[i].from, .yaku = (uint8_t)cand[c].yaku };
        pao_mult[n] = ippon_yakuman_mult(rules, cand[c].yaku);
        at[n] = i;
        n++;
    }
    if (n == 2 && at[1] < at[0]) {
        ippon_pao p = pao[0];
        int m = pao_mult[0];
        pao[0] = pao[1], pao_mult[0] = pao_mult[1];
        pao[1] = p, pao_mult[1] = m;
    }
    /* each liability out of what is left of the hand's value, the first established first (with
       stacking yakuman the liable ones never add up to more than the hand) */
    int left = hand_yakuman, kept = 0;
    for (int k = 0; k < n; k++) {
        int m = pao_mult[k] < left ? pao_mult[k] : left;
        if (m == 0)
            continue;
        pao[kept] = pao[k];
        pao_mult[kept++] = m;
        left -= m;
    }
    return kept;
}

void ippon_settle(const ippon_rules *rules, const ippon_win *win, int base, const ippon_pao *pao,
                  const int *pao_mult, int n_pao, ippon_score *out)
{
    /* what each seat owes, as negative payments built up one at a time in out (already zero);
       a separate array copied at the end would be read back as one wide load of four separate
       stores, which waits for them */
    int32_t *paid = out->payments;
    int total = 0, rest = base;
    for (int i = 0; i < n_pao; i++) {
        int liable_base = 8000 * pao_mult[i];
        rest -= liable_base;
        int v = normal_shares(rules, win, liable_base, NULL);
        if (win->tsumo) {
            paid[pao[i].seat] -= v;
        } else {
            paid[pao[i].seat] -= v / 2;
            paid[win->from] -= v / 2;
        }
        total += v;
    }
    if (rest > 0)
        total += normal_shares(rules, win, rest, paid);
    out->total = total;
    int honba;
    if (n_pao > 0) {
        /* the first liable player pays all the honba, whatever the kind of win */
        int payers = win->tsumo ? rules->players - 1 : 1;
        int each = win->tsumo ? rules->honba_tsumo_each : rules->honba_ron;
        honba = win->honba * each * payers;
        paid[pao[0].seat] -= honba;
    } else if (!win->tsumo) {
        honba = win->honba * rules->honba_ron;
        paid[win->from] -= honba;
    } else {
        honba = 0;
        for (int p = 0; p < rules->players; p++)
            if (p != win->seat) {
                paid[p] -= win->honba * rules->honba_tsumo_each;
                honba += win->honba * rules->honba_tsumo_each;
            }
    }
    out->honba_points = honba;
    out->stick_points = win->riichi_sticks * rules->riichi_stick;
    out->payments[win->seat] = total + honba + out->stick_points;
    /* what the others pay is what the winner gets, but the sticks already on the table */
    assert(out->payments[0] + out->payments[1] + out->payments[2] + out->payments[3] == out->stick_points);
}
