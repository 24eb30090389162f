/*
 * protocol.c — core types to and from the game's JSON (protocol.h, PROTOCOL.md).
 *
 * Reading an action: the client's object is matched against the seat's legal actions as the
 * core lists them (ippon_match_legal), comparing tile codes, so nothing a client sends can name
 * a tile it does not hold or an action it was not offered; the core checks again when the action
 * is applied.
 *
 * A seat's own tenpai information (its waits and furiten, and the waits each of its discards
 * would leave) comes from the core's wait tables (ippon_match_seat_waits,
 * ippon_match_waits_after_discard) and is only ever written for that seat: into its asks, its
 * options and its own view, never into a spectator's (seat -1) view or an event.
 */
#include "game/protocol.h"

#include <stdio.h>
#include <string.h>

#include "ippon/error.h"

static const char *const action_names[IPPON_ACT_TYPES] = {
    [IPPON_ACT_DISCARD] = "discard", [IPPON_ACT_TSUMO] = "tsumo",         [IPPON_ACT_RON] = "ron",
    [IPPON_ACT_CHI] = "chi",         [IPPON_ACT_PON] = "pon",             [IPPON_ACT_DAIMINKAN] = "daiminkan",
    [IPPON_ACT_ANKAN] = "ankan",     [IPPON_ACT_KAKAN] = "kakan",         [IPPON_ACT_KITA] = "kita",
    [IPPON_ACT_PASS] = "pass",       [IPPON_ACT_KYUUSHU] = "kyuushu",
};

static const char *const meld_names[] = { "chi", "pon", "daiminkan", "ankan", "kakan" };

static int code_of(const ippon_rules *rules, ippon_tile t) { return ippon_tile_code(t, rules->red_fives); }

/* "5m", "0p", "7z" of a tile code */
static json_t *code_json(int code)
{
    char buf[4];
    ippon_code c = (ippon_code)code;
    if (ippon_notation_format(&c, 1, buf, sizeof buf) < 0)
        return json_null();
    return json_string(buf);
}

json_t *ippon_proto_tile(const ippon_rules *rules, ippon_tile t) { return code_json(code_of(rules, t)); }

json_t *ippon_proto_tiles(const ippon_rules *rules, const ippon_tile *tiles, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, ippon_proto_tile(rules, tiles[i]));
    return a;
}

/* the kinds set in a waits mask as tile codes in kind order, fives plain: ["3p","6p"] */
static json_t *ippon_proto_waits(uint64_t waits)
{
    json_t *a = json_array();
    for (int k = 0; k < IPPON_KINDS; k++)
        if (waits >> k & 1)
            json_array_append_new(a, code_json(k)); /* a kind's code is the kind: plain fives */
    return a;
}

json_t *ippon_proto_furiten(ippon_furiten furiten)
{
    static const char *const names[] = { [IPPON_FURITEN_TEMPORARY] = "temporary",
                                         [IPPON_FURITEN_PERMANENT] = "permanent", [IPPON_FURITEN_RIICHI] = "riichi" };
    if (furiten <= IPPON_FURITEN_NONE || furiten > IPPON_FURITEN_RIICHI)
        return json_null();
    return json_string(names[furiten]);
}

json_t *ippon_proto_tenpai_of(uint64_t waits, ippon_furiten furiten)
{
    if (!waits)
        return NULL;
    return json_pack("{s:o,s:o}", "waits", ippon_proto_waits(waits), "furiten", ippon_proto_furiten(furiten));
}

json_t *ippon_proto_tenpai(const ippon_match *m, int seat)
{
    ippon_furiten furiten;
    uint64_t waits = ippon_match_seat_waits(m, seat, &furiten);
    return ippon_proto_tenpai_of(waits, furiten);
}

json_t *ippon_proto_option(const ippon_rules *rules, const ippon_action *a)
{
    const char *type = a->type == IPPON_ACT_DISCARD && a->riichi ? "riichi" : action_names[a->type];
    json_t *o = json_pack("{s:s}", "type", type);
    switch (a->type) {
    case IPPON_ACT_DISCARD:
    case IPPON_ACT_ANKAN:
    case IPPON_ACT_KAKAN:
    case IPPON_ACT_KITA:
        json_object_set_new(o, "tile", ippon_proto_tile(rules, a->tile));
        break;
    case IPPON_ACT_CHI:
    case IPPON_ACT_PON:
        json_object_set_new(o, "tiles", ippon_proto_tiles(rules, a->with, 2));
        break;
    case IPPON_ACT_DAIMINKAN:
        json_object_set_new(o, "tiles", ippon_proto_tiles(rules, a->with, 3));
        break;
    default:
        break;
    }
    return o;
}

