/*
 * db_health.c — the database's state from the writer's status, the match writes and the event
 * loop's store (db_health.h). The worst finding wins.
 */
#include "store/db_health.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/wall_clock.h"
#include "store/pending_matches.h"
#include "store/store_writer.h"

const char *ippon_db_state_name(ippon_db_state state)
{
    switch (state) {
    case IPPON_DB_OK: return "ok";
    case IPPON_DB_DEGRADED: return "degraded";
    case IPPON_DB_UNWRITABLE: return "unwritable";
    default: return "unreadable";
    }
}

/* raise the state to `state` with its reason, if that is worse (the first reason of the worst stays) */
static void worse(ippon_db_health *h, ippon_db_state state, const char *reason)
{
    if (state > h->state) {
        h->state = state;
        snprintf(h->reason, sizeof h->reason, "%s", reason);
    }
}

void ippon_db_health_get(ippon_app *app, ippon_db_health *out)
{
    memset(out, 0, sizeof *out);
    out->matches_waiting = ippon_pending_matches_waiting(app->pending_matches);
    if (!app->store || !app->writer) {
        worse(out, IPPON_DB_UNWRITABLE, "no database");
        return;
    }
    ippon_writer_status ws;
    ippon_writer_status_get(app->writer, &ws);
    out->writer_queue = ws.queued;
    out->write_failures = ws.failures;
    char text[200];
    if (!ws.running)
        worse(out, IPPON_DB_UNWRITABLE, "the store writer has stopped");
    if (!ws.file_ok)
        worse(out, IPPON_DB_UNWRITABLE, ws.file_problem);
    if (ws.last == IPPON_WRITE_UNWRITABLE) {
        snprintf(text, sizeof text, "writes fail: %s", ws.last_error);
        worse(out, IPPON_DB_UNWRITABLE, text);
    }
    char words[160];
    if (ippon_store_unreadable(app->store, words, sizeof words) > 0) {
        snprintf(text, sizeof text, "a read failed: %s", words);
        worse(out, IPPON_DB_UNREADABLE, text);
    }
    unsigned long busy_before = ippon_store_busy_hits(app->store, NULL);
    if (ippon_store_ping(app->store) != 0 && ippon_store_busy_hits(app->store, NULL) == busy_before)
        worse(out, IPPON_DB_UNWRITABLE, "the database does not answer a read");
    if (ws.queued > 0 && (ws.last == IPPON_WRITE_BUSY || ws.last == IPPON_WRITE_REFUSED)) {
        snprintf(text, sizeof text, "writes wait: %s", ws.last_error);
        worse(out, IPPON_DB_DEGRADED, text);
    }
    if (ws.queued > 0 && ws.oldest_wait_ms > IPPON_DB_DEGRADED_MS) {
        snprintf(text, sizeof text, "a write has waited %lld ms", (long long)ws.oldest_wait_ms);
        worse(out, IPPON_DB_DEGRADED, text);
    }
    long long busy_at;
    if (ippon_store_busy_hits(app->store, &busy_at) > 0 && ippon_mono_ms() - busy_at < IPPON_DB_BUSY_RECENT_MS)
        worse(out, IPPON_DB_DEGRADED, "a read found the database locked");
}
