/*
 * gateway_internal.h — what gateway.c (connections, messages, lobby) and gateway_tables.c
 * (tables, timers, finished matches) share. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_INTERNAL_H
#define IPPON_SERVER_GATEWAY_INTERNAL_H

#include <libwebsockets.h>

#include "auth/auth.h"
#include "base/conn_count.h"
#include "base/shared_buckets.h"
#include "base/timer_heap.h"
#include "base/timers.h"
#include "game/gateway.h"
#include "game/gateway_matchmaker.h"
#include "game/lobby.h"
#include "base/strmap.h"
#include "game/table.h"

enum { IPPON_GATEWAY_PROTOCOL = 1 };

struct out_msg {
    struct out_msg *next;
    size_t len;
    bool close_after;
    unsigned char data[]; /* IPPON_GATEWAY_HEAD_ROOM bytes of head room, then the text */
};

#ifdef IPPON_TEST_HOOKS
/* test builds: this many of the next messages queued fail as if memory had run out */
extern int ippon_gateway_test_failing_sends;
#endif

struct ippon_conn {
    void *socket;               /* the lws wsi */
    char addr[64];
    char user_id[40];           /* empty until "hello" */
    char name[80];
    unsigned char session_hash[IPPON_TOKEN_HASH_BYTES]; /* the session its hello was made with */
    long long session_expires_s; /* ... and when that ends (Unix s, the auth clock); 0 before hello */
    struct out_msg *out_head, *out_tail;
    size_t out_bytes;
    bool overloaded;            /* a message could not be made for lack of memory: after what is
                                   queued, the gateway's shared "overloaded" error, then close */
    bool closing;               /* the last message is queued; the socket closes after it */
    int64_t window_start;       /* the current 10-second window */
    int msgs_in_window, bad_in_window;
    struct gw_table *watching;  /* the table it watches (gateway_watch.c), or NULL */
    int room_asks;              /* its room_joins the cluster's matchmaker looks up (counted by the
                                   limits on failed joins: gateway_room_limits.c) ... */
    int room_asks_shared;       /* ... of them, those counted across the cluster too */
};

/* a running table and its timer */
struct gw_table {
    ippon_table *t;
    ippon_gateway *gw;
    ippon_timer timer;          /* in the gateway's table_timers, at the table's next deadline */
    bool dead;                  /* finished: freed by its timer */
    struct ippon_journal_file *journal; /* its write-ahead journal (gateway_journal.c); NULL: none */
    bool journal_failed;        /* an append failed: said once, the match goes on unjournaled */
    int64_t journal_last_at;    /* the latest "at" (unix ms) in its journal: none goes before it */
    struct gw_watch {           /* its spectators (gateway_watch.c) */
        ippon_conn **c;
        int n, cap;
        long sent;              /* the feed's entries before this one every spectator has */
        bool count_dirty;       /* the players have not heard the latest count yet */
        int64_t count_sent_at;
    } watch;
    struct gw_table *prev, *next;
};

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
    struct gw_table *tables;
    ippon_timer_heap table_timers;      /* every table's next deadline (gateway_tables.c) */
    lws_sorted_usec_list_t tables_sul;  /* one lws timer at the earliest of them */
    int64_t tables_sul_at;              /* when it is set for (ms), -1 when not set */
    struct ippon_store_batch *finished; /* finished matches not yet written (group commit) */
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
};

int64_t ippon_gateway_now(const ippon_gateway *gw);
/* queue msg for c (msg is taken). A message that cannot be made or queued (msg NULL: json_pack
   ran out of memory; or no memory for it) closes c after what is already queued, with the
   error "overloaded", and nothing more is queued for it: c's events never have a gap */
void ippon_gateway_send(ippon_gateway *gw, ippon_conn *c, json_t *msg);
void ippon_gateway_send_text(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len, bool close_after);
void ippon_gateway_send_error(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message);
/* the last message of a connection: an error, then the socket closes */
void ippon_gateway_send_error_and_close(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message);
ippon_conn *ippon_gateway_conn_of(ippon_gateway *gw, const char *user_id);
/* counts a bad message and answers it; true when the connection is being closed for abuse */
bool ippon_gateway_bad(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message);

/* user_id stops waiting in the lobby here (and in the cluster's queue, gateway_matchmaker.h): the
   mode it waited for, or -1 if it was not queued */
int ippon_gateway_stop_waiting(ippon_gateway *gw, const char *user_id);

/* gateway_sessions.c: the once-a-second check of the sockets' sessions, started by attach */
void ippon_gateway_sessions_start(ippon_gateway *gw);

/* gateway_tables.c */
struct gw_table *ippon_gateway_table_of(ippon_gateway *gw, const char *user_id);
json_t *ippon_gateway_seat_json(ippon_gateway *gw, const ippon_conn *c);
/* c's player is back (hello, resume) having seen events up to last (-2: none known), proof: the
   "p" of that event (table.h "Proofs"; NULL: none) */
void ippon_gateway_rejoin(ippon_gateway *gw, ippon_conn *c, long last, const char *proof, int64_t now);
void ippon_gateway_resume(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);
void ippon_gateway_act(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);
void ippon_gateway_contribute(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);
void ippon_gateway_lobby_changed(ippon_gateway *gw, ippon_mode mode, int64_t now);
void ippon_gateway_start_table(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n, bool may_rank);
/* the user ids of t's human players, seat order, into users: how many */
int ippon_gateway_table_humans(const ippon_table *t, const char *users[IPPON_MAX_PLAYERS]);
/* the same as ippon_gateway_start_table with the table's id given (32 hex, a matchmaker's; NULL: a new
   one): 0, or -1 if no table was made */
int ippon_gateway_start_table_as(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n,
                                 bool may_rank, const char *id);
