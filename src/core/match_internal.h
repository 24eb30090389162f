/*
 * match_internal.h — the inside of an ippon_match, shared by the files that drive it:
 *   match.c    life cycle: init, starting a hand, applying an action (checked by legal.c,
 *              carried out by turn.c or offer.c), ending a hand (win, exhaustive or abortive
 *              draw), the next dealer, accessors and the invariant check;
 *   seat.c     one seat's tiles: taking and giving tiles, waits, furiten, building the
 *              ippon_win a tsumo or ron would score;
 *   turn.c     what the seat on turn does: draw, discard (riichi), tsumo, kans, kita, kyuushu;
 *   offer.c    offers to the other seats (calls and ron on a discard, robbing a kan or kita)
 *              and their resolution;
 *   legal.c    the list of legal actions of a seat, whether a submitted action is one of
 *              them, and the timeout action.
 * Not a public header.
 */
#ifndef IPPON_MATCH_INTERNAL_H
#define IPPON_MATCH_INTERNAL_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "ippon/match.h"

enum offer_kind { OFFER_DISCARD, OFFER_KAKAN, OFFER_ANKAN, OFFER_KITA };

struct seat_state {
    int32_t points;
    uint8_t n_hand;
    ippon_tile hand[14];           /* concealed tile ids, sorted */
    uint8_t counts[IPPON_KINDS];   /* the same, per kind */
    uint8_t n_melds;
    ippon_meld_tiles melds[4];
    uint8_t n_discards;
    ippon_discard discards[IPPON_MAX_DISCARDS];
    uint64_t discarded_kinds;      /* bit k: this seat discarded kind k this hand (discard furiten) */
    uint8_t n_kita;
    ippon_tile kita[4];
    bool riichi, double_riichi, ippatsu;
    bool temp_furiten, riichi_furiten;
    uint64_t kuikae;               /* kinds this seat may not discard right after its own call */
    uint64_t waits;                /* shape waits of the concealed tiles, valid while n_hand % 3 == 1 */
    int8_t shanten;                /* their shanten when the waits were worked out (SHANTEN_UNKNOWN:
                                      not known), and how many tiles the hand held then */
    uint8_t shanten_tiles;
};

enum { IPPON_MAX_OFFER_OPTIONS = 16 }; /* ron, pon ×2, daiminkan, chi ×(up to 3 shapes × 4 reds), pass */

struct offer {
    uint8_t kind;                  /* enum offer_kind */
    int8_t from;                   /* whose tile is offered */
    ippon_tile tile;
    bool riichi_declaration;       /* the discard declared riichi: stick paid unless ronned */
    bool offered[IPPON_MAX_PLAYERS];
    bool answered[IPPON_MAX_PLAYERS];
    bool could_ron[IPPON_MAX_PLAYERS];
    ippon_action answer[IPPON_MAX_PLAYERS];
    uint8_t n_options[IPPON_MAX_PLAYERS];   /* each seat's options, worked out when the offer opens */
    ippon_action options[IPPON_MAX_PLAYERS][IPPON_MAX_OFFER_OPTIONS]; /* last: opening an offer
                                      clears every member before it, and only these lists' used
                                      entries are written */
};

struct ippon_match {
    ippon_rules rules;
    uint8_t players, first_dealer, dealer, round_wind;
    int32_t honba, sticks, hand_number;
    uint8_t phase;
    int32_t start_total;           /* points + sticks at the start (conserved) */

    /* the hand */
    int n_wall;
    ippon_tile wall[IPPON_TILE_IDS];
    int next_draw;                 /* index of the next normal draw */
    int live_end;                  /* live tiles are wall[next_draw .. live_end-1] */
    int replacements;              /* replacement draws taken (kans and kita) */
    int n_dora;                    /* indicators face up */
    int pending_dora;              /* open/added kan indicators not yet revealed (delayed rule) */
    int8_t pending_dora_seat;
    int n_kans;
    uint8_t kan_seats;             /* bit s: seat s made a kan (for suukaikan) */
    bool interrupted;              /* a call, kan or kita happened this hand */
    uint8_t riichi_count;

