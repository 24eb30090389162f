/*
 * score.c — scoring a win (ippon/score.h): every reading, the best one, limits and payments.
 *
 * Readings: each decomposition of the concealed tiles (ippon/agari.h) joined with the melds,
 * once for every set the winning tile can complete (tanki, shanpon, and each place in a
 * sequence: ryanmen, kanchan or penchan); then seven pairs and kokushi. A shanpon triplet
 * completed by a ron tile counts as open for fu and ankou. The reading kept is the one whose
 * hand value is highest, then most han, then most fu.
 */
#include <string.h>

#include "ippon/agari.h"
#include "ippon/error.h"
#include "ippon/tile.h"
#include "score_internal.h"

/* a candidate reading with what it is worth */
struct valued {
    struct tally tally;
    int han, fu, base;
    uint8_t limit, wait;
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
    v->wait = r->wait;
    if (v->tally.yakuman) {
        v->han = v->fu = 0;
    } else {
        if (v->tally.n_yaku == 0)
            return; /* no yaku: dora alone never make a win */
        bool pinfu = false;
        for (int i = 0; i < v->tally.n_yaku; i++)
            pinfu |= v->tally.yaku[i].yaku == IPPON_YAKU_PINFU;
        v->fu = ippon_fu_count(rules, win, f, r, pinfu);
        v->han = v->tally.han + f->dora + f->aka + win->kita + (win->riichi || win->double_riichi ? f->ura : 0);
    }
    v->base = ippon_base_points(rules, v->han, v->fu, v->tally.yakuman, &v->limit);
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

/* each place the winning tile can sit in one decomposition */
static void consider_decomposition(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                                   const ippon_agari *a, struct best *best)
{
    struct reading r = { .pair = a->pair, .shape = READING_STANDARD };
    int n = 0;
    for (int i = 0; i < a->n_sets; i++, n++) {
        bool seq = a->sets[i].shape == IPPON_SET_SEQUENCE;
        r.sets[n] = (struct group){ .kind = a->sets[i].kind, .shape = seq ? GROUP_SEQUENCE : GROUP_TRIPLET,
                                    .concealed = !seq };
    }
    for (int i = 0; i < win->n_melds; i++, n++) {
        const ippon_meld *m = &win->melds[i];
        uint8_t shape = m->type == IPPON_MELD_CHI ? GROUP_SEQUENCE
                        : ippon_meld_is_kan(m)    ? GROUP_KAN
                                                  : GROUP_TRIPLET;
        r.sets[n] = (struct group){ .kind = m->kind, .shape = shape, .concealed = m->type == IPPON_MELD_ANKAN };
    }
    int w = win->win;
    if (a->pair == w) {
        r.wait = IPPON_WAIT_TANKI;
        consider(rules, win, f, &r, best);
    }
    for (int i = 0; i < a->n_sets; i++) {
        struct group *g = &r.sets[i];
        if (g->shape == GROUP_TRIPLET && g->kind == w) {
            r.wait = IPPON_WAIT_SHANPON;
            g->concealed = win->tsumo;
            consider(rules, win, f, &r, best);
            g->concealed = true;
        } else if (g->shape == GROUP_SEQUENCE && w >= g->kind && w <= g->kind + 2) {
            int pos = w - g->kind, number = g->kind % 9 + 1;
            if (pos == 1)
                r.wait = IPPON_WAIT_KANCHAN;
            else if ((pos == 0 && number == 7) || (pos == 2 && number == 1))
                r.wait = IPPON_WAIT_PENCHAN;
            else
                r.wait = IPPON_WAIT_RYANMEN;
            consider(rules, win, f, &r, best);
        }
    }
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

    ippon_agari readings[IPPON_AGARI_MAX];
    int n = ippon_agari_readings(f.closed, !rules->man_terminals_only, readings, IPPON_AGARI_MAX);
    if (n > IPPON_AGARI_MAX)
        n = IPPON_AGARI_MAX;
    for (int i = 0; i < n; i++)
        consider_decomposition(rules, win, &f, &readings[i], &best);
    if (win->n_melds == 0) {
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
    out->wait = v->wait;
    memcpy(out->yaku, v->tally.yaku, v->tally.n_yaku * sizeof out->yaku[0]);
    out->n_yaku = v->tally.n_yaku;
    if (!v->tally.yakuman)
        add_dora_entries(win, &f, out);

    int pao_mult[2] = { 0, 0 };
    out->n_pao = (uint8_t)(v->tally.yakuman ? ippon_pao_find(rules, win, &v->tally, out->pao, pao_mult) : 0);
    ippon_settle(rules, win, v->base, out->pao, pao_mult, out->n_pao, out);
}
