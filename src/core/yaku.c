/*
 * yaku.c — the yaku and yakuman of one reading of a winning hand (RULES.md §5).
 *
 * ippon_facts_build gathers what does not depend on the reading (colours, simples, dora,
 * concealment, the yaku and yakuman every reading shares); ippon_yaku_count then looks at one
 * reading's sets (as masks of kinds), pair and wait and gives its yaku as bits with their han;
 * ippon_yaku_list writes the list of the reading kept, in a fixed order. Yakuman are counted
 * first: a hand with any yakuman lists only its yakuman. Dora are added by the caller, since dora
 * alone never make a hand a win.
 */
#include <assert.h>
#include <string.h>

#include "counts_internal.h"
#include "ippon/rules.h"
#include "ippon/tile.h"
#include "score_internal.h"

/* the dora among all (and the kita) for these indicators, each pointing at ippon_rules_dora_of */
static int count_dora(const ippon_rules *rules, const uint8_t *indicators, int n, const uint8_t all[IPPON_KINDS],
                      int kita)
{
    int dora = 0;
    for (int i = 0; i < n; i++) {
        int k = ippon_rules_dora_of(rules, indicators[i]);
        dora += all[k] + (k == IPPON_NORTH ? kita : 0);
    }
    return dora;
}


static void add(struct yaku_list *t, int yaku, int han)
{
    assert(t->n_yaku < (int)(sizeof t->yaku / sizeof t->yaku[0]));
    t->yaku[t->n_yaku++] = (ippon_yaku_han){ .yaku = (uint8_t)yaku, .han = (uint8_t)han };
    t->han += han;
}

/* ---- the shape of a standard reading, as masks of kinds --------------------------------------- */

#define SEQ_YAOCHU_STARTS (1ull << 0 | 1ull << 6 | 1ull << 9 | 1ull << 15 | 1ull << 18 | 1ull << 24)
#define SUIT_STARTS (1ull << 0 | 1ull << 9 | 1ull << 18)

/* how many of the four bits of x are set (no popcount instruction in baseline x86-64) */
static int bits4(uint64_t x)
{
    static const uint8_t count[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };
    return count[x & 15];
}

struct shape {
    uint64_t sequences;  /* bit k: a sequence starting at kind k */
    uint64_t triplets;   /* bit k: a triplet or kan of kind k */
    int n_sequences, ankou, kans;
    int peikou;          /* pairs of identical sequences (closed hands only) */
};

static void shape_of(const struct reading *r, bool menzen, struct shape *s)
{
    uint64_t seq = 0, trip = 0, twice = 0, thrice = 0, four = 0;
    int n_seq = 0, ankou = 0, kans = 0;
    for (int i = 0; i < 4; i++) {
        const struct group *g = &r->sets[i];
        uint64_t bit = 1ull << g->kind;
        bool is_seq = g->shape == GROUP_SEQUENCE;
        uint64_t seq_bit = is_seq ? bit : 0;
        four |= thrice & seq_bit;
        thrice |= twice & seq_bit;
        twice |= seq & seq_bit;
        seq |= seq_bit;
        trip |= bit & ~seq_bit;
        n_seq += is_seq;
        ankou += !is_seq & g->concealed;
        kans += g->shape == GROUP_KAN;
    }
    s->sequences = seq;
    s->triplets = trip;
    s->n_sequences = n_seq;
    s->ankou = ankou;
    s->kans = kans;
    /* identical sequences pair off: m copies of one make m / 2 pairs */
    int pairs = !twice ? 0 : !(twice & (twice - 1)) ? 1 : 2; /* four sets: at most two kinds twice */
    s->peikou = menzen ? pairs + (four != 0) : 0;
}

/* ---- yakuman ------------------------------------------------------------------------------------ */

/* the order yakuman are listed in */
static const uint8_t yakuman_order[] = {
    IPPON_YAKU_TENHOU, IPPON_YAKU_CHIIHOU, IPPON_YAKU_KOKUSHI, IPPON_YAKU_KOKUSHI_13, IPPON_YAKU_TSUUIISOU,
    IPPON_YAKU_RYUUIISOU, IPPON_YAKU_CHINROUTOU, IPPON_YAKU_SUUANKOU, IPPON_YAKU_SUUANKOU_TANKI,
    IPPON_YAKU_DAISANGEN, IPPON_YAKU_DAISUUSHII, IPPON_YAKU_SHOUSUUSHII, IPPON_YAKU_SUUKANTSU,
    IPPON_YAKU_CHUUREN, IPPON_YAKU_JUNSEI_CHUUREN,
};

