/*
 * offer.c — offers to the other seats and how they are resolved (RULES.md §3–4).
 *
 * After a discard each other seat may have ron, pon, daiminkan or chi; after a kakan (and an
 * ankan, where kokushi may rob it; a kita, where kita can be ronned) only ron. Every offered
 * seat answers (an action or PASS) and the table resolves when all answers are in: ron first
 * (head bump or double ron as the rules say), then pon or daiminkan, then chi. A seat that let
 * a completing tile pass is furiten until its next discard, and for the rest of the hand if it
 * is in riichi. A riichi declaration that nobody rons pays its stick.
 */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/shanten.h"
#include "match_internal.h"

static uint64_t bit(int kind) { return 1ull << kind; }

uint64_t ippon_kuikae_ban(int called, int a, int b, bool chi)
{
    uint64_t ban = bit(called);
    if (!chi)
        return ban;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    if (called < lo && hi % 9 < 8) /* called at the low end: the kind above the run is banned */
        ban |= bit(hi + 1);
    if (called > hi && lo % 9 > 0) /* called at the high end: the kind below the run */
        ban |= bit(lo - 1);
    return ban;
}

/* whether some tile would be left to discard after a call using `used` from the hand */
static bool leaves_discard(const ippon_match *m, int seat, const ippon_tile *used, int n_used, uint64_t ban)
{
    const struct seat_state *s = &m->seat[seat];
    for (int i = 0; i < s->n_hand; i++) {
        bool is_used = false;
        for (int j = 0; j < n_used; j++)
            is_used |= s->hand[i] == used[j];
        if (!is_used && !(ban & bit(ippon_tile_kind(s->hand[i]))))
            return true;
    }
    return false;
}

static int add_option(ippon_action *out, int n, int cap, int type, int seat, const ippon_tile *with, int n_with)
{
    assert(n_with >= 0 && n_with <= 3);
    if (n >= cap)
        return n;
    memset(&out[n], 0, sizeof out[n]);
    out[n].type = (uint8_t)type;
    out[n].seat = (int8_t)seat;
    for (int i = 0; i < n_with; i++)
        out[n].with[i] = with[i];
    return n + 1;
}

/* pon and daiminkan options: one per distinct choice of red/plain fives */
static int pon_options(const ippon_match *m, int seat, int kind, ippon_action *out, int n, int cap)
{
    const struct seat_state *s = &m->seat[seat];
    int count = s->counts[kind];
    if (count < 2)
        return n;
    int red = ippon_seat_find(m, seat, kind, true, -1);
    bool has_red = red >= 0 && ippon_tile_is_red(m, (ippon_tile)red);
    ippon_tile plain[3];
    int n_plain = 0;
    for (int i = 0; i < s->n_hand; i++)
        if (ippon_tile_kind(s->hand[i]) == kind && !ippon_tile_is_red(m, s->hand[i]))
            plain[n_plain++] = s->hand[i];
    uint64_t ban = bit(kind);
    ippon_tile pair[2];
    if (n_plain >= 2) {
        pair[0] = plain[0], pair[1] = plain[1];
        if (leaves_discard(m, seat, pair, 2, ban))
            n = add_option(out, n, cap, IPPON_ACT_PON, seat, pair, 2);
    }
    if (has_red && n_plain >= 1) {
        pair[0] = (ippon_tile)red, pair[1] = plain[0];
        if (leaves_discard(m, seat, pair, 2, ban))
            n = add_option(out, n, cap, IPPON_ACT_PON, seat, pair, 2);
    }
    bool kan_room = m->n_kans < m->rules.max_kans && m->replacements < m->rules.replacement_tiles;
    if (count == 3 && kan_room) {
        ippon_tile three[3];
        int k = 0;
        for (int i = 0; i < s->n_hand; i++)
            if (ippon_tile_kind(s->hand[i]) == kind)
                three[k++] = s->hand[i];
        n = add_option(out, n, cap, IPPON_ACT_DAIMINKAN, seat, three, 3);
    }
    return n;
}

