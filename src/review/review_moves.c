/*
 * review_moves.c — the decisions beyond discards (src/review/README.md, "Other decisions"), read
 * from the replay's two observers: on the seat's own turn a tsumo it could take, a kan, a kita,
 * a riichi; on an offer a ron it could take or a call it could make; and a hand complete by shape
 * on a tile it could not win on (another's discard: furiten or no yaku; its own draw: no yaku).
 */
#include <stdlib.h>
#include <string.h>

#include "ippon/shanten.h"
#include "review_internal.h"

ippon_review_decision *review_push(ippon_review *r)
{
    if (r->n_decisions == r->cap) {
        int cap = r->cap ? 2 * r->cap : 32;
        ippon_review_decision *d = realloc(r->decisions, (size_t)cap * sizeof *d);
        if (!d)
            return NULL;
        r->decisions = d;
        r->cap = cap;
    }
    ippon_review_decision *d = &r->decisions[r->n_decisions++];
    memset(d, 0, sizeof *d);
    return d;
}

static void held_of(const ippon_view *v, const ippon_rules *rules, ippon_code *held, uint8_t *n_held)
{
    *n_held = v->n_hand;
    for (int i = 0; i < v->n_hand; i++)
        held[i] = (ippon_code)ippon_tile_code(v->hand[i], rules->red_fives);
}

/* a new decision of this kind at the seat's view; NULL if out of memory or the view is bad */
static ippon_review_decision *begin(ippon_review *r, const ippon_rules *rules, int hand, int turn,
                                    const ippon_view *v, int kind)
{
    ippon_review_position pos;
    if (review_position_read(v, rules, &pos) < 0)
        return NULL;
    ippon_review_decision *d = review_push(r);
    if (!d)
        return NULL;
    d->hand = hand;
    d->turn = turn;
    d->kind = (uint8_t)kind;
    d->pos = pos;
    held_of(v, rules, d->held, &d->n_held);
    return d;
}

static review_table table_of(const ippon_view *v, const ippon_rules *rules)
{
    return (review_table){ .rules = rules, .wind = review_wind(v, v->seat), .round_wind = v->round_wind };
}

static bool has_action(const ippon_view *v, int type)
{
    for (int i = 0; i < v->n_legal; i++)
        if (v->legal[i].type == type)
            return true;
    return false;
}

int review_flush_pending(ippon_review *r, int hand, int turn, review_pending *p)
{
    if (!p->set)
        return 0;
    p->set = false;
    ippon_review_decision *d = review_push(r);
    if (!d)
        return -1;
    d->hand = hand;
    d->turn = turn;
    d->kind = IPPON_REVIEW_WIN;
    d->pos = p->pos;
    memcpy(d->held, p->held, sizeof d->held);
    d->n_held = p->n_held;
    d->u.win.tile = p->tile;
    d->u.win.why = p->furiten == IPPON_FURITEN_TEMPORARY   ? IPPON_REVIEW_WHY_FURITEN_TEMPORARY
                   : p->furiten == IPPON_FURITEN_PERMANENT ? IPPON_REVIEW_WHY_FURITEN_PERMANENT
                   : p->furiten == IPPON_FURITEN_RIICHI    ? IPPON_REVIEW_WHY_FURITEN_RIICHI
                                                           : IPPON_REVIEW_WHY_NO_YAKU;
    return 0;
}

/* another seat's discard: is the reviewed seat's hand complete on it? (settled by the offer) */
static int watch_discard(ippon_review *r, const ippon_rules *rules, const ippon_match *m, const tenhou_step *st,
                         review_pending *p)
{
    ippon_furiten furiten;
    int kind = ippon_code_kind(st->tile);
    if (!(ippon_match_seat_waits(m, r->seat, &furiten) >> kind & 1))
        return 0;
    ippon_view v;
    ippon_match_view(m, r->seat, &v);
    if (review_position_read(&v, rules, &p->pos) < 0)
        return -1;
    held_of(&v, rules, p->held, &p->n_held);
    p->tile = (uint8_t)kind;
    p->furiten = (uint8_t)furiten;
    p->set = true;
    return 0;
}

static int kan_decision(ippon_review *r, const ippon_rules *rules, int hand, int turn, const ippon_view *v,
                        const tenhou_step *st)
{
    const ippon_action *kan = NULL;
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *a = &v->legal[i];
        if (a->type != IPPON_ACT_ANKAN && a->type != IPPON_ACT_KAKAN)
            continue;
        bool declared = (st->type == TENHOU_ANKAN || st->type == TENHOU_KAKAN) &&
                        ippon_tile_kind(a->tile) == ippon_code_kind(st->tile);
        if (!kan || declared)
            kan = a;
    }
    if (!kan)
        return 0;
    ippon_review_decision *d = begin(r, rules, hand, turn, v, IPPON_REVIEW_KAN);
    if (!d)
        return -1;
    ippon_review_kan *k = &d->u.kan;
    k->type = kan->type;
    k->tile = (uint8_t)ippon_tile_kind(kan->tile);
    k->declared = (st->type == TENHOU_ANKAN || st->type == TENHOU_KAKAN) && ippon_code_kind(st->tile) == k->tile;
    uint8_t left[IPPON_KINDS];
    memcpy(left, d->pos.concealed, IPPON_KINDS);
    left[k->tile] -= kan->type == IPPON_ACT_ANKAN ? 4 : 1;
    review_figures(left, d->pos.melds + (kan->type == IPPON_ACT_ANKAN), rules, d->pos.unseen, &k->with);
    if (review_best_discard(d->pos.concealed, d->pos.melds, rules, d->pos.unseen, d->pos.legal, &k->without) < 0)
        k->without = k->with; /* no legal discard: nothing to compare */
    return 0;
}

