/*
 * ratelimit.c — token buckets keyed by strings, bounded in memory (see ratelimit.h).
 *
 * How it works: each kept key stores one number, its "theoretical arrival time" (GCRA):
 * the time at which its bucket would be full again. An event at `now` is allowed if
 * max(tat, now) + interval - now <= burst * interval, and then tat moves to
 * max(tat, now) + interval. A key whose tat is not after now has a full bucket, exactly
 * like a key never seen, so it can be dropped at any time without changing any answer.
 *
 * To stay in integers with a fractional interval (window_ms / burst), times are scaled
 * by burst: one millisecond is `burst` units, the interval is window_ms units and the
 * bucket holds burst * window_ms units. Times are counted from the first now_ms the
 * limiter sees, so the scaled values stay far from overflow for years.
 *
 * Storage: a chained hash table (SipHash with a random key) for lookups, and a doubly
 * linked list in least-recently-used order for eviction. Inserting into a full table
 * first looks at a few of the least recently used keys for one whose bucket is full
 * (losing nothing); if there is none, the least recently used key goes.
 */
#include "base/ratelimit.h"

#include <sodium.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RATELIMIT_MAX_WINDOW_MS 1000000000LL /* about 11.5 days */
#define RATELIMIT_MAX_BUCKETS (1u << 20)
#define RATELIMIT_EVICT_SCAN 8 /* LRU entries examined for a full bucket before evicting */

typedef struct rl_entry {
    struct rl_entry *chain;            /* next in the hash bucket */
    struct rl_entry *older, *newer;    /* LRU list neighbours */
    long long tat;                     /* scaled, relative to rl->base_ms */
    uint64_t hash;
    size_t key_len;
    char key[];
} rl_entry;

struct ippon_ratelimit {
    long long burst;
    long long window_ms;
    size_t max_keys;
    size_t count;
    rl_entry **buckets;
    size_t bucket_mask;
    rl_entry *oldest, *newest; /* LRU list ends */
    int have_base;
    long long base_ms;
    unsigned char sip_key[crypto_shorthash_KEYBYTES];
};

ippon_ratelimit *ippon_ratelimit_create(unsigned burst, long long window_ms, size_t max_keys)
{
    if (burst < 1 || burst > IPPON_RATELIMIT_MAX_BURST || window_ms < 1 ||
        window_ms > RATELIMIT_MAX_WINDOW_MS || max_keys < 1)
        return NULL;
    ippon_ratelimit *rl = calloc(1, sizeof *rl);
    if (!rl)
        return NULL;
    size_t n = 16;
    while (n < max_keys && n < RATELIMIT_MAX_BUCKETS)
        n *= 2;
    rl->buckets = calloc(n, sizeof *rl->buckets);
    if (!rl->buckets) {
        free(rl);
        return NULL;
    }
    rl->bucket_mask = n - 1;
    rl->burst = burst;
    rl->window_ms = window_ms;
    rl->max_keys = max_keys;
    randombytes_buf(rl->sip_key, sizeof rl->sip_key);
    return rl;
}

void ippon_ratelimit_free(ippon_ratelimit *rl)
{
    if (!rl)
        return;
    rl_entry *e = rl->oldest;
    while (e) {
        rl_entry *next = e->newer;
        free(e);
        e = next;
    }
    free(rl->buckets);
    free(rl);
}

size_t ippon_ratelimit_size(const ippon_ratelimit *rl)
{
    return rl ? rl->count : 0;
}

static size_t rl_key_len(const char *key)
{
    size_t n = strlen(key);
    return n > IPPON_RATELIMIT_MAX_KEY ? IPPON_RATELIMIT_MAX_KEY : n;
}

static uint64_t rl_hash(const ippon_ratelimit *rl, const char *key, size_t len)
{
    unsigned char out[crypto_shorthash_BYTES];
    crypto_shorthash(out, (const unsigned char *)key, len, rl->sip_key);
    uint64_t h;
    memcpy(&h, out, sizeof h);
    return h;
}

static rl_entry *rl_find(const ippon_ratelimit *rl, const char *key, size_t len, uint64_t hash)
{
    for (rl_entry *e = rl->buckets[hash & rl->bucket_mask]; e; e = e->chain)
        if (e->hash == hash && e->key_len == len && memcmp(e->key, key, len) == 0)
            return e;
    return NULL;
}

static void rl_lru_unlink(ippon_ratelimit *rl, rl_entry *e)
{
    if (e->older)
        e->older->newer = e->newer;
    else
        rl->oldest = e->newer;
    if (e->newer)
        e->newer->older = e->older;
    else
        rl->newest = e->older;
    e->older = e->newer = NULL;
}

static void rl_lru_push_newest(ippon_ratelimit *rl, rl_entry *e)
{
    e->older = rl->newest;
    e->newer = NULL;
    if (rl->newest)
        rl->newest->newer = e;
    else
        rl->oldest = e;
    rl->newest = e;
}

static void rl_remove(ippon_ratelimit *rl, rl_entry *e)
{
    rl_entry **link = &rl->buckets[e->hash & rl->bucket_mask];
    while (*link != e)
        link = &(*link)->chain;
    *link = e->chain;
    rl_lru_unlink(rl, e);
    rl->count--;
    free(e);
}

