/*
 * redis_link.c — hiredis on the server's libev loop, reconnecting (redis_link.h).
 *
 * Each connection is a redis_conn: its hiredis context while one exists (connecting or up),
 * whether it is up, and its retry timer. hiredis tells of a failed connect through the connect
 * callback (and frees the context itself), and of a lost connection through the disconnect
 * callback; both clear the connection's context and schedule the retry, guarded so that a
 * context the connection no longer holds changes nothing. Each command carries a small note of
 * the caller's callback, freed when hiredis answers it — with the reply, or with NULL as it drops
 * a connection's pending commands. A new connection is up only once its sign-in is through: AUTH
 * (when the address has a password), then SELECT (when it names a database) or else PING, each
 * answered before the next is sent; a refusal (a wrong password, or NOAUTH for none) closes it (to
 * be tried again) and is kept in `refusal`.
 */
#include "cluster/redis_link.h"

#include <ev.h>
#include <hiredis/async.h>
#include <hiredis/adapters/libev.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

#define RETRY_FIRST_MS 100
#define RETRY_MAX_MS 2000

typedef struct redis_conn {
    ippon_redis *owner;
    redisAsyncContext *ac; /* connecting or up; NULL: waiting to retry */
    bool up;
    bool subscriber;       /* the subscribe-mode connection */
    bool refused;          /* Redis refused its sign-in: closed by us, no "connection lost" to log */
    int retry_ms;          /* the next wait before a retry */
    lws_sorted_usec_list_t retry;
} redis_conn;

typedef struct channel {
    char *name;
    ippon_redis_message_fn fn;
    void *ctx;
} channel;

struct ippon_redis {
    struct ev_loop *ev;
    ippon_timers *timers;
    ippon_redis_address addr;
    char refusal[200]; /* "" or why the last sign-in was refused */
    redis_conn cmd, sub;
    ippon_redis_state_fn state_fn;
    void *state_ctx;
    channel channels[IPPON_REDIS_MAX_CHANNELS];
    int n_channels;
    bool closing;
};

typedef struct pending {
    ippon_redis_reply_fn fn;
    void *ctx;
} pending;

static void link_connect(redis_conn *l);

static void link_retry_due(lws_sorted_usec_list_t *sul)
{
    redis_conn *l = lws_container_of(sul, redis_conn, retry);
    if (!l->ac && !l->owner->closing)
        link_connect(l);
}

static void link_retry_later(redis_conn *l)
{
    if (l->owner->closing)
        return;
    ippon_timers_schedule(l->owner->timers, &l->retry, link_retry_due, (lws_usec_t)l->retry_ms * LWS_US_PER_MS);
    l->retry_ms = l->retry_ms * 2 > RETRY_MAX_MS ? RETRY_MAX_MS : l->retry_ms * 2;
}

static void subscription_message(redisAsyncContext *ac, void *r, void *privdata)
{
    (void)ac;
    const redisReply *reply = r;
    channel *ch = privdata;
    if (!reply || reply->type != REDIS_REPLY_ARRAY || reply->elements != 3)
        return; /* the connection went (it subscribes again when back), or an odd reply */
    const redisReply *kind = reply->element[0], *data = reply->element[2];
    if (kind->type == REDIS_REPLY_STRING && strcmp(kind->str, "message") == 0 && data->type == REDIS_REPLY_STRING)
        ch->fn(ch->ctx, ch->name, data->str, data->len);
}

static void link_subscribe(redis_conn *l, channel *ch)
{
    const char *argv[2] = {"SUBSCRIBE", ch->name};
    if (redisAsyncCommandArgv(l->ac, subscription_message, ch, 2, argv, NULL) != REDIS_OK)
        ippon_log_warn("redis: cannot subscribe to %s", ch->name);
}

/* the connection is signed in: up */
static void link_ready(redis_conn *l)
{
    l->up = true;
    l->retry_ms = RETRY_FIRST_MS;
    l->owner->refusal[0] = '\0';
    ippon_log_info("redis %s:%d: connected (%s)", l->owner->addr.host, l->owner->addr.port,
                   l->subscriber ? "notices" : "commands");
    if (l->subscriber)
        for (int i = 0; i < l->owner->n_channels; i++)
            link_subscribe(l, &l->owner->channels[i]);
    else if (l->owner->state_fn)
        l->owner->state_fn(l->owner->state_ctx, true);
}

