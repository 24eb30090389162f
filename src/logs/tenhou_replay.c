/*
 * tenhou_replay.c — one tenhou.net/6 hand replayed through the engine (tenhou_replay.h); moved
 * here from ippon-replay so the fuzz target and the review (src/review) can drive it too; the
 * review watches the turns, and the answers to offers, through two observers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ippon/error.h"
#include "ippon/match.h"
#include "ippon/game_log.h"
#include "ippon/tenhou_replay.h"

struct replay {
    ippon_match *m;
    const tenhou_hand *h;
    int step;
    ippon_event events[1024];
    int n_events;
    tenhou_turn_observer observe;
    tenhou_answer_observer answer;
    void *ctx;
    char error[200];
};

/* an action the log implies but does not record as a step: shown to the answer observer first */
static bool answer(struct replay *r, const ippon_action *a, const char *what);

static bool apply(struct replay *r, const ippon_action *a, const char *what)
{
    ippon_event ev[IPPON_MAX_EVENTS];
    int n = ippon_match_apply(r->m, a, ev, IPPON_MAX_EVENTS);
    if (n < 0) {
        snprintf(r->error, sizeof r->error, "seat %d: %s refused by the engine", a->seat, what);
        return false;
    }
    for (int i = 0; i < n && r->n_events < 1024; i++)
        r->events[r->n_events++] = ev[i];
    return true;
}

/* the log's result names an abortive draw by three rons on one discard (三家和了: Tenhou's 4p
   rules abort the hand, and the log keeps no win) */
static bool log_triple_ron(const json_t *result)
{
    const char *name = json_string_value(json_array_get(result, 0));
    return name && !strcmp(name, ippon_game_log_abort_name(IPPON_ABORT_SANCHAHOU));
}

