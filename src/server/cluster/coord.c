/*
 * coord.c — the cluster's shared state in Redis, one Lua script per operation (coord.h).
 *
 * Each script gets the key prefix and names every key it builds from it, so one call is one
 * atomic step in Redis (scripts run one at a time). Replies are turned into an ippon_coord_reply:
 * an integer into number, a string into text, nil into text NULL, an array into items (strings,
 * integers written out, nil as NULL); an error reply is logged and answered ok = false.
 */
#include "cluster/coord.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cluster_text.h"
#include "base/log.h"
#include "base/ratelimit.h"

#define BUCKET_ARGS 5 /* a bucket's arguments of BUCKETS_TAKE */


struct ippon_coord {
    ippon_redis *redis;
    char *prefix;
    char node[IPPON_CLUSTER_NAME_MAX + 1];
    ippon_coord_notice_fn notice_fn;
    void *notice_ctx;
};

typedef struct call {
    ippon_coord_fn fn;
    void *ctx;
    const char *what; /* for the log */
} call;

/* ---- the scripts (KEYS: none; ARGV[1] the prefix, then each script's own) ---- */

static const char LEASE[] = /* ARGV: prefix, node, info, lease_ms */
    "local held = redis.call('EXISTS', ARGV[1]..'node:'..ARGV[2]) == 1\n"
    "local listed = redis.call('SISMEMBER', ARGV[1]..'nodes', ARGV[2]) == 1\n"
    "redis.call('SET', ARGV[1]..'node:'..ARGV[2], ARGV[3], 'PX', ARGV[4])\n"
    "redis.call('SADD', ARGV[1]..'nodes', ARGV[2])\n"
    "if held then return 1 elseif listed then return 2 else return 0 end\n";

static const char NODES[] = /* ARGV: prefix */
    "local out = {}\n"
    "for _, n in ipairs(redis.call('SMEMBERS', ARGV[1]..'nodes')) do\n"
    "  out[#out + 1] = n\n"
    "  out[#out + 1] = redis.call('GET', ARGV[1]..'node:'..n)\n"
    "end\n"
    "return out\n";

static const char VOID_NODE[] = /* ARGV: prefix, node */
    "local p, node = ARGV[1], ARGV[2]\n"
    "if redis.call('EXISTS', p..'node:'..node) == 1 then return -1 end\n"
    "local voided = {}\n"
    "for _, t in ipairs(redis.call('SMEMBERS', p..'node_tables:'..node)) do\n"
    "  if redis.call('HGET', p..'table:'..t, 'node') == node then\n"
    "    redis.call('HINCRBY', p..'table:'..t, 'epoch', 1)\n"
    "    redis.call('HSET', p..'table:'..t, 'state', 'void')\n"
    "    voided[#voided + 1] = t\n"
    "  end\n"
    "end\n"
    "redis.call('DEL', p..'node_tables:'..node)\n"
    "for _, mu in ipairs(redis.call('SMEMBERS', p..'node_tickets:'..node)) do\n"
    "  local bar = string.find(mu, '|', 1, true)\n"
    "  local mode, user = string.sub(mu, 1, bar - 1), string.sub(mu, bar + 1)\n"
    "  if redis.call('HGET', p..'ticket_nodes:'..mode, user) == node then\n"
    "    redis.call('ZREM', p..'queue:'..mode, user)\n"
    "    redis.call('HDEL', p..'tickets:'..mode, user)\n"
    "    redis.call('HDEL', p..'ticket_nodes:'..mode, user)\n"
    "  end\n"
    "end\n"
    "redis.call('DEL', p..'node_tickets:'..node)\n"
    "for _, user in ipairs(redis.call('SMEMBERS', p..'node_seats:'..node)) do\n"
    "  local seat = redis.call('GET', p..'seat:'..user)\n"
    "  if seat and string.sub(seat, 1, #node + 1) == node..'|' then\n"
    "    redis.call('DEL', p..'seat:'..user)\n"
    "    redis.call('SET', p..'lost:'..user, string.sub(seat, #node + 2), 'EX', 86400)\n"
    "  end\n"
    "end\n"
    "redis.call('DEL', p..'node_seats:'..node)\n"
    "redis.call('SREM', p..'nodes', node)\n"
    "return voided\n";

