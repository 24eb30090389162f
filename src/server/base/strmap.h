/*
 * strmap.h — a map from short strings (user ids) to pointers: open addressing with linear
 * probing, FNV-1a hashes, tombstones on removal, growing at 50 % load. The gateway uses it to
 * find a user's connection and table in constant time with thousands of players online.
 */
#ifndef IPPON_SERVER_STRMAP_H
#define IPPON_SERVER_STRMAP_H

#include <stddef.h>

typedef struct ippon_strmap ippon_strmap;

ippon_strmap *ippon_strmap_new(void);
void ippon_strmap_free(ippon_strmap *m);
/* sets key → value (replacing); returns 0 or -1 (out of memory) */
int ippon_strmap_put(ippon_strmap *m, const char *key, void *value);
/* the value, or NULL */
void *ippon_strmap_get(const ippon_strmap *m, const char *key);
/* removes key; returns its value or NULL */
void *ippon_strmap_remove(ippon_strmap *m, const char *key);
size_t ippon_strmap_count(const ippon_strmap *m);
/* calls fn(ctx, key, value) for every entry, in no order; fn must not change the map */
void ippon_strmap_each(const ippon_strmap *m, void (*fn)(void *ctx, const char *key, void *value), void *ctx);

#endif
