/*
 * bot.c — the bot's decisions (bot.h): win when it can; on its turn, kita, then a kan that
 * costs nothing, then riichi or the best discard (efficiency, or safety when folding); on an
 * offer, a call only when it brings the hand closer and keeps a yaku. The styles: plain reads
 * the table as if nobody threatened and discards without the tie-break of live tiles;
 * tsumogiri discards the tile it drew.
 */
#include <string.h>

#include "ippon/bot.h"
#include "bot_internal.h"
#include "ippon/shanten.h"

/* a discard's score: lower shanten first, then more ukeire, then less value kept */
struct discard_score {
    int shanten, ukeire, keep, danger;
};

static bool better(const struct discard_score *a, const struct discard_score *b, bool folding)
{
    if (folding && a->danger != b->danger)
        return a->danger < b->danger;
    if (a->shanten != b->shanten)
        return a->shanten < b->shanten;
    if (!folding && a->danger != b->danger && (a->danger >= 50 || b->danger >= 50))
        return a->danger < b->danger;
    if (a->ukeire != b->ukeire)
        return a->ukeire > b->ukeire;
    return a->keep < b->keep;
}

/* folding: against a riichi with a hand two or more steps away (one, with few tiles left) */
static bool should_fold(const struct bot_table *t)
{
    if (t->n_threats == 0 || t->view->seats[t->view->seat].riichi)
        return false;
    return t->shanten >= 2 || (t->shanten == 1 && (t->view->live_tiles < 40 || t->n_threats >= 2));
}

static const ippon_action *choose_discard(struct bot_table *t, bool riichi_only)
{
    const ippon_view *v = t->view;
    bool folding = !riichi_only && should_fold(t);
    const int8_t *after = bot_shanten_after_all(t);
    /* the candidates in the order of the legal list, and the lowest shanten among them */
    uint8_t at[IPPON_MAX_LEGAL], kind[IPPON_MAX_LEGAL];
    int n = 0, least = IPPON_SHANTEN_NONE;
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *a = &v->legal[i];
        if (a->type != IPPON_ACT_DISCARD || a->riichi != riichi_only)
            continue;
        int k = ippon_tile_kind(a->tile);
        at[n] = (uint8_t)i;
        kind[n++] = (uint8_t)k;
        least = after[k] < least ? after[k] : least;
    }
    uint64_t kinds_at_least = 0; /* the kinds that reach it */
    for (int c = 0; c < n; c++)
        kinds_at_least |= (uint64_t)(after[kind[c]] == least) << kind[c];
    int at_least = __builtin_popcountll(kinds_at_least);
    bool tie_break = at_least > 1 && !t->plain_discards; /* needed only among several kinds */
    if (tie_break && least <= 1) /* the tie-break below needs the ukeire of every one of them */
        bot_ukeire_prepare(t, kinds_at_least);
    const ippon_action *best = NULL;
    struct discard_score best_score = { 0, 0, 0, 0 };
    for (int c = 0; c < n; c++) {
        int k = kind[c];
        struct discard_score sc = { after[k], 0, bot_keep_value(t, k), t->n_threats ? bot_danger(t, k) : 0 };
        if (best && !folding && sc.shanten > best_score.shanten && sc.danger >= best_score.danger)
            continue;
        /* near tenpai the exact count of improving tiles decides (it costs ~20 shanten lookups);
           further away, how well the tile connects with the hand is a good and cheap guide */
        if (sc.shanten == least && tie_break)
            sc.ukeire = sc.shanten <= 1 ? bot_ukeire_without(t, k) : -bot_connectivity(t, k);
        if (!best || better(&sc, &best_score, folding)) {
            best = &v->legal[at[c]];
            best_score = sc;
        }
    }
    return best;
}

static bool is_value_honor(const ippon_view *v, int kind)
{
    return ippon_kind_is_dragon(kind) || kind == IPPON_EAST + v->round_wind ||
           kind == IPPON_EAST + v->seats[v->seat].wind;
}

