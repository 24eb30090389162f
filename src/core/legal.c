/*
 * legal.c — which actions a seat may take now, whether a submitted action is one of them (for
 * ippon_match_apply in match.c), and the action the table takes for a seat whose time ran out.
 *
 * On its turn after a draw a seat may discard any tile (one entry per distinct tile code, so a
 * red five and a plain five are separate choices), declare riichi with each discard that leaves
 * a tenpai hand with a live wait, tsumo, ankan, kakan, kita, or (rule sets with abortive draws)
 * call kyuushu kyuuhai. In riichi: the drawn tile, tsumo, an ankan that keeps the waits (and,
 * under the strict rule, keeps those tiles a triplet in every reading), a drawn North as kita.
 * After its own chi or pon a seat only discards, outside the kuikae ban. Offers are in offer.c.
 */
#include <assert.h>
#include <string.h>

#include "ippon/agari.h"
#include "ippon/error.h"
#include "ippon/shanten.h"
#include "counts_internal.h"
#include "match_internal.h"
#include "shanten_internal.h"

static int push(ippon_action *out, int n, int cap, int type, int seat, int tile, bool riichi)
{
    assert(tile >= 0 && tile < IPPON_TILE_IDS);
    if (n >= cap)
        return n;
    out[n] = (ippon_action){ .type = (uint8_t)type, .seat = (int8_t)seat, .tile = (ippon_tile)tile, .riichi = riichi };
    return n + 1;
}

/* ippon_tile_code without branches: the red fives are copy 0 of 5m, 5p and 5s (ids 16, 52, 88) */
static int code_of(const ippon_match *m, ippon_tile t)
{
    const uint8_t *red = m->rules.red_fives;
    bool is_red = (t == 16 && red[0]) | (t == 52 && red[1]) | (t == 88 && red[2]);
    int kind = t >> 2;
    return is_red ? IPPON_RED_5M + kind / 9 : kind;
}

/* one discard per distinct code, skipping banned kinds; riichi entries where they leave tenpai */
static int discard_options(const ippon_match *m, int seat, uint64_t ban, bool plain, bool with_riichi,
                           ippon_action *out, int n, int cap)
{
    const struct seat_state *s = &m->seat[seat];
    /* riichi needs a discard that leaves tenpai: one pass gives the shanten after every discard */
    int8_t after[IPPON_KINDS];
    if (with_riichi)
        ippon_shanten_discards(s->counts, s->n_melds, &m->rules, after);
    /* the hand is sorted by tile id, so equal codes are neighbours (a red five, copy 0, comes
       just before the plain fives) */
    int last_code = -1;
    for (int i = 0; i < s->n_hand; i++) {
        ippon_tile t = s->hand[i];
        int code = code_of(m, t);
        bool listed = code != last_code && !(ban >> ippon_tile_kind(t) & 1);
        last_code = code;
        if (plain && n < cap) { /* written every time, counted only when listed: no branch on it */
            out[n] = (ippon_action){ .type = IPPON_ACT_DISCARD, .seat = (int8_t)seat, .tile = t };
            n += listed;
        }
        if (!listed || !with_riichi || after[ippon_tile_kind(t)] != 0)
            continue;
        uint8_t counts[IPPON_KINDS];
        memcpy(counts, s->counts, IPPON_KINDS);
        counts[ippon_tile_kind(t)]--;
        if (ippon_seat_live_waits(m, seat, counts, s->n_melds))
            n = push(out, n, cap, IPPON_ACT_DISCARD, seat, t, true);
    }
    return n;
}

static bool can_declare_riichi(const ippon_match *m, int seat)
{
    const struct seat_state *s = &m->seat[seat];
    if (s->riichi || !ippon_seat_is_closed(m, seat) || s->points < m->rules.riichi_min_points ||
        m->live_end - m->next_draw < m->rules.riichi_min_live)
        return false;
    /* one drawn tile lowers the shanten by one at most: a hand two or more away before its draw
       (the waits were worked out then) is not tenpai after a discard */
    if (m->drawn >= 0 && s->shanten != SHANTEN_UNKNOWN && s->shanten_tiles + 1 == s->n_hand && s->shanten >= 2)
        return false;
    return ippon_shanten(s->counts, s->n_melds, &m->rules) <= 0;
}

