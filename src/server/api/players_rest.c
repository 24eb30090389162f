/*
 * players_rest.c — GET /api/players/{id}: a player's profile (src/server/README.md, "Rankings").
 * An id that is not 32 hex digits is a 400, an unknown player a 404. The profile carries the
 * player's standings, "ratings" (api/ratings_json.h; README "Ratings"). The reply is kept by the
 * store (ippon_store_reply_keep) until a match of the player's, a void or a rename: the
 * standings change only with the player's counted matches and voids, so they stay right too.
 */
#include "api/rest.h"
#include "api/rankings_json.h"
#include "api/ratings_json.h"
#include "api/rest_params.h"
#include "store/store_rankings.h"

void ippon_rest_player_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    char id[IPPON_USER_ID_LEN + 1];
    if (ippon_rest_id_param(req->param, id) != 0) {
        ippon_rest_bad_param(res, "id", "32 hex digits (a player's id)");
        return;
    }
    ippon_kept_query kq = {id, 0, 0};
    if (!ippon_rest_have_store(app, res) || ippon_rest_sent_kept(app, req, res, &kq))
        return;
    json_t *profile;
    int rc = ippon_json_load_profile(app->store, id, &profile);
    json_t *standings = NULL;
    if (rc == 0 && (ippon_json_load_standings(app->store, id, &standings) != 0 ||
                    json_object_set_new(profile, "ratings", standings) != 0)) {
        json_decref(profile);
        rc = -1;
    }
    if (rc == IPPON_STORE_NOT_FOUND)
        ippon_rest_reply_error(res, 404, "not_found", "no player %s", id);
    else if (rc != 0)
        ippon_rest_store_failed(res);
    else
        ippon_rest_send_and_keep(app, req, res, &kq, profile);
}
