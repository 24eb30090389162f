/*
 * mjai_client.h — the other end of mjai.h: an AI's side of one seat. It reads the mjai messages
 * that seat receives, one line at a time, keeps the seat's ippon_view (what ippon_match_view
 * gives for that seat: its own tiles, every seat's ponds, melds, kita, riichi and points, the
 * dora indicators, round wind, dealer, honba, sticks, live tiles) and, when a message asks for a
 * decision, the seat's legal actions in the core's order (ippon_match_legal); then writes the
 * answer line for the action chosen. So ippon_bot_choose (or any player of an ippon_view) plays
 * a seat of any mjai server.
 *
 * Seats. The view numbers the seats as mjai does (seat 0 dealt the match's first hand): the seat
 * is ippon_mjai_client_id, a seat's wind is (seat − oya) mod players.
 *
 * Tiles. mjai names tiles by kind ("5m", red "5mr"); the view holds tile ids (ippon/tile.h). The
 * client gives every tile it sees an id of its code (a red five copy 0, a plain one another copy)
 * and keeps it where the tile goes (hand → pond → a meld), so the view reads as the core's does,
 * by kind and code; the ids themselves are the client's own.
 *
 * Decisions, as the server marks them (src/mjai/README.md): its own tsumo (every discard that may
 * be made — in riichi only the tile drawn; riichi declarations when "reach" is among the
 * possible_actions, for each discard that leaves the hand ready with a live wait; tsumo, ankan,
 * kakan, kita, kyuushu as possible_actions lists them); its own chi or pon (the discards kuikae
 * allows); another seat's dahai, kakan, ankan or kita with possible_actions (those offered, then
 * pass). A riichi is answered in two lines: "reach" to the message, then its dahai to the echo of
 * the reach, which the client gives by itself.
 */
#ifndef IPPON_MJAI_CLIENT_H
#define IPPON_MJAI_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "ippon/match.h"

typedef struct ippon_mjai_client ippon_mjai_client;

/* rules: the table's rules; NULL = the product's preset for the players start_game names
   (yonma for 4, sanma for 3). NULL when out of memory */
ippon_mjai_client *ippon_mjai_client_new(const ippon_rules *rules);
void ippon_mjai_client_free(ippon_mjai_client *c);

enum ippon_mjai_client_read {
    IPPON_MJAI_CLIENT_ANSWER,  /* answer with ippon_mjai_client_answer(c, NULL): none, or the dahai after reach */
    IPPON_MJAI_CLIENT_DECIDE,  /* choose one of the view's legal actions and answer it */
    IPPON_MJAI_CLIENT_SILENT,  /* a message that takes no answer (error, resume) */
    IPPON_MJAI_CLIENT_BAD,     /* the line was refused (error says why); answer none */
};

/*
 * Reads one message (a NUL-terminated line). Returns an ippon_mjai_client_read; error (cap bytes,
 * may be NULL with cap 0) is "" unless BAD. A refused line leaves the state as it was; nothing
 * crashes whatever the bytes.
 */
int ippon_mjai_client_read(ippon_mjai_client *c, const char *line, char *error, size_t cap);

/* the seat's view now (after DECIDE: with the legal actions; else n_legal is 0) */
const ippon_view *ippon_mjai_client_view(const ippon_mjai_client *c);
/* the rules the view is read under (NULL before start_game when made with NULL) */
const ippon_rules *ippon_mjai_client_rules(const ippon_mjai_client *c);
/* the seat's mjai seat (start_game's id), or -1 before start_game */
int ippon_mjai_client_id(const ippon_mjai_client *c);
/* whether end_game was read */
bool ippon_mjai_client_over(const ippon_mjai_client *c);

/*
 * The answer line (a JSON object, no newline) to the message read last: for a decision, the
 * action chosen (one of view->legal; anything else, or NULL, gives the default: pass on an offer,
 * else the tile drawn or, after a call, the last discard offered), written as the server reads it
 * (dahai with tsumogiri; reach, whose dahai answers the echo; hora, chi, pon, daiminkan, ankan,
 * kakan, kita, ryukyoku as the possible_actions entry it is); otherwise none, or the dahai of a
 * reach when the message is its echo. The text lives until the next call on c.
 */
const char *ippon_mjai_client_answer(ippon_mjai_client *c, const ippon_action *chosen);

#endif
