/*
 * health.c — GET /api/health: is this process serving, and can it write its database?
 *
 *     200 {"status":"ok","version":"0.1.0","db":"ok","instance":"9f0c…(32 hex)",
 *          "matches_waiting":0,"writer_queue":0}
 *     503 {"status":"degraded","db":"degraded","reason":"writes wait: database is locked",…}
 *     503 {"status":"error","db":"unwritable","reason":"writes fail: database or disk is full",…}
 *     503 {"status":"error","db":"unreadable","reason":"a read failed: database disk image is malformed",…}
 *
 * "db" is the database's state (db_health.h: ok, degraded, unwritable, unreadable) and "reason" says why it
 * is not ok; "matches_waiting" counts the finished matches not stored yet, "writer_queue" the
 * store writer's jobs. "matches_lost" counts the matches this start could not resume:
 * {"journals_unreadable": journals set aside as unreadable at start-up, "voided_at_resume": restored
 * matches voided because a player proved their journal lost its end} (the status stays as it is:
 * an operator's alert, not a balancer's). A load balancer polls it; "instance" tells replicas (and restarts) apart.
 * While the server shuts down the status is "draining" (still 200 if the database is ok: no new
 * matches, running ones finish).
 *
 * A node of a cluster adds "cluster": its name, Redis's state and every node as its last lease
 * renewal read them (cluster/node.h); with Redis away the status is "degraded" (200: the node's
 * own tables play on, and a balancer should keep sending their players); when Redis refused the
 * node's sign-in (a wrong password: it cannot join) the reason says so, with Redis's answer.
 */
#include <stdio.h>

#include "cluster/node.h"
#include "store/db_health.h"
#include "game/gateway.h"
#include "api/rest.h"

#ifndef IPPON_VERSION
#define IPPON_VERSION "0.0.0"
#endif

void ippon_health_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    (void)req;
    ippon_db_health h;
    ippon_db_health_get(app, &h);
    bool draining = app->gateway && ippon_gateway_draining(app->gateway);
    bool redis_away = app->cluster && !ippon_cluster_redis_up(app->cluster);
    const char *status = h.state >= IPPON_DB_UNWRITABLE          ? "error"
                         : h.state == IPPON_DB_DEGRADED || redis_away ? "degraded"
                         : draining                              ? "draining"
                                                                 : "ok";
    json_t *body = json_pack("{s:s, s:s, s:s, s:s, s:i, s:I}", "status", status, "version", IPPON_VERSION, "db",
                             ippon_db_state_name(h.state), "instance", app->instance, "matches_waiting",
                             h.matches_waiting, "writer_queue", (json_int_t)h.writer_queue);
    if (body && h.state != IPPON_DB_OK)
        json_object_set_new(body, "reason", json_string(h.reason));
    else if (body && redis_away) {
        const char *refusal = ippon_cluster_redis_refusal(app->cluster);
        char why[300];
        snprintf(why, sizeof why, "the cluster's Redis %s%s", refusal ? "refused this node's sign-in: " : "is away",
                 refusal ? refusal : "");
        json_object_set_new(body, "reason", json_string(why));
    }
    if (body && app->gateway) {
        ippon_gateway_stats g;
        ippon_gateway_stats_get(app->gateway, &g);
        json_object_set_new(body, "matches_lost", ippon_gateway_lost_json(&g));
    }
    if (body && app->cluster)
        json_object_set_new(body, "cluster", ippon_cluster_json(app->cluster));
    if (h.state != IPPON_DB_OK)
        res->retry_after = 5;
    ippon_rest_reply_json(res, h.state == IPPON_DB_OK ? 200 : 503, body);
}
