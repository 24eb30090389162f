/*
 * gateway_restore.c — at start-up, every journal the previous run left (gateway_journal.c) replayed
 * into a running table again (ippon_gateway_restore, gateway.h).
 *
 * Times: a journal's "at" are unix ms (gateway_journal.h), turned back into this process's
 * monotonic time when read; a journal read back takes a time before the one before it as that one
 * (journals written before that rule could go back a millisecond). A restored table joins the
 * gateway as if it had just been formed (gateway_tables.h, gw_table_restore): its humans seated
 * (so that their hello finds it and a resume with their last event number picks up where they
 * were), its timer set. A journal that does not read or does not replay is renamed
 * "<id>.jsonl.unreadable", logged and counted (ippon_gateway_stats: journals_unreadable), so that
 * it is kept for a look and not tried again; the other matches resume all the same.
 */
#include <stdint.h>

#include "base/log.h"
#include "game/gateway_state.h"
#include "game/gateway_tables.h"
#include "store/match_journal.h"

typedef struct restoring {
    ippon_gateway *gw;
    int resumed, finished, unreadable;
} restoring;

/* a journal that does not replay is set aside */
static void set_aside(ippon_gateway *gw, const char *match_id, const char *why)
{
    ippon_log_error("match %s: its journal does not replay (%s); kept as %s.jsonl.unreadable", match_id, why,
                    match_id);
    if (ippon_journal_set_aside(gw->app->journal, match_id) != 0)
        ippon_log_error("match %s: its journal cannot be renamed either", match_id);
}

/* a journal that does not even read (match_journal.h has set it aside) */
static void unreadable(void *ctx, const char *name, const char *problem)
{
    restoring *r = ctx;
    ippon_log_error("journal %s cannot be read, the match is lost: %s; kept as %s.jsonl.unreadable", name, problem,
                    name);
    r->unreadable++;
}

static int restore_one(void *ctx, const char *match_id, json_t *records)
{
    restoring *r = ctx;
    ippon_gateway *gw = r->gw;
    /* this process's times, never going back */
    int64_t last_at = 0;
    size_t i;
    json_t *rec;
    json_array_foreach(records, i, rec) {
        const json_t *at = json_object_get(rec, "at");
        if (!json_is_integer(at))
            continue;
        if (json_integer_value(at) > last_at)
            last_at = json_integer_value(at);
        json_object_set_new(rec, "at", json_integer(gw_mono_ms(gw, last_at)));
    }
    char err[512] = "";
    switch (gw_table_restore(gw, match_id, records, last_at, err, sizeof err)) {
    case -2:
        return -1;
    case -1:
        set_aside(gw, match_id, err[0] ? err : "another match's records");
        r->unreadable++;
        return 0;
    case 0:
        r->finished++;
        return 0;
    }
    r->resumed++;
    return 0;
}

int ippon_gateway_restore(ippon_gateway *gw, char *err, size_t errlen)
{
    if (!gw->app || !gw->app->journal)
        return 0;
    restoring r = {gw, 0, 0, 0};
    int read = ippon_journal_each(gw->app->journal, restore_one, unreadable, &r, err, errlen);
    gw->stats.journals_unreadable += r.unreadable;
    if (read < 0)
        return -1;
    if (r.resumed || r.finished || r.unreadable)
        ippon_log_info("restored from their journals: %d running matches resumed, %d finished ones stored again, "
                       "%d journals unreadable",
                       r.resumed, r.finished, r.unreadable);
    return r.resumed;
}
