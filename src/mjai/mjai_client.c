/*
 * mjai_client.c — an AI's side of one seat (mjai_client.h): the mjai messages the seat receives
 * read into its ippon_view, as ippon_match_view would give it. Every tile seen gets an id of its
 * code (mjai_client.h, "Tiles") and keeps it on its way from hand to pond to meld. A message is
 * checked against the state as it is read; a refused one leaves the state as it was.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/error.h"
#include "mjai_client_internal.h"
#include "mjai_fields.h"

typedef struct reading {
    mjai_reading in; /* the message and where its refusal's reason goes */
    mjai_client_state *st;
} reading;

int mjai_client_code(const mjai_client_state *st, int tile)
{
    return ippon_tile_code((ippon_tile)tile, st->rules.red_fives);
}

int mjai_client_hand_find(const mjai_client_state *st, int code, int avoid)
{
    const ippon_view *v = &st->view;
    int fallback = -1;
    for (int i = 0; i < v->n_hand; i++)
        if (mjai_client_code(st, v->hand[i]) == code) {
            if (v->hand[i] != avoid)
                return v->hand[i];
            fallback = v->hand[i];
        }
    return fallback;
}

/* ---- fields ---- */

static bool int_field(reading *r, const char *name, int lo, int hi, int *out)
{
    const json_t *v = json_object_get(r->in.msg, name);
    *out = 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return mjai_refuse(&r->in, "%s must be an integer from %d to %d", name, lo, hi);
    *out = (int)json_integer_value(v);
    return true;
}

static bool actor_field(reading *r, const char *name, int *out)
{
    return int_field(r, name, 0, r->st->view.players - 1, out);
}

/* a tile's code from an mjai string (a red five read as plain where the rules have none), or -1
   for what is not a tile of these rules */
static int code_of_text(const mjai_client_state *st, const json_t *value)
{
    int code = mjai_tile_code(value, st->rules.red_fives);
    return code >= 0 && ippon_rules_has_kind(&st->rules, ippon_code_kind(code)) ? code : -1;
}

static bool tile_field(reading *r, const json_t *value, const char *name, int *code)
{
    if ((*code = code_of_text(r->st, value)) < 0)
        return mjai_refuse(&r->in, "%s is not a tile of these rules", name);
    return true;
}

/* "consumed": n tiles of these rules, as codes in the order given */
static bool consumed_field(reading *r, int n, int *codes)
{
    if (!mjai_consumed(&r->in, n, r->st->rules.red_fives, codes))
        return false;
    for (int i = 0; i < n; i++)
        if (!ippon_rules_has_kind(&r->st->rules, ippon_code_kind(codes[i])))
            return mjai_refuse(&r->in, "a consumed tile is not a tile of these rules");
    return true;
}

/* ---- tiles ---- */

/* a fresh id for a tile of this code seen for the first time this hand, or -1 when every copy
   of it has been seen already */
static int new_id(reading *r, int code)
{
    mjai_client_state *st = r->st;
    int kind = ippon_code_kind(code);
    bool red_rule = kind < 27 && kind % 9 == 4 && st->rules.red_fives[kind / 9];
    int first = ippon_code_is_red(code) ? 0 : red_rule ? 1 : 0, last = ippon_code_is_red(code) ? 0 : 3;
    for (int c = first; c <= last; c++)
        if (!(st->copies[kind] >> c & 1)) {
            st->copies[kind] |= (uint8_t)(1u << c);
            return kind * 4 + c;
        }
    mjai_refuse(&r->in, "more copies of %s than the wall holds", ippon_code_to_mjai(code));
    return -1;
}

static void hand_add(mjai_client_state *st, int tile)
{
    ippon_view *v = &st->view;
    int i = v->n_hand;
    while (i > 0 && v->hand[i - 1] > tile) {
        v->hand[i] = v->hand[i - 1];
        i--;
    }
    v->hand[i] = (ippon_tile)tile;
    v->n_hand++;
}

