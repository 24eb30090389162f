/*
 * game_log.c — writing a match as tenhou.net/6 JSON and as mjai events (game_log.h).
 *
 * tenhou.net/6 keeps, per hand, each seat's starting tiles, a draw column (tiles drawn; chi, pon
 * and daiminkan as strings whose letter position says where the tile came from) and a discard
 * column (tiles, 60 for tsumogiri, "r" for riichi, ankan/kakan strings, "f44" for kita, 0 after
 * a daiminkan), then the result. A hand is closed when the next one starts or the match ends,
 * since a double ron reports two wins.
 *
 * The mjai messages are built by mjai_event.c, which the per-seat stream of an AI at the table
 * (src/mjai/) builds its messages with too; this file folds them into a log with every hand open.
 *
 * Seats. Both formats number the seats from the match's first dealer (起家): log seat 0 deals
 * East 1, and turn order goes 0, 1, 2(, 3). The table's seats are turned accordingly — log seat
 * r is table seat (r + first dealer) mod players — names and every seat in every hand included,
 * so a viewer shows the first hand as East 1 and each name at its own seat (mjai_event.h's frame).
 *
 * Round. A hand's header is [round, honba, sticks] with round = 4 x round wind + dealer (log
 * seat). A single-hand match plays on past North 4 (src/core/RULES.md §1) with the round wind cycling
 * back to East (E S W N in 4p, E S W in 3p), so the round written stays within 0..15 (3p: 0..10)
 * while the honba counts on. A reader should accept a larger round too, as ippon-replay does
 * (include/ippon/tenhou_log.h): dealer = round mod 4, round wind = (round / 4) modulo the
 * cycle of winds (for 4p the same as taking the round modulo 16).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/game_log.h"
#include "ippon/mjai_event.h"

struct ippon_game_log {
    ippon_rules rules;
    char names[4][48];   /* by table seat */
    char title[2][96];   /* tenhou.net/6's two title lines */
    json_t *hands, *mjai;
    bool in_hand;
    json_t *head, *scores, *dora, *ura, *deal[4], *draws[4], *discards[4], *result;
    json_t *start_kyoku; /* the current mjai start_kyoku, completed by the deal and first indicator */
    int dealer, players; /* dealer: the current hand's, as a log seat */
    ippon_mjai_frame frame; /* the seats' numbering: the first dealer's table seat, -1 before the first hand */
};

/* the log's seat of a table seat, and the table seat of a log seat (Seats, above; before the
   first hand the seats are as they are) */
static int log_seat(const ippon_game_log *g, int seat)
{
    return ippon_mjai_seat_of(&g->frame, seat);
}

static int table_seat(const ippon_game_log *g, int log)
{
    return ippon_mjai_table_seat(&g->frame, log);
}

/* a per-table-seat list as the log's four (three) seats, 0 in a 3-player log's fourth slot
   (slots = 4) or only the players' seats (slots = players) */
static json_t *seat_ints(const ippon_game_log *g, const int32_t *by_table_seat, int slots)
{
    json_t *list = json_array();
    for (int r = 0; r < slots; r++)
        json_array_append_new(list, json_integer(r < g->players ? by_table_seat[table_seat(g, r)] : 0));
    return list;
}

/* the players' names in log seat order */
static json_t *names_json(const ippon_game_log *g, int slots)
{
    json_t *list = json_array();
    for (int r = 0; r < slots; r++)
        json_array_append_new(list, json_string(r < g->players ? g->names[table_seat(g, r)] : ""));
    return list;
}

static int tenhou_of(const ippon_game_log *g, ippon_tile t)
{
    return ippon_code_to_tenhou(ippon_tile_code(t, g->rules.red_fives));
}

