/*
 * store_admin.h — what administering the service stores: bans, the admin role, renames by an
 * administrator, voided matches, run-time settings and the audit log. Part of the store module:
 * only store_admin.c knows SQL (tables: migrations/0006_admin.sql, 0001_settings.sql, and the
 * users and matches of 0002 and 0003).
 *
 * Every change an administrator makes is written together with its audit row, in one
 * transaction: either both are stored or neither. An audit row says who (admin id and name;
 * no id for the command line), what (action and target), when (unix ms) and why (reason), with
 * a JSON detail object (stored as its text). Audit rows are never changed or deleted.
 *
 * The lists (audit rows, pairs of players, users) come back as plain rows with their total; the
 * REST replies made of them are api/admin_rest.c's.
 *
 * Return values as in store.h: 0, -1 (the database failed; logged), IPPON_STORE_NOT_FOUND,
 * IPPON_STORE_CONFLICT (the row is already in the state asked for, or a name is taken).
 */
#ifndef IPPON_SERVER_STORE_ADMIN_H
#define IPPON_SERVER_STORE_ADMIN_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define IPPON_AUDIT_CLI_NAME "(command line)" /* admin_name of changes made by `ippon admin` */

/* one audit row to write */
typedef struct ippon_audit {
    int64_t at_ms;          /* unix ms */
    const char *admin_id;   /* NULL: the command line, or a failed admin login */
    const char *admin_name; /* the admin's display name (IPPON_AUDIT_CLI_NAME for the command line) */
    const char *action;     /* "ban", "unban", "rename", "void_match", "close_table", "settings", … */
    const char *target;     /* the user, match or table id, or the setting names; NULL: "" */
    const char *reason;     /* why; NULL: "" */
    const json_t *detail;   /* a JSON object, or NULL for {} */
} ippon_audit;

/* write one audit row on its own (for actions whose effect is not in the database) */
int ippon_store_audit_add(ippon_store *st, const ippon_audit *audit);

/* one stored audit row, as read back (the strings are the list's: ippon_audit_list_free) */
typedef struct ippon_audit_entry {
    int64_t id;                          /* the row's number, growing with each row */
    int64_t at_ms;                       /* unix ms */
    char admin_id[IPPON_USER_ID_LEN + 1]; /* "": none (the command line, a failed admin login) */
    char *admin_name, *action, *target, *reason; /* as stored (NOT NULL columns: NULL only if one had none) */
    char *detail;                        /* as stored: the JSON text of an object; NULL: none */
} ippon_audit_entry;

/* a page of audit rows and how many rows there are on every page */
typedef struct ippon_audit_list {
    int64_t total;             /* rows of every page */
    ippon_audit_entry *entries; /* count of them (malloc'd; NULL if none) */
    size_t count;
} ippon_audit_list;

/*
 * Audit rows, newest first: page `page` (from 1) of `limit` rows into *out (free it with
 * ippon_audit_list_free, also after a failure). action, if not NULL, keeps only rows of that
 * action. 0 or -1.
 */
int ippon_store_audit_list(ippon_store *st, const char *action, int page, int limit, ippon_audit_list *out);
void ippon_audit_list_free(ippon_audit_list *list);

/* one player of a pair: who, and how they did in the games of the pair */
typedef struct ippon_pair_player {
    char id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    int64_t total;          /* its result summed over their games together */
    int64_t won_from_other; /* the games it won on the other's discard */
} ippon_pair_player;

/* two players who met: players[0] has the smaller id */
typedef struct ippon_player_pair {
    int64_t games;      /* counted games together */
    int64_t last_at_ms; /* when the last of them ended (unix ms) */
    ippon_pair_player players[2];
} ippon_player_pair;

typedef struct ippon_pair_list {
    int64_t total;            /* pairs of every page */
    ippon_player_pair *pairs; /* count of them (malloc'd; NULL if none) */
    size_t count;
} ippon_pair_list;

/*
 * Pairs of players who met at counted tables at least min_games times in the games that ended at
 * or after since_ms (unix ms), most games together first (then the latest met, then by ids):
 * page `page` of `limit` pairs into *out (free it with ippon_pair_list_free, also after a
 * failure). Each player's total is its result summed over their games together; won_from_other,
 * the games it won on the other's discard — the top result of a match where the other dealt in,
 * so a double ron's second winner is not counted. A query over every counted game of the window
 * (migrations/0008_counted_games_by_time.sql): run it off the event loop (app->reader). 0 or -1.
 */
