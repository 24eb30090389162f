/*
 * match.c — the life cycle of a match (ippon/match.h): setting it up, dealing each hand from
 * the wall the caller supplies, applying an action (legal.c checks it, turn.c or offer.c carries
 * it out), ending a hand by a win, an exhaustive draw or (in rule sets that have them) an
 * abortive draw, moving the dealer and the round wind, and the accessors and invariant check
 * everything else reads the match through.
 *
 * Dealing a hand and applying an action are the only steps that change a match. Each reports
 * its events into the caller's list; a list too short for them is IPPON_ERANGE, and the match
 * is then left as it was (a list shorter than IPPON_MAX_EVENTS is tried on a copy first).
 *
 * The first win ends the match (RULES.md §1). After an exhaustive draw: noten payments, the
 * dealer repeats if tenpai (else the next seat deals; the round wind moves on each time the deal
 * comes back to the first dealer), honba + 1, riichi sticks stay on the table.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "ippon/error.h"
#include "match_internal.h"
#include "score_internal.h"

ippon_event *ippon_ev_push(struct events *e, int type, int to, int seat)
{
    assert(type >= IPPON_EV_HAND_START && type <= IPPON_EV_MATCH_END);
    assert(to >= -1 && to < IPPON_MAX_PLAYERS && seat >= -1 && seat < IPPON_MAX_PLAYERS);
    if (e->n >= e->cap) {
        e->overflow = true;
        return &e->sink;
    }
    ippon_event *ev = &e->ev[e->n++];
    memset(ev, 0, sizeof *ev);
    ev->type = (uint8_t)type;
    ev->to = (int8_t)to;
    ev->seat = (int8_t)seat;
    ev->tile = 255;
    return ev;
}

unsigned long ippon_match_size(void) { return sizeof(ippon_match); }

void ippon_match_init(ippon_match *m, const ippon_rules *rules, int first_dealer)
{
    assert(m && rules);
    assert((rules->players == 3 || rules->players == 4) && first_dealer >= 0);
    memset(m, 0, sizeof *m);
    m->rules = *rules;
    m->players = rules->players;
    m->first_dealer = m->dealer = (uint8_t)(first_dealer % rules->players);
    for (int s = 0; s < m->players; s++)
        m->seat[s].points = rules->start_points;
    m->start_total = rules->start_points * m->players;
    m->phase = IPPON_PHASE_NEED_WALL;
    m->hand_number = -1;
}

int ippon_match_setup(ippon_match *m, int dealer, int round_wind, int honba, int sticks, const int32_t *points)
{
    assert(points);
    if (m->phase != IPPON_PHASE_NEED_WALL)
        return IPPON_EILLEGAL;
    if (dealer < 0 || dealer >= m->players || round_wind < 0 || round_wind >= m->players || honba < 0 || sticks < 0)
        return IPPON_EINVAL;
    m->dealer = (uint8_t)dealer;
    m->round_wind = (uint8_t)round_wind;
    m->honba = honba;
    m->sticks = sticks;
    m->start_total = sticks * m->rules.riichi_stick;
    for (int s = 0; s < m->players; s++) {
        m->seat[s].points = points[s];
        m->start_total += points[s];
    }
    return IPPON_OK;
}

/* the number of tiles a wall has under the match's rules (136 or 108) */
static int ippon_match_wall_size(const ippon_match *m) { return ippon_rules_wall_tiles(&m->rules); }

static bool wall_is_permutation(const ippon_match *m, const ippon_tile *wall, int n)
{
    bool seen[IPPON_TILE_IDS] = { false };
    if (n != ippon_match_wall_size(m))
        return false;
    for (int i = 0; i < n; i++) {
        if (wall[i] >= IPPON_TILE_IDS || seen[wall[i]] || !ippon_rules_has_kind(&m->rules, ippon_tile_kind(wall[i])))
            return false;
        seen[wall[i]] = true;
    }
    return true;
}

void ippon_match_reveal_dora(ippon_match *m, struct events *e)
{
    if (m->n_dora >= 5)
        return;
    ippon_event *ev = ippon_ev_push(e, IPPON_EV_DORA, -1, -1);
    ev->tile = m->wall[m->n_wall - 9 - 2 * m->n_dora];
    m->n_dora++;
}

#ifndef NDEBUG
/*
 * The invariants asserted after every step, the cheap ones (ippon_match_check is the full
 * check): points plus the sticks on the table are the starting total; and during a hand each
 * seat holds 13 − 3·melds concealed tiles (one more on its turn), and the tiles left in the
 * wall, held, melded (a called tile counts in its pond), discarded and set aside as kita add
 * up to the wall.
 */