/* a sign-in step's reply: true if Redis took it; else false, and on a refusal the connection is
   closed (the disconnect callback then schedules the retry) and the refusal logged once */
static bool link_step_taken(redisAsyncContext *ac, redis_conn *l, const redisReply *reply, const char *step)
{
    if (l->ac != ac || !reply)
        return false; /* the connection went, or the link is being freed */
    if (reply->type != REDIS_REPLY_ERROR)
        return true;
    ippon_redis *r = l->owner;
    char why[sizeof r->refusal];
    snprintf(why, sizeof why, "%s: %s", step, reply->str ? reply->str : "refused");
    if (strcmp(why, r->refusal) != 0)
        ippon_log_error("redis %s:%d: refused this node's sign-in (%s): the node cannot join the cluster until "
                        "\"cluster.redis\" or \"cluster.redis_password_file\" agrees with Redis; retrying",
                        r->addr.host, r->addr.port, why);
    memcpy(r->refusal, why, sizeof why);
    l->refused = true;
    redisAsyncDisconnect(ac);
    return false;
}

static void link_selected(redisAsyncContext *ac, void *reply, void *privdata)
{
    redis_conn *l = privdata;
    if (link_step_taken(ac, l, reply, l->owner->addr.db ? "SELECT" : "PING"))
        link_ready(l);
}

/* the database named (SELECT), or a PING: either is refused (NOAUTH) by a Redis that wants a
   password this node did not give; then up */
static void link_select(redis_conn *l)
{
    char db[8];
    snprintf(db, sizeof db, "%d", l->owner->addr.db);
    const char *argv[2] = {"SELECT", db};
    const char *ping[1] = {"PING"};
    int rc = l->owner->addr.db ? redisAsyncCommandArgv(l->ac, link_selected, l, 2, argv, NULL)
                               : redisAsyncCommandArgv(l->ac, link_selected, l, 1, ping, NULL);
    if (rc != REDIS_OK)
        redisAsyncDisconnect(l->ac);
}

static void link_authed(redisAsyncContext *ac, void *reply, void *privdata)
{
    redis_conn *l = privdata;
    if (link_step_taken(ac, l, reply, "AUTH"))
        link_select(l);
}

static void link_connected(const redisAsyncContext *ac, int status)
{
    redis_conn *l = ac->data;
    if (l->ac != ac)
        return;
    if (status != REDIS_OK) { /* hiredis frees the context after this */
        if (l->retry_ms == RETRY_FIRST_MS)
            ippon_log_warn("redis %s:%d: cannot connect (%s); retrying", l->owner->addr.host, l->owner->addr.port,
                           ac->errstr ? ac->errstr : "?");
        l->ac = NULL;
        link_retry_later(l);
        return;
    }
    const ippon_redis_address *a = &l->owner->addr;
    if (!a->password[0]) {
        link_select(l);
        return;
    }
    /* AUTH user password (Redis 6's ACL users), or AUTH password (requirepass) */
    const char *argv[3] = {"AUTH", a->user[0] ? a->user : a->password, a->password};
    if (redisAsyncCommandArgv(l->ac, link_authed, l, a->user[0] ? 3 : 2, argv, NULL) != REDIS_OK)
        redisAsyncDisconnect(l->ac);
}

static void link_disconnected(const redisAsyncContext *ac, int status)
{
    (void)status;
    redis_conn *l = ac->data;
    if (l->ac != ac)
        return;
    bool was_up = l->up, refused = l->refused;
    l->ac = NULL;
    l->up = false;
    l->refused = false;
    if (l->owner->closing)
        return;
    if (!refused)
        ippon_log_warn("redis %s:%d: connection lost (%s)", l->owner->addr.host, l->owner->addr.port,
                       l->subscriber ? "notices" : "commands");
    if (was_up && !l->subscriber && l->owner->state_fn)
        l->owner->state_fn(l->owner->state_ctx, false);
    link_retry_later(l);
}

