/*
 * store_rankings.h — the rankings, read from the stored matches (store_matches.c writes them;
 * indexes: migrations/0004_rankings.sql). Part of the store module: only store_rankings.c
 * knows SQL. Replies are built as JSON here, in the shapes the REST routes send
 * (api/leaderboard_rest.c, players_rest.c, matches_rest.c; src/server/README.md, "Rankings").
 *
 * What counts: every finished match is one game for each human in it, scored by its result
 * (final points − starting points, as stored per player). A match counts only if ranked = 1,
 * completed = 1 and voided_at IS NULL; bots (user_id NULL, is_bot = 1) never count.
 *
 * Wins are derived, not stored: a player won a match when its result is > 0 and no player of
 * the match (bots included) has a larger one. In this single-hand game only the hand's winner
 * (or, after a double ron, each winner with the top result) gains the most, so this is "won
 * the hand"; a tie for the top result counts for both.
 *
 * The leaderboards are held in memory and kept current (store_board.c), so a page costs the
 * same at a million matches as at ten.
 *
 * Periods are rolling windows ending now: day = the last 24 hours, week = the last 7 × 24 h,
 * month = the last 30 × 24 h; a match counts if now − window ≤ ended_at (the edge included).
 *
 * Leaderboard order (the tie rules): total desc, then average desc, then games desc, then
 * user_id asc (so the order is total and stable); rank is the position in that order (1, 2,
 * 3, … with no shared ranks).
 */
#ifndef IPPON_SERVER_STORE_RANKINGS_H
#define IPPON_SERVER_STORE_RANKINGS_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

typedef enum ippon_rank_period {
    IPPON_PERIOD_ALL,
    IPPON_PERIOD_MONTH, /* the last 30 days */
    IPPON_PERIOD_WEEK,  /* the last 7 days */
    IPPON_PERIOD_DAY,   /* the last 24 hours */
} ippon_rank_period;

/* "all", "month", "week", "day" → the period, or -1 */
int ippon_rank_period_parse(const char *name);
const char *ippon_rank_period_name(ippon_rank_period period);
/* the first ended_at (unix ms) that counts in period at now_ms (INT64_MIN for all) */
int64_t ippon_rank_period_since(ippon_rank_period period, int64_t now_ms);

typedef struct ippon_leaderboard_query {
    const char *mode;         /* "4p" or "3p" */
    ippon_rank_period period;
    int64_t now_ms;           /* unix ms: the end of the period */
    int page;                 /* 1 … */
    int limit;                /* rows per page, 1 … */
    int min_games;            /* players with fewer games are left out */
} ippon_leaderboard_query;

/*
 * One page of the leaderboard: *out = {"total": players ranked, "rows": [{"rank", "user_id",
 * "display_name" (the current one), "games", "total", "average", "wins", "best"}, …]}
 * (new reference). A page past the end has no rows. 0 or -1.
 */
int ippon_store_leaderboard(ippon_store *st, const ippon_leaderboard_query *q, json_t **out);

/*
 * Replies kept by the store, so that a page asked for again costs a lookup: _kept gives the
 * reply (JSON text, owned by the store, valid until the next store call) kept for the same
 * query while nothing it shows has changed since (a match written, a void, a rename, a game
 * leaving a rolling window), and returns 1; 0 if there is none; -1 on failure. _keep keeps
 * one (copied; the least recently used is forgotten).
 */
int ippon_store_leaderboard_kept(ippon_store *st, const ippon_leaderboard_query *q, const char **body, size_t *len);
void ippon_store_leaderboard_keep(ippon_store *st, const ippon_leaderboard_query *q, const char *body, size_t len);

/*
 * A player's profile: *out = {"user_id", "display_name", "created_at" (unix s),
 * "modes": {"4p": {"games", "total", "average", "wins", "win_rate" (wins per game), "best",
 * "hands" (hands played in those games, exhaustive draws included), "deal_ins" (games in which
 * the player discarded the winning tile of a ron), "deal_in_rate" (deal-ins per hand played,
 * over the games whose deal-in is known; null without such hands), "hand_win_rate" (wins per
 * hand played; null without hands)}, "3p": {…}},
 * "recent": [the last 20 matches of any kind, newest first: {"id", "mode", "ended_at",
 * "result", "final_points", "seat", "counted"}],
 * "history": {"4p": [{"ended_at", "cumulative"}, …], "3p": […]}} — the running sum of the
 * counted results, oldest first (the last 500 games of each mode). 0, IPPON_STORE_NOT_FOUND
 * (no such user) or -1.
 */
int ippon_store_player_profile(ippon_store *st, const char *user_id, json_t **out);

/* a profile (page 0) or a page of a match list (user_id NULL: every match) */
typedef struct ippon_kept_query {
    const char *user_id;
    int page, limit;
} ippon_kept_query;

/*
 * Profile and match-list replies kept by the store (store_profiles.h), as for the leaderboard:
 * _kept gives the reply and its ETag kept for the query while nothing it shows has changed (a
 * match of the player's or any match for the list of every match, a void, a rename) and
 * returns 1; 0 if there is none; -1 on failure. _keep keeps one (copied).
 */
int ippon_store_reply_kept(ippon_store *st, const ippon_kept_query *kq, const char **body, size_t *len,
                           const char **tag);
void ippon_store_reply_keep(ippon_store *st, const ippon_kept_query *kq, const char *body, size_t len, const char *tag);


/*
 * Stored matches, newest first (ended_at desc, then id desc), of one player (user_id) or of
 * everyone (NULL): *out = {"total", "matches": [{"id", "mode", "rules", "ranked",
 * "completed", "voided", "hands", "started_at", "ended_at", "players": [...]}]} with
 * players as in ippon_store_match_detail. 0, IPPON_STORE_NOT_FOUND (no such user) or -1.
 */
int ippon_store_matches_list(ippon_store *st, const char *user_id, int page, int limit, json_t **out);

/*
 * One match: *out = {"id", "mode", "rules", "ranked", "completed", "voided_at", "void_reason",
 * "hands", "started_at", "ended_at", "players": [{"seat", "user_id", "display_name" (as it
 * was), "bot", "final_points", "result"}], "wins" (as stored), "seeds"}. Unix ms times.
 * 0, IPPON_STORE_NOT_FOUND or -1.
 */
int ippon_store_match_detail(ippon_store *st, const char *id, json_t **out);

/*
 * What replays a match (match_logs.h): *out = {"rules": preset name, "seeds": […],
 * "actions": [[hand, seat, action], …]} as stored. 0, IPPON_STORE_NOT_FOUND or -1.
 */
int ippon_store_match_record(ippon_store *st, const char *id, json_t **out);

#endif
