/*
 * turn.c — what the seat on turn does (RULES.md §2–4): draw (normal or replacement), discard
 * (declaring riichi with it or not), tsumo, ankan, kakan, kita, and — in rule sets with
 * abortive draws — kyuushu kyuuhai. Actions arrive here already checked against the legal list.
 *
 * A kakan (and, where kokushi may rob it, an ankan; where kita can be ronned, a kita) first
 * opens an offer to rob it; only when every offered seat has passed does it stand: ippatsu
 * ends for everybody, the kan indicator is revealed (or left pending until the kan player's
 * next discard, for open and added kans under the delayed rule) and the replacement tile is
 * drawn.
 */
#include <assert.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/shanten.h"
#include "match_internal.h"

void ippon_turn_draw(ippon_match *m, int seat, bool replacement, struct events *e)
{
    ippon_tile t;
    /* the callers check first that a tile is left: the live wall for a normal draw, the
       replacement tiles (and a live tile to move into the dead wall) for a replacement */
    assert(m->next_draw < m->live_end);
    assert(!replacement || m->replacements < m->rules.replacement_tiles);
    if (replacement) {
        t = m->wall[m->n_wall - 1 - m->replacements];
        m->replacements++;
        m->live_end--; /* the last live tile joins the dead wall */
    } else {
        t = m->wall[m->next_draw++];
    }
    ippon_seat_take(m, seat, t);
    m->phase = IPPON_PHASE_TURN;
    m->turn = (uint8_t)seat;
    m->drawn = t;
    m->drawn_rinshan = replacement;
    m->after_call = false;
    ippon_event *mine = ippon_ev_push(e, IPPON_EV_DRAW, seat, seat);
    mine->tile = t;
    mine->flags = replacement;
    ippon_event *theirs = ippon_ev_push(e, IPPON_EV_DRAW, -1, seat);
    theirs->others_only = true;
    theirs->flags = replacement;
}

static void reveal_pending(ippon_match *m, int seat, struct events *e)
{
    if (m->pending_dora_seat != seat)
        return;
    while (m->pending_dora > 0) {
        ippon_match_reveal_dora(m, e);
        m->pending_dora--;
    }
    m->pending_dora_seat = -1;
}

static void end_ippatsu(ippon_match *m)
{
    for (int s = 0; s < m->players; s++)
        m->seat[s].ippatsu = false;
    m->interrupted = true;
}

static void discard(ippon_match *m, int seat, ippon_tile t, bool riichi, struct events *e)
{
    struct seat_state *s = &m->seat[seat];
    uint8_t flags = (uint8_t)((t == m->drawn ? IPPON_DISCARD_TSUMOGIRI : 0) | (riichi ? IPPON_DISCARD_RIICHI : 0));
    if (riichi) {
        s->riichi = true;
        s->double_riichi = !m->interrupted && s->n_discards == 0;
        s->ippatsu = true;
        m->riichi_count++;
    } else {
        s->ippatsu = false; /* ippatsu ends at the riichi player's next discard at the latest */
    }
    ippon_seat_give(m, seat, t);
    assert(s->n_discards < IPPON_MAX_DISCARDS);
    s->discards[s->n_discards++] = (ippon_discard){ .tile = t, .flags = flags };
    s->discarded_kinds |= 1ull << ippon_tile_kind(t);
    s->temp_furiten = false;
    s->kuikae = 0;
    ippon_seat_update_waits(m, seat);
    m->drawn = -1;
    m->after_call = false;
    ippon_event *ev = ippon_ev_push(e, IPPON_EV_DISCARD, -1, seat);
    ev->tile = t;
    ev->flags = flags;
    reveal_pending(m, seat, e);
    ippon_offer_open(m, OFFER_DISCARD, seat, t, riichi, e);
}

void ippon_turn_establish_kan(ippon_match *m, int seat, int meld_index, struct events *e)
{
    assert(meld_index >= 0 && meld_index < m->seat[seat].n_melds);
    const ippon_meld_tiles *mt = &m->seat[seat].melds[meld_index];
    assert(mt->n == 4 && mt->type != IPPON_MELD_CHI && mt->type != IPPON_MELD_PON);
    end_ippatsu(m);
    reveal_pending(m, seat, e); /* an earlier kan's indicator comes first (no-op if already shown) */
    if (mt->type == IPPON_MELD_ANKAN || !m->rules.open_kan_dora_delayed) {
        ippon_match_reveal_dora(m, e);
    } else {
        m->pending_dora++;
        m->pending_dora_seat = (int8_t)seat;
    }
    ippon_turn_draw(m, seat, true, e);
}

static void push_call(ippon_match *m, int seat, int meld_index, struct events *e)
{
    ippon_event *ev = ippon_ev_push(e, IPPON_EV_CALL, -1, seat);
    ev->u.meld = m->seat[seat].melds[meld_index];
}

