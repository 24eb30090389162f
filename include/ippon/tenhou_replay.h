/*
 * tenhou_replay.h — replaying one hand of a tenhou.net/6 log through the rules engine: the
 * wall that deals and draws exactly the recorded tiles, then the recorded decisions (discards,
 * calls, riichi, kans, kita; who won from whom; a declared abortive draw), everything else left
 * to the engine. Used by ippon-replay, by the fuzz target fuzz_tenhou_log, and by the review of
 * a seat's decisions (include/ippon/review.h), which watches each turn and each answer to an offer
 * through two observers.
 */
#ifndef IPPON_TENHOU_REPLAY_H
#define IPPON_TENHOU_REPLAY_H

#include <jansson.h>

#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/tenhou_log.h"

/*
 * Replays hand `log` (one element of a game's "log") under rules, in the caller's match m
 * (ippon_match_size() bytes) and hand h (scratch). Returns a new object: {"deltas":[…],
 * "wins":[{who,from,pao,han,fu,yakuman,yaku:[[name,han]…]}]} or {"draw":"流局",
 * "deltas":[…]} (the engine's own result), or {"error":"seat S: …"} for a log the reader
 * refuses or a move the engine refuses. NULL only if out of memory.
 */
json_t *tenhou_replay_hand(const ippon_rules *rules, const json_t *log, ippon_match *m, tenhou_hand *h);

/*
 * Called on every recorded turn action (a discard, ankan, kakan or kita of the log's step `st`)
 * just before the engine applies it: m is the match as the acting seat sees it then (its tile
 * drawn, the offer resolved). A non-zero return stops the replay, whose result is then
 * {"error":"seat S: stopped by the observer"}.
 */
typedef int (*tenhou_turn_observer)(void *ctx, const ippon_match *m, const tenhou_step *st);

/* tenhou_replay_hand with an observer of the turns (NULL: none) */
json_t *tenhou_replay_hand_observed(const ippon_rules *rules, const json_t *log, ippon_match *m, tenhou_hand *h,
                                    tenhou_turn_observer observe, void *ctx);

/*
 * Called on every action the replay gives that is no recorded turn action, just before the
 * engine applies it: each seat's answer to an offer (the pass, ron, chi, pon or daiminkan the log
 * has it give; m as the answering seat sees it, ippon_match_legal(m, a->seat) its choices) and
 * the action that ends a log on a turn (tsumo, or kyuushu kyuuhai). A non-zero return stops the
 * replay as the turn observer's does.
 */
typedef int (*tenhou_answer_observer)(void *ctx, const ippon_match *m, const ippon_action *a);

/* tenhou_replay_hand_observed with an observer of the answers too (either may be NULL) */
json_t *tenhou_replay_hand_watched(const ippon_rules *rules, const json_t *log, ippon_match *m, tenhou_hand *h,
                                   tenhou_turn_observer observe, tenhou_answer_observer answer, void *ctx);

#endif
