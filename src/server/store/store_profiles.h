/*
 * store_profiles.h — replies about players kept by a store (profiles, match lists), so that one
 * asked for again costs a lookup instead of a rebuild (a profile reply is tens of kB of JSON: a
 * thousand chart points; a page of matches, a few hundred rows). Private to the store:
 * store_rankings.c reads and fills it, store_matches.c tells it which players a match write
 * concerned, store.c frees it. A reply belongs to a player (its profile, its match list) or to
 * every player (the list of every match), and is named by what it answers ("profile",
 * "matches 1 50", ...).
 *
 * How it stays right: every change that a profile shows moves the rank_version row
 * (0005_rank_totals.sql, 0007_player_games.sql): data with counted games (writes, voids), names
 * with renames, matches with every match stored. The store remembers the row as it last knew
 * it. Its own match writes tell it the row before and after and the players of the matches:
 * only their replies are forgotten. Any other move (an admin's void, a rename, another process
 * writing) is seen at the next lookup as a row it does not know, and every reply is forgotten.
 * A match write forgets its players' replies and those about every player. While a match write
 * of this store is in flight on the writer's connection (store.h), a row it does not know is
 * taken for that write's: nothing kept is sent, and the write's completion says what to forget.
 */
#ifndef IPPON_SERVER_STORE_PROFILES_H
#define IPPON_SERVER_STORE_PROFILES_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

typedef struct ippon_profiles ippon_profiles;

void ippon_profiles_free(ippon_profiles *p);

/* forget every kept reply (store.h: caches_forget) */
void ippon_profiles_forget(ippon_store *st);

/* the rank_version row, as the profiles compare it */
typedef struct ippon_profiles_version {
    int64_t data, names, matches;
} ippon_profiles_version;

/* reads the rank_version row (inside the caller's transaction, if any): 0 or -1 */
int ippon_profiles_read_version(ippon_store *st, ippon_profiles_version *v);

/* what a reply answers: at most this long, with its '\0' */
#define IPPON_KEPT_WHAT 24

/*
 * A reply kept for the player (user_id; "" for every player) and what: 1 with *body and *tag
 * (its ETag; both owned by the store, valid until the next call into the store), 0 if none is
 * kept for the data as it is now, -1 on failure.
 */
int ippon_profiles_kept(ippon_store *st, const char *user_id, const char *what, const char **body, size_t *len,
                        const char **tag);

/* keeps a reply and its tag (copied), forgetting the least recently used ones beyond the budget */
void ippon_profiles_keep(ippon_store *st, const char *user_id, const char *what, const char *body, size_t len,
                         const char *tag);

/*
 * After a match write committed: the rank_version row before and after it (read inside its
 * transaction) and the user ids of the humans in the matches written.
 */
void ippon_profiles_written(ippon_store *st, const ippon_profiles_version *before, const ippon_profiles_version *after,
                            const char *const *user_ids, int n);

#endif
