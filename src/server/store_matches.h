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

#endif
