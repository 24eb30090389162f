/*
 * gateway_matchmaker.h — a matchmaker beyond this server: the cluster's shared queues
 * (matchmaking/matchmaking.h, wired by main.c). With one set, the lobby still keeps who queued
 * here — their status messages, their leaving — but forms no table itself: the matchmaker tells
 * it who queued and left, ticks it while anyone waits here, and seats the groups it takes
 * (ippon_gateway_seat_group) wherever their players are connected; a player whose table is on
 * another node is sent there (ippon_gateway_send_elsewhere: the "move" message, PROTOCOL.md).
 * Without one (a single server) nothing here is used.
 *
 * The hooks run on the event loop's thread, from inside the gateway's own calls: they must not
 * call back into the gateway before they return (the matchmaker's answers come later, from
 * Redis's replies).
 */
#ifndef IPPON_SERVER_GATEWAY_MATCHMAKER_H
#define IPPON_SERVER_GATEWAY_MATCHMAKER_H

#include <stdint.h>

#include "base/mode.h"
#include "game/gateway.h"
#include "game/lobby.h"

typedef struct ippon_gateway_matchmaker {
    void *ctx;
    /* who queued here for mode (its entry: id, name, address, since) */
    void (*joined)(void *ctx, ippon_mode mode, const ippon_lobby_entry *who);
    /* user stopped waiting for mode here (unqueued, closed, maintenance) */
    void (*left)(void *ctx, ippon_mode mode, const char *user_id);
    /* the lobby's tick for a mode someone here waits for: form what tables the queues allow */
    void (*tick)(void *ctx, ippon_mode mode, int64_t now);
    /* a table of this node started (any: from the matchmaker, practice, a private room): its id
       and its human players, now seated at it */
    void (*table_started)(void *ctx, const char *table_id, const char *const *users, int n);
    /* a table of this node ended: its id and its human players */
    void (*table_over)(void *ctx, const char *table_id, const char *const *users, int n);
    /* players left a table of this node that plays on (a bot stand-in took their seats): its id and
       those players, seated nowhere now */
    void (*seats_freed)(void *ctx, const char *table_id, const char *const *users, int n);
    /* user said hello here; seated_here: at a table of this node */
    void (*hello)(void *ctx, const char *user_id, bool seated_here);
    /* user's socket here closed */
    void (*gone)(void *ctx, const char *user_id);
    /* user_id became a member of private room code of this node: its host, who opened it
       (opened), or a player who joined */
    void (*room_entered)(void *ctx, const char *code, const char *user_id, bool opened);
    /* users (n <= IPPON_ROOM_MAX_SEATS) left room code of this node; ended: the room is over
       (closed, started, expired), and users were its members */
    void (*room_left)(void *ctx, const char *code, const char *const *users, int n, bool ended);
    /* user_id (free to join: in no room, queue or match) asked to join room code, which this
       node does not have: the matchmaker sends it to the room's node
       (ippon_gateway_send_to_room) or refuses (ippon_gateway_room_refused) */
    void (*room_elsewhere)(void *ctx, const char *user_id, const char *code);
    /* where users[0 … n) are connected in the cluster, for an event's round (gateway_event_rounds.c):
       done(arg, nodes, n) later, once, nodes[i] the node of user i's live socket or "" (none, its
       node's lease gone, or seated at a running table); nodes NULL when the cluster did not answer.
       If the matchmaker is detached before the answer, done is not called and arg is free()d. */
    void (*presence_of)(void *ctx, const char *const *users, int n,
                        void (*done)(void *arg, const char *const *nodes, int n), void *arg);
    /* user_id, connected to node `node`, was seated at table_id of this node by an event's round:
       that node sends it here (the "move" message) */
    void (*seated_here)(void *ctx, const char *user_id, const char *node, const char *table_id);
    /* whether a match that ends now may be stored as it ended (this node's lease is known to
       hold); false: a completed one is held back (ippon_gateway_release_held). NULL: always */
    bool (*results_sure)(void *ctx);
} ippon_gateway_matchmaker;

/* use mm from now on (copied; NULL: none, the lobby forms its own tables) */
void ippon_gateway_set_matchmaker(ippon_gateway *gw, const ippon_gateway_matchmaker *mm);

