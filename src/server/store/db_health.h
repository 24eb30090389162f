/*
 * db_health.h — how the database is doing, as GET /api/health (health.c) and GET /metrics
 * (metrics.c) both say it:
 *
 *   ok          writes go through: nothing has waited long, the last attempt did not fail, the
 *               event loop's reads find the database open to them;
 *   degraded    writes wait: a job has been queued longer than IPPON_DB_DEGRADED_MS, or the last
 *               attempt found the database locked (or refused a match) and jobs are queued, or one
 *               of the event loop's reads found it locked in the last IPPON_DB_BUSY_RECENT_MS;
 *   unwritable  writes fail: the last attempt failed with a full disk, an I/O error, a read-only or
 *               unopenable file (store_writer.h: IPPON_WRITE_UNWRITABLE), the database file is gone
 *               or replaced, the event loop cannot read it, or there is no writer;
 *   unreadable  a read on the event loop's connection found the file damaged (a malformed page, not
 *               a database) or got an I/O error reading it (store.h: ippon_store_unreadable), since
 *               the server started: it stays so until a restart, since a damaged file does not
 *               mend itself (the next start's quick_check, db_check.h, tells whether it is whole).
 *
 * Besides the state: the finished matches not stored yet and the writer's queue. Read on the
 * event loop's thread (it reads the loop's store).
 */
#ifndef IPPON_SERVER_DB_HEALTH_H
#define IPPON_SERVER_DB_HEALTH_H

#include <stddef.h>
#include <stdint.h>

#include "app.h"

#define IPPON_DB_DEGRADED_MS 1000
#define IPPON_DB_BUSY_RECENT_MS 10000

/* in order of gravity (the numbers are /metrics' ippon_store_db_state) */
typedef enum ippon_db_state { IPPON_DB_OK, IPPON_DB_DEGRADED, IPPON_DB_UNWRITABLE, IPPON_DB_UNREADABLE } ippon_db_state;

typedef struct ippon_db_health {
    ippon_db_state state;
    char reason[200];        /* why it is not ok ("" when it is) */
    int matches_waiting;     /* finished matches handed to the writer and not stored yet */
    size_t writer_queue;     /* the writer's jobs, waiting or running */
    uint64_t write_failures; /* the writer's failed attempts, since the start */
} ippon_db_health;

void ippon_db_health_get(ippon_app *app, ippon_db_health *out);

/* "ok", "degraded", "unwritable", "unreadable" */
const char *ippon_db_state_name(ippon_db_state state);

#endif