int ippon_store_admin_pairs(ippon_store *st, int64_t since_ms, int min_games, int page, int limit,
                            ippon_pair_list *out);
void ippon_pair_list_free(ippon_pair_list *list);

/* one user as the admin area lists it */
typedef struct ippon_admin_user {
    ippon_user user;  /* as store.h reads a user: username "" and guest for a guest, banned and banned_at, is_bot */
    char *ban_reason; /* the stored reason (malloc'd); NULL: none */
    /* a bot account's (user.is_bot; store_bots.h): its owner, and its suspension */
    char owner_id[IPPON_USER_ID_LEN + 1];
    char owner_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    long long suspended_at; /* Unix seconds; 0: not suspended */
    char *suspend_reason;   /* malloc'd; NULL: none */
    bool deleted;           /* its owner deleted it */
} ippon_admin_user;

typedef struct ippon_admin_user_list {
    int64_t total;          /* users of every page */
    ippon_admin_user *users; /* count of them (malloc'd; NULL if none) */
    size_t count;
} ippon_admin_user_list;

/*
 * Users for the admin area, most recently seen first: page `page` of `limit` users into *out
 * (free it with ippon_admin_user_list_free, also after a failure). query (NULL or "": everyone)
 * keeps users whose display name or username contains it (case-insensitive, literally: % and _
 * are not wildcards) or whose id is it; banned_only keeps banned users, bots_only bot accounts. 0 or -1.
 */
int ippon_store_admin_users(ippon_store *st, const char *query, bool banned_only, bool bots_only, int page, int limit,
                            ippon_admin_user_list *out);
void ippon_admin_user_list_free(ippon_admin_user_list *list);

/*
 * Ban user_id at now_s (unix s) for reason: 0, IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT
 * (already banned) or -1. Sessions stay (a banned user's token is refused with "banned"; an
 * unbanned guest can come back with it).
 */
int ippon_store_user_ban(ippon_store *st, const char *user_id, const char *reason, long long now_s,
                         const ippon_audit *audit);

/* lift the ban: 0, IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT (not banned) or -1 */
int ippon_store_user_unban(ippon_store *st, const char *user_id, const ippon_audit *audit);

/* set a display name (already valid): 0, IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT (taken) or -1 */
int ippon_store_admin_rename(ippon_store *st, const char *user_id, const char *display_name,
                             const ippon_audit *audit);

/*
 * Void match_id at now_ms for reason: it leaves the leaderboards and profiles (store_rankings.h
 * counts only matches whose voided_at is NULL) and its record stays. 0, IPPON_STORE_NOT_FOUND,
 * IPPON_STORE_CONFLICT (already voided) or -1.
 */
int ippon_store_match_void(ippon_store *st, const char *match_id, const char *reason, int64_t now_ms,
                           const ippon_audit *audit);

/*
 * A new registered account that is an administrator (the `ippon admin create` command):
 * user->id, username, display_name, created_at must be set; password_hash is a
 * crypto_pwhash_str string. 0, IPPON_STORE_CONFLICT (*taken: IPPON_TAKEN_* bits) or -1.
 */
int ippon_store_admin_create(ippon_store *st, const ippon_user *user, const char *password_hash,
                             int *taken, const ippon_audit *audit);

/*
 * Give (admin true) or take away the admin role of the registered account username:
 * 0, IPPON_STORE_NOT_FOUND (no such account), IPPON_STORE_CONFLICT (it already is / is not) or -1.
 * *user (if not NULL) receives the account.
 */
int ippon_store_user_set_admin(ippon_store *st, const char *username, bool admin, ippon_user *user,
                               const ippon_audit *audit);

/* the ban reason of user_id into out ("" if none): 0, IPPON_STORE_NOT_FOUND or -1 */
int ippon_store_user_ban_reason(ippon_store *st, const char *user_id, char *out, size_t outlen);

/*
 * Stored run-time settings: *out = {"<key>": {"value": <JSON>, "updated_at": unix s}, …}
 * (new reference). A stored value that is not valid JSON is left out (and logged). 0 or -1.
 */
int ippon_store_settings_get(ippon_store *st, json_t **out);

/* store every member of values ({"key": JSON value}) at now_s, with the audit row: 0 or -1 */
int ippon_store_settings_put(ippon_store *st, const json_t *values, long long now_s, const ippon_audit *audit);

#endif