static const char QUEUE_JOIN[] = /* ARGV: prefix, mode, user, ticket, now, node */
    "local p, mode, user, node = ARGV[1], ARGV[2], ARGV[3], ARGV[6]\n"
    "local seat = redis.call('GET', p..'seat:'..user)\n"
    "if seat then return seat end\n"
    "if redis.call('HEXISTS', p..'tickets:'..mode, user) == 1 then return 0 end\n"
    "redis.call('ZADD', p..'queue:'..mode, ARGV[5], user)\n"
    "redis.call('HSET', p..'tickets:'..mode, user, ARGV[4])\n"
    "redis.call('HSET', p..'ticket_nodes:'..mode, user, node)\n"
    "redis.call('SADD', p..'node_tickets:'..node, mode..'|'..user)\n"
    "return 1\n";

/* takes user off every list of mode (the caller knows it is queued) */
#define QUEUE_DROP_USER                                                        \
    "local function drop(p, mode, user)\n"                                     \
    "  local node = redis.call('HGET', p..'ticket_nodes:'..mode, user)\n"      \
    "  redis.call('ZREM', p..'queue:'..mode, user)\n"                          \
    "  redis.call('HDEL', p..'tickets:'..mode, user)\n"                        \
    "  redis.call('HDEL', p..'ticket_nodes:'..mode, user)\n"                   \
    "  if node then redis.call('SREM', p..'node_tickets:'..node, mode..'|'..user) end\n" \
    "end\n"

static const char QUEUE_LEAVE[] = /* ARGV: prefix, mode, user */
    QUEUE_DROP_USER
    "if redis.call('ZSCORE', ARGV[1]..'queue:'..ARGV[2], ARGV[3]) == false then return 0 end\n"
    "drop(ARGV[1], ARGV[2], ARGV[3])\n"
    "return 1\n";

/*
 * The take: lobby.h's rule over the first QUEUE_TAKE_SCAN waiting, in the same steps as
 * lobby.c's (change one, change both). Each waiting user in queue order is tried as the anchor of
 * a group: the anchor, then the earliest others whose rating (the ticket's "rating", 1500 if it
 * has none) keeps the group's spread within the anchor's window, width = min(cap, start +
 * growth × (waited / (1000 × scale))) as game/queue_window.c computes it, and — when addresses
 * must be distinct — whose address (the ticket's "addr") the group does not have. The first full
 * group is taken; else, once the first has waited fill_after, the first's group with bots.
 */
