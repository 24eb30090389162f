/*
 * matchmaking.h — matchmaking across a cluster's nodes (deploy/cluster/README.md, "Matchmaking and moving players"): the
 * gateway's matchmaker (game/gateway_matchmaker.h) on a cluster node, over the shared state of
 * cluster/coord.h.
 *
 *   - A player who queues here gets a ticket in the mode's shared queue (its node, name, address,
 *     rating and when it queued); one seated at a running table anywhere is sent there instead.
 *   - While anyone waits here, this node takes from the shared queue (the atomic take: a whole
 *     table within the rating window, game/queue_window.h, or fewer plus bots once the first has
 *     waited bot_fill_after) and hosts the table it
 *     took; the take records every player's seat and the table's place in the same step. Players
 *     connected here get match_found; each player waiting on another node is announced to that
 *     node by a notice, which sends it here ("move", PROTOCOL.md). After a take that formed a
 *     table it takes again at once, so a long queue empties without waiting for ticks.
 *   - Every table this node starts seats its players in Redis (a practice or private table as
 *     much as a formed one: a player seated anywhere queues nowhere); a table over frees its
 *     players' seats; a node gone for good has its seats freed by whichever node voids it
 *     (cluster/node.h).
 *   - A node gone for good (voided by another: cluster/node.h) loses its tables; each of their
 *     players is told so at its next hello anywhere ("table_closed"). A node that comes back after
 *     that finds its resumed tables voided in the directory and closes them (stored without a
 *     result, its players told "table_closed"); so does a node that never stopped but whose lease
 *     renewal finds the lease gone (it was frozen or cut off past its lease: cluster/node.h).
 *     One whose tables Redis forgot lists and seats them again. A match that ends while the
 *     lease is not known to hold has its result held by the gateway until a renewal answers:
 *     stored as it ended, or void if the directory says so (game/gateway_matchmaker.h, "Held
 *     results").
 *   - Private rooms live on the node that opened them (matchmaking_rooms.c): a room_join here for
 *     another node's room sends the player there ("move", reason "room"), where it joins on
 *     arriving; a member reconnecting elsewhere is sent back to its room's node.
 *   - One live socket per user across the cluster: a hello here claims the user's presence, and
 *     the node that held it closes its socket ("replaced"); a hello from a player seated on
 *     another node sends it there, so a reconnect that lands on the wrong node finds its table.
 *
 * Redis away: a queue request is refused at once ("unavailable") and the player may queue again;
 * running tables play on (they are this node's own). Every notice stands for state that is read
 * again later (a seat, a presence), so a lost one costs only time: a player whose "seated" notice
 * was lost finds its table at its next hello. Single-threaded: the loop's thread.
 */
#ifndef IPPON_SERVER_MATCHMAKING_H
#define IPPON_SERVER_MATCHMAKING_H

#include "cluster/node.h"
#include "game/gateway.h"
#include "metrics.h"

typedef struct ippon_matchmaking ippon_matchmaking;

/* be gw's matchmaker on cluster's node from now on (its timers on the loop's timers), and listen
   to this node's notices; queue waits are counted in metrics (may be NULL). NULL if out of memory
   or the notices cannot be listened to */
ippon_matchmaking *ippon_matchmaking_start(ippon_gateway *gw, ippon_cluster *cluster, ippon_timers *timers,
                                           ippon_metrics *metrics);

/* stop being the gateway's matchmaker; replies still in flight find nothing to do. Free it after
   the cluster has stopped (its last replies come then); m may be NULL */
void ippon_matchmaking_detach(ippon_matchmaking *m);
void ippon_matchmaking_free(ippon_matchmaking *m);

#endif
