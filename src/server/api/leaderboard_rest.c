/*
 * leaderboard_rest.c — GET /api/leaderboard?board=points&mode=4p|3p&period=all|season|month|week|day&page=1&limit=50
 * (src/server/README.md, "Rankings"). What counts and the tie rules: store/store_rankings.h.
 * period=season is the current season's board, &season=YYYY-MM (with period=season) another's
 * (base/season.h; README "Seasons"): malformed, not a season's first month, or not begun yet is a 400.
 * ?board=rating and ?board=dan are the ratings' boards, sent by ratings_rest.c; points (the sums
 * of results) is the default, and every reply names its board.
 *
 * Every bad parameter is a 400 bad_request naming it (rest_params.h). Replies carry an ETag and
 * a matching If-None-Match gets 304. Leaderboard replies are kept by the store
 * (ippon_store_leaderboard_keep) and sent again while nothing they show has changed
 * (ippon_store_leaderboard_kept): a popular page costs one lookup, not a rebuild.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/rest.h"
#include "api/rankings_json.h"
#include "api/rest_params.h"
#include "api/seasons_json.h"
#include "base/mode.h"
#include "base/season.h"
#include "base/wall_clock.h"
#include "store/store_rankings.h"
#include "store/store_ratings.h"

/* "a season's first month: … one of 01, 04, 07 or 10" for seasons of months months */
static void unaligned_problem(char *out, size_t outlen, int months)
{
    int n = snprintf(out, outlen, "a season's first month (seasons are %d month%s long from January): YYYY-", months,
                     months > 1 ? "s" : "");
    for (int m = 1; m <= 12 && n > 0 && (size_t)n < outlen; m += months)
        n += snprintf(out + n, outlen - (size_t)n, "%s%02d", m == 1 ? "" : m + months > 12 ? " or " : ", ", m);
}

/* the season of ?season= (got: what ippon_rest_param said of it) with seasons of months months, or
   the current one when absent: true, or false after the 400 */
static bool season_param(ippon_rest_response *res, int got, const char *text, int months, int64_t now_ms,
                         int32_t *season)
{
    int32_t current = ippon_season_of(now_ms, months);
    char problem[200];
    if (got == 0) {
        *season = current;
        return true;
    }
    ippon_season_problem p = got < 0 ? IPPON_SEASON_MALFORMED : ippon_season_parse(text, months, season);
    if (p == IPPON_SEASON_MALFORMED)
        snprintf(problem, sizeof problem, "a season's first month, \"YYYY-MM\" (a year from 1970, a month 01..12)");
    else if (p == IPPON_SEASON_UNALIGNED)
        unaligned_problem(problem, sizeof problem, months);
    else if (*season > current)
        snprintf(problem, sizeof problem, "a season that has begun: %s is in the future", text);
    else
        return true;
    ippon_rest_bad_param(res, "season", problem);
    return false;
}

void ippon_rest_leaderboard_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char board_text[8] = "points";
    int got = ippon_rest_param(req, "board", board_text, sizeof board_text);
    if (got > 0 && !strcmp(board_text, "rating")) {
        ippon_rest_rating_board_get(app, req, res, IPPON_BOARD_RATING);
        return;
    }
    if (got > 0 && !strcmp(board_text, "dan")) {
        ippon_rest_rating_board_get(app, req, res, IPPON_BOARD_DAN);
        return;
    }
    if (got < 0 || strcmp(board_text, "points") != 0) {
        ippon_rest_bad_param(res, "board", "\"points\", \"rating\" or \"dan\"");
        return;
    }
    char period_text[8] = "all", season_text[16];
    ippon_mode mode;
    if (!ippon_rest_mode_param(req, res, &mode))
        return;
    got = ippon_rest_param(req, "period", period_text, sizeof period_text);
    bool season_board = got > 0 && !strcmp(period_text, "season");
    int period = season_board ? IPPON_PERIOD_ALL : got < 0 ? -1 : ippon_rank_period_parse(period_text);
    if (period < 0) {
        ippon_rest_bad_param(res, "period", "\"all\", \"season\", \"month\", \"week\" or \"day\"");
        return;
    }
    int64_t now_ms = ippon_wall_ms();
    int months = ippon_config_season_months(app->config);
    int32_t season = 0;
    got = ippon_rest_param(req, "season", season_text, sizeof season_text);
    if (got != 0 && !season_board) {
        ippon_rest_bad_param(res, "season", "only with period=season");
        return;
    }
    if (season_board && !season_param(res, got, season_text, months, now_ms, &season))
        return;
    int page, limit;
    if (!ippon_rest_paging(app, req, res, &page, &limit))
        return;
    ippon_leaderboard_query q = {
        .mode = mode,
        .period = (ippon_rank_period)period,
        .now_ms = now_ms,
        .page = page,
        .limit = limit,
        .min_games = app->config ? app->config->leaderboard_min_games : 1,
        .season_months = season_board ? months : 0,
        .season = season,
    };
    const char *kept;
    size_t kept_len;
    int found = ippon_store_leaderboard_kept(app->store, &q, &kept, &kept_len);
    if (found > 0) {
        ippon_rest_reply_cached_text(req, res, NULL, kept, kept_len);
        return;
    }
    json_t *board;
    if (found < 0 || ippon_json_load_leaderboard(app->store, &q, &board) != 0) {
        ippon_rest_store_failed(res);
        return;
    }
    json_object_set_new(board, "board", json_string("points"));
    json_object_set_new(board, "mode", json_string(ippon_mode_name(mode)));
    json_object_set_new(board, "period", json_string(ippon_rank_period_name(q.period)));
    json_object_set_new(board, "page", json_integer(page));
    json_object_set_new(board, "limit", json_integer(limit));
    json_object_set_new(board, "min_games", json_integer(q.min_games));
    if (season_board && ippon_json_season_keys(board, season, months, now_ms) != 0) {
        json_decref(board);
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return;
    }
    char *text = ippon_rest_send_json(req, res, board);
    if (text)
        ippon_store_leaderboard_keep(app->store, &q, text, strlen(text));
    free(text);
}