#define QUEUE_TAKE_SCAN "200"
static const char QUEUE_TAKE[] = /* ARGV: prefix, mode, seats, now, fill_after, table, node, distinct,
                                    window start, growth, cap, scale */
    QUEUE_DROP_USER
    "local p, mode, seats, table, node = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[6], ARGV[7]\n"
    "local now, distinct = tonumber(ARGV[4]), ARGV[8] == '1'\n"
    "local wstart, wgrowth, wcap, wscale = tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12])\n"
    "local first = redis.call('ZRANGE', p..'queue:'..mode, 0, " QUEUE_TAKE_SCAN " - 1, 'WITHSCORES')\n"
    "if #first == 0 then return {} end\n"
    "local users = {}\n"
    "for i = 1, #first, 2 do\n"
    "  local ticket = redis.call('HGET', p..'tickets:'..mode, first[i])\n"
    "  local u = {user = first[i], ticket = ticket, since = tonumber(first[i + 1]), addr = '', rating = 1500}\n"
    "  if ticket then\n"
    "    local ok, t = pcall(cjson.decode, ticket)\n"
    "    if ok and type(t) == 'table' then\n"
    "      if distinct and type(t.addr) == 'string' then u.addr = t.addr end\n"
    "      if type(t.rating) == 'number' then u.rating = t.rating end\n"
    "    end\n"
    "  end\n"
    "  users[#users + 1] = u\n"
    "end\n"
    "local function width(waited)\n"
    "  if waited < 0 then waited = 0 end\n"
    "  local w = wstart + wgrowth * (waited / (1000 * wscale))\n"
    "  if w > wcap then return wcap end\n"
    "  return w\n"
    "end\n"
    "local function gather(a)\n"
    "  local w, lo, hi = width(now - users[a].since), users[a].rating, users[a].rating\n"
    "  local picked, addrs, n = {[a] = true}, {[users[a].addr] = true}, 1\n"
    "  for i = 1, #users do\n"
    "    if n == seats then break end\n"
    "    local u = users[i]\n"
    "    local nlo, nhi = math.min(lo, u.rating), math.max(hi, u.rating)\n"
    "    if i ~= a and nhi - nlo <= w and (u.addr == '' or not addrs[u.addr]) then\n"
    "      picked[i], addrs[u.addr], n, lo, hi = true, true, n + 1, nlo, nhi\n"
    "    end\n"
    "  end\n"
    "  return picked, n\n"
    "end\n"
    "local picked, n = nil, 0\n"
    "for a = 1, #users do\n"
    "  picked, n = gather(a)\n"
    "  if n == seats then break end\n"
    "end\n"
    "if n < seats then\n"
    "  if now - users[1].since < tonumber(ARGV[5]) then return {} end\n"
    "  picked, n = gather(1)\n"
    "end\n"
    "local out = {}\n"
    "for i, u in ipairs(users) do\n"
    "  if picked[i] then\n"
    "    out[#out + 1] = u.user\n"
    "    out[#out + 1] = u.ticket\n"
    "    drop(p, mode, u.user)\n"
    "    redis.call('SET', p..'seat:'..u.user, node..'|'..table)\n"
    "    redis.call('SADD', p..'node_seats:'..node, u.user)\n"
    "  end\n"
    "end\n"
    "redis.call('HSET', p..'table:'..table, 'node', node, 'epoch', 1, 'state', 'running')\n"
    "redis.call('SADD', p..'node_tables:'..node, table)\n"
    "return out\n";

static const char TABLE_SEAT[] = /* ARGV: prefix, table, node, users... */
    "local p, table, node = ARGV[1], ARGV[2], ARGV[3]\n"
    "local key = p..'table:'..table\n"
    "if redis.call('EXISTS', key) == 0 then\n"
    "  redis.call('HSET', key, 'node', node, 'epoch', 1, 'state', 'running')\n"
    "  redis.call('SADD', p..'node_tables:'..node, table)\n"
    "end\n"
    "for i = 4, #ARGV do\n"
    "  redis.call('SET', p..'seat:'..ARGV[i], node..'|'..table)\n"
    "  redis.call('SADD', p..'node_seats:'..node, ARGV[i])\n"
    "end\n"
    "return #ARGV - 3\n";

/* the end of a script on ARGV prefix, table, node, users...: each user's seat freed where it is
   still node|table's; returns how many were */
#define FREE_SEATS_LUA                                                                                                 \
    "local freed = 0\n"                                                                                                \
    "for i = 4, #ARGV do\n"                                                                                            \
    "  if redis.call('GET', p..'seat:'..ARGV[i]) == node..'|'..table then\n"                                           \
    "    redis.call('DEL', p..'seat:'..ARGV[i])\n"                                                                     \
    "    redis.call('SREM', p..'node_seats:'..node, ARGV[i])\n"                                                        \
    "    freed = freed + 1\n"                                                                                          \
    "  end\n"                                                                                                          \
    "end\n"                                                                                                            \
    "return freed\n"

static const char TABLE_OVER[] = /* ARGV: prefix, table, node, users... */
    "local p, table, node = ARGV[1], ARGV[2], ARGV[3]\n"
    "local key = p..'table:'..table\n"
    "if redis.call('HGET', key, 'node') == node then\n"
    "  redis.call('DEL', key)\n"
    "  redis.call('SREM', p..'node_tables:'..node, table)\n"
    "end\n" FREE_SEATS_LUA;

static const char SEATS_FREE[] = /* ARGV: prefix, table, node, users... */
    "local p, table, node = ARGV[1], ARGV[2], ARGV[3]\n" FREE_SEATS_LUA;