ippon_game_log *ippon_game_log_new(const ippon_rules *rules, const char *const *names, const char *title,
                                   const char *subtitle)
{
    ippon_game_log *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->rules = *rules;
    g->players = rules->players;
    for (int s = 0; s < 4; s++) {
        if (names && s < g->players && names[s])
            snprintf(g->names[s], sizeof g->names[s], "%s", names[s]);
        else if (s < g->players)
            snprintf(g->names[s], sizeof g->names[s], "Seat %d", s);
    }
    snprintf(g->title[0], sizeof g->title[0], "%s", title ? title : "ippon");
    snprintf(g->title[1], sizeof g->title[1], "%s", subtitle ? subtitle : "");
    ippon_mjai_frame_init(&g->frame, rules);
    g->hands = json_array();
    g->mjai = json_array();
    return g;
}

static void drop_hand(ippon_game_log *g)
{
    json_t **parts[] = { &g->head, &g->scores, &g->dora, &g->ura, &g->result };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        json_decref(*parts[i]);
        *parts[i] = NULL;
    }
    for (int s = 0; s < 4; s++) {
        json_decref(g->deal[s]);
        json_decref(g->draws[s]);
        json_decref(g->discards[s]);
        g->deal[s] = g->draws[s] = g->discards[s] = NULL;
    }
    g->start_kyoku = NULL;
    g->in_hand = false;
}

void ippon_game_log_free(ippon_game_log *g)
{
    if (!g)
        return;
    drop_hand(g);
    json_decref(g->hands);
    json_decref(g->mjai);
    free(g);
}

/* appends the current hand to the log */
static void close_hand(ippon_game_log *g)
{
    if (!g->in_hand)
        return;
    json_t *hand = json_pack("[OOOO]", g->head, g->scores, g->dora, g->ura);
    for (int s = 0; s < 4; s++) {
        json_array_append(hand, g->deal[s]);
        json_array_append(hand, g->draws[s]);
        json_array_append(hand, g->discards[s]);
    }
    json_array_append(hand, g->result ? g->result : json_pack("[s]", "流局"));
    json_array_append_new(g->hands, hand);
    json_array_append_new(g->mjai, ippon_mjai_plain("end_kyoku"));
    drop_hand(g);
}

static const char *const *name_list(const ippon_game_log *g, const char *out[4])
{
    for (int s = 0; s < 4; s++)
        out[s] = g->names[s];
    return out;
}

/* the first hand fixes the log's seats: mjai's start_game names them in that order */
static void start_game(ippon_game_log *g, int first_dealer)
{
    if (g->frame.first >= 0)
        return;
    g->frame.first = (int8_t)first_dealer;
    const char *names[4];
    json_array_insert_new(g->mjai, 0, ippon_mjai_start_game(&g->frame, name_list(g, names)));
}

/* appends an event's mjai messages */
static void mjai_messages(ippon_game_log *g, const ippon_event *ev)
{
    json_t *out[2];
    int n = ippon_mjai_event(&g->frame, ev, "nukidora", out);
    for (int i = 0; i < n; i++)
        json_array_append_new(g->mjai, out[i]);
}

static void start_hand(ippon_game_log *g, const ippon_event *ev)
{
    close_hand(g);
    start_game(g, ev->u.start.dealer);
    g->in_hand = true;
    g->dealer = log_seat(g, ev->u.start.dealer);
    int round = 4 * ev->u.start.round_wind + g->dealer;
    g->head = json_pack("[iii]", round, ev->u.start.honba, ev->u.start.sticks);
    g->scores = seat_ints(g, ev->u.start.points, 4);
    g->dora = json_array();
    g->ura = json_array();
    g->result = NULL;
    for (int s = 0; s < 4; s++) {
        g->deal[s] = json_array();
        g->draws[s] = json_array();
        g->discards[s] = json_array();
    }
    mjai_messages(g, ev);
    g->start_kyoku = json_array_get(g->mjai, json_array_size(g->mjai) - 1);
}

