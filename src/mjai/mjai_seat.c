/*
 * mjai_seat.c — one seat's mjai stream (mjai.h): the match's events in, the messages that seat's AI
 * may see out. The messages are built by mjai_event.c (as the logs build theirs); this file masks
 * what the seat may not see (the other seats' dealt tiles and draws), keeps the seat's own tiles
 * by id (for the answers: mjai_answer.c), and puts "possible_actions" on the message the seat
 * decides after.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjai_internal.h"

int mjai_code(const ippon_mjai_seat *s, int tile)
{
    return ippon_tile_code((ippon_tile)tile, s->frame.red_fives);
}

ippon_mjai_seat *ippon_mjai_seat_new(const ippon_rules *rules, int seat, const char *const *names)
{
    if (seat < 0 || seat >= rules->players)
        return NULL;
    ippon_mjai_seat *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    ippon_mjai_frame_init(&s->frame, rules);
    s->seat = seat;
    s->kita_type = "kita";
    for (int i = 0; i < rules->players; i++) {
        if (names && names[i])
            snprintf(s->names[i], sizeof s->names[i], "%s", names[i]);
        else
            snprintf(s->names[i], sizeof s->names[i], "Seat %d", i);
    }
    s->drawn = s->claim_tile = s->claim_from = -1;
    return s;
}

void ippon_mjai_seat_free(ippon_mjai_seat *s)
{
    if (!s)
        return;
    for (size_t i = s->head; i < s->n; i++)
        json_decref(s->queue[i].json);
    free(s->queue);
    free(s->line);
    free(s);
}

int ippon_mjai_seat_id(const ippon_mjai_seat *s)
{
    return ippon_mjai_seat_of(&s->frame, s->seat);
}

bool ippon_mjai_seat_asked(const ippon_mjai_seat *s)
{
    return s->asked;
}

void mjai_push(ippon_mjai_seat *s, json_t *msg, bool asks, int may_ask)
{
    if (!msg)
        return;
    if (s->head == s->n)
        s->head = s->n = 0;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        mjai_message *q = realloc(s->queue, cap * sizeof *q);
        if (!q) {
            json_decref(msg);
            return;
        }
        s->queue = q;
        s->cap = cap;
    }
    s->queue[s->n++] = (mjai_message){ .json = msg, .asks = asks, .may_ask = (uint8_t)may_ask };
}

const char *ippon_mjai_seat_next(ippon_mjai_seat *s, bool *asks)
{
    free(s->line);
    s->line = NULL;
    if (asks)
        *asks = false;
    if (s->head == s->n)
        return NULL;
    mjai_message *m = &s->queue[s->head++];
    if (m->json == s->start_kyoku)
        s->start_kyoku = NULL;
    s->line = json_dumps(m->json, JSON_COMPACT);
    if (asks)
        *asks = m->asks;
    json_decref(m->json);
    return s->line;
}

/* the seat's own tiles */
static void take_tile(ippon_mjai_seat *s, int tile)
{
    for (int i = 0; i < s->n_hand; i++)
        if (s->hand[i] == tile) {
            s->hand[i] = s->hand[--s->n_hand];
            return;
        }
}

static void own_call(ippon_mjai_seat *s, const ippon_meld_tiles *mt)
{
    int own = mt->type == IPPON_MELD_CHI || mt->type == IPPON_MELD_PON ? 2 : mt->type == IPPON_MELD_DAIMINKAN ? 3 : 4;
    if (mt->type == IPPON_MELD_KAKAN) {
        take_tile(s, mt->added);
        for (int i = 0; i < s->n_pons; i++)
            if (ippon_tile_kind(s->pons[i][0]) == ippon_tile_kind(mt->added))
                memcpy(s->pons[i], s->pons[--s->n_pons], sizeof s->pons[i]);
        return;
    }
    for (int i = 0; i < own; i++)
        take_tile(s, mt->tiles[i]);
    if (mt->type == IPPON_MELD_PON && s->n_pons < 4) {
        ippon_tile *p = s->pons[s->n_pons++];
        p[0] = mt->tiles[0];
        p[1] = mt->tiles[1];
        p[2] = mt->called;
    }
}

/* start_game, once: the names in mjai seat order and the seat's own number */
static void start_game(ippon_mjai_seat *s)
{
    if (s->started)
        return;
    const char *names[4] = { s->names[0], s->names[1], s->names[2], s->names[3] };
    json_t *game = ippon_mjai_start_game(&s->frame, names);
    json_object_set_new(game, "id", json_integer(ippon_mjai_seat_id(s)));
    mjai_push(s, game, false, MAY_NOT);
    s->started = true;
}

void ippon_mjai_seat_begin(ippon_mjai_seat *s, int first_dealer)
{
    if (s->started || first_dealer < 0)
        return;
    if (s->frame.first < 0)
        s->frame.first = (int8_t)(first_dealer % s->frame.players);
    start_game(s);
}

