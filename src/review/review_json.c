/*
 * review_json.c — a review written as JSON (ippon_review_json), in the shape src/review/README.md
 * documents ("Output"): the seat, one object per decision (a discard with its options, a tenpai
 * option's value, and their danger against each threatening opponent, or one of the other kinds
 * with its figures) and its mark, and a summary of agreement and marks.
 */
#include <math.h>

#include "ippon/review.h"

/* a tile in short notation ("5m", "0p" for a red five, "7z") */
static json_t *tile_json(int code)
{
    ippon_code c = (ippon_code)code;
    char buf[8];
    return json_string(ippon_notation_format(&c, 1, buf, sizeof buf) > 0 ? buf : "?");
}

/* the kinds of a mask, in kind order */
static json_t *kinds_json(uint64_t mask)
{
    json_t *out = json_array();
    for (; mask; mask &= mask - 1)
        json_array_append_new(out, tile_json(__builtin_ctzll(mask)));
    return out;
}

/* a ratio rounded to three decimals */
static json_t *ratio_json(long num, long den)
{
    return json_real(den > 0 ? (double)((num * 1000 + den / 2) / den) / 1000.0 : 0.0);
}

/* the danger of option i against each threatening opponent: [{"seat","threat","p","why":[…]}] */
static json_t *danger_json(const ippon_review_decision *d, int i)
{
    json_t *out = json_array();
    for (int j = 0; j < d->n_threats; j++) {
        const ippon_review_danger *x = &d->danger[i][j];
        json_t *why = json_array();
        for (int b = 0; b < IPPON_DANGER_WHY_COUNT; b++)
            if (x->f.why >> b & 1)
                json_array_append_new(why, json_string(ippon_danger_why_name(b)));
        json_array_append_new(out, json_pack("{s:i,s:s,s:o,s:o}", "seat", x->f.opp, "threat",
                                             ippon_danger_threat_name(x->f.threat), "p",
                                             ratio_json(lround(x->p * 1000), 1000), "why", why));
    }
    return out;
}

/* one way of playing a tenpai hand: the points of a ron and a tsumo, the win chance, the
   expected value */
static json_t *way_json(int32_t ron, int32_t tsumo, double win, int32_t ev)
{
    return json_pack("{s:i,s:i,s:o,s:i}", "ron", ron, "tsumo", tsumo, "win", ratio_json(lround(win * 1000), 1000),
                     "ev", ev);
}

/* a tenpai option's value: {"dama": {"ron", "tsumo", "win", "ev"} or null, "riichi": … or null,
   "furiten"}, or null when no wait has a copy unseen */
static json_t *value_json(const ippon_review_value *v)
{
    if (!v->known)
        return json_null();
    return json_pack("{s:o,s:o,s:b}", "dama",
                     v->dama ? way_json(v->dama_ron, v->dama_tsumo, v->win_dama, v->ev_dama) : json_null(), "riichi",
                     v->riichi ? way_json(v->riichi_ron, v->riichi_tsumo, v->win_riichi, v->ev_riichi) : json_null(),
                     "furiten", v->furiten);
}

static json_t *option_json(const ippon_review_decision *d, int i)
{
    const ippon_review_option *o = &d->options[i];
    json_t *tiles = json_object();
    char name[8];
    for (uint64_t m = o->ukeire; m; m &= m - 1) {
        ippon_code k = (ippon_code)__builtin_ctzll(m);
        if (ippon_notation_format(&k, 1, name, sizeof name) > 0)
            json_object_set_new(tiles, name, json_integer(d->pos.unseen[k]));
    }
    json_t *out = json_pack("{s:o,s:i,s:{s:i,s:o},s:o,s:b}", "discard", tile_json(o->kind), "shanten", o->shanten,
                            "ukeire", "count", o->ukeire_count, "tiles", tiles, "two_step",
                            o->has_two_step ? ratio_json(o->two_step_sum, o->two_step_weight) : json_null(), "best",
                            ippon_review_is_best(d->options, d->n_options, i));
    if (out && o->shanten == 0) {
        json_object_set_new(out, "waits", kinds_json(o->waits));
        json_object_set_new(out, "value", value_json(&o->value));
    }
    if (out)
        json_object_set_new(out, "danger", danger_json(d, i));
    return out;
}

static const char *const kind_names[] = { "discard", "call", "kan", "kita", "riichi", "win" };
static const char *const category_names[] = { "efficiency", "defence", "call", "riichi", "win" };
static const char *const severity_names[] = { NULL, "small", "clear", "big" };
static const char *const yaku_names[] = { NULL, "tenpai", "yakuhai", "tanyao", "honitsu", "toitoi" };
static const char *const why_names[] = { NULL, "furiten_temporary", "furiten_permanent", "furiten_riichi", "no_yaku" };

