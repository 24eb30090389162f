/*
 * gateway_events.h — the events' runner in the gateway (src/server/EVENTS.md "Its life"). Once a
 * second it looks at the events due (store_events.h ippon_store_events_due) and moves each on:
 * check-in opens; round 1 starts at its time, or the event is cancelled with fewer checked-in
 * entrants than a table's seats; each round is seated, checked, written and its tables started
 * (gateway_event_rounds.c); a round done is told to its entrants with the standings; after the
 * last round the event is finished. Everything it decides is read back from the database at each
 * look, so a restarted server goes on where it stopped. Not a public header: the gateway's own.
 *
 * Its writes go through the store writer (event_round_writes.h, event_writes.h), one at a time per
 * event: an event with a write in flight waits for its completion.
 */
#ifndef IPPON_SERVER_GATEWAY_EVENTS_H
#define IPPON_SERVER_GATEWAY_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/mode.h"
#include "base/strmap.h"
#include "game/gateway.h"
#include "store/store_event_rounds.h"
#include "store/store_events.h"

/* what the runner keeps of an event between its looks (nothing it could not read again) */
typedef struct gw_event_run {
    char id[IPPON_USER_ID_LEN + 1];
    bool busy;                /* a write of its, or a cluster lookup for it, is in flight */
    bool seen;                /* looked at since this server started (told is set) */
    int told;                 /* the last done round whose standings its entrants were sent */
    int64_t due_ms;           /* Unix ms the round being seated was due (the start delay's figure) */
    bool waiting;             /* round 1 waits for enough check-ins (logged once) */
    int started;              /* the last round whose tables this server started (0: none) */
    ippon_strmap *elsewhere;  /* a cluster: entrant → the node of its socket (strdup'd), last lookup */
    int elsewhere_round;      /* the round that lookup was for (0: none) */
    int64_t elsewhere_at;     /* when it answered (Unix ms) */
    int missing_round;        /* the round missing_since is about */
    int64_t missing_since[IPPON_EVENT_MAX_TABLES + 1]; /* by table: first seen gone without a record */
    int away_round;           /* the round away_since is about */
    int64_t away_since[IPPON_EVENT_MAX_TABLES][4]; /* by table and seat: its player first seen not
                                                      connected (0: connected) */
} gw_event_run;

/* the runner's look, once a second from ippon_gateway_attach until the gateway is freed */
void gw_events_start(ippon_gateway *gw);
void gw_events_free(ippon_gateway *gw);

/* the next look at once (an answer the runner waited for has come) */
void gw_events_look_soon(ippon_gateway *gw);
/* forgets run's cluster lookup (elsewhere) */
void gw_event_forget_elsewhere(gw_event_run *run);

/* the event's run (made on first use), or NULL when memory runs out */
gw_event_run *gw_event_run_of(ippon_gateway *gw, const char *id);
/* the event's run if it has one (a write's completion looks its event up), else NULL */
gw_event_run *gw_event_run_find(ippon_gateway *gw, const char *id);

/* the seats at one of ev's tables: its mode's players */
int gw_event_players(const ippon_event_def *ev);
/* whether entrant e is seated by the next round: registered and checked in */
bool gw_event_entrant_plays(const ippon_event_entrant *e);

/* ---- gateway_event_rounds.c ---- */

enum { GW_EVENT_SEATING = 0, GW_EVENT_TRY_AGAIN = 1, GW_EVENT_TOO_FEW = 2 };
/* seats round n + 1 of ev (n: its rounds so far; due: when it was due, Unix ms) and
   writes it; its tables start once written. GW_EVENT_SEATING: a write is in flight (run->busy);
   _TRY_AGAIN: not now (the database, memory, a seating that does not check: logged); _TOO_FEW:
   fewer entrants checked in and still in the event than a table needs */
int gw_event_seat_round(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, int n, int64_t due);
/* starts the tables of round r of ev as written (a round found seated but not started after a
   restart too), tells the entrants here where they sit, and marks the round playing */
void gw_event_start_round(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, const ippon_event_round *r);
/* round r is playing: a person's seat at a table of this node is handed to a bot stand-in
   (gw_table_stand_in) when the store says so (the organiser's stand_in), or, recorded as a
   stand-in's then, when the organiser removed its entrant or its player has not been connected
   here for the config's event_away_s */
void gw_event_stand_ins(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, const ippon_event_round *r,
                        int64_t now);
/* a playing round r of ev: a table whose match is gone from this server without a record for
   GW_EVENT_VOID_AFTER_MS is made void, so the round ends without it (EVENTS.md "The runner") */
enum { GW_EVENT_VOID_AFTER_MS = 30000 };
void gw_event_void_lost(ippon_gateway *gw, gw_event_run *run, const ippon_event_def *ev, const ippon_event_round *r,
                        int64_t now);
/* sends msg (taken) to every entrant of event id connected to this gateway */
void gw_event_tell(ippon_gateway *gw, const char *id, json_t *msg);
/* tells the entrants of ev the standings after round `round` (and the next round's time, if known) */
void gw_event_tell_standings(ippon_gateway *gw, const ippon_event_def *ev, int round, int64_t next_at);

#endif
