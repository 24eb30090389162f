/*
 * mjai_client_decide.c — the decisions of an AI's side of one seat (mjai_client.h): the legal
 * actions in the order ippon_match_legal gives them (src/core/legal.c, offer.c), from the hand
 * and the message's possible_actions, and the answer line for the action chosen. Discards are
 * written by mjai_event.c as the table writes them; every other action is answered with the
 * possible_actions entry it came from, as gimite/mjai's clients answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/shanten.h"
#include "mjai_client_internal.h"

typedef struct listing {
    mjai_client_state *st;
    char *error;
    size_t cap;
} listing;

static bool refuse(listing *l, const char *what, const char *type)
{
    if (l->cap)
        snprintf(l->error, l->cap, "possible_actions: %s (%.20s)", what, type);
    return false;
}

static void push(mjai_client_state *st, int type, int tile, bool riichi, int entry)
{
    ippon_view *v = &st->view;
    if (v->n_legal >= IPPON_MAX_LEGAL)
        return;
    ippon_action *a = &v->legal[v->n_legal];
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->seat = (int8_t)st->id;
    a->tile = (ippon_tile)tile;
    a->riichi = riichi;
    st->entry[v->n_legal++] = (int8_t)entry;
}

/* a tile of the kind in the hand, a plain one first (ippon_seat_find's choice); -1 if none */
static int find_kind(const mjai_client_state *st, int kind)
{
    int red = -1;
    for (int i = 0; i < st->view.n_hand; i++) {
        int t = st->view.hand[i];
        if (ippon_tile_kind((ippon_tile)t) != kind)
            continue;
        if (!ippon_code_is_red(mjai_client_code(st, t)))
            return t;
        red = t;
    }
    return red;
}

static void hand_counts(const mjai_client_state *st, uint8_t counts[IPPON_KINDS])
{
    memset(counts, 0, IPPON_KINDS);
    for (int i = 0; i < st->view.n_hand; i++)
        counts[ippon_tile_kind(st->view.hand[i])]++;
}

/* a riichi discard of `kind` leaves the hand ready with a wait not all in the seat's own tiles
   (the karaten test of src/core/RULES.md §4, under the rules' scope of "own") */
static bool riichi_keeps_live_wait(const mjai_client_state *st, const uint8_t *counts, int kind)
{
    const ippon_seat_public *me = &st->view.seats[st->id];
    uint8_t after[IPPON_KINDS], own[IPPON_KINDS];
    memcpy(after, counts, IPPON_KINDS);
    after[kind]--;
    uint64_t waits = ippon_waits(after, me->n_melds, &st->rules);
    memcpy(own, after, IPPON_KINDS);
    if (st->rules.karaten != IPPON_KARATEN_CONCEALED) {
        for (int i = 0; i < me->n_melds; i++)
            for (int j = 0; j < me->melds[i].n; j++)
                own[ippon_tile_kind(me->melds[i].tiles[j])]++;
        own[IPPON_NORTH] = (uint8_t)(own[IPPON_NORTH] + me->n_kita);
    }
    return waits && ippon_waits_live(waits, own);
}

/* one discard per code of the hand, outside `ban`; after each, its riichi declaration where it
   leaves the hand ready (with_riichi) */
static void discards(mjai_client_state *st, uint64_t ban, bool with_riichi)
{
    const ippon_view *v = &st->view;
    uint8_t counts[IPPON_KINDS];
    int8_t after[IPPON_KINDS];
    hand_counts(st, counts);
    if (with_riichi)
        ippon_shanten_discards(counts, v->seats[st->id].n_melds, &st->rules, after);
    int last = -1;
    for (int i = 0; i < v->n_hand; i++) {
        int t = v->hand[i], code = mjai_client_code(st, t), kind = ippon_tile_kind((ippon_tile)t);
        bool listed = code != last && !(ban >> kind & 1);
        last = code;
        if (!listed)
            continue;
        push(st, IPPON_ACT_DISCARD, t, false, -1);
        if (with_riichi && after[kind] == 0 && riichi_keeps_live_wait(st, counts, kind))
            push(st, IPPON_ACT_DISCARD, t, true, -1);
    }
}