static const char TABLE_LOOKUP[] = /* ARGV: prefix, table */
    "return redis.call('HMGET', ARGV[1]..'table:'..ARGV[2], 'node', 'epoch', 'state')\n";

static const char PRESENCE_CLAIM[] = /* ARGV: prefix, user, node */
    "local key = ARGV[1]..'user:'..ARGV[2]\n"
    "local before = redis.call('GET', key)\n"
    "redis.call('SET', key, ARGV[3])\n"
    "if before == ARGV[3] then return false end\n"
    "return before\n";

static const char PRESENCE_OF[] = /* ARGV: prefix, users joined by ',' */
    "local out = {}\n"
    "for user in string.gmatch(ARGV[2], '[^,]+') do\n"
    "  local node = redis.call('GET', ARGV[1]..'user:'..user)\n"
    "  if node and (redis.call('EXISTS', ARGV[1]..'node:'..node) == 0\n"
    "               or redis.call('EXISTS', ARGV[1]..'seat:'..user) == 1) then node = false end\n"
    "  out[#out + 1] = node or ''\n"
    "end\n"
    "return out\n";

static const char PRESENCE_RELEASE[] = /* ARGV: prefix, user, node */
    "local key = ARGV[1]..'user:'..ARGV[2]\n"
    "if redis.call('GET', key) ~= ARGV[3] then return 0 end\n"
    "redis.call('DEL', key)\n"
    "return 1\n";

/*
 * Private rooms (a room lives on the node it was opened on): room:<code> names that node, and
 * room_user:<user> "<node>|<code>" the room a user belongs to — or was sent to — for as long as
 * the room may live. A lookup names a node only while its lease holds.
 */
static const char ROOM_OPEN[] = /* ARGV: prefix, code, node, host, ttl_ms */
    "if not redis.call('SET', ARGV[1]..'room:'..ARGV[2], ARGV[3], 'NX', 'PX', ARGV[5]) then return 0 end\n"
    "redis.call('SET', ARGV[1]..'room_user:'..ARGV[4], ARGV[3]..'|'..ARGV[2], 'PX', ARGV[5])\n"
    "return 1\n";

static const char ROOM_FIND[] = /* ARGV: prefix, code */
    "local node = redis.call('GET', ARGV[1]..'room:'..ARGV[2])\n"
    "if not node or redis.call('EXISTS', ARGV[1]..'node:'..node) == 0 then return false end\n"
    "return node\n";

static const char ROOM_MEMBER[] = /* ARGV: prefix, user, node, code, ttl_ms */
    "redis.call('SET', ARGV[1]..'room_user:'..ARGV[2], ARGV[3]..'|'..ARGV[4], 'PX', ARGV[5])\n"
    "return 1\n";

static const char ROOM_OF[] = /* ARGV: prefix, user */
    "local v = redis.call('GET', ARGV[1]..'room_user:'..ARGV[2])\n"
    "if not v then return false end\n"
    "local node = string.match(v, '^([^|]+)|')\n"
    "if not node or redis.call('EXISTS', ARGV[1]..'node:'..node) == 0 then return false end\n"
    "return v\n";

static const char ROOM_LEAVE[] = /* ARGV: prefix, node, code, ended ("1": the room too), users... */
    "local p, mine = ARGV[1], ARGV[2]..'|'..ARGV[3]\n"
    "local n = 0\n"
    "if ARGV[4] == '1' and redis.call('GET', p..'room:'..ARGV[3]) == ARGV[2] then\n"
    "  redis.call('DEL', p..'room:'..ARGV[3])\n"
    "end\n"
    "for i = 5, #ARGV do\n"
    "  if redis.call('GET', p..'room_user:'..ARGV[i]) == mine then\n"
    "    redis.call('DEL', p..'room_user:'..ARGV[i])\n"
    "    n = n + 1\n"
    "  end\n"
    "end\n"
    "return n\n";

/*
 * The shared buckets (shared_buckets.h): ratelimit.c's GCRA on Redis's clock, in microseconds
 * (integers a Lua number holds exactly). A bucket's key holds its tat, the time it is full
 * again, and expires then; a missing key is a full bucket. Per bucket: name, key, the interval
 * (µs per event), the kind, and the most the bucket may hold (µs: burst or max_level intervals).
 */
