/*
 * protocol.h — the game's JSON, both ways: the core's tiles, actions, melds, events and views
 * written as the WebSocket messages of PROTOCOL.md, and client actions read back into core
 * actions. Pure translation over jansson: no connections, no clocks (table.c adds those).
 *
 * Tiles are short-notation strings: "1m".."9m", "1p".."9p", "1s".."9s", "1z".."7z" (East South
 * West North haku hatsu chun), "0m"/"0p"/"0s" for a red five.
 */
#ifndef IPPON_SERVER_PROTOCOL_H
#define IPPON_SERVER_PROTOCOL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "ippon/match.h"

enum { IPPON_PROTOCOL_VERSION = 1 };

/* "5m", "0p", "7z" */
json_t *ippon_proto_tile(const ippon_rules *rules, ippon_tile t);
json_t *ippon_proto_tiles(const ippon_rules *rules, const ippon_tile *tiles, int n);

/* a legal action as the option a client may send back: {"type":"riichi","tile":"0p"}, … */
json_t *ippon_proto_option(const ippon_rules *rules, const ippon_action *a);

/*
 * Every option of the seat's pending decision, as its ask lists them (ippon_match_legal's
 * order). On the seat's turn each "discard" and "riichi" option whose discard leaves the hand
 * tenpai also carries "waits" (tile codes in kind order, fives plain) and "furiten" (the furiten
 * it would then be in: null, "permanent" or "riichi", ippon_match_waits_after_discard); options
 * that leave it not tenpai carry neither. The seat's own information: only for its ask.
 */
json_t *ippon_proto_options(const ippon_match *m, int seat);

/* a furiten as the protocol names it: null (none), "temporary", "permanent" or "riichi" */
json_t *ippon_proto_furiten(ippon_furiten furiten);

/*
 * The seat's own tenpai while it holds 3n+1 tiles: {"waits":["3p","6p"],"furiten":null}, furiten
 * being which one it is in by the core's precedence (ippon_match_seat_waits, ippon_proto_furiten),
 * or NULL when it is not tenpai or holds 3n+2. Only for that seat. ippon_proto_tenpai_of: the
 * same from waits and a furiten already read (NULL for no waits).
 */
json_t *ippon_proto_tenpai(const ippon_match *m, int seat);
json_t *ippon_proto_tenpai_of(uint64_t waits, ippon_furiten furiten);

/*
 * Reads a client's action object into one of the seat's legal actions. A discard names a tile
 * by code (and may say "tsumogiri": true to mean the tile just drawn); calls name the hand
 * tiles they use. Returns 0 with *out set, or -1 with a message naming the field in err
 * ("action.tile: not a tile", "action: not one of your options").
 */
int ippon_proto_read_action(const ippon_match *m, int seat, const json_t *obj, ippon_action *out, char *err,
                            size_t err_cap);

/*
 * An event as `seat` may see it, or NULL when it is not for that seat (another seat's
 * private event). seat = -1 gives the spectators' (public) version.
 */
json_t *ippon_proto_event(const ippon_match *m, const ippon_event *ev, int seat);

/*
 * A win as the match record keeps it: the public win event, plus the winner's "melds" (as
 * the table shows them), "kita" and the dora indicators face up at the win ("dora"), so the whole
 * winning hand can be shown later. Call it while the match still stands at that win (before
 * another hand is started). Other events: as ippon_proto_event(m, ev, -1).
 */
json_t *ippon_proto_win_record(const ippon_match *m, const ippon_event *ev);

/* the hand's number in its round as players say it (East 1 … East 4, South 1 …): 1 for the first
   dealer's hand, counting from that seat */
int ippon_proto_kyoku(const ippon_match *m, int first_dealer);

/*
 * What the table adds to the core's events, into o (ev's JSON from ippon_proto_event): a hand's
 * start gets its "kyoku"; an exhaustive draw the tenpai "hands" (shown to everybody: {"seat":
 * [tiles]}); a draw of either kind the hand that follows, "next" ({dealer, round_wind, kyoku,
 * honba, sticks}, read from the core, which has already moved on). Call it right after the
 * action that caused ev, before another hand is dealt.
 */
void ippon_proto_add_table_facts(const ippon_match *m, const ippon_event *ev, int first_dealer, json_t *o);

/*
 * The match's numbers, from its rule set, so that a client hard-codes none of them (match_found
 * and view carry it as "numbers"): {"start_points":25000,"riichi_stick":1000,"honba_ron":300,
 * "honba_tsumo":100,"wall_tiles":136,"live_tiles":70} — each seat's starting points, a riichi
 * stick, one honba on a ron (from the discarder) and on a tsumo (from each payer), the tiles of
 * the wall, and its live tiles when a hand is dealt (the dealer's first draw included).
 */
json_t *ippon_proto_numbers(const ippon_rules *rules);

/*
 * The whole table as `seat` sees it now (seat = -1: a spectator): round, honba, sticks, live
 * tiles, the match's "numbers" (ippon_proto_numbers), dora indicators, every seat's public
 * state, and for a player its own hand, the tile it just drew and, while it holds 3n+1 tiles
 * and is tenpai, its "tenpai" (ippon_proto_tenpai).
 * The caller adds names, clocks, the pending request and the event number.
 */
json_t *ippon_proto_view(const ippon_match *m, int seat);

#endif
