/*
 * timer_heap.c — a min-heap of deadlines with back-pointers (timer_heap.h). items[0] is the
 * earliest; each timer's index is kept equal to its place, so set and cancel find it at once.
 */
#include "base/timer_heap.h"

#include <stdlib.h>

void ippon_timer_init(ippon_timer *t)
{
    t->due = 0;
    t->index = -1;
}

void ippon_timer_heap_free(ippon_timer_heap *h)
{
    for (int i = 0; i < h->count; i++)
        h->items[i]->index = -1;
    free(h->items);
    h->items = NULL;
    h->count = h->cap = 0;
}

bool ippon_timer_is_set(const ippon_timer *t) { return t->index >= 0; }

static void place(ippon_timer_heap *h, int i, ippon_timer *t)
{
    h->items[i] = t;
    t->index = i;
}

static void sift_up(ippon_timer_heap *h, int i)
{
    ippon_timer *t = h->items[i];
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (h->items[parent]->due <= t->due)
            break;
        place(h, i, h->items[parent]);
        i = parent;
    }
    place(h, i, t);
}

static void sift_down(ippon_timer_heap *h, int i)
{
    ippon_timer *t = h->items[i];
    for (;;) {
        int child = 2 * i + 1;
        if (child >= h->count)
            break;
        if (child + 1 < h->count && h->items[child + 1]->due < h->items[child]->due)
            child++;
        if (t->due <= h->items[child]->due)
            break;
        place(h, i, h->items[child]);
        i = child;
    }
    place(h, i, t);
}

int ippon_timer_set(ippon_timer_heap *h, ippon_timer *t, int64_t due)
{
    if (t->index >= 0) {
        int64_t was = t->due;
        t->due = due;
        if (due < was)
            sift_up(h, t->index);
        else if (due > was)
            sift_down(h, t->index);
        return 0;
    }
    if (h->count == h->cap) {
        int cap = h->cap ? 2 * h->cap : 64;
        ippon_timer **grown = realloc(h->items, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        h->items = grown;
        h->cap = cap;
    }
    t->due = due;
    place(h, h->count++, t);
    sift_up(h, t->index);
    return 0;
}

void ippon_timer_cancel(ippon_timer_heap *h, ippon_timer *t)
{
    int i = t->index;
    if (i < 0)
        return;
    t->index = -1;
    ippon_timer *last = h->items[--h->count];
    if (i == h->count)
        return;
    place(h, i, last);
    if (i > 0 && h->items[(i - 1) / 2]->due > last->due)
        sift_up(h, i);
    else
        sift_down(h, i);
}

ippon_timer *ippon_timer_first(const ippon_timer_heap *h) { return h->count ? h->items[0] : NULL; }

ippon_timer *ippon_timer_pop_due(ippon_timer_heap *h, int64_t now)
{
    ippon_timer *t = ippon_timer_first(h);
    if (!t || t->due > now)
        return NULL;
    ippon_timer_cancel(h, t);
    return t;
}
