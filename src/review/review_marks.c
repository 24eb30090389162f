/*
 * review_marks.c — the mark of a decision (src/review/README.md, "Marks"): each measure the review
 * knows gives a severity in its category, and the decision keeps the worst; and the mark's
 * sentence in English and Japanese, written from the decision's own figures.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "review_internal.h"

/* the option of a discard decision for this kind, and the first best option */
static const ippon_review_option *option_of(const ippon_review_decision *d, int kind)
{
    for (int i = 0; i < d->n_options; i++)
        if (d->options[i].kind == kind)
            return &d->options[i];
    return NULL;
}

static const ippon_review_option *best_of(const ippon_review_decision *d)
{
    for (int i = 0; i < d->n_options; i++)
        if (ippon_review_is_best(d->options, d->n_options, i))
            return &d->options[i];
    return NULL;
}

/* the least shanten among a discard decision's options */
static int least_shanten(const ippon_review_decision *d)
{
    int least = 99;
    for (int i = 0; i < d->n_options; i++)
        if (d->options[i].shanten < least)
            least = d->options[i].shanten;
    return least;
}

/* whether a discard against a threat (riichi or open) is safer than every option best by
   efficiency: a defensive choice, which the defence measure judges instead of efficiency */
static bool defensive(const ippon_review_decision *d, const ippon_review_option *c)
{
    if (d->n_threats == 0)
        return false;
    double chosen = review_deal_in(d, (int)(c - d->options));
    for (int i = 0; i < d->n_options; i++)
        if (ippon_review_is_best(d->options, d->n_options, i) && review_deal_in(d, i) <= chosen)
            return false;
    return true;
}

/* the expected value of a tenpai option: the better of dama and riichi ("Win chance"), or 0 */
static int32_t option_ev(const ippon_review_option *o)
{
    const ippon_review_value *v = &o->value;
    if (o->shanten != 0 || !v->known || (!v->dama && !v->riichi))
        return 0;
    if (v->dama && v->riichi)
        return v->ev_dama > v->ev_riichi ? v->ev_dama : v->ev_riichi;
    return v->dama ? v->ev_dama : v->ev_riichi;
}

/* the tenpai option of the highest expected value, or NULL */
static const ippon_review_option *richest_of(const ippon_review_decision *d)
{
    const ippon_review_option *r = NULL;
    for (int i = 0; i < d->n_options; i++)
        if (d->options[i].shanten == 0 && (!r || option_ev(&d->options[i]) > option_ev(r)))
            r = &d->options[i];
    return r;
}

enum { WAIT_VALUE_FLOOR = 500 }; /* below this expected value a wait's choice is not marked */

/* the wait's value: a tenpai discard whose expected value is at least 40 % below the richest tenpai
   option's = clear, at least 20 % = small, when that one is worth WAIT_VALUE_FLOOR or more; none
   on a defensive choice */
static int wait_value(const ippon_review_decision *d)
{
    const ippon_review_option *c = option_of(d, ippon_code_kind(d->chosen)), *r = richest_of(d);
    if (d->kind != IPPON_REVIEW_DISCARD || !c || !r || c->shanten != 0 || defensive(d, c))
        return IPPON_REVIEW_NO_MARK;
    long best = option_ev(r), lost = best - option_ev(c);
    if (best < WAIT_VALUE_FLOOR || lost <= 0)
        return IPPON_REVIEW_NO_MARK;
    return lost * 100 >= 40 * best ? IPPON_REVIEW_CLEAR : lost * 100 >= 20 * best ? IPPON_REVIEW_SMALL
                                                                                   : IPPON_REVIEW_NO_MARK;
}

/* the tiles' shape: a discard leaving more shanten than the best = big; the same shanten with an
   unseen ukeire at least 40 % below the best's = clear, at least 20 % = small; none on a defensive
   choice (above). A kan that leaves more shanten than the best discard instead = clear. */
static int shape(const ippon_review_decision *d)
{
    if (d->kind == IPPON_REVIEW_KAN)
        return d->u.kan.declared && d->u.kan.with.shanten > d->u.kan.without.shanten ? IPPON_REVIEW_CLEAR
                                                                                       : IPPON_REVIEW_NO_MARK;
    if (d->kind != IPPON_REVIEW_DISCARD)
        return IPPON_REVIEW_NO_MARK;
    const ippon_review_option *c = option_of(d, ippon_code_kind(d->chosen)), *b = best_of(d);
    if (!c || !b || defensive(d, c))
        return IPPON_REVIEW_NO_MARK;
    if (c->shanten > b->shanten)
        return IPPON_REVIEW_BIG;
    long lost = (long)b->ukeire_count - c->ukeire_count;
    return lost * 100 >= 40L * b->ukeire_count && lost > 0   ? IPPON_REVIEW_CLEAR
           : lost * 100 >= 20L * b->ukeire_count && lost > 0 ? IPPON_REVIEW_SMALL
                                                              : IPPON_REVIEW_NO_MARK;
}

