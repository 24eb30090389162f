/*
 * replay_logs.h — a stored match's logs, rebuilt from what the store keeps: the rule preset,
 * one fairness seed per hand and the action log ([[hand, seat, action, at_ms, bank_ms], …],
 * table.c). Same
 * walls + same actions = same match, so replaying them through the rules core gives every
 * event again, private ones included, and the log writer (include/ippon/game_log.h) turns those
 * into a tenhou.net/6 game and mjai events.
 *
 * The first dealer is not stored separately: it is the seat of the match's first action (the
 * dealer always acts first in a hand). A match closed before anybody acted has no dealer to
 * find; its log starts with seat 0 as the dealer.
 *
 * Steps, for the replay viewer (GET /api/matches/{id}?format=replay): one per deal and one per
 * action, in order — {"hand":k,"events":[…]} for a deal, {"hand","seat","action","at_ms",
 * "bank_ms","events":[…]} for an action (at_ms and bank_ms when the record has them: when it was
 * taken, from the match's start, and the seat's bank after it). The events are the protocol's
 * (PROTOCOL.md) with every hand open: each seat's deal (with its "seat") and drawn tiles, a
 * hand_start with its kyoku; never the wall beyond what was drawn or revealed.
 */
#ifndef IPPON_SERVER_REPLAY_LOGS_H
#define IPPON_SERVER_REPLAY_LOGS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ippon_replay_logs {
    json_t *tenhou;          /* the tenhou.net/6 game object */
    json_t *mjai;            /* the mjai events, an array (one per line when downloaded) */
    json_t *steps;           /* the replay viewer's steps (below) */
    int first_dealer;
    int players;
    int hands;               /* hands dealt while replaying */
    int over;                /* 1 if the replay reached the end of the match (a win) */
    int32_t final_points[4]; /* the points after the last action replayed */
} ippon_replay_logs;

/*
 * Replays a stored match: rules is the preset's name, seeds and actions as stored, names the
 * seats' names (NULL entries: "Seat N"), bots whether a bot plays each seat (a built-in bot or a
 * bot account; NULL: the logs do not say), title and subtitle the tenhou.net/6 log's two title
 * lines; both logs number the seats from the first dealer (src/logs/game_log.c). Neither format
 * has a field for bots, so ippon adds one beside the names, in the logs' seat order: the
 * tenhou.net/6 game's top-level "bots" (four entries, as its "name"; a 3-player log's fourth
 * false) and mjai's start_game "bots" (one per player). 0 with *out
 * filled (free it with ippon_replay_logs_free), or -1 with the problem in err ("hand 2: seed:
 * not 64 hex digits", "action 17: action: not one of your options"): the stored record does not
 * replay.
 */
int ippon_replay_logs_build(const char *rules, const json_t *seeds, const json_t *actions,
                           const char *const *names, const bool *bots, const char *title, const char *subtitle,
                           ippon_replay_logs *out, char *err, size_t errlen);

void ippon_replay_logs_free(ippon_replay_logs *logs);

#endif
