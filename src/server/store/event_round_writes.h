/*
 * event_round_writes.h — the event runner's writes (game/gateway_events.c) as store writer jobs
 * (store_writer.h): a round seated (its tables, seats and byes: store_event_rounds.h), a round's
 * tables started, a seat handed to a stand-in, a table made void. A job holds a deep copy of what it writes and hands
 * the store's code back on the event loop. The runner waits for each (IPPON_WRITE_ANSWER): a job
 * the writer gives up on is tried again at the runner's next look.
 */
#ifndef IPPON_SERVER_EVENT_ROUND_WRITES_H
#define IPPON_SERVER_EVENT_ROUND_WRITES_H

#include "store/store_event_rounds.h"
#include "store/store_writer.h"

typedef enum ippon_round_write_kind {
    IPPON_RW_SEAT,     /* write round (ippon_store_event_round_write) */
    IPPON_RW_PLAYING,  /* round.round of the event: seated → playing */
    IPPON_RW_STAND_IN, /* the seat `seat` of table `table` in round.round: a stand-in's */
    IPPON_RW_VOID,     /* table `table` of round.round: void (its match ended without a record) */
} ippon_round_write_kind;

typedef struct ippon_round_write ippon_round_write;

/* the completion, on the loop: the store's code or IPPON_WRITE_UNAVAILABLE / _STOPPED; rw is the
   job (its copy of the round) and is freed after */
typedef void (*ippon_round_write_done)(const ippon_round_write *rw, int rc, void *ctx);

struct ippon_round_write {
    ippon_round_write_kind kind;
    char event_id[IPPON_USER_ID_LEN + 1];
    ippon_event_round round; /* SEAT: all of it; PLAYING, STAND_IN: its number */
    int table, seat;         /* STAND_IN; VOID: table */
    int64_t now_ms;          /* VOID: when */
    ippon_round_write_done done;
    void *ctx;
};

/* Queue a copy of rw (its round's tables and byes copied). 0: done is called exactly once;
   -1: refused (w NULL, stopping, out of memory), done is not called. */
int ippon_round_write_submit(ippon_writer *w, const ippon_round_write *rw);

#endif
