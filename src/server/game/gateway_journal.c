/*
 * gateway_journal.c — the gateway's side of the running matches' journals (table.h, "Journal";
 * store/match_journal.h): each table's records written to its file with wall-clock times, and
 * at start-up every journal left by the previous run replayed into a running table again.
 *
 * Times: a table counts on the event loop's monotonic clock, which means nothing to another
 * process, so a record's "at" is written as unix ms and turned back into this process's
 * monotonic time when read. Times in a journal never go back: a record is never written with
 * an "at" before the one before it (the wall clock of a later process may be behind the one that
 * began the journal), and a journal read back takes a time before the one before it as that one
 * (journals written before that rule could go back a millisecond). A restored table joins the
 * gateway as if it had just been formed: its humans seated (so that their hello finds it and a
 * resume with their last event number picks up where they were), its timer set. A journal that
 * does not read or does not replay is renamed "<id>.jsonl.unreadable", logged and counted
 * (ippon_gateway_stats: journals_unreadable), so that it is kept for a look and not tried again;
 * the other matches resume all the same.
 */
#include "game/gateway_internal.h"

#include <stdio.h>
#include <string.h>

#include "base/log.h"
#include "store/match_journal.h"

void ippon_gateway_journal_begin(ippon_gateway *gw, struct gw_table *gt, const char *match_id)
{
    gt->journal = NULL;
    if (!gw->app || !gw->app->journal)
        return;
    char err[512];
    gt->journal = ippon_journal_begin(gw->app->journal, match_id, 0, err, sizeof err);
    if (!gt->journal)
        ippon_log_error("match %s is not journaled (a crash would lose it): %s", match_id, err);
}

void ippon_gateway_journal_record(void *ctx, ippon_table *t, json_t *record)
{
    struct gw_table *gt = ctx;
    int64_t at = ippon_gateway_wall_ms(gt->gw, json_integer_value(json_object_get(record, "at")));
    if (at < gt->journal_last_at)
        at = gt->journal_last_at;
    gt->journal_last_at = at;
    json_object_set_new(record, "at", json_integer(at));
    if (ippon_journal_append(gt->journal, record) != 0 && !gt->journal_failed) {
        gt->journal_failed = true;
        ippon_log_error("match %s: its journal cannot be written (disk full?): it plays on, but a crash from now "
                        "on would lose it",
                        ippon_table_id(t));
    }
    json_decref(record);
}

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
        json_object_set_new(rec, "at", json_integer(ippon_gateway_mono_ms(gw, last_at)));
    }
    struct gw_table *gt = calloc(1, sizeof *gt);
    if (!gt)
        return -1;
    gt->gw = gw;
    gt->journal_last_at = last_at;
    ippon_timer_init(&gt->timer);
    char err[512] = "";
    gt->journal = ippon_journal_begin(gw->app->journal, match_id, 1, err, sizeof err);
    ippon_table_settings ts;
    ippon_gateway_table_settings(gw, &ts);
    ippon_table_hooks hooks;
    ippon_gateway_table_hooks(gt, &hooks);
    gt->t = gt->journal ? ippon_table_restore(records, &ts, &hooks, ippon_gateway_now(gw), err, sizeof err) : NULL;
    if (!gt->t || strcmp(ippon_table_id(gt->t), match_id) != 0) {
        ippon_journal_end(gt->journal);
        ippon_table_free(gt->t);
        free(gt);
        set_aside(gw, match_id, err[0] ? err : "another match's records");
        r->unreadable++;
        return 0;
    }
    if (ippon_table_over(gt->t)) { /* it had ended: its record went to the store as it replayed */
        ippon_journal_end(gt->journal);
        ippon_table_free(gt->t);
        free(gt);
        r->finished++;
        return 0;
    }
    for (int s = 0; s < ippon_table_players(gt->t); s++) {
        const ippon_seat_player *p = ippon_table_player_at(gt->t, s);
        if (!p->bot)
            ippon_strmap_put(gw->seated, p->user_id, gt);
    }
    ippon_gateway_table_link(gw, gt);
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