static void ankan(ippon_match *m, int seat, int kind, struct events *e)
{
    struct seat_state *s = &m->seat[seat];
    if (m->rules.pending_dora_at_declaration)
        reveal_pending(m, seat, e);
    assert(s->n_melds < 4 && s->counts[kind] == 4);
    ippon_meld_tiles *mt = &s->melds[s->n_melds];
    memset(mt, 0, sizeof *mt);
    mt->type = IPPON_MELD_ANKAN;
    mt->n = 4;
    mt->from = -1;
    mt->called = mt->added = 255;
    int n = 0;
    for (int i = s->n_hand - 1; i >= 0; i--)
        if (ippon_tile_kind(s->hand[i]) == kind)
            mt->tiles[n++] = s->hand[i];
    for (int i = 0; i < 4; i++)
        ippon_seat_give(m, seat, mt->tiles[i]);
    mt->kan_seq = (uint8_t)++m->n_kans;
    m->kan_seats |= (uint8_t)(1u << seat);
    s->n_melds++;
    ippon_seat_update_waits(m, seat);
    m->drawn = -1;
    push_call(m, seat, s->n_melds - 1, e);
    ippon_offer_open(m, OFFER_ANKAN, seat, mt->tiles[3], false, e);
}

static void kakan(ippon_match *m, int seat, ippon_tile t, struct events *e)
{
    struct seat_state *s = &m->seat[seat];
    if (m->rules.pending_dora_at_declaration)
        reveal_pending(m, seat, e);
    int i = 0;
    while (i < s->n_melds && !(s->melds[i].type == IPPON_MELD_PON &&
                               ippon_tile_kind(s->melds[i].tiles[0]) == ippon_tile_kind(t)))
        i++;
    assert(i < s->n_melds); /* a kakan adds to one of the seat's pons */
    ippon_meld_tiles *mt = &s->melds[i];
    ippon_seat_give(m, seat, t);
    mt->type = IPPON_MELD_KAKAN;
    mt->tiles[3] = t;
    mt->added = t;
    mt->n = 4;
    mt->kan_seq = (uint8_t)++m->n_kans;
    m->kan_seats |= (uint8_t)(1u << seat);
    ippon_seat_update_waits(m, seat);
    m->drawn = -1;
    push_call(m, seat, i, e);
    ippon_offer_open(m, OFFER_KAKAN, seat, t, false, e);
}

static void kita(ippon_match *m, int seat, ippon_tile t, struct events *e)
{
    struct seat_state *s = &m->seat[seat];
    /* the waits still describe the 13 tiles before the draw: a North that would have won,
       set aside in riichi, is a passed win */
    if (s->riichi && (s->waits >> IPPON_NORTH & 1))
        s->riichi_furiten = true;
    assert(ippon_tile_kind(t) == IPPON_NORTH && s->n_kita < 4);
    ippon_seat_give(m, seat, t);
    s->kita[s->n_kita++] = t;
    ippon_seat_update_waits(m, seat);
    m->drawn = -1;
    ippon_event *ev = ippon_ev_push(e, IPPON_EV_KITA, -1, seat);
    ev->tile = t;
    ippon_offer_open(m, OFFER_KITA, seat, t, false, e);
}

void ippon_turn_finish_kita(ippon_match *m, int seat, struct events *e)
{
    end_ippatsu(m);
    ippon_turn_draw(m, seat, true, e);
}

int ippon_turn_apply(ippon_match *m, const ippon_action *a, struct events *e)
{
    assert(m->phase == IPPON_PHASE_TURN && a->seat == m->turn);
    int seat = a->seat;
    switch (a->type) {
    case IPPON_ACT_DISCARD:
        discard(m, seat, a->tile, a->riichi, e);
        return IPPON_OK;
    case IPPON_ACT_TSUMO: {
        assert(m->drawn >= 0);
        int8_t winner = (int8_t)seat;
        ippon_match_end_win(m, 1, &winner, seat, (ippon_tile)m->drawn, true, -1, e);
        return IPPON_OK;
    }
    case IPPON_ACT_ANKAN:
        ankan(m, seat, ippon_tile_kind(a->tile), e);
        return IPPON_OK;
    case IPPON_ACT_KAKAN:
        kakan(m, seat, a->tile, e);
        return IPPON_OK;
    case IPPON_ACT_KITA:
        kita(m, seat, a->tile, e);
        return IPPON_OK;
    case IPPON_ACT_KYUUSHU:
        ippon_match_end_abort(m, IPPON_ABORT_KYUUSHU, e);
        return IPPON_OK;
    default:
        return IPPON_EILLEGAL;
    }
}
