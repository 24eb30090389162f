/*
 * coord.h — what the nodes of a cluster agree on, kept in Redis (deploy/cluster/README.md): each
 * node's lease, the queues with an atomic take, the table directory, presence, private rooms,
 * shared rate limits and node-to-node notices. Every operation is one Lua script or one command,
 * so each is atomic in Redis whichever node runs it and however many run at once.
 *
 * Keys (prefix P, "ippon:" by default; one Redis may hold several clusters under other prefixes):
 *
 *   P node:<node>             the node's lease: its info (JSON) with a time to live
 *   P nodes                   set: every node that has held a lease
 *   P queue:<mode>            sorted set: user → the time it queued (ms)
 *   P tickets:<mode>          hash: user → its ticket (JSON, the queueing node's own)
 *   P ticket_nodes:<mode>     hash: user → the node it queued on
 *   P node_tickets:<node>     set: "<mode>|<user>" queued on the node (dropped with the node)
 *   P seat:<user>             "<node>|<table>": the user's seat at a running table (from the take
 *                             that seated it to the table's end; no queueing meanwhile)
 *   P node_seats:<node>       set: the users seated at the node's tables (freed with the node)
 *   P lost:<user>             the table of the user's that a voided node took with it (a day;
 *                             read once, to tell the player why its match is gone)
 *   P table:<table>           hash: node, epoch, state ("running", or "void" with the epoch moved
 *                             on once its node was voided)
 *   P node_tables:<node>      set: the tables the node hosts
 *   P user:<user>             the node of the user's live socket (presence)
 *   P room:<code>             the node of a private room (while the room may live)
 *   P room_user:<user>        "<node>|<code>": the room the user belongs to, or was sent to join
 *   P bucket:<name>:<key>     a shared token bucket (shared_buckets.h): the µs (Redis's clock)
 *                             at which it is full again, expiring then
 *   channel P notices:<node>  the node's notices (JSON); each stands for state the receiver can
 *                             read again, so a lost one costs nothing but time
 *
 * Every operation answers through one callback with an ippon_coord_reply; ok is false when Redis
 * is away or refused the script (the message is logged), and the callback is still called once.
 * An operation that cannot even be sent (Redis down) answers at once, before it returns.
 */
#ifndef IPPON_SERVER_COORD_H
#define IPPON_SERVER_COORD_H

#include <stdbool.h>
#include <stddef.h>

#include "base/shared_buckets.h"
#include "cluster/redis_link.h"

typedef struct ippon_coord ippon_coord;

typedef struct ippon_coord_reply {
    bool ok;                  /* false: Redis is away, or the script failed */
    long long number;         /* an integer answer (see each operation) */
    const char *text;         /* a text answer, NULL for none */
    size_t count;             /* a list answer: its items (NULL for a missing value) */
    const char *const *items;
} ippon_coord_reply;

typedef void (*ippon_coord_fn)(void *ctx, const ippon_coord_reply *reply);

/* the coordination of node `node` (letters, digits, '-', '_'; at most 32) under prefix; NULL if
   out of memory or a bad name */
ippon_coord *ippon_coord_new(ippon_redis *redis, const char *prefix, const char *node);
const char *ippon_coord_node(const ippon_coord *c);
void ippon_coord_free(ippon_coord *c);

/* ---- nodes ---- */

/* hold (or renew) this node's lease for lease_ms with info (JSON text): number 1 if it was held
   (renewed), 2 if it had run out (or was deleted) but the node was still listed (nothing of it was
   voided: it is taken again in time), 0 if the node was not listed (its first lease, or it was
   voided meanwhile) */
void ippon_coord_lease(ippon_coord *c, const char *info, long lease_ms, ippon_coord_fn fn, void *ctx);
/* every node that has held a lease: items are pairs (node, info), info NULL once its lease ran out */
void ippon_coord_nodes(ippon_coord *c, ippon_coord_fn fn, void *ctx);
/*
 * A node whose lease ran out: its tables in the directory become state "void" (epoch + 1), its
 * queue tickets are dropped, its players' seats freed (each player's table kept as lost:<user>),
 * and it is no longer listed. number -1 if its lease still runs
 * (nothing changes); else items are the tables voided.
 */
void ippon_coord_void_node(ippon_coord *c, const char *node, ippon_coord_fn fn, void *ctx);

/* ---- queues ---- */

/* queue user for mode at now_ms with its ticket (JSON text) on this node: number 1, or 0 if it is
   queued already (in that mode); or, if it is seated at a running table, text "<node>|<table>"
   and it is not queued */
void ippon_coord_queue_join(ippon_coord *c, const char *mode, const char *user, const char *ticket,
                            long long now_ms, ippon_coord_fn fn, void *ctx);
/* number 1 if user was queued for mode (and is no longer), 0 if not */
void ippon_coord_queue_leave(ippon_coord *c, const char *mode, const char *user, ippon_coord_fn fn, void *ctx);
/* the ranked queue's rating window as the take applies it (game/queue_window.h's numbers: the
   cluster layer does not use the game's) */
typedef struct ippon_coord_window {
    double start, per_second, cap, time_scale;
} ippon_coord_window;

