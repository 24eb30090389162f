/*
 * gateway_state.h — the gateway's own state, shared by its files (gateway*.c): the struct behind
 * ippon_gateway, and its clock. Not a public header. Each field says which file owns it; a running
 * table is gateway_tables.h's (an opaque type), a connection gateway_conn.h's.
 */
#ifndef IPPON_SERVER_GATEWAY_STATE_H
#define IPPON_SERVER_GATEWAY_STATE_H

#include <libwebsockets.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/conn_count.h"
#include "base/shared_buckets.h"
#include "base/strmap.h"
#include "base/timer_heap.h"
#include "base/timers.h"
#include "game/gateway.h"
#include "game/gateway_matchmaker.h"
#include "game/lobby.h"

struct ippon_gateway {
    ippon_app *app;
    ippon_game_settings set;
    int64_t wall_minus_mono;    /* unix ms minus the gateway's clock, read once at its start: read
                                   again at each conversion, the two readings' roundings could put
                                   a later moment a millisecond before an earlier one */
    ippon_timers *timers;       /* the loop's timers (base/timers.h); NULL until attached */
    unsigned char *overloaded;  /* head room + the "overloaded" error, made once: the last message of
                                   every connection a message could not be made for */
    size_t overloaded_len;
    void (*want_write)(void *socket); /* the sockets' side (ippon_gateway_set_want_write) */
    ippon_strmap *users;        /* user id → its connection */
    ippon_conn_count *addrs;    /* open connections per client address */
    ippon_strmap *seated;       /* user id → the gw_table it plays at */
    ippon_lobby *lobby;
    struct ippon_rooms *rooms;  /* private tables before they start (gateway_rooms.c) */
    struct ippon_room_limits *room_limits; /* failed room joins per address and account, and ... */
    struct ippon_log_tally *room_fails;    /* ... the log's summary of them (gateway_room_limits.c) */
    ippon_shared_buckets shared;           /* a cluster's shared buckets (.take NULL: none) */
    struct gw_join_wait *join_waits;       /* room_joins waiting for the shared buckets' answer */
    lws_sorted_usec_list_t lobby_timer;
    lws_sorted_usec_list_t drain_sul;   /* wakes the loop when the shutdown grace is over */
    lws_sorted_usec_list_t expiry_sul;  /* once a second: sockets whose session has expired close */
    bool lobby_timer_on;
    int64_t statuses_at;        /* when the lobby's timer last told the waiting their status */
    struct gw_table *tables;     /* the running tables, newest first (gateway_tables.h) */
    ippon_timer_heap table_timers;      /* every table's next deadline (gateway_tables.c) */
    lws_sorted_usec_list_t tables_sul;  /* one lws timer at the earliest of them */
    int64_t tables_sul_at;              /* when it is set for (ms), -1 when not set */
    struct ippon_store_batch *finished; /* finished matches not yet written (group commit: gateway_finished.c) */
    lws_sorted_usec_list_t finished_sul; /* writes them FINISHED_FLUSH_MS after the first */
    bool finished_sul_on;
    long n_conns, n_tables, n_dead_tables; /* dead: finished, kept for their spectators */
    size_t unsent_bytes;        /* queued to all clients, not yet written */
    ippon_gateway_stats stats;
    bool draining;
    bool maintenance;           /* no new matches (admin_settings.h); running ones finish */
    ippon_gateway_matchmaker mm; /* a cluster's matchmaker (gateway_matchmaker.h) */
    bool has_mm;                /* ... when set: the lobby forms no tables itself */
    bool results_wait;          /* a cluster node before its matchmaker: results are held (gateway_held.c) */
    struct gw_held *held;       /* finished matches held back until the node's lease is sure */
    struct gw_ladder *ladder;   /* the bot ladder's pools and sets (gateway_ladder.c); NULL until used */
    ippon_strmap *events;       /* event id → its gw_event_run (gateway_events.c); NULL: no runner */
    lws_sorted_usec_list_t events_sul; /* the runner's look, once a second */
};

/* the gateway's clock: the event loop's monotonic milliseconds */
int64_t gw_now(const ippon_gateway *gw);
/* unix ms of a moment of the gateway's clock, and back (order kept: one offset) */
int64_t gw_wall_ms(const ippon_gateway *gw, int64_t mono);
int64_t gw_mono_ms(const ippon_gateway *gw, int64_t wall);

#endif
