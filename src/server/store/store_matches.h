/*
 * store_matches.h — finished matches in the store: written once, in one transaction, when a
 * table ends (players, final points, results, seeds, the action log and the wins), and what the
 * rankings derive from each (who won, who dealt in). Part of the store module: only
 * store_matches.c knows SQL.
 *
 * A match is written exactly once whatever happens around the write: its id makes every write
 * idempotent (the match row is INSERT OR IGNORE, and its players are inserted only with it), so a
 * write tried again after a failure — even one whose COMMIT did reach the disk — or a match
 * written twice (read back from the pending-matches file, store_spill.h) adds no row and counts
 * no result twice.
 */
#ifndef IPPON_SERVER_STORE_MATCHES_H
#define IPPON_SERVER_STORE_MATCHES_H

#include <stdio.h>

#include "store/store.h"
#include "store/stored_match.h"

/*
 * Writes a finished match (its id makes this idempotent: a second write of the same id changes
 * nothing). Everything or nothing: a failure rolls back and says why in err. 0 or -1.
 */
int ippon_store_save_match(ippon_store *st, const ippon_stored_match *rec, char *err, size_t errlen);

/*
 * Writes n finished matches in one transaction, each as ippon_store_save_match would (a bulk
 * import: the benchmark fills its database through this). Everything or nothing. 0 or -1.
 */
int ippon_store_save_matches(ippon_store *st, const ippon_stored_match *const *recs, int n, char *err,
                             size_t errlen);

/*
 * Group commit: finished matches queued as they end, then written together in one transaction
 * (each match whole or absent after a crash, as if written alone). The queue holds copies: the
 * record and its table may be freed once ippon_store_batch_add returns.
 *
 * The server queues on its event loop and writes on the store writer's thread (pending_matches.h):
 * ippon_store_batch_store on the writer's connection, then ippon_store_batch_tell
 * on the loop's, which brings that store's leaderboards and kept replies up to date. A queue is
 * used by one thread at a time.
 */
typedef struct ippon_store_batch ippon_store_batch;

ippon_store_batch *ippon_store_batch_new(void); /* NULL: out of memory */
void ippon_store_batch_free(ippon_store_batch *q); /* drops what is still queued */
int ippon_store_batch_count(const ippon_store_batch *q);
/* queues a copy of a finished match: the number now queued, or -1 (incomplete record, out of
   memory: said in err, nothing queued) */
int ippon_store_batch_add(ippon_store_batch *q, const ippon_stored_match *rec, char *err, size_t errlen);
/* how many of the queued matches are not stored yet */
int ippon_store_batch_unstored(const ippon_store_batch *q);
/* calls fn with the id of every queued match that is stored by now (stored true), or not yet (false) */
void ippon_store_batch_each(const ippon_store_batch *q, bool stored, void (*fn)(void *ctx, const char *match_id),
                            void *ctx);

/*
 * What the store writer runs for a queue (pending_matches.h): the group in one transaction, and if
 * the database refused the group itself (not its state: store_writer.h), each match in its own.
 * 0 when every match is stored, else -1 with the store's last failure noted (the writer's retry
 * depends on its class).
 */
int ippon_store_batch_store(ippon_store *st, ippon_store_batch *q, char *err, size_t errlen);

/*
 * After the writes (on the thread that uses st): tells st's in-memory leaderboards and kept
 * replies what the queue's writes changed — in place when one transaction wrote them all, else
 * by making them load again.
 */
void ippon_store_batch_tell(ippon_store *st, ippon_store_batch *q);

/*
 * Writes every queued match in one transaction and empties the queue (all on st: write, write
 * each alone if the group failed, tell). Returns how many matches were not stored (0: all were;
 * err then says why the last of them failed).
 */
int ippon_store_write_batch(ippon_store *st, ippon_store_batch *q, char *err, size_t errlen);

/*
 * The pending-matches file's lines (store_spill.h): each match of q not stored yet as one line of
 * JSON ending in '\n', after prefix (the file's: ""), written to f. The number written, or -1 if
 * f failed.
 */
int ippon_store_batch_dump(const ippon_store_batch *q, FILE *f, const char *prefix);

/* queues the match of one such line: as ippon_store_batch_add, err naming what is wrong */
int ippon_store_batch_add_line(ippon_store_batch *q, const char *line, char *err, size_t errlen);

#endif
