/*
 * store_rankings.h — the rankings, read from the stored matches (store_matches.c writes them;
 * indexes: migrations/0004_rankings.sql). Part of the store module: only store_rankings.c
 * knows SQL. What it reads comes back as plain rows; the REST routes make their replies of them
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
 * Periods: rank_period.h. Seasons (calendar months, base/season.h): the season_totals table
 * (season_writes.h), held in memory like the periods (store_board.c).
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

#include "base/mode.h"
#include "store/rank_period.h"
#include "store/store.h"

typedef struct ippon_leaderboard_query {
    ippon_mode mode;
    ippon_rank_period period;
    int64_t now_ms;           /* unix ms: the end of the period */
    int page;                 /* 1 … */
    int limit;                /* rows per page, 1 … */
    int min_games;            /* players with fewer games are left out */
    int season_months;        /* > 0: the board of season instead of period (base/season.h) */
    int32_t season;           /* ... the season's first month (year × 12 + month − 1) */
} ippon_leaderboard_query;

/* one row of a leaderboard page */
typedef struct ippon_leaderboard_row {
    int64_t rank;                                        /* 1, 2, 3 … (no shared ranks) */
    char user_id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* the current one */
    bool bot;                                            /* a bot account (store_bots.h) */
    int32_t games, wins, best;
    int64_t total;                                       /* the sum of the results; average = total / games */
} ippon_leaderboard_row;

typedef struct ippon_leaderboard_page {
    int64_t total;              /* players ranked */
    int n;                      /* rows on this page: none past the end */
    ippon_leaderboard_row *rows; /* malloc'd: ippon_leaderboard_page_free */
} ippon_leaderboard_page;

/* One page of the leaderboard into *out. 0 or -1 (nothing to free then). */
int ippon_store_leaderboard(ippon_store *st, const ippon_leaderboard_query *q, ippon_leaderboard_page *out);
void ippon_leaderboard_page_free(ippon_leaderboard_page *page);

/*
 * Replies kept by the store, so that a page asked for again costs a lookup: _kept gives the
 * reply (JSON text, owned by the store, valid until the next store call) kept for the same
 * query while nothing it shows has changed since (a match written, a void, a rename, a game
 * leaving a rolling window), and returns 1; 0 if there is none; -1 on failure. _keep keeps
 * one (copied; the least recently used is forgotten).
 */
int ippon_store_leaderboard_kept(ippon_store *st, const ippon_leaderboard_query *q, const char **body, size_t *len);
void ippon_store_leaderboard_keep(ippon_store *st, const ippon_leaderboard_query *q, const char *body, size_t len);

#define IPPON_PROFILE_RECENT 20   /* the last matches of any kind a profile lists */
#define IPPON_PROFILE_HISTORY 500 /* the counted games of each mode its chart shows */

/* a player's counted games of one mode */
typedef struct ippon_profile_mode {
    int64_t games, total, wins;
    bool has_best;              /* false before the first game */
    int64_t best;
    int64_t hands;              /* hands played in those games, exhaustive draws included */
    int64_t deal_ins;           /* games in which the player discarded the winning tile of a ron */
    int64_t known_hands;        /* hands of the games whose deal-in is known */
} ippon_profile_mode;

/* one of the player's last matches, of any kind */
typedef struct ippon_profile_match {
    char id[IPPON_USER_ID_LEN + 1];
    char mode[4];               /* "4p" or "3p" */
    int64_t ended_at;           /* unix ms */
    int32_t result, final_points;
    int seat;
    bool counted;
    bool private_match;         /* played at a friends' private table */
} ippon_profile_match;

/* the running sum of a mode's counted results after one game */
typedef struct ippon_profile_point {
    int64_t ended_at, cumulative;
} ippon_profile_point;