static void deal(ippon_game_log *g, const ippon_event *ev)
{
    ippon_tile tiles[14];
    int n = ev->u.hand.n;
    memcpy(tiles, ev->u.hand.tiles, (size_t)n);
    ippon_mjai_sort(&g->frame, tiles, n);
    int seat = log_seat(g, ev->seat);
    json_t *tehai = json_array_get(json_object_get(g->start_kyoku, "tehais"), (size_t)seat);
    for (int i = 0; i < n; i++) {
        json_array_append_new(g->deal[seat], json_integer(tenhou_of(g, tiles[i])));
        json_array_append_new(tehai, ippon_mjai_tile(&g->frame, tiles[i]));
    }
}

/* a meld string: the tiles' tenhou codes with `letter` (+ extra) placed before position `at` */
static json_t *meld_string(const ippon_game_log *g, const ippon_tile *tiles, int n, int at, const char *letter_part)
{
    char buf[32] = "";
    size_t len = 0;
    for (int i = 0; i <= n; i++) {
        if (i == at)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s", letter_part);
        if (i < n)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%02d", tenhou_of(g, tiles[i]));
    }
    return json_string(buf);
}

/* where a call's letter stands: by (discarder − caller) mod 4; 3 left, 2 across, 1 right */
static int letter_position(int caller, int from, bool kan)
{
    int slot = (from - caller + 4) % 4;
    return slot == 3 ? 0 : slot == 2 ? 1 : (kan ? 3 : 2);
}

/* the pon (or daiminkan) string of a meld; extra is inserted with the letter (kakan's added tile) */
static json_t *open_set_string(const ippon_game_log *g, int caller, int from, const ippon_meld_tiles *mt, char letter,
                               const ippon_tile *added)
{
    bool kan = mt->type == IPPON_MELD_DAIMINKAN;
    int own_n = kan ? 3 : 2;
    ippon_tile tiles[4];
    int pos = letter_position(caller, from, kan), k = 0;
    /* own tiles around the called one, which follows the letter */
    for (int i = 0, own = 0; i < own_n + 1; i++) {
        if (i == pos)
            tiles[k++] = mt->called;
        else
            tiles[k++] = mt->tiles[own++];
    }
    char part[8];
    if (added)
        snprintf(part, sizeof part, "%c%02d", letter, tenhou_of(g, *added));
    else
        snprintf(part, sizeof part, "%c", letter);
    return meld_string(g, tiles, own_n + 1, pos, part);
}

static void call(ippon_game_log *g, const ippon_event *ev)
{
    const ippon_meld_tiles *mt = &ev->u.meld;
    int seat = log_seat(g, ev->seat), from = log_seat(g, mt->from);
    switch (mt->type) {
    case IPPON_MELD_CHI: {
        ippon_tile tiles[3] = { mt->called, mt->tiles[0], mt->tiles[1] };
        json_array_append_new(g->draws[seat], meld_string(g, tiles, 3, 0, "c"));
        break;
    }
    case IPPON_MELD_PON:
    case IPPON_MELD_DAIMINKAN: {
        bool kan = mt->type == IPPON_MELD_DAIMINKAN;
        json_array_append_new(g->draws[seat], open_set_string(g, seat, from, mt, kan ? 'm' : 'p', NULL));
        if (kan)
            json_array_append_new(g->discards[seat], json_integer(0));
        break;
    }
    case IPPON_MELD_ANKAN:
        json_array_append_new(g->discards[seat], meld_string(g, mt->tiles, 4, 3, "a"));
        break;
    case IPPON_MELD_KAKAN: {
        ippon_meld_tiles pon = *mt;
        pon.type = IPPON_MELD_PON;
        json_array_append_new(g->discards[seat], open_set_string(g, seat, from, &pon, 'k', &mt->added));
        break;
    }
    default:
        break;
    }
}

