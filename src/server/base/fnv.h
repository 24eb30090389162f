/*
 * fnv.h — FNV-1a, 64 bits: the cheap hash behind the REST replies' ETags (api/rest.c), the kept
 * profiles' keys (store/store_profiles.c) and the ladder's part of a profile's stamp
 * (store/store_ladder.c). Not for anything an attacker must not steer.
 */
#ifndef IPPON_SERVER_FNV_H
#define IPPON_SERVER_FNV_H

#include <stddef.h>
#include <stdint.h>

/* where a hash starts: the seed these hashes have always used (FNV's 64-bit offset basis,
   14695981039346656037, with its last digit dropped; any seed serves a cache key or a tag, and this
   one keeps the ETags the server has been sending) */
#define IPPON_FNV_OFFSET 1469598103934665603ull
#define IPPON_FNV_PRIME 1099511628211ull

/* h continued over n bytes */
static inline uint64_t ippon_fnv1a(uint64_t h, const void *bytes, size_t n)
{
    const unsigned char *b = bytes;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * IPPON_FNV_PRIME;
    return h;
}

#endif
