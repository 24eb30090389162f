/*
 * mjai.h — one seat of a running match spoken to an AI over mjai (the protocol of gimite/mjai, as
 * Mortal's libriichi keeps it): the messages that seat's AI must receive, and its answers turned
 * into the core's actions. A library beside the logs (src/mjai/), knowing nothing of the server.
 *
 * The stream. Feed it every event of the match in order (ippon_mjai_seat_event: all of them,
 * other seats' private ones included — it keeps only what the seat may see) and, when the table
 * asks this seat, the options the core offers it (ippon_mjai_seat_ask) before taking the messages
 * those events made; take the messages with ippon_mjai_seat_next, one JSON object a line:
 *   start_game (id: the seat's own mjai seat, names), then per hand start_kyoku (tehais: the
 *   seat's own 13 tiles, "?" for every other seat's), tsumo (the others' as "?"), dahai, reach,
 *   reach_accepted, chi, pon, daiminkan, ankan, kakan, kita, dora, hora, ryukyoku, end_kyoku;
 *   end_game after the match's first win (an exhaustive draw is followed by the next start_kyoku).
 * Seats are numbered as mjai numbers them, from the first dealer (mjai_event.h). The message
 * after which the seat decides is marked as asking (ippon_mjai_seat_next's *asks): its own tsumo,
 * its own chi or pon (a discard follows), another seat's dahai, kakan, ankan or kita (a call or a
 * ron), or the echo of its own reach; it carries "possible_actions", as gimite/mjai's server sends
 * them, exactly when the seat may do something besides the default: hora, reach, chi, pon,
 * daiminkan, ankan, kakan, kita, ryukyoku (kyushukyuhai) — never the discards.
 *
 * The answers. ippon_mjai_seat_answer reads one line from the AI: none, dahai (pai, tsumogiri),
 * reach (then a dahai), chi, pon, daiminkan (consumed), ankan (consumed), kakan (pai), hora, kita
 * or nukidora, ryukyoku (kyushukyuhai). It picks the matching option; anything else — malformed
 * JSON, an unknown type, a wrong actor, a tile not held, an action not offered, an action when
 * nothing was asked — gives an error text and, when the seat was asked, the default action the
 * table's clock takes (ippon_match_timeout_action): pass on an offer, else discard the tile just
 * drawn (after a call: the last tile in the hand's order that kuikae allows).
 */
#ifndef IPPON_MJAI_H
#define IPPON_MJAI_H

#include <stdbool.h>
#include <stddef.h>

#include "ippon/match.h"

typedef struct ippon_mjai_seat ippon_mjai_seat;

/* a stream for table seat `seat` under these rules; names by table seat (NULL = "Seat N");
   NULL when out of memory or the seat is not at the table */
ippon_mjai_seat *ippon_mjai_seat_new(const ippon_rules *rules, int seat, const char *const *names);
void ippon_mjai_seat_free(ippon_mjai_seat *s);

/* queues start_game before the first hand, the seats numbered from first_dealer (the table seat
   that deals the first hand): a table that waits for its AIs to load before the first deal (the
   first HAND_START then sends no second start_game); nothing once start_game has been queued */
void ippon_mjai_seat_begin(ippon_mjai_seat *s, int first_dealer);

/* the seat's number in mjai's numbering (valid from the first hand on, or ippon_mjai_seat_begin) */
int ippon_mjai_seat_id(const ippon_mjai_seat *s);

/* feeds one event (every event of the match, in order); a decision asked before is over */
void ippon_mjai_seat_event(ippon_mjai_seat *s, const ippon_event *ev);

/* the table asks the seat: its options now (ippon_match_legal); n ≤ IPPON_MAX_LEGAL */
void ippon_mjai_seat_ask(ippon_mjai_seat *s, const ippon_action *options, int n);

/* whether a decision is asked and not yet answered */
bool ippon_mjai_seat_asked(const ippon_mjai_seat *s);

/* the next message (a JSON object, no newline), or NULL when there is none; the text lives until
   the next call on s. *asks (may be NULL): the AI's answer to this message is its decision */
const char *ippon_mjai_seat_next(ippon_mjai_seat *s, bool *asks);

enum ippon_mjai_outcome {
    IPPON_MJAI_NOTHING, /* nothing for the table (none when nothing was asked, or an error then) */
    IPPON_MJAI_ACT,     /* *out is the seat's action for the table (the default after an error) */
    IPPON_MJAI_WAIT,    /* a reach: its echo is queued (ippon_mjai_seat_next); the dahai follows */
};

/*
 * Reads one answer line (a NUL-terminated string). Returns an ippon_mjai_outcome; error (cap
 * bytes, may be NULL with cap 0) is "" for a good answer, else why it was refused. Never fails
 * otherwise, whatever the bytes.
 */
int ippon_mjai_seat_answer(ippon_mjai_seat *s, const char *line, ippon_action *out, char *error, size_t cap);

#endif