/* "consumed" of an entry as hand tiles (each a different one), into with[] */
static bool consumed_in_hand(const mjai_client_state *st, const json_t *entry, int n, ippon_tile *with)
{
    const json_t *list = json_object_get(entry, "consumed");
    if (json_array_size(list) != (size_t)n)
        return false;
    for (int i = 0; i < n; i++) {
        const char *text = json_string_value(json_array_get(list, (size_t)i));
        int code = text ? ippon_code_from_mjai(text) : -1;
        if (code < 0)
            return false;
        if (ippon_code_is_red(code) && !st->rules.red_fives[code - IPPON_RED_5M])
            code = ippon_code_kind(code);
        int found = -1;
        for (int h = 0; h < st->view.n_hand && found < 0; h++) {
            int t = st->view.hand[h];
            bool used = false;
            for (int j = 0; j < i; j++)
                used |= with[j] == t;
            if (!used && mjai_client_code(st, t) == code)
                found = t;
        }
        if (found < 0)
            return false;
        with[i] = (ippon_tile)found;
    }
    return true;
}

static bool offer_options(listing *l, const json_t *possible)
{
    mjai_client_state *st = l->st;
    size_t i;
    const json_t *entry;
    json_array_foreach(possible, i, entry) {
        const char *type = json_string_value(json_object_get(entry, "type"));
        if (!type)
            return refuse(l, "an entry without a type", "");
        if (!strcmp(type, "dahai") || !strcmp(type, "none"))
            continue;
        int kind = !strcmp(type, "hora") ? IPPON_ACT_RON : !strcmp(type, "chi") ? IPPON_ACT_CHI
                 : !strcmp(type, "pon") ? IPPON_ACT_PON : !strcmp(type, "daiminkan") ? IPPON_ACT_DAIMINKAN : -1;
        if (kind < 0)
            return refuse(l, "no answer to another seat's tile", type);
        ippon_tile with[3] = { 0, 0, 0 };
        if (kind != IPPON_ACT_RON && !consumed_in_hand(st, entry, kind == IPPON_ACT_DAIMINKAN ? 3 : 2, with))
            return refuse(l, "consumed tiles not in the hand", type);
        push(st, kind, 0, false, (int)i);
        if (st->view.n_legal)
            memcpy(st->view.legal[st->view.n_legal - 1].with, with, sizeof with);
    }
    if (!st->view.n_legal)
        return refuse(l, "nothing offered", "");
    push(st, IPPON_ACT_PASS, 0, false, -1);
    return true;
}

/* the options of the turn besides tsumo and the discards, in the order possible_actions lists them */
static bool turn_extras(listing *l, const json_t *possible, bool riichi, bool *reach)
{
    mjai_client_state *st = l->st;
    const ippon_view *v = &st->view;
    size_t i;
    const json_t *entry;
    json_array_foreach(possible, i, entry) {
        const char *type = json_string_value(json_object_get(entry, "type"));
        if (!type)
            return refuse(l, "an entry without a type", "");
        if (!strcmp(type, "dahai") || !strcmp(type, "none") || !strcmp(type, "hora"))
            continue;
        if (!strcmp(type, "reach")) {
            *reach = !riichi;
            continue;
        }
        if (!strcmp(type, "ankan")) {
            ippon_tile four[4];
            if (!consumed_in_hand(st, entry, 4, four) || ippon_tile_kind(four[0]) != ippon_tile_kind(four[3]))
                return refuse(l, "ankan of four tiles not in the hand", type);
            int kind = ippon_tile_kind(four[0]);
            push(st, IPPON_ACT_ANKAN, riichi ? v->drawn : find_kind(st, kind), false, (int)i);
        } else if (!strcmp(type, "kakan")) {
            const char *text = json_string_value(json_object_get(entry, "pai"));
            int code = text ? ippon_code_from_mjai(text) : -1, tile = code >= 0 ? find_kind(st, ippon_code_kind(code)) : -1;
            bool pon = false;
            for (int m = 0; tile >= 0 && m < v->seats[st->id].n_melds; m++)
                pon |= v->seats[st->id].melds[m].type == IPPON_MELD_PON &&
                       ippon_tile_kind(v->seats[st->id].melds[m].tiles[0]) == ippon_code_kind(code);
            if (!pon)
                return refuse(l, "kakan without a pon and its fourth tile", type);
            push(st, IPPON_ACT_KAKAN, tile, false, (int)i);
        } else if (!strcmp(type, "kita") || !strcmp(type, "nukidora")) {
            int tile = riichi ? v->drawn : find_kind(st, IPPON_NORTH);
            if (!st->rules.kita || tile < 0 || ippon_tile_kind((ippon_tile)tile) != IPPON_NORTH)
                return refuse(l, "kita without a North", type);
            push(st, IPPON_ACT_KITA, tile, false, (int)i);
        } else if (!strcmp(type, "ryukyoku")) {
            push(st, IPPON_ACT_KYUUSHU, 0, false, (int)i);
        } else {
            return refuse(l, "no action of the seat's turn", type);
        }
    }
    return true;
}

