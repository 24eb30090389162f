/*
 * event_writes.c — the changes to events on the store writer (event_writes.h): one job type, its
 * run a switch over store_events.h with the audit row built from the job's copies, its
 * completion the caller's.
 */
#include "store/event_writes.h"

#include <stdlib.h>
#include <string.h>

static int event_write_run(ippon_store *st, void *arg)
{
    ippon_event_write *ew = arg;
    const char *target = ew->kind == IPPON_EW_CREATE || ew->kind == IPPON_EW_UPDATE ? ew->ev.id : ew->id;
    ippon_audit audit = {.at_ms = ew->now_ms, .admin_id = ew->actor_id, .admin_name = ew->actor_name,
                         .action = ew->action, .target = target, .reason = ew->reason, .detail = ew->detail};
    switch (ew->kind) {
    case IPPON_EW_CREATE:
        return ippon_store_event_create(st, &ew->ev, ew->open_max, ew->day_max, ew->now_ms, &ew->which, &audit);
    case IPPON_EW_UPDATE:
        return ippon_store_event_update(st, &ew->ev, &audit);
    case IPPON_EW_STATUS:
        return ippon_store_event_set_status(st, ew->id, ew->from_mask, ew->to, ew->round,
                                            ew->action[0] ? &audit : NULL);
    case IPPON_EW_ANNOUNCE:
        return ippon_store_event_announce(st, ew->id, ew->text, &audit);
    case IPPON_EW_ENTRY:
        return ippon_store_event_entry(st, ew->id, ew->user_id, ew->op, ew->check_in, ew->now_ms, &ew->why,
                                       ew->audited ? &audit : NULL);
    }
    return -1;
}

static void event_write_free(ippon_event_write *ew)
{
    ippon_event_clear(&ew->ev);
    json_decref(ew->detail);
    free(ew);
}

static void event_write_done(void *arg, int rc)
{
    ippon_event_write *ew = arg;
    ew->done(ew, rc, ew->ctx);
    event_write_free(ew);
}

int ippon_event_write_submit(ippon_writer *w, const ippon_event_write *ew)
{
    ippon_event_write *copy = w && ew->done ? malloc(sizeof *copy) : NULL;
    if (!copy)
        return -1;
    *copy = *ew;
    copy->ev.entry_list = ew->ev.entry_list ? strdup(ew->ev.entry_list) : NULL;
    copy->detail = ew->detail ? json_deep_copy(ew->detail) : NULL;
    if ((ew->ev.entry_list && !copy->ev.entry_list) || (ew->detail && !copy->detail) ||
        ippon_writer_submit(w, IPPON_WRITE_ANSWER, event_write_run, event_write_done, copy) != 0) {
        event_write_free(copy);
        return -1;
    }
    return 0;
}
