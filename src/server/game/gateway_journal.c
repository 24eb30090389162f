/*
 * gateway_journal.c — the gateway's side of the running matches' journals (gateway_journal.h;
 * table.h, "Journal"; store/match_journal.h): each table's records written to its file with
 * wall-clock times. At start-up every journal left by the previous run is replayed into a running
 * table again (gateway_restore.c).
 *
 * Times: a table counts on the event loop's monotonic clock, which means nothing to another
 * process, so a record's "at" is written as unix ms (turned back into this process's monotonic
 * time when read: gateway_restore.c). Times in a journal never go back: a record is never written
 * with an "at" before the one before it (the wall clock of a later process may be behind the one
 * that began the journal).
 */
#include "game/gateway_journal.h"

#include "base/log.h"
#include "game/gateway_state.h"
#include "store/match_journal.h"

void gw_journal_begin(ippon_gateway *gw, struct gw_journal *j, const char *match_id)
{
    *j = (struct gw_journal){ .gw = gw };
    if (!gw->app || !gw->app->journal)
        return;
    char err[512];
    j->file = ippon_journal_begin(gw->app->journal, match_id, 0, err, sizeof err);
    if (!j->file)
        ippon_log_error("match %s is not journaled (a crash would lose it): %s", match_id, err);
}

int gw_journal_reopen(ippon_gateway *gw, struct gw_journal *j, const char *match_id, int64_t last_at, char *err,
                      size_t errlen)
{
    *j = (struct gw_journal){ .gw = gw, .last_at = last_at };
    j->file = ippon_journal_begin(gw->app->journal, match_id, 1, err, errlen);
    return j->file ? 0 : -1;
}

void gw_journal_record(void *ctx, ippon_table *t, json_t *record)
{
    struct gw_journal *j = ctx;
    int64_t at = gw_wall_ms(j->gw, json_integer_value(json_object_get(record, "at")));
    if (at < j->last_at)
        at = j->last_at;
    j->last_at = at;
    json_object_set_new(record, "at", json_integer(at));
    if (ippon_journal_append(j->file, record) != 0 && !j->failed) {
        j->failed = true;
        ippon_log_error("match %s: its journal cannot be written (disk full?): it plays on, but a crash from now "
                        "on would lose it",
                        ippon_table_id(t));
    }
    json_decref(record);
}

void gw_journal_end(struct gw_journal *j)
{
    ippon_journal_end(j->file);
    j->file = NULL;
}

void gw_journal_drop(struct gw_journal *j, const char *match_id)
{
    gw_journal_end(j);
    ippon_journal_remove(j->gw->app->journal, match_id);
}
