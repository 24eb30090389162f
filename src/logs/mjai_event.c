/*
 * mjai_event.c — a match event as mjai messages (mjai_event.h), shared by the match logs
 * (game_log.c) and the per-seat stream of an AI at the table (src/mjai/mjai_seat.c).
 */
#include <string.h>

#include "ippon/mjai_event.h"

void ippon_mjai_frame_init(ippon_mjai_frame *f, const ippon_rules *rules)
{
    memset(f, 0, sizeof *f);
    f->players = rules->players;
    f->first = -1;
    memcpy(f->red_fives, rules->red_fives, sizeof f->red_fives);
}

int ippon_mjai_seat_of(const ippon_mjai_frame *f, int table_seat)
{
    return (table_seat - (f->first > 0 ? f->first : 0) + f->players) % f->players;
}

int ippon_mjai_table_seat(const ippon_mjai_frame *f, int mjai_seat)
{
    return (mjai_seat + (f->first > 0 ? f->first : 0)) % f->players;
}

const char *ippon_mjai_tile_text(const ippon_mjai_frame *f, int tile)
{
    if (tile < 0 || tile >= IPPON_TILE_IDS)
        return "?";
    return ippon_code_to_mjai(ippon_tile_code((ippon_tile)tile, f->red_fives));
}

json_t *ippon_mjai_tile(const ippon_mjai_frame *f, int tile)
{
    return json_string(ippon_mjai_tile_text(f, tile));
}

json_t *ippon_mjai_tiles(const ippon_mjai_frame *f, const ippon_tile *tiles, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, ippon_mjai_tile(f, tiles[i]));
    return a;
}

static int sort_key(const ippon_mjai_frame *f, ippon_tile t)
{
    int code = ippon_tile_code(t, f->red_fives);
    return ippon_code_kind(code) * 2 + ippon_code_is_red(code);
}

void ippon_mjai_sort(const ippon_mjai_frame *f, ippon_tile *tiles, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && sort_key(f, tiles[j - 1]) > sort_key(f, tiles[j]); j--) {
            ippon_tile x = tiles[j];
            tiles[j] = tiles[j - 1];
            tiles[j - 1] = x;
        }
}

/* a per-table-seat list in mjai seat order */
static json_t *seat_ints(const ippon_mjai_frame *f, const int32_t *by_table_seat)
{
    json_t *list = json_array();
    for (int r = 0; r < f->players; r++)
        json_array_append_new(list, json_integer(by_table_seat[ippon_mjai_table_seat(f, r)]));
    return list;
}

json_t *ippon_mjai_start_game(const ippon_mjai_frame *f, const char *const *names)
{
    json_t *list = json_array();
    for (int r = 0; r < f->players; r++)
        json_array_append_new(list, json_string(names[ippon_mjai_table_seat(f, r)]));
    return json_pack("{s:s,s:o}", "type", "start_game", "names", list);
}

json_t *ippon_mjai_plain(const char *type)
{
    return json_pack("{s:s}", "type", type);
}

const char *ippon_mjai_abort_name(int kind)
{
    static const char *const names[] = { "九種九牌", "四風連打", "四家立直", "四槓散了", "三家和了", "流し満貫" };
    return kind >= 0 && kind <= IPPON_ABORT_NAGASHI ? names[kind] : "流局";
}

const char *ippon_mjai_ryukyoku_reason(const ippon_mjai_frame *f, const ippon_event *ev)
{
    if (ev->type == IPPON_EV_ABORT)
        return ippon_mjai_abort_name(ev->u.end.kind);
    int tenpai = 0;
    bool any_payment = false;
    for (int s = 0; s < f->players; s++) {
        any_payment |= ev->u.end.payments[s] != 0;
        tenpai += ev->u.end.tenpai[s];
    }
    return any_payment ? "流局" : tenpai == f->players ? "全員聴牌" : tenpai == 0 ? "全員不聴" : "流局";
}

bool ippon_mjai_fold_dora(json_t *start_kyoku, json_t *dora)
{
    if (!start_kyoku || json_object_get(start_kyoku, "dora_marker"))
        return false;
    json_object_set(start_kyoku, "dora_marker", json_object_get(dora, "dora_marker"));
    json_decref(dora);
    return true;
}

static json_t *start_kyoku(ippon_mjai_frame *f, const ippon_event *ev)
{
    if (f->first < 0)
        f->first = (int8_t)ev->u.start.dealer;
    static const char *const winds[] = { "E", "S", "W", "N" };
    int oya = ippon_mjai_seat_of(f, ev->u.start.dealer);
    json_t *tehais = json_array();
    for (int s = 0; s < f->players; s++)
        json_array_append_new(tehais, json_array());
    return json_pack("{s:s,s:s,s:i,s:i,s:i,s:i,s:o,s:o}", "type", "start_kyoku", "bakaze",
                     winds[ev->u.start.round_wind & 3], "kyoku", oya + 1, "honba", ev->u.start.honba, "kyotaku",
                     ev->u.start.sticks, "oya", oya, "scores", seat_ints(f, ev->u.start.points), "tehais", tehais);
}

