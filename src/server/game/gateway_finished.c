/*
 * gateway_finished.c — finished matches handed to the store (gateway_finished.h), in groups.
 *
 * Group commit: a finished match is queued (a copy), and the queue is handed to the store writer
 * (pending_matches.h), which writes it in one transaction, FINISHED_FLUSH_MS after the first match
 * queued, or at once when FINISHED_GROUP are waiting (or when there is no event loop). Each match
 * is whole or absent after a crash; one that ends in the last few milliseconds before a crash is
 * absent. The writer never drops a match: it retries until stored, and what it holds at exit goes
 * to the pending-matches file.
 */
#include "game/gateway_finished.h"

#include <stdio.h>

#include "base/log.h"
#include "game/gateway_state.h"
#include "metrics.h"
#include "store/pending_matches.h"

enum { FINISHED_FLUSH_MS = 2, FINISHED_GROUP = 16 };

static void write_finished(ippon_gateway *gw)
{
    if (!gw->finished || ippon_store_batch_count(gw->finished) == 0)
        return;
    ippon_pending_matches_submit(gw->app->pending_matches, gw->finished); /* taken, whatever happens */
    gw->finished = NULL;
}

static void finished_due(lws_sorted_usec_list_t *sul)
{
    ippon_gateway *gw = lws_container_of(sul, ippon_gateway, finished_sul);
    gw->finished_sul_on = false;
    write_finished(gw);
}

void gw_store_finished(ippon_gateway *gw, const ippon_stored_match *rec)
{
    char err[256];
    if (!gw->finished)
        gw->finished = ippon_store_batch_new();
    int queued = !gw->app->pending_matches ? -1
               : gw->finished          ? ippon_store_batch_add(gw->finished, rec, err, sizeof err)
                                       : (snprintf(err, sizeof err, "out of memory"), -1);
    if (queued < 0) {
        ippon_log(IPPON_LOG_ERROR, "gateway: match %s was not stored: %s", rec->id,
                  gw->app->pending_matches ? err : "no database");
        ippon_metrics_count(gw->app->metrics, IPPON_METRIC_MATCH_NOT_STORED);
        return;
    }
    if (!gw->timers || queued >= FINISHED_GROUP) {
        if (gw->finished_sul_on)
            ippon_timers_cancel(&gw->finished_sul);
        gw->finished_sul_on = false;
        write_finished(gw);
    } else if (!gw->finished_sul_on) {
        gw->finished_sul_on = true;
        ippon_timers_schedule(gw->timers, &gw->finished_sul, finished_due, (lws_usec_t)FINISHED_FLUSH_MS * 1000);
    }
}

void gw_finished_free(ippon_gateway *gw)
{
    if (gw->finished_sul_on && gw->timers)
        ippon_timers_cancel(&gw->finished_sul);
    gw->finished_sul_on = false;
    if (gw->app && gw->app->pending_matches)
        write_finished(gw); /* the matches that ended last, before the writer stops */
    ippon_store_batch_free(gw->finished);
    gw->finished = NULL;
}