/* an ankan in riichi keeps the waits (and, strictly, a triplet of `kind` in every reading) */
static bool riichi_ankan_keeps_hand(const ippon_match *m, int seat, int kind)
{
    const struct seat_state *s = &m->seat[seat];
    uint8_t after[IPPON_KINDS];
    memcpy(after, s->counts, IPPON_KINDS);
    after[kind] -= 4;
    if (ippon_waits(after, s->n_melds + 1, &m->rules) != s->waits)
        return false;
    if (m->rules.riichi_ankan != IPPON_RIICHI_ANKAN_STRICT)
        return true;
    uint8_t before[IPPON_KINDS];
    memcpy(before, s->counts, IPPON_KINDS);
    before[kind]--; /* the 13 tiles before the draw */
    for (int w = 0; w < IPPON_KINDS; w++) {
        if (!(s->waits >> w & 1))
            continue;
        before[w]++;
        ippon_agari readings[IPPON_AGARI_MAX];
        int n = ippon_agari_readings(before, !m->rules.man_terminals_only, readings, IPPON_AGARI_MAX);
        before[w]--;
        for (int r = 0; r < n && r < IPPON_AGARI_MAX; r++) {
            bool triplet = false;
            for (int i = 0; i < readings[r].n_sets; i++)
                triplet |= readings[r].sets[i].kind == kind && readings[r].sets[i].shape == IPPON_SET_TRIPLET;
            if (!triplet)
                return false;
        }
    }
    return true;
}

static int kyuushu_kinds(const struct seat_state *s)
{
    int kinds = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        kinds += s->counts[k] > 0 && ippon_kind_is_yaochu(k);
    return kinds;
}

/* whether the caller wants options of this type (only == NULL: every type) */
static bool wants(const ippon_action *only, int type) { return !only || only->type == type; }

int ippon_turn_options(const ippon_match *m, int seat, const ippon_action *only, ippon_action *out, int cap)
{
    assert(m->phase == IPPON_PHASE_TURN && seat == m->turn && cap >= 0);
    const struct seat_state *s = &m->seat[seat];
    bool plain = wants(only, IPPON_ACT_DISCARD) && !(only && only->riichi);
    bool riichi = wants(only, IPPON_ACT_DISCARD) && !(only && !only->riichi);
    if (m->after_call)
        return discard_options(m, seat, s->kuikae, plain, false, out, 0, cap);
    int n = 0;
    int drawn = m->drawn;
    int live = m->live_end - m->next_draw;
    bool room = live > 0 && m->n_kans < m->rules.max_kans && m->replacements < m->rules.replacement_tiles;
    bool kita_room = m->rules.kita && live > 0 && m->replacements < m->rules.replacement_tiles;
    if (wants(only, IPPON_ACT_TSUMO) && drawn >= 0 && (s->waits >> ippon_tile_kind((ippon_tile)drawn) & 1)) {
        ippon_score sc;
        ippon_seat_score(m, seat, (ippon_tile)drawn, true, seat, -1, m->sticks, m->honba, &sc);
        if (sc.result == IPPON_RESULT_WIN)
            n = push(out, n, cap, IPPON_ACT_TSUMO, seat, drawn, false);
    }
    if (s->riichi) {
        assert(drawn >= 0); /* a seat in riichi makes no calls: it is on turn after a draw */
        int k = ippon_tile_kind((ippon_tile)drawn);
        if (wants(only, IPPON_ACT_ANKAN) && room && s->counts[k] == 4 && riichi_ankan_keeps_hand(m, seat, k))
            n = push(out, n, cap, IPPON_ACT_ANKAN, seat, drawn, false);
        if (kita_room && k == IPPON_NORTH)
            n = push(out, n, cap, IPPON_ACT_KITA, seat, drawn, false);
        return push(out, n, cap, IPPON_ACT_DISCARD, seat, drawn, false);
    }
    n = discard_options(m, seat, 0, plain, riichi && can_declare_riichi(m, seat), out, n, cap);
    for (uint64_t fours = room ? counts_equal(s->counts, 4) : 0; fours; fours &= fours - 1) {
        int k = __builtin_ctzll(fours);
        n = push(out, n, cap, IPPON_ACT_ANKAN, seat, ippon_seat_find(m, seat, k, false, -1), false);
    }
    for (int i = 0; room && i < s->n_melds; i++) {
        int k = ippon_tile_kind(s->melds[i].tiles[0]);
        if (s->melds[i].type == IPPON_MELD_PON && s->counts[k] > 0)
            n = push(out, n, cap, IPPON_ACT_KAKAN, seat, ippon_seat_find(m, seat, k, false, -1), false);
    }
    if (kita_room && s->counts[IPPON_NORTH] > 0)
        n = push(out, n, cap, IPPON_ACT_KITA, seat, ippon_seat_find(m, seat, IPPON_NORTH, false, -1), false);
    if (m->rules.abortive_draws && !m->interrupted && s->n_discards == 0 && !m->drawn_rinshan &&
        kyuushu_kinds(s) >= 9)
        n = push(out, n, cap, IPPON_ACT_KYUUSHU, seat, 0, false);
    return n;
}