static int riichi_decision(ippon_review *r, const ippon_rules *rules, int hand, int turn, const ippon_view *v,
                           const tenhou_step *st)
{
    ippon_review_decision *d = begin(r, rules, hand, turn, v, IPPON_REVIEW_RIICHI);
    if (!d)
        return -1;
    ippon_review_riichi *ri = &d->u.riichi;
    ri->declared = st->riichi;
    d->chosen = st->tile;
    uint8_t left[IPPON_KINDS];
    memcpy(left, d->pos.concealed, IPPON_KINDS);
    left[ippon_code_kind(st->tile)]--;
    ri->waits = ippon_waits(left, d->pos.melds, rules);
    ri->tenpai = ri->waits != 0;
    ri->wait_count = review_unseen_of(d->pos.unseen, ri->waits);
    ippon_meld melds[4];
    int n = review_melds_of_view(v, melds);
    review_table t = table_of(v, rules);
    ri->dama_yaku = review_ron_has_yaku(&t, left, melds, n, ri->waits);
    return 0;
}

int review_turn_moves(ippon_review *r, const ippon_rules *rules, int hand, int turn, const ippon_match *m,
                      const tenhou_step *st, review_pending *pending)
{
    if (review_flush_pending(r, hand, turn, pending) < 0)
        return -1;
    if (st->seat != r->seat)
        return st->type == TENHOU_DISCARD ? watch_discard(r, rules, m, st, pending) : 0;
    ippon_view v;
    ippon_match_view(m, r->seat, &v);
    int own = turn + 1; /* the discard this turn leads to */
    uint8_t counts[IPPON_KINDS] = { 0 };
    for (int i = 0; i < v.n_hand; i++)
        counts[ippon_tile_kind(v.hand[i])]++;
    bool tsumo = has_action(&v, IPPON_ACT_TSUMO);
    if (tsumo || (v.drawn >= 0 && ippon_shanten(counts, v.seats[v.seat].n_melds, rules) == -1)) {
        /* a tsumo declined (the turn observer never sees one taken), or a complete shape without a yaku */
        ippon_review_decision *d = begin(r, rules, hand, own, &v, IPPON_REVIEW_WIN);
        if (!d)
            return -1;
        d->u.win = (ippon_review_win){ .legal = tsumo, .tsumo = true, .tile = (uint8_t)ippon_tile_kind((ippon_tile)v.drawn),
                                       .why = tsumo ? IPPON_REVIEW_WHY_NONE : IPPON_REVIEW_WHY_NO_YAKU };
    }
    if (kan_decision(r, rules, hand, own, &v, st) < 0)
        return -1;
    if (has_action(&v, IPPON_ACT_KITA)) {
        ippon_review_decision *d = begin(r, rules, hand, own, &v, IPPON_REVIEW_KITA);
        if (!d)
            return -1;
        d->u.kita = st->type == TENHOU_KITA;
    }
    bool riichi = false;
    for (int i = 0; i < v.n_legal; i++)
        riichi |= v.legal[i].type == IPPON_ACT_DISCARD && v.legal[i].riichi;
    if (riichi && st->type == TENHOU_DISCARD && riichi_decision(r, rules, hand, own, &v, st) < 0)
        return -1;
    return 0;
}

/* the kinds of a call's hand tiles, sorted */
static void with_kinds(const ippon_action *a, uint8_t with[3])
{
    int n = a->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
    for (int i = 0; i < 3; i++)
        with[i] = i < n ? (uint8_t)ippon_tile_kind(a->with[i]) : 255;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && with[j] < with[j - 1]; j--) {
            uint8_t x = with[j];
            with[j] = with[j - 1];
            with[j - 1] = x;
        }
}

static bool is_call(int type)
{
    return type == IPPON_ACT_CHI || type == IPPON_ACT_PON || type == IPPON_ACT_DAIMINKAN;
}

