/*
 * store_spill.h — the pending-matches file: finished matches the server could not store before
 * it had to exit (the database locked or the disk full at SIGTERM, past the writer's bounded
 * wait), kept beside the database as "<database>.pending.jsonl", one match per line (JSON:
 * store_matches.h, ippon_store_batch_dump), and read back at the next start (pending_matches.h).
 *
 * The file is replaced whole, never appended to: a new file is written and fsynced, renamed over
 * the old one, and the folder fsynced, so after a crash at any point the file is either the old
 * one or the new one, every line complete. Writing a match that is already stored again changes
 * nothing (store_matches.h), so a file that outlives some of its matches' writes is harmless.
 */
#ifndef IPPON_SERVER_STORE_SPILL_H
#define IPPON_SERVER_STORE_SPILL_H

#include <stddef.h>

#include "store/store_matches.h"

#define IPPON_SPILL_SUFFIX ".pending.jsonl"

/* the file of the database at db_path into out: 0, or -1 if it does not fit */
int ippon_spill_path(const char *db_path, char *out, size_t outlen);

/*
 * Queue the file's matches into q: how many (0 when there is no file), or -1 with err naming the
 * file, the line and the problem (nothing is changed: the file stays for the operator to look at).
 */
int ippon_spill_read(const char *path, ippon_store_batch *q, char *err, size_t errlen);

/*
 * Make the file hold exactly the matches not stored yet of the n queues qs (replacing it as said
 * above; with no such match the file is removed). How many matches it holds, or -1 with err.
 */
int ippon_spill_write(const char *path, ippon_store_batch *const *qs, int n, char *err, size_t errlen);

/* remove the file (no file is fine): 0, or -1 with err */
int ippon_spill_remove(const char *path, char *err, size_t errlen);

#endif
