/*
 * seat.c — one seat's tiles inside a match: taking and giving tiles (the hand stays sorted by
 * tile id, which is the fixed sort order m p s winds dragons), its waits, furiten and tenpai
 * (also as the seat's own play-aid reads them: ippon_match_seat_waits and
 * ippon_match_waits_after_discard), and the ippon_win that a tsumo or ron of this seat would
 * score.
 */
#include <assert.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/shanten.h"
#include "match_internal.h"
#include "score_internal.h"
#include "shanten_internal.h"

int ippon_seat_wind(const ippon_match *m, int seat)
{
    assert(seat >= 0 && seat < m->players);
    int x = seat - m->dealer + m->players;
    if (x >= 0 && x < 2 * m->players) /* a seat of the table: no division */
        return x >= m->players ? x - m->players : x;
    return x % m->players;
}

bool ippon_tile_is_red(const ippon_match *m, ippon_tile t)
{
    /* copy 0 of 5m, 5p and 5s (ids 16, 52, 88) where the rules have a red five: no branches */
    const uint8_t *red = m->rules.red_fives;
    return (t == 16 && red[0]) | (t == 52 && red[1]) | (t == 88 && red[2]);
}

void ippon_seat_take(ippon_match *m, int seat, ippon_tile t)
{
    assert(seat >= 0 && seat < m->players && t < IPPON_TILE_IDS);
    struct seat_state *s = &m->seat[seat];
    assert(s->n_hand < 14 && s->counts[ippon_tile_kind(t)] < 4);
    int i = s->n_hand;
    while (i > 0 && s->hand[i - 1] > t) {
        s->hand[i] = s->hand[i - 1];
        i--;
    }
    s->hand[i] = t;
    s->n_hand++;
    s->counts[ippon_tile_kind(t)]++;
}

void ippon_seat_give(ippon_match *m, int seat, ippon_tile t)
{
    struct seat_state *s = &m->seat[seat];
    int i = 0;
    while (i < s->n_hand && s->hand[i] != t)
        i++;
    assert(i < s->n_hand); /* only tiles the seat holds are given */
    if (i == s->n_hand)
        return;
    assert(s->counts[ippon_tile_kind(t)] > 0);
    memmove(&s->hand[i], &s->hand[i + 1], (size_t)(s->n_hand - i - 1));
    s->n_hand--;
    s->counts[ippon_tile_kind(t)]--;
}

/*
 * A tile id of `kind` in the seat's hand: a red one if want_red and there is one, else a
 * plain one if there is one (else whatever there is); never the id `avoid`. -1 if none.
 */
int ippon_seat_find(const ippon_match *m, int seat, int kind, bool want_red, int avoid)
{
    const struct seat_state *s = &m->seat[seat];
    int fallback = -1;
    for (int i = 0; i < s->n_hand; i++) {
        ippon_tile t = s->hand[i];
        if (ippon_tile_kind(t) != kind || t == avoid)
            continue;
        if (ippon_tile_is_red(m, t) == want_red)
            return t;
        fallback = t;
    }
    return fallback;
}

void ippon_seat_update_waits(ippon_match *m, int seat)
{
    assert(seat >= 0 && seat < m->players);
    struct seat_state *s = &m->seat[seat];
    assert(s->n_hand + 3 * s->n_melds <= 14);
    int shanten = SHANTEN_UNKNOWN;
    s->waits = s->n_hand % 3 == 1 ? shanten_waits(s->counts, s->n_melds, &m->rules, &shanten) : 0;
    s->shanten = (int8_t)shanten;
    s->shanten_tiles = s->n_hand;
}