/* the distinct tile ids of a kind a call may use: a plain one and/or a red one */
static int choices_of(const ippon_match *m, int seat, int kind, ippon_tile out[2])
{
    int n = 0;
    int plain = ippon_seat_find(m, seat, kind, false, -1);
    if (plain >= 0 && !ippon_tile_is_red(m, (ippon_tile)plain))
        out[n++] = (ippon_tile)plain;
    int red = ippon_seat_find(m, seat, kind, true, -1);
    if (red >= 0 && ippon_tile_is_red(m, (ippon_tile)red))
        out[n++] = (ippon_tile)red;
    return n;
}

static int chi_options(const ippon_match *m, int seat, int kind, ippon_action *out, int n, int cap)
{
    if (kind >= 27 || (m->rules.man_terminals_only && kind < 9))
        return n;
    int number = kind % 9;
    static const int shapes[3][2] = { { -2, -1 }, { -1, 1 }, { 1, 2 } };
    for (int sh = 0; sh < 3; sh++) {
        int a = number + shapes[sh][0], b = number + shapes[sh][1];
        if (a < 0 || b > 8)
            continue;
        int ka = kind - number + a, kb = kind - number + b;
        if (!m->seat[seat].counts[ka] || !m->seat[seat].counts[kb])
            continue;
        ippon_tile ca[2], cb[2];
        int na = choices_of(m, seat, ka, ca), nb = choices_of(m, seat, kb, cb);
        uint64_t ban = ippon_kuikae_ban(kind, ka, kb, true);
        for (int i = 0; i < na; i++)
            for (int j = 0; j < nb; j++) {
                ippon_tile used[2] = { ca[i], cb[j] };
                if (leaves_discard(m, seat, used, 2, ban))
                    n = add_option(out, n, cap, IPPON_ACT_CHI, seat, used, 2);
            }
    }
    return n;
}

/* whether `seat` holds a complete hand with tile t (shape only) */
static bool completes(const ippon_match *m, int seat, ippon_tile t)
{
    return m->seat[seat].waits >> ippon_tile_kind(t) & 1;
}

static bool ron_allowed(const ippon_match *m, int seat)
{
    const struct offer *o = &m->offer;
    if (!completes(m, seat, o->tile) || ippon_seat_furiten(m, seat))
        return false;
    if (o->kind == OFFER_KITA && !m->rules.kita_ronnable)
        return false;
    if (o->kind == OFFER_ANKAN && !m->rules.kokushi_robs_ankan)
        return false;
    ippon_score sc;
    ippon_seat_score(m, seat, o->tile, false, o->from, o->kind, m->sticks, m->honba, &sc);
    if (sc.result != IPPON_RESULT_WIN)
        return false;
    if (o->kind == OFFER_ANKAN) /* an ankan is robbed only by kokushi */
        return sc.n_yaku > 0 && (sc.yaku[0].yaku == IPPON_YAKU_KOKUSHI || sc.yaku[0].yaku == IPPON_YAKU_KOKUSHI_13);
    return true;
}

/* the options of `seat` on the open offer, worked out from the hands (offer_open caches them) */
static int compute_options(const ippon_match *m, int seat, ippon_action *out, int cap)
{
    const struct offer *o = &m->offer;
    if (seat == o->from)
        return 0;
    int n = 0;
    if (ron_allowed(m, seat))
        n = add_option(out, n, cap, IPPON_ACT_RON, seat, NULL, 0);
    bool can_call = o->kind == OFFER_DISCARD && !m->seat[seat].riichi && m->live_end > m->next_draw;
    if (can_call) {
        int kind = ippon_tile_kind(o->tile);
        n = pon_options(m, seat, kind, out, n, cap);
        if (m->rules.chi && seat == ippon_seat_after(m, o->from, 1))
            n = chi_options(m, seat, kind, out, n, cap);
    }
    if (n > 0)
        n = add_option(out, n, cap, IPPON_ACT_PASS, seat, NULL, 0);
    return n;
}

int ippon_offer_options(const ippon_match *m, int seat, ippon_action *out, int cap)
{
    assert(seat >= 0 && seat < m->players && cap >= 0);
    const struct offer *o = &m->offer;
    int n = o->n_options[seat] < cap ? o->n_options[seat] : cap;
    memcpy(out, o->options[seat], (size_t)n * sizeof out[0]);
    return n;
}

static void resolve(ippon_match *m, struct events *e);