/* whether the hand, after this call, keeps a likely yaku */
static bool call_keeps_yaku(const struct bot_table *t, const ippon_action *a, int called_kind)
{
    const ippon_view *v = t->view;
    const ippon_seat_public *me = &v->seats[v->seat];
    if (a->type != IPPON_ACT_CHI && is_value_honor(v, called_kind))
        return true;
    for (int i = 0; i < me->n_melds; i++)
        if (me->melds[i].type != IPPON_MELD_CHI && is_value_honor(v, ippon_tile_kind(me->melds[i].tiles[0])))
            return true;
    for (int k = 27; k < IPPON_KINDS; k++)
        if (is_value_honor(v, k) && t->counts[k] >= 2)
            return true; /* a value pair still to pon */
    /* tanyao: the call and almost all of the hand simple */
    int yaochu = 0, per_suit[4] = { 0, 0, 0, 0 };
    for (int k = 0; k < IPPON_KINDS; k++) {
        yaochu += ippon_kind_is_yaochu(k) ? t->counts[k] : 0;
        per_suit[ippon_kind_suit(k)] += t->counts[k];
    }
    bool melds_simple = true;
    for (int i = 0; i < me->n_melds; i++)
        for (int j = 0; j < me->melds[i].n; j++)
            melds_simple &= ippon_kind_is_simple(ippon_tile_kind(me->melds[i].tiles[j]));
    int lo = called_kind, hi = called_kind;
    if (a->type == IPPON_ACT_CHI)
        for (int j = 0; j < 2; j++) {
            int k = ippon_tile_kind(a->with[j]);
            lo = k < lo ? k : lo;
            hi = k > hi ? k : hi;
        }
    bool call_simple = ippon_kind_is_simple(lo) && ippon_kind_is_simple(hi);
    if (t->rules->open_tanyao && melds_simple && call_simple && yaochu <= 1)
        return true;
    /* honitsu: one suit (plus honors) dominates */
    int suit = ippon_kind_suit(called_kind);
    if (suit < 3 && per_suit[suit] + per_suit[3] >= v->n_hand - 2)
        return true;
    return false;
}

static const ippon_action *choose_call(const struct bot_table *t)
{
    const ippon_view *v = t->view;
    const ippon_action *best = NULL;
    int best_shanten = t->shanten;
    int called = ippon_tile_kind(v->offer_tile);
    if (t->n_threats > 0 && t->shanten >= 2)
        return NULL; /* no calls while folding */
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *a = &v->legal[i];
        if (a->type != IPPON_ACT_PON && a->type != IPPON_ACT_CHI && a->type != IPPON_ACT_DAIMINKAN)
            continue;
        uint8_t c[IPPON_KINDS];
        memcpy(c, t->counts, IPPON_KINDS);
        int used = a->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
        for (int j = 0; j < used; j++)
            c[ippon_tile_kind(a->with[j])]--;
        int after;
        if (a->type == IPPON_ACT_DAIMINKAN) {
            after = ippon_shanten(c, t->melds + 1, t->rules);
            if (after > t->shanten || !call_keeps_yaku(t, a, called))
                continue;
        } else {
            /* the hand after the call still has to discard: a 3k+2 count gives that shanten */
            after = ippon_shanten(c, t->melds + 1, t->rules);
            if (after >= best_shanten || !call_keeps_yaku(t, a, called))
                continue;
        }
        best = a;
        best_shanten = after;
    }
    return best;
}

static const ippon_action *choose_kan_or_kita(struct bot_table *t)
{
    const ippon_view *v = t->view;
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *a = &v->legal[i];
        if (a->type == IPPON_ACT_KITA)
            return a;
        if (a->type != IPPON_ACT_ANKAN && a->type != IPPON_ACT_KAKAN)
            continue;
        if (v->seats[v->seat].riichi)
            return a; /* legal in riichi only when it keeps the waits */
        int k = ippon_tile_kind(a->tile);
        uint8_t c[IPPON_KINDS];
        memcpy(c, t->counts, IPPON_KINDS);
        int removed = a->type == IPPON_ACT_ANKAN ? 4 : 1;
        c[k] -= (uint8_t)removed;
        int melds = t->melds + (a->type == IPPON_ACT_ANKAN ? 1 : 0);
        /* the hand after the kan (before the replacement draw) must be as ready as the best discard */
        int best_discard = IPPON_SHANTEN_NONE;
        for (int j = 0; j < IPPON_KINDS; j++)
            if (t->counts[j] && bot_shanten_after(t, j) < best_discard)
                best_discard = bot_shanten_after(t, j);
        if (ippon_shanten(c, melds, t->rules) <= best_discard && t->n_threats == 0)
            return a;
    }
    return NULL;
}

