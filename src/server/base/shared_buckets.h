/*
 * shared_buckets.h — token buckets that every node of a cluster counts into, as a hook: the
 * auth layer asks through it without knowing where the buckets are kept. In cluster mode main.c
 * sets it to Redis's (cluster/shared_buckets.h); without a cluster there is none, and the node's
 * own buckets (ratelimit.h) are the only ones.
 *
 * A bucket is the same GCRA as ratelimit.h — burst events at once, one more every
 * window_ms / burst — named by its limit ("guests", "login_address"...) and keyed by whose it
 * is (an address key, an account key). TAKE buckets refuse an event past the burst; COUNT
 * buckets never refuse and hold at most max_level events (ippon_ratelimit_count). One ask
 * covers up to IPPON_BUCKETS_MAX buckets and is all or nothing: if every TAKE bucket allows the
 * event it is counted in all of them, else in none.
 *
 * The shared buckets sit beside the node's own, not instead of them: the caller counts in its
 * own first (the node's events are a part of the cluster's, so a refusal there is a refusal) and
 * asks here second; when the shared store does not answer, the node's own limits are what is
 * left (a limiter fails open). Single-threaded: the event loop's.
 */
#ifndef IPPON_SERVER_SHARED_BUCKETS_H
#define IPPON_SERVER_SHARED_BUCKETS_H

#include <stdbool.h>

#define IPPON_BUCKETS_MAX 4

typedef enum ippon_bucket_kind { IPPON_BUCKET_TAKE, IPPON_BUCKET_COUNT } ippon_bucket_kind;

typedef struct ippon_bucket {
    const char *name;   /* the limit: letters, digits and '_' */
    const char *key;    /* whose (at most IPPON_RATELIMIT_MAX_KEY bytes of it count) */
    unsigned burst;     /* 1..IPPON_RATELIMIT_MAX_BURST */
    long long window_ms;
    ippon_bucket_kind kind;
    long long max_level; /* COUNT: at least burst */
} ippon_bucket;

typedef struct ippon_buckets_answer {
    bool answered;      /* false: no answer (the store is away, or too slow): nothing is known */
    int refused;        /* 0: counted in every bucket; else 1 + the index of a TAKE bucket that refused */
    long long retry_ms; /* refused: how long until it would allow the event (>= 1) */
    long long level[IPPON_BUCKETS_MAX]; /* counted: each bucket's events before this one */
} ippon_buckets_answer;

typedef void (*ippon_buckets_done)(void *ctx, const ippon_buckets_answer *answer);

typedef struct ippon_shared_buckets {
    /*
     * Ask to count one event in b[0..n) (1 <= n <= IPPON_BUCKETS_MAX). 0: asked, and done is
     * called exactly once, later (never before take returns), with answered false if the store
     * went away first; -1: not asked (the store is away now), done is never called.
     */
    int (*take)(void *impl, const ippon_bucket *b, int n, ippon_buckets_done done, void *ctx);
    /* undo one counted event in each of b[0..n) (nothing for a bucket that is full); unanswered */
    void (*give_back)(void *impl, const ippon_bucket *b, int n);
    /* forget b: its bucket is full again; unanswered */
    void (*reset)(void *impl, const ippon_bucket *b);
    void *impl;
} ippon_shared_buckets;

#endif