static void link_connect(redis_conn *l)
{
    redisAsyncContext *ac = redisAsyncConnect(l->owner->addr.host, l->owner->addr.port);
    if (!ac || ac->err) {
        if (ac)
            redisAsyncFree(ac);
        link_retry_later(l);
        return;
    }
    ac->data = l;
    l->ac = ac;
    if (redisLibevAttach(l->owner->ev, ac) != REDIS_OK) {
        l->ac = NULL;
        redisAsyncFree(ac);
        link_retry_later(l);
        return;
    }
    redisAsyncSetConnectCallback(ac, link_connected);
    redisAsyncSetDisconnectCallback(ac, link_disconnected);
}

ippon_redis *ippon_redis_new(void *ev_loop, ippon_timers *timers, const ippon_redis_address *address)
{
    ippon_redis *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->ev = ev_loop;
    r->timers = timers;
    r->addr = *address;
    r->cmd = (redis_conn){.owner = r, .retry_ms = RETRY_FIRST_MS};
    r->sub = (redis_conn){.owner = r, .retry_ms = RETRY_FIRST_MS, .subscriber = true};
    link_connect(&r->cmd);
    return r;
}

void ippon_redis_on_state(ippon_redis *r, ippon_redis_state_fn fn, void *ctx)
{
    r->state_fn = fn;
    r->state_ctx = ctx;
}

bool ippon_redis_up(const ippon_redis *r)
{
    return r && r->cmd.up;
}

const char *ippon_redis_refusal(const ippon_redis *r)
{
    return r && r->refusal[0] ? r->refusal : NULL;
}

static void command_answered(redisAsyncContext *ac, void *reply, void *privdata)
{
    (void)ac;
    pending *p = privdata;
    p->fn(p->ctx, reply);
    free(p);
}

/* send argv[0..argc) (binary-safe: lens[i] bytes each); 0, or -1 if the connection is down (fn is
   then not called) */
static int ippon_redis_command(ippon_redis *r, ippon_redis_reply_fn fn, void *ctx, int argc, const char *const *argv,
                               const size_t *lens)
{
    if (!r->cmd.up)
        return -1;
    pending *p = malloc(sizeof *p);
    if (!p)
        return -1;
    *p = (pending){fn, ctx};
    if (redisAsyncCommandArgv(r->cmd.ac, command_answered, p, argc, (const char **)argv, lens) != REDIS_OK) {
        free(p);
        return -1;
    }
    return 0;
}

int ippon_redis_commandv(ippon_redis *r, ippon_redis_reply_fn fn, void *ctx, int argc, const char *const *argv)
{
    return ippon_redis_command(r, fn, ctx, argc, argv, NULL); /* hiredis takes strlen of each */
}

int ippon_redis_subscribe(ippon_redis *r, const char *channel_name, ippon_redis_message_fn fn, void *ctx)
{
    if (r->n_channels >= IPPON_REDIS_MAX_CHANNELS)
        return -1;
    channel *ch = &r->channels[r->n_channels];
    if (!(ch->name = strdup(channel_name)))
        return -1;
    ch->fn = fn;
    ch->ctx = ctx;
    r->n_channels++;
    if (r->sub.up)
        link_subscribe(&r->sub, ch);
    else if (!r->sub.ac)
        link_connect(&r->sub); /* subscribes to every channel once up */
    return 0;
}

void ippon_redis_free(ippon_redis *r)
{
    if (!r)
        return;
    r->closing = true;
    ippon_timers_cancel(&r->cmd.retry);
    ippon_timers_cancel(&r->sub.retry);
    redis_conn *links[2] = {&r->cmd, &r->sub};
    for (int i = 0; i < 2; i++)
        if (links[i]->ac) {
            redisAsyncContext *ac = links[i]->ac;
            links[i]->ac = NULL;
            redisAsyncFree(ac); /* pending replies are answered NULL */
        }
    for (int i = 0; i < r->n_channels; i++)
        free(r->channels[i].name);
    sodium_memzero(&r->addr, sizeof r->addr); /* the password goes with the link */
    free(r);
}
