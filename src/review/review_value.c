/*
 * review_value.c — what a tenpai option is worth (src/review/README.md, "Value"): for each of its
 * waits, the core's scorer values a ron from the next seat and a tsumo, without riichi (dama) and,
 * for a closed hand, with it, under the dora indicators the seat sees, the red fives it keeps and
 * its kita; the values are averaged over the waits weighted by their unseen copies. Then the
 * option's win chance (review_win.c) makes them an expected value ("Win chance").
 */
#include <math.h>
#include <string.h>

#include "ippon/score.h"
#include "ippon/shanten.h"
#include "review_internal.h"

/* the points the win pays the seat (honba and sticks are 0 in w), 0 when it cannot win */
static int32_t win_points(const ippon_rules *rules, const ippon_win *w)
{
    ippon_score sc;
    if (ippon_score_win(rules, w, &sc) != 0 || sc.result != IPPON_RESULT_WIN)
        return 0;
    return sc.payments[w->seat];
}

/* the scorer wants as many ura indicators as dora ones with riichi: n kinds that make no ura dora
   (neither they nor the kind they point at among the hand's, its melds', its waits' or a kita's);
   false if the rules leave too few */
static bool no_ura(const ippon_rules *rules, const ippon_win *w, uint64_t waits, int n, uint8_t out[5])
{
    uint64_t used = waits;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (w->hand[k])
            used |= UINT64_C(1) << k;
    for (int i = 0; i < w->n_melds; i++)
        used |= (w->melds[i].type == IPPON_MELD_CHI ? UINT64_C(7) : UINT64_C(1)) << w->melds[i].kind;
    if (w->kita)
        used |= UINT64_C(1) << 30; /* North */
    int found = 0;
    for (int k = 0; k < IPPON_KINDS && found < n; k++)
        if (ippon_rules_has_kind(rules, k) && !(used >> k & 1) && !(used >> ippon_rules_dora_of(rules, k) & 1))
            out[found++] = (uint8_t)k;
    return found == n;
}

/* the average of sum over weight, rounded to the nearest point */
static int32_t average(long sum, long weight)
{
    return (int32_t)((sum + weight / 2) / weight);
}

void review_value(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds, int n_melds,
                  const review_dora *dora, const uint8_t unseen[IPPON_KINDS], uint64_t waits, ippon_review_value *out)
{
    memset(out, 0, sizeof *out);
    ippon_win w;
    review_win_start(t, hand, melds, n_melds, &w);
    memcpy(w.dora, dora->indicators, dora->n);
    w.n_dora = dora->n;
    memcpy(w.red, dora->red, sizeof w.red);
    w.kita = dora->kita;
    bool closed = true;
    for (int i = 0; i < n_melds; i++)
        closed &= !ippon_meld_is_open(&melds[i]);
    w.n_ura = w.n_dora;
    closed = closed && no_ura(t->rules, &w, waits, w.n_ura, w.ura);
    long weight = 0, sum[2][2] = { { 0 } }; /* [riichi][tsumo] */
    bool dama_wins = false;
    for (; waits; waits &= waits - 1) {
        w.win = (uint8_t)__builtin_ctzll(waits);
        if (!unseen[w.win])
            continue;
        weight += unseen[w.win];
        for (int riichi = 0; riichi <= (int)closed; riichi++)
            for (int tsumo = 0; tsumo < 2; tsumo++) {
                w.riichi = riichi;
                w.n_ura = riichi ? w.n_dora : 0;
                w.tsumo = tsumo;
                int32_t p = win_points(t->rules, &w);
                sum[riichi][tsumo] += (long)unseen[w.win] * p;
                dama_wins |= !riichi && p > 0;
            }
    }
    if (!weight)
        return;
    out->known = true;
    out->dama = dama_wins;
    out->riichi = closed;
    out->dama_ron = average(sum[0][0], weight);
    out->dama_tsumo = average(sum[0][1], weight);
    out->riichi_ron = closed ? average(sum[1][0], weight) : 0;
    out->riichi_tsumo = closed ? average(sum[1][1], weight) : 0;
}

