/*
 * players_rest.c — GET /api/players/{id}: a player's profile (src/server/README.md, "Rankings").
 * An id that is not 32 hex digits is a 400, an unknown player a 404. The profile carries the
 * player's standings, "ratings" (api/ratings_json.h; README "Ratings"), and its season history,
 * "seasons" (api/seasons_json.h; README "Seasons"), and "bot" (a bot account's also says "owner" and
 * "description": api/bots_json.h, and its standings on the bot ladder, "ladder": api/ladder_json.h;
 * README "The bot ladder"). The reply is kept by the store
 * (ippon_store_reply_keep) until a match of the player's, a void or a rename: the standings change
 * only with the player's counted matches and voids, so they stay right too. The ranks of the
 * current season move with everyone's games: a player with games in it has its reply kept with
 * the stamp of the season's standings (store/store_seasons.h), so a game of anyone's makes it anew;
 * a bot's ladder ranks move with the other bots' matches, so they are in the stamp too
 * (store/store_ladder.h: ippon_ladder_stamp).
 */
#include "api/bots_json.h"
#include "api/ladder_json.h"
#include "api/rest.h"
#include "api/rankings_json.h"
#include "api/ratings_json.h"
#include "api/rest_params.h"
#include "api/seasons_json.h"
#include "base/wall_clock.h"
#include "store/store_rankings.h"
#include "store/store_seasons.h"

void ippon_rest_player_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1];
    if (ippon_rest_id_param(req->param, id) != 0) {
        ippon_rest_bad_param(res, "id", "32 hex digits (a player's id)");
        return;
    }
    int64_t now_ms = ippon_wall_ms();
    int months = ippon_config_season_months(app->config);
    int min_games = app->config ? app->config->leaderboard_min_games : 1;
    ippon_kept_query kq = {id, 0, 0, 0};
    if (!ippon_rest_have_store(app, res))
        return;
    json_t *ladder = NULL;
    if (ippon_store_season_stamp(app->store, now_ms, months, id, &kq.stamp) != 0 ||
        ippon_json_load_ladder(app->store, id, &ladder, &kq.stamp) != 0) {
        ippon_rest_store_failed(res);
        return;
    }
    if (ippon_rest_sent_kept(app, req, res, &kq)) {
        json_decref(ladder);
        return;
    }
    json_t *profile;
    int rc = ippon_json_load_profile(app->store, id, &profile);
    json_t *standings = NULL, *seasons = NULL;
    bool bot = rc == 0 && json_is_true(json_object_get(profile, "bot"));
    if (rc == 0 && (ippon_json_load_standings(app->store, id, &standings) != 0 ||
                    json_object_set_new(profile, "ratings", standings) != 0 ||
                    ippon_json_load_seasons(app->store, id, months, min_games, now_ms, &seasons) != 0 ||
                    json_object_set_new(profile, "seasons", seasons) != 0 ||
                    json_object_set_new(profile, "season_months", json_integer(months)) != 0 ||
                    (bot && (ippon_json_add_bot_about(app->store, id, profile) != 0 ||
                             json_object_set(profile, "ladder", ladder) != 0)))) {
        json_decref(profile);
        rc = -1;
    }
    json_decref(ladder);
    if (rc == IPPON_STORE_NOT_FOUND)
        ippon_rest_reply_error(res, 404, "not_found", "no player %s", id);
    else if (rc != 0)
        ippon_rest_store_failed(res);
    else
        ippon_rest_send_and_keep(app, req, res, &kq, profile);
}