#define YAKU_BIT(y) (1ull << (y))
#define DOUBLE_YAKUMAN (YAKU_BIT(IPPON_YAKU_KOKUSHI_13) | YAKU_BIT(IPPON_YAKU_SUUANKOU_TANKI) | \
                        YAKU_BIT(IPPON_YAKU_DAISUUSHII) | YAKU_BIT(IPPON_YAKU_JUNSEI_CHUUREN))

int ippon_yakuman_mult(const ippon_rules *rules, int yaku)
{
    return (DOUBLE_YAKUMAN >> yaku & 1) && rules->double_yakuman_single ? 2 : 1;
}

/* the yakuman of a reading that come from its sets (the hand-wide ones are in facts) */
static uint64_t reading_yakuman(const ippon_win *win, const struct reading *r, const struct shape *s)
{
    if (r->shape == READING_KOKUSHI) /* 13-sided: the 13 tiles before the win were one of each */
        return win->hand[win->win] == 1 ? YAKU_BIT(IPPON_YAKU_KOKUSHI_13) : YAKU_BIT(IPPON_YAKU_KOKUSHI);
    if (r->shape == READING_CHIITOI)
        return 0;
    uint64_t y = 0;
    int dragons = bits4(s->triplets >> IPPON_HAKU), winds = bits4(s->triplets >> IPPON_EAST);
    if (s->ankou == 4)
        y |= r->wait == IPPON_WAIT_TANKI ? YAKU_BIT(IPPON_YAKU_SUUANKOU_TANKI) : YAKU_BIT(IPPON_YAKU_SUUANKOU);
    if (dragons == 3)
        y |= YAKU_BIT(IPPON_YAKU_DAISANGEN);
    if (winds == 4)
        y |= YAKU_BIT(IPPON_YAKU_DAISUUSHII);
    else if (winds == 3 && ippon_kind_is_wind(r->pair))
        y |= YAKU_BIT(IPPON_YAKU_SHOUSUUSHII);
    if (s->kans == 4)
        y |= YAKU_BIT(IPPON_YAKU_SUUKANTSU);
    return y;
}

/* sets t->yaku and t->yakuman from the yakuman bits: all of them when yakuman stack, else only
   the largest (the first listed of equals; the scorer may name a liable one instead, score.c);
   t->yakuman_found keeps them all */
static void keep_yakuman(const ippon_rules *rules, uint64_t bits, struct tally *t)
{
    t->yakuman_found = bits;
    int total = 0, best = -1, best_mult = 0;
    for (size_t i = 0; i < sizeof yakuman_order; i++) {
        int y = yakuman_order[i];
        if (!(bits >> y & 1))
            continue;
        int mult = ippon_yakuman_mult(rules, y);
        total += mult;
        if (mult > best_mult) {
            best = y;
            best_mult = mult;
        }
    }
    if (!rules->yakuman_stack && total > 1) {
        bits = YAKU_BIT(best);
        total = best_mult;
    }
    t->yaku = bits;
    t->yakuman = total;
}

/* ---- ordinary yaku of a reading --------------------------------------------------------------- */

static bool is_value_kind(const struct hand_facts *f, int k)
{
    return ippon_kind_is_dragon(k) || k == f->seat_wind_kind || k == f->round_wind_kind;
}

/* the yaku of a standard reading's shape, in the order they are listed, with their han closed
   and open (an open hand has none of the closed-only ones: pinfu, peikou) */
enum { STD_PINFU, STD_IIPEIKOU, STD_RYANPEIKOU, STD_SANSHOKU, STD_ITTSU, STD_CHANTA, STD_JUNCHAN, STD_TOITOI,
       STD_SANANKOU, STD_SANKANTSU, STD_DOUKOU, STD_SHOUSANGEN, STD_COUNT };
