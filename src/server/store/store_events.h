/*
 * store_events.h — events (tournaments, src/server/EVENTS.md) in the database: the event's rules
 * and status, its entry list, its rounds and tables, and the results its standings are computed
 * from. Part of the store module: only store_events.c knows their SQL (tables:
 * migrations/0019_events.sql; PostgreSQL 0012_events.sql).
 *
 * Reads (an event, the list, the entrants, the rounds and tables, the results) run on the event
 * loop's reading connection; every change runs on the store writer (event_writes.h). An
 * organiser's change is written with its audit row (store_admin.h ippon_audit, action event_*) in
 * one transaction. Return values as in store.h: 0, -1 (the database failed; logged),
 * IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT, IPPON_STORE_LIMIT.
 */
#ifndef IPPON_SERVER_STORE_EVENTS_H
#define IPPON_SERVER_STORE_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/event.h"
#include "store/store.h"
#include "store/store_admin.h"

#define IPPON_EVENT_NAME_MAX 80                 /* characters */
#define IPPON_EVENT_DESCRIPTION_MAX 2000
#define IPPON_EVENT_ANNOUNCEMENT_MAX 500
#define IPPON_EVENT_CODE_HASH_BYTES 32          /* BLAKE2b of the entry code */

/* an event's status (EVENTS.md "Its life"); the bits of a mask are 1 << status */
typedef enum ippon_event_status {
    IPPON_EVENT_REGISTRATION,
    IPPON_EVENT_CHECKIN,
    IPPON_EVENT_RUNNING,
    IPPON_EVENT_PAUSED,
    IPPON_EVENT_FINISHED,
    IPPON_EVENT_CANCELLED,
    IPPON_EVENT_STATUSES
} ippon_event_status;

/* the wire's and the database's name of a status ("registration", …), and back (-1: none) */
const char *ippon_event_status_name(ippon_event_status s);
int ippon_event_status_parse(const char *name);

/* an event (a tournament) as stored: its definition, status and round; the texts are the wire's
   values (EVENTS.md "The event"). Not ippon_event, which is a match's event (ippon/match.h) */
typedef struct ippon_event_def {
    char id[IPPON_USER_ID_LEN + 1];
    char name[4 * IPPON_EVENT_NAME_MAX + 1];
    char description[4 * IPPON_EVENT_DESCRIPTION_MAX + 1];
    char kind[8];                                /* site | club */
    char organiser_id[IPPON_USER_ID_LEN + 1];
    char organiser_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* read only */
    char mode[4];                                /* 4p | 3p */
    int rounds;
    int64_t starts_at;                           /* Unix ms */
    int checkin_minutes;
    char round_start[12];                        /* when_done | times */
    char round_times[512];                       /* JSON array of Unix ms */
    int break_minutes;
    char seating[12];                            /* random | swiss | min_repeat */
    bool duplicate;
    char entry[12];                              /* open | code | list | min_dan | min_rating */
    char entry_code_hash[2 * IPPON_EVENT_CODE_HASH_BYTES + 1]; /* the code's hash, hex; "": none */
    char *entry_list;                            /* JSON array text (malloc'd; ippon_event_clear) */
    int entry_min;
    int cap;
    char clocks[10];                             /* standard | relaxed */
    char fill[6];                                /* bots | byes */
    char stand_in[8];                            /* counts | void */
    bool spectators;
    int watch_delay_s;
    char recurrence[8];                          /* "" | weekly */
    ippon_event_status status;
    int round;                                   /* the round running or last played; 0 before */
    char announcement[4 * IPPON_EVENT_ANNOUNCEMENT_MAX + 1];
    int64_t created_at;                          /* Unix ms */
    int entrants;                                /* read only: registered entrants */
} ippon_event_def;

/* frees what ev holds (entry_list) */
void ippon_event_clear(ippon_event_def *ev);

/* the event id into out (with its entry list): 0, IPPON_STORE_NOT_FOUND or -1; clear it after */
int ippon_store_event_get(ippon_store *st, const char *id, ippon_event_def *out);

/* the events the runner looks at (game/gateway_events.c): running or paused, and those in
   registration or check-in whose check-in has opened by now_ms (starts_at − checkin_minutes);
   soonest first, at most limit (entry_list NULL), into out: 0 or -1; free it with
   ippon_event_page_free */
struct ippon_event_page;
int ippon_store_events_due(ippon_store *st, int64_t now_ms, int limit, struct ippon_event_page *out);

/* which events a list shows */
typedef enum ippon_event_filter {
    IPPON_EVENTS_ANY,
    IPPON_EVENTS_UPCOMING,    /* registration or checkin: soonest first */
    IPPON_EVENTS_RUNNING,     /* running or paused: soonest first */
    IPPON_EVENTS_FINISHED,    /* finished or cancelled: latest first */
} ippon_event_filter;

