/*
 * room_limits.c — failed room joins per address and per account (see room_limits.h): two token
 * buckets of ratelimit.h, taken when an attempt starts (a refusal takes nothing) and given back
 * when it turns out not to have failed.
 */
#include "game/room_limits.h"

#include <stdlib.h>

#include "base/ratelimit.h"

#define ROOM_LIMIT_KEYS 20000 /* keys kept per limiter */

struct ippon_room_limits {
    unsigned per_address, per_account;
    ippon_ratelimit *address, *account;
};

ippon_room_limits *ippon_room_limits_new(int per_address, int per_account)
{
    if (per_address < 1 || per_account < 1 || per_address > IPPON_RATELIMIT_MAX_BURST ||
        per_account > IPPON_RATELIMIT_MAX_BURST)
        return NULL;
    ippon_room_limits *rl = calloc(1, sizeof *rl);
    if (!rl)
        return NULL;
    rl->per_address = (unsigned)per_address;
    rl->per_account = (unsigned)per_account;
    rl->address = ippon_ratelimit_create(rl->per_address, IPPON_ROOM_JOIN_WINDOW_MS, ROOM_LIMIT_KEYS);
    rl->account = ippon_ratelimit_create(rl->per_account, IPPON_ROOM_JOIN_WINDOW_MS, ROOM_LIMIT_KEYS);
    if (!rl->address || !rl->account) {
        ippon_room_limits_free(rl);
        return NULL;
    }
    return rl;
}

void ippon_room_limits_free(ippon_room_limits *rl)
{
    if (!rl)
        return;
    ippon_ratelimit_free(rl->address);
    ippon_ratelimit_free(rl->account);
    free(rl);
}

int ippon_room_limits_begin(ippon_room_limits *rl, const char *address, const char *account, long long now_ms,
                            long long *retry_ms)
{
    if (!ippon_ratelimit_take(rl->address, address, now_ms, retry_ms))
        return 0;
    if (!ippon_ratelimit_take(rl->account, account, now_ms, retry_ms)) {
        ippon_ratelimit_give_back(rl->address, address, now_ms);
        return 0;
    }
    return 1;
}

void ippon_room_limits_give_back(ippon_room_limits *rl, const char *address, const char *account, long long now_ms)
{
    ippon_ratelimit_give_back(rl->address, address, now_ms);
    ippon_ratelimit_give_back(rl->account, account, now_ms);
}

void ippon_room_limits_buckets(const ippon_room_limits *rl, const char *address, const char *account,
                               ippon_bucket out[IPPON_ROOM_JOIN_BUCKETS])
{
    out[0] = (ippon_bucket){"room_join_address", address, rl->per_address, IPPON_ROOM_JOIN_WINDOW_MS,
                            IPPON_BUCKET_TAKE, 0};
    out[1] = (ippon_bucket){"room_join_account", account, rl->per_account, IPPON_ROOM_JOIN_WINDOW_MS,
                            IPPON_BUCKET_TAKE, 0};
}