static void hand_remove(mjai_client_state *st, int tile)
{
    ippon_view *v = &st->view;
    for (int i = 0; i < v->n_hand; i++)
        if (v->hand[i] == tile) {
            memmove(&v->hand[i], &v->hand[i + 1], (size_t)(v->n_hand - i - 1));
            v->n_hand--;
            return;
        }
}

/* the id of a tile of this code that leaves `actor`'s hand: from the own hand (the tile drawn
   only when `drawn_one`, or when no other copy is held), a fresh id for another seat's */
static int leaving(reading *r, int actor, int code, bool drawn_one)
{
    mjai_client_state *st = r->st;
    if (actor != st->id)
        return new_id(r, code);
    int drawn = st->view.drawn;
    int t = drawn_one && drawn >= 0 && mjai_client_code(st, drawn) == code ? drawn
                                                                           : mjai_client_hand_find(st, code, drawn);
    if (t < 0)
        mjai_refuse(&r->in, "%s is not in the seat's hand", ippon_code_to_mjai(code));
    else
        hand_remove(st, t);
    return t;
}

static void offer(mjai_client_state *st, int from, int tile)
{
    st->view.phase = IPPON_PHASE_OFFER;
    st->view.turn = (uint8_t)from;
    st->view.offer_from = (int8_t)from;
    st->view.offer_tile = (ippon_tile)tile;
    st->view.drawn = -1;
}

static void turn(mjai_client_state *st, int seat)
{
    st->view.phase = IPPON_PHASE_TURN;
    st->view.turn = (uint8_t)seat;
    st->view.offer_from = -1;
    st->view.offer_tile = 255;
}

/* ---- messages ---- */

static bool start_game(reading *r, ippon_mjai_client *c)
{
    mjai_client_state *st = r->st;
    const json_t *names = json_object_get(r->in.msg, "names");
    size_t players = json_array_size(names);
    if (players != 3 && players != 4)
        return mjai_refuse(&r->in, "start_game: names must list 3 or 4 players");
    if (c->rules_fixed && st->rules.players != players)
        return mjai_refuse(&r->in, "start_game: %zu players, but the rules are for %d", players, st->rules.players);
    if (!c->rules_fixed) {
        st->rules = *ippon_rules_preset(players == 4 ? "yonma" : "sanma");
        st->have_rules = true;
    }
    ippon_rules rules = st->rules;
    memset(st, 0, sizeof *st);
    st->rules = rules;
    st->have_rules = true;
    st->view.players = (uint8_t)players;
    if (!actor_field(r, "id", &st->id))
        return false;
    st->view.seat = (uint8_t)st->id;
    st->view.hand_number = -1;
    st->started = true;
    return true;
}

static bool dora_marker(reading *r, const json_t *value)
{
    ippon_view *v = &r->st->view;
    int code, id;
    if (v->n_dora >= 5)
        return mjai_refuse(&r->in, "more than 5 dora indicators");
    if (!tile_field(r, value, "dora_marker", &code) || (id = new_id(r, code)) < 0)
        return false;
    v->dora[v->n_dora++] = (ippon_tile)id;
    return true;
}

static bool int_list(reading *r, const char *name, int32_t *out, bool add)
{
    const json_t *list = json_object_get(r->in.msg, name);
    int players = r->st->view.players;
    if (!json_is_array(list) || json_array_size(list) != (size_t)players)
        return mjai_refuse(&r->in, "%s must list %d integers", name, players);
    for (int s = 0; s < players; s++) {
        const json_t *x = json_array_get(list, (size_t)s);
        if (!json_is_integer(x) || json_integer_value(x) < -10000000 || json_integer_value(x) > 10000000)
            return mjai_refuse(&r->in, "%s must list %d integers", name, players);
        out[s] = (int32_t)(add ? out[s] + json_integer_value(x) : json_integer_value(x));
    }
    return true;
}

