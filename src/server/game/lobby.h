/*
 * lobby.h — the queues of players waiting for a 3-player or a 4-player table.
 *
 * First come, first served: as soon as a queue holds a table's worth of players, the first
 * ones form a table. A player who has waited bot_fill_after is seated with whoever else is
 * waiting and bots in the empty seats. Pure bookkeeping on user ids and milliseconds; the
 * gateway creates the tables.
 */
#ifndef IPPON_SERVER_LOBBY_H
#define IPPON_SERVER_LOBBY_H

#include <stdbool.h>
#include <stdint.h>

#include "base/mode.h"

enum { IPPON_LOBBY_MAX_GROUP = 4 }; /* the most players a group (a table) holds */

typedef struct ippon_lobby ippon_lobby;

typedef struct ippon_lobby_entry {
    char user_id[40];
    char name[80];
    char addr[64]; /* the client's address ("" if unknown) */
    int64_t since;
} ippon_lobby_entry;

ippon_lobby *ippon_lobby_new(void);
void ippon_lobby_free(ippon_lobby *l);

/* queues a user coming from addr (may be "") for a mode; a user already queued moves to that
   mode's end. Returns the position (1 = first), or -1 */
int ippon_lobby_join(ippon_lobby *l, ippon_mode mode, const char *user_id, const char *name, const char *addr, int64_t now);

/* whether groups must come from distinct addresses (the default) or may share one (LAN events) */
void ippon_lobby_distinct_addresses(ippon_lobby *l, bool on);
/* removes a user from any queue; returns whether it was queued */
bool ippon_lobby_leave(ippon_lobby *l, const char *user_id);
/* the mode a user waits for (an ippon_mode), or -1 */
int ippon_lobby_mode_of(const ippon_lobby *l, const char *user_id);
/* how many wait for a mode, and since when the first one waits (-1 if none) */
int ippon_lobby_size(const ippon_lobby *l, ippon_mode mode);
int64_t ippon_lobby_oldest(const ippon_lobby *l, ippon_mode mode);
/* how many wait for any mode */
int ippon_lobby_total(const ippon_lobby *l);

/* the users waiting for a mode, in order (valid until the lobby changes) */
const ippon_lobby_entry *ippon_lobby_entries(const ippon_lobby *l, ippon_mode mode, int *count);

/*
 * Takes the next group to seat in a mode, if there is one: the first `players` users in queue
 * order (passing over those whose address the group already has, when addresses must be
 * distinct) when that many can be found, else — when the first has waited at least
 * bot_fill_after_ms — every user that can join the first's group (the rest of the seats go to
 * bots). The users taken leave the queue; the others keep their order. Returns how many users
 * were written to out (0 = none yet).
 */
int ippon_lobby_take(ippon_lobby *l, ippon_mode mode, int players, int64_t bot_fill_after_ms, int64_t now,
                     ippon_lobby_entry *out);

#endif
