/*
 * gateway_ladder.h — the bot ladder (src/server/README.md, "The bot ladder"; MJAI.md, room
 * "ladder"): public bots connected at /mjai?room=ladder are seated against each other in
 * duplicate sets. A set is one set of walls — one match secret and one first dealer — played once
 * per seat rotation by the same bots (4 matches in 4-player, 3 in 3-player): at rotation r the
 * set's bot k sits at seat (k + r) mod players, so every bot plays every seat of the same walls
 * and the luck of the deal cancels out over the set. Each match is stored and rated on its own
 * (store/ladder_writes.h); the ladder page adds a set's results up.
 *
 * How it runs. A bot entering the ladder waits in its mode's pool until there are enough bots for
 * a table; the oldest waiting form a set in a random base order, with a fresh secret and first
 * dealer, and its rotation 0 starts at once. When a rotation's match ends, the bots' connections
 * close (end_game, as every mjai match ends) and the set waits up to LADDER_RETURN_MS for all of
 * them to enter again; then the next rotation starts. A set whose bot does not come back in time,
 * or is suspended from the ladder during it, ends there: its finished matches stay stored and
 * rated, and the bots that came back return to the pool. A bot that lets its clock run out
 * LADDER_STRIKES times in one ladder match is suspended from the ladder with the reason (its
 * owner sees it and lifts it in the account page); practice stays open to it.
 *
 * A restart keeps a set that was playing: its table comes back from its journal, which holds the
 * set's id, rotation, secret and first dealer, and the set is rebuilt from it
 * (gw_ladder_restored). A set between rotations at a restart ends, as if its bots had not come
 * back. On a cluster each node runs its own ladder over the bots connected to it.
 * Not a public header: the gateway's files call it (gateway_mjai.c, gateway_tables.c).
 */
#ifndef IPPON_SERVER_GATEWAY_LADDER_H
#define IPPON_SERVER_GATEWAY_LADDER_H

#include "base/mode.h"
#include "game/gateway.h"
#include "game/table.h"

enum {
    LADDER_RETURN_MS = 60000, /* a set's wait for its bots between two rotations */
    LADDER_STRIKES = 3,       /* timeouts in one ladder match that suspend a bot from the ladder */
};

/* the bot of connection c (an AI at /mjai, seated nowhere) enters the ladder of mode */
void gw_ladder_enter(ippon_gateway *gw, ippon_conn *c, ippon_mode mode);
/* the AI bot_id's connection closed: it leaves the pool (a set between rotations waits on) */
void gw_ladder_left(ippon_gateway *gw, const char *bot_id);
/* the AI bot_id waits in a pool (a private room may seat it: gateway_room_bots.c) */
bool gw_ladder_pooled(const ippon_gateway *gw, const char *bot_id);
/* a ladder match ended (rec->ladder names its set): the set goes on to its next rotation */
void gw_ladder_match_over(ippon_gateway *gw, const ippon_stored_match *rec);
/* a ladder table came back from its journal: its set is rebuilt, playing */
void gw_ladder_restored(ippon_gateway *gw, ippon_table *t);
/* the AI at `seat` of ladder table t ran out of time: a strike */
void gw_ladder_timed_out(ippon_gateway *gw, ippon_table *t, int seat, const char *bot_id);
/* frees the ladder's state (the gateway's end) */
void gw_ladder_free(ippon_gateway *gw);

/* what the ladder holds now (gateway.h's ippon_ladder_counts), for the gateway's stats */
void gw_ladder_counts(const ippon_gateway *gw, ippon_ladder_counts *out);

#endif