static const struct { uint8_t yaku, han, open_han; } standard_yaku[STD_COUNT] = {
    [STD_PINFU] = { IPPON_YAKU_PINFU, 1, 1 },
    [STD_IIPEIKOU] = { IPPON_YAKU_IIPEIKOU, 1, 1 },
    [STD_RYANPEIKOU] = { IPPON_YAKU_RYANPEIKOU, 3, 3 },
    [STD_SANSHOKU] = { IPPON_YAKU_SANSHOKU, 2, 1 },
    [STD_ITTSU] = { IPPON_YAKU_ITTSU, 2, 1 },
    [STD_CHANTA] = { IPPON_YAKU_CHANTA, 2, 1 },
    [STD_JUNCHAN] = { IPPON_YAKU_JUNCHAN, 3, 2 },
    [STD_TOITOI] = { IPPON_YAKU_TOITOI, 2, 2 },
    [STD_SANANKOU] = { IPPON_YAKU_SANANKOU, 2, 2 },
    [STD_SANKANTSU] = { IPPON_YAKU_SANKANTSU, 2, 2 },
    [STD_DOUKOU] = { IPPON_YAKU_SANSHOKU_DOUKOU, 2, 2 },
    [STD_SHOUSANGEN] = { IPPON_YAKU_SHOUSANGEN, 2, 2 },
};

/* the standard yaku of a reading into t: bits and han */
static void count_standard(const struct hand_facts *f, const struct reading *r, const struct shape *s,
                           struct tally *t)
{
    uint64_t seq = s->sequences, trip = s->triplets;
    bool every_group_yaochu = ippon_kind_is_yaochu(r->pair) && !(seq & ~SEQ_YAOCHU_STARTS) &&
                              !(trip & ~(IPPON_TERMINAL_MASK | IPPON_HONOR_MASK));
    bool has[STD_COUNT] = {
        [STD_PINFU] = f->menzen && s->n_sequences == 4 && !is_value_kind(f, r->pair) &&
                      r->wait == IPPON_WAIT_RYANMEN,
        [STD_IIPEIKOU] = s->peikou == 1,
        [STD_RYANPEIKOU] = s->peikou >= 2,
        [STD_SANSHOKU] = (seq & seq >> 9 & seq >> 18 & 0x1FF) != 0,
        [STD_ITTSU] = (seq & seq >> 3 & seq >> 6 & SUIT_STARTS) != 0, /* 1, 4 and 7 of one suit */
        [STD_CHANTA] = every_group_yaochu && s->n_sequences > 0 && (f->suits & 8),
        [STD_JUNCHAN] = every_group_yaochu && s->n_sequences > 0 && !(f->suits & 8),
        [STD_TOITOI] = s->n_sequences == 0,
        [STD_SANANKOU] = s->ankou == 3,
        [STD_SANKANTSU] = s->kans == 3,
        [STD_DOUKOU] = (trip & trip >> 9 & trip >> 18 & 0x1FF) != 0,
        [STD_SHOUSANGEN] = bits4(trip >> IPPON_HAKU) == 2 && ippon_kind_is_dragon(r->pair),
    };
    for (int i = 0; i < STD_COUNT; i++) {
        t->yaku |= (uint64_t)has[i] << standard_yaku[i].yaku;
        t->han += has[i] * (f->menzen ? standard_yaku[i].han : standard_yaku[i].open_han);
    }
}

/* appends the yakuhai of a reading's honor triplets to list[n…], one han each, in the order of
   its sets; returns the new length */
static int list_yakuhai(const struct hand_facts *f, const struct reading *r, ippon_yaku_han *list, int n)
{
    for (int i = 0; i < 4; i++) {
        const struct group *g = &r->sets[i];
        if (g->shape == GROUP_SEQUENCE || !ippon_kind_is_honor(g->kind))
            continue;
        int k = g->kind;
        if (ippon_kind_is_dragon(k))
            list[n++] = (ippon_yaku_han){ .yaku = (uint8_t)(IPPON_YAKU_HAKU + (k - IPPON_HAKU)), .han = 1 };
        if (k == f->round_wind_kind)
            list[n++] = (ippon_yaku_han){ .yaku = (uint8_t)(IPPON_YAKU_ROUND_EAST + (k - IPPON_EAST)), .han = 1 };
        if (k == f->seat_wind_kind)
            list[n++] = (ippon_yaku_han){ .yaku = (uint8_t)(IPPON_YAKU_SEAT_EAST + (k - IPPON_EAST)), .han = 1 };
    }
    return n;
}