static const char BUCKETS_TAKE[] = /* ARGV: prefix, then per bucket: name, key, interval, kind, most */
    "local t = redis.call('TIME')\n"
    "local now = t[1] * 1000000 + t[2]\n"
    "local b = {}\n"
    "for a = 2, #ARGV, 5 do\n"
    "  local key = ARGV[1]..'bucket:'..ARGV[a]..':'..ARGV[a + 1]\n"
    "  local tat = tonumber(redis.call('GET', key)) or now\n"
    "  if tat < now then tat = now end\n"
    "  b[#b + 1] = {key, tat, tonumber(ARGV[a + 2]), ARGV[a + 3], tonumber(ARGV[a + 4])}\n"
    "end\n"
    "for i, x in ipairs(b) do\n"
    "  local over = x[2] + x[3] - now - x[5]\n"
    "  if x[4] == 'take' and over > 0 then return {i, math.ceil(over / 1000)} end\n"
    "end\n"
    "local r = {0}\n"
    "for i, x in ipairs(b) do\n"
    "  r[i + 1] = math.ceil((x[2] - now) / x[3])\n"
    "  local tat = math.min(x[2] + x[3], now + x[5])\n"
    "  redis.call('SET', x[1], string.format('%d', tat), 'PX', math.ceil((tat - now) / 1000) + 1)\n"
    "end\n"
    "return r\n";

static const char BUCKETS_GIVE_BACK[] = /* ARGV: prefix, then per bucket: name, key, interval */
    "local t = redis.call('TIME')\n"
    "local now = t[1] * 1000000 + t[2]\n"
    "for a = 2, #ARGV, 3 do\n"
    "  local key = ARGV[1]..'bucket:'..ARGV[a]..':'..ARGV[a + 1]\n"
    "  local tat = tonumber(redis.call('GET', key))\n"
    "  if tat then\n"
    "    tat = tat - tonumber(ARGV[a + 2])\n"
    "    if tat <= now then redis.call('DEL', key)\n"
    "    else redis.call('SET', key, string.format('%d', tat), 'PX', math.ceil((tat - now) / 1000) + 1) end\n"
    "  end\n"
    "end\n"
    "return 1\n";

/* ---- calls ---- */

static void coord_answer(call *k, const ippon_coord_reply *r)
{
    k->fn(k->ctx, r);
    free(k);
}

static void coord_replied(void *ctx, const redisReply *reply)
{
    call *k = ctx;
    ippon_coord_reply r = {.ok = reply != NULL};
    if (!reply) {
        coord_answer(k, &r);
        return;
    }
    switch (reply->type) {
    case REDIS_REPLY_INTEGER:
        r.number = reply->integer;
        break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
        r.text = reply->str;
        break;
    case REDIS_REPLY_NIL:
        break;
    case REDIS_REPLY_ERROR:
        ippon_log_warn("redis: %s: %s", k->what, reply->str);
        r.ok = false;
        break;
    case REDIS_REPLY_ARRAY: {
        /* the items, and room for integers written out */
        const char **items = calloc(reply->elements ? reply->elements : 1, sizeof *items);
        char *digits = calloc(reply->elements ? reply->elements : 1, 24);
        if (!items || !digits) {
            r.ok = false;
        } else {
            for (size_t i = 0; i < reply->elements; i++) {
                const redisReply *e = reply->element[i];
                if (e->type == REDIS_REPLY_STRING || e->type == REDIS_REPLY_STATUS)
                    items[i] = e->str;
                else if (e->type == REDIS_REPLY_INTEGER) {
                    snprintf(digits + 24 * i, 24, "%lld", e->integer);
                    items[i] = digits + 24 * i;
                }
            }
            r.count = reply->elements;
            r.items = items;
        }
        coord_answer(k, &r);
        free(items);
        free(digits);
        return;
    }
    }
    coord_answer(k, &r);
}

