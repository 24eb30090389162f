/*
 * store_event_rounds.h — an event's rounds in the database (src/server/EVENTS.md "Its life"): a
 * round with its tables, their seats and the round's byes, written in one transaction when the
 * round is seated; the round done, in the transaction that stores a table's match, once every
 * table of the round has its match; the rounds read back for the replies and the runner. Part of
 * the store module: only store_event_rounds.c knows their SQL (tables: migrations/0019_events.sql,
 * 0020_event_rounds.sql). The results and standings read from them: store_event_results.h.
 *
 * A table's seat s is its match's seat s (the match's seat order is the seating's: EVENTS.md
 * "Seat rotation"). Return values as in store.h: 0, -1 (the database failed; logged),
 * IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT.
 */
#ifndef IPPON_SERVER_STORE_EVENT_ROUNDS_H
#define IPPON_SERVER_STORE_EVENT_ROUNDS_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/event.h"
#include "store/store.h"
#include "store/stored_match.h"

/* a round's status: seated (written, its tables not started), playing, done (every table's match
   stored); the database's names "seated", "playing", "done" */
typedef enum ippon_round_status { IPPON_ROUND_SEATED, IPPON_ROUND_PLAYING, IPPON_ROUND_DONE } ippon_round_status;

const char *ippon_round_status_name(ippon_round_status s);

#define IPPON_EVENT_SECRET_HEX 64 /* a round's secret and commitment (32 bytes), hex */

/* one seat of a table: an entrant (user_id) or a filling bot (user_id "") */
typedef struct ippon_event_seat {
    char user_id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* read only */
    bool stand_in;            /* a bot stand-in played the entrant's seat */
} ippon_event_seat;

typedef struct ippon_event_table {
    int table;                /* 1 … */
    char match_id[IPPON_USER_ID_LEN + 1];
    int players;              /* seats used: 3 or 4 */
    ippon_event_seat seats[4];
    bool done;                /* read only: its match is stored */
    int64_t ended_at;         /* read only: its match's end (Unix ms), or when it was made void; 0 until then */
    int64_t voided_at;        /* read only: made void (its match ended without a record), Unix ms; 0: not */
} ippon_event_table;

typedef struct ippon_event_round {
    int round;                /* 1 … */
    ippon_round_status status;
    int64_t starts_at;        /* Unix ms */
    char commitment[IPPON_EVENT_SECRET_HEX + 1]; /* "" without duplicate walls */
    char secret[IPPON_EVENT_SECRET_HEX + 1];     /* ""; read back only once the round is done */
    int first_dealer;         /* 0 … players − 1 */
    int n_tables;
    ippon_event_table *tables;
    int n_byes;
    ippon_event_seat *byes;   /* the entrants sitting out (stand_in false) */
    int64_t done_at;          /* read only: once done, the last of its tables' ends (Unix ms); else 0 */
} ippon_event_round;

/*
 * Writes round r of event id (its tables and byes; status seated or playing) in one transaction,
 * and makes it the event's round. The event must be running or paused, r->round its round + 1 (at
 * most its rounds), every seat's user a registered entrant, tables numbered 1 … n_tables with
 * distinct match ids.
 * 0, IPPON_STORE_NOT_FOUND (no event), IPPON_STORE_CONFLICT (another status or round, a seat not
 * an entrant, a match id taken) or -1.
 */
int ippon_store_event_round_write(ippon_store *st, const char *id, const ippon_event_round *r);

/* round `round` of event id from seated to playing (its tables started): 0, _NOT_FOUND (no such
   round), _CONFLICT (not seated) or -1 */
int ippon_store_event_round_playing(ippon_store *st, const char *id, int round);

/* the seat `seat` of table `table` in round `round` of event id is played by a bot stand-in: 0,
   _NOT_FOUND (no such entrant's seat) or -1 */
int ippon_store_event_stand_in(ippon_store *st, const char *id, int round, int table, int seat);

/* table `table` of round `round` of event id is void: its match ended without a record (lost at a
   restart, voided at resume). The round is done if that was its last table without a match. 0,
   _CONFLICT (no such table, or its match stored, or void already) or -1 */
int ippon_store_event_table_void(ippon_store *st, const char *id, int round, int table, int64_t now_ms);
/* the event table (its event id, round and number) whose match id is match_id, not yet void: 0,
   IPPON_STORE_NOT_FOUND (no event's, or void already) or -1 */
int ippon_store_event_table_of_match(ippon_store *st, const char *match_id, char event_id[IPPON_USER_ID_LEN + 1],
                                     int *round, int *table);

/* the secret of round `round` of event id as stored (hex; "" without duplicate walls), for the runner
   that starts its tables (replies show it only once the round is done): 0, _NOT_FOUND or -1 */
int ippon_store_event_round_secret(ippon_store *st, const char *id, int round,
                                   char secret[IPPON_EVENT_SECRET_HEX + 1]);

/* every round of event id, in order, into *out (malloc'd) and *n: 0 or -1; free after */
int ippon_store_event_rounds(ippon_store *st, const char *id, ippon_event_round **out, int *n);
void ippon_event_rounds_free(ippon_event_round *rounds, int n);

/*
 * The match's part in its event, if it is an event table's (nothing otherwise): the table's round
 * done once every table of that round has its match stored. Runs inside the transaction that
 * stores the match (store_matches.c). 0 or -1.
 */
int ippon_event_match_write(ippon_store *st, const ippon_stored_match *r);

#endif
