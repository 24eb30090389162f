/*
 * shared_buckets.c (cluster) — base/shared_buckets.h's hook on coord.h's bucket scripts: an ask
 * becomes one BUCKETS_TAKE and its reply an ippon_buckets_answer; give-backs and resets are sent
 * without waiting.
 *
 * The hook promises that done never runs before take returns, while coord answers an operation
 * it cannot send at once: such an answer is caught while sending (ask.sending) and take
 * returns -1 instead.
 */
#include "cluster/shared_buckets.h"

#include <stdlib.h>

typedef struct ask {
    ippon_buckets_done done;
    void *ctx;
    int n;
    bool sending;      /* inside ippon_coord_buckets_take */
    bool not_sent;     /* ... and answered there: it was never sent */
} ask;

static long long item_number(const ippon_coord_reply *r, size_t i)
{
    return i < r->count && r->items[i] ? atoll(r->items[i]) : -1;
}

static void ask_answered(void *ctx, const ippon_coord_reply *r)
{
    ask *a = ctx;
    if (a->sending) {
        a->not_sent = true;
        return;
    }
    ippon_buckets_answer answer = {0};
    long long first = r->ok ? item_number(r, 0) : -1;
    if (first == 0 && r->count == (size_t)a->n + 1) {
        answer.answered = true;
        for (int i = 0; i < a->n; i++)
            answer.level[i] = item_number(r, (size_t)i + 1);
    } else if (first >= 1 && first <= a->n && r->count == 2) {
        answer.answered = true;
        answer.refused = (int)first;
        answer.retry_ms = item_number(r, 1) > 0 ? item_number(r, 1) : 1;
    }
    a->done(a->ctx, &answer);
    free(a);
}

static int buckets_take(void *impl, const ippon_bucket *b, int n, ippon_buckets_done done, void *ctx)
{
    ask *a = malloc(sizeof *a);
    if (!a)
        return -1;
    *a = (ask){.done = done, .ctx = ctx, .n = n, .sending = true};
    ippon_coord_buckets_take(impl, b, n, ask_answered, a);
    a->sending = false;
    if (a->not_sent) {
        free(a);
        return -1;
    }
    return 0;
}

static void ignore(void *ctx, const ippon_coord_reply *r)
{
    (void)ctx;
    (void)r;
}

static void buckets_give_back(void *impl, const ippon_bucket *b, int n)
{
    ippon_coord_buckets_give_back(impl, b, n, ignore, NULL);
}

static void bucket_reset(void *impl, const ippon_bucket *b)
{
    ippon_coord_bucket_reset(impl, b, ignore, NULL);
}

ippon_shared_buckets ippon_cluster_shared_buckets(ippon_coord *c)
{
    return (ippon_shared_buckets){
        .take = buckets_take, .give_back = buckets_give_back, .reset = bucket_reset, .impl = c};
}
