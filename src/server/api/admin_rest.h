/*
 * admin_rest.h — the admin area's REST routes (admin_rest.c). Every one needs the session of
 * an administrator (a registered account with the admin role, not banned): no or a bad token
 * is 401 unauthorized, anyone else 403 not_admin (403 banned for a banned caller).
 *
 *   GET  /api/admin/tables                the running game (game/gateway_live.h: tables, queues, connections)
 *   GET  /api/admin/tables/{id}           a running table's public view (poll it to watch)
 *   POST /api/admin/close-table           {table, reason}: ends it without a result
 *   GET  /api/admin/users?q=&banned=1&bots=1&page=&limit=   find users (bots=1: bot accounts only)
 *   POST /api/admin/ban                   {user_id, reason}
 *   POST /api/admin/unban                 {user_id, reason}
 *   POST /api/admin/rename                {user_id, display_name, reason}
 *   POST /api/admin/void                  {match_id, reason}: out of the rankings, the record stays
 *                                         (ranked matches only: 409 not_ranked otherwise)
 *   POST /api/admin/bots/{id}/suspend     {reason}: the bot may not play; /unsuspend {reason}: it may again
 *   GET  /api/admin/settings              the live settings (admin_settings.h)
 *   PUT  /api/admin/settings              {values: {key: value, …}, reason}
 *   GET  /api/admin/audit?action=&page=&limit=       the audit log, newest first
 *   GET  /api/admin/queue?days=14         the ranked queue's tables per mode and day: count, median
 *                                         rating spread, median wait (store_queue_stats.h)
 *
 * Every change is written with its audit row (who, what, when, why) in one transaction; a
 * change whose effect is not in the database (closing a table) is audited before it is made.
 */
#ifndef IPPON_SERVER_ADMIN_REST_H
#define IPPON_SERVER_ADMIN_REST_H

#include "api/rest.h"

#define IPPON_ADMIN_REASON_MAX 500 /* bytes of a reason */

void ippon_admin_tables_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_table_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_close_table_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_users_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_ban_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_unban_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_rename_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_void_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
/* POST /api/admin/bots/{id}/suspend {reason} and /unsuspend {reason}: a bot account (store_bots.h)
   kept from playing, or let play again; 200 {bot}, 404, 409 already_suspended / not_suspended */
void ippon_admin_bot_suspend_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_bot_unsuspend_post(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_settings_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_settings_put(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);
void ippon_admin_audit_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);

/* GET /api/admin/pairs?days=7&min_games=2&page=1&limit=50 — pairs of players who often met at
   ranked tables in the last days, with their results against each other (store_admin.h
   ippon_store_admin_pairs), read off the event loop by app->reader (the reply is deferred) */
void ippon_admin_pairs_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);

/* GET /api/admin/queue?days=14 — the ranked tables the queue formed in the last days (1..90, whole
   UTC days), per day and mode: how many, the median of their rating spreads and of their humans'
   waits; read off the event loop by app->reader as the pairs are (the reply is deferred) */
void ippon_admin_queue_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);

#endif
