/*
 * gateway.h — the game over WebSocket: players' connections, the lobby, the tables, their
 * timers, and finished matches handed to the store. Messages are in PROTOCOL.md.
 *
 * The gateway owns everything that lives while players play: a connection per socket (found
 * by user id), the queues, and the running tables (each with a timer at its next deadline).
 * It is driven by net/ws.c (socket events, through the functions below) and by libwebsockets
 * timers (no socket code here: it asks for writes through a hook); everything runs on the
 * one event loop, so there is no locking.
 */
#ifndef IPPON_SERVER_GATEWAY_H
#define IPPON_SERVER_GATEWAY_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "app.h"
#include "base/mode.h"
#include "base/shared_buckets.h"
#include "config.h"
#include "game/queue_window.h"

/* bytes left free before the text of every queued message, for the socket layer's frame header
   (net/ws.c checks that this covers libwebsockets' LWS_PRE) */
#define IPPON_GATEWAY_HEAD_ROOM 16

typedef struct ippon_gateway ippon_gateway;
typedef struct ippon_conn ippon_conn;

/* the game's settings; each one from the configuration key named (config.h), except the last two */
typedef struct ippon_game_settings {
    int64_t move_ms, bank_ms, refill_ms, grace_ms; /* the clock, before scaling: clock_move_ms, clock_bank_ms,
                                                      clock_refill_ms, network_grace_ms */
    double time_scale;         /* time_scale; tests run clocks fast */
    int64_t bot_fill_after_ms; /* bot_fill_after (in ms): a queued player's wait before bots fill the table */
    ippon_queue_window window; /* queue_window_start, _growth, _cap: the ranked queue's rating window
                                  (its time_scale is time_scale: waits scale as the clocks do) */
    int ranked_min_humans;     /* ranked_min_humans: humans a match needs to count in the rankings */
    bool ranked_same_address;  /* ranked_same_address: queued players of one client address may share a table */
    int64_t bot_delay_ms;      /* bot_delay_ms: a bot's thinking time (scaled) */
    int64_t call_window_ms;    /* call_window_ms: after every discard, kan and kita (scaled; table.c) */
    int64_t contribution_ms;   /* contribution_ms: the first deal's wait for the players' contributions
                                  to the walls (not scaled: a network round trip; fairness.h) */
    int64_t resume_hold_ms;    /* resume_hold_ms: how long a table restored at start-up stands still
                                  while its players reconnect (not scaled; table.h) */
    int64_t spectate_delay_ms; /* spectate_delay_s (in ms): how late spectators see a table (not
                                  scaled; gateway_watch.c) */
    bool bots;                 /* bots: bots fill seats and practice tables exist */
    size_t max_frame;          /* max_frame: largest message a client may send, in bytes */
    int max_msgs_per_10s;      /* max_messages_per_10s: a connection's message rate */
    int max_conns_per_addr;    /* max_conns_per_addr: open WebSockets per client address */
    int room_join_fails_per_address, room_join_fails_per_account; /* the same keys: room codes that led
                                  nowhere per 10 minutes (room_limits.h) */
    int max_bad_per_10s;       /* bad messages tolerated before the connection is closed (gateway.c) */
    size_t max_queued_bytes;   /* unsent bytes to one client before it is dropped as too slow (gateway.c) */
} ippon_game_settings;

/* the settings of configuration cfg (the last two, which no key sets, are gateway.c's) */
void ippon_game_settings_from_config(ippon_game_settings *s, const ippon_config *cfg);
/* the settings of the default configuration (config.c's key table): 0, or -1 if out of memory */
int ippon_game_settings_default(ippon_game_settings *s);

ippon_gateway *ippon_gateway_new(ippon_app *app, const ippon_game_settings *settings);
void ippon_gateway_free(ippon_gateway *gw);

/* a cluster's shared buckets (copied; NULL: none): failed room joins are counted across the nodes
   too (game/room_limits.h) */
void ippon_gateway_share_limits(ippon_gateway *gw, const ippon_shared_buckets *shared);

/*
 * At start-up, before any socket: every match the previous run left in the journal folder
 * (app->journal; store/match_journal.h) runs again, rebuilt from its journal (table.h,
 * "Journal"): its humans are seated, so a hello finds the table and a resume with the last event
 * number goes on from there; a match that had ended is stored (again: writes are idempotent).
 * How many were resumed, or -1 with err (the folder cannot be read).
 */