static void start_hand(ippon_mjai_seat *s, const ippon_event *ev)
{
    if (s->in_hand)
        mjai_push(s, ippon_mjai_plain("end_kyoku"), false, MAY_NOT);
    json_t *out[2];
    ippon_mjai_event(&s->frame, ev, s->kita_type, out); /* fixes the numbering on the first hand */
    start_game(s);
    /* every other seat's 13 tiles hidden; the seat's own come with its DEAL */
    json_t *tehais = json_object_get(out[0], "tehais");
    for (int r = 0; r < s->frame.players; r++)
        if (r != ippon_mjai_seat_id(s))
            for (int i = 0; i < 13; i++)
                json_array_append_new(json_array_get(tehais, (size_t)r), json_string("?"));
    s->start_kyoku = out[0];
    mjai_push(s, out[0], false, MAY_NOT);
    s->in_hand = true;
    s->n_hand = s->n_pons = 0;
    s->drawn = s->claim_tile = s->claim_from = -1;
    s->reach_echoed = false;
}

static void deal(ippon_mjai_seat *s, const ippon_event *ev)
{
    s->n_hand = ev->u.hand.n < 14 ? ev->u.hand.n : 14;
    memcpy(s->hand, ev->u.hand.tiles, (size_t)s->n_hand);
    if (!s->start_kyoku)
        return;
    ippon_tile sorted[14];
    memcpy(sorted, s->hand, (size_t)s->n_hand);
    ippon_mjai_sort(&s->frame, sorted, s->n_hand);
    json_t *tehais = json_object_get(s->start_kyoku, "tehais");
    json_array_set_new(tehais, (size_t)ippon_mjai_seat_id(s), ippon_mjai_tiles(&s->frame, sorted, s->n_hand));
}

/* which decision may follow a message of this event: the seat's own turn after its draw or its
   chi/pon; a claim on another seat's discard, kakan, ankan or kita */
static int may_ask(const ippon_mjai_seat *s, const ippon_event *ev)
{
    bool own = ev->seat == s->seat;
    switch (ev->type) {
    case IPPON_EV_DRAW: return own ? MAY_TURN : MAY_NOT;
    case IPPON_EV_CALL:
        if (ev->u.meld.type == IPPON_MELD_CHI || ev->u.meld.type == IPPON_MELD_PON)
            return own ? MAY_TURN : MAY_NOT;
        if (ev->u.meld.type == IPPON_MELD_DAIMINKAN)
            return MAY_NOT;
        return own ? MAY_NOT : MAY_OFFER;
    case IPPON_EV_DISCARD:
    case IPPON_EV_KITA: return own ? MAY_NOT : MAY_OFFER;
    default: return MAY_NOT;
    }
}

/* what the seat learns of its own tiles and of the tile others may claim */
static void follow(ippon_mjai_seat *s, const ippon_event *ev)
{
    bool own = ev->seat == s->seat;
    switch (ev->type) {
    case IPPON_EV_DRAW:
        if (own && s->n_hand < 14) {
            s->hand[s->n_hand++] = ev->tile;
            s->drawn = ev->tile;
        }
        break;
    case IPPON_EV_DISCARD:
    case IPPON_EV_KITA:
        if (own) {
            take_tile(s, ev->tile);
            s->drawn = -1;
        } else {
            s->claim_tile = ev->tile;
            s->claim_from = ev->seat;
        }
        break;
    case IPPON_EV_CALL:
        if (own) {
            own_call(s, &ev->u.meld);
            s->drawn = -1;
        } else if (ev->u.meld.type == IPPON_MELD_KAKAN || ev->u.meld.type == IPPON_MELD_ANKAN) {
            s->claim_tile = ev->u.meld.type == IPPON_MELD_KAKAN ? ev->u.meld.added : ev->u.meld.tiles[3];
            s->claim_from = ev->seat;
        }
        break;
    default: break;
    }
}

void ippon_mjai_seat_event(ippon_mjai_seat *s, const ippon_event *ev)
{
    if (ev->to >= 0 && ev->to != s->seat)
        return; /* another seat's private event */
    if (ev->to < 0 && ev->others_only && ev->seat == s->seat)
        return; /* the public twin of the seat's own private event */
    if (ev->type != IPPON_EV_HAND_START && ev->type != IPPON_EV_MATCH_END && !s->in_hand)
        return;
    s->asked = s->reach_declared = false;
    switch (ev->type) {
    case IPPON_EV_HAND_START: start_hand(s, ev); return;
    case IPPON_EV_DEAL: deal(s, ev); return;
    case IPPON_EV_MATCH_END:
        if (s->in_hand)
            mjai_push(s, ippon_mjai_plain("end_kyoku"), false, MAY_NOT);
        s->in_hand = false;
        break;
    default: break;
    }
    follow(s, ev);
    json_t *out[2];
    int n = ippon_mjai_event(&s->frame, ev, s->kita_type, out);
    int first = 0;
    if (ev->type == IPPON_EV_DORA && ippon_mjai_fold_dora(s->start_kyoku, out[0]))
        return;
    if (ev->type == IPPON_EV_DISCARD && ev->seat == s->seat && n == 2 && s->reach_echoed) {
        json_decref(out[0]); /* the seat's own reach was echoed to it when it answered reach */
        first = 1;
    }
    if (ev->type == IPPON_EV_DISCARD && ev->seat == s->seat)
        s->reach_echoed = false;
    for (int i = first; i < n; i++)
        mjai_push(s, out[i], false, i == n - 1 ? may_ask(s, ev) : MAY_NOT);
}