static json_t *name_or_null(const char *name)
{
    return name ? json_string(name) : json_null();
}

/* {"count", "tiles": kind → unseen copies} of an ukeire mask */
static json_t *ukeire_json(uint64_t ukeire, int count, const uint8_t unseen[IPPON_KINDS])
{
    json_t *tiles = json_object();
    char name[8];
    for (uint64_t m = ukeire; m; m &= m - 1) {
        ippon_code k = (ippon_code)__builtin_ctzll(m);
        if (ippon_notation_format(&k, 1, name, sizeof name) > 0)
            json_object_set_new(tiles, name, json_integer(unseen[k]));
    }
    return json_pack("{s:i,s:o}", "count", count, "tiles", tiles);
}

/* figures; a call's or a pass's tenpai hand has its value too */
static json_t *figures_json(const ippon_review_figures *f, const uint8_t unseen[IPPON_KINDS], bool valued)
{
    json_t *out = json_pack("{s:i,s:o,s:o}", "shanten", f->shanten, "ukeire",
                            ukeire_json(f->ukeire, f->ukeire_count, unseen), "discard",
                            f->discard == 255 ? json_null() : tile_json(f->discard));
    if (out && valued && f->shanten == 0)
        json_object_set_new(out, "value", value_json(&f->value));
    return out;
}

static const char *action_name(int type)
{
    return type == IPPON_ACT_CHI ? "chi" : type == IPPON_ACT_PON ? "pon" : type == IPPON_ACT_DAIMINKAN ? "daiminkan"
           : type == IPPON_ACT_ANKAN ? "ankan" : "kakan";
}

static void call_fields(json_t *out, const ippon_review_decision *d)
{
    const ippon_review_call *c = &d->u.call;
    json_t *calls = json_array();
    for (int i = 0; i < c->n_calls; i++) {
        const ippon_review_call_option *o = &c->calls[i];
        json_t *with = json_array();
        for (int j = 0; j < 3 && o->with[j] != 255; j++)
            json_array_append_new(with, tile_json(o->with[j]));
        json_array_append_new(calls, json_pack("{s:s,s:o,s:o,s:o}", "type", action_name(o->type), "with", with, "after",
                                               figures_json(&o->after, d->pos.unseen, true), "yaku",
                                               name_or_null(yaku_names[o->yaku])));
    }
    json_object_set_new(out, "tile", tile_json(c->tile));
    json_object_set_new(out, "from", json_integer(c->from));
    json_object_set_new(out, "without", figures_json(&c->without, d->pos.unseen, true));
    json_object_set_new(out, "calls", calls);
    json_object_set_new(out, "chosen", c->chosen < 0 ? json_null() : json_integer(c->chosen));
}

static void kind_fields(json_t *out, const ippon_review_decision *d)
{
    switch (d->kind) {
    case IPPON_REVIEW_CALL:
        call_fields(out, d);
        break;
    case IPPON_REVIEW_KAN:
        json_object_update_new(out, json_pack("{s:s,s:o,s:b,s:o,s:o}", "type", action_name(d->u.kan.type), "tile",
                                              tile_json(d->u.kan.tile), "declared", d->u.kan.declared, "with",
                                              figures_json(&d->u.kan.with, d->pos.unseen, false), "without",
                                              figures_json(&d->u.kan.without, d->pos.unseen, false)));
        break;
    case IPPON_REVIEW_KITA:
        json_object_set_new(out, "declared", json_boolean(d->u.kita));
        break;
    case IPPON_REVIEW_RIICHI:
        json_object_update_new(out, json_pack("{s:o,s:b,s:b,s:o,s:i,s:b}", "chosen", tile_json(d->chosen), "declared", d->u.riichi.declared, "tenpai",
                                              d->u.riichi.tenpai, "waits", kinds_json(d->u.riichi.waits),
                                              "wait_count", d->u.riichi.wait_count, "dama_yaku",
                                              d->u.riichi.dama_yaku));
        break;
    case IPPON_REVIEW_WIN:
        json_object_update_new(out, json_pack("{s:b,s:b,s:b,s:o,s:o}", "legal", d->u.win.legal, "taken",
                                              d->u.win.taken, "tsumo", d->u.win.tsumo, "tile", tile_json(d->u.win.tile),
                                              "why", name_or_null(why_names[d->u.win.why])));
        break;
    default:
        break;
    }
}

static json_t *mark_json(const ippon_review_decision *d)
{
    char en[320], ja[320];
    if (d->mark.severity == IPPON_REVIEW_NO_MARK || ippon_review_mark_text(d, "en", en, sizeof en) < 0 ||
        ippon_review_mark_text(d, "ja", ja, sizeof ja) < 0)
        return json_null();
    return json_pack("{s:s,s:s,s:{s:s,s:s}}", "severity", severity_names[d->mark.severity], "category",
                     category_names[d->mark.category], "text", "en", en, "ja", ja);
}

