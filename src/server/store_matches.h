/*
 * store_matches.h — finished matches in the store: written once, in one transaction, when a
 * table ends (players, final points, results, seeds, the action log and the wins), and what the
 * rankings derive from each (who won, who dealt in). Part of the store module: only
 * store_matches.c knows SQL.
 */
#ifndef IPPON_SERVER_STORE_MATCHES_H
#define IPPON_SERVER_STORE_MATCHES_H

#include <stddef.h>

#include "store.h"
#include "table.h"

/*
 * Writes a finished match (its id makes this idempotent: a second write of the same id changes
 * nothing). Everything or nothing: a failure rolls back and says why in err. 0 or -1.
 */
int ippon_store_save_match(ippon_store *st, const ippon_table_record *rec, char *err, size_t errlen);

/*
 * Writes n finished matches in one transaction, each as ippon_store_save_match would (a bulk
 * import: the benchmark fills its database through this). Everything or nothing. 0 or -1.
 */
int ippon_store_save_matches(ippon_store *st, const ippon_table_record *const *recs, int n, char *err,
                             size_t errlen);

/*
 * Group commit: finished matches queued as they end, then written together in one transaction
 * (each match whole or absent after a crash, as if written alone). The queue holds copies: the
 * record and its table may be freed once ippon_match_queue_add returns.
 */
typedef struct ippon_match_queue ippon_match_queue;

ippon_match_queue *ippon_match_queue_new(void); /* NULL: out of memory */
void ippon_match_queue_free(ippon_match_queue *q); /* drops what is still queued */
int ippon_match_queue_count(const ippon_match_queue *q);
/* queues a copy of a finished match: the number now queued, or -1 (incomplete record, out of
   memory: said in err, nothing queued) */
int ippon_match_queue_add(ippon_match_queue *q, const ippon_table_record *rec, char *err, size_t errlen);
/*
 * Writes every queued match in one transaction and empties the queue. If that transaction
 * fails, each match is tried alone. Returns how many matches were not stored (0: all were; err
 * then says why the last of them failed).
 */
int ippon_store_write_queue(ippon_store *st, ippon_match_queue *q, char *err, size_t errlen);

#endif