static bool start_kyoku(reading *r)
{
    mjai_client_state *st = r->st;
    ippon_view *v = &st->view;
    if (!st->started)
        return mjai_refuse(&r->in, "start_kyoku before start_game");
    const char *bakaze = json_string_value(json_object_get(r->in.msg, "bakaze"));
    const char *winds = "ESWN";
    if (!bakaze || strlen(bakaze) != 1 || !strchr(winds, bakaze[0]))
        return mjai_refuse(&r->in, "bakaze must be E, S, W or N");
    int oya, honba, kyotaku, hand_number = v->hand_number;
    int32_t points[IPPON_MAX_PLAYERS] = { 0 };
    for (int s = 0; s < v->players; s++) /* without scores (gimite/mjai sends none): as they stand */
        points[s] = hand_number < 0 ? st->rules.start_points : v->seats[s].points;
    if (!actor_field(r, "oya", &oya) || !int_field(r, "honba", 0, 1000, &honba) ||
        !int_field(r, "kyotaku", 0, 1000, &kyotaku) ||
        (json_object_get(r->in.msg, "scores") && !int_list(r, "scores", points, false)))
        return false;
    const json_t *tehais = json_object_get(r->in.msg, "tehais");
    const json_t *own = json_array_get(tehais, (size_t)st->id);
    if (json_array_size(tehais) != v->players || json_array_size(own) != 13)
        return mjai_refuse(&r->in, "tehais must list %d hands, the seat's own of 13 tiles", v->players);
    /* a new hand: the view of the seat alone, every tile unseen */
    int players = v->players;
    memset(v, 0, sizeof *v);
    memset(st->copies, 0, sizeof st->copies);
    memset(st->reach_pending, 0, sizeof st->reach_pending);
    st->interrupted = st->after_call = false;
    st->kans = 0;
    st->kuikae = 0;
    v->seat = (uint8_t)st->id;
    v->players = (uint8_t)players;
    v->dealer = (uint8_t)oya;
    v->round_wind = (uint8_t)(strchr(winds, bakaze[0]) - winds);
    v->honba = honba;
    v->sticks = kyotaku;
    v->hand_number = hand_number + 1;
    v->live_tiles = ippon_rules_live_tiles(&st->rules);
    v->drawn = -1;
    v->offer_from = -1;
    v->offer_tile = 255;
    turn(st, oya);
    for (int s = 0; s < players; s++) {
        v->seats[s].points = points[s];
        v->seats[s].wind = (uint8_t)((s - oya + players) % players);
        v->seats[s].n_concealed = 13;
    }
    for (size_t i = 0; i < 13; i++) {
        int code, id;
        if (!tile_field(r, json_array_get(own, i), "a tile of the seat's tehai", &code) || (id = new_id(r, code)) < 0)
            return false;
        hand_add(st, id);
    }
    if (!dora_marker(r, json_object_get(r->in.msg, "dora_marker")))
        return false;
    st->in_hand = true;
    return true;
}

static bool tsumo(reading *r, bool *decide)
{
    mjai_client_state *st = r->st;
    ippon_view *v = &st->view;
    int actor;
    if (!actor_field(r, "actor", &actor))
        return false;
    if (v->seats[actor].n_concealed % 3 != 1 || v->live_tiles <= 0)
        return mjai_refuse(&r->in, "tsumo: seat %d holds %d tiles, %d live tiles left", actor, v->seats[actor].n_concealed,
                      v->live_tiles);
    if (actor == st->id) {
        int code, id;
        if (!tile_field(r, json_object_get(r->in.msg, "pai"), "pai", &code) || (id = new_id(r, code)) < 0)
            return false;
        hand_add(st, id);
        v->drawn = (int16_t)id;
        *decide = true;
    } else {
        v->drawn = -1;
    }
    v->seats[actor].n_concealed++;
    v->live_tiles--;
    st->after_call = false;
    turn(st, actor);
    return true;
}

