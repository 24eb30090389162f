/*
 * score.c — scoring a win (ippon/score.h): every reading, the best one, limits and payments.
 *
 * Readings: each decomposition of the concealed tiles (the product of each suit's splits,
 * agari_internal.h, in the order of ippon_agari_readings) joined with the melds, once for every
 * set the winning tile can complete (tanki, shanpon, and each place in a sequence: ryanmen,
 * kanchan or penchan); then seven pairs and kokushi. A shanpon triplet completed by a ron tile
 * counts as open for fu and ankou. The reading kept is the one whose hand value is highest, then
 * most han, then most fu; each candidate is valued from its yaku as bits and han, and the yaku
 * list is written once, for the reading kept.
 */
#include <assert.h>
#include <string.h>

#include "agari_internal.h"
#include "ippon/error.h"
#include "ippon/tile.h"
#include "score_internal.h"

/* a candidate reading with what it is worth */
struct valued {
    struct reading reading;
    struct tally tally;
    int han, fu, base;
    uint8_t limit;
};

/* the best reading so far and a scratch slot for the next candidate; a better candidate
   becomes the best by swapping the two, without copying */
struct best {
    struct valued slot[2];
    int at;              /* slot[at] is the best, slot[1 - at] the scratch */
    bool any_complete;
    bool found;
};

static void consider(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                     const struct reading *r, struct best *best)
{
    struct valued *v = &best->slot[1 - best->at];
    best->any_complete = true;
    ippon_yaku_count(rules, win, f, r, &v->tally);
    if (v->tally.yakuman) {
        v->han = v->fu = 0;
    } else {
        if (f->common.n_yaku == 0 && v->tally.han == 0)
            return; /* no yaku: dora alone never make a win */
        v->fu = ippon_fu_count(rules, win, f, r, v->tally.yaku >> IPPON_YAKU_PINFU & 1);
        v->han = f->common.han + v->tally.han + f->dora + f->aka + win->kita +
                 (win->riichi || win->double_riichi ? f->ura : 0);
    }
    v->base = ippon_base_points(rules, v->han, v->fu, v->tally.yakuman, &v->limit);
    v->reading = *r;
    /* the reading worth the most points: for one win situation the payments grow strictly with
       the basic points (checked for every basic-point value a hand can have: 20 and 25 fu come
       with 2 han or more, so no two of them round to the same payment), so comparing basic
       points is comparing points. Ties: most han — a true yakuman ranking above
       any han count, so it beats a counted yakuman of equal value — then most fu. */
    const struct valued *b = &best->slot[best->at];
    int han = v->tally.yakuman ? 1000 : v->han, best_han = b->tally.yakuman ? 1000 : b->han;
    if (!best->found || v->base > b->base ||
        (v->base == b->base && (han > best_han || (han == best_han && v->fu > b->fu)))) {
        best->at = 1 - best->at;
        best->found = true;
    }
}

/* each place the winning tile can sit among the first n_closed sets (the concealed ones) */
static void consider_placements(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                                struct reading *r, int n_closed, struct best *best)
{
    int w = win->win;
    if (r->pair == w) {
        r->wait = IPPON_WAIT_TANKI;
        consider(rules, win, f, r, best);
    }
    /* the concealed sets holding the winning tile's kind, found without a branch per set */
    unsigned holding = 0;
    for (int i = 0; i < n_closed; i++) {
        const struct group *g = &r->sets[i];
        unsigned d = (unsigned)(w - g->kind);
        holding |= (unsigned)(g->shape == GROUP_SEQUENCE ? d <= 2 : d == 0) << i;
    }
    for (; holding; holding &= holding - 1) {
        struct group *g = &r->sets[__builtin_ctz(holding)];
        if (g->shape == GROUP_TRIPLET) {
            r->wait = IPPON_WAIT_SHANPON;
            g->concealed = win->tsumo;
            consider(rules, win, f, r, best);
            g->concealed = true;
        } else {
            int pos = w - g->kind, number = g->kind % 9 + 1;
            if (pos == 1)
                r->wait = IPPON_WAIT_KANCHAN;
            else if ((pos == 0 && number == 7) || (pos == 2 && number == 1))
                r->wait = IPPON_WAIT_PENCHAN;
            else
                r->wait = IPPON_WAIT_RYANMEN;
            consider(rules, win, f, r, best);
        }
    }
}

/* the concealed sets of the splits at[] of the four parts, from r->sets[0] on */
static void set_closed_sets(const struct agari_part parts[4], const int at[4], struct reading *r)
{
    int n = 0;
    for (int s = 0; s < 4; s++) {
        uint32_t split = parts[s].split[at[s]];
        for (int i = 0; i < agari_split_sets(split); i++, n++) {
            bool triplet = agari_split_set_triplet(split, i);
            r->sets[n] = (struct group){ .kind = (uint8_t)(parts[s].base + agari_split_set_kind(split, i)),
                                         .shape = triplet ? GROUP_TRIPLET : GROUP_SEQUENCE,
                                         .concealed = triplet };
        }
    }
}

/* every standard reading: each split of the concealed tiles (agari_internal.h, in the order of
   ippon_agari_readings) with the melds after its sets, and each place of the winning tile */