/* EVAL script with no keys and args (the prefix first); the callback is called once either way */
static void coord_eval(ippon_coord *c, const char *what, const char *script, int nargs, const char *const *args,
                       ippon_coord_fn fn, void *ctx)
{
    call *k = malloc(sizeof *k);
    const char *argv[4 + BUCKET_ARGS * IPPON_BUCKETS_MAX];
    if (!k || nargs + 4 > (int)(sizeof argv / sizeof argv[0])) {
        free(k);
        fn(ctx, &(ippon_coord_reply){.ok = false});
        return;
    }
    *k = (call){fn, ctx, what};
    argv[0] = "EVAL";
    argv[1] = script;
    argv[2] = "0";
    argv[3] = c->prefix;
    for (int i = 0; i < nargs; i++)
        argv[4 + i] = args[i];
    if (ippon_redis_commandv(c->redis, coord_replied, k, 4 + nargs, argv) != 0)
        coord_answer(k, &(ippon_coord_reply){.ok = false});
}

/* ---- the operations ---- */

ippon_coord *ippon_coord_new(ippon_redis *redis, const char *prefix, const char *node)
{
    if (!ippon_cluster_name_ok(node))
        return NULL;
    ippon_coord *c = calloc(1, sizeof *c);
    if (!c || !(c->prefix = strdup(prefix ? prefix : "ippon:"))) {
        free(c);
        return NULL;
    }
    c->redis = redis;
    snprintf(c->node, sizeof c->node, "%s", node);
    return c;
}

const char *ippon_coord_node(const ippon_coord *c)
{
    return c->node;
}

void ippon_coord_free(ippon_coord *c)
{
    if (!c)
        return;
    free(c->prefix);
    free(c);
}

void ippon_coord_lease(ippon_coord *c, const char *info, long lease_ms, ippon_coord_fn fn, void *ctx)
{
    char ms[24];
    snprintf(ms, sizeof ms, "%ld", lease_ms);
    coord_eval(c, "lease", LEASE, 3, (const char *[]){c->node, info, ms}, fn, ctx);
}

void ippon_coord_nodes(ippon_coord *c, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "nodes", NODES, 0, NULL, fn, ctx);
}

void ippon_coord_void_node(ippon_coord *c, const char *node, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "void node", VOID_NODE, 1, (const char *[]){node}, fn, ctx);
}

void ippon_coord_queue_join(ippon_coord *c, const char *mode, const char *user, const char *ticket,
                            long long now_ms, ippon_coord_fn fn, void *ctx)
{
    char now[24];
    snprintf(now, sizeof now, "%lld", now_ms);
    coord_eval(c, "queue join", QUEUE_JOIN, 5, (const char *[]){mode, user, ticket, now, c->node}, fn, ctx);
}

void ippon_coord_queue_leave(ippon_coord *c, const char *mode, const char *user, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "queue leave", QUEUE_LEAVE, 2, (const char *[]){mode, user}, fn, ctx);
}

void ippon_coord_queue_take(ippon_coord *c, const char *mode, int seats, long long now_ms, long long fill_after_ms,
                            bool distinct_addresses, const ippon_coord_window *window, const char *table,
                            ippon_coord_fn fn, void *ctx)
{
    char n[16], now[24], fill[24], w[4][32];
    snprintf(n, sizeof n, "%d", seats);
    snprintf(now, sizeof now, "%lld", now_ms);
    snprintf(fill, sizeof fill, "%lld", fill_after_ms);
    /* %.17g: the doubles reach Lua exactly (tonumber reads them back bit for bit) */
    snprintf(w[0], sizeof w[0], "%.17g", window->start);
    snprintf(w[1], sizeof w[1], "%.17g", window->per_second);
    snprintf(w[2], sizeof w[2], "%.17g", window->cap);
    snprintf(w[3], sizeof w[3], "%.17g", window->time_scale);
    coord_eval(c, "queue take", QUEUE_TAKE, 11,
               (const char *[]){mode, n, now, fill, table, c->node, distinct_addresses ? "1" : "0", w[0], w[1], w[2],
                                w[3]},
               fn, ctx);
}

void ippon_coord_queue_length(ippon_coord *c, const char *mode, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "queue length", "return redis.call('ZCARD', ARGV[1]..'queue:'..ARGV[2])\n", 1,
               (const char *[]){mode}, fn, ctx);
}