static const char *limit_text(int limit)
{
    switch (limit) {
    case IPPON_LIMIT_MANGAN: return "満貫";
    case IPPON_LIMIT_HANEMAN: return "跳満";
    case IPPON_LIMIT_BAIMAN: return "倍満";
    case IPPON_LIMIT_SANBAIMAN: return "三倍満";
    case IPPON_LIMIT_KAZOE_YAKUMAN:
    case IPPON_LIMIT_YAKUMAN: return "役満";
    default: return NULL;
    }
}

static int up100(int x) { return (x + 99) / 100 * 100; }

/* "30符2飜2000点", "満貫2000-4000点", "40符1飜700点∀" … (dealer: a table seat) */
static json_t *score_text(const ippon_event *ev, int dealer)
{
    const ippon_score *sc = &ev->u.win.score;
    char head[32], pay[32], out[80];
    const char *limit = limit_text(sc->limit);
    if (limit)
        snprintf(head, sizeof head, "%s", limit);
    else
        snprintf(head, sizeof head, "%d符%d飜", sc->fu, sc->han);
    bool tsumo = ev->u.win.from == ev->seat, is_dealer = ev->seat == dealer;
    if (!tsumo)
        snprintf(pay, sizeof pay, "%d点", up100(sc->base * (is_dealer ? 6 : 4)));
    else if (is_dealer)
        snprintf(pay, sizeof pay, "%d点∀", up100(sc->base * 2));
    else
        snprintf(pay, sizeof pay, "%d-%d点", up100(sc->base), up100(sc->base * 2));
    snprintf(out, sizeof out, "%s%s", head, pay);
    return json_string(out);
}

static void win(ippon_game_log *g, const ippon_event *ev)
{
    const ippon_score *sc = &ev->u.win.score;
    if (!g->result)
        g->result = json_pack("[s]", "和了");
    json_t *deltas = seat_ints(g, sc->payments, 4);
    int pao = sc->n_pao ? sc->pao[0].seat : ev->seat;
    json_t *info = json_pack("[iiio]", log_seat(g, ev->seat), log_seat(g, ev->u.win.from), log_seat(g, pao),
                             score_text(ev, table_seat(g, g->dealer)));
    int dora_han = 0;
    for (int i = 0; i < sc->n_yaku; i++) {
        const ippon_yaku_han *y = &sc->yaku[i];
        if (y->yaku == IPPON_YAKU_DORA || y->yaku == IPPON_YAKU_KITA) {
            dora_han += y->han; /* tenhou counts kita inside ドラ */
            continue;
        }
        char text[64];
        if (y->yakuman)
            snprintf(text, sizeof text, "%s(役満)", ippon_yaku_tenhou_name(y->yaku));
        else
            snprintf(text, sizeof text, "%s(%d飜)", ippon_yaku_tenhou_name(y->yaku), y->han);
        json_array_append_new(info, json_string(text));
    }
    if (dora_han) {
        char text[32];
        snprintf(text, sizeof text, "ドラ(%d飜)", dora_han);
        json_array_append_new(info, json_string(text));
    }
    json_array_append_new(g->result, deltas);
    json_array_append_new(g->result, info);
    /* one ura list per hand: the indicators under the dora, shown when a riichi winner has them */
    if (ev->u.win.n_ura)
        json_array_clear(g->ura);
    for (int i = 0; i < ev->u.win.n_ura; i++)
        json_array_append_new(g->ura, json_integer(tenhou_of(g, ev->u.win.ura[i])));
}

const char *ippon_game_log_abort_name(int kind)
{
    return ippon_mjai_abort_name(kind);
}

static void draw_end(ippon_game_log *g, const ippon_event *ev)
{
    bool any_payment = false;
    for (int s = 0; s < g->players; s++)
        any_payment |= ev->u.end.payments[s] != 0;
    const char *name = ippon_mjai_ryukyoku_reason(&g->frame, ev);
    if (any_payment || ev->u.end.kind == IPPON_ABORT_NAGASHI)
        g->result = json_pack("[so]", name, seat_ints(g, ev->u.end.payments, 4));
    else
        g->result = json_pack("[s]", name);
}

