/*
 * stored_match.h — a finished match as the store takes it: who sat where, the rules, the final
 * points and results, and what replays it (the seeds of every hand, the secret and contributions they come from, the actions, the wins). The
 * store owns this type; a table (game/table.h) fills one when its match ends and hands it over
 * (store_matches.h writes it, pending_matches.h carries it there). Every pointer is borrowed: the
 * store copies what it keeps.
 */
#ifndef IPPON_SERVER_STORED_MATCH_H
#define IPPON_SERVER_STORED_MATCH_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "ippon/rules.h"

/* who sits at a seat */
typedef struct ippon_seat_player {
    char user_id[40]; /* empty for a bot */
    char name[80];
    bool bot;         /* a built-in bot, played by the table itself */
    bool mjai;        /* a bot account's AI, spoken to over mjai (src/server/MJAI.md): a player's seat
                         with its clock, its messages mjai lines (table.h, "AI seats") */
} ippon_seat_player;

/* how the ranked queue formed the match's table (game/queue_window.h), for the queue's statistics
   (store_queue_stats.h) */
typedef struct ippon_match_queue {
    bool formed;        /* false: not formed by the ranked queue (practice, a private room, a table
                           resumed from its journal): nothing is recorded */
    double spread;      /* the humans' rating spread: highest − lowest mu of the mode */
    int64_t wait_ms[4]; /* each seat's wait in the queue (ms); a bot's is not recorded */
} ippon_match_queue;

/* the bot-ladder set a match was played in (game/gateway_ladder.c): its id and which seat rotation
   (0 … players − 1) of its walls this match was; set_id "" for any other match */
typedef struct ippon_match_ladder {
    char set_id[33]; /* 32 hex, or "" */
    int rotation;
} ippon_match_ladder;

typedef struct ippon_stored_match {
    const char *id;
    const ippon_rules *rules;
    int players;
    bool ranked;
    bool completed;            /* false: ended without a winner (closed by an admin, shutdown) */
    bool private_match;        /* played at a friends' private table (never ranked) */
    int64_t started_ms, ended_ms;
    int hands;
    const ippon_seat_player *seats;
    const int32_t *final_points, *results;
    const json_t *seeds;       /* ["hex", …] one per hand */
    const json_t *actions;     /* [[hand, seat, {action}, at_ms, bank_ms], …] (game/table.c) */
    const json_t *wins;        /* the win events as sent, each with the winner's melds, kita and the
                                  dora indicators (game/protocol.h: ippon_proto_win_record) */
    const json_t *fairness;    /* {"secret","commitment","contributions":["hex" or "", …]}: what the
                                  seeds were made from (include/ippon/fairness.h); NULL for matches
                                  whose seeds were drawn directly */
    ippon_match_queue queue;   /* how the queue formed it (queue.formed false: it did not) */
    ippon_match_ladder ladder; /* a bot-ladder match's set and rotation (set_id "": not one) */
} ippon_stored_match;

#endif