enum { RIICHI_STICK = 1000 };

/* the chance and expected value of one way of playing the hand (dama or riichi): a win is a
   tsumo for the share of its looks that are own draws, a ron for the rest; riichi's stick is lost
   unless the hand wins */
static void expect(const review_win_inputs *in, bool riichi, int32_t ron, int32_t tsumo, double *win, int32_t *ev)
{
    review_win_inputs way = *in;
    way.furiten |= ron == 0; /* no wait wins by ron this way: only its own draws can win */
    *win = review_win_chance(&way, riichi);
    double share = review_win_tsumo_share(&way, riichi);
    double points = *win * (share * tsumo + (1 - share) * ron) - (riichi ? (1 - *win) * RIICHI_STICK : 0);
    *ev = (int32_t)lround(points);
}

void review_value_expect(const review_win_inputs *in, ippon_review_value *value)
{
    value->furiten = in->furiten;
    if (!value->known)
        return;
    if (value->dama)
        expect(in, false, value->dama_ron, value->dama_tsumo, &value->win_dama, &value->ev_dama);
    if (value->riichi)
        expect(in, true, value->riichi_ron, value->riichi_tsumo, &value->win_riichi, &value->ev_riichi);
}

void review_hand_value(const ippon_view *v, const ippon_rules *rules, const uint8_t hand[IPPON_KINDS],
                       const ippon_meld *melds, int n_melds, const uint8_t fives_kept[3],
                       const uint8_t unseen[IPPON_KINDS], int discard, ippon_review_value *out)
{
    memset(out, 0, sizeof *out);
    uint64_t waits = ippon_waits(hand, n_melds, rules);
    if (!waits)
        return;
    review_table t = { .rules = rules, .wind = review_wind(v, v->seat), .round_wind = v->round_wind };
    review_dora dora = { .n = v->n_dora, .kita = v->seats[v->seat].n_kita };
    for (int i = 0; i < v->n_dora; i++)
        dora.indicators[i] = (uint8_t)ippon_tile_kind(v->dora[i]);
    /* the red fives: those already melded, and of those held as many as the fives the hand keeps
       (a five discarded is a plain one while the hand holds one: the red one is kept) */
    uint8_t red_held[3] = { 0 };
    const ippon_seat_public *me = &v->seats[v->seat];
    for (int i = 0; i < me->n_melds; i++)
        for (int j = 0; j < me->melds[i].n; j++) {
            int code = ippon_tile_code(me->melds[i].tiles[j], rules->red_fives);
            if (ippon_code_is_red(code))
                dora.red[code - IPPON_RED_5M]++;
        }
    for (int i = 0; i < v->n_hand; i++) {
        int code = ippon_tile_code(v->hand[i], rules->red_fives);
        if (ippon_code_is_red(code))
            red_held[code - IPPON_RED_5M]++;
    }
    for (int s = 0; s < 3; s++)
        dora.red[s] = (uint8_t)(dora.red[s] + (red_held[s] < fives_kept[s] ? red_held[s] : fives_kept[s]));
    review_value(&t, hand, melds, n_melds, &dora, unseen, waits, out);
    review_win_inputs in;
    review_win_inputs_of(v, unseen, discard, waits, &in);
    review_value_expect(&in, out);
}

void review_value_of(const ippon_view *v, const ippon_rules *rules, ippon_review_decision *d)
{
    ippon_meld melds[4];
    int n_melds = review_melds_of_view(v, melds);
    for (int i = 0; i < d->n_options; i++) {
        ippon_review_option *o = &d->options[i];
        if (o->shanten != 0)
            continue;
        uint8_t left[IPPON_KINDS];
        memcpy(left, d->pos.concealed, IPPON_KINDS);
        left[o->kind]--;
        uint8_t fives[3] = { left[4], left[13], left[22] };
        review_hand_value(v, rules, left, melds, n_melds, fives, d->pos.unseen, o->kind, &o->value);
    }
}
