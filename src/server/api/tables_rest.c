/*
 * tables_rest.c — GET /api/tables: the running ranked tables anyone may watch, for the lobby's
 * list (game/gateway_watch.c makes it: seats, the hand, how long, how many watch):
 *
 *     {"tables":[{"id":"c0…","mode":"4p","seats":[{"seat":0,"name":"Rin","bot":false,"ai":false},…],
 *                 "round_wind":0,"kyoku":2,"honba":1,"running_ms":81250,"watchers":3}],
 *      "delay_s":60}
 *
 * A seat's "bot" is true for a built-in bot and for a bot account's AI over mjai, "ai" for the
 * latter only (gateway_watch.h). Public information only, never cached (it changes by the
 * second); a server without a game (a tool, a test) lists none.
 */
#include "api/rest.h"
#include "game/gateway.h"

void ippon_rest_tables_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    (void)req;
    json_t *tables = app->gateway ? ippon_gateway_watchable(app->gateway) : json_array();
    ippon_game_settings set = {0};
    if (app->gateway)
        ippon_gateway_settings_get(app->gateway, &set);
    ippon_rest_reply_json(res, 200, json_pack("{s:o,s:I}", "tables", tables, "delay_s",
                                              (json_int_t)(set.spectate_delay_ms / 1000)));
}