int ippon_match_legal(const ippon_match *m, int seat, ippon_action *out, int cap)
{
    if (!ippon_match_waiting_for(m, seat))
        return 0;
    if (m->phase == IPPON_PHASE_TURN)
        return ippon_turn_options(m, seat, NULL, out, cap);
    return ippon_offer_options(m, seat, out, cap);
}

static bool in_hand(const ippon_match *m, int seat, ippon_tile t)
{
    const struct seat_state *s = &m->seat[seat];
    for (int i = 0; i < s->n_hand; i++)
        if (s->hand[i] == t)
            return true;
    return false;
}

static void sort_codes(int *c, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
            int x = c[j];
            c[j] = c[j - 1];
            c[j - 1] = x;
        }
}

/* whether a submitted action is the legal one (tiles compared by code, not by copy) */
bool ippon_action_matches(const ippon_match *m, const ippon_action *legal, const ippon_action *a)
{
    assert(legal->seat == a->seat);
    if (legal->type != a->type)
        return false;
    switch (a->type) {
    case IPPON_ACT_DISCARD: /* the cheap tests first: this runs for every option until one matches */
        return legal->riichi == a->riichi && a->tile < IPPON_TILE_IDS &&
               code_of(m, a->tile) == code_of(m, legal->tile) && in_hand(m, a->seat, a->tile);
    case IPPON_ACT_CHI:
    case IPPON_ACT_PON:
    case IPPON_ACT_DAIMINKAN: {
        int n = a->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
        int x[3], y[3];
        for (int i = 0; i < n; i++) {
            if (a->with[i] >= IPPON_TILE_IDS)
                return false;
            x[i] = code_of(m, legal->with[i]);
            y[i] = code_of(m, a->with[i]);
        }
        sort_codes(x, n);
        sort_codes(y, n);
        return memcmp(x, y, (size_t)n * sizeof x[0]) == 0;
    }
    case IPPON_ACT_ANKAN:
    case IPPON_ACT_KAKAN:
    case IPPON_ACT_KITA:
        return a->tile < IPPON_TILE_IDS && ippon_tile_kind(a->tile) == ippon_tile_kind(legal->tile);
    default:
        return true;
    }
}

/*
 * Whether a discard without riichi on the seat's turn is legal: the same answer as finding it
 * among ippon_turn_options, without listing them. Those list one discard per code of the hand
 * (after a call, outside the kuikae ban; in riichi, only the drawn tile's code), and a discard
 * matches one when its tile is in the hand and has that code.
 */
bool ippon_plain_discard_legal(const ippon_match *m, const ippon_action *a)
{
    assert(m->phase == IPPON_PHASE_TURN && a->seat == m->turn);
    const struct seat_state *s = &m->seat[a->seat];
    if (a->tile >= IPPON_TILE_IDS || !in_hand(m, a->seat, a->tile))
        return false;
    if (m->after_call)
        return !(s->kuikae >> ippon_tile_kind(a->tile) & 1);
    if (s->riichi)
        return code_of(m, a->tile) == code_of(m, (ippon_tile)m->drawn);
    return true;
}

int ippon_match_timeout_action(const ippon_match *m, int seat, ippon_action *out)
{
    if (!ippon_match_waiting_for(m, seat))
        return IPPON_EILLEGAL;
    memset(out, 0, sizeof *out);
    out->seat = (int8_t)seat;
    if (m->phase == IPPON_PHASE_OFFER) {
        out->type = IPPON_ACT_PASS;
        return IPPON_OK;
    }
    out->type = IPPON_ACT_DISCARD;
    if (!m->after_call) {
        out->tile = (ippon_tile)m->drawn;
        return IPPON_OK;
    }
    const struct seat_state *s = &m->seat[seat];
    for (int i = s->n_hand - 1; i >= 0; i--)
        if (!(s->kuikae >> ippon_tile_kind(s->hand[i]) & 1)) {
            out->tile = s->hand[i];
            return IPPON_OK;
        }
    return IPPON_EILLEGAL;
}
