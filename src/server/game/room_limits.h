/*
 * room_limits.h — how room codes that lead nowhere are limited, so that guessing the code of
 * somebody's private table (rooms.h) is hopeless while a friend who mistypes one a few times is
 * never bothered.
 *
 * Two token buckets over IPPON_ROOM_JOIN_WINDOW_MS (10 minutes), in memory (ratelimit.h):
 *   - per client address: per_address failed joins at once (config room_join_fails_per_address),
 *     then one more every window / per_address;
 *   - per account (the user id, a guest's too): per_account likewise
 *     (room_join_fails_per_account).
 * A room_join is an attempt: it is counted in both when it starts (so joins asked in parallel,
 * whose answers come later in a cluster, cannot overrun a limit) and refused — whatever its code,
 * the right one included, so a refusal tells nothing about the code — when either bucket is
 * empty, with the time until it would be admitted. An attempt whose code named an open room
 * (joined, or refused for another reason: full, already in a room) or that never looked at its
 * code (the player left, the cluster could not answer) is given back: only codes that lead
 * nowhere stay counted.
 *
 * In a cluster the same two buckets are also counted across the nodes (base/shared_buckets.h):
 * an attempt this node admits is asked of the shared ones too, and refused if they refuse it.
 * Not thread-safe: the event loop's.
 */
#ifndef IPPON_SERVER_ROOM_LIMITS_H
#define IPPON_SERVER_ROOM_LIMITS_H

#include "base/shared_buckets.h"

typedef struct ippon_room_limits ippon_room_limits;

#define IPPON_ROOM_JOIN_WINDOW_MS (10LL * 60 * 1000)
#define IPPON_ROOM_JOIN_BUCKETS 2

/* NULL if out of memory or a limit is out of range (1..IPPON_RATELIMIT_MAX_BURST) */
ippon_room_limits *ippon_room_limits_new(int per_address, int per_account);
void ippon_room_limits_free(ippon_room_limits *rl);

/*
 * A room_join from address (its limiter key: ippon_auth_address_key) by account starts at
 * now_ms. 1: admitted and counted. 0: refused, nothing counted, *retry_ms until it would be
 * admitted (>= 1).
 */
int ippon_room_limits_begin(ippon_room_limits *rl, const char *address, const char *account, long long now_ms,
                            long long *retry_ms);

/* an admitted attempt did not fail (see above): given back */
void ippon_room_limits_give_back(ippon_room_limits *rl, const char *address, const char *account, long long now_ms);

/* the shared buckets of an attempt (TAKE: the address's, then the account's); they point at address
   and account */
void ippon_room_limits_buckets(const ippon_room_limits *rl, const char *address, const char *account,
                               ippon_bucket out[IPPON_ROOM_JOIN_BUCKETS]);

#endif
