/*
 * match_script.h — shared helpers for the scripted-wall scenario tests of the match state
 * machine (tests/unit/test_match_*.c). Header-only (static inline), included after cmocka.h.
 *
 * A scenario:
 *   ms *s = ms_new("yonma", 0);                       match in ippon_match_size() bytes
 *   ms_setup(s, dealer, round, honba, sticks, NULL);  optional (NULL points = start points)
 *   ms_start(s, &(ms_deal){ .hand = { "...", ... },   per TABLE seat, short notation
 *                           .draws = "...", .repl = "...", .dora = "1z" });
 *   ms_ok(s, ms_discard(s, 0, "9s"));                 apply, assert accepted, log the events
 *   ms_refused(s, ms_discard(s, 1, "9s"));            assert IPPON_EILLEGAL and no byte changed
 *   const ippon_event *w = ms_ev(s, IPPON_EV_WIN, 1); an event of the last apply
 *   ms_free(s);
 *
 * The wall is built with ippon_wall_from_script: hands by table seat are moved to the deal of
 * their seat wind; the normal draws are listed in the order they happen (dealer first). With
 * .full, every normal draw of the hand is scripted: .draws first, then filler (the tiles nobody
 * was given, ascending, never the kinds in .avoid), then .tail as the very last draws; .n_repl
 * says how many replacement draws the hand will take (each one shortens the live wall by one).
 * Every expected value in the tests is worked out by hand from src/core/RULES.md.
 */
#ifndef IPPON_TEST_MATCH_SCRIPT_H
#define IPPON_TEST_MATCH_SCRIPT_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/score.h"
#include "ippon/tile.h"
#include "ippon/wall.h"
#include "ippon/yaku.h"

enum { MS_LOG = 2048 };

typedef struct ms {
    const ippon_rules *rules;
    ippon_match *m;
    int players;
    ippon_tile wall[IPPON_TILE_IDS];
    int n_wall;
    ippon_event log[MS_LOG]; /* every event since the current hand started */
    int n_log;
    int last;                /* first event of the last start/apply */
} ms;

typedef struct ms_deal {
    const char *hand[4];     /* 13 tiles per table seat (short notation) */
    const char *draws;       /* normal draws in order */
    const char *repl;        /* replacement draws in order */
    const char *dora, *ura;  /* indicators 0.. in order */
    bool full;               /* script every normal draw (draws + filler + tail) */
    const char *tail;        /* with full: the last normal draws */
    const char *avoid;       /* with full: kinds the filler never uses */
    int n_repl;              /* with full: replacement draws the hand will take */
} ms_deal;

/* ---- set-up -------------------------------------------------------------------------------- */

/* the scenario in progress: a failed assertion longjmps past ms_free, so the next ms_new (or
   the group teardown ms_teardown) frees it */
static ms *ms_live;

static inline void ms_free(ms *s)
{
    if (!s)
        return;
    if (s == ms_live)
        ms_live = NULL;
    free(s->m);
    free(s);
}

static inline int ms_teardown(void **state)
{
    (void)state;
    ms_free(ms_live);
    return 0;
}

static inline ms *ms_new(const char *preset, int first_dealer)
{
    ms_free(ms_live);
    ms *s = calloc(1, sizeof *s);
    ms_live = s;
    assert_non_null(s);
    s->rules = ippon_rules_preset(preset);
    assert_non_null(s->rules);
    s->m = malloc(ippon_match_size());
    assert_non_null(s->m);
    ippon_match_init(s->m, s->rules, first_dealer);
    s->players = s->rules->players;
    return s;
}

static inline void ms_setup(ms *s, int dealer, int round_wind, int honba, int sticks, const int32_t *points)
{
    int32_t p[4];
    for (int i = 0; i < 4; i++)
        p[i] = points ? points[i] : s->rules->start_points;
    assert_int_equal(ippon_match_setup(s->m, dealer, round_wind, honba, sticks, p), IPPON_OK);
}

/* codes of a short notation string (NULL = none) */
static inline int ms_codes(const char *notation, ippon_code *out, int cap)
{
    if (!notation)
        return 0;
    int n = ippon_notation_parse(notation, out, cap);
    if (n < 0)
        fail_msg("bad notation \"%s\": %d", notation, n);
    return n;
}

/* the code of a single tile */
static inline int ms_code(const char *tile)
{
    ippon_code c[2];
    int n = ms_codes(tile, c, 2);
    assert_int_equal(n, 1);
    return c[0];
}

static inline int ms_kind(const char *tile) { return ippon_code_kind(ms_code(tile)); }

static inline int ms_tile_code(const ms *s, ippon_tile t) { return ippon_tile_code(t, s->rules->red_fives); }