/* efficiency: the worse of the shape and the wait's value */
static int efficiency(const ippon_review_decision *d)
{
    int a = shape(d), b = wait_value(d);
    return a > b ? a : b;
}

/* the option defence compares a discard against threats with: the safest (least review_deal_in,
   then the first) of all the options when the least shanten is 2 or more (folding is right), else
   of those keeping the least shanten; −1 with no threat */
static int defence_reference(const ippon_review_decision *d)
{
    if (d->kind != IPPON_REVIEW_DISCARD || d->n_threats == 0)
        return -1;
    int least = least_shanten(d), ref = -1;
    for (int i = 0; i < d->n_options; i++)
        if ((least >= 2 || d->options[i].shanten == least) && (ref < 0 || review_deal_in(d, i) < review_deal_in(d, ref)))
            ref = i;
    return ref;
}

/* the chosen option's index, or −1 */
static int chosen_index(const ippon_review_decision *d)
{
    const ippon_review_option *c = option_of(d, ippon_code_kind(d->chosen));
    return c ? (int)(c - d->options) : -1;
}

/* defence: the chosen discard's deal-in chance above the reference's by at least 10 points = big,
   7 = clear, 4 = small (compared in tenths of a point, rounded) */
static int defence(const ippon_review_decision *d)
{
    int ref = defence_reference(d), c = chosen_index(d);
    if (ref < 0 || c < 0)
        return IPPON_REVIEW_NO_MARK;
    long gap = lround((review_deal_in(d, c) - review_deal_in(d, ref)) * 1000.0);
    return gap >= 100 ? IPPON_REVIEW_BIG : gap >= 70 ? IPPON_REVIEW_CLEAR : gap >= 40 ? IPPON_REVIEW_SMALL
                                                                                     : IPPON_REVIEW_NO_MARK;
}

/* call: a call after which no yaku is in reach (review_yaku.c) = big */
static int call(const ippon_review_decision *d)
{
    const ippon_review_call *c = &d->u.call;
    return d->kind == IPPON_REVIEW_CALL && c->chosen >= 0 && c->calls[c->chosen].yaku == IPPON_REVIEW_YAKU_NONE
               ? IPPON_REVIEW_BIG
               : IPPON_REVIEW_NO_MARK;
}

/* riichi: dama on a closed tenpai hand none of whose waits wins by ron with a yaku = clear */
static int riichi(const ippon_review_decision *d)
{
    const ippon_review_riichi *r = &d->u.riichi;
    return d->kind == IPPON_REVIEW_RIICHI && !r->declared && r->tenpai && !r->dama_yaku ? IPPON_REVIEW_CLEAR
                                                                                          : IPPON_REVIEW_NO_MARK;
}

/* win: a legal ron or tsumo declined = big */
static int win(const ippon_review_decision *d)
{
    return d->kind == IPPON_REVIEW_WIN && d->u.win.legal && !d->u.win.taken ? IPPON_REVIEW_BIG : IPPON_REVIEW_NO_MARK;
}

static const struct {
    int category;
    int (*measure)(const ippon_review_decision *d);
} measures[] = {
    { IPPON_REVIEW_WINS, win },
    { IPPON_REVIEW_DEFENCE, defence },
    { IPPON_REVIEW_CALLS, call },
    { IPPON_REVIEW_RIICHIS, riichi },
    { IPPON_REVIEW_EFFICIENCY, efficiency },
};

ippon_review_mark ippon_review_mark_of(const ippon_review_decision *d)
{
    ippon_review_mark worst = { IPPON_REVIEW_NO_MARK, IPPON_REVIEW_EFFICIENCY };
    for (size_t i = 0; i < sizeof measures / sizeof measures[0]; i++) {
        int s = measures[i].measure(d);
        if (s > worst.severity)
            worst = (ippon_review_mark){ (uint8_t)s, (uint8_t)measures[i].category };
    }
    return worst;
}

/* ---- sentences ---- */

struct text {
    char *buf;
    size_t cap, len;
    bool ja;
};

