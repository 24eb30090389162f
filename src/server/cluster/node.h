/*
 * node.h — this server as a node of a cluster (config section "cluster"; deploy/cluster/README.md, "Leases").
 *
 * A node holds a lease in Redis (coord.h), renewed every third of cluster.lease_ms with what it
 * carries (players, tables: the info hook) and its version. At each renewal it reads every node's
 * lease, keeps the list for /api/health and /metrics, and voids what a node gone for good left:
 * a node listed without a lease has its tables set "void" in the directory and its queue tickets
 * dropped (coord.h's void_node: atomic, and harmless if two nodes do it at once). A node that
 * restarts within its lease keeps its name, its lease and its matches (issue "Durable matches");
 * so a clean stop does not drop the lease.
 *
 * A renewal that finds this node's lease gone (it ran out while the node was stopped or cut off,
 * or someone deleted it) says so through the lease-lost hook: another node may have voided this
 * one meanwhile, and the tables the directory now calls void must be closed here without a
 * result (matchmaking.h), so that the nodes tell one story of every match. For the same reason a
 * match that ends while the lease is not known to hold (ippon_cluster_lease_holds) has its result
 * held until a renewal answers (game/gateway_matchmaker.h, "Held results").
 *
 * While Redis is away the node runs on (its tables are its own); /api/health says "degraded"
 * and why. Single-threaded: the loop's thread.
 */
#ifndef IPPON_SERVER_CLUSTER_NODE_H
#define IPPON_SERVER_CLUSTER_NODE_H

#include <jansson.h>
#include <stdbool.h>

#include "base/timers.h"
#include "cluster/coord.h"

typedef struct ippon_cluster ippon_cluster;

typedef struct ippon_cluster_settings {
    const char *node;     /* this node's name */
    const char *redis;    /* "host:port" or "redis://[user[:password]@]host:port[/db]" (cluster_text.h) */
    const char *redis_password_file; /* NULL or "", or the file of Redis's password (redis_password.h) */
    const char *prefix;   /* keys begin "<prefix>:" */
    int lease_ms;
    const char *version;  /* the server's, shown to the other nodes */
} ippon_cluster_settings;

/* join the cluster on ev_loop (a struct ev_loop *): connects to Redis (and keeps trying), takes
   the lease as soon as it is up. NULL with a message in err if the settings are bad, the password
   file cannot be read (or others may read it), or out of memory */
ippon_cluster *ippon_cluster_start(void *ev_loop, ippon_timers *timers, const ippon_cluster_settings *set,
                                   char *err, size_t errlen);

/* what this node carries, asked at each renewal: a JSON object (new reference) or NULL */
typedef json_t *(*ippon_cluster_info_fn)(void *ctx);
void ippon_cluster_set_info(ippon_cluster *c, ippon_cluster_info_fn fn, void *ctx);

/* a renewal was answered: held, the lease was this node's all along since the renewal before (or,
   the first, since the node's last run); lost, it was gone though the node had held it since it
   started (coord.h's lease: 0 or 2) — neither: the node's first lease of this run */
typedef void (*ippon_cluster_lease_fn)(void *ctx, bool held, bool lost);
void ippon_cluster_on_lease(ippon_cluster *c, ippon_cluster_lease_fn fn, void *ctx);

/* this node voided a node gone for good: the ids of the tables it had running (void in the
   directory now; an event's table is made void in the event: game/gateway_event_rounds.c) */
typedef void (*ippon_cluster_voided_fn)(void *ctx, const char *const *tables, size_t n);
void ippon_cluster_on_voided(ippon_cluster *c, ippon_cluster_voided_fn fn, void *ctx);

/* whether this node's lease is known to hold now: the last renewal that found it held was sent
   less than nine tenths of lease_ms ago (no other node can have voided this one since) */
bool ippon_cluster_lease_holds(const ippon_cluster *c);

/* this node's name; Redis's state; why Redis refused the node's sign-in (NULL: it did not) */
const char *ippon_cluster_node(const ippon_cluster *c);
bool ippon_cluster_redis_up(const ippon_cluster *c);
const char *ippon_cluster_redis_refusal(const ippon_cluster *c);
ippon_coord *ippon_cluster_coord(ippon_cluster *c);

/* {"node", "redis": "up"|"down", "nodes": [{"node", "alive", "info"}...] (as last read),
   "nodes_alive", "tables_voided", "queued", "leases_lost": renewals that found this node's lease
   gone} (new reference) */
json_t *ippon_cluster_json(const ippon_cluster *c);

/* stop renewing and disconnect (the lease runs out by itself unless the node is back in time);
   c may be NULL */
void ippon_cluster_stop(ippon_cluster *c);

#endif
