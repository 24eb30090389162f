/*
 * strmap.c — string → pointer map (strmap.h). Keys are copied.
 */
#include "base/strmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct slot {
    char *key;   /* NULL: empty; TOMBSTONE: removed */
    void *value;
};

struct ippon_strmap {
    struct slot *slots;
    size_t cap, count, used; /* used = live + tombstones */
};

static char tombstone_mark;
#define TOMBSTONE (&tombstone_mark)

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

ippon_strmap *ippon_strmap_new(void)
{
    ippon_strmap *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cap = 64;
    m->slots = calloc(m->cap, sizeof *m->slots);
    if (!m->slots) {
        free(m);
        return NULL;
    }
    return m;
}

void ippon_strmap_free(ippon_strmap *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key && m->slots[i].key != TOMBSTONE)
            free(m->slots[i].key);
    free(m->slots);
    free(m);
}

/* the slot holding key, or the first free one on its probe path (NULL if full) */
static struct slot *find(const ippon_strmap *m, const char *key, int want_existing)
{
    size_t mask = m->cap - 1, i = hash(key) & mask;
    struct slot *first_free = NULL;
    for (size_t n = 0; n < m->cap; n++, i = (i + 1) & mask) {
        struct slot *s = &m->slots[i];
        if (!s->key)
            return want_existing ? NULL : (first_free ? first_free : s);
        if (s->key == TOMBSTONE) {
            if (!first_free)
                first_free = s;
            continue;
        }
        if (!strcmp(s->key, key))
            return s;
    }
    return want_existing ? NULL : first_free;
}

static int grow(ippon_strmap *m)
{
    struct slot *old = m->slots;
    size_t old_cap = m->cap;
    m->cap = m->count * 4 > old_cap ? old_cap * 2 : old_cap; /* rehash in place drops tombstones */
    m->slots = calloc(m->cap, sizeof *m->slots);
    if (!m->slots) {
        m->slots = old;
        m->cap = old_cap;
        return -1;
    }
    m->used = m->count;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].key && old[i].key != TOMBSTONE)
            *find(m, old[i].key, 0) = old[i];
    free(old);
    return 0;
}

int ippon_strmap_put(ippon_strmap *m, const char *key, void *value)
{
    struct slot *s = find(m, key, 1);
    if (s) {
        s->value = value;
        return 0;
    }
    if ((m->used + 1) * 2 > m->cap && grow(m) < 0)
        return -1;
    s = find(m, key, 0);
    char *copy = strdup(key);
    if (!s || !copy) {
        free(copy);
        return -1;
    }
    if (!s->key)
        m->used++;
    s->key = copy;
    s->value = value;
    m->count++;
    return 0;
}

void *ippon_strmap_get(const ippon_strmap *m, const char *key)
{
    struct slot *s = find(m, key, 1);
    return s ? s->value : NULL;
}

void *ippon_strmap_remove(ippon_strmap *m, const char *key)
{
    struct slot *s = find(m, key, 1);
    if (!s)
        return NULL;
    void *v = s->value;
    free(s->key);
    s->key = TOMBSTONE;
    s->value = NULL;
    m->count--;
    return v;
}

size_t ippon_strmap_count(const ippon_strmap *m) { return m->count; }

void ippon_strmap_each(const ippon_strmap *m, void (*fn)(void *ctx, const char *key, void *value), void *ctx)
{
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].key && m->slots[i].key != TOMBSTONE)
            fn(ctx, m->slots[i].key, m->slots[i].value);
}
