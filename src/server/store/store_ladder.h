/*
 * store_ladder.h — the bot ladder as REST shows it (api/ladder_rest.c; src/server/README.md, "The
 * bot ladder"): public bots seated against each other in duplicate sets — one set of walls played
 * once per seat rotation, 4 matches in 4-player and 3 in 3-player — and rated among themselves.
 * The tables are migrations/0017_bot_ladder.sql (PostgreSQL 0010): ladder_matches (each stored
 * ladder match: its set, its rotation) and ladder_ratings (a bot's standing per mode), written in
 * the transaction that stores each ladder match; a ladder match is otherwise an ordinary stored
 * match (matches, match_players), its seats bot accounts (store_bots.h). Part of the store module:
 * only store_ladder.c knows this SQL, and only reads it, on the event loop's reading connection.
 *
 * A set is complete when every rotation of its mode (0 … players − 1) is in ladder_matches. The
 * reads here:
 *   - the board of a mode, paged: bots by mu desc then user id, each with its owner, description,
 *     standing, complete sets, and whether it is suspended from the ladder or deleted;
 *   - the recent sets of a mode, newest first by their latest match, paged by a time;
 *   - one bot's standing in a mode, with its place on the board (its profile).
 * Nothing is kept between requests: a board row's standing changes with every ladder match, and a
 * bot's ladder suspension or deletion moves no version the kept replies watch (store_profiles.h).
 */
#ifndef IPPON_SERVER_STORE_LADDER_H
#define IPPON_SERVER_STORE_LADDER_H

#include <stdbool.h>
#include <stdint.h>

#include "base/mode.h"
#include "ippon/rating.h"
#include "store/store.h"
#include "store/store_bots.h"

#define IPPON_LADDER_BOARD_MAX 100 /* bots a board page holds at most */
#define IPPON_LADDER_SETS_MAX 50   /* sets a page of recent sets holds at most */
#define IPPON_LADDER_SEATS 4       /* seats, and so rotations, of a set at most (4-player) */
#define IPPON_LADDER_SET_ID_MAX 64 /* bytes of a set's id (32 hex as written) */

/* a bot's standing in one mode of the ladder */
typedef struct ippon_ladder_standing {
    ippon_rating rating; /* mu, sigma (include/ippon/rating.h) */
    int64_t matches;     /* completed ladder matches rated */
    int64_t wins;        /* of them, the matches it won */
    int64_t points;      /* the sum of its results (final − starting points) */
    int64_t last_at;     /* Unix ms of its latest ladder match */
    int64_t sets;        /* complete sets of the mode it played in */
    int64_t rank;        /* 1, 2, 3 … its place on the mode's board */
} ippon_ladder_standing;

/* a row of a mode's board */
typedef struct ippon_ladder_row {
    char user_id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* the bot's current name */
    char owner_id[IPPON_USER_ID_LEN + 1];                /* "" if it has no bots row */
    char owner_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];   /* the owner's current name */
    char description[IPPON_BOT_DESCRIPTION_MAX_BYTES + 1];
    ippon_ladder_standing standing;
    bool suspended; /* suspended from the ladder (bots.ladder_suspended_at) */
    bool deleted;   /* its owner deleted it (bots.deleted_at) */
} ippon_ladder_row;

typedef struct ippon_ladder_board {
    int64_t total;          /* bots on the mode's board (every page) */
    int n;
    ippon_ladder_row *rows; /* malloc'd: ippon_ladder_board_free */
} ippon_ladder_board;

/*
 * At most limit (1 … IPPON_LADDER_BOARD_MAX) rows of mode's board after the first offset (0 …),
 * into *out. 0, or -1 (nothing to free then).
 */
int ippon_store_ladder_board(ippon_store *st, ippon_mode mode, int limit, int64_t offset, ippon_ladder_board *out);
void ippon_ladder_board_free(ippon_ladder_board *board);

/*
 * user_id's standing in mode into *out, its rank among it: 1 if it has one, 0 if it has finished
 * no ladder match of the mode (*out zeroed), -1 on failure.
 */
int ippon_store_ladder_standing(ippon_store *st, ippon_mode mode, const char *user_id, ippon_ladder_standing *out);

/*
 * The stamp a profile reply is kept with (ippon_kept_query.stamp), given the one it had (the
 * seasons': store_seasons.h) and the player's ladder standings (NULL: none in that mode): a bot's
 * rank moves with the other bots' matches, which forget no reply of its own, so its profile is
 * kept only while its ranks stay. The stamp unchanged for a player with no standing.
 */
uint64_t ippon_ladder_stamp(uint64_t stamp, const ippon_ladder_standing *by_mode[IPPON_MODES]);

/* a seat of a ladder match */
typedef struct ippon_ladder_seat {
    int seat;
    char user_id[IPPON_USER_ID_LEN + 1];                 /* "" for a built-in bot */
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* the current name (as played for a built-in bot) */
    int32_t final_points, result;
} ippon_ladder_seat;

/* one rotation of a set: its match */
typedef struct ippon_ladder_rotation {
    int rotation; /* 0 … players − 1 */
    char match_id[IPPON_USER_ID_LEN + 1];
    int64_t ended_at; /* Unix ms */
    int n;            /* seats */
    ippon_ladder_seat seats[IPPON_LADDER_SEATS];
} ippon_ladder_rotation;

/* a bot's total over a set: the sum of its results in the set's matches */
typedef struct ippon_ladder_total {
    char user_id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    int64_t points;
} ippon_ladder_total;

typedef struct ippon_ladder_set {
    char id[IPPON_LADDER_SET_ID_MAX + 1];
    bool complete;    /* every rotation of the mode is there */
    int64_t ended_at; /* its latest match's end */
    int n;            /* rotations, in rotation order */
    ippon_ladder_rotation rotations[IPPON_LADDER_SEATS];
    int bots;         /* totals, highest first (ties by user id) */
    ippon_ladder_total totals[IPPON_LADDER_SEATS];
} ippon_ladder_set;

typedef struct ippon_ladder_sets {
    int n;
    ippon_ladder_set *sets; /* malloc'd: ippon_ladder_sets_free */
    int64_t next_before;    /* the `before` of the next, older page; 0 when none is left */
} ippon_ladder_sets;

/*
 * At most limit (1 … IPPON_LADDER_SETS_MAX) sets of mode whose latest match ended before `before`
 * (Unix ms; INT64_MAX: from the newest), newest first (ties by set id, descending), into *out. A
 * page never ends between sets whose latest matches ended in the same millisecond: it stops
 * before them, and the next page starts with them (more than limit sets of one millisecond, which
 * the ladder's pace never makes, would be cut: the rest of that millisecond is passed over). 0, or
 * -1 (nothing to free then).
 */
int ippon_store_ladder_sets(ippon_store *st, ippon_mode mode, int64_t before, int limit, ippon_ladder_sets *out);
void ippon_ladder_sets_free(ippon_ladder_sets *sets);

#endif
