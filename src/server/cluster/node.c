/*
 * node.c — the node's lease, its view of the other nodes, and the voiding of gone ones (node.h).
 *
 * One timer, every lease_ms / 3: renew the lease (with the info hook's JSON and the version);
 * when Redis answers, read every node's lease and keep the list, and count who waits in each
 * mode's shared queue; for each node listed without a lease, void it (coord.h). Each step waits
 * for the one before, so at most one renewal is in flight; a renewal that finds Redis away is
 * simply tried again at the next tick. Every renewal answered calls the lease hook: held all
 * along, or gone (and whether the node had held it since it started: then it was lost).
 *
 * The lease is known to hold until the last renewal that found it held was sent, plus lease_ms
 * (Redis set its time to live on receiving it, after the sending), less a tenth of it for the
 * clocks' drift: past that, another node may have found it run out and voided this one.
 */
#include "cluster/node.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cluster_text.h"
#include "base/log.h"
#include "base/mode.h"
#include "cluster/redis_password.h"

struct ippon_cluster {
    ippon_redis *redis;
    ippon_coord *coord;
    ippon_timers *timers;
    char node[IPPON_CLUSTER_NAME_MAX + 1];
    char *version;
    int lease_ms;
    lws_sorted_usec_list_t tick;
    bool renewing;            /* a renewal's steps are in flight */
    ippon_cluster_info_fn info_fn;
    void *info_ctx;
    json_t *nodes;            /* the last list read: [{"node", "alive", "info"}] */
    long long tables_voided;  /* by this node, since it started */
    bool held;                /* this node has held its lease since it started */
    long long leases_lost;    /* renewals that found it gone since */
    ippon_cluster_lease_fn lease_fn;
    void *lease_ctx;
    ippon_cluster_voided_fn voided_fn;
    void *voided_ctx;
    lws_usec_t renewal_sent;  /* when the renewal in flight was sent */
    lws_usec_t holds_until;   /* the lease is known to hold until then (0: not known) */
    long queued[IPPON_MODES]; /* players waiting in each mode's shared queue, as last counted */
    struct queue_count { ippon_cluster *c; ippon_mode mode; } counting[IPPON_MODES]; /* each count's note */
};

static void cluster_tick(lws_sorted_usec_list_t *sul);

static void cluster_schedule(ippon_cluster *c)
{
    ippon_timers_schedule(c->timers, &c->tick, cluster_tick, (lws_usec_t)(c->lease_ms / 3) * LWS_US_PER_MS);
}

static void cluster_voided(void *ctx, const ippon_coord_reply *r)
{
    ippon_cluster *c = ctx;
    if (r->ok && r->number != -1 && r->count > 0) {
        c->tables_voided += (long long)r->count;
        ippon_log_warn("cluster: a node's lease ran out: %zu of its tables voided", r->count);
        if (c->voided_fn)
            c->voided_fn(c->voided_ctx, (const char *const *)r->items, r->count);
    }
}

static void queue_counted(void *ctx, const ippon_coord_reply *r)
{
    struct queue_count *q = ctx;
    if (r->ok)
        q->c->queued[q->mode] = (long)r->number;
}

static void cluster_listed(void *ctx, const ippon_coord_reply *r)
{
    ippon_cluster *c = ctx;
    c->renewing = false;
    if (!r->ok)
        return;
    json_t *nodes = json_array();
    for (size_t i = 0; nodes && i + 1 < r->count; i += 2) {
        const char *name = r->items[i], *info = r->items[i + 1];
        if (!name)
            continue;
        json_t *parsed = info ? json_loads(info, 0, NULL) : NULL;
        json_array_append_new(nodes, json_pack("{s:s, s:b, s:o}", "node", name, "alive", info != NULL, "info",
                                               parsed ? parsed : json_null()));
        if (!info && strcmp(name, c->node) != 0)
            ippon_coord_void_node(c->coord, name, cluster_voided, c);
    }
    if (nodes) {
        json_decref(c->nodes);
        c->nodes = nodes;
    }
    for (int m = 0; m < IPPON_MODES; m++)
        ippon_coord_queue_length(c->coord, ippon_mode_name((ippon_mode)m), queue_counted, &c->counting[m]);
}

static void cluster_leased(void *ctx, const ippon_coord_reply *r)
{
    ippon_cluster *c = ctx;
    if (!r->ok) {
        c->renewing = false;
        return;
    }
    bool held = r->number == 1, lost = c->held && !held;
    if (lost) {
        c->leases_lost++;
        ippon_log_warn("cluster: this node's lease was gone (%s): closing the tables voided meanwhile",
                       r->number == 2 ? "it ran out, or was deleted" : "the node was voided");
    }
    c->held = true;
    c->holds_until = c->renewal_sent + (lws_usec_t)(c->lease_ms - c->lease_ms / 10) * LWS_US_PER_MS;
    if (c->lease_fn)
        c->lease_fn(c->lease_ctx, held, lost);
    ippon_coord_nodes(c->coord, cluster_listed, c);
}

static void cluster_tick(lws_sorted_usec_list_t *sul)
{
    ippon_cluster *c = lws_container_of(sul, ippon_cluster, tick);
    cluster_schedule(c);
    if (c->renewing || !ippon_redis_up(c->redis))
        return;
    json_t *info = c->info_fn ? c->info_fn(c->info_ctx) : NULL;
    if (!info)
        info = json_object();
    json_object_set_new(info, "version", json_string(c->version));
    char *text = json_dumps(info, JSON_COMPACT);
    json_decref(info);
    if (!text)
        return;
    c->renewing = true;
    c->renewal_sent = lws_now_usecs();
    ippon_coord_lease(c->coord, text, c->lease_ms, cluster_leased, c);
    free(text);
}