/* what a table started from a private room has of its own (gateway_rooms.c) */
typedef struct ippon_gateway_table_options {
    bool private_match;     /* never ranked, stored as private */
    int clock_factor;       /* the clocks times this (1: standard) */
    bool no_spectators;
    int64_t watch_delay_ms; /* < 0: the server's spectate delay */
} ippon_gateway_table_options;
void ippon_gateway_start_table_with(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n,
                                    const ippon_gateway_table_options *opt);

/* gateway_rooms.c: the rooms' messages (room_create, room_join, room_leave, room_close, room_start);
   false when `type` is none of them */
struct ippon_rooms *ippon_gateway_rooms_new(void);
bool ippon_gateway_room_message(ippon_gateway *gw, ippon_conn *c, const char *type, const json_t *msg, int64_t now);
bool ippon_gateway_in_room(ippon_gateway *gw, const char *user_id);
/* tell c to move to node ("move": reason, node, what ("table" or "room") = id, and the path
   /ws?node=<node>&<what>=<id> a proxy routes by) */
void ippon_gateway_send_move(ippon_gateway *gw, ippon_conn *c, const char *reason, const char *node, const char *what,
                             const char *id);
/* after a hello: the room the player is in, again */
void ippon_gateway_room_rejoin(ippon_gateway *gw, ippon_conn *c);
/* gateway_rooms.c: a room_join the limits admitted (shared: counted across the cluster too): its
   code is looked at, here or by the cluster's matchmaker */
void ippon_gateway_room_join_go(ippon_gateway *gw, ippon_conn *c, const char *code, bool shared);

/* gateway_room_limits.c: the limits on room codes that lead nowhere (room_limits.h). A room_join of
   c for code is an attempt: refused, c gets rate_limited with retry_after_ms; admitted,
   ippon_gateway_room_join_go runs — at once, or once a cluster's shared buckets answered */
int ippon_gateway_room_limits_init(ippon_gateway *gw);
void ippon_gateway_room_limits_free(ippon_gateway *gw);
void ippon_gateway_room_join_ask(ippon_gateway *gw, ippon_conn *c, const char *code);
/* an admitted attempt of c ended: failed (its code led nowhere: it stays counted, and goes into the
   log's summary) or not (given back, across the cluster too when shared) */
void ippon_gateway_room_join_end(ippon_gateway *gw, ippon_conn *c, bool shared, bool failed);
/* the summary lines of the addresses whose minute is over (every address: all) */
void ippon_gateway_room_limits_report(ippon_gateway *gw, int64_t now, bool all);

/* rooms nobody started in time close (once a second) */
void ippon_gateway_rooms_expire(ippon_gateway *gw, int64_t now);
void ippon_gateway_tables_free(ippon_gateway *gw);

/* a finished match (wall-clock times) queued for the store (group commit: gateway_tables.c) */
void ippon_gateway_store_finished(ippon_gateway *gw, const ippon_stored_match *rec);
/* whether a completed match that ends now is held back rather than stored (gateway_held.c) */
bool ippon_gateway_holds_results(const ippon_gateway *gw);
/* holds rec (copied) until ippon_gateway_release_held; -1 if out of memory (then store it) */
int ippon_gateway_hold(ippon_gateway *gw, const ippon_stored_match *rec);
/* drops the held matches unstored: their journals stay, and the next start replays them */
void ippon_gateway_held_free(ippon_gateway *gw);
/* the settings, hooks and list of tables (gateway_tables.c) that a restored table joins too */
void ippon_gateway_table_settings(const ippon_gateway *gw, ippon_table_settings *out);
void ippon_gateway_table_hooks(struct gw_table *gt, ippon_table_hooks *out);
void ippon_gateway_table_link(ippon_gateway *gw, struct gw_table *gt);
/* the one lws timer, set at the earliest table deadline once the gateway has its context */
void ippon_gateway_tables_arm(ippon_gateway *gw);
/* unix ms of a moment of the gateway's (monotonic) clock, and back (order kept: one offset) */
int64_t ippon_gateway_wall_ms(const ippon_gateway *gw, int64_t mono);
int64_t ippon_gateway_mono_ms(const ippon_gateway *gw, int64_t wall);

/* gateway_journal.c: a new table's journal (gt->journal; NULL, said in the log, when it cannot be
   made), and the journal hook (ctx: the gw_table) */
void ippon_gateway_journal_begin(ippon_gateway *gw, struct gw_table *gt, const char *match_id);
void ippon_gateway_journal_record(void *ctx, ippon_table *t, json_t *record);

/* sets the table's timer to its next wake-up: the table's own, a spectator fan-out, its end */
void ippon_gateway_table_reschedule(struct gw_table *gt);

/* gateway_watch.c: "watch" and "unwatch"; a closing connection stops watching */
void ippon_gateway_watch(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);
void ippon_gateway_unwatch(ippon_gateway *gw, ippon_conn *c);
void ippon_gateway_watch_closed(ippon_gateway *gw, ippon_conn *c);
/* when the table next has something for its spectators or players (a due event, the count), or -1 */
int64_t ippon_gateway_watch_due(const ippon_gateway *gw, const struct gw_table *gt);
/* sends the spectators what is due, and the players the count */
void ippon_gateway_watch_fan_out(ippon_gateway *gw, struct gw_table *gt, int64_t now);
/* a finished table's spectators have had all of it (or there are none) */
bool ippon_gateway_watch_done(const struct gw_table *gt);
/* the table goes: its spectators are told "watch_ended" */
void ippon_gateway_watch_end(ippon_gateway *gw, struct gw_table *gt);

/* ends a running table without a result (an admin closing it: gateway_live.c) and frees it soon */
void ippon_gateway_table_close(ippon_gateway *gw, struct gw_table *gt, const char *reason);

#endif