static void consider_standard(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                              struct best *best)
{
    struct agari_part parts[4];
    int pair_part = agari_parts_of(f->closed, !rules->man_terminals_only, parts);
    if (pair_part < 0)
        return;
    int n_closed = 0;
    for (int s = 0; s < 4; s++)
        n_closed += agari_split_sets(parts[s].split[0]);
    if (n_closed + win->n_melds != 4)
        return;
    struct reading r = { .shape = READING_STANDARD };
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        uint8_t shape = m->type == IPPON_MELD_CHI ? GROUP_SEQUENCE
                        : ippon_meld_is_kan(m)    ? GROUP_KAN
                                                  : GROUP_TRIPLET;
        r.sets[n_closed + i] = (struct group){ .kind = m->kind, .shape = shape,
                                               .concealed = m->type == IPPON_MELD_ANKAN };
    }
    const struct agari_part *pp = &parts[pair_part];
    if ((parts[0].n | parts[1].n | parts[2].n | parts[3].n) == 1) { /* one split: most hands */
        int at[4] = { 0, 0, 0, 0 };
        set_closed_sets(parts, at, &r);
        r.pair = (uint8_t)(pp->base + agari_split_pair(pp->split[0]));
        consider_placements(rules, win, f, &r, n_closed, best);
        return;
    }
    struct agari_walk w; /* several splits: every reading */
    agari_walk_start(&w, parts, pair_part);
    do {
        set_closed_sets(parts, w.at, &r);
        r.pair = (uint8_t)(pp->base + w.pair);
        consider_placements(rules, win, f, &r, n_closed, best);
    } while (agari_walk_next(&w));
}

static bool is_chiitoi(const uint8_t c[IPPON_KINDS])
{
    int pairs = 0;
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (c[k] == 2)
            pairs++;
        else if (c[k] != 0)
            return false;
    }
    return pairs == 7;
}

static bool is_kokushi(const uint8_t c[IPPON_KINDS])
{
    int kinds = 0, total = 0;
    for (int k = 0; k < IPPON_KINDS; k++) {
        total += c[k];
        if (c[k] && !ippon_kind_is_yaochu(k))
            return false;
        if (c[k])
            kinds++;
    }
    return total == 14 && kinds == 13;
}

const char *ippon_limit_name(int limit)
{
    static const char *const names[] = { NULL, "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman",
                                         "yakuman" };
    return limit >= 0 && limit <= IPPON_LIMIT_YAKUMAN ? names[limit] : NULL;
}

static void add_dora_entries(const ippon_win *win, const struct hand_facts *f, ippon_score *out)
{
    struct { int yaku, han; } entries[4] = {
        { IPPON_YAKU_DORA, f->dora },
        { IPPON_YAKU_AKA, f->aka },
        { IPPON_YAKU_URA, (win->riichi || win->double_riichi) ? f->ura : 0 },
        { IPPON_YAKU_KITA, win->kita },
    };
    for (int i = 0; i < 4; i++)
        if (entries[i].han > 0)
            out->yaku[out->n_yaku++] = (ippon_yaku_han){ .yaku = (uint8_t)entries[i].yaku,
                                                         .han = (uint8_t)entries[i].han };
}

int ippon_score_win(const ippon_rules *rules, const ippon_win *win, ippon_score *out)
{
    int err = ippon_win_check(rules, win, NULL, 0);
    if (err < 0) {
        memset(out, 0, sizeof *out);
        return err;
    }
    ippon_score_unchecked(rules, win, out);
    return IPPON_OK;
}

void ippon_score_unchecked(const ippon_rules *rules, const ippon_win *win, ippon_score *out)
{
    memset(out, 0, sizeof *out);

    struct hand_facts f;
    ippon_facts_build(rules, win, &f);
    struct best best;
    best.at = 0;
    best.found = best.any_complete = false;

    consider_standard(rules, win, &f, &best);
    /* seven pairs hold seven kinds, kokushi thirteen terminal and honor kinds */
    int closed_kinds = __builtin_popcountll(f.closed_present);
    if (win->n_melds == 0 && (closed_kinds == 7 || closed_kinds == 13)) {
        struct reading whole = { .pair = win->win, .wait = IPPON_WAIT_TANKI };
        if (is_chiitoi(f.closed)) {
            whole.shape = READING_CHIITOI;
            consider(rules, win, &f, &whole, &best);
        }
        if (is_kokushi(f.closed)) {
            whole.shape = READING_KOKUSHI;
            whole.wait = IPPON_WAIT_OTHER;
            consider(rules, win, &f, &whole, &best);
        }
    }

    if (!best.found) {
        out->result = best.any_complete ? IPPON_RESULT_NO_YAKU : IPPON_RESULT_NO_WIN;
        return;
    }
    const struct valued *v = &best.slot[best.at];
    out->result = IPPON_RESULT_WIN;
    out->han = v->han;
    out->fu = v->fu;
    out->yakuman = v->tally.yakuman;
    out->limit = v->limit;
    out->base = v->base;
    out->wait = v->reading.wait;
    out->n_yaku = (uint8_t)ippon_yaku_list(rules, &f, &v->reading, &v->tally, out->yaku);
    if (!v->tally.yakuman)
        add_dora_entries(win, &f, out);

    int pao_mult[2] = { 0, 0 };
    out->n_pao = (uint8_t)(v->tally.yakuman ? ippon_pao_find(rules, win, v->tally.yakuman_found, v->tally.yakuman,
                                                             out->pao, pao_mult)
                                            : 0);
    /* yakuman that do not stack leave one listed; when a liable yakuman is worth the whole hand,
       the hand is scored as that one (points.c, the liability when yakuman do not stack) */
    if (out->n_pao && !rules->yakuman_stack && pao_mult[0] == out->yakuman) {
        assert(out->n_yaku == 1);
        out->yaku[0] = (ippon_yaku_han){ .yaku = out->pao[0].yaku, .yakuman = (uint8_t)pao_mult[0] };
    }
    ippon_settle(rules, win, v->base, out->pao, pao_mult, out->n_pao, out);
}