static void count_situational(const ippon_win *win, const struct hand_facts *f, struct yaku_list *t)
{
    if (win->double_riichi)
        add(t, IPPON_YAKU_DOUBLE_RIICHI, 2);
    else if (win->riichi)
        add(t, IPPON_YAKU_RIICHI, 1);
    if (win->ippatsu)
        add(t, IPPON_YAKU_IPPATSU, 1);
    if (win->tsumo && f->menzen)
        add(t, IPPON_YAKU_MENZEN_TSUMO, 1);
    if (win->haitei)
        add(t, IPPON_YAKU_HAITEI, 1);
    if (win->houtei)
        add(t, IPPON_YAKU_HOUTEI, 1);
    if (win->rinshan)
        add(t, IPPON_YAKU_RINSHAN, 1);
    if (win->chankan)
        add(t, IPPON_YAKU_CHANKAN, 1);
}

/* yaku that depend only on the colours and kinds of all tiles */
static void count_colours(const ippon_rules *rules, const struct hand_facts *f, struct yaku_list *t)
{
    if (f->all_simples && (f->menzen || rules->open_tanyao))
        add(t, IPPON_YAKU_TANYAO, 1);
    if (f->all_yaochu)
        add(t, IPPON_YAKU_HONROUTOU, 2);
    int suited = f->suits & 7;
    if (suited == 1 || suited == 2 || suited == 4) {
        if (f->suits & 8)
            add(t, IPPON_YAKU_HONITSU, f->menzen ? 3 : 2);
        else
            add(t, IPPON_YAKU_CHINITSU, f->menzen ? 6 : 5);
    }
}

/* chuuren poutou: a closed hand without kans, one suit, 1112345678999 plus one tile of it;
   2 when the 13 tiles before the win were exactly 1112345678999 (junsei) */
static uint8_t chuuren_of(const ippon_win *win, const struct hand_facts *f)
{
    if (win->n_melds != 0 || !(f->suits == 1 || f->suits == 2 || f->suits == 4))
        return 0;
    int base = 9 * (f->suits == 1 ? 0 : f->suits == 2 ? 1 : 2);
    const uint8_t *c = f->closed + base;
    bool chuuren = c[0] >= 3 && c[8] >= 3;
    for (int n = 1; n < 8 && chuuren; n++)
        chuuren = c[n] >= 1;
    if (!chuuren)
        return 0;
    const uint8_t *h = win->hand + base;
    bool junsei = h[0] == 3 && h[8] == 3;
    for (int n = 1; n < 8 && junsei; n++)
        junsei = h[n] == 1;
    return junsei ? 2 : 1;
}