static inline void ms_check(const ms *s)
{
    char why[128] = "";
    int rc = ippon_match_check(s->m, why, sizeof why);
    if (rc != IPPON_OK)
        fail_msg("invariant broken: %s", why);
}

/* builds every normal draw: prefix, filler, tail (see the top comment) */
static inline int ms_full_draws(const ms *s, const ms_deal *d, ippon_code *out)
{
    int n_wall = s->rules->man_terminals_only ? 108 : 136;
    int total = n_wall - s->rules->dead_wall - 13 * s->players - d->n_repl;
    int plain_used[IPPON_KINDS] = { 0 }, red_used[3] = { 0 };
    ippon_code c[160];
    const char *all[] = { d->hand[0], d->hand[1], d->hand[2], d->hand[3], d->draws, d->tail, d->repl, d->dora, d->ura };
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) {
        int n = ms_codes(all[i], c, 160);
        for (int j = 0; j < n; j++) {
            if (ippon_code_is_red(c[j]))
                red_used[c[j] - IPPON_RED_5M]++;
            else
                plain_used[c[j]]++;
        }
    }
    bool avoid[IPPON_KINDS] = { false };
    int n_avoid = ms_codes(d->avoid, c, 160);
    for (int j = 0; j < n_avoid; j++)
        avoid[ippon_code_kind(c[j])] = true;
    int n = ms_codes(d->draws, out, 160);
    ippon_code tail[160];
    int n_tail = ms_codes(d->tail, tail, 160);
    int need = total - n - n_tail;
    assert_true(need >= 0);
    for (int k = 0; k < IPPON_KINDS && need > 0; k++) {
        if (!ippon_rules_has_kind(s->rules, k) || avoid[k])
            continue;
        bool five = k < 27 && k % 9 == 4;
        int suit = k / 9;
        bool red = five && s->rules->red_fives[suit];
        int plain_left = (red ? 3 : 4) - plain_used[k];
        for (int i = 0; i < plain_left && need > 0; i++, need--)
            out[n++] = (ippon_code)k;
        if (red && red_used[suit] == 0 && need > 0) {
            out[n++] = (ippon_code)(IPPON_RED_5M + suit);
            need--;
        }
    }
    if (need > 0)
        fail_msg("the filler ran out of tiles (%d short)", need);
    for (int i = 0; i < n_tail; i++)
        out[n++] = tail[i];
    assert_int_equal(n, total);
    return n;
}

static inline void ms_start(ms *s, const ms_deal *d)
{
    ippon_code hands[4][14], draws[160], repl[8], dora[5], ura[5];
    ippon_wall_script sc;
    memset(&sc, 0, sizeof sc);
    int dealer = ippon_match_dealer(s->m);
    for (int seat = 0; seat < s->players; seat++) {
        if (!d->hand[seat])
            continue;
        int n = ms_codes(d->hand[seat], hands[seat], 14);
        if (n != 13)
            fail_msg("seat %d is dealt %d tiles, not 13", seat, n);
        sc.deal[(seat - dealer + s->players) % s->players] = hands[seat];
    }
    sc.draws = draws;
    sc.n_draws = d->full ? ms_full_draws(s, d, draws) : ms_codes(d->draws, draws, 160);
    sc.replacements = repl;
    sc.n_replacements = ms_codes(d->repl, repl, 8);
    sc.dora = dora;
    sc.n_dora = ms_codes(d->dora, dora, 5);
    sc.ura = ura;
    sc.n_ura = ms_codes(d->ura, ura, 5);
    s->n_wall = ippon_wall_from_script(s->rules, &sc, s->wall);
    if (s->n_wall < 0)
        fail_msg("ippon_wall_from_script: %d", s->n_wall);
    s->n_log = s->last = 0;
    int n = ippon_match_start_hand(s->m, s->wall, s->n_wall, s->log, IPPON_MAX_EVENTS);
    if (n < 0)
        fail_msg("ippon_match_start_hand: %d", n);
    s->n_log = n;
    ms_check(s);
}

/* ---- finding tiles, building actions --------------------------------------------------------- */

/* a tile id of that code (red codes distinct) in the seat's concealed hand, not `avoid`; -1 if none */
static inline int ms_find(const ms *s, int seat, int code, int avoid)
{
    ippon_tile h[14];
    int n = ippon_match_hand(s->m, seat, h);
    for (int i = 0; i < n; i++)
        if (ms_tile_code(s, h[i]) == code && h[i] != avoid)
            return h[i];
    return -1;
}