/*
 * The atomic take, lobby.h's rule over the shared queue: each of the first 200 users queued for
 * mode, in queue order, is tried as the anchor of a group — the anchor, then the earliest others
 * whose rating (the ticket's "rating" number; 1500 without one) keeps the group's spread (highest
 * − lowest) within the anchor's window width (game/queue_window.h: min(cap, start + per_second ×
 * waited s / time_scale)) and, with distinct_addresses, whose ticket's "addr" the group does not
 * have. The first anchor with a full group of `seats` gives the table; failing that, once the
 * first has waited fill_after_ms, the first's group (fewer: the rest for bots); else none. items
 * are pairs (user, ticket), earliest first, taken off the queue. Whichever node's take comes
 * first gets a user; no user is ever taken twice. Those taken are seated at `table` on this node
 * in the same step: their seats recorded (ippon_coord_seat_lookup), the table in the directory
 * (epoch 1, "running").
 */
void ippon_coord_queue_take(ippon_coord *c, const char *mode, int seats, long long now_ms, long long fill_after_ms,
                            bool distinct_addresses, const ippon_coord_window *window, const char *table,
                            ippon_coord_fn fn, void *ctx);
/* users queued for mode: number */
void ippon_coord_queue_length(ippon_coord *c, const char *mode, ippon_coord_fn fn, void *ctx);

/* ---- the table directory ---- */

/* items: node, epoch, state (all NULL if not listed) */
void ippon_coord_table_lookup(ippon_coord *c, const char *table, ippon_coord_fn fn, void *ctx);
/* a table this node hosts that no take formed (practice, a private table): it is placed in the
   directory (if it is not) and its users (n <= 4) seated at it; number the users seated */
void ippon_coord_table_seat(ippon_coord *c, const char *table, const char *const *users, int n, ippon_coord_fn fn,
                            void *ctx);
/* a table this node hosted (taken with ippon_coord_queue_take, or seated) is over: out of the directory, and
   its users' seats (n <= 4) freed where they are still this table's; number the seats freed */
void ippon_coord_table_over(ippon_coord *c, const char *table, const char *const *users, int n, ippon_coord_fn fn,
                            void *ctx);
/* users (n <= 4) left a table this node hosts that plays on (a bot stand-in took their seats):
   their seats freed where they are still this table's, the table still in the directory; number
   the seats freed */
void ippon_coord_seats_free(ippon_coord *c, const char *table, const char *const *users, int n, ippon_coord_fn fn,
                            void *ctx);
/* text "<node>|<table>": where user is seated, NULL if at no running table */
void ippon_coord_seat_lookup(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx);
/* text the table user lost with a voided node (taken: NULL the next time), NULL if none */
void ippon_coord_lost_take(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx);

/* ---- presence ---- */

/* user's live socket is on this node now: text the node it was on before (NULL: none) */
void ippon_coord_presence_claim(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx);
/* user's socket here closed: number 1 if this node held its presence (now cleared), else 0 */
void ippon_coord_presence_release(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx);
/* users_csv: user ids joined by ','. A list with an item per user: the node of its live socket, or
   "" when it has none, when that node's lease has run out, or when the user is seated at a running
   table (an event's runner seats only who is free to play: game/gateway_event_rounds.c) */
void ippon_coord_presence_of(ippon_coord *c, const char *users_csv, ippon_coord_fn fn, void *ctx);

/* ---- private rooms: each lives on the node that opened it ---- */

#define IPPON_COORD_ROOM_MAX 8 /* users in one ippon_coord_room_leave */

/* room code opened here by host, for ttl_ms: number 1, or 0 if another node has that code */
void ippon_coord_room_open(ippon_coord *c, const char *code, const char *host, long ttl_ms, ippon_coord_fn fn,
                           void *ctx);
/* text: the node of room code, NULL if none (or its node's lease ran out) */
void ippon_coord_room_find(ippon_coord *c, const char *code, ippon_coord_fn fn, void *ctx);
/* user belongs to room code on node (joined it, or is sent there to join it) for ttl_ms: number 1 */
void ippon_coord_room_member(ippon_coord *c, const char *user, const char *node, const char *code, long ttl_ms,
                             ippon_coord_fn fn, void *ctx);
/* text "<node>|<code>": the room user belongs to, NULL if none (or its node's lease ran out) */
void ippon_coord_room_of(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx);
/* users (n <= IPPON_COORD_ROOM_MAX) left room code of this node, and with ended the room is over
   (closed, started, expired): number the users whose membership was cleared */
void ippon_coord_room_leave(ippon_coord *c, const char *code, bool ended, const char *const *users, int n,
                            ippon_coord_fn fn, void *ctx);

/* ---- shared rate limits: the buckets of shared_buckets.h ---- */

/*
 * Count one event in b[0..n) (n <= IPPON_BUCKETS_MAX) if every TAKE bucket allows it, else in
 * none. items: counted, "0" and each bucket's level before the event; refused, 1 + the index of
 * the bucket that refused and the milliseconds until it would allow the event.
 */
void ippon_coord_buckets_take(ippon_coord *c, const ippon_bucket *b, int n, ippon_coord_fn fn, void *ctx);
/* undo one event in each of b[0..n): number 1 */
void ippon_coord_buckets_give_back(ippon_coord *c, const ippon_bucket *b, int n, ippon_coord_fn fn, void *ctx);
/* forget b (full again): number 1 if it was kept, else 0 */
void ippon_coord_bucket_reset(ippon_coord *c, const ippon_bucket *b, ippon_coord_fn fn, void *ctx);

/* ---- notices ---- */

/* send node a notice (JSON text): number the nodes listening (0 or 1) */
void ippon_coord_notify(ippon_coord *c, const char *node, const char *notice, ippon_coord_fn fn, void *ctx);
/* this node's notices from now on: fn(ctx, text, len) */
typedef void (*ippon_coord_notice_fn)(void *ctx, const char *notice, size_t len);
int ippon_coord_listen(ippon_coord *c, ippon_coord_notice_fn fn, void *ctx);

#endif
