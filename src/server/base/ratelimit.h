/*
 * ratelimit.h — a generic rate limiter keyed by strings: "at most `burst` events per
 * `window_ms`, per key", for login failures per account and per address today and the
 * WebSocket gateway's message rates tomorrow.
 *
 * It is a token bucket (computed as GCRA: one timestamp per key, no timers): a key starts
 * with `burst` tokens, each event spends one, and tokens come back one every
 * window_ms / burst milliseconds up to `burst` again. So "5 per 15 minutes" allows 5 at
 * once, then one more every 3 minutes.
 *
 * The clock is whatever the caller passes as now_ms (any monotonic-ish millisecond count),
 * which is what makes it testable. Memory is bounded: at most max_keys keys are kept; a
 * key whose bucket is full again is forgotten when room is needed (it is the same as a new
 * key), and when every kept key is still counting, the least recently used one is
 * evicted (so a flood of fresh keys can make the limiter forget an old one: size max_keys
 * for the traffic, and pair per-account limits with per-address ones). Keys are hashed
 * with a keyed SipHash (libsodium; call sodium_init / ippon_ids_init first), so chosen
 * keys cannot degrade the table. Not thread-safe: use from one thread (the event loop).
 */
#ifndef IPPON_SERVER_RATELIMIT_H
#define IPPON_SERVER_RATELIMIT_H

#include <stddef.h>

typedef struct ippon_ratelimit ippon_ratelimit;

#define IPPON_RATELIMIT_MAX_BURST 1000000
#define IPPON_RATELIMIT_MAX_KEY 255 /* longer keys are cut to this many bytes */

/*
 * A limiter allowing burst events per window_ms for each key (1 <= burst <=
 * IPPON_RATELIMIT_MAX_BURST, 1 <= window_ms <= 10^9), keeping at most max_keys keys
 * (>= 1). NULL if out of memory or the arguments are out of range.
 */
ippon_ratelimit *ippon_ratelimit_create(unsigned burst, long long window_ms, size_t max_keys);
void ippon_ratelimit_free(ippon_ratelimit *rl);

/*
 * Would one more event for key be allowed at now_ms? 1 if yes; 0 if not, and then
 * *retry_ms (if not NULL) is how long until it would be (>= 1). Counts nothing.
 */
int ippon_ratelimit_peek(ippon_ratelimit *rl, const char *key, long long now_ms,
                         long long *retry_ms);

/*
 * Count one event for key at now_ms if it is allowed: 1 if it was (and is now counted);
 * 0 if not (nothing is counted), with *retry_ms as for peek. Returns 1 without counting
 * if the key cannot be stored (out of memory): a limiter fails open.
 */
int ippon_ratelimit_take(ippon_ratelimit *rl, const char *key, long long now_ms,
                         long long *retry_ms);

/*
 * Count one event for key at now_ms whether or not take would allow it: the bucket then works
 * as a leaky bucket that holds up to max_level events (at least burst, at most
 * IPPON_RATELIMIT_MAX_BURST; more events leave it at max_level), one leaking away every
 * window_ms / burst. Returns the events it holds now, this one included (0: out of memory,
 * nothing counted). For counting failures past a limit without refusing (login_limits.h).
 */
long long ippon_ratelimit_count(ippon_ratelimit *rl, const char *key, long long now_ms, long long max_level);

/* the events key's bucket holds at now_ms, rounded up (0 for a key not kept) */
long long ippon_ratelimit_level(ippon_ratelimit *rl, const char *key, long long now_ms);

/*
 * Undo one counted event for key (for an attempt counted when it started that turned out
 * not to count, such as a login that succeeded). Does nothing for an unknown key.
 */
void ippon_ratelimit_give_back(ippon_ratelimit *rl, const char *key, long long now_ms);

/* forget key: its bucket is full again (after a successful login, for example) */
void ippon_ratelimit_reset(ippon_ratelimit *rl, const char *key);

/* how many keys are kept now (for tests and metrics) */
size_t ippon_ratelimit_size(const ippon_ratelimit *rl);

#endif