/* whether this node forms new matches now (not draining, not in maintenance) */
bool ippon_gateway_forming(const ippon_gateway *gw);

/*
 * Seat a group the matchmaker took at a new table of this node with id table_id (32 hex; bots in
 * the other seats; ranked when it has enough humans; each entry's since the unix ms it queued at
 * and rating its ticket's, for the queue's statistics): those queued here stop waiting, and those
 * connected here get match_found at once; the others' seats wait for their sockets as a
 * reconnecting player's do. 0, or -1 (no table: out of memory, a bad id).
 */
int ippon_gateway_seat_group(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n,
                             const char *table_id);

/*
 * user_id's table is table on node `node` (reason "match_found": a match just formed there;
 * "seated": it plays there already): if it is connected here it stops waiting and is told to move
 * there. Returns whether it was connected here.
 */
bool ippon_gateway_send_elsewhere(ippon_gateway *gw, const char *user_id, const char *node, const char *table,
                                  const char *reason);

/*
 * user_id's private room `code` is on node `node` (it joined it there, or asked to join it and
 * is expected there): if it is connected here and in no room of this node, it is told to move
 * there ("move" with reason "room", PROTOCOL.md). Returns whether it was told.
 */
bool ippon_gateway_send_to_room(ippon_gateway *gw, const char *user_id, const char *node, const char *code);

/* user_id, connected here, belongs to room code of this node by the cluster's word (it was sent
   here to join it): it joins, as by room_join (errors go to it); nothing if it is in that room */
void ippon_gateway_room_arrived(ippon_gateway *gw, const char *user_id, const char *code);

/* user_id's room_join found its room on node `node`: it is told to move there, as by
   ippon_gateway_send_to_room (and its attempt, the code being right, is not a failed join) */
bool ippon_gateway_room_found_elsewhere(ippon_gateway *gw, const char *user_id, const char *node, const char *code);

/* user_id's room_join found no room to send it to: it is told so (error code and message; a
   failed join, counted by the limits on them, when the code is "no_room") */
void ippon_gateway_room_refused(ippon_gateway *gw, const char *user_id, const char *code, const char *message);

/* the matchmaker could not queue user_id (Redis away): it stops waiting here and is told so (an
   error with code and message, then "unqueued") */
void ippon_gateway_queue_refused(ippon_gateway *gw, const char *user_id, const char *code, const char *message);

/* user_id's table was on a node lost for good (voided): if it is connected here it is told so
   ("table_closed" with the table and the reason) */
void ippon_gateway_tell_lost(ippon_gateway *gw, const char *user_id, const char *table);

/* fn(ctx, id, users, n) for each running table of this node (users: its n human players) */
void ippon_gateway_each_table(ippon_gateway *gw, void (*fn)(void *ctx, const char *id, const char *const *users, int n),
                              void *ctx);

/*
 * Held results (gateway_held.c): a match that ends completed while the matchmaker's results_sure
 * says no is held back — its players have had match_end, but it is neither stored nor over in
 * the cluster's directory (table_over waits) — until the matchmaker releases it: as it ended
 * (void_reason NULL), or void (void_reason: stored not completed and counted for no one, its
 * players connected here told "table_closed" with the reason). table_id NULL: every held match.
 * At exit held matches are dropped unstored; their journals stay, so the next start replays them
 * and holds them again (ippon_gateway_hold_results).
 */
void ippon_gateway_release_held(ippon_gateway *gw, const char *table_id, const char *void_reason);

/* fn(ctx, id, users, n) for each held match (users: its n human players) */
void ippon_gateway_each_held(ippon_gateway *gw, void (*fn)(void *ctx, const char *id, const char *const *users, int n),
                             void *ctx);

/* a cluster node, before its journals are replayed and its matchmaker set: every completed match
   is held until the matchmaker, once set, releases it */
void ippon_gateway_hold_results(ippon_gateway *gw);

/* user_id connected on another node since: its socket here (if any) closes with "replaced" */
void ippon_gateway_replaced_elsewhere(ippon_gateway *gw, const char *user_id);

#endif
