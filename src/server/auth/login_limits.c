/*
 * login_limits.c — failed password attempts: refusals per address and per (account, address),
 * a growing wait per account (see login_limits.h).
 *
 * How it works: three limiters of ratelimit.h over 15 minutes. The address and the pair are
 * token buckets taken when an attempt starts (a refusal takes nothing). The account is a leaky
 * bucket counted with ippon_ratelimit_count, which never refuses: its level before the attempt
 * is the number of failures the delay is computed from. Pair keys are "account|address".
 */
#include "auth/login_limits.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/ratelimit.h"

#define LOGIN_KEYS 20000       /* keys kept per limiter */
#define LOGIN_LEVEL_ROOM 32    /* the account's count stops this far past slow_after */
#define LOGIN_KEY_LEN (2 * (IPPON_RATELIMIT_MAX_KEY + 1))

struct ippon_login_limits {
    ippon_login_limits_config cfg;
    ippon_ratelimit *address, *pair, *account;
};

long long ippon_login_delay_ms(long long failures, int slow_after, int base_ms, int max_ms)
{
    if (failures < slow_after)
        return 0;
    long long doublings = failures - slow_after;
    long long delay = base_ms;
    while (doublings-- > 0 && delay < max_ms)
        delay *= 2;
    return delay < max_ms ? delay : max_ms;
}

ippon_login_limits *ippon_login_limits_new(const ippon_login_limits_config *cfg)
{
    if (cfg->per_address < 1 || cfg->per_account_address < 1 || cfg->slow_after < 1 || cfg->delay_base_ms < 1 ||
        cfg->delay_max_ms < cfg->delay_base_ms || cfg->per_address > IPPON_RATELIMIT_MAX_BURST ||
        cfg->per_account_address > IPPON_RATELIMIT_MAX_BURST || cfg->slow_after > IPPON_RATELIMIT_MAX_BURST)
        return NULL;
    ippon_login_limits *ll = calloc(1, sizeof *ll);
    if (!ll)
        return NULL;
    ll->cfg = *cfg;
    ll->address = ippon_ratelimit_create((unsigned)cfg->per_address, IPPON_LOGIN_WINDOW_MS, LOGIN_KEYS);
    ll->pair = ippon_ratelimit_create((unsigned)cfg->per_account_address, IPPON_LOGIN_WINDOW_MS, LOGIN_KEYS);
    ll->account = ippon_ratelimit_create((unsigned)cfg->slow_after, IPPON_LOGIN_WINDOW_MS, LOGIN_KEYS);
    if (!ll->address || !ll->pair || !ll->account) {
        ippon_login_limits_free(ll);
        return NULL;
    }
    return ll;
}

void ippon_login_limits_free(ippon_login_limits *ll)
{
    if (!ll)
        return;
    ippon_ratelimit_free(ll->address);
    ippon_ratelimit_free(ll->pair);
    ippon_ratelimit_free(ll->account);
    free(ll);
}

static void pair_key(const char *account, const char *address, char *out, size_t outlen)
{
    snprintf(out, outlen, "%s|%s", account, address);
}

int ippon_login_limits_begin(ippon_login_limits *ll, const char *account, const char *address, long long now_ms,
                             long long *delay_ms, long long *retry_ms, int *per_address)
{
    char pair[LOGIN_KEY_LEN];
    pair_key(account, address, pair, sizeof pair);
    *delay_ms = 0;
    *per_address = 0;
    if (!ippon_ratelimit_take(ll->address, address, now_ms, retry_ms)) {
        *per_address = 1;
        return 0;
    }
    if (!ippon_ratelimit_take(ll->pair, pair, now_ms, retry_ms)) {
        ippon_ratelimit_give_back(ll->address, address, now_ms);
        return 0;
    }
    long long failures = ippon_ratelimit_level(ll->account, account, now_ms);
    ippon_ratelimit_count(ll->account, account, now_ms, (long long)ll->cfg.slow_after + LOGIN_LEVEL_ROOM);
    *delay_ms = ippon_login_delay_ms(failures, ll->cfg.slow_after, ll->cfg.delay_base_ms, ll->cfg.delay_max_ms);
    return 1;
}

void ippon_login_limits_end(ippon_login_limits *ll, const char *account, const char *address, long long now_ms,
                            ippon_login_outcome outcome)
{
    if (outcome == IPPON_LOGIN_FAILED)
        return;
    char pair[LOGIN_KEY_LEN];
    pair_key(account, address, pair, sizeof pair);
    ippon_ratelimit_give_back(ll->address, address, now_ms);
    ippon_ratelimit_give_back(ll->account, account, now_ms);
    if (outcome == IPPON_LOGIN_SUCCEEDED)
        ippon_ratelimit_reset(ll->pair, pair);
    else
        ippon_ratelimit_give_back(ll->pair, pair, now_ms);
}

/* ---- the cluster's shared buckets ---- */

enum { BUCKET_ADDRESS, BUCKET_PAIR, BUCKET_ACCOUNT };

void ippon_login_limits_buckets(const ippon_login_limits *ll, const char *account, const char *address, char *pair,
                                size_t pair_cap, ippon_bucket out[IPPON_LOGIN_BUCKETS])
{
    pair_key(account, address, pair, pair_cap);
    out[BUCKET_ADDRESS] = (ippon_bucket){"login_address", address, (unsigned)ll->cfg.per_address,
                                         IPPON_LOGIN_WINDOW_MS, IPPON_BUCKET_TAKE, 0};
    out[BUCKET_PAIR] = (ippon_bucket){"login_pair", pair, (unsigned)ll->cfg.per_account_address, IPPON_LOGIN_WINDOW_MS,
                                      IPPON_BUCKET_TAKE, 0};
    out[BUCKET_ACCOUNT] = (ippon_bucket){"login_account", account, (unsigned)ll->cfg.slow_after, IPPON_LOGIN_WINDOW_MS,
                                         IPPON_BUCKET_COUNT, (long long)ll->cfg.slow_after + LOGIN_LEVEL_ROOM};
}

int ippon_login_limits_verdict(const ippon_login_limits *ll, const ippon_buckets_answer *a, long long *delay_ms,
                               long long *retry_ms, int *per_address)
{
    *delay_ms = 0;
    *per_address = 0;
    if (!a->answered)
        return 1;
    if (a->refused) {
        *retry_ms = a->retry_ms;
        *per_address = a->refused == 1 + BUCKET_ADDRESS;
        return 0;
    }
    *delay_ms = ippon_login_delay_ms(a->level[BUCKET_ACCOUNT], ll->cfg.slow_after, ll->cfg.delay_base_ms,
                                     ll->cfg.delay_max_ms);
    return 1;
}

void ippon_login_limits_shared_end(const ippon_login_limits *ll, const ippon_shared_buckets *shared,
                                   const char *account, const char *address, ippon_login_outcome outcome)
{
    if (outcome == IPPON_LOGIN_FAILED)
        return;
    char pair[LOGIN_KEY_LEN];
    ippon_bucket b[IPPON_LOGIN_BUCKETS];
    ippon_login_limits_buckets(ll, account, address, pair, sizeof pair, b);
    if (outcome == IPPON_LOGIN_SUCCEEDED) {
        shared->give_back(shared->impl, (ippon_bucket[]){b[BUCKET_ADDRESS], b[BUCKET_ACCOUNT]}, 2);
        shared->reset(shared->impl, &b[BUCKET_PAIR]);
    } else {
        shared->give_back(shared->impl, b, IPPON_LOGIN_BUCKETS);
    }
}