static json_t *call(const ippon_mjai_frame *f, const ippon_event *ev)
{
    const ippon_meld_tiles *mt = &ev->u.meld;
    int seat = ippon_mjai_seat_of(f, ev->seat);
    switch (mt->type) {
    case IPPON_MELD_CHI:
    case IPPON_MELD_PON:
    case IPPON_MELD_DAIMINKAN: {
        static const char *const names[] = { [IPPON_MELD_CHI] = "chi", [IPPON_MELD_PON] = "pon",
                                             [IPPON_MELD_DAIMINKAN] = "daiminkan" };
        int n = mt->type == IPPON_MELD_DAIMINKAN ? 3 : 2;
        return json_pack("{s:s,s:i,s:i,s:o,s:o}", "type", names[mt->type], "actor", seat, "target",
                         ippon_mjai_seat_of(f, mt->from), "pai", ippon_mjai_tile(f, mt->called), "consumed",
                         ippon_mjai_tiles(f, mt->tiles, n));
    }
    case IPPON_MELD_ANKAN:
        return json_pack("{s:s,s:i,s:o}", "type", "ankan", "actor", seat, "consumed", ippon_mjai_tiles(f, mt->tiles, 4));
    case IPPON_MELD_KAKAN: {
        ippon_tile three[3] = { mt->tiles[0], mt->tiles[1], mt->called };
        return json_pack("{s:s,s:i,s:o,s:o}", "type", "kakan", "actor", seat, "pai", ippon_mjai_tile(f, mt->added),
                         "consumed", ippon_mjai_tiles(f, three, 3));
    }
    default:
        return NULL;
    }
}

static json_t *hora(const ippon_mjai_frame *f, const ippon_event *ev)
{
    json_t *ura = ippon_mjai_tiles(f, ev->u.win.ura, ev->u.win.n_ura);
    return json_pack("{s:s,s:i,s:i,s:o,s:o,s:o}", "type", "hora", "actor", ippon_mjai_seat_of(f, ev->seat), "target",
                     ippon_mjai_seat_of(f, ev->u.win.from), "pai", ippon_mjai_tile(f, ev->tile), "deltas",
                     seat_ints(f, ev->u.win.score.payments), "ura_markers", ura);
}

static json_t *ryukyoku(const ippon_mjai_frame *f, const ippon_event *ev)
{
    json_t *tenpais = json_array();
    for (int r = 0; r < f->players; r++)
        json_array_append_new(tenpais, json_boolean(ev->u.end.tenpai[ippon_mjai_table_seat(f, r)]));
    return json_pack("{s:s,s:s,s:o,s:o}", "type", "ryukyoku", "reason", ippon_mjai_ryukyoku_reason(f, ev), "deltas",
                     seat_ints(f, ev->u.end.payments), "tenpais", tenpais);
}

int ippon_mjai_event(ippon_mjai_frame *f, const ippon_event *ev, const char *kita_type, json_t *out[2])
{
    int actor = ev->seat >= 0 ? ippon_mjai_seat_of(f, ev->seat) : -1;
    json_t *one = NULL;
    switch (ev->type) {
    case IPPON_EV_HAND_START: one = start_kyoku(f, ev); break;
    case IPPON_EV_DRAW:
        one = json_pack("{s:s,s:i,s:o}", "type", "tsumo", "actor", actor, "pai", ippon_mjai_tile(f, ev->tile));
        break;
    case IPPON_EV_DISCARD: {
        int n = 0;
        if (ev->flags & IPPON_DISCARD_RIICHI)
            out[n++] = json_pack("{s:s,s:i}", "type", "reach", "actor", actor);
        out[n++] = json_pack("{s:s,s:i,s:o,s:b}", "type", "dahai", "actor", actor, "pai", ippon_mjai_tile(f, ev->tile),
                             "tsumogiri", (ev->flags & IPPON_DISCARD_TSUMOGIRI) != 0);
        return n;
    }
    case IPPON_EV_RIICHI_STICK: one = json_pack("{s:s,s:i}", "type", "reach_accepted", "actor", actor); break;
    case IPPON_EV_CALL: one = call(f, ev); break;
    case IPPON_EV_KITA: one = json_pack("{s:s,s:i,s:s}", "type", kita_type, "actor", actor, "pai", "N"); break;
    case IPPON_EV_DORA: one = json_pack("{s:s,s:o}", "type", "dora", "dora_marker", ippon_mjai_tile(f, ev->tile)); break;
    case IPPON_EV_WIN: one = hora(f, ev); break;
    case IPPON_EV_DRAW_END:
    case IPPON_EV_ABORT: one = ryukyoku(f, ev); break;
    case IPPON_EV_MATCH_END: one = ippon_mjai_plain("end_game"); break;
    default: break;
    }
    if (!one)
        return 0;
    out[0] = one;
    return 1;
}