static bool consistent(const ippon_match *m)
{
    int32_t total = m->sticks * m->rules.riichi_stick;
    for (int s = 0; s < m->players; s++)
        total += m->seat[s].points;
    if (total != m->start_total)
        return false;
    if (m->phase != IPPON_PHASE_TURN && m->phase != IPPON_PHASE_OFFER)
        return true;
    int tiles = m->n_wall - m->next_draw - m->replacements;
    for (int s = 0; s < m->players; s++) {
        const struct seat_state *st = &m->seat[s];
        if (st->n_hand != 13 - 3 * st->n_melds + (m->phase == IPPON_PHASE_TURN && m->turn == s))
            return false;
        tiles += st->n_hand + st->n_discards + st->n_kita;
        for (int i = 0; i < st->n_melds; i++)
            tiles += st->melds[i].n - (st->melds[i].type != IPPON_MELD_ANKAN);
    }
    return tiles == m->n_wall && m->next_draw <= m->live_end && m->live_end <= m->n_wall;
}
#endif

/* a step whose input is checked: it changes the match and reports into e */
typedef void step_fn(ippon_match *m, const void *arg, struct events *e);

/*
 * Runs a step: the number of events written, or IPPON_ERANGE when they do not fit in ev_cap,
 * the match then unchanged. IPPON_MAX_EVENTS is enough for any step, so only a shorter list is
 * tried on a copy of the match first.
 */
static int run_step(ippon_match *m, step_fn *step, const void *arg, ippon_event *evbuf, int ev_cap)
{
    assert(ev_cap >= 0 && (evbuf || ev_cap == 0));
    struct events e = { .ev = evbuf, .cap = ev_cap };
    if (ev_cap < IPPON_MAX_EVENTS) {
        ippon_match trial;
        memcpy(&trial, m, sizeof trial);
        step(&trial, arg, &e);
        if (e.overflow)
            return IPPON_ERANGE;
        memcpy(m, &trial, sizeof *m);
    } else {
        step(m, arg, &e);
        assert(!e.overflow); /* IPPON_MAX_EVENTS is never exceeded */
        if (e.overflow)
            return IPPON_ERANGE;
    }
    assert(consistent(m));
    return e.n;
}

struct deal { const ippon_tile *wall; int n; };

static void deal_step(ippon_match *m, const void *arg, struct events *e)
{
    const ippon_tile *wall = ((const struct deal *)arg)->wall;
    int n = ((const struct deal *)arg)->n;
    m->hand_number++;
    memcpy(m->wall, wall, (size_t)n);
    m->n_wall = n;
    m->next_draw = 13 * m->players;
    m->live_end = n - m->rules.dead_wall;
    m->replacements = m->n_dora = m->pending_dora = m->n_kans = 0;
    m->pending_dora_seat = -1;
    m->kan_seats = 0;
    m->interrupted = false;
    m->riichi_count = 0;
    for (int s = 0; s < m->players; s++) {
        struct seat_state *st = &m->seat[s];
        int32_t points = st->points;
        memset(st, 0, sizeof *st);
        st->points = points;
    }
    ippon_event *start = ippon_ev_push(e, IPPON_EV_HAND_START, -1, m->dealer);
    start->u.start.round_wind = m->round_wind;
    start->u.start.dealer = m->dealer;
    start->u.start.honba = (uint8_t)(m->honba > 255 ? 255 : m->honba);
    start->u.start.sticks = (uint8_t)(m->sticks > 255 ? 255 : m->sticks);
    for (int s = 0; s < m->players; s++)
        start->u.start.points[s] = m->seat[s].points;
    for (int w = 0; w < m->players; w++) {
        int s = (m->dealer + w) % m->players;
        for (int i = 0; i < 13; i++)
            ippon_seat_take(m, s, wall[13 * w + i]);
        ippon_seat_update_waits(m, s);
        ippon_event *deal = ippon_ev_push(e, IPPON_EV_DEAL, s, s);
        deal->u.hand.n = 13;
        memcpy(deal->u.hand.tiles, m->seat[s].hand, 13);
    }
    ippon_match_reveal_dora(m, e);
    m->phase = IPPON_PHASE_TURN;
    ippon_turn_draw(m, m->dealer, false, e);
}

