/*
 * season_writes.h — the season_totals table (migrations/0013_season_totals.sql) kept right: a
 * counted game added to its player's season in the transaction that stores the match, the
 * seasons of a voided match's players counted again in the void's transaction, and the whole
 * table counted again from the stored matches at start-up when the seasons' length in use
 * (season_basis.months) is not the configuration's season_months (or was never counted).
 *
 * Which season: that of the match's ended_at with season_basis.months (base/season.h); read once
 * per write transaction (PostgreSQL: FOR SHARE, so a node counting the table again at its start,
 * which takes season_basis EXCLUSIVE, never interleaves with another node's match writes). No
 * basis row: the table is not counted yet and a write leaves it alone (the start-up count adds
 * every stored match). Part of the store module: only season_writes.c writes this table.
 */
#ifndef IPPON_SERVER_SEASON_WRITES_H
#define IPPON_SERVER_SEASON_WRITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/mode.h"
#include "store/store.h"

/* one counted game of a match being stored (a human's seat of a ranked, completed match) */
typedef struct ippon_season_game {
    const char *user_id;
    int32_t result;
    bool won;
} ippon_season_game;

/*
 * Adds a match's counted games to their players' seasons, inside the caller's open write
 * transaction: 0, or -1 (noted: the caller rolls back).
 */
int ippon_season_write(ippon_store *st, ippon_mode mode, int64_t ended_ms, const ippon_season_game *games, int n);

/*
 * After match_id's row changed what counts (a void), inside that transaction: its players'
 * seasons of the match's mode counted again from their counted games. 0, or -1 (noted).
 */
int ippon_season_void(ippon_store *st, const char *match_id);

/*
 * Start-up: if season_basis is not months, counts season_totals again from every counted game
 * (in one transaction, with season_basis set to months and rank_version.data moved, so running
 * servers' boards load again). *rows gets the rows written (0 when nothing was to do). 0, or -1
 * with err.
 */
int ippon_store_seasons_ready(ippon_store *st, int months, long *rows, char *err, size_t errlen);

/* the prepared statements of the writes (kept by the store; NULL is fine) */
struct ippon_season_writes;
void ippon_season_writes_free(struct ippon_season_writes *w);

#endif