/* the figures and yaku of one call (chi or pon: after the best discard kuikae allows) */
static void call_option(const ippon_review_decision *d, const ippon_view *v, const review_table *t,
                        ippon_review_call_option *c)
{
    int called = ippon_tile_kind(v->offer_tile), n_with = c->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
    uint8_t left[IPPON_KINDS];
    memcpy(left, d->pos.concealed, IPPON_KINDS);
    int lowest = called;
    for (int i = 0; i < n_with; i++) {
        left[c->with[i]]--;
        lowest = c->with[i] < lowest ? c->with[i] : lowest;
    }
    ippon_meld melds[4];
    int n = review_melds_of_view(v, melds);
    melds[n++] = (ippon_meld){ .type = (uint8_t)(c->type == IPPON_ACT_CHI ? IPPON_MELD_CHI
                                                 : c->type == IPPON_ACT_PON ? IPPON_MELD_PON
                                                                             : IPPON_MELD_DAIMINKAN),
                               .kind = (uint8_t)lowest, .called = (uint8_t)called,
                               .from = (int8_t)review_wind(v, v->offer_from) };
    if (c->type == IPPON_ACT_DAIMINKAN) {
        review_figures(left, n, t->rules, d->pos.unseen, &c->after);
    } else {
        uint64_t ban = ippon_kuikae_ban(called, c->with[0], c->with[1], c->type == IPPON_ACT_CHI);
        if (review_best_discard(left, n, t->rules, d->pos.unseen, ~ban, &c->after) < 0) {
            c->after.shanten = IPPON_SHANTEN_NONE; /* nothing left to discard: the engine never offers it */
            c->yaku = IPPON_REVIEW_YAKU_NONE;
            return;
        }
        left[c->after.discard]--;
    }
    c->yaku = (uint8_t)review_call_yaku(t, left, melds, n, c->after.shanten);
    if (c->after.shanten == 0) {
        uint8_t fives[3];
        for (int s = 0; s < 3; s++) {
            fives[s] = left[9 * s + 4];
            for (int i = 0; i < n_with; i++)
                fives[s] = (uint8_t)(fives[s] + (c->with[i] == 9 * s + 4));
        }
        review_hand_value(v, t->rules, left, melds, n, fives, d->pos.unseen,
                          c->after.discard == 255 ? -1 : c->after.discard, &c->after.value);
    }
}

static int call_decision(ippon_review *r, const ippon_rules *rules, int hand, int turn, const ippon_view *v,
                         const ippon_action *answer)
{
    ippon_review_decision *d = begin(r, rules, hand, turn, v, IPPON_REVIEW_CALL);
    if (!d)
        return -1;
    ippon_review_call *c = &d->u.call;
    c->tile = (uint8_t)ippon_tile_kind(v->offer_tile);
    c->from = v->offer_from;
    c->chosen = -1;
    review_figures(d->pos.concealed, d->pos.melds, rules, d->pos.unseen, &c->without);
    if (c->without.shanten == 0) {
        ippon_meld melds[4];
        const uint8_t *h = d->pos.concealed, fives[3] = { h[4], h[13], h[22] };
        review_hand_value(v, rules, h, melds, review_melds_of_view(v, melds), fives, d->pos.unseen, -1,
                          &c->without.value);
    }
    review_table t = table_of(v, rules);
    uint8_t chosen[3];
    if (is_call(answer->type))
        with_kinds(answer, chosen);
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *a = &v->legal[i];
        if (!is_call(a->type))
            continue;
        ippon_review_call_option o = { .type = a->type };
        with_kinds(a, o.with);
        bool seen = false;
        for (int j = 0; j < c->n_calls; j++)
            seen |= c->calls[j].type == o.type && !memcmp(c->calls[j].with, o.with, 3);
        if (seen || c->n_calls == IPPON_REVIEW_MAX_CALLS)
            continue;
        call_option(d, v, &t, &o);
        if (is_call(answer->type) && answer->type == o.type && !memcmp(chosen, o.with, 3))
            c->chosen = (int8_t)c->n_calls;
        c->calls[c->n_calls++] = o;
    }
    return 0;
}

int review_answer_moves(ippon_review *r, const ippon_rules *rules, int hand, int turn, const ippon_match *m,
                        const ippon_action *a, review_pending *pending)
{
    bool on_turn = a->type == IPPON_ACT_TSUMO || a->type == IPPON_ACT_KYUUSHU;
    if (on_turn && review_flush_pending(r, hand, turn, pending) < 0)
        return -1;
    if (a->seat != r->seat)
        return 0;
    ippon_view v;
    ippon_match_view(m, r->seat, &v);
    bool tsumo = has_action(&v, IPPON_ACT_TSUMO), ron = has_action(&v, IPPON_ACT_RON);
    if (tsumo || ron) {
        ippon_review_decision *d = begin(r, rules, hand, on_turn ? turn + 1 : turn, &v, IPPON_REVIEW_WIN);
        if (!d)
            return -1;
        int tile = tsumo ? v.drawn : v.offer_tile;
        d->u.win = (ippon_review_win){ .legal = true, .taken = a->type == IPPON_ACT_TSUMO || a->type == IPPON_ACT_RON,
                                       .tsumo = tsumo, .tile = (uint8_t)ippon_tile_kind((ippon_tile)tile) };
        if (ron)
            pending->set = false; /* the shape it was complete on could be taken */
        return 0;
    }
    for (int i = 0; i < v.n_legal; i++)
        if (is_call(v.legal[i].type))
            return call_decision(r, rules, hand, turn, &v, a);
    return 0;
}