/* may the seat ron now? */
static bool may_ron(const ippon_match *m, int seat)
{
    ippon_action legal[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(m, seat, legal, IPPON_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (legal[i].type == IPPON_ACT_RON)
            return true;
    return false;
}

/* the seats that won this hand according to the log's result */
static int log_winners(const json_t *result, int *who, int *from)
{
    const char *name = json_string_value(json_array_get(result, 0));
    if (!name || strcmp(name, "和了") != 0)
        return 0;
    int n = 0;
    for (size_t i = 2; i < json_array_size(result) && n < 3; i += 2) {
        const json_t *info = json_array_get(result, i);
        who[n] = (int)json_integer_value(json_array_get(info, 0));
        from[n] = (int)json_integer_value(json_array_get(info, 1));
        n++;
    }
    return n;
}

static bool skip_draws(struct replay *r)
{
    const tenhou_hand *h = r->h;
    while (r->step < h->n_steps && h->steps[r->step].type == TENHOU_DRAW) {
        const tenhou_step *st = &h->steps[r->step];
        int drawn = ippon_match_drawn_tile(r->m, st->seat);
        if (drawn < 0 || ippon_tile_code((ippon_tile)drawn, ippon_match_rules(r->m)->red_fives) != st->tile) {
            snprintf(r->error, sizeof r->error, "seat %d: the engine's draw differs from the log", st->seat);
            return false;
        }
        r->step++;
    }
    return true;
}

static bool play_turn(struct replay *r, int seat)
{
    const tenhou_hand *h = r->h;
    ippon_action a;
    memset(&a, 0, sizeof a);
    a.seat = (int8_t)seat;
    if (r->step >= h->n_steps) {
        int who[3], from[3];
        int n = log_winners(h->result, who, from);
        a.type = (n == 1 && who[0] == seat && from[0] == seat) ? IPPON_ACT_TSUMO : IPPON_ACT_KYUUSHU;
        return answer(r, &a, a.type == IPPON_ACT_TSUMO ? "tsumo" : "kyuushu kyuuhai");
    }
    const tenhou_step *st = &h->steps[r->step++];
    if (st->seat != seat) {
        snprintf(r->error, sizeof r->error, "seat %d: the log has seat %d acting", seat, st->seat);
        return false;
    }
    int drawn = ippon_match_drawn_tile(r->m, seat);
    if (r->observe && r->observe(r->ctx, r->m, st) != 0) {
        snprintf(r->error, sizeof r->error, "seat %d: stopped by the observer", seat);
        return false;
    }
    switch (st->type) {
    case TENHOU_DISCARD:
        a.type = IPPON_ACT_DISCARD;
        a.riichi = st->riichi;
        a.tile = (ippon_tile)(st->tsumogiri ? drawn : ippon_match_find_tile(r->m, seat, st->tile, false));
        return apply(r, &a, st->riichi ? "riichi" : "discard");
    case TENHOU_ANKAN:
        a.type = IPPON_ACT_ANKAN;
        a.tile = (ippon_tile)ippon_match_find_tile(r->m, seat, ippon_code_kind(st->tile), false);
        if (a.tile == 255)
            a.tile = (ippon_tile)ippon_match_find_tile(r->m, seat, st->tile, false);
        return apply(r, &a, "ankan");
    case TENHOU_KAKAN:
        a.type = IPPON_ACT_KAKAN;
        a.tile = (ippon_tile)ippon_match_find_tile(r->m, seat, st->tile, false);
        return apply(r, &a, "kakan");
    case TENHOU_KITA:
        a.type = IPPON_ACT_KITA;
        a.tile = (ippon_tile)ippon_match_find_tile(r->m, seat, IPPON_NORTH, false);
        return apply(r, &a, "kita");
    default:
        snprintf(r->error, sizeof r->error, "seat %d: unexpected step in the log", seat);
        return false;
    }
}

static bool answer_offer(struct replay *r)
{
    const tenhou_hand *h = r->h;
    const ippon_match *m = r->m;
    int players = ippon_match_players(m);
    const tenhou_step *call = r->step < h->n_steps && h->steps[r->step].type >= TENHOU_CHI &&
                                      h->steps[r->step].type <= TENHOU_DAIMINKAN
                                  ? &h->steps[r->step]
                                  : NULL;
    int who[3], from[3];
    int n_win = r->step >= h->n_steps ? log_winners(h->result, who, from) : 0;
    /* the log's last discard was ronned by three: each of them rons (the rules abort the hand) */
    bool triple = r->step >= h->n_steps && log_triple_ron(h->result);
    for (int s = 0; s < players; s++) {
        if (!ippon_match_waiting_for(m, s))
            continue;
        ippon_action a;
        memset(&a, 0, sizeof a);
        a.seat = (int8_t)s;
        a.type = IPPON_ACT_PASS;
        const char *what = "pass";
        for (int i = 0; i < n_win; i++)
            if (who[i] == s && from[i] != s) {
                a.type = IPPON_ACT_RON;
                what = "ron";
            }
        if (triple && may_ron(m, s)) {
            a.type = IPPON_ACT_RON;
            what = "ron (one of three)";
        }
        if (call && call->seat == s) {
            a.type = call->type == TENHOU_CHI ? IPPON_ACT_CHI : call->type == TENHOU_PON ? IPPON_ACT_PON : IPPON_ACT_DAIMINKAN;
            int n_with = a.type == IPPON_ACT_DAIMINKAN ? 3 : 2, taken = -1;
            for (int i = 0; i < n_with; i++) {
                /* distinct copies: look past the ones already used */
                ippon_tile hand[14];
                int n = ippon_match_hand(m, s, hand);
                for (int j = 0; j < n; j++) {
                    bool used = false;
                    for (int k = 0; k < i; k++)
                        used |= a.with[k] == hand[j];
                    if (!used && ippon_tile_code(hand[j], ippon_match_rules(m)->red_fives) == call->with[i]) {
                        taken = hand[j];
                        break;
                    }
                }
                a.with[i] = (ippon_tile)taken;
            }
            what = "call";
            r->step++;
        }
        return answer(r, &a, what); /* one answer at a time: the state may have moved on */
    }
    snprintf(r->error, sizeof r->error, "an offer with nobody to answer");
    return false;
}

static bool answer(struct replay *r, const ippon_action *a, const char *what)
{
    if (r->answer && r->answer(r->ctx, r->m, a) != 0) {
        snprintf(r->error, sizeof r->error, "seat %d: stopped by the observer", a->seat);
        return false;
    }
    return apply(r, a, what);
}

static json_t *win_json(const ippon_event *ev)
{
    const ippon_score *sc = &ev->u.win.score;
    json_t *yaku = json_array();
    for (int i = 0; i < sc->n_yaku; i++) {
        const ippon_yaku_han *y = &sc->yaku[i];
        json_t *han = y->yakuman ? json_string("yakuman") : json_integer(y->han);
        json_array_append_new(yaku, json_pack("[so]", ippon_yaku_tenhou_name(y->yaku), han));
    }
    return json_pack("{s:i,s:i,s:o,s:o,s:o,s:i,s:o}", "who", ev->seat, "from", ev->u.win.from, "pao",
                     sc->n_pao ? json_integer(sc->pao[0].seat) : json_null(), "han",
                     sc->yakuman ? json_null() : json_integer(sc->han), "fu",
                     sc->yakuman ? json_null() : json_integer(sc->fu), "yakuman", sc->yakuman, "yaku", yaku);
}

static json_t *hand_result(const struct replay *r)
{
    json_t *out = json_object();
    int32_t deltas[4] = { 0, 0, 0, 0 };
    json_t *wins = json_array();
    const char *draw = NULL;
    for (int i = 0; i < r->n_events; i++) {
        const ippon_event *ev = &r->events[i];
        if (ev->type == IPPON_EV_WIN) {
            for (int s = 0; s < 4; s++)
                deltas[s] += ev->u.win.score.payments[s];
            json_array_append_new(wins, win_json(ev));
        } else if (ev->type == IPPON_EV_DRAW_END || ev->type == IPPON_EV_ABORT) {
            draw = ev->type == IPPON_EV_DRAW_END ? "流局" : ippon_game_log_abort_name(ev->u.end.kind);
            for (int s = 0; s < 4; s++)
                deltas[s] += ev->u.end.payments[s];
        }
    }
    if (json_array_size(wins))
        json_object_set_new(out, "wins", wins);
    else
        json_decref(wins);
    if (draw)
        json_object_set_new(out, "draw", json_string(draw));
    json_object_set_new(out, "deltas", json_pack("[iiii]", deltas[0], deltas[1], deltas[2], deltas[3]));
    return out;
}

json_t *tenhou_replay_hand(const ippon_rules *rules, const json_t *log, ippon_match *m, tenhou_hand *hp)
{
    return tenhou_replay_hand_observed(rules, log, m, hp, NULL, NULL);
}

json_t *tenhou_replay_hand_observed(const ippon_rules *rules, const json_t *log, ippon_match *m, tenhou_hand *hp,
                                    tenhou_turn_observer observe, void *ctx)
{
    return tenhou_replay_hand_watched(rules, log, m, hp, observe, NULL, ctx);
}

json_t *tenhou_replay_hand_watched(const ippon_rules *rules, const json_t *log, ippon_match *m, tenhou_hand *hp,
                                   tenhou_turn_observer observe, tenhou_answer_observer answer_seen, void *ctx)
{
    char err[200];
    if (tenhou_hand_read(log, rules->players, hp, err, sizeof err) < 0)
        return json_pack("{s:s}", "error", err);
    ippon_tile wall[IPPON_TILE_IDS];
    int n = tenhou_hand_wall(hp, rules, wall);
    if (n < 0)
        return json_pack("{s:s}", "error", "the log's tiles do not fit one wall of these rules");
    ippon_match_init(m, rules, hp->dealer);
    if (ippon_match_setup(m, hp->dealer, hp->round_wind, hp->honba, hp->sticks, hp->scores) < 0)
        return json_pack("{s:s}", "error", "bad header");
    struct replay r = { .m = m, .h = hp, .observe = observe, .answer = answer_seen, .ctx = ctx };
    ippon_event ev[IPPON_MAX_EVENTS];
    if (ippon_match_start_hand(m, wall, n, ev, IPPON_MAX_EVENTS) < 0)
        return json_pack("{s:s}", "error", "the engine refused the wall");
    for (int guard = 0; guard < 4000; guard++) {
        int phase = ippon_match_phase(m);
        bool ok = true;
        if (phase == IPPON_PHASE_TURN) {
            ok = skip_draws(&r) && play_turn(&r, ippon_match_turn(m));
        } else if (phase == IPPON_PHASE_OFFER) {
            ok = answer_offer(&r);
        } else {
            if (r.step < hp->n_steps)
                return json_pack("{s:s}", "error", "the engine ended the hand before the log did");
            return hand_result(&r);
        }
        if (!ok)
            return json_pack("{s:s}", "error", r.error);
    }
    return json_pack("{s:s}", "error", "the hand did not end");
}