/* a script whose arguments are a table, this node and up to four users */
static void coord_table_users(ippon_coord *c, const char *what, const char *script, const char *table,
                              const char *const *users, int n, ippon_coord_fn fn, void *ctx)
{
    const char *args[2 + 4];
    if (n < 0 || n > 4) {
        fn(ctx, &(ippon_coord_reply){.ok = false});
        return;
    }
    args[0] = table;
    args[1] = c->node;
    for (int i = 0; i < n; i++)
        args[2 + i] = users[i];
    coord_eval(c, what, script, 2 + n, args, fn, ctx);
}

void ippon_coord_table_seat(ippon_coord *c, const char *table, const char *const *users, int n, ippon_coord_fn fn,
                            void *ctx)
{
    coord_table_users(c, "table seat", TABLE_SEAT, table, users, n, fn, ctx);
}

void ippon_coord_table_over(ippon_coord *c, const char *table, const char *const *users, int n, ippon_coord_fn fn,
                            void *ctx)
{
    coord_table_users(c, "table over", TABLE_OVER, table, users, n, fn, ctx);
}

void ippon_coord_seats_free(ippon_coord *c, const char *table, const char *const *users, int n, ippon_coord_fn fn,
                            void *ctx)
{
    coord_table_users(c, "seats free", SEATS_FREE, table, users, n, fn, ctx);
}

void ippon_coord_seat_lookup(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "seat lookup", "return redis.call('GET', ARGV[1]..'seat:'..ARGV[2])\n", 1, (const char *[]){user},
               fn, ctx);
}

void ippon_coord_lost_take(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "lost take", "return redis.call('GETDEL', ARGV[1]..'lost:'..ARGV[2])\n", 1, (const char *[]){user},
               fn, ctx);
}

void ippon_coord_table_lookup(ippon_coord *c, const char *table, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "table lookup", TABLE_LOOKUP, 1, (const char *[]){table}, fn, ctx);
}

void ippon_coord_presence_claim(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "presence claim", PRESENCE_CLAIM, 2, (const char *[]){user, c->node}, fn, ctx);
}

void ippon_coord_presence_of(ippon_coord *c, const char *users_csv, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "presence of", PRESENCE_OF, 1, (const char *[]){users_csv}, fn, ctx);
}

void ippon_coord_presence_release(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "presence release", PRESENCE_RELEASE, 2, (const char *[]){user, c->node}, fn, ctx);
}

void ippon_coord_room_open(ippon_coord *c, const char *code, const char *host, long ttl_ms, ippon_coord_fn fn,
                           void *ctx)
{
    char ttl[24];
    snprintf(ttl, sizeof ttl, "%ld", ttl_ms);
    coord_eval(c, "room open", ROOM_OPEN, 4, (const char *[]){code, c->node, host, ttl}, fn, ctx);
}

void ippon_coord_room_find(ippon_coord *c, const char *code, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "room find", ROOM_FIND, 1, (const char *[]){code}, fn, ctx);
}

void ippon_coord_room_member(ippon_coord *c, const char *user, const char *node, const char *code, long ttl_ms,
                             ippon_coord_fn fn, void *ctx)
{
    char ttl[24];
    snprintf(ttl, sizeof ttl, "%ld", ttl_ms);
    coord_eval(c, "room member", ROOM_MEMBER, 4, (const char *[]){user, node, code, ttl}, fn, ctx);
}

void ippon_coord_room_of(ippon_coord *c, const char *user, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "room of", ROOM_OF, 1, (const char *[]){user}, fn, ctx);
}

void ippon_coord_room_leave(ippon_coord *c, const char *code, bool ended, const char *const *users, int n,
                            ippon_coord_fn fn, void *ctx)
{
    const char *args[3 + IPPON_COORD_ROOM_MAX];
    if (n < 0 || n > IPPON_COORD_ROOM_MAX) {
        fn(ctx, &(ippon_coord_reply){.ok = false});
        return;
    }
    args[0] = c->node;
    args[1] = code;
    args[2] = ended ? "1" : "0";
    for (int i = 0; i < n; i++)
        args[3 + i] = users[i];
    coord_eval(c, "room leave", ROOM_LEAVE, 3 + n, args, fn, ctx);
}