void ippon_facts_build(const ippon_rules *rules, const ippon_win *win, struct hand_facts *f)
{
    /* both copies come from the hand, and the kinds present from the hand and the melds: reading
       back as words bytes just stored one by one would wait for the stores */
    memcpy(f->closed, win->hand, IPPON_KINDS);
    memcpy(f->all, win->hand, IPPON_KINDS);
    f->closed[win->win]++;
    f->all[win->win]++;
    f->closed_present = counts_present(win->hand) | 1ull << win->win;
    uint64_t present = f->closed_present;
    f->menzen = true;
    f->n_kans = 0;
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        if (m->type == IPPON_MELD_CHI) {
            f->all[m->kind]++, f->all[m->kind + 1]++, f->all[m->kind + 2]++;
            present |= 7ull << m->kind;
        } else {
            f->all[m->kind] += ippon_meld_is_kan(m) ? 4 : 3;
            present |= 1ull << m->kind;
        }
        if (ippon_meld_is_open(m))
            f->menzen = false;
        if (ippon_meld_is_kan(m))
            f->n_kans++;
    }
    /* the colour facts from the set of kinds present, as 34-bit masks */
    const uint64_t suit_mask = 0x1ffull, honors = IPPON_HONOR_MASK, terminals = IPPON_TERMINAL_MASK;
    const uint64_t green = 1ull << (IPPON_1S + 1) | 1ull << (IPPON_1S + 2) | 1ull << (IPPON_1S + 3) |
                           1ull << (IPPON_1S + 5) | 1ull << (IPPON_1S + 7) | 1ull << IPPON_HATSU;
    f->all_simples = !(present & (terminals | honors));
    f->all_yaochu = !(present & ~(terminals | honors));
    f->all_honors = !(present & ~honors);
    f->all_terminals = !(present & ~terminals);
    f->all_green = !(present & ~green);
    f->suits = (uint8_t)((present & suit_mask ? 1 : 0) | (present & suit_mask << 9 ? 2 : 0) |
                         (present & suit_mask << 18 ? 4 : 0) | (present & honors ? 8 : 0));
    f->dora = (uint8_t)count_dora(rules, win->dora, win->n_dora, f->all, win->kita);
    f->ura = (uint8_t)count_dora(rules, win->ura, win->n_ura, f->all, win->kita);
    f->aka = (uint8_t)(win->red[0] + win->red[1] + win->red[2]);
    f->seat_wind_kind = (uint8_t)(IPPON_EAST + win->seat);
    f->round_wind_kind = (uint8_t)(IPPON_EAST + win->round_wind);
    f->chuuren = chuuren_of(win, f);
    f->yakuman = (win->tenhou ? YAKU_BIT(IPPON_YAKU_TENHOU) : 0) | (win->chiihou ? YAKU_BIT(IPPON_YAKU_CHIIHOU) : 0) |
                 (f->all_honors ? YAKU_BIT(IPPON_YAKU_TSUUIISOU) : 0) |
                 (f->all_green ? YAKU_BIT(IPPON_YAKU_RYUUIISOU) : 0) |
                 (f->all_terminals ? YAKU_BIT(IPPON_YAKU_CHINROUTOU) : 0) |
                 (f->chuuren == 1 ? YAKU_BIT(IPPON_YAKU_CHUUREN) : 0) |
                 (f->chuuren == 2 ? YAKU_BIT(IPPON_YAKU_JUNSEI_CHUUREN) : 0);
    memset(&f->common, 0, sizeof f->common); /* whole, so that it is copied whole */
    count_situational(win, f, &f->common);
    count_colours(rules, f, &f->common);
}

void ippon_yaku_count(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                      const struct reading *r, struct tally *t)
{
    struct shape s = { 0 };
    if (r->shape == READING_STANDARD)
        shape_of(r, f->menzen, &s);
    t->han = 0;
    uint64_t yakuman = f->yakuman | reading_yakuman(win, r, &s);
    if (yakuman) {
        keep_yakuman(rules, yakuman, t);
        return;
    }
    t->yakuman = 0;
    t->yakuman_found = 0;
    if (r->shape == READING_CHIITOI) {
        t->yaku = YAKU_BIT(IPPON_YAKU_CHIITOITSU);
        t->han = 2;
        return;
    }
    uint64_t honors = s.triplets & IPPON_HONOR_MASK;
    int yakuhai = bits4(honors >> IPPON_HAKU) + (int)(honors >> f->round_wind_kind & 1) +
                  (int)(honors >> f->seat_wind_kind & 1);
    t->yaku = 0;
    t->han = yakuhai;
    count_standard(f, r, &s, t);
}

int ippon_yaku_list(const ippon_rules *rules, const struct hand_facts *f, const struct reading *r,
                    const struct tally *t, ippon_yaku_han list[24])
{
    if (t->yakuman) {
        int n = 0;
        for (size_t i = 0; i < sizeof yakuman_order; i++)
            if (t->yaku >> yakuman_order[i] & 1)
                list[n++] = (ippon_yaku_han){ .yaku = yakuman_order[i],
                                              .yakuman = (uint8_t)ippon_yakuman_mult(rules, yakuman_order[i]) };
        return n;
    }
    int n = f->common.n_yaku;
    memcpy(list, f->common.yaku, sizeof f->common.yaku); /* a fixed size is a few moves, not a call */
    if (r->shape == READING_CHIITOI) {
        list[n++] = (ippon_yaku_han){ .yaku = IPPON_YAKU_CHIITOITSU, .han = 2 };
        return n;
    }
    n = list_yakuhai(f, r, list, n);
    for (size_t i = 0; i < sizeof standard_yaku / sizeof standard_yaku[0]; i++)
        if (t->yaku >> standard_yaku[i].yaku & 1)
            list[n++] = (ippon_yaku_han){ .yaku = standard_yaku[i].yaku,
                                          .han = f->menzen ? standard_yaku[i].han : standard_yaku[i].open_han };
    assert(n <= 24 - 4); /* room for the four dora entries the scorer adds */
    return n;
}