typedef struct ippon_event_page {
    ippon_event_def *events;      /* count of them (entry_list NULL), malloc'd */
    int count;
    int64_t total;            /* rows on every page */
} ippon_event_page;

/* a page (1 …) of events by filter, of kind ("site", "club" or NULL: both): 0 or -1; free after */
int ippon_store_events_list(ippon_store *st, ippon_event_filter filter, const char *kind, int page, int limit,
                            ippon_event_page *out);
void ippon_event_page_free(ippon_event_page *p);

/* one entrant */
typedef struct ippon_event_entrant {
    char user_id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    int number;               /* registration order, 0 … */
    char status[12];          /* registered | withdrawn | removed */
    int64_t registered_at, checked_in_at; /* Unix ms; checked_in_at 0: not checked in */
} ippon_event_entrant;

/* every entrant of event id, registration order, into *out (malloc'd) and *n: 0 or -1 */
int ippon_store_event_entrants(ippon_store *st, const char *id, ippon_event_entrant **out, int *n);

/* user_id's entry in event id: 0, IPPON_STORE_NOT_FOUND (never registered) or -1 */
int ippon_store_event_entrant(ippon_store *st, const char *id, const char *user_id, ippon_event_entrant *out);

/*
 * A new event (ev: every field but the read-only ones) with its audit row. A club event counts
 * against its organiser's limits, checked in the transaction: at most open_max club events not
 * finished or cancelled, at most day_max made since now_ms − 24 h. 0, IPPON_STORE_LIMIT (*which:
 * 1 the open limit, 2 the day's) or -1.
 */
int ippon_store_event_create(ippon_store *st, const ippon_event_def *ev, int open_max, int day_max, int64_t now_ms,
                             int *which, const ippon_audit *audit);

/*
 * The organiser's change of event id's rules while it is in registration: ev holds the new values
 * of every field (the caller read the event and changed some). 0, IPPON_STORE_NOT_FOUND,
 * IPPON_STORE_CONFLICT (no longer in registration) or -1.
 */
int ippon_store_event_update(ippon_store *st, const ippon_event_def *ev, const ippon_audit *audit);

/*
 * Event id's status becomes to if it is one of from_mask's (bits 1 << status); round (≥ 0) is
 * stored with it, or kept if < 0; audit (NULL: none, the runner's own moves) in the same
 * transaction. 0, IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT (in another status) or -1.
 */
int ippon_store_event_set_status(ippon_store *st, const char *id, unsigned from_mask, ippon_event_status to,
                                 int round, const ippon_audit *audit);

/* the organiser's announcement of event id (not finished or cancelled), audited: 0, _NOT_FOUND,
   _CONFLICT or -1 */
int ippon_store_event_announce(ippon_store *st, const char *id, const char *text, const ippon_audit *audit);

/* what happens to an entry */
typedef enum ippon_entry_op {
    IPPON_ENTRY_REGISTER,     /* register (again after a withdrawal); checked in too if check_in */
    IPPON_ENTRY_WITHDRAW,     /* the entrant withdraws */
    IPPON_ENTRY_CHECKIN,      /* the entrant (or the organiser) checks it in */
    IPPON_ENTRY_REMOVE,       /* the organiser removes it */
    IPPON_ENTRY_STAND_IN,     /* the organiser has a bot stand-in play its seat in the match it plays now */
} ippon_entry_op;

/* why an entry change was refused (IPPON_STORE_CONFLICT) */
typedef enum ippon_entry_refusal {
    IPPON_ENTRY_OK,
    IPPON_ENTRY_CLOSED,       /* the event takes no more entries (or changes) in its status */
    IPPON_ENTRY_FULL,         /* cap entrants registered */
    IPPON_ENTRY_REMOVED,      /* the organiser removed this user */
    IPPON_ENTRY_NOT_ENTRANT,  /* not registered (withdrawn, removed or never) */
    IPPON_ENTRY_ALREADY,      /* registered already */
    IPPON_ENTRY_NOT_PLAYING,  /* stand-in: no seat of its own in a table of the playing round still running */
} ippon_entry_refusal;

/*
 * op on user_id's entry in event id at now_ms, in one transaction with the audit row (NULL: an
 * entrant's own change): the event's status checked (register: registration or checkin; withdraw:
 * registration or checkin; check in: checkin, or registration — the caller checks the window;
 * remove: any but finished and cancelled; stand-in: running or paused, the entrant's seat in the
 * playing round's tables whose match is not stored or void, marked a stand-in's — the runner of
 * the table's node hands it over: game/gateway_event_rounds.c), the cap counted. 0, IPPON_STORE_NOT_FOUND (no event),
 * IPPON_STORE_CONFLICT with *why, or -1.
 */
int ippon_store_event_entry(ippon_store *st, const char *id, const char *user_id, ippon_entry_op op, bool check_in,
                            int64_t now_ms, ippon_entry_refusal *why, const ippon_audit *audit);

#endif
