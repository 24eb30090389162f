/*
 * login_limits.h — how failed password attempts (logins, and the current password of a password
 * change) are limited, so that guessing is slow while a stranger cannot lock an owner out.
 *
 * Three counts, each per 15 minutes, in memory (ratelimit.h; they restart empty with the
 * process, and a failure costs no database write):
 *   - per (account, address): after per_account_address failures, that address gets 429 (with
 *     Retry-After) for that account;
 *   - per address: after per_address failures, whatever the accounts, that address gets 429;
 *   - per account, across every address: never a refusal. Once slow_after failures have been
 *     counted, every attempt on the account — from any address, the right password included —
 *     waits before it is checked: delay_base_ms × 2^(failures − slow_after), at most
 *     delay_max_ms (ippon_login_delay_ms). So distributed guessing is slowed, and the owner,
 *     from an address that has not been failing, still signs in after at most delay_max_ms.
 * The account's count leaks away at slow_after per 15 minutes (and stops growing at
 * slow_after + 32), so the delays end a while after the guessing does.
 *
 * An attempt counts as a failure in all three when it starts (so parallel guesses cannot
 * overrun a limit), and is given back when it ends otherwise: a success gives back all three
 * (and forgets the (account, address) count); an attempt that never got its answer (the server
 * was busy, the database failed) gives back all three. Accounts are keyed by the username as
 * tried, lowercased, whether or not it exists (so the delays tell nothing about which names
 * exist); addresses as auth.h keys them. Not thread-safe: the event loop's.
 */
#ifndef IPPON_SERVER_LOGIN_LIMITS_H
#define IPPON_SERVER_LOGIN_LIMITS_H

#include <stddef.h>

#include "base/shared_buckets.h"

typedef struct ippon_login_limits ippon_login_limits;

typedef struct ippon_login_limits_config {
    int per_address;         /* failures per address per 15 min before 429 (config login_fails_per_address) */
    int per_account_address; /* per (account, address) (login_fails_per_account_address) */
    int slow_after;          /* per account, before every attempt on it waits (login_fails_per_account) */
    int delay_base_ms;       /* the first wait (login_delay_base_ms) */
    int delay_max_ms;        /* the longest (login_delay_max_ms) */
} ippon_login_limits_config;

#define IPPON_LOGIN_WINDOW_MS (15LL * 60 * 1000)

/* how an attempt ended */
typedef enum ippon_login_outcome {
    IPPON_LOGIN_FAILED,      /* a wrong password: stays counted */
    IPPON_LOGIN_SUCCEEDED,   /* the right one: given back, the (account, address) count forgotten */
    IPPON_LOGIN_NOT_COUNTED, /* no answer (busy, an error): given back */
} ippon_login_outcome;

/*
 * The wait before an attempt on an account with `failures` counted failures:
 * 0 below slow_after, else base_ms × 2^(failures − slow_after), at most max_ms.
 */
long long ippon_login_delay_ms(long long failures, int slow_after, int base_ms, int max_ms);

/* NULL if out of memory or a number is out of range (each >= 1, base <= max) */
ippon_login_limits *ippon_login_limits_new(const ippon_login_limits_config *cfg);
void ippon_login_limits_free(ippon_login_limits *ll);

/*
 * An attempt on account (the limiter key of the username) from address (its key) starts at
 * now_ms. 1: admitted and counted, and *delay_ms is how long to hold it before checking the
 * password (0: none). 0: refused (429), nothing counted, *retry_ms until it would be admitted;
 * *per_address says whether the address as a whole is over its limit (else the pair is).
 */
int ippon_login_limits_begin(ippon_login_limits *ll, const char *account, const char *address, long long now_ms,
                             long long *delay_ms, long long *retry_ms, int *per_address);

/* the attempt that began with the same keys ended so (see above) */
void ippon_login_limits_end(ippon_login_limits *ll, const char *account, const char *address, long long now_ms,
                            ippon_login_outcome outcome);

/*
 * The same three counts across a cluster (base/shared_buckets.h): an attempt admitted here is
 * asked of the shared buckets too, and refused if the cluster's counts refuse it.
 */
#define IPPON_LOGIN_BUCKETS 3

/*
 * The shared buckets of an attempt: the address's and the pair's (TAKE), the account's (COUNT),
 * as the three counts above. The pair's key is written into pair (pair_cap bytes; the buckets
 * point into it and at account and address).
 */
void ippon_login_limits_buckets(const ippon_login_limits *ll, const char *account, const char *address, char *pair,
                                size_t pair_cap, ippon_bucket out[IPPON_LOGIN_BUCKETS]);

/*
 * The shared buckets' answer to those: 1 if admitted, with *delay_ms the wait the account's
 * shared count calls for (0 when unanswered: the node's own limits stand alone); 0 if refused,
 * with *retry_ms and *per_address as for ippon_login_limits_begin.
 */
int ippon_login_limits_verdict(const ippon_login_limits *ll, const ippon_buckets_answer *a, long long *delay_ms,
                               long long *retry_ms, int *per_address);

/* an attempt counted in the shared buckets (an answered, admitted verdict) ended so: told to shared */
void ippon_login_limits_shared_end(const ippon_login_limits *ll, const ippon_shared_buckets *shared,
                                   const char *account, const char *address, ippon_login_outcome outcome);

#endif
