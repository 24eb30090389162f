/*
 * review_rest.c — the review of a seat's decisions over REST (src/review/README.md; routes in
 * src/server/README.md, "The review"):
 *
 *     GET  /api/matches/{id}/review?seat=N   a stored match, seat N as the match numbers it
 *     POST /api/review?seat=N[&rules=NAME]   a tenhou.net/6 game in the body, seat N as it numbers it
 *
 * GET walks the match's tenhou.net/6 log, rebuilt exactly as ?format=tenhou downloads it
 * (match_logs.h), under the match's own rule preset. That log numbers the seats from the first
 * dealer, so table seat N is log seat (N − first dealer) mod players; the reply is the library's
 * review JSON with "seat" the table seat asked for, plus "log_seat", "match" and "rules". Only a
 * stored (finished) match is reviewed: a match still being played is 409 match_running (its log
 * would show every concealed tile), an unknown one 404.
 *
 * POST takes any tenhou.net/6 game (4 or 3 players) without an account: the rules are ?rules= (a
 * preset's name) or, as ippon-review infers them, tenhou3 for a 3-player game and tenhou4 else.
 * Nothing is stored. Each address may post REVIEW_BURST reviews per REVIEW_WINDOW_MS (429 with
 * Retry-After beyond); the body is at most the transport's limit for every REST body (64 KB, net/
 * http.c: a whole tenhou.net/6 hanchan is 20–40 KB; 413 beyond). A log the reader or the engine
 * refuses is 400 bad_log with the library's text, which names the hand and why.
 *
 * A review takes a few milliseconds (tests/bench/README.md, "Review"), about what rebuilding the
 * log itself takes, so both run on the event loop like the other reads and nothing is kept.
 */
#include <stdio.h>
#include <string.h>

#include "api/match_logs.h"
#include "api/rest.h"
#include "api/rest_params.h"
#include "auth/auth.h"
#include "base/ratelimit.h"
#include "base/wall_clock.h"
#include "ippon/review.h"
#include "ippon/tenhou_log.h"

/* ?seat=: 0..players−1, required; -1 after the 400 */
static int seat_param(const ippon_rest_request *req, ippon_rest_response *res, int players)
{
    int seat = ippon_rest_int_param(req, res, "seat", -2, 0, players - 1);
    if (seat == -2) {
        char problem[64];
        snprintf(problem, sizeof problem, "required: an integer 0..%d", players - 1);
        ippon_rest_bad_param(res, "seat", problem);
        return -1;
    }
    return seat;
}

/* reviews log seat `seat` of game under rules: the review's JSON, or NULL after replying (400
   bad_log with the library's text, or 500 out of memory) */
static json_t *review_json(const json_t *game, int seat, const ippon_rules *rules, ippon_rest_response *res)
{
    ippon_review review;
    char err[300];
    json_t *out = NULL;
    if (ippon_review_game(game, seat, rules, &review, err, sizeof err) != 0)
        ippon_rest_reply_error(res, 400, "bad_log", "%s", err);
    else if (!(out = ippon_review_json(&review)))
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
    ippon_review_free(&review);
    return out;
}

void ippon_rest_match_review_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1];
    json_t *match = ippon_rest_stored_match(app, req, res, true, id);
    if (!match)
        return;
    const char *mode = json_string_value(json_object_get(match, "mode"));
    int seat = seat_param(req, res, mode && !strcmp(mode, "3p") ? 3 : 4);
    ippon_replay_logs logs;
    char rules_name[32];
    if (seat < 0 || ippon_rest_match_logs(app, id, match, &logs, rules_name, res) != 0) {
        json_decref(match);
        return;
    }
    json_decref(match);
    const ippon_rules *rules = ippon_rules_preset(rules_name);
    json_t *review = NULL;
    if (!rules)
        ippon_rest_reply_error(res, 500, "internal", "match %s: unknown rules \"%s\"", id, rules_name);
    else
        review = review_json(logs.tenhou, (seat - logs.first_dealer + logs.players) % logs.players, rules, res);
    if (review) {
        json_object_set(review, "log_seat", json_object_get(review, "seat"));
        json_object_set_new(review, "seat", json_integer(seat));
        json_object_set_new(review, "match", json_string(id));
        json_object_set_new(review, "rules", json_string(rules_name));
        ippon_rest_reply_cached(req, res, review);
    }
    ippon_replay_logs_free(&logs);
}

enum {
    REVIEW_BURST = 30,           /* reviews an address may post at once … */
    REVIEW_WINDOW_MS = 60 * 1000 /* … and again per this window */
};

ippon_ratelimit *ippon_rest_review_limiter(void)
{
    return ippon_ratelimit_create(REVIEW_BURST, REVIEW_WINDOW_MS, 4096);
}

void ippon_rest_review_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char key[80];
    long long retry_ms = 0;
    ippon_auth_address_key(req->address ? req->address : "", key, sizeof key);
    if (app->reviews && !ippon_ratelimit_take(app->reviews, key, ippon_mono_ms(), &retry_ms)) {
        ippon_rest_reply_error(res, 429, "rate_limited", "too many reviews from this address: try again in %lld s",
                               (retry_ms + 999) / 1000);
        res->retry_after = (int)((retry_ms + 999) / 1000);
        return;
    }
    char rules_name[32];
    int got = ippon_rest_param(req, "rules", rules_name, sizeof rules_name);
    if (got < 0 || (got > 0 && !ippon_rules_preset(rules_name))) {
        ippon_rest_bad_param(res, "rules", "a rule preset's name (yonma, sanma, tenhou4, tenhou3)");
        return;
    }
    json_t *game = ippon_rest_body_object(req, res, 0);
    if (!game)
        return;
    if (!json_is_array(json_object_get(game, "log"))) {
        ippon_rest_reply_error(res, 400, "bad_log", "not a tenhou.net/6 game: no \"log\" array");
        json_decref(game);
        return;
    }
    int players = tenhou_game_is_sanma(game) ? 3 : 4;
    const ippon_rules *rules = ippon_rules_preset(got > 0 ? rules_name : players == 3 ? "tenhou3" : "tenhou4");
    int seat = seat_param(req, res, players);
    json_t *review = NULL;
    if (seat >= 0 && rules && rules->players != players)
        ippon_rest_reply_error(res, 400, "bad_request", "rules: %s is for %d players, the game has %d", rules_name,
                               rules->players, players);
    else if (seat >= 0)
        review = review_json(game, seat, rules, res);
    json_decref(game);
    if (review)
        ippon_rest_reply_json(res, 200, review);
}
