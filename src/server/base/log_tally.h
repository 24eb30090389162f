/*
 * log_tally.h — events counted per key for the log, so that a flood of them makes one summary
 * line per key and period instead of a line per event (the gateway's failed room joins: "address
 * X: N failed room joins in the last minute").
 *
 * A key's period starts at its first event; once it is over, ippon_log_tally_report hands the
 * key's counts to the caller (who writes the line) and forgets the key, so its next event starts
 * a new period. Each event is of one of IPPON_LOG_TALLY_KINDS kinds, counted apart (failed, and
 * refused by a limit, say). Memory is bounded: past max_keys keys, the events of new keys are
 * counted together under the key "" (reported as the other keys'). Single-threaded.
 */
#ifndef IPPON_SERVER_LOG_TALLY_H
#define IPPON_SERVER_LOG_TALLY_H

#include <stdbool.h>
#include <stddef.h>

#define IPPON_LOG_TALLY_KINDS 2

typedef struct ippon_log_tally ippon_log_tally;

/* a tally of periods of period_ms (>= 1) over at most max_keys keys (>= 1); NULL if out of memory */
ippon_log_tally *ippon_log_tally_new(long long period_ms, size_t max_keys);
/* frees it without reporting (report with all first) */
void ippon_log_tally_free(ippon_log_tally *t);

/* one event of kind (0..IPPON_LOG_TALLY_KINDS-1) for key at now_ms (dropped if out of memory) */
void ippon_log_tally_add(ippon_log_tally *t, const char *key, int kind, long long now_ms);

/* a key's counts: key is "" for the keys past max_keys together */
typedef void (*ippon_log_tally_fn)(void *ctx, const char *key, const long long counts[IPPON_LOG_TALLY_KINDS]);

/* fn for every key whose period is over at now_ms (every key, when all), then forgotten */
void ippon_log_tally_report(ippon_log_tally *t, long long now_ms, bool all, ippon_log_tally_fn fn, void *ctx);

/* the keys kept now */
size_t ippon_log_tally_size(const ippon_log_tally *t);

#endif
