/*
 * rating_replay.h — replaying the rated matches of a mode in seq order through the same step as
 * the match write (rating_writes.h: ippon_rating_step): after a void (from the voided match on,
 * each player starting from its last history row before it) and for `ippon admin ratings
 * --recompute` (every match, everyone from the initial standing). A replay compares what it
 * computes with the stored history rows and ratings rows (exact double comparison) and, when
 * asked to write, rewrites only those that differ. Runs inside the caller's transaction.
 */
#ifndef IPPON_SERVER_RATING_REPLAY_H
#define IPPON_SERVER_RATING_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "base/mode.h"
#include "store/store.h"
#include "store/store_admin.h"

/* what a replay found */
typedef struct ippon_replay_report {
    long matches;       /* rated matches replayed */
    long players;       /* players whose standing was replayed */
    long players_differ; /* ... whose ratings row differed from the replay (or was missing / extra) */
    long rows_differ;   /* history rows that differed (or were missing) */
} ippon_replay_report;

/*
 * Replays the rated matches of mode with seq ≥ from_seq, each player starting from its last
 * rating_history row of the mode before from_seq (the initial standing if none), the extra
 * players' standings too (the humans of a match just voided: their ratings go back even if they
 * played nothing later). write: rewrite what differs (a player left with no game loses its ratings
 * row); else only count. Adds to *report. 0, or -1 (noted).
 */
int ippon_rating_replay(ippon_store *st, ippon_mode mode, int64_t from_seq, const char *const *extra, int n_extra,
                        bool write, ippon_replay_report *report);

/*
 * Inside the caller's transaction, after match_id was voided: if it was rated, its rated_matches
 * row and history go and the later matches of its mode are replayed (written). PostgreSQL: takes
 * rated_matches EXCLUSIVE first, so no match is rated meanwhile. 0, or -1 (noted).
 */
int ippon_rating_void(ippon_store *st, const char *match_id);

/*
 * `ippon admin ratings --recompute`: every rated match of the modes asked (modes[m] true), replayed
 * from initial standings in one transaction; written unless check. On a write that changed
 * anything rank_version moves, so a running server's kept replies are made again; audit (if not
 * NULL) is written in the same transaction. check reads from one snapshot and writes nothing (no
 * audit row). SQLite: a write holds the database's write lock for the whole recompute (one
 * transaction: a running server's match writes wait, up to its busy timeout, then its writer
 * retries them). 0, or -1 (noted).
 */
int ippon_store_ratings_recompute(ippon_store *st, const bool modes[IPPON_MODES], bool check,
                                  const ippon_audit *audit, ippon_replay_report *report);

#endif