static bool dahai(reading *r, bool *decide)
{
    mjai_client_state *st = r->st;
    ippon_view *v = &st->view;
    int actor, code;
    if (!actor_field(r, "actor", &actor) || !tile_field(r, json_object_get(r->in.msg, "pai"), "pai", &code))
        return false;
    const json_t *tg = json_object_get(r->in.msg, "tsumogiri");
    ippon_seat_public *p = &v->seats[actor];
    if (p->n_concealed % 3 != 2 || p->n_discards >= IPPON_MAX_DISCARDS)
        return mjai_refuse(&r->in, "dahai: seat %d holds %d tiles", actor, p->n_concealed);
    int id = leaving(r, actor, code, json_is_true(tg));
    if (id < 0)
        return false;
    uint8_t flags = json_is_true(tg) ? IPPON_DISCARD_TSUMOGIRI : 0;
    if (st->reach_pending[actor]) {
        flags |= IPPON_DISCARD_RIICHI;
        p->riichi = true;
        p->double_riichi = !st->interrupted && p->n_discards == 0;
        st->reach_pending[actor] = false;
    }
    p->discards[p->n_discards++] = (ippon_discard){ .tile = (ippon_tile)id, .flags = flags };
    p->n_concealed--;
    if (actor == st->id)
        st->after_call = false;
    offer(st, actor, id);
    *decide = actor != st->id;
    return true;
}

static bool meld_room(reading *r, int actor)
{
    if (r->st->view.seats[actor].n_melds >= 4)
        return mjai_refuse(&r->in, "seat %d has four melds already", actor);
    return true;
}

/* whether a call's tiles make its set: a run of three kinds in one suit from the seat before
   (rules with chi), or the called kind two or three times */
static bool makes_set(const mjai_client_state *st, int type, int actor, int target, int called, const int *codes)
{
    int ck = ippon_code_kind(called), a = ippon_code_kind(codes[0]), b = ippon_code_kind(codes[1]);
    if (type != IPPON_MELD_CHI)
        return a == ck && b == ck && (type != IPPON_MELD_DAIMINKAN || ippon_code_kind(codes[2]) == ck);
    int lo = ck < a ? (ck < b ? ck : b) : (a < b ? a : b), hi = ck > a ? (ck > b ? ck : b) : (a > b ? a : b);
    return st->rules.chi && (target + 1) % st->view.players == actor && ck < 27 && a / 9 == ck / 9 &&
           b / 9 == ck / 9 && a != b && a != ck && b != ck && hi - lo == 2;
}

/* chi, pon, daiminkan: the target's last discard and tiles of the actor's hand */
static bool call(reading *r, int type, bool *decide)
{
    mjai_client_state *st = r->st;
    ippon_view *v = &st->view;
    int actor, target, called, n = type == IPPON_MELD_DAIMINKAN ? 3 : 2, codes[3], ids[3];
    if (!actor_field(r, "actor", &actor) || !actor_field(r, "target", &target) || !meld_room(r, actor) ||
        !tile_field(r, json_object_get(r->in.msg, "pai"), "pai", &called) || !consumed_field(r, n, codes))
        return false;
    ippon_seat_public *from = &v->seats[target], *p = &v->seats[actor];
    if (target == actor || !from->n_discards || v->phase != IPPON_PHASE_OFFER || v->offer_from != target)
        return mjai_refuse(&r->in, "a call must take the last discard of another seat");
    ippon_discard *d = &from->discards[from->n_discards - 1];
    if (mjai_client_code(st, d->tile) != called)
        return mjai_refuse(&r->in, "pai must be the tile discarded, %s", ippon_code_to_mjai(mjai_client_code(st, d->tile)));
    if (p->n_concealed < n + 1)
        return mjai_refuse(&r->in, "seat %d holds too few tiles for the call", actor);
    if (!makes_set(st, type, actor, target, called, codes))
        return mjai_refuse(&r->in, "the consumed tiles do not make a %s with pai from seat %d", type == IPPON_MELD_CHI ? "chi" : "set",
                      target);
    for (int i = 0; i < n; i++)
        if ((ids[i] = leaving(r, actor, codes[i], false)) < 0)
            return false;
    d->flags |= IPPON_DISCARD_CALLED;
    ippon_meld_tiles *mt = &p->melds[p->n_melds++];
    memset(mt, 0, sizeof *mt);
    mt->type = (uint8_t)type;
    mt->n = (uint8_t)(n + 1);
    for (int i = 0; i < n; i++)
        mt->tiles[i] = (ippon_tile)ids[i];
    mt->tiles[n] = mt->called = d->tile;
    mt->added = 255;
    mt->from = (int8_t)target;
    if (type == IPPON_MELD_DAIMINKAN)
        mt->kan_seq = ++st->kans;
    p->n_concealed = (uint8_t)(p->n_concealed - n);
    st->interrupted = true;
    turn(st, actor);
    v->drawn = -1;
    if (actor == st->id && type != IPPON_MELD_DAIMINKAN) {
        st->after_call = true;
        st->kuikae = ippon_kuikae_ban(ippon_code_kind(called), ippon_code_kind(codes[0]), ippon_code_kind(codes[1]),
                                      type == IPPON_MELD_CHI);
        *decide = true;
    }
    return true;
}