int ippon_gateway_restore(ippon_gateway *gw, char *err, size_t errlen);

/* the event loop's timers (base/timers.h; set once the loop exists); starts the once-a-second
   check of the sockets' sessions (below) */
struct ippon_timers;
void ippon_gateway_attach(ippon_gateway *gw, struct ippon_timers *timers);

/*
 * Sessions of user_id ended (auth.h's session hook): its socket, if it said hello with the
 * session token_hash — or, token_hash NULL, with any session but keep_hash's (NULL: any) —, gets
 * the error "session_ended" with message and closes; the user leaves the queue, and a table it
 * sits at plays on with the clock acting for it. A socket whose session expires is closed the
 * same way within a second ("your session expired: sign in again"). Returns how many closed.
 */
int ippon_gateway_sessions_ended(ippon_gateway *gw, const char *user_id, const unsigned char *token_hash,
                                 const unsigned char *keep_hash, const char *message);

/* stop forming new matches (draining); running tables play on. The event loop is woken after
   grace_ms, so the caller can then close what still runs */
void ippon_gateway_drain(ippon_gateway *gw, int64_t grace_ms);
bool ippon_gateway_draining(const ippon_gateway *gw);
/* tables still running */
/* the running ranked tables anyone may watch, for the lobby: [{"id","mode","seats":[{seat,name,bot,ai}],
   "round_wind","kyoku","honba","running_ms","watchers"}] (gateway_watch.c) */
json_t *ippon_gateway_watchable(ippon_gateway *gw);
int ippon_gateway_running_tables(const ippon_gateway *gw);
/* bytes queued for clients and not yet written (shutdown waits for them, briefly) */
size_t ippon_gateway_unsent(const ippon_gateway *gw);
/* ends every running table without a result (shutdown after the grace period) */
void ippon_gateway_abandon_all(ippon_gateway *gw, const char *reason);

/* the game settings in use; replacing them takes effect at the next table formed and the
   lobby's next check (an admin's live settings: admin_settings.h) */
void ippon_gateway_settings_get(const ippon_gateway *gw, ippon_game_settings *out);
void ippon_gateway_settings_set(ippon_gateway *gw, const ippon_game_settings *s);
/* maintenance mode: queue and practice are refused (code "maintenance"), whoever waits in a
   queue is told and leaves it; running tables play on */
void ippon_gateway_set_maintenance(ippon_gateway *gw, bool on);
bool ippon_gateway_maintenance(const ippon_gateway *gw);

/* the game's numbers, for health, /metrics and the admin area; the arrays by mode */
/* what the bot ladder holds now (game/gateway_ladder.h), for /metrics */
typedef struct ippon_ladder_counts {
    long waiting[IPPON_MODES]; /* bots in each mode's pool */
    long sets_running;         /* sets playing a rotation or waiting for their bots between two */
    long sets_completed, sets_ended_early; /* since the start */
    long suspended;            /* bots this process suspended from the ladder */
} ippon_ladder_counts;

typedef struct ippon_gateway_stats {
    long connections, players_online;       /* open WebSockets; of them, signed in (said hello) */
    long tables[IPPON_MODES], queued[IPPON_MODES]; /* running tables; players waiting */
    double longest_wait_s[IPPON_MODES];     /* of the first in each queue; 0 if empty */
    long matches_finished, messages_in, messages_out, bad_messages; /* since start */
    /* matches lost since start: journals set aside at start-up because they did not read or
       replay (gateway_journal.c), and restored matches voided because a player proved the journal
       lost their end (gw_rejoin, gateway_tables.h) */
    long journals_unreadable, matches_voided_at_resume;
    bool draining, maintenance;
    double longest_idle_s; /* the running table longest without a public event (its start if none
                              yet): what a stuck table shows as; 0 with no table running */
    ippon_ladder_counts ladder; /* the bot ladder's (game/gateway_ladder.h) */
} ippon_gateway_stats;
void ippon_gateway_stats_get(const ippon_gateway *gw, ippon_gateway_stats *out);
/* the matches lost since start, as /api/health and the admin area show them:
   {"journals_unreadable","voided_at_resume"} */
json_t *ippon_gateway_lost_json(const ippon_gateway_stats *g);

/* ---- called by ws.c ---- */

/* the largest message a client may send */
size_t ippon_gateway_max_frame(const ippon_gateway *gw);