static inline ippon_tile ms_tile(const ms *s, int seat, const char *tile)
{
    int t = ms_find(s, seat, ms_code(tile), -1);
    if (t < 0)
        fail_msg("seat %d holds no %s", seat, tile);
    return (ippon_tile)t;
}

static inline ippon_action ms_act(int type, int seat)
{
    ippon_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)type;
    a.seat = (int8_t)seat;
    return a;
}

static inline ippon_action ms_discard(const ms *s, int seat, const char *tile)
{
    ippon_action a = ms_act(IPPON_ACT_DISCARD, seat);
    a.tile = ms_tile(s, seat, tile);
    return a;
}

static inline ippon_action ms_riichi(const ms *s, int seat, const char *tile)
{
    ippon_action a = ms_discard(s, seat, tile);
    a.riichi = true;
    return a;
}

/* discard the tile just drawn */
static inline ippon_action ms_giri(const ms *s, int seat)
{
    ippon_action a = ms_act(IPPON_ACT_DISCARD, seat);
    int t = ippon_match_drawn_tile(s->m, seat);
    if (t < 0)
        fail_msg("seat %d has no drawn tile", seat);
    a.tile = (ippon_tile)t;
    return a;
}

/* chi / pon / daiminkan with the hand tiles named ("46m", "55p", "555p") */
static inline ippon_action ms_call(const ms *s, int type, int seat, const char *with)
{
    ippon_action a = ms_act(type, seat);
    ippon_code c[3];
    int n = ms_codes(with, c, 3);
    int used[3] = { -1, -1, -1 };
    for (int i = 0; i < n; i++) {
        int t = -1;
        ippon_tile h[14];
        int nh = ippon_match_hand(s->m, seat, h);
        for (int j = 0; j < nh && t < 0; j++) {
            bool taken = false;
            for (int k = 0; k < i; k++)
                taken |= used[k] == h[j];
            if (!taken && ms_tile_code(s, h[j]) == c[i])
                t = h[j];
        }
        if (t < 0)
            fail_msg("seat %d lacks the tiles %s", seat, with);
        used[i] = t;
        a.with[i] = (ippon_tile)t;
    }
    return a;
}

static inline ippon_action ms_chi(const ms *s, int seat, const char *w) { return ms_call(s, IPPON_ACT_CHI, seat, w); }
static inline ippon_action ms_pon(const ms *s, int seat, const char *w) { return ms_call(s, IPPON_ACT_PON, seat, w); }
static inline ippon_action ms_minkan(const ms *s, int seat, const char *w)
{
    return ms_call(s, IPPON_ACT_DAIMINKAN, seat, w);
}

static inline ippon_action ms_tile_act(const ms *s, int type, int seat, const char *tile)
{
    ippon_action a = ms_act(type, seat);
    a.tile = ms_tile(s, seat, tile);
    return a;
}

static inline ippon_action ms_ankan(const ms *s, int seat, const char *t) { return ms_tile_act(s, IPPON_ACT_ANKAN, seat, t); }
static inline ippon_action ms_kakan(const ms *s, int seat, const char *t) { return ms_tile_act(s, IPPON_ACT_KAKAN, seat, t); }
static inline ippon_action ms_kita(const ms *s, int seat) { return ms_tile_act(s, IPPON_ACT_KITA, seat, "4z"); }
static inline ippon_action ms_tsumo(int seat) { return ms_act(IPPON_ACT_TSUMO, seat); }
static inline ippon_action ms_ron(int seat) { return ms_act(IPPON_ACT_RON, seat); }
static inline ippon_action ms_pass(int seat) { return ms_act(IPPON_ACT_PASS, seat); }

/* ---- applying -------------------------------------------------------------------------------- */

/* applies an action that must be accepted; its events are logged; returns their count */
static inline int ms_ok(ms *s, ippon_action a)
{
    assert_true(s->n_log + IPPON_MAX_EVENTS <= MS_LOG);
    int n = ippon_match_apply(s->m, &a, s->log + s->n_log, IPPON_MAX_EVENTS);
    if (n < 0)
        fail_msg("seat %d action type %d tile %d refused (%d)", a.seat, a.type, a.tile, n);
    s->last = s->n_log;
    s->n_log += n;
    ms_check(s);
    return n;
}

/* applies an action that must be refused with IPPON_EILLEGAL, leaving every byte of the match as it was */
static inline void ms_refused(ms *s, ippon_action a)
{
    static unsigned char before[8192];
    unsigned long size = ippon_match_size();
    assert_true(size <= sizeof before);
    memcpy(before, s->m, size);
    ippon_event ev[IPPON_MAX_EVENTS];
    int rc = ippon_match_apply(s->m, &a, ev, IPPON_MAX_EVENTS);
    if (rc != IPPON_EILLEGAL)
        fail_msg("seat %d action type %d tile %d: expected IPPON_EILLEGAL, got %d", a.seat, a.type, a.tile, rc);
    assert_memory_equal(before, s->m, size);
}