static json_t *decision_json(const ippon_review_decision *d)
{
    char held[64];
    if (ippon_notation_format(d->held, d->n_held, held, sizeof held) < 0)
        held[0] = '\0';
    if (d->kind != IPPON_REVIEW_DISCARD) {
        json_t *out = json_pack("{s:i,s:i,s:s,s:s,s:i}", "hand", d->hand, "turn", d->turn, "kind", kind_names[d->kind],
                                "held", held, "melds", d->pos.melds);
        if (out) {
            kind_fields(out, d);
            json_object_set_new(out, "agrees", ippon_review_is_choice(d) ? json_boolean(ippon_review_agrees(d)) : json_null());
            json_object_set_new(out, "mark", mark_json(d));
        }
        return out;
    }
    json_t *options = json_array();
    for (int i = 0; i < d->n_options; i++)
        json_array_append_new(options, option_json(d, i));
    return json_pack("{s:i,s:i,s:s,s:s,s:i,s:o,s:b,s:b,s:o,s:b,s:o}", "hand", d->hand, "turn", d->turn, "kind",
                     "discard", "held", held, "melds", d->pos.melds, "chosen", tile_json(d->chosen), "riichi",
                     d->riichi, "tsumogiri", d->tsumogiri, "options", options, "agrees", ippon_review_agrees(d),
                     "mark", mark_json(d));
}

/* the order of "biggest": worse severity first, then category (win, defence, call, riichi,
   efficiency), then the earlier decision */
static const int category_rank[] = { [IPPON_REVIEW_WINS] = 0, [IPPON_REVIEW_DEFENCE] = 1, [IPPON_REVIEW_CALLS] = 2,
                                      [IPPON_REVIEW_RIICHIS] = 3, [IPPON_REVIEW_EFFICIENCY] = 4 };

static bool bigger(const ippon_review_decision *a, const ippon_review_decision *b)
{
    if (a->mark.severity != b->mark.severity)
        return a->mark.severity > b->mark.severity;
    return category_rank[a->mark.category] < category_rank[b->mark.category];
}

static json_t *summary_json(const ippon_review *r)
{
    ippon_review_summary sum;
    ippon_review_summarize(r, &sum);
    int kind_choices[6] = { 0 }, kind_agreed[6] = { 0 }, biggest[3], n_big = 0;
    for (int i = 0; i < r->n_decisions; i++) {
        const ippon_review_decision *d = &r->decisions[i];
        if (ippon_review_is_choice(d)) {
            kind_choices[d->kind]++;
            kind_agreed[d->kind] += ippon_review_agrees(d);
        }
        if (d->mark.severity == IPPON_REVIEW_NO_MARK)
            continue;
        /* insert into the three biggest so far (a later equal one stays behind) */
        int at = n_big;
        while (at > 0 && bigger(d, &r->decisions[biggest[at - 1]]))
            at--;
        if (at < 3) {
            for (int j = (n_big < 3 ? n_big : 2); j > at; j--)
                biggest[j] = biggest[j - 1];
            biggest[at] = i;
            n_big += n_big < 3;
        }
    }
    json_t *kinds = json_object(), *categories = json_object(), *severities = json_object(), *big = json_array();
    for (int k = 0; k < 6; k++)
        json_object_set_new(kinds, kind_names[k], json_pack("{s:i,s:i}", "decisions", kind_choices[k], "agreed",
                                                            kind_agreed[k]));
    for (int c = 0; c < IPPON_REVIEW_CATEGORIES; c++)
        json_object_set_new(categories, category_names[c], json_integer(sum.by_category[c]));
    for (int s = IPPON_REVIEW_SMALL; s <= IPPON_REVIEW_BIG; s++)
        json_object_set_new(severities, severity_names[s], json_integer(sum.by_severity[s]));
    for (int i = 0; i < n_big; i++)
        json_array_append_new(big, json_integer(biggest[i]));
    return json_pack("{s:i,s:i,s:o,s:o,s:{s:o,s:o},s:o}", "decisions", sum.decisions, "agreed", sum.agreed,
                     "agreement", sum.decisions ? ratio_json(sum.agreed, sum.decisions) : json_null(), "by_kind", kinds, "marks", "by_category",
                     categories, "by_severity", severities, "biggest", big);
}

json_t *ippon_review_json(const ippon_review *r)
{
    json_t *decisions = json_array();
    for (int i = 0; i < r->n_decisions; i++)
        json_array_append_new(decisions, decision_json(&r->decisions[i]));
    return json_pack("{s:i,s:i,s:i,s:o,s:o}", "seat", r->seat, "players", r->players, "hands", r->hands, "decisions",
                     decisions, "summary", summary_json(r));
}