bool mjai_client_legal(mjai_client_state *st, const json_t *possible, char *error, size_t cap)
{
    listing l = { .st = st, .error = error, .cap = cap };
    ippon_view *v = &st->view;
    v->n_legal = 0;
    if (v->phase == IPPON_PHASE_OFFER)
        return offer_options(&l, possible);
    if (st->after_call) { /* after the seat's own chi or pon: a discard kuikae allows */
        discards(st, st->kuikae, false);
        return v->n_legal > 0 || refuse(&l, "kuikae leaves nothing to discard", "");
    }
    if (v->drawn < 0 || v->n_hand % 3 != 2)
        return refuse(&l, "the seat's turn without a tile drawn", "");
    size_t i;
    const json_t *entry;
    json_array_foreach(possible, i, entry) {
        const char *type = json_string_value(json_object_get(entry, "type"));
        if (type && !strcmp(type, "hora")) {
            push(st, IPPON_ACT_TSUMO, v->drawn, false, (int)i);
            break;
        }
    }
    /* the options after the discards are listed apart first, to learn whether reach is offered */
    bool riichi = v->seats[st->id].riichi, reach = false;
    int first = v->n_legal;
    if (!turn_extras(&l, possible, riichi, &reach))
        return false;
    int n_extras = v->n_legal - first;
    ippon_action extras[IPPON_MAX_LEGAL];
    int8_t entries[IPPON_MAX_LEGAL];
    memcpy(extras, &v->legal[first], (size_t)n_extras * sizeof extras[0]);
    memcpy(entries, &st->entry[first], (size_t)n_extras);
    v->n_legal = (uint8_t)first;
    if (riichi) { /* in riichi: tsumo, ankan, kita, then the tile drawn */
        for (int k = 0; k < n_extras; k++)
            push(st, extras[k].type, extras[k].tile, false, entries[k]);
        push(st, IPPON_ACT_DISCARD, v->drawn, false, -1);
        return true;
    }
    discards(st, 0, reach);
    for (int k = 0; k < n_extras; k++)
        push(st, extras[k].type, extras[k].tile, false, entries[k]);
    return true;
}

/* ---- the answer ---- */

static void sorted_codes(const mjai_client_state *st, const ippon_action *a, int *codes)
{
    int n = a->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
    for (int i = 0; i < n; i++)
        codes[i] = mjai_client_code(st, a->with[i]);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && codes[j - 1] > codes[j]; j--) {
            int x = codes[j];
            codes[j] = codes[j - 1];
            codes[j - 1] = x;
        }
}

/* whether `a` names the option (tiles by code for discards and calls, by kind for kans and kita) */
static bool names_option(const mjai_client_state *st, const ippon_action *option, const ippon_action *a)
{
    if (a->type != option->type || a->riichi != option->riichi)
        return false;
    switch (a->type) {
    case IPPON_ACT_DISCARD: return a->tile < IPPON_TILE_IDS && mjai_client_code(st, a->tile) == mjai_client_code(st, option->tile);
    case IPPON_ACT_CHI:
    case IPPON_ACT_PON:
    case IPPON_ACT_DAIMINKAN: {
        int x[3] = { 0 }, y[3] = { 0 };
        for (int i = 0; i < 3; i++)
            if (a->with[i] >= IPPON_TILE_IDS)
                return false;
        sorted_codes(st, option, x);
        sorted_codes(st, a, y);
        return !memcmp(x, y, sizeof x);
    }
    case IPPON_ACT_ANKAN:
    case IPPON_ACT_KAKAN:
    case IPPON_ACT_KITA: return a->tile < IPPON_TILE_IDS && ippon_tile_kind(a->tile) == ippon_tile_kind(option->tile);
    default: return true;
    }
}