int ippon_match_start_hand(ippon_match *m, const ippon_tile *wall, int n, ippon_event *evbuf, int ev_cap)
{
    assert(m && wall);
    if (m->phase != IPPON_PHASE_NEED_WALL)
        return IPPON_EILLEGAL;
    if (!wall_is_permutation(m, wall, n))
        return IPPON_EINVAL;
    return run_step(m, deal_step, &(struct deal){ .wall = wall, .n = n }, evbuf, ev_cap);
}

static void action_step(ippon_match *m, const void *arg, struct events *e)
{
    if (m->phase == IPPON_PHASE_TURN)
        ippon_turn_apply(m, arg, e);
    else
        ippon_offer_answer(m, arg, e);
}

int ippon_match_apply(ippon_match *m, const ippon_action *a, ippon_event *evbuf, int ev_cap)
{
    assert(m);
    if (!a || a->seat < 0 || a->seat >= m->players || a->type >= IPPON_ACT_TYPES || !ippon_match_waiting_for(m, a->seat))
        return IPPON_EILLEGAL;
    ippon_action chosen;
    if (m->phase == IPPON_PHASE_TURN && a->type == IPPON_ACT_DISCARD && !a->riichi) {
        /* the most common action, checked directly */
        if (!ippon_plain_discard_legal(m, a))
            return IPPON_EILLEGAL;
        chosen = (ippon_action){ .type = IPPON_ACT_DISCARD, .seat = a->seat, .tile = a->tile };
    } else {
        /* only the options of the submitted type are listed: the same rules, less work */
        ippon_action legal[IPPON_MAX_LEGAL];
        int n = m->phase == IPPON_PHASE_TURN ? ippon_turn_options(m, a->seat, a, legal, IPPON_MAX_LEGAL)
                                             : ippon_offer_options(m, a->seat, legal, IPPON_MAX_LEGAL);
        int found = -1;
        for (int i = 0; i < n && found < 0; i++)
            if (ippon_action_matches(m, &legal[i], a))
                found = i;
        if (found < 0)
            return IPPON_EILLEGAL;
        chosen = legal[found];
        assert(chosen.seat == a->seat && chosen.type == a->type);
        if (a->type == IPPON_ACT_DISCARD)
            chosen.tile = a->tile; /* keep the very tile (tsumogiri or not) */
    }
    return run_step(m, action_step, &chosen, evbuf, ev_cap);
}

/* the next hand's dealer and round after a draw; dealer_stays for a tenpai dealer */
static void next_hand(ippon_match *m, bool dealer_stays, struct events *e)
{
    m->honba++;
    if (!dealer_stays) {
        m->dealer = (uint8_t)((m->dealer + 1) % m->players);
        if (m->dealer == m->first_dealer)
            m->round_wind = (uint8_t)((m->round_wind + 1) % m->players);
    }
    m->phase = IPPON_PHASE_NEED_WALL;
    (void)e;
}

static void finish_match(ippon_match *m, struct events *e)
{
    m->phase = IPPON_PHASE_OVER;
    ippon_event *ev = ippon_ev_push(e, IPPON_EV_MATCH_END, -1, -1);
    for (int s = 0; s < m->players; s++) {
        m->results[s] = m->seat[s].points - m->rules.start_points;
        ev->u.final.points[s] = m->seat[s].points;
        ev->u.final.results[s] = m->results[s];
    }
}