void ippon_offer_open(ippon_match *m, int kind, int from, ippon_tile t, bool riichi_declaration, struct events *e)
{
    struct offer *o = &m->offer;
    /* everything but the option lists (the last member), of which only the first n_options[s]
       entries are ever read: each is written before it counts */
    assert(from >= 0 && from < m->players && kind >= OFFER_DISCARD && kind <= OFFER_KITA);
    memset(o, 0, offsetof(struct offer, options));
    o->kind = (uint8_t)kind;
    o->from = (int8_t)from;
    o->tile = t;
    o->riichi_declaration = riichi_declaration;
    m->phase = IPPON_PHASE_OFFER;
    m->turn = (uint8_t)from;
    bool any = false;
    for (int s = 0; s < m->players; s++) {
        if (s == from)
            continue;
        /* passing a completing tile is furiten only where it could have been robbed: an ankan
           only by a kokushi wait */
        bool robbable = kind == OFFER_DISCARD || kind == OFFER_KAKAN ||
                        (kind == OFFER_KITA && m->rules.kita_ronnable) ||
                        (kind == OFFER_ANKAN && m->rules.kokushi_robs_ankan &&
                         ippon_shanten_kokushi(m->seat[s].counts) == 0);
        o->could_ron[s] = robbable && completes(m, s, t);
        int n = compute_options(m, s, o->options[s], IPPON_MAX_OFFER_OPTIONS);
        assert(n < IPPON_MAX_OFFER_OPTIONS); /* the list is never cut short (pass comes last) */
        o->n_options[s] = (uint8_t)n;
        o->offered[s] = o->n_options[s] > 0;
        any |= o->offered[s];
    }
    if (!any)
        resolve(m, e);
}

int ippon_offer_answer(ippon_match *m, const ippon_action *a, struct events *e)
{
    struct offer *o = &m->offer;
    assert(m->phase == IPPON_PHASE_OFFER && a->seat >= 0 && a->seat < m->players);
    assert(o->offered[a->seat] && !o->answered[a->seat]);
    o->answer[a->seat] = *a;
    o->answered[a->seat] = true;
    for (int s = 0; s < m->players; s++)
        if (o->offered[s] && !o->answered[s])
            return IPPON_OK;
    resolve(m, e);
    return IPPON_OK;
}

static void take_call(ippon_match *m, const ippon_action *a, struct events *e)
{
    struct offer *o = &m->offer;
    int seat = a->seat;
    struct seat_state *s = &m->seat[seat], *d = &m->seat[o->from];
    assert(o->kind == OFFER_DISCARD && d->n_discards > 0 && d->discards[d->n_discards - 1].tile == o->tile);
    assert(s->n_melds < 4);
    d->discards[d->n_discards - 1].flags |= IPPON_DISCARD_CALLED;
    for (int i = 0; i < m->players; i++)
        m->seat[i].ippatsu = false;
    m->interrupted = true;
    ippon_meld_tiles *mt = &s->melds[s->n_melds];
    memset(mt, 0, sizeof *mt);
    int n_with = a->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
    mt->type = a->type == IPPON_ACT_CHI ? IPPON_MELD_CHI : a->type == IPPON_ACT_PON ? IPPON_MELD_PON : IPPON_MELD_DAIMINKAN;
    mt->n = (uint8_t)(n_with + 1);
    mt->called = o->tile;
    mt->added = 255;
    mt->from = o->from;
    for (int i = 0; i < n_with; i++) {
        mt->tiles[i] = a->with[i];
        ippon_seat_give(m, seat, a->with[i]);
    }
    mt->tiles[n_with] = o->tile;
    if (mt->type == IPPON_MELD_DAIMINKAN) {
        mt->kan_seq = (uint8_t)++m->n_kans;
        m->kan_seats |= (uint8_t)(1u << seat);
    }
    s->n_melds++;
    ippon_event *ev = ippon_ev_push(e, IPPON_EV_CALL, -1, seat);
    ev->u.meld = *mt;
    m->turn = (uint8_t)seat;
    if (mt->type == IPPON_MELD_DAIMINKAN) {
        ippon_seat_update_waits(m, seat);
        ippon_turn_establish_kan(m, seat, s->n_melds - 1, e);
        return;
    }
    s->kuikae = ippon_kuikae_ban(ippon_tile_kind(o->tile), ippon_tile_kind(a->with[0]), ippon_tile_kind(a->with[1]),
                           mt->type == IPPON_MELD_CHI);
    m->phase = IPPON_PHASE_TURN;
    m->drawn = -1;
    m->drawn_rinshan = false;
    m->after_call = true;
}

