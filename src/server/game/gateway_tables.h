/*
 * gateway_tables.h — the running tables (gateway_tables.c): a table of the game (table.h) with its
 * timer in the gateway's heap, its journal (gateway_journal.h) and its spectators
 * (gateway_watch.h). The type is opaque: the other files reach a table through the functions
 * below. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_TABLES_H
#define IPPON_SERVER_GATEWAY_TABLES_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/gateway.h"
#include "game/lobby.h"
#include "game/table.h"

struct gw_table;
struct gw_spectators;

/* what a table started from a private room has of its own (gateway_rooms.c) */
typedef struct gw_table_options {
    bool private_match;     /* never ranked, stored as private */
    int clock_factor;       /* the clocks times this (1: standard) */
    bool no_spectators;
    int64_t watch_delay_ms; /* < 0: the server's spectate delay */
    bool mjai[IPPON_MAX_PLAYERS]; /* which of the humans given are bot accounts' AIs over mjai */
    const uint8_t *secret;  /* a bot-ladder set's walls (gateway_ladder.h): its secret, NULL: a fresh one */
    int first_dealer;       /* ... and its first dealer */
    ippon_match_ladder ladder; /* the set and rotation (set_id "": not a ladder match) */
    unsigned bot_seats;     /* an event's table (gateway_events.c): the seats bots play (bit s: seat s),
                               the humans given in the others, in order; 0: bots after the humans */
    bool no_contributions;  /* the walls come from the secret alone (an event's duplicate walls) */
    bool event_table;       /* an event's table: never left (gw_leave) */
    const char *id;         /* the table's and its match's id (32 hex); NULL: a new one */
} gw_table_options;

/* a table from the lobby (may_rank) or for practice (not ranked) */
void gw_start_table(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n, bool may_rank);
/* the same with the table's id given (32 hex, a matchmaker's; NULL: a new one): 0, or -1 if no
   table was made */
int gw_start_table_as(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n, bool may_rank,
                      const char *id);
/* a practice table of a bot account's AI over mjai (gateway_mjai.c) against built-in bots: 0 or -1 */
int gw_start_mjai_practice(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *ai);
/* a table started from a private room, the bot ladder or an event (never ranked): 0, or -1 if none
   was made */
int gw_start_table_with(ippon_gateway *gw, ippon_mode mode, const ippon_lobby_entry *humans, int n,
                         const gw_table_options *opt);
/* a table replayed from its journal's records (times already the gateway's; last_at: the latest
   "at" in unix ms) joins the running ones: 1; 0 if its match had ended as it replayed (its record
   stored); -1 if it does not replay (why in err); -2 out of memory */
int gw_table_restore(ippon_gateway *gw, const char *match_id, json_t *records, int64_t last_at, char *err,
                     size_t errlen);

/* the running tables, newest first (gw_table_prev: towards the oldest's newer neighbours) */
struct gw_table *gw_table_first(const ippon_gateway *gw);
struct gw_table *gw_table_next(const struct gw_table *gt);
struct gw_table *gw_table_prev(const struct gw_table *gt);
/* the game it plays */
ippon_table *gw_table_game(const struct gw_table *gt);
/* its match is over: it stays only until its spectators have had all of it */
bool gw_table_finished(const struct gw_table *gt);
/* its spectators (gateway_watch.c's) */
struct gw_spectators *gw_table_spectators(struct gw_table *gt);

/* the table of that id (its match's), running or kept for its spectators, or NULL */
struct gw_table *gw_table_by_id(ippon_gateway *gw, const char *id);
/* the table user_id plays at, or NULL */
struct gw_table *gw_table_of(ippon_gateway *gw, const char *user_id);
/* c's seat for a hello's reply: {"id","seat"}, or null */
json_t *gw_seat_json(ippon_gateway *gw, const ippon_conn *c);
/* the user ids of t's human players, seat order, into users: how many */
int gw_table_humans(const ippon_table *t, const char *users[IPPON_MAX_PLAYERS]);

/* c's player is back (hello, resume) having seen events up to last (-2: none known), proof: the
   "p" of that event (table.h "Proofs"; NULL: none) */
void gw_rejoin(ippon_gateway *gw, ippon_conn *c, long last, const char *proof, int64_t now);
/* the players' "resume", "act" and "contribute" */
void gw_resume(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);
void gw_act(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);
void gw_contribute(ippon_gateway *gw, ippon_conn *c, const json_t *msg, int64_t now);

/* the player's "leave": a practice table (not ranked, not private, no other person at it) ends
   without a result, forfeited (PROTOCOL.md, "Leaving a practice table"); any other table refuses */
void gw_leave(ippon_gateway *gw, ippon_conn *c);

/* sets the table's timer to its next wake-up: the table's own, a spectator fan-out, its end */
void gw_table_reschedule(struct gw_table *gt);
/* the one lws timer, set at the earliest table deadline once the gateway has its context */
void gw_tables_arm(ippon_gateway *gw);
/* ends a running table without a result (an admin closing it: gateway_live.c) and frees it soon */
void gw_table_close(ippon_gateway *gw, struct gw_table *gt, const char *reason);
/* a bot stand-in plays user_id's seat at gt to the match's end (ippon_table_stand_in, `why` told
   the others); the user, seated nowhere now, is told table_closed with `reason`. 0, or -1: not a
   person seated there */
int gw_table_stand_in(ippon_gateway *gw, struct gw_table *gt, const char *user_id, const char *why,
                      const char *reason);
/* every table freed (the finished matches not yet written are written first) */
void gw_tables_free(ippon_gateway *gw);

#endif