void ippon_match_end_win(ippon_match *m, int n_winners, const int8_t *winners, int from, ippon_tile t,
                         bool tsumo, int offer_kind, struct events *e)
{
    assert(n_winners >= 1 && n_winners < m->players && (!tsumo || n_winners == 1));
    assert(from >= 0 && from < m->players);
    for (int i = 0; i < n_winners; i++) {
        int w = winners[i];
        assert(w >= 0 && w < m->players && (tsumo ? w == from : w != from));
        /* honba and every stick go to the first winner in turn order from the discarder */
        int sticks = i == 0 ? m->sticks : 0, honba = i == 0 ? m->honba : 0;
        ippon_event *ev = ippon_ev_push(e, IPPON_EV_WIN, -1, w);
        ev->tile = t;
        ev->u.win.from = (int8_t)(tsumo ? w : from);
        ippon_seat_score(m, w, t, tsumo, from, offer_kind, sticks, honba, &ev->u.win.score);
        const struct seat_state *st = &m->seat[w];
        int n = 0;
        for (int j = 0; j < st->n_hand; j++)
            if (!tsumo || st->hand[j] != t)
                ev->u.win.hand[n++] = st->hand[j];
        ev->u.win.hand[n++] = t;
        ev->u.win.n_hand = (uint8_t)n;
        if (st->riichi) {
            ev->u.win.n_ura = (uint8_t)m->n_dora;
            for (int j = 0; j < m->n_dora; j++)
                ev->u.win.ura[j] = m->wall[m->n_wall - 10 - 2 * j];
        }
        /* payments are by seat wind in the score; turn them into table seats */
        int32_t by_seat[4] = { 0 };
        for (int s = 0; s < m->players; s++)
            by_seat[s] = ev->u.win.score.payments[ippon_seat_wind(m, s)];
        for (int p = 0; p < ev->u.win.score.n_pao; p++) {
            int wind = ev->u.win.score.pao[p].seat;
            ev->u.win.score.pao[p].seat = (int8_t)((m->dealer + wind) % m->players);
        }
        memcpy(ev->u.win.score.payments, by_seat, sizeof by_seat);
        for (int s = 0; s < m->players; s++)
            m->seat[s].points += by_seat[s];
        if (i == 0)
            m->sticks = 0;
    }
    finish_match(m, e);
}

/* nagashi mangan (rule sets that have it): every discard a terminal or honor, none called */
static bool nagashi(const ippon_match *m, int seat)
{
    const struct seat_state *s = &m->seat[seat];
    if (s->n_discards == 0)
        return false;
    for (int i = 0; i < s->n_discards; i++)
        if ((s->discards[i].flags & IPPON_DISCARD_CALLED) || !ippon_kind_is_yaochu(ippon_tile_kind(s->discards[i].tile)))
            return false;
    return true;
}

static void noten_payments(const ippon_match *m, const bool *tenpai, int32_t *pay)
{
    int n_tenpai = 0, players = m->players;
    for (int s = 0; s < players; s++)
        n_tenpai += tenpai[s];
    if (n_tenpai == 0 || n_tenpai == players)
        return;
    int pool = m->rules.noten_pool;
    for (int s = 0; s < players; s++)
        pay[s] = tenpai[s] ? pool / n_tenpai : -pool / (players - n_tenpai);
    /* 3p with 1 tenpai: +1,000 from each of the two noten = 2,000, an even split of the pool */
}

/* nagashi mangan is paid as a mangan tsumo without honba: each seat present pays its share of
   the mangan's basic points (2× from or to the dealer, 1× otherwise, rounded up to 100) */
static void nagashi_payments(const ippon_match *m, const bool *nagashi_seat, int32_t *pay)
{
    uint8_t limit;
    int base = ippon_base_points(&m->rules, 5, 0, 0, &limit); /* 5 han: a mangan */
    for (int s = 0; s < m->players; s++) {
        if (!nagashi_seat[s])
            continue;
        bool dealer = s == m->dealer;
        for (int p = 0; p < m->players; p++) {
            if (p == s)
                continue;
            int amount = (base * ((dealer || p == m->dealer) ? 2 : 1) + 99) / 100 * 100;
            pay[p] -= amount;
            pay[s] += amount;
        }
    }
}

void ippon_match_end_exhaustive(ippon_match *m, struct events *e)
{
    bool tenpai[4] = { false }, any_nagashi = false, nagashi_seat[4] = { false };
    int32_t pay[4] = { 0 };
    for (int s = 0; s < m->players; s++) {
        tenpai[s] = ippon_seat_tenpai(m, s);
        if (m->rules.nagashi_mangan && nagashi(m, s))
            nagashi_seat[s] = any_nagashi = true;
    }
    if (any_nagashi)
        nagashi_payments(m, nagashi_seat, pay);
    else
        noten_payments(m, tenpai, pay);
    ippon_event *ev = ippon_ev_push(e, any_nagashi ? IPPON_EV_ABORT : IPPON_EV_DRAW_END, -1, -1);
    ev->u.end.kind = IPPON_ABORT_NAGASHI;
    assert(pay[0] + pay[1] + pay[2] + pay[3] == 0); /* payments between the seats only */
    for (int s = 0; s < m->players; s++) {
        ev->u.end.tenpai[s] = tenpai[s];
        ev->u.end.payments[s] = pay[s];
        m->seat[s].points += pay[s];
    }
    next_hand(m, tenpai[m->dealer], e);
}

void ippon_match_end_abort(ippon_match *m, int kind, struct events *e)
{
    ippon_event *ev = ippon_ev_push(e, IPPON_EV_ABORT, -1, -1);
    ev->u.end.kind = (uint8_t)kind;
    next_hand(m, true, e);
}

