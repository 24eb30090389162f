/*
 * admin_writes.c — admin changes on the store writer (admin_writes.h): one job type, its run a
 * switch over store_admin.h (and store_bots.h for suspensions), its completion the caller's (or a log line for a background audit
 * row that was not stored).
 */
#include "store/admin_writes.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/store_bots.h"

typedef struct admin_change {
    ippon_admin_change_kind kind;
    char *id, *text;
    json_t *values;
    ippon_audit audit; /* its strings and detail are the job's own */
    char *admin_id, *admin_name, *action, *target, *reason;
    json_t *detail;
    ippon_admin_change_done done;
    void *ctx;
} admin_change;

static void admin_change_free(admin_change *c)
{
    free(c->id);
    free(c->text);
    json_decref(c->values);
    free(c->admin_id);
    free(c->admin_name);
    free(c->action);
    free(c->target);
    free(c->reason);
    json_decref(c->detail);
    free(c);
}

static int admin_change_run(ippon_store *st, void *arg)
{
    admin_change *c = arg;
    switch (c->kind) {
    case IPPON_AC_AUDIT:
        return ippon_store_audit_add(st, &c->audit);
    case IPPON_AC_BAN:
        return ippon_store_user_ban(st, c->id, c->text, (long long)(c->audit.at_ms / 1000), &c->audit);
    case IPPON_AC_UNBAN:
        return ippon_store_user_unban(st, c->id, &c->audit);
    case IPPON_AC_RENAME:
        return ippon_store_admin_rename(st, c->id, c->text, &c->audit);
    case IPPON_AC_VOID:
        return ippon_store_match_void(st, c->id, c->text, c->audit.at_ms, &c->audit);
    case IPPON_AC_SETTINGS:
        return ippon_store_settings_put(st, c->values, (long long)(c->audit.at_ms / 1000), &c->audit);
    case IPPON_AC_BOT_SUSPEND:
        return ippon_store_bot_suspend(st, c->id, c->text, (long long)(c->audit.at_ms / 1000), &c->audit);
    case IPPON_AC_BOT_UNSUSPEND:
        return ippon_store_bot_unsuspend(st, c->id, &c->audit);
    }
    return -1;
}

static void admin_change_done(void *arg, int rc)
{
    admin_change *c = arg;
    if (c->done)
        c->done(rc, c->ctx);
    else if (rc != 0)
        ippon_log_warn("admin: the audit row \"%s\" of %s was not stored (%s)", c->action,
                       c->target ? c->target : "", rc == IPPON_WRITE_UNAVAILABLE ? "the database stayed unavailable"
                                                   : rc == IPPON_WRITE_STOPPED   ? "the server stopped first"
                                                                                 : "the database refused it");
    admin_change_free(c);
}

/* a copy of s, NULL for NULL; *failed set if out of memory */
static char *copy(const char *s, bool *failed)
{
    char *c = s ? strdup(s) : NULL;
    if (s && !c)
        *failed = true;
    return c;
}

int ippon_admin_change_submit(ippon_writer *w, ippon_admin_change_kind kind, const char *id, const char *text,
                              const json_t *values, const ippon_audit *audit, ippon_admin_change_done done,
                              void *ctx)
{
    admin_change *c = w ? calloc(1, sizeof *c) : NULL;
    if (!c)
        return -1;
    bool failed = false;
    c->kind = kind;
    c->id = copy(id, &failed);
    c->text = copy(text, &failed);
    c->values = values ? json_deep_copy(values) : NULL;
    c->admin_id = copy(audit->admin_id, &failed);
    c->admin_name = copy(audit->admin_name, &failed);
    c->action = copy(audit->action, &failed);
    c->target = copy(audit->target, &failed);
    c->reason = copy(audit->reason, &failed);
    c->detail = audit->detail ? json_deep_copy(audit->detail) : NULL;
    c->done = done;
    c->ctx = ctx;
    c->audit = (ippon_audit){.at_ms = audit->at_ms, .admin_id = c->admin_id, .admin_name = c->admin_name,
                             .action = c->action, .target = c->target, .reason = c->reason, .detail = c->detail};
    if (failed || (values && !c->values) || (audit->detail && !c->detail) ||
        ippon_writer_submit(w, done ? IPPON_WRITE_ANSWER : IPPON_WRITE_BACKGROUND, admin_change_run,
                            admin_change_done, c) != 0) {
        admin_change_free(c);
        return -1;
    }
    return 0;
}