void ippon_game_log_event(ippon_game_log *g, const ippon_event *ev)
{
    if (ev->type != IPPON_EV_HAND_START && ev->type != IPPON_EV_MATCH_END && !g->in_hand)
        return;
    switch (ev->type) {
    case IPPON_EV_HAND_START: start_hand(g, ev); break;
    case IPPON_EV_DEAL: deal(g, ev); break;
    case IPPON_EV_DRAW:
        if (ev->to != ev->seat) /* the private event has the tile; its public twin is skipped */
            return;
        json_array_append_new(g->draws[log_seat(g, ev->seat)], json_integer(tenhou_of(g, ev->tile)));
        break;
    case IPPON_EV_DISCARD: {
        int seat = log_seat(g, ev->seat);
        bool tsumogiri = ev->flags & IPPON_DISCARD_TSUMOGIRI, riichi = ev->flags & IPPON_DISCARD_RIICHI;
        int code = tsumogiri ? 60 : tenhou_of(g, ev->tile);
        if (riichi) {
            char text[8];
            snprintf(text, sizeof text, "r%02d", code);
            json_array_append_new(g->discards[seat], json_string(text));
        } else {
            json_array_append_new(g->discards[seat], json_integer(code));
        }
        break;
    }
    case IPPON_EV_CALL: call(g, ev); break;
    case IPPON_EV_KITA: json_array_append_new(g->discards[log_seat(g, ev->seat)], json_string("f44")); break;
    case IPPON_EV_DORA: {
        json_array_append_new(g->dora, json_integer(tenhou_of(g, ev->tile)));
        json_t *dora[2];
        ippon_mjai_event(&g->frame, ev, "nukidora", dora);
        if (!ippon_mjai_fold_dora(g->start_kyoku, dora[0]))
            json_array_append_new(g->mjai, dora[0]);
        return;
    }
    case IPPON_EV_WIN: win(g, ev); break;
    case IPPON_EV_DRAW_END:
    case IPPON_EV_ABORT: draw_end(g, ev); break;
    case IPPON_EV_MATCH_END:
        start_game(g, 0);
        close_hand(g);
        break;
    default: break;
    }
    if (ev->type != IPPON_EV_HAND_START)
        mjai_messages(g, ev);
}

json_t *ippon_game_log_tenhou(const ippon_game_log *g)
{
    bool red = g->rules.red_fives[0] || g->rules.red_fives[1] || g->rules.red_fives[2];
    char disp[64];
    snprintf(disp, sizeof disp, "%s一本勝負 %s", g->players == 3 ? "三" : "", g->rules.name);
    json_t *names = names_json(g, 4);
    json_t *log = json_deep_copy(g->hands);
    if (g->in_hand) { /* a running match: the hand so far, without a result */
        ippon_game_log *tmp = (ippon_game_log *)g;
        json_t *hand = json_pack("[OOOO]", tmp->head, tmp->scores, tmp->dora, tmp->ura);
        for (int s = 0; s < 4; s++) {
            json_array_append(hand, tmp->deal[s]);
            json_array_append(hand, tmp->draws[s]);
            json_array_append(hand, tmp->discards[s]);
        }
        json_array_append_new(hand, tmp->result ? json_deep_copy(tmp->result) : json_array());
        json_array_append_new(log, hand);
    }
    return json_pack("{s:[ss],s:o,s:{s:s,s:i},s:o}", "title", g->title[0], g->title[1], "name", names, "rule", "disp",
                     disp, "aka", red ? 1 : 0, "log", log);
}

json_t *ippon_game_log_mjai(const ippon_game_log *g)
{
    json_t *events = json_deep_copy(g->mjai);
    if (g->frame.first < 0) /* no hand yet: the seats as they are */
        json_array_insert_new(events, 0, ippon_mjai_start_game(&g->frame, name_list(g, (const char *[4]){ 0 })));
    return events;
}