/* tsumogiri: the drawn tile, plainly (no riichi; the legal list names one copy of each code, so
   the drawn copy is put in its place); without one, the last plain discard offered; on an offer, pass */
static ippon_action choose_tsumogiri(const ippon_view *v, const ippon_rules *rules)
{
    const ippon_action *last = NULL;
    int drawn_code = v->drawn >= 0 ? ippon_tile_code((ippon_tile)v->drawn, rules->red_fives) : -1;
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *a = &v->legal[i];
        if (a->type == IPPON_ACT_PASS)
            return *a;
        if (a->type != IPPON_ACT_DISCARD || a->riichi)
            continue;
        if (ippon_tile_code(a->tile, rules->red_fives) == drawn_code) {
            ippon_action own = *a;
            own.tile = (ippon_tile)v->drawn;
            return own;
        }
        last = a;
    }
    return last ? *last : v->legal[0];
}

int ippon_bot_choose(const ippon_view *v, const ippon_rules *rules, ippon_action *out)
{
    return ippon_bot_choose_styled(v, rules, IPPON_BOT_STANDARD, out);
}

int ippon_bot_choose_styled(const ippon_view *v, const ippon_rules *rules, ippon_bot_style style, ippon_action *out)
{
    if (v->n_legal == 0 || style < IPPON_BOT_STANDARD || style >= IPPON_BOT_STYLES)
        return -1;
    /* one pass over the legal actions: where each type first appears, and riichi discards */
    int first[IPPON_ACT_TYPES];
    bool riichi_discards = false;
    for (int i = 0; i < IPPON_ACT_TYPES; i++)
        first[i] = -1;
    for (int i = v->n_legal - 1; i >= 0; i--) {
        const ippon_action *l = &v->legal[i];
        if (l->type < IPPON_ACT_TYPES)
            first[l->type] = i;
        riichi_discards |= l->type == IPPON_ACT_DISCARD && l->riichi;
    }
    int win = first[IPPON_ACT_TSUMO] >= 0 ? first[IPPON_ACT_TSUMO] : first[IPPON_ACT_RON];
    if (win >= 0) {
        *out = v->legal[win];
        return 0;
    }
    if (style == IPPON_BOT_TSUMOGIRI) {
        *out = choose_tsumogiri(v, rules);
        return 0;
    }
    struct bot_table t;
    bot_table_read(&t, v, rules);
    if (style == IPPON_BOT_PLAIN) {
        /* blind to threats: no folding, no danger, calls and kans as if nobody were in riichi;
           and among the discards of least shanten, the one of least kept value */
        memset(t.threat, 0, sizeof t.threat);
        t.n_threats = 0;
        t.plain_discards = true;
    }
    if (v->phase == IPPON_PHASE_OFFER) {
        const ippon_action *a = choose_call(&t);
        *out = a ? *a : v->legal[first[IPPON_ACT_PASS]];
        return 0;
    }
    if (first[IPPON_ACT_KYUUSHU] >= 0 && t.shanten >= 3) {
        *out = v->legal[first[IPPON_ACT_KYUUSHU]];
        return 0;
    }
    const ippon_action *a = NULL;
    if (first[IPPON_ACT_KITA] >= 0 || first[IPPON_ACT_ANKAN] >= 0 || first[IPPON_ACT_KAKAN] >= 0)
        a = choose_kan_or_kita(&t);
    if (!a && riichi_discards && !should_fold(&t)) {
        /* riichi when the wait has at least two live tiles; a worse wait stays dama */
        a = choose_discard(&t, true);
        if (a && bot_ukeire_without(&t, ippon_tile_kind(a->tile)) < 2)
            a = NULL;
    }
    if (!a)
        a = choose_discard(&t, false);
    *out = a ? *a : v->legal[0];
    return 0;
}