/* passes for every seat that still has an offer to answer */
static inline void ms_pass_all(ms *s)
{
    for (int seat = 0; seat < s->players && ippon_match_phase(s->m) == IPPON_PHASE_OFFER; seat++)
        if (ippon_match_waiting_for(s->m, seat))
            ms_ok(s, ms_pass(seat));
}

/* the seat on turn discards its drawn tile, then every offer on it is passed */
static inline void ms_giri_pass(ms *s, int seat)
{
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), seat);
    ms_ok(s, ms_giri(s, seat));
    ms_pass_all(s);
}

/* discards the named tile and passes every offer on it */
static inline void ms_discard_pass(ms *s, int seat, const char *tile)
{
    ms_ok(s, ms_discard(s, seat, tile));
    ms_pass_all(s);
}

/*
 * Plays tsumogiri for whoever is on turn and passes every offer until the seat on turn has
 * just drawn leaving `live` live tiles (returns true), or the hand is over (returns false).
 */
static inline bool ms_run_until(ms *s, int live)
{
    for (;;) {
        int phase = ippon_match_phase(s->m);
        if (phase == IPPON_PHASE_OFFER) {
            ms_pass_all(s);
            continue;
        }
        if (phase != IPPON_PHASE_TURN)
            return false;
        if (ippon_match_live_tiles(s->m) == live)
            return true;
        ms_ok(s, ms_giri(s, ippon_match_turn(s->m)));
    }
}

/* tsumogiri and passes until the hand ends */
static inline void ms_run_out(ms *s) { assert_false(ms_run_until(s, -1)); }

/* ---- legal actions ------------------------------------------------------------------------- */

