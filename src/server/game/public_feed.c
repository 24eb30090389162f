/*
 * public_feed.c — a table's public stream for spectators (public_feed.h): an array of texts
 * that grows by doubling, numbered from `first`; when it is full it drops the oldest hands.
 */
#include "game/public_feed.h"

#include <stdlib.h>
#include <string.h>

void ippon_feed_free(ippon_public_feed *f)
{
    for (long i = 0; i < f->count; i++)
        free(f->e[i].text);
    free(f->e);
    memset(f, 0, sizeof *f);
}

long ippon_feed_next(const ippon_public_feed *f)
{
    return f->first + f->count;
}

long ippon_feed_first(const ippon_public_feed *f)
{
    return f->first;
}

/* drops entries from the front up to the next hand's start (at least one) */
static void forget_a_hand(ippon_public_feed *f)
{
    long drop = 1;
    while (drop < f->count && !f->e[drop].hand_start)
        drop++;
    for (long i = 0; i < drop; i++)
        free(f->e[i].text);
    memmove(f->e, f->e + drop, (size_t)(f->count - drop) * sizeof f->e[0]);
    f->count -= drop;
    f->first += drop;
}

bool ippon_feed_append(ippon_public_feed *f, char *text, int64_t at, bool hand_start)
{
    if (!text)
        return false;
    if (f->count == IPPON_FEED_MAX)
        forget_a_hand(f);
    if (f->count == f->cap) {
        long cap = f->cap ? 2 * f->cap : 32;
        struct feed_entry *grown = realloc(f->e, (size_t)cap * sizeof *grown);
        if (!grown) {
            free(text);
            return false;
        }
        f->e = grown;
        f->cap = cap;
    }
    f->e[f->count++] = (struct feed_entry){ text, strlen(text), at, hand_start };
    return true;
}

const struct feed_entry *ippon_feed_get(const ippon_public_feed *f, long n)
{
    return n >= f->first && n < f->first + f->count ? &f->e[n - f->first] : NULL;
}

long ippon_feed_due_end(const ippon_public_feed *f, int64_t until)
{
    long lo = 0, hi = f->count; /* entries are in time order: the first one after `until` */
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (f->e[mid].at <= until)
            lo = mid + 1;
        else
            hi = mid;
    }
    return f->first + lo;
}