int ippon_match_phase(const ippon_match *m) { return m->phase; }
const ippon_rules *ippon_match_rules(const ippon_match *m) { return &m->rules; }
int ippon_match_players(const ippon_match *m) { return m->players; }
int ippon_match_dealer(const ippon_match *m) { return m->dealer; }
int ippon_match_round_wind(const ippon_match *m) { return m->round_wind; }
int ippon_match_honba(const ippon_match *m) { return m->honba; }
int ippon_match_sticks(const ippon_match *m) { return m->sticks; }
int ippon_match_hand_number(const ippon_match *m) { return m->hand_number < 0 ? 0 : m->hand_number; }
int ippon_match_turn(const ippon_match *m) { return m->turn; }
int ippon_match_live_tiles(const ippon_match *m) { return m->live_end - m->next_draw; }

/* whether seat is one of the match's (accessors answer 0, -1 or nothing for any other) */
static bool seat_ok(const ippon_match *m, int seat) { return seat >= 0 && seat < m->players; }

int ippon_match_points(const ippon_match *m, int seat) { return seat_ok(m, seat) ? m->seat[seat].points : 0; }
int ippon_match_result(const ippon_match *m, int seat) { return seat_ok(m, seat) ? m->results[seat] : 0; }

int ippon_match_dora_indicators(const ippon_match *m, ippon_tile *out)
{
    for (int i = 0; i < m->n_dora; i++)
        out[i] = m->wall[m->n_wall - 9 - 2 * i];
    return m->n_dora;
}

void ippon_match_seat_public(const ippon_match *m, int seat, ippon_seat_public *out)
{
    memset(out, 0, sizeof *out);
    if (!seat_ok(m, seat))
        return;
    const struct seat_state *s = &m->seat[seat];
    assert(s->n_discards <= IPPON_MAX_DISCARDS && s->n_melds <= 4 && s->n_kita <= 4);
    out->points = s->points;
    out->wind = (uint8_t)ippon_seat_wind(m, seat);
    out->n_melds = s->n_melds;
    memcpy(out->melds, s->melds, sizeof out->melds);
    out->n_discards = s->n_discards;
    memcpy(out->discards, s->discards, s->n_discards * sizeof out->discards[0]);
    out->n_kita = s->n_kita;
    memcpy(out->kita, s->kita, sizeof out->kita);
    out->n_concealed = s->n_hand;
    out->riichi = s->riichi;
    out->double_riichi = s->double_riichi;
}

void ippon_match_view(const ippon_match *m, int seat, ippon_view *v)
{
    assert(v);
    v->seat = (uint8_t)seat;
    v->players = m->players;
    v->dealer = m->dealer;
    v->round_wind = m->round_wind;
    v->phase = m->phase;
    v->turn = m->turn;
    v->honba = m->honba;
    v->sticks = m->sticks;
    v->live_tiles = m->live_end - m->next_draw;
    v->hand_number = ippon_match_hand_number(m);
    v->n_dora = (uint8_t)ippon_match_dora_indicators(m, v->dora);
    for (int s = 0; s < m->players; s++)
        ippon_match_seat_public(m, s, &v->seats[s]);
    v->n_hand = (uint8_t)ippon_match_hand(m, seat, v->hand);
    v->drawn = (int16_t)ippon_match_drawn_tile(m, seat);
    bool offer = m->phase == IPPON_PHASE_OFFER;
    v->offer_from = (int8_t)(offer ? m->offer.from : -1);
    v->offer_tile = offer ? m->offer.tile : 255;
    v->n_legal = (uint8_t)ippon_match_legal(m, seat, v->legal, IPPON_MAX_LEGAL);
}

void ippon_view_seen(const ippon_view *v, uint8_t seen[IPPON_KINDS])
{
    assert(v && seen && v->players <= IPPON_MAX_PLAYERS);
    memset(seen, 0, IPPON_KINDS);
    for (int i = 0; i < v->n_hand; i++)
        seen[ippon_tile_kind(v->hand[i])]++;
    for (int i = 0; i < v->n_dora; i++)
        seen[ippon_tile_kind(v->dora[i])]++;
    for (int s = 0; s < v->players; s++) {
        const ippon_seat_public *p = &v->seats[s];
        for (int i = 0; i < p->n_melds; i++) {
            const ippon_meld_tiles *md = &p->melds[i];
            /* a called tile lies in its discarder's pond too: counted there */
            for (int j = 0; j < md->n; j++)
                if (md->tiles[j] != md->called || md->type == IPPON_MELD_ANKAN)
                    seen[ippon_tile_kind(md->tiles[j])]++;
        }
        for (int i = 0; i < p->n_discards; i++)
            seen[ippon_tile_kind(p->discards[i].tile)]++;
        for (int i = 0; i < p->n_kita; i++)
            seen[ippon_tile_kind(p->kita[i])]++;
    }
}

