/*
 * store_board.h — the leaderboards held in memory by a store, so that a page of any board
 * costs microseconds at a million matches (store_board.c explains how it stays right). Private
 * to the store: store_rankings.c reads it, store_matches.c tells it about the matches written
 * through this store, store.c frees it.
 */
#ifndef IPPON_SERVER_STORE_BOARD_H
#define IPPON_SERVER_STORE_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "store/store.h"
#include "store/store_rankings.h"

typedef struct ippon_board ippon_board;

void ippon_board_free(ippon_board *b);

/* one counted game of a match just written (a human's row of a ranked, completed match) */
typedef struct ippon_board_game {
    const char *user_id;
    int32_t result;
    bool won;
} ippon_board_game;

/*
 * After a match write committed: rank_version.data was version_before when the write began
 * (inside its transaction) and version_after when it ended; the match's counted games (n may
 * be 0). If anything else moved the version, the board reloads on its next use; if the board was
 * loaded after the write (it holds version_after or later), it has the match already.
 */
void ippon_board_written(ippon_store *st, int64_t version_before, int64_t version_after, ippon_mode mode,
                         int64_t ended_ms, const ippon_board_game *games, int n);

/* forget what is held: loaded again from the database when next used (store.h: caches_forget) */
void ippon_board_forget(ippon_store *st);

/* the rank_version row: 0 or -1 */
int ippon_board_read_version(ippon_store *st, int64_t *data, int64_t *names);

/* a page of a leaderboard, as ippon_store_leaderboard (store_rankings.h) answers it */
int ippon_board_page(ippon_store *st, const ippon_leaderboard_query *q, ippon_leaderboard_page *out);

/*
 * A reply kept for q: 1 with *body (JSON text, owned by the board, valid until the next call
 * into the store) if one was kept for the same query while the standings were as they are now,
 * 0 if none, -1 on failure.
 */
int ippon_board_kept(ippon_store *st, const ippon_leaderboard_query *q, const char **body, size_t *len);

/* keeps a reply for q (copied), replacing the least recently used one */
void ippon_board_keep(ippon_store *st, const ippon_leaderboard_query *q, const char *body, size_t len);

/*
 * A player's place in a season's standings (loaded if not held): *rank 1, 2, 3 … among the
 * players with at least min_games games in it (0 if the player is not one of them) and *of, how
 * many they are. 0 or -1.
 */
int ippon_board_season_rank(ippon_store *st, int64_t now_ms, ippon_mode mode, int32_t season, int months,
                            const char *user_id, int min_games, int64_t *rank, int64_t *of);

/*
 * The stamp of the current season's standings (both modes) if user_id has games in them, else 0:
 * a profile reply showing the player's current season ranks is kept only while it stays the same
 * (a game of anyone's in the season moves it); the ranks of the seasons that are over change only
 * with a void, which forgets every kept reply. 0 or -1.
 */
int ippon_board_season_stamp(ippon_store *st, int64_t now_ms, int months, const char *user_id, uint64_t *stamp);

#endif
