/*
 * matchmaking_rooms.c — private rooms across a cluster's nodes (matchmaking.h). A room lives on
 * the node that opened it; Redis knows which (room:<code>) and which room each player belongs to
 * (room_user:<user>, coord.h), for as long as a room may wait for its start.
 *
 *   - A room opened here is placed in Redis with its host; a player who joins or leaves it here
 *     is recorded or cleared; a room that closes, starts or expires clears its members.
 *   - A room_join here for a code this node does not have is looked up: on another node, the
 *     player is recorded as belonging to it (for a minute, until it arrives) and told to move
 *     there ("move", reason "room"); the node it arrives at sees at its hello that it belongs to
 *     one of its rooms and joins it (a member's record then lasts as long as the room may). No
 *     such room: "no_room"; Redis away: "unavailable". Such a join comes here only once the limits
 *     on codes that lead nowhere admitted it (game/gateway_room_limits.c); the answer tells the
 *     gateway whether it failed ("no_room") or found its room (ippon_gateway_room_found_elsewhere).
 *   - A member who reconnects on another node (a proxy gives no promise which) is sent back to
 *     its room's node at its hello, as a seated player is to its table's.
 *
 * A code is drawn by the node that opens the room; should another node hold the same code (six
 * characters of 31: one chance in 887 million for each other open room), the room is still
 * played here but only friends who reach this node can join it (logged).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "game/gateway_matchmaker.h"
#include "game/rooms.h"
#include "matchmaking/matchmaking_internal.h"

/* a membership outlives its room's longest wait by a minute, then Redis forgets it by itself */
#define ROOM_TTL_MS (IPPON_ROOM_MAX_AGE_MS + 60 * 1000L)
/* a player sent to another node's room is expected there this long: one that never arrives is not
   pulled into the room at a later connection */
#define ARRIVAL_TTL_MS (60 * 1000L)

static void opened(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (m && (!r->ok || r->number != 1))
        ippon_log_warn("matchmaking: room %s is not known to the other nodes (%s): only players on this node can "
                       "join it", a->table, r->ok ? "another node has that code" : "Redis did not answer");
    free(a);
}

void mm_room_entered(void *ctx, const char *code, const char *user_id, bool is_host)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, user_id, code);
    if (!a)
        return;
    if (is_host)
        ippon_coord_room_open(m->coord, code, user_id, ROOM_TTL_MS, opened, a);
    else
        ippon_coord_room_member(m->coord, user_id, mm_me(m), code, ROOM_TTL_MS, mm_ignore, a);
}

void mm_room_left(void *ctx, const char *code, const char *const *users, int n, bool ended)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, n > 0 ? users[0] : NULL, code);
    if (a)
        ippon_coord_room_leave(m->coord, code, ended, users, n, mm_ignore, a);
}

/* Redis did not answer: user's room_join cannot reach the other nodes' rooms just now */
static void refuse_unavailable(ippon_matchmaking *m, const char *user)
{
    ippon_gateway_room_refused(m->gw, user, "unavailable",
                               "private tables on the other servers cannot be reached just now: try again");
}

/* the player is recorded as belonging to the room on a->node: it is sent there */
static void recorded(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (m && r->ok)
        ippon_gateway_room_found_elsewhere(m->gw, a->user, a->node, a->table);
    else if (m)
        refuse_unavailable(m, a->user);
    free(a);
}

static void found(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    if (!m) {
        free(a);
        return;
    }
    if (!r->ok) {
        refuse_unavailable(m, a->user);
    } else if (!r->text || !strcmp(r->text, mm_me(m))) { /* none, or this node's, closed meanwhile */
        ippon_gateway_room_refused(m->gw, a->user, "no_room", "no private table has that code");
    } else {
        mm_ask *rec = mm_ask_new(m, IPPON_MODE_4P, a->user, a->table);
        if (rec) {
            snprintf(rec->node, sizeof rec->node, "%s", r->text);
            ippon_coord_room_member(m->coord, a->user, r->text, a->table, ARRIVAL_TTL_MS, recorded, rec);
        }
    }
    free(a);
}

void mm_room_elsewhere(void *ctx, const char *user_id, const char *code)
{
    ippon_matchmaking *m = ctx;
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, user_id, code);
    if (a)
        ippon_coord_room_find(m->coord, code, found, a);
    else
        ippon_gateway_room_refused(m->gw, user_id, "overloaded", "the server is short of memory: try again");
}

/* the room a player said hello with belongs to: joined here, or the player sent to its node */
static void room_known(void *ctx, const ippon_coord_reply *r)
{
    mm_ask *a = ctx;
    ippon_matchmaking *m = mm_ask_done(a);
    const char *bar = m && r->ok && r->text ? strchr(r->text, '|') : NULL;
    if (bar && bar > r->text && (size_t)(bar - r->text) < sizeof a->node && strlen(bar + 1) == IPPON_ROOM_CODE_LEN) {
        char node[sizeof a->node];
        snprintf(node, sizeof node, "%.*s", (int)(bar - r->text), r->text);
        if (!strcmp(node, mm_me(m)))
            ippon_gateway_room_arrived(m->gw, a->user, bar + 1);
        else
            ippon_gateway_send_to_room(m->gw, a->user, node, bar + 1);
    }
    free(a);
}

void mm_room_hello(ippon_matchmaking *m, const char *user_id)
{
    mm_ask *a = mm_ask_new(m, IPPON_MODE_4P, user_id, NULL);
    if (a)
        ippon_coord_room_of(m->coord, user_id, room_known, a);
}