/* what the karaten test counts as the seat's own tiles */
static void own_tiles(const ippon_match *m, int seat, const uint8_t *counts, uint8_t own[IPPON_KINDS])
{
    const struct seat_state *s = &m->seat[seat];
    memcpy(own, counts, IPPON_KINDS);
    if (m->rules.karaten == IPPON_KARATEN_CONCEALED)
        return;
    for (int i = 0; i < s->n_melds; i++)
        for (int j = 0; j < s->melds[i].n; j++)
            own[ippon_tile_kind(s->melds[i].tiles[j])]++;
    own[IPPON_NORTH] += s->n_kita;
}

/* waits of the given concealed counts that survive the karaten test */
uint64_t ippon_seat_live_waits(const ippon_match *m, int seat, const uint8_t *counts, int melds)
{
    uint64_t waits = ippon_waits(counts, melds, &m->rules);
    if (!waits)
        return 0;
    uint8_t own[IPPON_KINDS];
    own_tiles(m, seat, counts, own);
    return ippon_waits_live(waits, own);
}

bool ippon_seat_tenpai(const ippon_match *m, int seat)
{
    const struct seat_state *s = &m->seat[seat];
    return ippon_seat_live_waits(m, seat, s->counts, s->n_melds) != 0;
}

bool ippon_seat_furiten(const ippon_match *m, int seat) { return ippon_seat_furiten_kind(m, seat) != IPPON_FURITEN_NONE; }

ippon_furiten ippon_seat_furiten_kind(const ippon_match *m, int seat)
{
    const struct seat_state *s = &m->seat[seat];
    if (s->riichi_furiten)
        return IPPON_FURITEN_RIICHI;
    if (s->waits & s->discarded_kinds)
        return IPPON_FURITEN_PERMANENT;
    return s->temp_furiten ? IPPON_FURITEN_TEMPORARY : IPPON_FURITEN_NONE;
}

uint64_t ippon_match_seat_waits(const ippon_match *m, int seat, ippon_furiten *furiten)
{
    bool ok = seat >= 0 && seat < m->players;
    /* after a draw the waits still describe the 13 tiles before it (they change at the discard);
       after a chi or pon they describe no hand the seat holds */
    bool stands = ok && (m->seat[seat].n_hand % 3 == 1 || ippon_match_drawn_tile(m, seat) >= 0);
    uint64_t waits = stands ? m->seat[seat].waits : 0;
    if (furiten)
        *furiten = waits ? ippon_seat_furiten_kind(m, seat) : IPPON_FURITEN_NONE;
    return waits;
}

uint64_t ippon_match_waits_after_discard(const ippon_match *m, int seat, int kind, ippon_furiten *furiten)
{
    if (furiten)
        *furiten = IPPON_FURITEN_NONE;
    if (seat < 0 || seat >= m->players || kind < 0 || kind >= IPPON_KINDS)
        return 0;
    const struct seat_state *s = &m->seat[seat];
    if (s->n_hand % 3 != 2 || s->counts[kind] == 0)
        return 0;
    uint8_t after[IPPON_KINDS];
    memcpy(after, s->counts, IPPON_KINDS);
    after[kind]--;
    uint64_t waits = ippon_waits(after, s->n_melds, &m->rules);
    /* the discard itself joins the pond, and it ends temporary furiten (RULES.md §4) */
    if (furiten && waits)
        *furiten = s->riichi_furiten                                             ? IPPON_FURITEN_RIICHI
                   : (waits & (s->discarded_kinds | UINT64_C(1) << kind)) != 0 ? IPPON_FURITEN_PERMANENT
                                                                                : IPPON_FURITEN_NONE;
    return waits;
}

bool ippon_seat_is_closed(const ippon_match *m, int seat)
{
    const struct seat_state *s = &m->seat[seat];
    for (int i = 0; i < s->n_melds; i++)
        if (s->melds[i].type != IPPON_MELD_ANKAN)
            return false;
    return true;
}

static void add_red(const ippon_match *m, ippon_win *w, ippon_tile t)
{
    int code = ippon_tile_code(t, m->rules.red_fives);
    if (ippon_code_is_red(code))
        w->red[code - IPPON_RED_5M]++;
}

