/*
 * matchmaking_internal.h — what the matchmaker's files share (matchmaking.c: queues, takes,
 * seats, presence; matchmaking_rooms.c: private rooms across the nodes; matchmaking_events.c:
 * events' entrants across the nodes): the matchmaker, and the
 * note every request to Redis carries. Not a public header: everything else uses matchmaking.h.
 */
#ifndef IPPON_SERVER_MATCHMAKING_INTERNAL_H
#define IPPON_SERVER_MATCHMAKING_INTERNAL_H

#include <stdbool.h>

#include "base/ids.h"
#include "base/mode.h"
#include "cluster/coord.h"
#include "cluster/node.h"
#include "game/gateway.h"
#include "matchmaking/matchmaking.h"
#include "metrics.h"

struct ippon_matchmaking {
    ippon_gateway *gw;     /* NULL once detached */
    ippon_cluster *cluster;
    ippon_coord *coord;
    ippon_metrics *metrics;
    ippon_timers *timers;
    bool taking[IPPON_MODES]; /* a take of the mode is in flight */
    int pending;           /* answers still to come */
    lws_sorted_usec_list_t check; /* the tables resumed at start, checked against the directory */
    bool checked;          /* every one was (Redis answered) */
    int checks;            /* lookups of this round still to come */
    bool check_failed;     /* one of this round's got no answer: another round in a second */
};

/* what to do with one answer: for whom, and which table or room (table holds a room's code too) */
typedef struct mm_ask {
    ippon_matchmaking *m;
    ippon_mode mode;
    char user[40];
    char table[IPPON_ID_HEX_LEN + 1];
    char node[64];
} mm_ask;

/* this node's name */
const char *mm_me(const ippon_matchmaking *m);
/* a note for one answer (counted pending until mm_ask_done): NULL if out of memory */
mm_ask *mm_ask_new(ippon_matchmaking *m, ippon_mode mode, const char *user, const char *table);
/* the answer's note, done with: its matchmaker if still attached, else NULL (free the note after) */
ippon_matchmaking *mm_ask_done(mm_ask *a);
/* an answer nobody waits for (a failure is logged); frees the note */
void mm_ignore(void *ctx, const ippon_coord_reply *r);
/* tells node (by its notice) that user_id, connected there, is seated at table of this node: that
   node sends the user here ("move", reason match_found) */
void mm_tell_seated(ippon_matchmaking *m, ippon_mode mode, const char *user_id, const char *node, const char *table);

/* ---- matchmaking_rooms.c: the gateway's room hooks (gateway_matchmaker.h), and a hello's room ---- */

void mm_room_entered(void *ctx, const char *code, const char *user_id, bool opened);
void mm_room_left(void *ctx, const char *code, const char *const *users, int n, bool ended);
void mm_room_elsewhere(void *ctx, const char *user_id, const char *code);
/* a hello from user_id (in no room here): the room it belongs to elsewhere, or was sent here to join */
void mm_room_hello(ippon_matchmaking *m, const char *user_id);

/* ---- matchmaking_events.c: the gateway's event hooks (gateway_matchmaker.h) ---- */

void mm_presence_of(void *ctx, const char *const *users, int n,
                    void (*done)(void *arg, const char *const *nodes, int n), void *arg);
void mm_seated_here(void *ctx, const char *user_id, const char *node, const char *table_id);

#endif