typedef struct ippon_profile {
    ippon_user user;                                    /* id, display name, created_at (unix s) */
    ippon_profile_mode modes[IPPON_MODES];              /* by mode */
    int recent_n;
    ippon_profile_match recent[IPPON_PROFILE_RECENT];   /* newest first */
    int history_n[IPPON_MODES];
    ippon_profile_point history[IPPON_MODES][IPPON_PROFILE_HISTORY]; /* per mode, oldest first: the last games */
} ippon_profile;

/*
 * A player's profile: *out (malloc'd: free it) with the totals per mode from rank_totals, the
 * last IPPON_PROFILE_RECENT matches of any kind and the running sum of the counted results over
 * the last IPPON_PROFILE_HISTORY games of each mode. 0, IPPON_STORE_NOT_FOUND (no such user) or -1.
 */
int ippon_store_player_profile(ippon_store *st, const char *user_id, ippon_profile **out);

/* a profile (page 0) or a page of a match list (user_id NULL: every match) */
typedef struct ippon_kept_query {
    const char *user_id;
    int page, limit;
    uint64_t stamp;             /* a profile's: the standings its season ranks were read from (0: none that move) */
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


/* a seat of a stored match */
typedef struct ippon_listed_seat {
    int seat;
    char user_id[IPPON_USER_ID_LEN + 1];                /* "" for a bot */
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* as it was during the match */
    bool bot;                                            /* a built-in bot, or a bot account */
    int32_t final_points, result;
} ippon_listed_seat;

/* a stored match as lists show it */
typedef struct ippon_listed_match {
    char id[IPPON_USER_ID_LEN + 1];
    char mode[4];               /* "4p" or "3p" */
    char rules[32];             /* the rule preset's name */
    bool ranked, completed, voided;
    bool private_match;         /* played at a friends' private table */
    int hands;
    int64_t started_at, ended_at; /* unix ms */
    int players;
    ippon_listed_seat seats[4];
} ippon_listed_match;

typedef struct ippon_listed_matches {
    int64_t total;              /* every match of the list, not only this page */
    int n;
    ippon_listed_match *rows;      /* malloc'd: ippon_listed_matches_free */
} ippon_listed_matches;

/*
 * Stored matches, newest first (ended_at desc, then id desc), of one player (user_id) or of
 * everyone (NULL): one page into *out. 0, IPPON_STORE_NOT_FOUND (no such user) or -1 (nothing
 * to free after an error).
 */
int ippon_store_matches_list(ippon_store *st, const char *user_id, int page, int limit, ippon_listed_matches *out);
void ippon_listed_matches_free(ippon_listed_matches *list);

/* one stored match whole */
typedef struct ippon_stored_detail {
    ippon_listed_match match;
    bool voided;                /* voided_at is set */
    int64_t voided_at;          /* unix ms */
    char *void_reason;          /* malloc'd; NULL when none is stored */
    json_t *wins;               /* as stored (new reference; null if unreadable) */
    json_t *seeds;              /* as stored: ["hex", …] one per hand (new reference) */
    json_t *fairness;           /* {"secret","commitment","contributions"} (new reference), or NULL
                                   for a match stored before contributions (stored_match.h) */
} ippon_stored_detail;

/* One match into *out (free with ippon_stored_detail_free). 0, IPPON_STORE_NOT_FOUND or -1. */
int ippon_store_match_detail(ippon_store *st, const char *id, ippon_stored_detail *out);
void ippon_stored_detail_free(ippon_stored_detail *d);

/* what replays a match (game/replay_logs.h) */
typedef struct ippon_stored_replay {
    char rules[32];             /* the rule preset's name */
    json_t *seeds;              /* as stored (new references) */
    json_t *actions;            /* [[hand, seat, action, at_ms, bank_ms], …] (older: the first three) */
} ippon_stored_replay;

/* A match's replay into *out (free with ippon_stored_replay_free). 0, IPPON_STORE_NOT_FOUND or -1. */
int ippon_store_match_replay(ippon_store *st, const char *id, ippon_stored_replay *out);
void ippon_stored_replay_free(ippon_stored_replay *r);

#endif
