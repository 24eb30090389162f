/*
 * health.c — GET /api/health: is this process serving, and is its database answering?
 *
 *     200 {"status":"ok","version":"0.1.0","db":"ok","instance":"9f0c…(32 hex)"}
 *     503 {"status":"error","version":"0.1.0","db":"error","instance":"…"}
 *
 * A load balancer polls it; "instance" tells replicas (and restarts) apart. While the server
 * shuts down the status is "draining" (still 200: no new matches, running ones finish).
 */
#include "gateway.h"
#include "rest.h"

#ifndef IPPON_VERSION
#define IPPON_VERSION "0.0.0"
#endif

void ippon_health_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    (void)req;
    int db_ok = ippon_store_ping(app->store) == 0;
    bool draining = app->gateway && ippon_gateway_draining(app->gateway);
    ippon_rest_reply_json(res, db_ok ? 200 : 503,
                          json_pack("{s:s, s:s, s:s, s:s}", "status", !db_ok ? "error" : draining ? "draining" : "ok",
                                    "version", IPPON_VERSION, "db", db_ok ? "ok" : "error",
                                    "instance", app->instance));
}