json_t *ippon_proto_options(const ippon_match *m, int seat)
{
    const ippon_rules *rules = ippon_match_rules(m);
    ippon_action legal[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(m, seat, legal, IPPON_MAX_LEGAL);
    /* each discarded kind's waits, worked out once (a discard, a riichi and a red five of one
       kind share them) */
    uint64_t waits[IPPON_KINDS] = { 0 }, known = 0;
    ippon_furiten furiten[IPPON_KINDS];
    json_t *options = json_array();
    for (int i = 0; i < n; i++) {
        json_t *o = ippon_proto_option(rules, &legal[i]);
        if (legal[i].type == IPPON_ACT_DISCARD) {
            int k = ippon_tile_kind(legal[i].tile);
            if (!(known >> k & 1)) {
                waits[k] = ippon_match_waits_after_discard(m, seat, k, &furiten[k]);
                known |= UINT64_C(1) << k;
            }
            if (waits[k]) {
                json_object_set_new(o, "waits", ippon_proto_waits(waits[k]));
                json_object_set_new(o, "furiten", ippon_proto_furiten(furiten[k]));
            }
        }
        json_array_append_new(options, o);
    }
    return options;
}

/* a tile code from "5m" / "0p"; -1 if it is not one tile */
static int read_code(const json_t *v)
{
    const char *s = json_string_value(v);
    ippon_code c;
    if (!s || strlen(s) != 2 || ippon_notation_parse(s, &c, 1) != 1)
        return -1;
    return c;
}

/* the codes of a "tiles" array, sorted; returns the count or -1 */
static int read_codes(const json_t *arr, int *codes, int max)
{
    if (!json_is_array(arr) || json_array_size(arr) > (size_t)max)
        return -1;
    int n = (int)json_array_size(arr);
    for (int i = 0; i < n; i++) {
        codes[i] = read_code(json_array_get(arr, (size_t)i));
        if (codes[i] < 0)
            return -1;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && codes[j - 1] > codes[j]; j--) {
            int x = codes[j];
            codes[j] = codes[j - 1];
            codes[j - 1] = x;
        }
    return n;
}

static int fail(char *err, size_t cap, const char *msg)
{
    snprintf(err, cap, "%s", msg);
    return -1;
}

int ippon_proto_read_action(const ippon_match *m, int seat, const json_t *obj, ippon_action *out, char *err,
                            size_t cap)
{
    const ippon_rules *rules = ippon_match_rules(m);
    if (!json_is_object(obj))
        return fail(err, cap, "action: must be an object");
    const char *type = json_string_value(json_object_get(obj, "type"));
    if (!type)
        return fail(err, cap, "action.type: missing");
    int t = -1;
    bool riichi = !strcmp(type, "riichi");
    for (int i = 0; i < IPPON_ACT_TYPES && t < 0; i++)
        if (!strcmp(type, action_names[i]))
            t = i;
    if (riichi)
        t = IPPON_ACT_DISCARD;
    if (t < 0)
        return fail(err, cap, "action.type: unknown action");
    int code = -1, codes[3], n_codes = 0;
    if (t == IPPON_ACT_DISCARD || t == IPPON_ACT_ANKAN || t == IPPON_ACT_KAKAN || t == IPPON_ACT_KITA) {
        code = read_code(json_object_get(obj, "tile"));
        if (code < 0)
            return fail(err, cap, "action.tile: not a tile");
    }
    if (t == IPPON_ACT_CHI || t == IPPON_ACT_PON || t == IPPON_ACT_DAIMINKAN) {
        n_codes = read_codes(json_object_get(obj, "tiles"), codes, 3);
        if (n_codes != (t == IPPON_ACT_DAIMINKAN ? 3 : 2))
            return fail(err, cap, "action.tiles: the hand tiles of the call");
    }
    const json_t *tg = json_object_get(obj, "tsumogiri");
    if (tg && !json_is_boolean(tg))
        return fail(err, cap, "action.tsumogiri: must be true or false");
    ippon_action legal[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(m, seat, legal, IPPON_MAX_LEGAL);
    for (int i = 0; i < n; i++) {
        const ippon_action *l = &legal[i];
        if (l->type != t || (t == IPPON_ACT_DISCARD && l->riichi != riichi))
            continue;
        if (code >= 0 && code_of(rules, l->tile) != code &&
            !(t == IPPON_ACT_ANKAN && ippon_code_kind(code) == ippon_tile_kind(l->tile)))
            continue;
        if (n_codes) {
            int lc[3];
            for (int j = 0; j < n_codes; j++)
                lc[j] = code_of(rules, l->with[j]);
            for (int a = 1; a < n_codes; a++)
                for (int b = a; b > 0 && lc[b - 1] > lc[b]; b--) {
                    int x = lc[b];
                    lc[b] = lc[b - 1];
                    lc[b - 1] = x;
                }
            if (memcmp(lc, codes, (size_t)n_codes * sizeof codes[0]) != 0)
                continue;
        }
        *out = *l;
        ippon_seat_public me;
        ippon_match_seat_public(m, seat, &me);
        if (t == IPPON_ACT_DISCARD && !me.riichi) {
            /* the very tile: the drawn one only when asked for (in riichi it is the only one) */
            int id = ippon_match_find_tile(m, seat, code, json_is_true(tg));
            if (id >= 0)
                out->tile = (ippon_tile)id;
        }
        return 0;
    }
    return fail(err, cap, "action: not one of your options");
}

/* a meld on the table: {"type":"pon","tiles":[…],"called":"5m","from":2} */
static json_t *ippon_proto_meld(const ippon_rules *rules, const ippon_meld_tiles *mt)
{
    json_t *o = json_pack("{s:s,s:o}", "type", meld_names[mt->type], "tiles", ippon_proto_tiles(rules, mt->tiles, mt->n));
    if (mt->type != IPPON_MELD_ANKAN) {
        json_object_set_new(o, "called", ippon_proto_tile(rules, mt->called));
        json_object_set_new(o, "from", json_integer(mt->from));
    }
    if (mt->type == IPPON_MELD_KAKAN)
        json_object_set_new(o, "added", ippon_proto_tile(rules, mt->added));
    return o;
}

static json_t *score_json(const ippon_score *sc)
{
    json_t *yaku = json_array();
    for (int i = 0; i < sc->n_yaku; i++) {
        const ippon_yaku_han *y = &sc->yaku[i];
        json_array_append_new(yaku, json_pack("{s:s,s:s,s:i}", "id", ippon_yaku_id(y->yaku), "name",
                                              ippon_yaku_name_ja(y->yaku), y->yakuman ? "yakuman" : "han",
                                              y->yakuman ? y->yakuman : y->han));
    }
    json_t *pao = json_array();
    for (int i = 0; i < sc->n_pao; i++)
        json_array_append_new(pao, json_pack("{s:i,s:s}", "seat", sc->pao[i].seat, "yaku", ippon_yaku_id(sc->pao[i].yaku)));
    const char *limit = ippon_limit_name(sc->limit);
    return json_pack("{s:i,s:i,s:i,s:o,s:i,s:i,s:i,s:o,s:o}", "han", sc->han, "fu", sc->fu, "yakuman", sc->yakuman,
                     "limit", limit ? json_string(limit) : json_null(), "points", sc->total, "honba_points",
                     sc->honba_points, "sticks_points", sc->stick_points, "yaku", yaku, "pao", pao);
}

static json_t *int_array(const int32_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static const char *abort_name(int kind)
{
    static const char *const names[] = { "kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou", "nagashi" };
    return kind >= 0 && kind <= IPPON_ABORT_NAGASHI ? names[kind] : "abort";
}

json_t *ippon_proto_event(const ippon_match *m, const ippon_event *ev, int seat)
{
    const ippon_rules *r = ippon_match_rules(m);
    int players = ippon_match_players(m);
    if (ev->to >= 0 && ev->to != seat)
        return NULL; /* another seat's private event */
    if (ev->to < 0 && ev->others_only && ev->seat == seat)
        return NULL; /* the public twin of the seat's own private event */
    switch (ev->type) {
    case IPPON_EV_HAND_START:
        return json_pack("{s:s,s:i,s:i,s:i,s:i,s:o}", "type", "hand_start", "round_wind", ev->u.start.round_wind,
                         "dealer", ev->u.start.dealer, "honba", ev->u.start.honba, "sticks", ev->u.start.sticks,
                         "points", int_array(ev->u.start.points, players));
    case IPPON_EV_DEAL:
        return json_pack("{s:s,s:o}", "type", "deal", "hand", ippon_proto_tiles(r, ev->u.hand.tiles, ev->u.hand.n));
    case IPPON_EV_DRAW: {
        json_t *o = json_pack("{s:s,s:i,s:b}", "type", "draw", "seat", ev->seat, "replacement", ev->flags != 0);
        if (seat >= 0 && ev->to == seat)
            json_object_set_new(o, "tile", ippon_proto_tile(r, ev->tile));
        return o;
    }
    case IPPON_EV_DISCARD:
        return json_pack("{s:s,s:i,s:o,s:b,s:b}", "type", "discard", "seat", ev->seat, "tile", ippon_proto_tile(r, ev->tile),
                         "tsumogiri", (ev->flags & IPPON_DISCARD_TSUMOGIRI) != 0, "riichi",
                         (ev->flags & IPPON_DISCARD_RIICHI) != 0);
    case IPPON_EV_RIICHI_STICK:
        return json_pack("{s:s,s:i}", "type", "riichi_stick", "seat", ev->seat);
    case IPPON_EV_CALL:
        return json_pack("{s:s,s:i,s:o}", "type", "call", "seat", ev->seat, "meld", ippon_proto_meld(r, &ev->u.meld));
    case IPPON_EV_KITA:
        return json_pack("{s:s,s:i,s:o}", "type", "kita", "seat", ev->seat, "tile", ippon_proto_tile(r, ev->tile));
    case IPPON_EV_DORA:
        return json_pack("{s:s,s:o}", "type", "dora", "indicator", ippon_proto_tile(r, ev->tile));
    case IPPON_EV_WIN:
        return json_pack("{s:s,s:i,s:i,s:o,s:o,s:o,s:o,s:o}", "type", "win", "seat", ev->seat, "from", ev->u.win.from,
                         "tile", ippon_proto_tile(r, ev->tile), "hand",
                         ippon_proto_tiles(r, ev->u.win.hand, ev->u.win.n_hand), "ura",
                         ippon_proto_tiles(r, ev->u.win.ura, ev->u.win.n_ura), "score", score_json(&ev->u.win.score),
                         "payments", int_array(ev->u.win.score.payments, players));
    case IPPON_EV_DRAW_END: {
        json_t *tenpai = json_array();
        for (int s = 0; s < players; s++)
            json_array_append_new(tenpai, json_boolean(ev->u.end.tenpai[s]));
        return json_pack("{s:s,s:o,s:o}", "type", "exhaustive_draw", "tenpai", tenpai, "payments",
                         int_array(ev->u.end.payments, players));
    }
    case IPPON_EV_ABORT:
        return json_pack("{s:s,s:s,s:o}", "type", "abortive_draw", "kind", abort_name(ev->u.end.kind), "payments",
                         int_array(ev->u.end.payments, players));
    case IPPON_EV_MATCH_END:
        return json_pack("{s:s,s:o,s:o}", "type", "match_end", "points", int_array(ev->u.final.points, players),
                         "results", int_array(ev->u.final.results, players));
    default:
        return NULL;
    }
}

json_t *ippon_proto_win_record(const ippon_match *m, const ippon_event *ev)
{
    json_t *o = ippon_proto_event(m, ev, -1);
    if (!o || ev->type != IPPON_EV_WIN)
        return o;
    const ippon_rules *r = ippon_match_rules(m);
    ippon_seat_public p;
    ippon_match_seat_public(m, ev->seat, &p);
    json_t *melds = json_array();
    for (int i = 0; i < p.n_melds; i++)
        json_array_append_new(melds, ippon_proto_meld(r, &p.melds[i]));
    ippon_tile dora[5];
    int n_dora = ippon_match_dora_indicators(m, dora);
    json_object_set_new(o, "melds", melds);
    json_object_set_new(o, "kita", ippon_proto_tiles(r, p.kita, p.n_kita));
    json_object_set_new(o, "dora", ippon_proto_tiles(r, dora, n_dora));
    return o;
}

static json_t *seat_json(const ippon_match *m, int s)
{
    const ippon_rules *r = ippon_match_rules(m);
    ippon_seat_public p;
    ippon_match_seat_public(m, s, &p);
    json_t *melds = json_array(), *discards = json_array();
    for (int i = 0; i < p.n_melds; i++)
        json_array_append_new(melds, ippon_proto_meld(r, &p.melds[i]));
    for (int i = 0; i < p.n_discards; i++) {
        const ippon_discard *d = &p.discards[i];
        json_array_append_new(discards, json_pack("{s:o,s:b,s:b,s:b}", "tile", ippon_proto_tile(r, d->tile), "tsumogiri",
                                                  (d->flags & IPPON_DISCARD_TSUMOGIRI) != 0, "riichi",
                                                  (d->flags & IPPON_DISCARD_RIICHI) != 0, "called",
                                                  (d->flags & IPPON_DISCARD_CALLED) != 0));
    }
    return json_pack("{s:i,s:i,s:i,s:i,s:o,s:o,s:o,s:i,s:b}", "seat", s, "wind", p.wind, "points", p.points,
                     "result", p.points - r->start_points, "melds", melds, "discards", discards, "kita",
                     ippon_proto_tiles(r, p.kita, p.n_kita), "concealed", p.n_concealed, "riichi", p.riichi);
}

int ippon_proto_kyoku(const ippon_match *m, int first_dealer)
{
    int players = ippon_match_players(m);
    return (ippon_match_dealer(m) - first_dealer + players) % players + 1;
}

void ippon_proto_add_table_facts(const ippon_match *m, const ippon_event *ev, int first_dealer, json_t *o)
{
    if (ev->type == IPPON_EV_HAND_START)
        json_object_set_new(o, "kyoku", json_integer(ippon_proto_kyoku(m, first_dealer)));
    if (ev->type == IPPON_EV_DRAW_END) { /* tenpai hands are shown to everybody */
        json_t *hands = json_object();
        for (int s = 0; s < ippon_match_players(m); s++)
            if (ev->u.end.tenpai[s]) {
                ippon_tile hand[14];
                int n = ippon_match_hand(m, s, hand);
                char key[12];
                snprintf(key, sizeof key, "%d", s);
                json_object_set_new(hands, key, ippon_proto_tiles(ippon_match_rules(m), hand, n));
            }
        json_object_set_new(o, "hands", hands);
    }
    if (ev->type == IPPON_EV_DRAW_END || ev->type == IPPON_EV_ABORT)
        json_object_set_new(o, "next", json_pack("{s:i,s:i,s:i,s:i,s:i}", "dealer", ippon_match_dealer(m),
                                                 "round_wind", ippon_match_round_wind(m), "kyoku",
                                                 ippon_proto_kyoku(m, first_dealer), "honba", ippon_match_honba(m),
                                                 "sticks", ippon_match_sticks(m)));
}

json_t *ippon_proto_numbers(const ippon_rules *r)
{
    return json_pack("{s:i,s:i,s:i,s:i,s:i,s:i}", "start_points", r->start_points, "riichi_stick", r->riichi_stick,
                     "honba_ron", r->honba_ron, "honba_tsumo", r->honba_tsumo_each, "wall_tiles",
                     ippon_rules_wall_tiles(r), "live_tiles", ippon_rules_live_tiles(r));
}

json_t *ippon_proto_view(const ippon_match *m, int seat)
{
    const ippon_rules *r = ippon_match_rules(m);
    ippon_tile dora[5];
    int n_dora = ippon_match_dora_indicators(m, dora);
    json_t *seats = json_array();
    for (int s = 0; s < ippon_match_players(m); s++)
        json_array_append_new(seats, seat_json(m, s));
    json_t *v = json_pack("{s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:o,s:o}", "type", "view", "rules", r->name,
                          "players", ippon_match_players(m), "round_wind", ippon_match_round_wind(m), "dealer",
                          ippon_match_dealer(m), "honba", ippon_match_honba(m), "sticks", ippon_match_sticks(m),
                          "hand_number", ippon_match_hand_number(m), "live", ippon_match_live_tiles(m), "dora",
                          ippon_proto_tiles(r, dora, n_dora), "seats", seats);
    json_object_set_new(v, "numbers", ippon_proto_numbers(r));
    if (seat >= 0) {
        ippon_tile hand[14];
        int n = ippon_match_hand(m, seat, hand), drawn = ippon_match_drawn_tile(m, seat);
        json_t *you = json_pack("{s:i,s:o,s:o}", "seat", seat, "hand", ippon_proto_tiles(r, hand, n), "drawn",
                                drawn >= 0 ? ippon_proto_tile(r, (ippon_tile)drawn) : json_null());
        json_t *tenpai = ippon_proto_tenpai(m, seat);
        if (tenpai)
            json_object_set_new(you, "tenpai", tenpai);
        json_object_set_new(v, "you", you);
    }
    return v;
}
