/*
 * metrics_rest.h — GET /metrics: the Prometheus page (its families are listed in metrics.h). The
 * gauges are read when the page is made: the game's from the gateway (ippon_gateway_stats_get),
 * the store's from db_health.h; the counters and histograms are metrics.c's own.
 */
#ifndef IPPON_SERVER_METRICS_REST_H
#define IPPON_SERVER_METRICS_REST_H

#include <stdint.h>

#include "api/rest.h"
#include "metrics.h"

/* the whole page (malloc'd text) for m and app's gateway and store (either may be NULL: zeros,
   no store gauges) at now_ms; NULL if out of memory */
char *ippon_metrics_render(const ippon_metrics *m, ippon_app *app, int64_t now_ms);

/* GET /metrics */
void ippon_metrics_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res);

#endif