/* possible_actions: the options besides the default (the discards and the pass), as mjai actions */
static json_t *possible_action(const ippon_mjai_seat *s, const ippon_action *a, bool *reach_listed)
{
    const ippon_mjai_frame *f = &s->frame;
    int me = ippon_mjai_seat_id(s), from = s->claim_from >= 0 ? ippon_mjai_seat_of(f, s->claim_from) : me;
    switch (a->type) {
    case IPPON_ACT_TSUMO:
        return json_pack("{s:s,s:i,s:i,s:o}", "type", "hora", "actor", me, "target", me, "pai",
                         ippon_mjai_tile(f, s->drawn));
    case IPPON_ACT_RON:
        return json_pack("{s:s,s:i,s:i,s:o}", "type", "hora", "actor", me, "target", from, "pai",
                         ippon_mjai_tile(f, s->claim_tile));
    case IPPON_ACT_DISCARD:
        if (!a->riichi || *reach_listed)
            return NULL;
        *reach_listed = true;
        return json_pack("{s:s,s:i}", "type", "reach", "actor", me);
    case IPPON_ACT_CHI:
    case IPPON_ACT_PON:
    case IPPON_ACT_DAIMINKAN: {
        const char *type = a->type == IPPON_ACT_CHI ? "chi" : a->type == IPPON_ACT_PON ? "pon" : "daiminkan";
        return json_pack("{s:s,s:i,s:i,s:o,s:o}", "type", type, "actor", me, "target", from, "pai",
                         ippon_mjai_tile(f, s->claim_tile), "consumed",
                         ippon_mjai_tiles(f, a->with, a->type == IPPON_ACT_DAIMINKAN ? 3 : 2));
    }
    case IPPON_ACT_ANKAN: {
        ippon_tile four[4];
        int n = 0;
        for (int i = 0; i < s->n_hand && n < 4; i++)
            if (ippon_tile_kind(s->hand[i]) == ippon_tile_kind(a->tile))
                four[n++] = s->hand[i];
        ippon_mjai_sort(f, four, n);
        return json_pack("{s:s,s:i,s:o}", "type", "ankan", "actor", me, "consumed", ippon_mjai_tiles(f, four, n));
    }
    case IPPON_ACT_KAKAN:
        for (int i = 0; i < s->n_pons; i++)
            if (ippon_tile_kind(s->pons[i][0]) == ippon_tile_kind(a->tile))
                return json_pack("{s:s,s:i,s:o,s:o}", "type", "kakan", "actor", me, "pai", ippon_mjai_tile(f, a->tile),
                                 "consumed", ippon_mjai_tiles(f, s->pons[i], 3));
        return NULL;
    case IPPON_ACT_KITA: return json_pack("{s:s,s:i,s:s}", "type", s->kita_type, "actor", me, "pai", "N");
    case IPPON_ACT_KYUUSHU:
        return json_pack("{s:s,s:i,s:s}", "type", "ryukyoku", "actor", me, "reason", "kyushukyuhai");
    default: return NULL;
    }
}

void ippon_mjai_seat_ask(ippon_mjai_seat *s, const ippon_action *options, int n)
{
    if (n <= 0)
        return;
    if (n > IPPON_MAX_LEGAL)
        n = IPPON_MAX_LEGAL;
    memcpy(s->options, options, (size_t)n * sizeof options[0]);
    s->n_options = n;
    s->asked = true;
    s->reach_declared = false;
    s->on_offer = false;
    for (int i = 0; i < n; i++)
        s->on_offer |= options[i].type == IPPON_ACT_PASS;
    /* the message the seat decides after: the last queued one this kind of decision follows */
    int want = s->on_offer ? MAY_OFFER : MAY_TURN;
    mjai_message *m = NULL;
    for (size_t i = s->n; i > s->head && !m; i--)
        if (s->queue[i - 1].may_ask == want)
            m = &s->queue[i - 1];
    if (!m)
        return;
    m->asks = true;
    json_t *list = json_array();
    bool reach_listed = false;
    for (int i = 0; i < n; i++) {
        json_t *a = possible_action(s, &options[i], &reach_listed);
        if (a)
            json_array_append_new(list, a);
    }
    if (json_array_size(list))
        json_object_set_new(m->json, "possible_actions", list);
    else
        json_decref(list);
}
