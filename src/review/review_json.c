/*
 * review_json.c — a review written as JSON (ippon_review_json), in the shape src/review/README.md
 * documents ("Output"): the seat, one object per decision with its options (and their danger
 * against each opponent in riichi), and a summary.
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

/* the danger of option i against each opponent in riichi: [{"seat","p","why":[…]}] */
static json_t *danger_json(const ippon_review_decision *d, int i)
{
    json_t *out = json_array();
    for (int j = 0; j < d->n_riichi; j++) {
        const ippon_review_danger *x = &d->danger[i][j];
        json_t *why = json_array();
        for (int b = 0; b < IPPON_DANGER_WHY_COUNT; b++)
            if (x->f.why >> b & 1)
                json_array_append_new(why, json_string(ippon_danger_why_name(b)));
        json_array_append_new(out, json_pack("{s:i,s:o,s:o}", "seat", x->f.opp, "p",
                                             ratio_json(lround(x->p * 1000), 1000), "why", why));
    }
    return out;
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
    if (out && o->shanten == 0)
        json_object_set_new(out, "waits", kinds_json(o->waits));
    if (out)
        json_object_set_new(out, "danger", danger_json(d, i));
    return out;
}

static json_t *decision_json(const ippon_review_decision *d)
{
    char held[64];
    if (ippon_notation_format(d->held, d->n_held, held, sizeof held) < 0)
        held[0] = '\0';
    json_t *options = json_array();
    for (int i = 0; i < d->n_options; i++)
        json_array_append_new(options, option_json(d, i));
    return json_pack("{s:i,s:i,s:s,s:s,s:i,s:o,s:b,s:b,s:o,s:b,s:n}", "hand", d->hand, "turn", d->turn, "kind",
                     "discard", "held", held, "melds", d->pos.melds, "chosen", tile_json(d->chosen), "riichi",
                     d->riichi, "tsumogiri", d->tsumogiri, "options", options, "agrees", ippon_review_agrees(d),
                     "mark");
}

json_t *ippon_review_json(const ippon_review *r)
{
    json_t *decisions = json_array();
    int agreed = 0;
    for (int i = 0; i < r->n_decisions; i++) {
        json_array_append_new(decisions, decision_json(&r->decisions[i]));
        agreed += ippon_review_agrees(&r->decisions[i]);
    }
    return json_pack("{s:i,s:i,s:i,s:o,s:{s:i,s:i,s:o}}", "seat", r->seat, "players", r->players, "hands", r->hands,
                     "decisions", decisions, "summary", "decisions", r->n_decisions, "agreed", agreed, "agreement",
                     r->n_decisions ? ratio_json(agreed, r->n_decisions) : json_null());
}
