/*
 * store_event_results.h — what an event's rounds add up to (src/server/EVENTS.md "Standings"): each
 * entrant's result in each round, read from its table's stored match (match_players), the pairs of
 * entrants who shared a table and the byes (the seating's inputs), and the standings computed from
 * the results by the events library (include/ippon/event.h ippon_event_standings). Part of the store
 * module (its SQL); reads on the caller's connection.
 *
 * An entrant's result in a round: its seat's match_players.result (final − start points) once the
 * table's match is stored, its place at the table by final points (a tie to the seat whose wind
 * comes first from the round's first dealer), last when its place is the table's last; a seat a
 * stand-in played counts so, or 0 with no place with the event's stand_in "void"; a bye 0 with
 * no place. A round whose table is not stored yet gives no result.
 */
#ifndef IPPON_SERVER_STORE_EVENT_RESULTS_H
#define IPPON_SERVER_STORE_EVENT_RESULTS_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/event.h"
#include "store/store.h"
#include "store/store_events.h"

/* every result of event ev's entrants (entrant: its registration number), round then table order,
   into *out (malloc'd) and *n: 0 or -1 */
int ippon_store_event_results(ippon_store *st, const ippon_event_def *ev, ippon_event_result **out, int *n);

/*
 * The seating's history of event id by entrant number: met[a·IPPON_EVENT_MAX_ENTRANTS + b] (a < b)
 * how many tables a and b shared (bots' seats not counted; met is IPPON_EVENT_MAX_ENTRANTS² bytes,
 * zeroed here), byes[a] how many byes a had (IPPON_EVENT_MAX_ENTRANTS bytes). 0 or -1.
 */
int ippon_store_event_met(ippon_store *st, const char *id, uint8_t *met, uint8_t *byes);

/* one line of an event's standings */
typedef struct ippon_event_line {
    ippon_event_standing s;   /* s.entrant: the registration number */
    char user_id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    bool played[IPPON_EVENT_MAX_ROUNDS];   /* round r + 1 has a result */
    int32_t result[IPPON_EVENT_MAX_ROUNDS];
} ippon_event_line;

/*
 * The standings of event ev into *out (malloc'd, rank order) and *n: every entrant still registered
 * and every other (withdrawn, removed) with a result, ranked among themselves. 0 or -1.
 */
int ippon_store_event_standings(ippon_store *st, const ippon_event_def *ev, ippon_event_line **out, int *n);

#endif
