/*
 * pending_matches.h — the server's finished matches on their way to the database, none lost: the
 * gateway's groups (gateway_finished.c queues matches for a few milliseconds) are handed to the
 * store writer (store_writer.h: IPPON_WRITE_MATCHES, retried until stored, each written exactly
 * once); when a group is stored, the event loop's store is told (its leaderboards and kept
 * replies: ippon_store_batch_tell). What the writer could not store before the process exits is
 * kept in the pending-matches file (store_spill.h), whose matches the next start queues again and
 * which is removed once they are stored.
 *
 * Everything here runs on the event loop's thread (submissions from the gateway, completions from
 * ippon_writer_poll).
 */
#ifndef IPPON_SERVER_PENDING_MATCHES_H
#define IPPON_SERVER_PENDING_MATCHES_H

#include <stddef.h>

#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_writer.h"

typedef struct ippon_pending_matches ippon_pending_matches;

/*
 * The matches of the store st (the event loop's, told after each write) written through w, with
 * the pending-matches file at spill_path (copied). NULL if out of memory. st and w must outlive it.
 */
ippon_pending_matches *ippon_pending_matches_new(ippon_store *st, ippon_writer *w, const char *spill_path);

/* fn(ctx, match id) is told of every match once it is stored, or kept in the pending-matches file
   at exit (the running matches' journals are removed then: match_journal.h); a match written twice
   may be told twice */
void ippon_pending_matches_on_stored(ippon_pending_matches *mw, void (*fn)(void *ctx, const char *match_id),
                                     void *ctx);

/* frees what is left (after ippon_pending_matches_spill); mw may be NULL */
void ippon_pending_matches_free(ippon_pending_matches *mw);

/*
 * Hand the queue q to the writer; mw takes q in every case. 0, or -1 if the writer refused it
 * (stopping): then its matches are kept for the pending-matches file (ippon_pending_matches_spill).
 */
int ippon_pending_matches_submit(ippon_pending_matches *mw, ippon_store_batch *q);

/* matches handed over and not stored yet (those set aside for the file included) */
int ippon_pending_matches_waiting(const ippon_pending_matches *mw);

/*
 * At start (the writer running): queue the pending-matches file's matches; the file is removed
 * once they are all stored. How many were queued (0: no file), or -1 with err (a line that cannot
 * be read: start-up stops, nothing is lost).
 */
int ippon_pending_matches_resume(ippon_pending_matches *mw, char *err, size_t errlen);

/*
 * After the writer stopped (its completions have run): the matches it could not store go to the
 * pending-matches file, replacing it; with none, the file is removed. If the file cannot be
 * written (a full disk) and the disk reserve at reserve_path (disk_reserve.h; NULL: none) is
 * there, the reserve is removed and the file written again into its room. Once the file holds
 * them, the on_stored function is told of its matches too (their journals are removed: the file
 * holds what they would give). How many were kept, or -1 with err — then the matches are written
 * to standard error, one JSON line each after "ippon: unstored match: ", and their journals stay
 * (the next start stores a finished match again from its journal: match_journal.h).
 */
int ippon_pending_matches_spill(ippon_pending_matches *mw, const char *reserve_path, char *err, size_t errlen);

#endif
