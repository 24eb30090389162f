/*
 * public_feed.h — a table's public stream, for spectators: every event the whole table may see,
 * as the message a spectator is sent ({"type":"spectate","table","n","event"}), serialized once
 * when the table makes it and stamped with the table's time. The gateway fans the same text out
 * to every spectator once it is old enough (the spectators' delay; gateway_watch.c); one who
 * starts watching gets what is due from the beginning of the feed, and so sees the table as it
 * was a delay ago.
 *
 * The feed keeps a whole match, up to FEED_MAX entries; past that it forgets whole hands from the
 * front (a spectator then starts at a hand's beginning, whose hand_start says where the match
 * stands), so a long run of draws does not grow a table's memory without end.
 */
#ifndef IPPON_SERVER_PUBLIC_FEED_H
#define IPPON_SERVER_PUBLIC_FEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { IPPON_FEED_MAX = 4096 };

typedef struct ippon_public_feed {
    struct feed_entry { char *text; size_t len; int64_t at; bool hand_start; } *e;
    long count, cap;
    long first; /* the number of e[0] */
} ippon_public_feed;

/* a feed starts zeroed */
void ippon_feed_free(ippon_public_feed *f);

/* the number the next entry will have */
long ippon_feed_next(const ippon_public_feed *f);
/* appends text (taken; NULL: out of memory, nothing appended) made at `at`; hand_start: it opens
   a hand. false when out of memory */
bool ippon_feed_append(ippon_public_feed *f, char *text, int64_t at, bool hand_start);
/* the entry numbered n (NULL when forgotten or not made yet) */
const struct feed_entry *ippon_feed_get(const ippon_public_feed *f, long n);
/* the number of the first entry made after `until` (ippon_feed_next when none) */
long ippon_feed_due_end(const ippon_public_feed *f, int64_t until);
/* the number of the oldest entry kept */
long ippon_feed_first(const ippon_public_feed *f);

#endif