/* Redis came back: renew at once rather than at the next tick */
static void cluster_redis_state(void *ctx, bool up)
{
    ippon_cluster *c = ctx;
    if (up)
        ippon_timers_schedule(c->timers, &c->tick, cluster_tick, 0);
    else
        ippon_log_warn("cluster: Redis is away: this node's tables play on; no new cross-node work");
}

ippon_cluster *ippon_cluster_start(void *ev_loop, ippon_timers *timers, const ippon_cluster_settings *set,
                                   char *err, size_t errlen)
{
    if (!ev_loop) {
        snprintf(err, errlen, "cluster: a node needs the epoll event loop (key \"event_loop\")");
        return NULL;
    }
    ippon_redis_address address;
    if (!ippon_redis_address_parse(set->redis, &address)) { /* not echoed: it may hold a password */
        snprintf(err, errlen, "cluster: Redis is neither \"host:port\" nor \"redis://[user[:password]@]host:port[/db]\" "
                              "(key \"cluster.redis\")");
        return NULL;
    }
    if (set->redis_password_file && set->redis_password_file[0] &&
        ippon_redis_password_read(set->redis_password_file, address.password, sizeof address.password, err,
                                  errlen) != 0)
        return NULL;
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s:", set->prefix);
    ippon_cluster *c = calloc(1, sizeof *c);
    if (!c || !(c->version = strdup(set->version)) || !(c->nodes = json_array()))
        goto oom;
    c->timers = timers;
    c->lease_ms = set->lease_ms;
    for (int m = 0; m < IPPON_MODES; m++)
        c->counting[m] = (struct queue_count){c, (ippon_mode)m};
    snprintf(c->node, sizeof c->node, "%s", set->node);
    c->redis = ippon_redis_new(ev_loop, timers, &address);
    bool signs_in = address.password[0] != '\0';
    sodium_memzero(address.password, sizeof address.password); /* the link keeps its own copy */
    if (!c->redis)
        goto oom;
    if (!(c->coord = ippon_coord_new(c->redis, prefix, set->node))) {
        snprintf(err, errlen, "cluster: node name \"%s\": 1..32 letters, digits, '_' or '-' (key \"cluster.node\")",
                 set->node);
        ippon_cluster_stop(c);
        return NULL;
    }
    ippon_redis_on_state(c->redis, cluster_redis_state, c);
    cluster_schedule(c);
    ippon_log_info("cluster: node %s, Redis %s:%d%s, keys %s*, lease %d ms", c->node, address.host, address.port,
                   signs_in ? " (with a password)" : "", prefix, c->lease_ms);
    return c;
oom:
    sodium_memzero(address.password, sizeof address.password);
    snprintf(err, errlen, "out of memory");
    ippon_cluster_stop(c);
    return NULL;
}

void ippon_cluster_set_info(ippon_cluster *c, ippon_cluster_info_fn fn, void *ctx)
{
    c->info_fn = fn;
    c->info_ctx = ctx;
}

void ippon_cluster_on_lease(ippon_cluster *c, ippon_cluster_lease_fn fn, void *ctx)
{
    c->lease_fn = fn;
    c->lease_ctx = ctx;
}

void ippon_cluster_on_voided(ippon_cluster *c, ippon_cluster_voided_fn fn, void *ctx)
{
    c->voided_fn = fn;
    c->voided_ctx = ctx;
}

bool ippon_cluster_lease_holds(const ippon_cluster *c)
{
    return c->holds_until > 0 && lws_now_usecs() < c->holds_until;
}

const char *ippon_cluster_node(const ippon_cluster *c)
{
    return c->node;
}

bool ippon_cluster_redis_up(const ippon_cluster *c)
{
    return ippon_redis_up(c->redis);
}

const char *ippon_cluster_redis_refusal(const ippon_cluster *c)
{
    return ippon_redis_refusal(c->redis);
}

ippon_coord *ippon_cluster_coord(ippon_cluster *c)
{
    return c->coord;
}

json_t *ippon_cluster_json(const ippon_cluster *c)
{
    int alive = 0;
    size_t i;
    json_t *n;
    json_array_foreach(c->nodes, i, n) alive += json_is_true(json_object_get(n, "alive"));
    json_t *queued = json_object();
    for (int m = 0; m < IPPON_MODES; m++)
        json_object_set_new(queued, ippon_mode_name((ippon_mode)m), json_integer(c->queued[m]));
    return json_pack("{s:s, s:s, s:O, s:i, s:I, s:o, s:I}", "node", c->node, "redis",
                     ippon_redis_up(c->redis) ? "up" : "down", "nodes", c->nodes, "nodes_alive", alive,
                     "tables_voided", (json_int_t)c->tables_voided, "queued", queued, "leases_lost",
                     (json_int_t)c->leases_lost);
}

void ippon_cluster_stop(ippon_cluster *c)
{
    if (!c)
        return;
    ippon_timers_cancel(&c->tick);
    ippon_coord_free(c->coord); /* before the link: replies still due come back NULL into callbacks */
    c->coord = NULL;
    ippon_redis_free(c->redis);  /* pending replies are answered now (not ok) */
    json_decref(c->nodes);
    free(c->version);
    free(c);
}