static bool ankan(reading *r, bool *decide)
{
    mjai_client_state *st = r->st;
    ippon_view *v = &st->view;
    int actor, codes[4], ids[4];
    if (!actor_field(r, "actor", &actor) || !meld_room(r, actor) || !consumed_field(r, 4, codes))
        return false;
    int kind = ippon_code_kind(codes[0]);
    for (int i = 1; i < 4; i++)
        if (ippon_code_kind(codes[i]) != kind)
            return mjai_refuse(&r->in, "ankan: consumed must be four tiles of one kind");
    ippon_seat_public *p = &v->seats[actor];
    if (p->n_concealed % 3 != 2)
        return mjai_refuse(&r->in, "ankan: seat %d is not on turn", actor);
    for (int i = 0; i < 4; i++)
        if ((ids[i] = leaving(r, actor, codes[i], false)) < 0)
            return false;
    if (actor == st->id) /* the core lays an own ankan from the hand's end: ids falling */
        for (int i = 1; i < 4; i++)
            for (int j = i; j > 0 && ids[j - 1] < ids[j]; j--) {
                int x = ids[j];
                ids[j] = ids[j - 1];
                ids[j - 1] = x;
            }
    ippon_meld_tiles *mt = &p->melds[p->n_melds++];
    memset(mt, 0, sizeof *mt);
    mt->type = IPPON_MELD_ANKAN;
    mt->n = 4;
    for (int i = 0; i < 4; i++)
        mt->tiles[i] = (ippon_tile)ids[i];
    mt->called = mt->added = 255;
    mt->from = -1;
    mt->kan_seq = ++st->kans;
    p->n_concealed = (uint8_t)(p->n_concealed - 4);
    st->interrupted = true;
    offer(st, actor, ids[3]);
    *decide = actor != st->id;
    return true;
}

static bool kakan(reading *r, bool *decide)
{
    mjai_client_state *st = r->st;
    ippon_view *v = &st->view;
    int actor, code;
    if (!actor_field(r, "actor", &actor) || !tile_field(r, json_object_get(r->in.msg, "pai"), "pai", &code))
        return false;
    ippon_seat_public *p = &v->seats[actor];
    ippon_meld_tiles *mt = NULL;
    for (int i = 0; i < p->n_melds && !mt; i++)
        if (p->melds[i].type == IPPON_MELD_PON && ippon_tile_kind(p->melds[i].tiles[0]) == ippon_code_kind(code))
            mt = &p->melds[i];
    if (!mt || p->n_concealed % 3 != 2)
        return mjai_refuse(&r->in, "kakan: seat %d has no pon of %s to add to on its turn", actor, ippon_code_to_mjai(code));
    int id = leaving(r, actor, code, true);
    if (id < 0)
        return false;
    mt->type = IPPON_MELD_KAKAN;
    mt->n = 4;
    mt->tiles[3] = mt->added = (ippon_tile)id;
    mt->kan_seq = ++st->kans;
    p->n_concealed--;
    st->interrupted = true;
    offer(st, actor, id);
    *decide = actor != st->id;
    return true;
}