/* abortive draws checked when a discard passes untouched (rule sets that have them) */
static bool aborts_after_discard(ippon_match *m, struct events *e)
{
    if (!m->rules.abortive_draws)
        return false;
    if (m->players == 4 && !m->interrupted) {
        bool same_wind = true;
        int first = -1;
        for (int s = 0; s < 4 && same_wind; s++) {
            const struct seat_state *st = &m->seat[s];
            int k = st->n_discards == 1 ? ippon_tile_kind(st->discards[0].tile) : -1;
            if (first < 0)
                first = k;
            same_wind = k >= 0 && k == first && ippon_kind_is_wind(k);
        }
        if (same_wind) {
            ippon_match_end_abort(m, IPPON_ABORT_SUUFON, e);
            return true;
        }
    }
    int kan_players = __builtin_popcount(m->kan_seats);
    if (m->n_kans == 4 && kan_players >= 2) {
        ippon_match_end_abort(m, IPPON_ABORT_SUUKAIKAN, e);
        return true;
    }
    return false;
}

static void pay_riichi_stick(ippon_match *m, struct events *e)
{
    struct offer *o = &m->offer;
    m->seat[o->from].points -= m->rules.riichi_stick;
    m->sticks++;
    ippon_ev_push(e, IPPON_EV_RIICHI_STICK, -1, o->from);
}

static void resolve(ippon_match *m, struct events *e)
{
    struct offer *o = &m->offer;
    int8_t rons[IPPON_MAX_PLAYERS];
    int n_rons = 0;
    const ippon_action *call = NULL, *chi = NULL;
    for (int i = 1; i < m->players; i++) {
        int s = ippon_seat_after(m, o->from, i);
        if (!o->answered[s])
            continue;
        const ippon_action *a = &o->answer[s];
        if (a->type == IPPON_ACT_RON)
            rons[n_rons++] = (int8_t)s;
        else if (a->type == IPPON_ACT_PON || a->type == IPPON_ACT_DAIMINKAN)
            call = a;
        else if (a->type == IPPON_ACT_CHI)
            chi = a;
    }
    if (n_rons > 0) {
        if (n_rons == 3 && m->rules.triple_ron_aborts) {
            ippon_match_end_abort(m, IPPON_ABORT_SANCHAHOU, e);
            return;
        }
        if (o->riichi_declaration) { /* ronned: the riichi is void and no stick is paid */
            m->seat[o->from].riichi = m->seat[o->from].double_riichi = false;
            m->riichi_count--;
        }
        int winners = n_rons < m->rules.max_ron_winners ? n_rons : m->rules.max_ron_winners;
        ippon_match_end_win(m, winners, rons, o->from, o->tile, false, o->kind, e);
        return;
    }
    for (int s = 0; s < m->players; s++)
        if (o->could_ron[s]) {
            m->seat[s].temp_furiten = true;
            if (m->seat[s].riichi)
                m->seat[s].riichi_furiten = true;
        }
    if (o->riichi_declaration) {
        pay_riichi_stick(m, e);
        if (m->rules.abortive_draws && m->riichi_count == 4) {
            ippon_match_end_abort(m, IPPON_ABORT_SUUCHA_RIICHI, e);
            return;
        }
    }
    switch (o->kind) {
    case OFFER_KAKAN:
    case OFFER_ANKAN: {
        const struct seat_state *s = &m->seat[o->from];
        int i = 0;
        while (i < s->n_melds && s->melds[i].kan_seq != m->n_kans)
            i++;
        assert(i < s->n_melds); /* the kan being robbed is the hand's latest */
        ippon_turn_establish_kan(m, o->from, i, e);
        return;
    }
    case OFFER_KITA:
        ippon_turn_finish_kita(m, o->from, e);
        return;
    default:
        break;
    }
    if (call || chi) {
        take_call(m, call ? call : chi, e);
        return;
    }
    if (aborts_after_discard(m, e))
        return;
    if (m->live_end == m->next_draw) {
        ippon_match_end_exhaustive(m, e);
        return;
    }
    ippon_turn_draw(m, ippon_seat_after(m, o->from, 1), false, e);
}