/* now_ms in scaled units relative to the base (set by the first call) */
static long long rl_now(ippon_ratelimit *rl, long long now_ms)
{
    if (!rl->have_base) {
        rl->have_base = 1;
        rl->base_ms = now_ms;
    }
    return (now_ms - rl->base_ms) * rl->burst;
}

/*
 * The GCRA decision for an entry whose tat is `tat` (or `now` for an unknown key): 1 and
 * the new tat in *next if allowed, else 0 and the wait in *retry_ms.
 */
static int rl_decide(const ippon_ratelimit *rl, long long tat, long long now, long long *next,
                     long long *retry_ms)
{
    long long start = tat > now ? tat : now;
    long long after = start + rl->window_ms;
    long long over = after - now - rl->burst * rl->window_ms;
    if (over <= 0) {
        *next = after;
        return 1;
    }
    if (retry_ms) {
        long long ms = (over + rl->burst - 1) / rl->burst;
        *retry_ms = ms > 0 ? ms : 1;
    }
    return 0;
}

int ippon_ratelimit_peek(ippon_ratelimit *rl, const char *key, long long now_ms,
                         long long *retry_ms)
{
    size_t len = rl_key_len(key);
    long long now = rl_now(rl, now_ms), next;
    rl_entry *e = rl_find(rl, key, len, rl_hash(rl, key, len));
    return rl_decide(rl, e ? e->tat : now, now, &next, retry_ms);
}

/* make room for one more key: drop a full bucket among the oldest few, else the oldest */
static void rl_make_room(ippon_ratelimit *rl, long long now)
{
    rl_entry *victim = rl->oldest;
    int scanned = 0;
    for (rl_entry *e = rl->oldest; e && scanned < RATELIMIT_EVICT_SCAN; e = e->newer, scanned++) {
        if (e->tat <= now) { /* full bucket: forgetting it changes nothing */
            victim = e;
            break;
        }
    }
    if (victim)
        rl_remove(rl, victim);
}

/* the entry of key, made (and made the newest) if new: NULL if out of memory */
static rl_entry *rl_entry_for(ippon_ratelimit *rl, const char *key, size_t len, uint64_t hash, long long now,
                              rl_entry *e)
{
    if (!e) {
        if (rl->count >= rl->max_keys)
            rl_make_room(rl, now);
        e = malloc(sizeof *e + len + 1);
        if (!e)
            return NULL;
        memcpy(e->key, key, len);
        e->key[len] = '\0';
        e->key_len = len;
        e->hash = hash;
        e->tat = now;
        rl_entry **head = &rl->buckets[hash & rl->bucket_mask];
        e->chain = *head;
        *head = e;
        rl->count++;
    } else {
        rl_lru_unlink(rl, e);
    }
    rl_lru_push_newest(rl, e);
    return e;
}

int ippon_ratelimit_take(ippon_ratelimit *rl, const char *key, long long now_ms,
                         long long *retry_ms)
{
    size_t len = rl_key_len(key);
    uint64_t hash = rl_hash(rl, key, len);
    long long now = rl_now(rl, now_ms), next;
    rl_entry *e = rl_find(rl, key, len, hash);
    if (!rl_decide(rl, e ? e->tat : now, now, &next, retry_ms))
        return 0;
    e = rl_entry_for(rl, key, len, hash, now, e);
    if (e)
        e->tat = next;
    return 1;
}

/* events of an entry whose tat is tat, at now: what has not leaked away, rounded up */
static long long rl_level(const ippon_ratelimit *rl, long long tat, long long now)
{
    return tat > now ? (tat - now + rl->window_ms - 1) / rl->window_ms : 0;
}

long long ippon_ratelimit_count(ippon_ratelimit *rl, const char *key, long long now_ms, long long max_level)
{
    size_t len = rl_key_len(key);
    uint64_t hash = rl_hash(rl, key, len);
    long long now = rl_now(rl, now_ms);
    if (max_level < rl->burst)
        max_level = rl->burst;
    if (max_level > IPPON_RATELIMIT_MAX_BURST)
        max_level = IPPON_RATELIMIT_MAX_BURST;
    rl_entry *e = rl_entry_for(rl, key, len, hash, now, rl_find(rl, key, len, hash));
    if (!e)
        return 0;
    long long start = e->tat > now ? e->tat : now;
    long long cap = now + max_level * rl->window_ms;
    e->tat = start + rl->window_ms < cap ? start + rl->window_ms : cap;
    return rl_level(rl, e->tat, now);
}

long long ippon_ratelimit_level(ippon_ratelimit *rl, const char *key, long long now_ms)
{
    size_t len = rl_key_len(key);
    long long now = rl_now(rl, now_ms);
    rl_entry *e = rl_find(rl, key, len, rl_hash(rl, key, len));
    return e ? rl_level(rl, e->tat, now) : 0;
}

void ippon_ratelimit_reset(ippon_ratelimit *rl, const char *key)
{
    size_t len = rl_key_len(key);
    rl_entry *e = rl_find(rl, key, len, rl_hash(rl, key, len));
    if (e)
        rl_remove(rl, e);
}

void ippon_ratelimit_give_back(ippon_ratelimit *rl, const char *key, long long now_ms)
{
    size_t len = rl_key_len(key);
    rl_entry *e = rl_find(rl, key, len, rl_hash(rl, key, len));
    if (!e)
        return;
    long long now = rl_now(rl, now_ms);
    e->tat -= rl->window_ms;
    if (e->tat <= now)
        rl_remove(rl, e); /* full again */
}