    struct seat_state seat[IPPON_MAX_PLAYERS];
    uint8_t turn;                  /* seat on turn, or whose tile is offered */
    int drawn;                     /* tile the seat on turn just drew; -1 after a call */
    bool drawn_rinshan;            /* that tile was a replacement draw */
    bool after_call;               /* the seat on turn must discard after its chi or pon */
    struct offer offer;

    int32_t results[IPPON_MAX_PLAYERS];
};

/* an event list being filled */
struct events {
    ippon_event *ev;
    int n, cap;
    bool overflow;     /* the caller's list was too short; the rest went to sink (ippon_match_apply
                          and ippon_match_start_hand then answer IPPON_ERANGE) */
    ippon_event sink;
};

ippon_event *ippon_ev_push(struct events *e, int type, int to, int seat);

/* the seat `ahead` places after `seat` in turn order (both within the table; no division) */
static inline int ippon_seat_after(const ippon_match *m, int seat, int ahead)
{
    assert(seat >= 0 && seat < m->players && ahead >= 0 && ahead < m->players);
    int s = seat + ahead;
    return s >= m->players ? s - m->players : s;
}

/* seat.c */
int ippon_seat_wind(const ippon_match *m, int seat);
void ippon_seat_take(ippon_match *m, int seat, ippon_tile t);
void ippon_seat_give(ippon_match *m, int seat, ippon_tile t);
int ippon_seat_find(const ippon_match *m, int seat, int kind, bool want_red, int avoid);
bool ippon_tile_is_red(const ippon_match *m, ippon_tile t);
void ippon_seat_update_waits(ippon_match *m, int seat);
uint64_t ippon_seat_live_waits(const ippon_match *m, int seat, const uint8_t *counts, int melds);
bool ippon_seat_tenpai(const ippon_match *m, int seat);
bool ippon_seat_furiten(const ippon_match *m, int seat);
ippon_furiten ippon_seat_furiten_kind(const ippon_match *m, int seat); /* which, by precedence (match.h) */
bool ippon_seat_is_closed(const ippon_match *m, int seat);
/* scores seat's win on tile t; tsumo or ron from `from` (kind of offer for chankan/kita) */
int ippon_seat_score(const ippon_match *m, int seat, ippon_tile t, bool tsumo, int from, int offer_kind,
                     int sticks, int honba, ippon_score *out);

/* match.c */
void ippon_match_reveal_dora(ippon_match *m, struct events *e);
void ippon_match_end_win(ippon_match *m, int n_winners, const int8_t *winners, int from, ippon_tile t,
                         bool tsumo, int offer_kind, struct events *e);
void ippon_match_end_exhaustive(ippon_match *m, struct events *e);
void ippon_match_end_abort(ippon_match *m, int kind, struct events *e);

/* turn.c */
void ippon_turn_draw(ippon_match *m, int seat, bool replacement, struct events *e);
int ippon_turn_apply(ippon_match *m, const ippon_action *a, struct events *e);
void ippon_turn_establish_kan(ippon_match *m, int seat, int meld_index, struct events *e);
void ippon_turn_finish_kita(ippon_match *m, int seat, struct events *e);

/* offer.c */
void ippon_offer_open(ippon_match *m, int kind, int from, ippon_tile t, bool riichi_declaration,
                      struct events *e);
int ippon_offer_answer(ippon_match *m, const ippon_action *a, struct events *e);
/* the seat's options on the open offer (cached when it opened; the offer changes no hand) */
int ippon_offer_options(const ippon_match *m, int seat, ippon_action *out, int cap);

/* legal.c */
/* the seat on turn's options; with only != NULL just those of only's type (and riichi flag) */
int ippon_turn_options(const ippon_match *m, int seat, const ippon_action *only, ippon_action *out, int cap);
bool ippon_action_matches(const ippon_match *m, const ippon_action *legal, const ippon_action *a);
/* whether a discard without riichi by the seat on turn is legal (without listing the options) */
bool ippon_plain_discard_legal(const ippon_match *m, const ippon_action *a);

#endif