/* one bucket's arguments of the scripts: name, key (cut as ratelimit.h cuts it), interval, kind, most */
typedef struct bucket_args {
    char key[IPPON_RATELIMIT_MAX_KEY + 1];
    char interval[24], most[24];
} bucket_args;

static void bucket_args_of(const ippon_bucket *b, bucket_args *out)
{
    long long interval = b->window_ms * 1000 / b->burst;
    if (interval < 1)
        interval = 1;
    long long most = b->kind == IPPON_BUCKET_COUNT && b->max_level > b->burst ? b->max_level : b->burst;
    snprintf(out->key, sizeof out->key, "%s", b->key);
    snprintf(out->interval, sizeof out->interval, "%lld", interval);
    snprintf(out->most, sizeof out->most, "%lld", most * interval);
}

void ippon_coord_buckets_take(ippon_coord *c, const ippon_bucket *b, int n, ippon_coord_fn fn, void *ctx)
{
    if (n < 1 || n > IPPON_BUCKETS_MAX) {
        fn(ctx, &(ippon_coord_reply){.ok = false});
        return;
    }
    bucket_args args[IPPON_BUCKETS_MAX];
    const char *argv[BUCKET_ARGS * IPPON_BUCKETS_MAX];
    for (int i = 0; i < n; i++) {
        bucket_args_of(&b[i], &args[i]);
        const char **a = argv + BUCKET_ARGS * i;
        a[0] = b[i].name;
        a[1] = args[i].key;
        a[2] = args[i].interval;
        a[3] = b[i].kind == IPPON_BUCKET_TAKE ? "take" : "count";
        a[4] = args[i].most;
    }
    coord_eval(c, "buckets take", BUCKETS_TAKE, BUCKET_ARGS * n, argv, fn, ctx);
}

void ippon_coord_buckets_give_back(ippon_coord *c, const ippon_bucket *b, int n, ippon_coord_fn fn, void *ctx)
{
    if (n < 1 || n > IPPON_BUCKETS_MAX) {
        fn(ctx, &(ippon_coord_reply){.ok = false});
        return;
    }
    bucket_args args[IPPON_BUCKETS_MAX];
    const char *argv[3 * IPPON_BUCKETS_MAX];
    for (int i = 0; i < n; i++) {
        bucket_args_of(&b[i], &args[i]);
        argv[3 * i] = b[i].name;
        argv[3 * i + 1] = args[i].key;
        argv[3 * i + 2] = args[i].interval;
    }
    coord_eval(c, "buckets give back", BUCKETS_GIVE_BACK, 3 * n, argv, fn, ctx);
}

void ippon_coord_bucket_reset(ippon_coord *c, const ippon_bucket *b, ippon_coord_fn fn, void *ctx)
{
    bucket_args args;
    bucket_args_of(b, &args);
    coord_eval(c, "bucket reset", "return redis.call('DEL', ARGV[1]..'bucket:'..ARGV[2]..':'..ARGV[3])\n", 2,
               (const char *[]){b->name, args.key}, fn, ctx);
}

void ippon_coord_notify(ippon_coord *c, const char *node, const char *notice, ippon_coord_fn fn, void *ctx)
{
    coord_eval(c, "notify", "return redis.call('PUBLISH', ARGV[1]..'notices:'..ARGV[2], ARGV[3])\n", 2,
               (const char *[]){node, notice}, fn, ctx);
}

static void coord_notice(void *ctx, const char *channel, const char *data, size_t len)
{
    (void)channel;
    ippon_coord *c = ctx;
    if (c->notice_fn)
        c->notice_fn(c->notice_ctx, data, len);
}

int ippon_coord_listen(ippon_coord *c, ippon_coord_notice_fn fn, void *ctx)
{
    char channel[256];
    if (snprintf(channel, sizeof channel, "%snotices:%s", c->prefix, c->node) >= (int)sizeof channel)
        return -1;
    c->notice_fn = fn;
    c->notice_ctx = ctx;
    return ippon_redis_subscribe(c->redis, channel, coord_notice, c);
}