/* the option chosen, or the default (pass; the tile drawn; after a call the last discard offered) */
static int option_of(const mjai_client_state *st, const ippon_action *chosen, ippon_action *out)
{
    const ippon_view *v = &st->view;
    for (int i = 0; chosen && i < v->n_legal; i++)
        if (names_option(st, &v->legal[i], chosen)) {
            *out = v->legal[i];
            /* a discard keeps the copy chosen when it is in the hand (the tile drawn: tsumogiri) */
            if (chosen->type == IPPON_ACT_DISCARD && mjai_client_hand_find(st, mjai_client_code(st, chosen->tile), -1) >= 0)
                for (int h = 0; h < v->n_hand; h++)
                    if (v->hand[h] == chosen->tile)
                        out->tile = chosen->tile;
            return i;
        }
    int pick = -1;
    for (int i = 0; i < v->n_legal; i++) {
        const ippon_action *o = &v->legal[i];
        if (o->type == IPPON_ACT_PASS)
            pick = i;
        else if (o->type == IPPON_ACT_DISCARD && !o->riichi && pick < 0 && v->drawn >= 0 &&
                 mjai_client_code(st, o->tile) == mjai_client_code(st, v->drawn))
            pick = i;
        else if (o->type == IPPON_ACT_DISCARD && !o->riichi && v->drawn < 0)
            pick = i;
    }
    if (pick < 0)
        pick = v->n_legal - 1;
    *out = v->legal[pick];
    if (out->type == IPPON_ACT_DISCARD && v->drawn >= 0)
        out->tile = (ippon_tile)v->drawn;
    return pick;
}

static char *discard_lines(mjai_client_state *st, const ippon_action *a)
{
    ippon_mjai_frame frame; /* the client's seats are mjai's: the numbering is the identity */
    ippon_mjai_frame_init(&frame, &st->rules);
    ippon_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = IPPON_EV_DISCARD;
    ev.to = -1;
    ev.seat = (int8_t)st->id;
    ev.tile = a->tile;
    ev.flags = (uint8_t)((a->tile == st->view.drawn ? IPPON_DISCARD_TSUMOGIRI : 0) | (a->riichi ? IPPON_DISCARD_RIICHI : 0));
    json_t *out[2];
    int n = ippon_mjai_event(&frame, &ev, "kita", out);
    char *line = json_dumps(out[0], JSON_COMPACT);
    if (n == 2) { /* reach now; its dahai answers the echo */
        char *dahai = json_dumps(out[1], JSON_COMPACT);
        snprintf(st->pending, sizeof st->pending, "%s", dahai ? dahai : "");
        free(dahai);
    }
    for (int i = 0; i < n; i++)
        json_decref(out[i]);
    return line;
}

const char *ippon_mjai_client_answer(ippon_mjai_client *c, const ippon_action *chosen)
{
    mjai_client_state *st = &c->st;
    free(c->line);
    c->line = NULL;
    if (st->echo && st->pending[0]) {
        c->line = strdup(st->pending);
        st->pending[0] = '\0';
    } else if (st->deciding && st->view.n_legal) {
        ippon_action a;
        int i = option_of(st, chosen, &a);
        if (st->entry[i] >= 0)
            c->line = json_dumps(json_array_get(c->possible, (size_t)st->entry[i]), JSON_COMPACT);
        else if (a.type == IPPON_ACT_DISCARD)
            c->line = discard_lines(st, &a);
    }
    st->deciding = st->echo = false;
    if (!c->line)
        c->line = strdup("{\"type\":\"none\"}");
    return c->line;
}
