/*
 * admin_writes.h — the admin area's changes to the database (store_admin.h), each with its audit
 * row, as store writer jobs (store_writer.h): a change owns copies of what it writes (ids, texts,
 * the audit row's strings, JSON deep-copied, so the writer's thread shares nothing with the
 * loop), runs the store's function on the writer's connection and hands the store's code back on
 * the event loop.
 *
 * A change with a completion is one an administrator waits for (IPPON_WRITE_ANSWER: given up
 * after IPPON_WRITE_ANSWER_MS with IPPON_WRITE_UNAVAILABLE); one without is a background write
 * (the audit row of a sign-in), whose failure is only logged.
 */
#ifndef IPPON_SERVER_ADMIN_WRITES_H
#define IPPON_SERVER_ADMIN_WRITES_H

#include <jansson.h>

#include "store/store_admin.h"
#include "store/store_writer.h"

typedef enum ippon_admin_change_kind {
    IPPON_AC_AUDIT,    /* only the audit row (closing a table, a sign-in) */
    IPPON_AC_BAN,      /* ban id for text (the reason), at the audit row's time */
    IPPON_AC_UNBAN,    /* unban id */
    IPPON_AC_RENAME,   /* id's display name becomes text */
    IPPON_AC_VOID,     /* void the match id for text (the reason), at the audit row's time */
    IPPON_AC_SETTINGS, /* store values ({key: JSON}), at the audit row's time */
    IPPON_AC_BOT_SUSPEND,   /* suspend the bot id for text (the reason), at the audit row's time */
    IPPON_AC_BOT_UNSUSPEND, /* lift the bot id's suspension */
} ippon_admin_change_kind;

/* the completion, on the loop: the store's code (0, IPPON_STORE_NOT_FOUND, _CONFLICT, -1) or
   IPPON_WRITE_UNAVAILABLE / _STOPPED */
typedef void (*ippon_admin_change_done)(int rc, void *ctx);

/*
 * Queue a change (id, text, values: NULL when the kind takes none; everything is copied).
 * 0: done, if not NULL, will be called exactly once. -1: the writer refused it (stopping, out of
 * memory; w may be NULL): done is not called.
 */
int ippon_admin_change_submit(ippon_writer *w, ippon_admin_change_kind kind, const char *id, const char *text,
                              const json_t *values, const ippon_audit *audit, ippon_admin_change_done done,
                              void *ctx);

#endif
