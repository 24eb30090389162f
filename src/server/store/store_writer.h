/*
 * store_writer.h — every database write of the server, off the event loop: one thread with its
 * own connection (SQLite or PostgreSQL: sql.h) and a queue of jobs, so that a locked or failing database never holds up
 * the players (the event loop's own connection only reads: ippon_store_make_reader).
 *
 * A job is a function run on the writer's thread with the writer's connection (it calls the
 * store's functions there, and owns copies of everything it writes) and a completion run later
 * on the event loop's thread with the job's result, where the loop's caches are told and replies
 * sent. The writer wakes the loop after each finished job with the wake function (the server
 * passes lws_cancel_service; http.c then calls ippon_writer_poll from
 * LWS_CALLBACK_EVENT_WAIT_CANCELLED, as for the password hashing of pwhash.h). Completions never
 * run inside ippon_writer_submit.
 *
 * Failures, and what is done about them: a job that returns -1 failed; the store's last failure
 * (store_private.h: ippon_store_failed) says why, in one of three classes (ippon_write_class):
 *   - BUSY: another connection holds the database (an operator's sqlite3 in BEGIN IMMEDIATE), or
 *     PostgreSQL is briefly away (a lost connection, a deadlock, a serialization failure);
 *   - UNWRITABLE: the disk or the file refuses (full, I/O error, read-only, cannot open, corrupt;
 *     or the database file was removed or replaced since the writer opened it: checked before
 *     every attempt, so nothing is written into a file nobody will read again);
 *   - REFUSED: the database refused this write itself (a constraint, an SQL error).
 * BUSY and UNWRITABLE are the database's state: the job is tried again after a back-off (25 ms,
 * doubling, at most 2 s), and the jobs behind it in its lane wait (order is kept). REFUSED is the
 * job's own: it is not tried again (but for matches, see below). How long a job is retried
 * depends on its kind:
 *   - IPPON_WRITE_MATCHES: finished matches, in a lane of their own: retried until stored, never
 *     given up; one the database refuses is set aside and tried again every minute, so it holds up
 *     no other. At stop, what is still unwritten is handed back (IPPON_WRITE_STOPPED) for the
 *     pending-matches file (store_spill.h).
 *   - IPPON_WRITE_ANSWER: someone waits for the outcome (a REST reply): given up after
 *     IPPON_WRITE_ANSWER_MS in the queue, with IPPON_WRITE_UNAVAILABLE (the caller answers 503).
 *   - IPPON_WRITE_BACKGROUND: nobody waits (a session's last use, expired sessions, the audit row
 *     of a sign-in): given up after IPPON_WRITE_BACKGROUND_MS, logged.
 * ANSWER and BACKGROUND jobs share one lane, in order (a session is made before it is touched).
 *
 * Health (ippon_writer_status): jobs queued, how long the oldest has waited, how the last attempt
 * ended; db_health.h turns it into ok / degraded / unwritable.
 *
 * Test builds (IPPON_TEST_HOOKS, set with IPPON_TESTS) honour one environment variable:
 * IPPON_TEST_WRITE_FAIL_FILE=PATH makes every attempt fail as a full disk would (unwritable,
 * nothing written) while a file exists at PATH. The integration tests use it to fail writes.
 *
 * Thread-safe: submit, poll, status and stop may be called from any thread, but completions run
 * on the thread that polls (or stops), which must be the event loop's.
 */
#ifndef IPPON_SERVER_STORE_WRITER_H
#define IPPON_SERVER_STORE_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/sql.h"
#include "store/store.h"

typedef struct ippon_writer ippon_writer;

typedef enum ippon_write_kind {
    IPPON_WRITE_MATCHES,    /* finished matches: retried until stored */
    IPPON_WRITE_ANSWER,     /* a caller waits: given up after IPPON_WRITE_ANSWER_MS */
    IPPON_WRITE_BACKGROUND, /* nobody waits: given up after IPPON_WRITE_BACKGROUND_MS */
} ippon_write_kind;

#define IPPON_WRITE_ANSWER_MS 3000
#define IPPON_WRITE_BACKGROUND_MS 60000

/* results a completion gets besides the job's own (0, IPPON_STORE_NOT_FOUND, _CONFLICT, -1): the store
   codes IPPON_WRITE_UNAVAILABLE (not done: the database stayed busy or unwritable too long) and
   IPPON_WRITE_STOPPED (not done: the writer stopped first), in store.h's table */

