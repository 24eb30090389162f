/*
 * yaku.c — the yaku and yakuman of one reading of a winning hand (RULES.md §5).
 *
 * ippon_facts_build gathers what does not depend on the reading (colours, simples, dora,
 * concealment); ippon_yaku_count then looks at one reading's sets, pair and wait. Yakuman are
 * counted first: a hand with any yakuman lists only its yakuman. Dora are added by the caller,
 * since dora alone never make a hand a win.
 */
#include <string.h>

#include "ippon/tile.h"
#include "score_internal.h"

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


static void add(struct tally *t, int yaku, int han)
{
    t->yaku[t->n_yaku++] = (ippon_yaku_han){ .yaku = (uint8_t)yaku, .han = (uint8_t)han };
    t->han += han;
}

static void add_yakuman(const ippon_rules *rules, struct tally *t, int yaku, int mult)
{
    if (mult > 1 && !rules->double_yakuman_single)
        mult = 1;
    t->yaku[t->n_yaku++] = (ippon_yaku_han){ .yaku = (uint8_t)yaku, .yakuman = (uint8_t)mult };
    t->yakuman += mult;
}

/* the shape counts of a standard reading */
struct shape {
    int sequences, triplets, ankou, kans;
    int dragon_triplets, wind_triplets;
    uint16_t sequence_at[3];  /* bit n: a sequence starting at number n+1 in suit s */
    uint16_t triplet_at[3];   /* bit n: a triplet or kan of number n+1 in suit s */
    int peikou;               /* pairs of identical closed sequences */
    bool every_group_yaochu;  /* chanta shape: every set and the pair hold a terminal or honor */
};

static void shape_of(const struct reading *r, bool menzen, struct shape *s)
{
    memset(s, 0, sizeof *s);
    uint8_t seq_kinds[4];
    s->every_group_yaochu = ippon_kind_is_yaochu(r->pair);
    for (int i = 0; i < 4; i++) {
        const struct group *g = &r->sets[i];
        int k = g->kind;
        if (g->shape == GROUP_SEQUENCE) {
            seq_kinds[s->sequences++] = (uint8_t)k;
            s->sequence_at[k / 9] |= (uint16_t)(1u << (k % 9));
            if (k % 9 != 0 && k % 9 != 6)
                s->every_group_yaochu = false;
            continue;
        }
        s->triplets++;
        if (g->shape == GROUP_KAN)
            s->kans++;
        if (g->concealed)
            s->ankou++;
        if (ippon_kind_is_dragon(k))
            s->dragon_triplets++;
        else if (ippon_kind_is_wind(k))
            s->wind_triplets++;
        else
            s->triplet_at[k / 9] |= (uint16_t)(1u << (k % 9));
        if (!ippon_kind_is_yaochu(k))
            s->every_group_yaochu = false;
    }
    if (menzen) { /* pairs of identical sequences: sort the (at most four) and pair neighbours */
        for (int i = 1; i < s->sequences; i++)
            for (int j = i; j > 0 && seq_kinds[j - 1] > seq_kinds[j]; j--) {
                uint8_t x = seq_kinds[j];
                seq_kinds[j] = seq_kinds[j - 1];
                seq_kinds[j - 1] = x;
            }
        for (int i = 0; i + 1 < s->sequences; i++)
            if (seq_kinds[i] == seq_kinds[i + 1]) {
                s->peikou++;
                i++;
            }
    }
}

/* yakuman of any reading; returns whether any was found */
static void count_yakuman(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                          const struct reading *r, const struct shape *s, struct tally *t)
{
    if (win->tenhou)
        add_yakuman(rules, t, IPPON_YAKU_TENHOU, 1);
    if (win->chiihou)
        add_yakuman(rules, t, IPPON_YAKU_CHIIHOU, 1);
    if (r->shape == READING_KOKUSHI) {
        /* 13-sided: the 13 tiles before the win were one of each */
        bool thirteen = win->hand[win->win] == 1;
        add_yakuman(rules, t, thirteen ? IPPON_YAKU_KOKUSHI_13 : IPPON_YAKU_KOKUSHI, thirteen ? 2 : 1);
        return;
    }
    if (f->all_honors)
        add_yakuman(rules, t, IPPON_YAKU_TSUUIISOU, 1);
    if (f->all_green)
        add_yakuman(rules, t, IPPON_YAKU_RYUUIISOU, 1);
    if (f->all_terminals)
        add_yakuman(rules, t, IPPON_YAKU_CHINROUTOU, 1);
    if (r->shape == READING_CHIITOI)
        return;
    if (s->ankou == 4) {
        if (r->wait == IPPON_WAIT_TANKI)
            add_yakuman(rules, t, IPPON_YAKU_SUUANKOU_TANKI, 2);
        else
            add_yakuman(rules, t, IPPON_YAKU_SUUANKOU, 1);
    }
    if (s->dragon_triplets == 3)
        add_yakuman(rules, t, IPPON_YAKU_DAISANGEN, 1);
    if (s->wind_triplets == 4)
        add_yakuman(rules, t, IPPON_YAKU_DAISUUSHII, 2);
    else if (s->wind_triplets == 3 && ippon_kind_is_wind(r->pair))
        add_yakuman(rules, t, IPPON_YAKU_SHOUSUUSHII, 1);
    if (s->kans == 4)
        add_yakuman(rules, t, IPPON_YAKU_SUUKANTSU, 1);
    if (f->chuuren)
        add_yakuman(rules, t, f->chuuren == 2 ? IPPON_YAKU_JUNSEI_CHUUREN : IPPON_YAKU_CHUUREN, f->chuuren);
}