static void put(struct text *t, const char *en, const char *ja, ...)
{
    va_list ap;
    va_start(ap, ja);
    size_t room = t->len < t->cap ? t->cap - t->len : 0;
    int n = vsnprintf(t->buf + t->len, room, t->ja ? ja : en, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

static const char *tile_name(int kind, char buf[8])
{
    ippon_code c = (ippon_code)kind;
    return ippon_notation_format(&c, 1, buf, 8) > 0 ? buf : "?";
}

/* kinds in short notation: "5s-8s" / "5s・8s" */
static const char *kinds_name(uint64_t kinds, bool ja, char *buf, size_t cap)
{
    char k[8];
    size_t n = 0;
    buf[0] = '\0';
    for (uint64_t m = kinds; m && n < cap; m &= m - 1)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? (ja ? "・" : "-") : "", tile_name(__builtin_ctzll(m), k));
    return buf;
}

/* "2-shanten" / "2シャンテン", "tenpai" / "テンパイ" */
static const char *shanten_name(int shanten, bool ja, char buf[24])
{
    if (shanten <= 0)
        return ja ? "テンパイ" : "tenpai";
    snprintf(buf, 24, ja ? "%dシャンテン" : "%d-shanten", shanten);
    return buf;
}

static void efficiency_text(struct text *t, const ippon_review_decision *d)
{
    char a[8], b[8], sa[24], sb[24];
    if (d->kind == IPPON_REVIEW_KAN) {
        const ippon_review_kan *k = &d->u.kan;
        put(t, "A kan of %s leaves %s; discarding %s instead would keep %s.",
            "%sをカンすると%s、代わりに%sを切れば%s。", tile_name(k->tile, a), shanten_name(k->with.shanten, t->ja, sa),
            tile_name(k->without.discard, b), shanten_name(k->without.shanten, t->ja, sb));
        return;
    }
    const ippon_review_option *c = option_of(d, ippon_code_kind(d->chosen)), *best = best_of(d);
    if (wait_value(d) > shape(d)) {
        const ippon_review_option *r = richest_of(d);
        char wa[64], wb[64];
        put(t, "Discarding %s waits on %s%s for an expected %d points; %s would wait on %s%s for %d.",
            "%sを切ると待ち%s%sで期待値%d点、%sなら待ち%s%sで%d点。", tile_name(c->kind, a),
            kinds_name(c->waits, t->ja, wa, sizeof wa), c->value.furiten ? (t->ja ? "（フリテン）" : " (furiten)") : "",
            option_ev(c), tile_name(r->kind, b), kinds_name(r->waits, t->ja, wb, sizeof wb),
            r->value.furiten ? (t->ja ? "（フリテン）" : " (furiten)") : "", option_ev(r));
        return;
    }
    put(t, "Discarding %s keeps %s with %d tiles; %s would keep %s with %d.",
        "%sを切ると%s・受け入れ%d枚、%sなら%s・%d枚。", tile_name(c->kind, a), shanten_name(c->shanten, t->ja, sa),
        c->ukeire_count, tile_name(best->kind, b), shanten_name(best->shanten, t->ja, sb), best->ukeire_count);
}

/* the seats of one kind of threat: "seat 2" / "席2", "seats 1 and 3" / "席1・席3"; how many */
static int threat_seats(const ippon_review_decision *d, int threat, bool ja, char *buf, size_t cap)
{
    int count = 0, k = 0;
    for (int j = 0; j < d->n_threats; j++)
        count += d->danger[0][j].f.threat == threat;
    size_t n = (size_t)snprintf(buf, cap, ja ? "" : count > 1 ? "seats " : "seat ");
    for (int j = 0; j < d->n_threats && n < cap; j++) {
        if (d->danger[0][j].f.threat != threat)
            continue;
        const char *sep = k == 0 ? "" : ja ? "・" : k == count - 1 ? " and " : ", ";
        n += (size_t)snprintf(buf + n, cap - n, ja ? "%s席%d" : "%s%d", sep, d->danger[0][j].f.opp);
        k++;
    }
    return count;
}

/* "the riichi of seat 2", "the open hand of seat 1", both joined by "and" / "席2のリーチ", "席1の仕掛け" */
static void threats_text(const ippon_review_decision *d, bool ja, char *buf, size_t cap)
{
    char riichi[48], open[48];
    int n_riichi = threat_seats(d, IPPON_THREAT_RIICHI, ja, riichi, sizeof riichi);
    int n_open = threat_seats(d, IPPON_THREAT_OPEN, ja, open, sizeof open);
    size_t n = 0;
    buf[0] = '\0';
    if (n_riichi)
        n = (size_t)snprintf(buf, cap, ja ? "%sのリーチ" : "the riichi of %s", riichi);
    if (n_open && n < cap)
        snprintf(buf + n, cap - n, ja ? "%s%sの仕掛け" : "%sthe open hand%s of %s", n ? (ja ? "と" : " and ") : "",
                 ja ? open : n_open > 1 ? "s" : "", ja ? "" : open);
}

static void defence_text(struct text *t, const ippon_review_decision *d)
{
    int ref = defence_reference(d), c = chosen_index(d), least = least_shanten(d);
    char threats[128], a[8], b[8], sh[24];
    threats_text(d, t->ja, threats, sizeof threats);
    put(t, "Against %s, %s deals in %.1f %% of the time; ", "%sに対し%sの放銃率は%.1f%%。", threats,
        tile_name(d->options[c].kind, a), review_deal_in(d, c) * 100.0);
    if (least >= 2)
        put(t, "at %s folding is right, and %s would deal in %.1f %%.", "%sならオリが正解で、%sなら%.1f%%。",
            shanten_name(least, t->ja, sh), tile_name(d->options[ref].kind, b), review_deal_in(d, ref) * 100.0);
    else
        put(t, "%s keeps %s and would deal in %.1f %%.", "%sなら%sのままで%.1f%%。", tile_name(d->options[ref].kind, b),
            shanten_name(least, t->ja, sh), review_deal_in(d, ref) * 100.0);
}

static void call_text(struct text *t, const ippon_review_decision *d)
{
    const ippon_review_call *c = &d->u.call;
    const ippon_review_call_option *o = &c->calls[c->chosen];
    char a[8];
    static const char *en[] = { [IPPON_ACT_CHI] = "chi", [IPPON_ACT_PON] = "pon", [IPPON_ACT_DAIMINKAN] = "kan" };
    static const char *ja[] = { [IPPON_ACT_CHI] = "チー", [IPPON_ACT_PON] = "ポン", [IPPON_ACT_DAIMINKAN] = "カン" };
    put(t, "The %s of %s leaves no yaku in reach: no yakuhai, and no all-simples, one-suit or all-triplets hand "
           "near enough.",
        "%sの%sで役がなくなる：役牌がなく、タンヤオ・混一色・対々和にも遠い。", t->ja ? tile_name(c->tile, a) : en[o->type],
        t->ja ? ja[o->type] : tile_name(c->tile, a));
}

static void riichi_text(struct text *t, const ippon_review_decision *d)
{
    const ippon_review_riichi *r = &d->u.riichi;
    char waits[64];
    kinds_name(r->waits, t->ja, waits, sizeof waits);
    put(t, "Dama on a tenpai hand without a yaku (waits %s, %d tiles) can only win by tsumo; riichi would give it one.",
        "役なしテンパイ（待ち%s・%d枚）のダマはツモでしか和了れない。リーチで役がつく。", waits, r->wait_count);
}

static void win_text(struct text *t, const ippon_review_decision *d)
{
    char a[8];
    put(t, "A legal %s on %s was declined; in ippon's single-hand play the first win ends the match.",
        "%sの%sを見逃した。一局勝負では最初の和了で対局が終わる。", t->ja ? tile_name(d->u.win.tile, a) : d->u.win.tsumo ? "tsumo" : "ron",
        t->ja ? (d->u.win.tsumo ? "ツモ" : "ロン") : tile_name(d->u.win.tile, a));
}

int ippon_review_mark_text(const ippon_review_decision *d, const char *lang, char *buf, size_t cap)
{
    ippon_review_mark mk = ippon_review_mark_of(d);
    if (!buf || cap == 0 || !lang || (strcmp(lang, "en") && strcmp(lang, "ja")) || mk.severity == IPPON_REVIEW_NO_MARK)
        return -1;
    struct text t = { .buf = buf, .cap = cap, .ja = !strcmp(lang, "ja") };
    buf[0] = '\0';
    switch (mk.category) {
    case IPPON_REVIEW_WINS: win_text(&t, d); break;
    case IPPON_REVIEW_DEFENCE: defence_text(&t, d); break;
    case IPPON_REVIEW_CALLS: call_text(&t, d); break;
    case IPPON_REVIEW_RIICHIS: riichi_text(&t, d); break;
    default: efficiency_text(&t, d); break;
    }
    return t.len < cap ? (int)t.len : -1;
}