/* the seat's melds as the scorer sees them: sources as seat winds */
static void fill_melds(const ippon_match *m, int seat, ippon_win *w)
{
    const struct seat_state *s = &m->seat[seat];
    w->n_melds = s->n_melds;
    for (int i = 0; i < s->n_melds; i++) {
        const ippon_meld_tiles *mt = &s->melds[i];
        int lowest = ippon_tile_kind(mt->tiles[0]);
        for (int j = 1; j < mt->n; j++)
            if (ippon_tile_kind(mt->tiles[j]) < lowest)
                lowest = ippon_tile_kind(mt->tiles[j]);
        w->melds[i] = (ippon_meld){
            .type = mt->type,
            .kind = (uint8_t)lowest,
            .called = (uint8_t)(mt->type == IPPON_MELD_ANKAN ? lowest : ippon_tile_kind(mt->called)),
            .from = (int8_t)(mt->from < 0 ? -1 : ippon_seat_wind(m, mt->from)),
            .kan_seq = mt->kan_seq,
        };
        for (int j = 0; j < mt->n; j++)
            add_red(m, w, mt->tiles[j]);
    }
}

int ippon_seat_score(const ippon_match *m, int seat, ippon_tile t, bool tsumo, int from, int offer_kind,
                     int sticks, int honba, ippon_score *out)
{
    assert(seat >= 0 && seat < m->players && out);
    assert(tsumo ? from == seat : from >= 0 && from < m->players && from != seat);
    const struct seat_state *s = &m->seat[seat];
    ippon_win w;
    memset(&w, 0, sizeof w);
    memcpy(w.hand, s->counts, IPPON_KINDS);
    if (tsumo)
        w.hand[ippon_tile_kind(t)]--; /* the drawn tile is already in the hand */
    for (int i = 0; i < s->n_hand; i++)
        if (!tsumo || s->hand[i] != t)
            add_red(m, &w, s->hand[i]);
    add_red(m, &w, t);
    fill_melds(m, seat, &w);
    w.win = (uint8_t)ippon_tile_kind(t);
    w.tsumo = tsumo;
    w.from = (int8_t)(tsumo ? -1 : ippon_seat_wind(m, from));
    w.seat = (uint8_t)ippon_seat_wind(m, seat);
    w.round_wind = m->round_wind;
    w.riichi = s->riichi && !s->double_riichi;
    w.double_riichi = s->double_riichi;
    w.ippatsu = s->ippatsu;
    int live = m->live_end - m->next_draw;
    bool first_turn = !m->interrupted && s->n_discards == 0;
    if (tsumo) {
        w.rinshan = m->drawn_rinshan;
        w.haitei = live == 0 && !m->drawn_rinshan;
        w.tenhou = first_turn && w.seat == 0;
        w.chiihou = first_turn && w.seat != 0;
    } else {
        w.houtei = live == 0 && offer_kind == OFFER_DISCARD;
        w.chankan = offer_kind == OFFER_KAKAN || offer_kind == OFFER_ANKAN;
    }
    w.kita = s->n_kita;
    w.n_dora = (uint8_t)m->n_dora;
    for (int i = 0; i < m->n_dora; i++)
        w.dora[i] = (uint8_t)ippon_tile_kind(m->wall[m->n_wall - 9 - 2 * i]);
    if (w.riichi || w.double_riichi) {
        w.n_ura = w.n_dora;
        for (int i = 0; i < m->n_dora; i++)
            w.ura[i] = (uint8_t)ippon_tile_kind(m->wall[m->n_wall - 10 - 2 * i]);
    }
    w.honba = honba;
    w.riichi_sticks = sticks;
    /* the table only builds possible situations, so the input check is skipped (and asserted) */
    assert(ippon_win_check(&m->rules, &w, NULL, 0) == IPPON_OK);
    ippon_score_unchecked(&m->rules, &w, out);
    return IPPON_OK;
}