/* a socket opened from `addr`; NULL = refuse it (too many from that address) */
ippon_conn *ippon_gateway_open(ippon_gateway *gw, void *socket, const char *addr);
/* one complete text message */
void ippon_gateway_message(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len);
/* a message larger than max_frame arrived: the client is told and the socket closes */
void ippon_gateway_oversized(ippon_gateway *gw, ippon_conn *c);
/* the hello deadline (seconds after the socket opened) is over: if c has not said a good hello
   yet, it is told (error "hello_timeout") and the socket closes; true in that case */
bool ippon_gateway_hello_overdue(ippon_gateway *gw, ippon_conn *c, int seconds);
/* the socket closed; c is freed */
void ippon_gateway_close(ippon_gateway *gw, ippon_conn *c);

/*
 * AIs at /mjai (src/server/MJAI.md; gateway_mjai.c). The upgrade is checked first
 * (ippon_gateway_mjai_admit: the bot's bearer token, the room, a resume), and refused with an HTTP
 * status; the socket then opens as the bot's connection (ippon_gateway_open_mjai), whose messages
 * are the AI's answers (ippon_gateway_message).
 */
typedef struct ippon_mjai_entry {
    char bot_id[40];
    char name[80];
    char owner_id[40]; /* its owner's user id */
    ippon_mode mode; /* the room's: practice-4p or practice-3p, or the ladder's or invitations' mode= */
    bool ladder;     /* room=ladder: the bot ladder (game/gateway_ladder.h) */
    bool invitations; /* room=invitations: waits to be seated in private rooms (game/gateway_room_bots.h) */
    long resume;     /* resume=N: the numbered messages the AI has; -1: none */
} ippon_mjai_entry;
/* 0 and *who, or the HTTP status of the refusal (400, 401, 403, 503) with its code and message */
int ippon_gateway_mjai_admit(ippon_gateway *gw, const char *authorization, const char *room, const char *mode,
                             const char *resume, ippon_mjai_entry *who, const char **code, char *message, size_t cap);
/* the socket of an admitted AI: its connection (NULL: refused, too many from addr) */
ippon_conn *ippon_gateway_open_mjai(ippon_gateway *gw, void *socket, const char *addr, const ippon_mjai_entry *who);
/*
 * A bot's token stopped working, and that is stored: its owner deleted it (DELETE /api/bots/{id})
 * or renewed its token, or an administrator suspended it (reason: the administrator's). Its /mjai
 * connection, if one is open, is told {"type":"error","code":"token_revoked" (deleted, renewed) or
 * "bot_suspended","message"} and closed with 4001 (token_revoked) or 4002 (bot_suspended) (MJAI.md);
 * its seat at a running table stays, the clock playing for it. true if a connection was open.
 */
typedef enum ippon_mjai_revocation {
    IPPON_MJAI_BOT_DELETED,
    IPPON_MJAI_TOKEN_RENEWED,
    IPPON_MJAI_BOT_SUSPENDED,
} ippon_mjai_revocation;
bool ippon_gateway_mjai_revoke(ippon_gateway *gw, const char *bot_id, ippon_mjai_revocation why, const char *reason);
/* the status of c's close frame after its last message (0: 1008, policy), and its reason */
int ippon_gateway_close_status(const ippon_conn *c);
/* the next queued message for the socket (IPPON_GATEWAY_HEAD_ROOM bytes of head room, `len` bytes
   of text after it, and room for one more byte), or NULL; *close_after says the socket should
   close once it is sent. Give the block back with ippon_gateway_out_free once written */
unsigned char *ippon_gateway_next_out(ippon_gateway *gw, ippon_conn *c, size_t *len, bool *close_after);
void ippon_gateway_out_free(ippon_gateway *gw, unsigned char *block);
/* the message last taken with ippon_gateway_next_out is written to the socket (whole, or its rest
   held by the socket layer until the socket drains): a table's line to an AI counts in /metrics'
   ippon_mjai_relay_out_seconds */
void ippon_gateway_out_written(ippon_gateway *gw, ippon_conn *c);

/*
 * The sockets' side (net/ws.c) is told through this hook that a socket has messages to write
 * (ippon_gateway_next_out): main sets it to ippon_ws_want_write once both exist. Without one
 * (unit tests, fuzzing) messages wait in their queues until read with ippon_gateway_next_out.
 */
void ippon_gateway_set_want_write(ippon_gateway *gw, void (*want_write)(void *socket));

#endif