/* whether the seat may now take an action of this type (tile code given: with that tile's kind) */
static inline bool ms_can(const ms *s, int seat, int type, const char *tile)
{
    ippon_action acts[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(s->m, seat, acts, IPPON_MAX_LEGAL);
    for (int i = 0; i < n; i++) {
        if (acts[i].type != type)
            continue;
        if (!tile)
            return true;
        if (ippon_tile_kind(acts[i].tile) == ms_kind(tile))
            return true;
    }
    return false;
}

/* whether the seat may discard a tile of that kind (riichi: declaring riichi with it) */
static inline bool ms_can_discard(const ms *s, int seat, const char *tile, bool riichi)
{
    ippon_action acts[IPPON_MAX_LEGAL];
    int n = ippon_match_legal(s->m, seat, acts, IPPON_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        if (acts[i].type == IPPON_ACT_DISCARD && acts[i].riichi == riichi &&
            (!tile || ippon_tile_kind(acts[i].tile) == ms_kind(tile)))
            return true;
    return false;
}

static inline bool ms_can_riichi(const ms *s, int seat) { return ms_can_discard(s, seat, NULL, true); }

/* whether a chi/pon/daiminkan using exactly these hand tile kinds is offered */
static inline bool ms_can_call(const ms *s, int seat, int type, const char *with)
{
    ippon_code c[3];
    int n = ms_codes(with, c, 3);
    ippon_action acts[IPPON_MAX_LEGAL];
    int na = ippon_match_legal(s->m, seat, acts, IPPON_MAX_LEGAL);
    for (int i = 0; i < na; i++) {
        if (acts[i].type != type)
            continue;
        int want[IPPON_KINDS] = { 0 };
        for (int j = 0; j < n; j++)
            want[ippon_code_kind(c[j])]++;
        for (int j = 0; j < n; j++)
            want[ippon_tile_kind(acts[i].with[j])]--;
        bool same = true;
        for (int k = 0; k < IPPON_KINDS; k++)
            same &= want[k] == 0;
        if (same)
            return true;
    }
    return false;
}

static inline int ms_n_legal(const ms *s, int seat)
{
    ippon_action acts[IPPON_MAX_LEGAL];
    return ippon_match_legal(s->m, seat, acts, IPPON_MAX_LEGAL);
}

/* ---- events ---------------------------------------------------------------------------------- */

/* the first event of that type (and seat, -1 = any) at or after log index `from`; NULL if none */
static inline const ippon_event *ms_ev_from(const ms *s, int from, int type, int seat)
{
    for (int i = from; i < s->n_log; i++)
        if (s->log[i].type == type && (seat < 0 || s->log[i].seat == seat))
            return &s->log[i];
    return NULL;
}

/* in the events of the last apply */
static inline const ippon_event *ms_ev(const ms *s, int type, int seat) { return ms_ev_from(s, s->last, type, seat); }

/* in the events of the whole hand */
static inline const ippon_event *ms_ev_hand(const ms *s, int type, int seat) { return ms_ev_from(s, 0, type, seat); }

/* the log index of an event (for order checks) */
static inline int ms_ev_pos(const ms *s, const ippon_event *e) { return e ? (int)(e - s->log) : -1; }

static inline int ms_count_ev(const ms *s, int from, int type, int seat)
{
    int n = 0;
    for (int i = from; i < s->n_log; i++)
        n += s->log[i].type == type && (seat < 0 || s->log[i].seat == seat);
    return n;
}

/* the win of `seat` in the last apply (fails when there is none) */
static inline const ippon_score *ms_win(const ms *s, int seat)
{
    const ippon_event *e = ms_ev(s, IPPON_EV_WIN, seat);
    if (!e)
        fail_msg("no win by seat %d", seat);
    return &e->u.win.score;
}

/* han of a yaku in a score (0 = absent); yakuman count for yakuman */
static inline int ms_yaku(const ippon_score *sc, int yaku)
{
    for (int i = 0; i < sc->n_yaku; i++)
        if (sc->yaku[i].yaku == yaku)
            return sc->yaku[i].yakuman ? sc->yaku[i].yakuman : sc->yaku[i].han;
    return 0;
}

static inline bool ms_has_yaku(const ippon_score *sc, int yaku)
{
    for (int i = 0; i < sc->n_yaku; i++)
        if (sc->yaku[i].yaku == yaku)
            return true;
    return false;
}

/* the points of every seat, checked at once (4p: four values; 3p: the first three) */
static inline void ms_points(const ms *s, int32_t p0, int32_t p1, int32_t p2, int32_t p3)
{
    int32_t want[4] = { p0, p1, p2, p3 };
    for (int seat = 0; seat < s->players; seat++)
        if (ippon_match_points(s->m, seat) != want[seat])
            fail_msg("seat %d has %d points, expected %d", seat, ippon_match_points(s->m, seat), want[seat]);
}

/* at match end: results are final − start points and add up to 0 */
static inline void ms_results_consistent(const ms *s)
{
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_OVER);
    int sum = 0;
    for (int seat = 0; seat < s->players; seat++) {
        assert_int_equal(ippon_match_result(s->m, seat), ippon_match_points(s->m, seat) - s->rules->start_points);
        sum += ippon_match_result(s->m, seat);
    }
    assert_int_equal(sum, 0);
}

static inline int ms_dora_count(const ms *s)
{
    ippon_tile t[5];
    return ippon_match_dora_indicators(s->m, t);
}

static inline int ms_seat_melds(const ms *s, int seat)
{
    ippon_seat_public p;
    ippon_match_seat_public(s->m, seat, &p);
    return p.n_melds;
}

static inline bool ms_seat_riichi(const ms *s, int seat)
{
    ippon_seat_public p;
    ippon_match_seat_public(s->m, seat, &p);
    return p.riichi;
}

/* ---- debugging --------------------------------------------------------------------------------- */

/* prints the phase, every seat's concealed tiles and legal actions (type/code, r = riichi) and
   the events of the last apply to stderr */
static inline void ms_dump(const ms *s)
{
    fprintf(stderr, "phase %d turn %d live %d\n", ippon_match_phase(s->m), ippon_match_turn(s->m),
            ippon_match_live_tiles(s->m));
    for (int seat = 0; seat < s->players; seat++) {
        ippon_tile h[14];
        ippon_code c[14];
        char buf[64];
        int n = ippon_match_hand(s->m, seat, h);
        for (int i = 0; i < n; i++)
            c[i] = (ippon_code)ms_tile_code(s, h[i]);
        ippon_notation_format(c, n, buf, sizeof buf);
        ippon_action a[IPPON_MAX_LEGAL];
        int na = ippon_match_legal(s->m, seat, a, IPPON_MAX_LEGAL);
        fprintf(stderr, " seat %d [%s] melds %d legal:", seat, buf, ms_seat_melds(s, seat));
        for (int i = 0; i < na; i++)
            fprintf(stderr, " %d/%d%s", a[i].type, ms_tile_code(s, a[i].tile), a[i].riichi ? "r" : "");
        fprintf(stderr, "\n");
    }
    for (int i = s->last; i < s->n_log; i++)
        fprintf(stderr, "  ev type %d seat %d tile %d\n", s->log[i].type, s->log[i].seat, s->log[i].tile);
}

#endif
