/*
 * lobby.h — the queues of players waiting for a 3-player or a 4-player table.
 *
 * First come, first served among equals: a table forms as soon as a table's worth of players
 * waits whose ratings lie within the rating window (queue_window.h) of one of them. A player who
 * has waited bot_fill_after is seated with whoever waits within its window and bots in the empty
 * seats. Pure bookkeeping on user ids, ratings and milliseconds; the gateway creates the tables.
 */
#ifndef IPPON_SERVER_LOBBY_H
#define IPPON_SERVER_LOBBY_H

#include <stdbool.h>
#include <stdint.h>

#include "base/mode.h"
#include "game/queue_window.h"

enum { IPPON_LOBBY_MAX_GROUP = 4 }; /* the most players a group (a table) holds */

typedef struct ippon_lobby ippon_lobby;

typedef struct ippon_lobby_entry {
    char user_id[40];
    char name[80];
    char addr[64]; /* the client's address ("" if unknown) */
    double rating;  /* mu of the mode (a player never rated: the initial one) */
    int64_t since;
} ippon_lobby_entry;

ippon_lobby *ippon_lobby_new(void);
void ippon_lobby_free(ippon_lobby *l);

/* queues a user coming from addr (may be "") with its rating in the mode for that mode; a user
   already queued moves to that mode's end. Returns the position (1 = first), or -1 */
int ippon_lobby_join(ippon_lobby *l, ippon_mode mode, const char *user_id, const char *name, const char *addr,
                     double rating, int64_t now);

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
 * Takes the next group to seat in a mode, if there is one. Each waiting user in queue order is
 * tried as the anchor of a group: the anchor, then the earliest others (in queue order, before or
 * after it) that keep the group's spread within the window's width for the anchor's wait, and —
 * when addresses must be distinct — whose address the group does not have yet. The first anchor
 * whose group is a full table (`players` users) gives it. Failing that, once the first user has
 * waited at least bot_fill_after_ms, the first's group as it is (the rest of the seats go to
 * bots). window NULL: no window (every spread fits: first come, first served). The users taken
 * leave the queue; the others keep their order; out is in queue order. Returns how many users
 * were written to out (0 = none yet).
 */
int ippon_lobby_take(ippon_lobby *l, ippon_mode mode, int players, const ippon_queue_window *window,
                     int64_t bot_fill_after_ms, int64_t now, ippon_lobby_entry *out);

/* the spread of n entries' ratings (highest − lowest; 0 for fewer than two) */
double ippon_lobby_spread(const ippon_lobby_entry *e, int n);

#endif