static bool kita(reading *r, bool *decide)
{
    mjai_client_state *st = r->st;
    ippon_view *v = &st->view;
    int actor;
    if (!st->rules.kita)
        return mjai_refuse(&r->in, "kita under rules without it");
    if (!actor_field(r, "actor", &actor))
        return false;
    const json_t *pai = json_object_get(r->in.msg, "pai");
    if (pai && code_of_text(st, pai) != IPPON_NORTH)
        return mjai_refuse(&r->in, "kita sets aside N");
    ippon_seat_public *p = &v->seats[actor];
    if (p->n_kita >= 4 || p->n_concealed % 3 != 2)
        return mjai_refuse(&r->in, "kita: seat %d is not on turn or has four Norths aside", actor);
    int id = leaving(r, actor, IPPON_NORTH, true);
    if (id < 0)
        return false;
    p->kita[p->n_kita++] = (ippon_tile)id;
    p->n_concealed--;
    st->interrupted = true;
    offer(st, actor, id);
    *decide = actor != st->id;
    return true;
}

static bool reach(reading *r, bool *echo)
{
    mjai_client_state *st = r->st;
    int actor;
    if (!actor_field(r, "actor", &actor))
        return false;
    if (st->view.seats[actor].riichi || st->view.seats[actor].n_concealed % 3 != 2)
        return mjai_refuse(&r->in, "reach: seat %d is in riichi already or not on turn", actor);
    st->reach_pending[actor] = true;
    *echo = actor == st->id;
    return true;
}

static bool reach_accepted(reading *r)
{
    mjai_client_state *st = r->st;
    int actor;
    if (!actor_field(r, "actor", &actor))
        return false;
    if (!st->view.seats[actor].riichi)
        return mjai_refuse(&r->in, "reach_accepted: seat %d did not declare riichi", actor);
    st->view.seats[actor].points -= st->rules.riichi_stick;
    st->view.sticks++;
    return true;
}

/* hora and ryukyoku: the hand is over; the points are the scores, or move by the deltas (when given) */
static bool hand_end(reading *r, bool win)
{
    mjai_client_state *st = r->st;
    int32_t points[IPPON_MAX_PLAYERS];
    for (int s = 0; s < st->view.players; s++)
        points[s] = st->view.seats[s].points;
    if (json_object_get(r->in.msg, "scores") ? !int_list(r, "scores", points, false)
                                          : json_object_get(r->in.msg, "deltas") && !int_list(r, "deltas", points, true))
        return false;
    for (int s = 0; s < st->view.players; s++)
        st->view.seats[s].points = points[s];
    if (win)
        st->view.sticks = 0;
    st->view.phase = IPPON_PHASE_NEED_WALL;
    st->view.drawn = -1;
    st->view.offer_from = -1;
    st->view.offer_tile = 255;
    return true;
}

/* the message read into the state; *decide: it asks the seat a decision */
static bool read_message(reading *r, ippon_mjai_client *c, const char *type, bool *decide, bool *echo)
{
    mjai_client_state *st = r->st;
    if (!strcmp(type, "start_game"))
        return start_game(r, c);
    if (!st->started)
        return mjai_refuse(&r->in, "%s before start_game", type);
    if (!strcmp(type, "start_kyoku"))
        return start_kyoku(r);
    if (!strcmp(type, "end_game")) {
        st->over = true;
        st->in_hand = false;
        st->view.phase = IPPON_PHASE_OVER;
        return true;
    }
    if (!strcmp(type, "end_kyoku")) {
        st->in_hand = false;
        return true;
    }
    if (!st->in_hand)
        return mjai_refuse(&r->in, "%s outside a hand", type);
    if (!strcmp(type, "tsumo"))
        return tsumo(r, decide);
    if (!strcmp(type, "dahai"))
        return dahai(r, decide);
    if (!strcmp(type, "reach"))
        return reach(r, echo);
    if (!strcmp(type, "reach_accepted"))
        return reach_accepted(r);
    if (!strcmp(type, "chi"))
        return call(r, IPPON_MELD_CHI, decide);
    if (!strcmp(type, "pon"))
        return call(r, IPPON_MELD_PON, decide);
    if (!strcmp(type, "daiminkan"))
        return call(r, IPPON_MELD_DAIMINKAN, decide);
    if (!strcmp(type, "ankan"))
        return ankan(r, decide);
    if (!strcmp(type, "kakan"))
        return kakan(r, decide);
    if (!strcmp(type, "kita") || !strcmp(type, "nukidora"))
        return kita(r, decide);
    if (!strcmp(type, "dora"))
        return dora_marker(r, json_object_get(r->in.msg, "dora_marker"));
    if (!strcmp(type, "hora"))
        return hand_end(r, true);
    if (!strcmp(type, "ryukyoku"))
        return hand_end(r, false);
    return mjai_refuse(&r->in, "unknown message type \"%.40s\"", type);
}