typedef enum ippon_write_class {
    IPPON_WRITE_OK,
    IPPON_WRITE_BUSY,       /* locked by another connection, or the engine briefly away */
    IPPON_WRITE_UNWRITABLE, /* the disk or the file refuses */
    IPPON_WRITE_REFUSED,    /* the database refused the write itself */
} ippon_write_class;

/* the class of a failure's kind (sql.h) */
ippon_write_class ippon_write_class_of(ippon_sql_failure kind);

/* the job: runs on the writer's thread; returns 0, a store code (NOT_FOUND, CONFLICT: an answer,
   not a failure), or -1 (failed: the store's last failure says why) */
typedef int (*ippon_write_run)(ippon_store *st, void *arg);
/* its completion, on the event loop's thread: the job's result, IPPON_WRITE_UNAVAILABLE or
   IPPON_WRITE_STOPPED; called exactly once */
typedef void (*ippon_write_done)(void *arg, int rc);

/*
 * Open the writer's connection to the database at path (made and migrated already), make sure it
 * can write (a real write: the database header's user_version rewritten, which the next
 * checkpoint also puts in the database file), and start the thread. wake(wake_ctx), if not NULL,
 * is called from the writer's thread after each finished job (it must be thread-safe). 0, or -1
 * with one line in err ("PATH: cannot write: attempt to write a readonly database").
 */
int ippon_writer_start(ippon_writer **out, const char *path, void (*wake)(void *), void *wake_ctx, char *err,
                       size_t errlen);

/*
 * The same machinery for slow reads: a worker whose connection only reads (never the write
 * probe, no checkpoints), so a query that takes a second (the admin's pairs of players) runs off
 * the event loop without holding up the writes. Its jobs are IPPON_WRITE_ANSWER jobs that only
 * read; its status says nothing about the database's health (the writer's does).
 */
int ippon_writer_start_reader(ippon_writer **out, const char *path, void (*wake)(void *), void *wake_ctx, char *err,
                              size_t errlen);

/* replace the wake function (once the event loop exists); thread-safe */
void ippon_writer_set_wake(ippon_writer *w, void (*wake)(void *), void *wake_ctx);

/*
 * Queue a job. 0: done(arg, result) will be called exactly once, from poll or stop. -1: refused
 * (the writer is stopping, or out of memory): done is not called.
 */
int ippon_writer_submit(ippon_writer *w, ippon_write_kind kind, ippon_write_run run, ippon_write_done done,
                        void *arg);

/* run the completions of finished jobs on this thread, in the order they finished; how many ran */
int ippon_writer_poll(ippon_writer *w);

typedef struct ippon_writer_status {
    bool running;             /* the thread is there */
    size_t queued;            /* jobs waiting or running */
    size_t matches_queued;    /* ... of them IPPON_WRITE_MATCHES */
    int64_t oldest_wait_ms;   /* how long the oldest of them has waited (0: none) */
    ippon_write_class last;   /* how the last attempt ended */
    char last_error[160];     /* ... and SQLite's words when it failed */
    uint64_t failures;        /* attempts that failed, since the start */
    bool file_ok;             /* the database file is still the one opened (not removed, not replaced) */
    char file_problem[160];   /* ... else what is wrong with it */
} ippon_writer_status;

void ippon_writer_status_get(ippon_writer *w, ippon_writer_status *out);

/*
 * Stop: no job is accepted any more; the thread goes on until every job is done or wait_ms has
 * passed (meanwhile ANSWER and BACKGROUND jobs are not tried again after a failure: they end
 * IPPON_WRITE_UNAVAILABLE at once); then every outstanding completion runs here, in order — the
 * finished ones with their result, what was still queued with IPPON_WRITE_STOPPED — and the
 * connection is closed. w stays valid (refusing every submit) until ippon_writer_free, so that
 * what still holds it (the identity service's hashes finishing last) is refused, not broken.
 * Stopping twice does nothing. w may be NULL.
 */
void ippon_writer_stop(ippon_writer *w, int64_t wait_ms);

/* stop (if not stopped yet: no wait) and free; w may be NULL */
void ippon_writer_free(ippon_writer *w);

#endif