static bool is_value_kind(const struct hand_facts *f, int k)
{
    return ippon_kind_is_dragon(k) || k == f->seat_wind_kind || k == f->round_wind_kind;
}

/* yakuhai of the honor triplets (the same for every reading) */
static void count_yakuhai(const struct hand_facts *f, const struct reading *r, struct tally *t)
{
    for (int i = 0; i < 4; i++) {
        const struct group *g = &r->sets[i];
        if (g->shape == GROUP_SEQUENCE || !ippon_kind_is_honor(g->kind))
            continue;
        int k = g->kind;
        if (ippon_kind_is_dragon(k))
            add(t, IPPON_YAKU_HAKU + (k - IPPON_HAKU), 1);
        if (k == f->round_wind_kind)
            add(t, IPPON_YAKU_ROUND_EAST + (k - IPPON_EAST), 1);
        if (k == f->seat_wind_kind)
            add(t, IPPON_YAKU_SEAT_EAST + (k - IPPON_EAST), 1);
    }
}

static void count_situational(const ippon_win *win, const struct hand_facts *f, struct tally *t)
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
static void count_colours(const ippon_rules *rules, const struct hand_facts *f, struct tally *t)
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

static void count_standard(const struct hand_facts *f, const struct reading *r, const struct shape *s,
                           struct tally *t)
{
    int open = f->menzen ? 0 : 1; /* the open discount where a yaku has one */
    if (f->menzen && s->sequences == 4 && !is_value_kind(f, r->pair) && r->wait == IPPON_WAIT_RYANMEN)
        add(t, IPPON_YAKU_PINFU, 1);
    if (s->peikou == 1)
        add(t, IPPON_YAKU_IIPEIKOU, 1);
    else if (s->peikou >= 2)
        add(t, IPPON_YAKU_RYANPEIKOU, 3);
    if (s->sequence_at[0] & s->sequence_at[1] & s->sequence_at[2])
        add(t, IPPON_YAKU_SANSHOKU, 2 - open);
    for (int suit = 0; suit < 3; suit++)
        if ((s->sequence_at[suit] & 0x49) == 0x49) /* starts at 1, 4 and 7 */
            add(t, IPPON_YAKU_ITTSU, 2 - open);
    if (s->every_group_yaochu && s->sequences > 0) {
        if (f->suits & 8)
            add(t, IPPON_YAKU_CHANTA, 2 - open);
        else
            add(t, IPPON_YAKU_JUNCHAN, 3 - open);
    }
    if (s->triplets == 4)
        add(t, IPPON_YAKU_TOITOI, 2);
    if (s->ankou == 3)
        add(t, IPPON_YAKU_SANANKOU, 2);
    if (s->kans == 3)
        add(t, IPPON_YAKU_SANKANTSU, 2);
    if (s->triplet_at[0] & s->triplet_at[1] & s->triplet_at[2])
        add(t, IPPON_YAKU_SANSHOKU_DOUKOU, 2);
    if (s->dragon_triplets == 2 && ippon_kind_is_dragon(r->pair))
        add(t, IPPON_YAKU_SHOUSANGEN, 2);
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
    memcpy(f->closed, win->hand, IPPON_KINDS);
    f->closed[win->win]++;
    memcpy(f->all, f->closed, IPPON_KINDS);
    f->menzen = true;
    f->n_kans = 0;
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        if (m->type == IPPON_MELD_CHI) {
            f->all[m->kind]++, f->all[m->kind + 1]++, f->all[m->kind + 2]++;
        } else {
            f->all[m->kind] += ippon_meld_is_kan(m) ? 4 : 3;
        }
        if (ippon_meld_is_open(m))
            f->menzen = false;
        if (ippon_meld_is_kan(m))
            f->n_kans++;
    }
    /* the colour facts from the set of kinds present, as 34-bit masks */
    uint64_t present = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        present |= (uint64_t)(f->all[k] != 0) << k;
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
    f->common.n_yaku = 0;
    f->common.han = 0;
    f->common.yakuman = 0;
    count_situational(win, f, &f->common);
    count_colours(rules, f, &f->common);
}

void ippon_yaku_count(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                      const struct reading *r, struct tally *t)
{
    struct shape s;
    t->n_yaku = 0;
    t->han = 0;
    t->yakuman = 0;
    if (r->shape == READING_STANDARD)
        shape_of(r, f->menzen, &s);
    else
        memset(&s, 0, sizeof s);
    count_yakuman(rules, win, f, r, &s, t);
    if (t->yakuman) {
        if (!rules->yakuman_stack && t->yakuman > 1) {
            /* only the largest single yakuman counts */
            int best = 0;
            for (int i = 1; i < t->n_yaku; i++)
                if (t->yaku[i].yakuman > t->yaku[best].yakuman)
                    best = i;
            t->yaku[0] = t->yaku[best];
            t->n_yaku = 1;
            t->yakuman = t->yaku[0].yakuman;
        }
        return;
    }
    memcpy(t->yaku, f->common.yaku, f->common.n_yaku * sizeof t->yaku[0]);
    t->n_yaku = f->common.n_yaku;
    t->han = f->common.han;
    if (r->shape == READING_CHIITOI) {
        add(t, IPPON_YAKU_CHIITOITSU, 2);
        return;
    }
    count_yakuhai(f, r, t);
    count_standard(f, r, &s, t);
}