ippon_mjai_client *ippon_mjai_client_new(const ippon_rules *rules)
{
    ippon_mjai_client *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->st.id = -1;
    if (rules) {
        c->st.rules = *rules;
        c->st.have_rules = c->rules_fixed = true;
    }
    return c;
}

void ippon_mjai_client_free(ippon_mjai_client *c)
{
    if (!c)
        return;
    json_decref(c->possible);
    free(c->line);
    free(c);
}

const ippon_view *ippon_mjai_client_view(const ippon_mjai_client *c) { return &c->st.view; }
const ippon_rules *ippon_mjai_client_rules(const ippon_mjai_client *c) { return c->st.have_rules ? &c->st.rules : NULL; }
int ippon_mjai_client_id(const ippon_mjai_client *c) { return c->st.id; }
bool ippon_mjai_client_over(const ippon_mjai_client *c) { return c->st.over; }

int ippon_mjai_client_read(ippon_mjai_client *c, const char *line, char *error, size_t cap)
{
    if (cap)
        error[0] = '\0';
    json_error_t jerr;
    json_t *msg = json_loads(line, JSON_REJECT_DUPLICATES, &jerr);
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (type && (!strcmp(type, "error") || !strcmp(type, "resume"))) {
        json_decref(msg);
        return IPPON_MJAI_CLIENT_SILENT;
    }
    mjai_client_state saved = c->st;
    reading r = { .in = { .msg = msg, .error = error, .cap = cap }, .st = &c->st };
    bool decide = false, echo = false, ok;
    const json_t *possible = json_object_get(msg, "possible_actions");
    c->st.deciding = c->st.echo = false;
    c->st.view.n_legal = 0;
    if (!msg)
        ok = mjai_refuse(&r.in, "malformed JSON: %s", jerr.text);
    else if (!type)
        ok = mjai_refuse(&r.in, "a message is a JSON object with a type");
    else if (possible && !json_is_array(possible))
        ok = mjai_refuse(&r.in, "possible_actions must be an array");
    else
        ok = read_message(&r, c, type, &decide, &echo);
    /* another seat's tile is a decision only when something is offered */
    if (ok && decide && c->st.view.phase == IPPON_PHASE_OFFER && !json_array_size(possible))
        decide = false;
    if (ok && decide)
        ok = mjai_client_legal(&c->st, json_array_size(possible) ? possible : NULL, error, cap);
    if (!ok) {
        c->st = saved;
        c->st.deciding = c->st.echo = false;
        c->st.view.n_legal = 0;
        json_decref(msg);
        for (size_t i = 0; cap && error[i]; i++) /* printable ASCII: it may quote the line */
            if ((unsigned char)error[i] < 0x20 || (unsigned char)error[i] > 0x7e)
                error[i] = '?';
        return IPPON_MJAI_CLIENT_BAD;
    }
    c->st.deciding = decide;
    c->st.echo = echo;
    if (!echo)
        c->st.pending[0] = '\0';
    json_decref(c->possible);
    c->possible = decide && json_array_size(possible) ? json_incref((json_t *)possible) : NULL;
    json_decref(msg);
    return decide ? IPPON_MJAI_CLIENT_DECIDE : IPPON_MJAI_CLIENT_ANSWER;
}