int ippon_match_hand(const ippon_match *m, int seat, ippon_tile *out)
{
    if (!seat_ok(m, seat))
        return 0;
    assert(out && m->seat[seat].n_hand <= 14);
    memcpy(out, m->seat[seat].hand, m->seat[seat].n_hand);
    return m->seat[seat].n_hand;
}

int ippon_match_find_tile(const ippon_match *m, int seat, int code, bool want_drawn)
{
    if (!seat_ok(m, seat))
        return -1;
    const struct seat_state *s = &m->seat[seat];
    int drawn = ippon_match_drawn_tile(m, seat), found = -1;
    for (int i = 0; i < s->n_hand; i++) {
        if (ippon_tile_code(s->hand[i], m->rules.red_fives) != code)
            continue;
        if ((s->hand[i] == drawn) == want_drawn)
            return s->hand[i];
        found = s->hand[i];
    }
    return found;
}

int ippon_match_drawn_tile(const ippon_match *m, int seat)
{
    return m->phase == IPPON_PHASE_TURN && m->turn == seat ? m->drawn : -1;
}

bool ippon_match_waiting_for(const ippon_match *m, int seat)
{
    if (!seat_ok(m, seat))
        return false;
    if (m->phase == IPPON_PHASE_TURN)
        return m->turn == seat;
    if (m->phase == IPPON_PHASE_OFFER)
        return m->offer.offered[seat] && !m->offer.answered[seat];
    return false;
}

static int fail(char *why, int cap, const char *msg, int a)
{
    if (why && cap > 0)
        snprintf(why, (size_t)cap, msg, a);
    return IPPON_EILLEGAL;
}

int ippon_match_check(const ippon_match *m, char *why, int cap)
{
    int32_t total = m->sticks * m->rules.riichi_stick;
    for (int s = 0; s < m->players; s++)
        total += m->seat[s].points;
    if (total != m->start_total)
        return fail(why, cap, "points and sticks add up to %d", total);
    if (m->phase == IPPON_PHASE_NEED_WALL || m->phase == IPPON_PHASE_OVER || m->n_wall == 0)
        return IPPON_OK;
    uint8_t places[IPPON_TILE_IDS] = { 0 };
    for (int i = m->next_draw; i < m->n_wall; i++) {
        bool taken_replacement = i >= m->n_wall - m->replacements;
        if (!taken_replacement)
            places[m->wall[i]]++;
    }
    for (int s = 0; s < m->players; s++) {
        const struct seat_state *st = &m->seat[s];
        for (int i = 0; i < st->n_hand; i++)
            places[st->hand[i]]++;
        for (int i = 0; i < st->n_melds; i++)
            for (int j = 0; j < st->melds[i].n; j++)
                if (st->melds[i].tiles[j] != st->melds[i].called || st->melds[i].type == IPPON_MELD_ANKAN)
                    places[st->melds[i].tiles[j]]++;
        for (int i = 0; i < st->n_discards; i++)
            places[st->discards[i].tile]++; /* a called discard is counted here, not in the meld */
        for (int i = 0; i < st->n_kita; i++)
            places[st->kita[i]]++;
        int expect = 13 - 3 * st->n_melds + (m->phase == IPPON_PHASE_TURN && m->turn == s ? 1 : 0);
        if (st->n_hand != expect)
            return fail(why, cap, "seat %d holds the wrong number of tiles", s);
    }
    for (int i = 0; i < m->n_wall; i++)
        if (places[m->wall[i]] != 1)
            return fail(why, cap, "tile %d is not in exactly one place", m->wall[i]);
    for (int s = 0; s < m->players; s++) {
        ippon_action acts[IPPON_MAX_LEGAL];
        if (ippon_match_waiting_for(m, s) && ippon_match_legal(m, s, acts, IPPON_MAX_LEGAL) == 0)
            return fail(why, cap, "seat %d has a decision but no legal action", s);
    }
    return IPPON_OK;
}
