/*
 * queue_window_cases.h — the ranked queue's window worked by hand on a few queues: each case a
 * queue (ratings, addresses, when each queued), a moment, a window and a bot wait, and the group
 * the take must give. The same cases run through the lobby (unit/test_server_queue_window.c) and
 * through the cluster's shared take in Redis (cluster/test_cluster_coord.c), so the two
 * implementations of lobby.h's rule (game/lobby.c, cluster/coord.c's QUEUE_TAKE) are held equal.
 */
#ifndef IPPON_TESTS_QUEUE_WINDOW_CASES_H
#define IPPON_TESTS_QUEUE_WINDOW_CASES_H

#include <stdint.h>

typedef struct qw_player {
    const char *id;
    double rating;
    const char *addr; /* "" unknown */
    int64_t since;
} qw_player;

typedef struct qw_case {
    const char *name;
    int seats;
    int n;
    qw_player players[6];
    int64_t now, fill_after;
    double start, per_second, cap, time_scale;
    const char *taken; /* the users taken, queue order, comma-separated; "" none */
} qw_case;

/* the service's defaults: 100 at once, 10 a second, at most 400 */
#define QW_DEFAULT 100.0, 10.0, 400.0, 1.0
#define QW_NEVER 1000000000 /* bots never fill */

static const qw_case qw_cases[] = {
    /* spread 70 within 100 + 10 × 0.3 s = 103: a table at once */
    {"close ones sit at once", 4, 4,
     {{"a", 1500, "", 0}, {"b", 1550, "", 100}, {"c", 1480, "", 200}, {"d", 1520, "", 300}},
     300, QW_NEVER, QW_DEFAULT, "a,b,c,d"},
    /* d is 300 above the others: the window 100 + 10 × 19.999 = 299.99 is short of it */
    {"a far one waits", 4, 4,
     {{"a", 1500, "", 0}, {"b", 1500, "", 1}, {"c", 1500, "", 2}, {"d", 1800, "", 3}},
     19999, QW_NEVER, QW_DEFAULT, ""},
    /* ... until a has waited 20 s: 100 + 10 × 20 = 300, the spread exactly */
    {"the window widens to the far one", 4, 4,
     {{"a", 1500, "", 0}, {"b", 1500, "", 1}, {"c", 1500, "", 2}, {"d", 1800, "", 3}},
     20000, QW_NEVER, QW_DEFAULT, "a,b,c,d"},
    /* 500 apart: the cap (400) keeps them apart however long they wait */
    {"the cap holds", 4, 4,
     {{"a", 1500, "", 0}, {"b", 1500, "", 1}, {"c", 1500, "", 2}, {"d", 2000, "", 3}},
     1000000, QW_NEVER, QW_DEFAULT, ""},
    /* x is alone up there; the four after it form a table (spread 20) and x keeps waiting */
    {"a later anchor forms a table", 4, 5,
     {{"x", 2000, "", 0}, {"a", 1500, "", 1}, {"b", 1510, "", 2}, {"c", 1490, "", 3}, {"d", 1505, "", 4}},
     1000, QW_NEVER, QW_DEFAULT, "a,b,c,d"},
    /* a's group takes x (100) and then nobody (b is 180 under x); b's group (anchor at 998 ms:
       109.98) takes a, c and d, a before b in queue order, and x waits */
    {"an earlier player joins a later anchor", 4, 5,
     {{"a", 1500, "", 0}, {"x", 1600, "", 1}, {"b", 1420, "", 2}, {"c", 1410, "", 3}, {"d", 1430, "", 4}},
     1000, QW_NEVER, QW_DEFAULT, "a,b,c,d"},
    /* no full table; a has waited 30 s (bot_fill_after): it sits with c (100), not b (450 >
       the cap 400), and bots */
    {"bots fill with whoever is in the window", 3, 3,
     {{"a", 1500, "", 0}, {"b", 1950, "", 1}, {"c", 1600, "", 2}},
     30000, 30000, QW_DEFAULT, "a,c"},
    {"no bots before the wait", 3, 3,
     {{"a", 1500, "", 0}, {"b", 1950, "", 1}, {"c", 1600, "", 2}},
     29999, 30000, QW_DEFAULT, ""},
    /* b shares a's address: passed over though its rating fits */
    {"addresses stay distinct", 4, 5,
     {{"a", 1500, "10.0.0.1", 0}, {"b", 1510, "10.0.0.1", 1}, {"c", 1520, "10.0.0.2", 2}, {"d", 1490, "10.0.0.3", 3},
      {"e", 1505, "10.0.0.4", 4}},
     100, QW_NEVER, QW_DEFAULT, "a,c,d,e"},
    /* time_scale 0.02: 4 s of real waiting are 200 s of the game's: the window is at its cap */
    {"waits scale with time_scale", 3, 3,
     {{"a", 1500, "", 0}, {"b", 1500, "", 1}, {"c", 1800, "", 2}},
     4000, QW_NEVER, 100.0, 10.0, 400.0, 0.02, "a,b,c"},
    {"... and not without it", 3, 3,
     {{"a", 1500, "", 0}, {"b", 1500, "", 1}, {"c", 1800, "", 2}},
     4000, QW_NEVER, QW_DEFAULT, ""},
};

#define QW_CASES ((int)(sizeof qw_cases / sizeof qw_cases[0]))

#endif
