/*
 * store_queue_stats.h — the ranked queue's statistics as stored (migrations/0014_queue_stats.sql):
 * how the queue formed each ranked table (its humans' rating spread, each human's wait), written
 * with the match, and the admin area's summary of them per mode and day. Part of the store
 * module: only store_queue_stats.c knows this SQL.
 */
#ifndef IPPON_SERVER_STORE_QUEUE_STATS_H
#define IPPON_SERVER_STORE_QUEUE_STATS_H

#include <jansson.h>
#include <stdint.h>

#include "store/store.h"
#include "store/stored_match.h"

/*
 * Records how the queue formed rec's table (rec->queue; nothing when it was not formed by the
 * queue) on the rows of a match just inserted, inside the caller's transaction: 0, or -1 (the
 * failure noted on st).
 */
int ippon_store_queue_record(ippon_store *st, const ippon_stored_match *rec);

/* a formed match's queue record as it travels in the pending-matches file (store_spill.h):
   {"spread": s, "wait_ms": [w or null per seat]} (new reference; NULL if out of memory) */
json_t *ippon_match_queue_json(const ippon_match_queue *q, int players);
/* ... and back: *out from v (not formed when v is not such an object) */
void ippon_match_queue_read(const json_t *v, int players, ippon_match_queue *out);

/* one mode's day: its ranked tables formed by the queue, the median of their spreads and the
   median of their humans' waits (the mean of the two middle values for an even count) */
typedef struct ippon_queue_day {
    char mode[4];      /* "4p", "3p" */
    char day[11];      /* YYYY-MM-DD (UTC) the table formed */
    int64_t tables;
    double median_spread;
    double median_wait_ms;
} ippon_queue_day;

/*
 * The days of the tables formed at or after since_ms (unix ms), newest day first and 4p before
 * 3p within a day, into *out (malloc'd; free it): how many, or -1 (the failure noted on st).
 */
int ippon_store_queue_days(ippon_store *st, int64_t since_ms, ippon_queue_day **out);

#endif
