/*
 * conn_count.c — open connections per client address (conn_count.h): a string map from the
 * address to its count, stored in the value pointer itself; an address whose count drops to
 * zero is removed, so the map holds only addresses with connections open.
 */
#include "base/conn_count.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/strmap.h"

struct ippon_conn_count {
    ippon_strmap *open; /* address → open connections (as an integer) */
};

ippon_conn_count *ippon_conn_count_new(void)
{
    ippon_conn_count *cc = calloc(1, sizeof *cc);
    if (cc && !(cc->open = ippon_strmap_new())) {
        free(cc);
        cc = NULL;
    }
    return cc;
}

void ippon_conn_count_free(ippon_conn_count *cc)
{
    if (!cc)
        return;
    ippon_strmap_free(cc->open);
    free(cc);
}

int ippon_conn_count_get(const ippon_conn_count *cc, const char *addr)
{
    return (int)(intptr_t)ippon_strmap_get(cc->open, addr);
}

int ippon_conn_count_take(ippon_conn_count *cc, const char *addr, int cap)
{
    intptr_t n = (intptr_t)ippon_strmap_get(cc->open, addr);
    if (n >= cap)
        return 1;
    return ippon_strmap_put(cc->open, addr, (void *)(n + 1)) == 0 ? 0 : -1;
}

void ippon_conn_count_give(ippon_conn_count *cc, const char *addr)
{
    intptr_t n = (intptr_t)ippon_strmap_get(cc->open, addr) - 1;
    if (n <= 0)
        ippon_strmap_remove(cc->open, addr);
    else
        ippon_strmap_put(cc->open, addr, (void *)n); /* replaces an existing key: no allocation */
}
