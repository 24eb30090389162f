/*
 * review_danger_rows.c — the data the danger model is fitted and checked on (ippon_danger_rows):
 * a game replayed through the engine, and at every discard decision of any seat while another
 * seat threatens (in riichi, or an open hand that looks tenpai), one CSV row per (legal kind,
 * threatening opponent) with the features, the model's inputs and probability, and what the engine
 * knows: whether that kind would deal in (the label) and whether the opponent is tenpai.
 */
#include <stdio.h>
#include <string.h>

#include "review_internal.h"

struct rows {
    const char *game_id;
    const ippon_rules *rules;
    ippon_danger_watch watch;
    int hand;
    FILE *out;
};

static void start_hand(void *ctx, int hand)
{
    struct rows *r = ctx;
    r->hand = hand;
    ippon_danger_watch_start(&r->watch);
}

/* whether a ron on kind by opp's hand as it stands counts a yaku (an open hand may have none; a
   riichi always has one) */
static bool ron_has_yaku(const ippon_match *m, const ippon_rules *rules, int opp, int kind)
{
    ippon_view o;
    ippon_match_view(m, opp, &o);
    uint8_t hand[IPPON_KINDS] = { 0 };
    for (int i = 0; i < o.n_hand; i++)
        hand[ippon_tile_kind(o.hand[i])]++;
    ippon_meld melds[4];
    int n_melds = review_melds_of_view(&o, melds);
    review_table t = { .rules = rules, .wind = review_wind(&o, opp), .round_wind = o.round_wind };
    return review_ron_has_yaku(&t, hand, melds, n_melds, UINT64_C(1) << kind);
}

/* the label: the kind completes opp's hand, opp may ron it (no furiten of any kind) and, for an
   open threat, the ron counts a yaku (a riichi's always does) */
static int deals_in(const ippon_match *m, const ippon_rules *rules, const ippon_danger_features *f)
{
    ippon_furiten furiten;
    uint64_t waits = ippon_match_seat_waits(m, f->opp, &furiten);
    return furiten == IPPON_FURITEN_NONE && (waits >> f->kind & 1) &&
           (f->threat == IPPON_THREAT_RIICHI || ron_has_yaku(m, rules, f->opp, f->kind));
}

/* whether opp's hand is tenpai (has waits, furiten or not): what "looks tenpai" is checked against */
static int tenpai(const ippon_match *m, int opp)
{
    ippon_furiten furiten;
    return ippon_match_seat_waits(m, opp, &furiten) != 0;
}

static void row(struct rows *r, const ippon_match *m, const ippon_view *v, int opp, int kind)
{
    ippon_danger_features f;
    ippon_danger_features_of(v, &r->watch, r->rules, opp, kind, &f);
    double x[IPPON_DANGER_INPUTS];
    ippon_danger_inputs(&f, x);
    fprintf(r->out, "%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%u,%s,%d,%d,%d,%d,%d", r->game_id, r->hand, v->seat, opp, kind,
            f.cls, f.visible, f.riichi_turn, f.since, f.live_kinds, (unsigned)f.why,
            ippon_danger_threat_name(f.threat), f.calls, f.turn, f.since_call, f.shape, tenpai(m, opp));
    for (int i = 0; i < IPPON_DANGER_INPUTS; i++)
        fprintf(r->out, ",%.6g", x[i]);
    fprintf(r->out, ",%.6f,%d\n", ippon_danger_p(&f), deals_in(m, r->rules, &f));
}

static int observe(void *ctx, const ippon_match *m, const tenhou_step *st)
{
    struct rows *r = ctx;
    ippon_view v;
    ippon_match_view(m, st->seat, &v);
    ippon_danger_watch_see(&r->watch, &v);
    if (st->type != TENHOU_DISCARD)
        return 0;
    uint8_t opps[IPPON_MAX_PLAYERS - 1];
    int n_opps = ippon_danger_opponents(&v, &r->watch, opps);
    ippon_review_position pos;
    if (n_opps == 0 || ippon_review_position_from_view(&v, r->rules, &pos) < 0 || __builtin_popcountll(pos.legal) < 2)
        return 0;
    for (uint64_t legal = pos.legal; legal; legal &= legal - 1)
        for (int j = 0; j < n_opps; j++)
            row(r, m, &v, opps[j], __builtin_ctzll(legal));
    return 0;
}

int ippon_danger_rows(const json_t *game, const char *game_id, const ippon_rules *rules, bool header, FILE *out,
                      char *err, size_t err_cap)
{
    if (header) {
        fputs("game,hand,seat,opp,kind,cls,visible,riichi_turn,since,live_kinds,why,threat,calls,turn,since_call,shape,"
              "tenpai",
              out);
        for (int i = 0; i < IPPON_DANGER_INPUTS; i++)
            fprintf(out, ",x:%s", ippon_danger_input_names[i]);
        fputs(",p,label\n", out);
    }
    if (review_game_players(game, rules, err, err_cap) < 0)
        return -1;
    struct rows r = { .game_id = game_id, .rules = rules, .out = out };
    review_walker wk = { .observe = observe, .start_hand = start_hand, .ctx = &r };
    int hands = 0;
    return review_game_replay(game, rules, &wk, &hands, err, err_cap);
}
