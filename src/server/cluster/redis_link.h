/*
 * redis_link.h — the node's connection to Redis (hiredis, asynchronous, on the server's libev
 * loop), for the cluster's coordination (coord.h).
 *
 * Two connections: one for commands, and one in subscribe mode, opened by the first
 * ippon_redis_subscribe. Each connects at once and, whenever it is lost, again after a wait that
 * doubles from 100 ms to 2 s; the subscriptions are made again on each new connection. Each new
 * connection signs in first when the address has a password (AUTH user password, Redis 6's ACL
 * form, or AUTH password), then SELECTs its database when it names one (else PINGs: a Redis that
 * wants a password the address lacks answers NOAUTH); only then is it up. A
 * sign-in Redis refuses is logged as an error (once, not at every retry; never the password),
 * kept for ippon_redis_refusal, and the connection is closed and tried again later. A
 * command sent while the command connection is down is refused (-1) rather than queued: the
 * caller knows best whether to retry (coord.h's operations answer "Redis is away").
 *
 * Every reply callback is called exactly once: with the reply, or with NULL when the connection
 * was lost first (or the link is freed). Single-threaded: the loop's thread only. hiredis 0.14:
 * plain RESP2, no TLS (keep Redis on a private network: deploy/cluster/README.md, "On several
 * machines"; the password then stops the other users of the machines, not someone who can read
 * the network).
 */
#ifndef IPPON_SERVER_REDIS_LINK_H
#define IPPON_SERVER_REDIS_LINK_H

#include <stdbool.h>
#include <stddef.h>

#include <hiredis/hiredis.h>

#include "base/cluster_text.h"
#include "base/timers.h"

typedef struct ippon_redis ippon_redis;

/* a command's reply (hiredis's), or NULL when the connection went first */
typedef void (*ippon_redis_reply_fn)(void *ctx, const redisReply *reply);

/* a message on a subscribed channel */
typedef void (*ippon_redis_message_fn)(void *ctx, const char *channel, const char *data, size_t len);

/* the command connection came up (true) or went down (false) */
typedef void (*ippon_redis_state_fn)(void *ctx, bool up);

/* a link to Redis at address (its host, port, user, password and database; copied) on ev_loop (a
   struct ev_loop *), connecting now; NULL if out of memory */
ippon_redis *ippon_redis_new(void *ev_loop, ippon_timers *timers, const ippon_redis_address *address);

/* told of every change of the command connection (after it is set) */
void ippon_redis_on_state(ippon_redis *r, ippon_redis_state_fn fn, void *ctx);

/* is the command connection up (connected, signed in)? */
bool ippon_redis_up(const ippon_redis *r);

/* why Redis refused the last sign-in ("AUTH: WRONGPASS ...", "SELECT: ..."), NULL once one
   succeeds (or before any is refused) */
const char *ippon_redis_refusal(const ippon_redis *r);

/* the same for text arguments (NUL-terminated) */
int ippon_redis_commandv(ippon_redis *r, ippon_redis_reply_fn fn, void *ctx, int argc, const char *const *argv);

/* receive the messages of channel from now on (on every connection to come); 0 or -1 (out of
   memory, or more than IPPON_REDIS_MAX_CHANNELS) */
#define IPPON_REDIS_MAX_CHANNELS 8
int ippon_redis_subscribe(ippon_redis *r, const char *channel, ippon_redis_message_fn fn, void *ctx);

/* close both connections; pending replies get NULL; r may be NULL */
void ippon_redis_free(ippon_redis *r);

#endif
