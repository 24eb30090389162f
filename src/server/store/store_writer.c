/*
 * store_writer.c — the store writer's thread and queue (store_writer.h).
 *
 * How it works: a worker thread of base/job_queue.h (its lock, condition variable, done list and
 * wake, as pwhash.c's), with two lanes of jobs under that lock — "requests" (ANSWER and BACKGROUND
 * jobs, in order) and "matches". submit appends to a lane and signals the condition variable. The thread takes the first job that may run (requests first: a REST caller waits for
 * them), runs it without holding the lock, and then, under the lock again, either moves it to
 * done (and calls the wake function, under the lock as pwhash.c does) or, after a failure of the
 * database's state, blocks the job's lane for a back-off with the job still at its head. Between
 * jobs it gives up the requests whose time is over. With nothing to run it sleeps on the
 * condition variable until the earliest moment something may run again. poll takes the done list
 * under the lock and runs the completions outside it.
 *
 * A job stays in its lane while it runs, so the queue's length and its oldest job (the status)
 * count it. The writer's connection waits at most WRITER_BUSY_MS for a lock in each attempt (the
 * back-off between attempts does the rest), so a request that cannot be written is answered
 * within IPPON_WRITE_ANSWER_MS and a little.
 */
#include "store/store_writer.h"

#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/job_queue.h"
#include "base/log.h"
#include "base/wall_clock.h"
#include "store/store_private.h"

#define WRITER_BUSY_MS 250       /* the writer's connection waits this long for a lock per attempt */
#define WRITER_START_BUSY_MS 5000 /* ... and this long for the write that checks it can write */
#define BACKOFF_FIRST_MS 25
#define BACKOFF_MAX_MS 2000
#define REFUSED_RETRY_MS 60000   /* a match the database refused is tried again this often */

typedef struct writer_job {
    ippon_job link; /* first: the queue's lists hold jobs by it */
    ippon_write_kind kind;
    ippon_write_run run;
    ippon_write_done done;
    void *arg;
    int rc;
    int64_t queued_at, give_up_at; /* CLOCK_MONOTONIC ms; give_up_at INT64_MAX: never */
    int64_t not_before;            /* a match the database refused: not tried again before this */
} writer_job;

typedef struct lane {
    ippon_job_list jobs;
    int64_t retry_at; /* after its head failed for the database's state: nothing runs before this */
    int failures;     /* attempts of its head that failed in a row */
} lane;

enum { LANE_REQUESTS, LANE_MATCHES, LANES };

struct ippon_writer {
    ippon_job_queue q; /* its lock guards the lanes and what follows, up to stopped */
    lane lanes[LANES];
    bool running;
    bool stopped; /* ippon_writer_stop has run (the caller's side: not under the lock) */
    int64_t stop_at;
    ippon_store *st;
    char *path;
    bool file; /* the database is a SQLite file (PostgreSQL keeps its own) */
    dev_t dev; /* the database file as opened: a removed or replaced file is not written */
    ino_t ino;
    void (*wake)(void *);
    void *wake_ctx;
    ippon_write_class last;
    char last_error[160];
    uint64_t failures;
#ifdef IPPON_TEST_HOOKS
    char *fail_file; /* IPPON_TEST_WRITE_FAIL_FILE */
#endif
};

ippon_write_class ippon_write_class_of(ippon_sql_failure kind)
{
    switch (kind) {
    case IPPON_SQL_FINE:
        return IPPON_WRITE_OK;
    case IPPON_SQL_BUSY:
        return IPPON_WRITE_BUSY;
    case IPPON_SQL_UNWRITABLE:
    case IPPON_SQL_UNREADABLE:
        return IPPON_WRITE_UNWRITABLE;
    default:
        return IPPON_WRITE_REFUSED;
    }
}

/* j leaves its lane with result rc for its completion (lock held) */
static void finish(ippon_writer *w, lane *l, writer_job *j, int rc)
{
    ippon_job_list_remove(&l->jobs, &j->link);
    j->rc = rc;
    ippon_job_queue_finished(&w->q, &j->link);
}

/* the first job of l that may run at now, or NULL; *wake_at lowered to when one may (lock held) */
static writer_job *pick(lane *l, int64_t now, int64_t *wake_at)
{
    if (!l->jobs.head)
        return NULL;
    if (l->retry_at > now) {
        if (l->retry_at < *wake_at)
            *wake_at = l->retry_at;
        return NULL;
    }
    for (writer_job *j = (writer_job *)l->jobs.head; j; j = (writer_job *)j->link.next) {
        if (j->not_before <= now)
            return j;
        if (j->not_before < *wake_at)
            *wake_at = j->not_before;
    }
    return NULL;
}

/* requests whose time is over end unavailable; *wake_at lowered to the next such time (lock held) */
static void give_up_late(ippon_writer *w, int64_t now, int64_t *wake_at)
{
    lane *l = &w->lanes[LANE_REQUESTS];
    writer_job *j = (writer_job *)l->jobs.head;
    while (j) {
        writer_job *next = (writer_job *)j->link.next;
        if (j->give_up_at <= now) {
            ippon_log_warn("store writer: a write was given up after %lld ms in the queue (%s)",
                           (long long)(now - j->queued_at), w->last_error[0] ? w->last_error : "the queue was slow");
            finish(w, l, j, IPPON_WRITE_UNAVAILABLE);
        } else if (j->give_up_at < *wake_at) {
            *wake_at = j->give_up_at;
        }
        j = next;
    }
}

/* ---- one attempt ------------------------------------------------------------------------------ */

/* is the database file still the one the writer opened? Else why not, in why */
static bool same_file(const ippon_writer *w, char *why, size_t whylen)
{
    if (!w->file)
        return true;
    struct stat s;
    if (stat(w->path, &s) != 0) {
        snprintf(why, whylen, "the database file %s is gone (removed, or its folder is)", w->path);
        return false;
    }
    if (s.st_dev != w->dev || s.st_ino != w->ino) {
        snprintf(why, whylen, "the database file %s was replaced since the server opened it", w->path);
        return false;
    }
    return true;
}

/* runs j on the writer's connection (no lock held): the class of its outcome; why gets the words */
static ippon_write_class attempt(ippon_writer *w, writer_job *j, int *rc, char *why, size_t whylen)
{
    *rc = -1;
    if (!same_file(w, why, whylen))
        return IPPON_WRITE_UNWRITABLE;
#ifdef IPPON_TEST_HOOKS
    if (w->fail_file && access(w->fail_file, F_OK) == 0) {
        snprintf(why, whylen, "database or disk is full (failure injected: %s exists)", w->fail_file);
        return IPPON_WRITE_UNWRITABLE;
    }
#endif
    w->st->last_error = 0;
    w->st->last_message[0] = '\0';
    *rc = j->run(w->st, j->arg);
    if (ippon_sql_in_transaction(w->st->db)) { /* a job must end its transactions; never leave one open */
        ippon_log_error("store writer: a job left a transaction open; rolled back");
        ippon_sql_rollback(w->st->db);
    }
    if (*rc != IPPON_FAILED) /* the plain failure; anything else (0, a count, NOT_FOUND, CONFLICT) is an answer */
        return IPPON_WRITE_OK;
    if (!w->st->last_error) {
        snprintf(why, whylen, "the write failed without a database error (out of memory?)");
        return IPPON_WRITE_BUSY;
    }
    snprintf(why, whylen, "%s", w->st->last_message);
    return ippon_write_class_of(w->st->last_error);
}

static int backoff_ms(int failures)
{
    int ms = BACKOFF_FIRST_MS;
    for (int i = 1; i < failures && ms < BACKOFF_MAX_MS; i++)
        ms *= 2;
    return ms < BACKOFF_MAX_MS ? ms : BACKOFF_MAX_MS;
}

/* what an attempt's outcome does to the job and its lane (lock held) */
static void settle(ippon_writer *w, lane *l, writer_job *j, ippon_write_class cls, int rc, const char *why)
{
    int64_t now = ippon_mono_ms();
    assert(cls != IPPON_WRITE_OK || rc != IPPON_FAILED); /* attempt() classes a failed job by its error */
    w->last = cls;
    if (cls == IPPON_WRITE_OK) {
        w->last_error[0] = '\0';
        if (l->failures > 0)
            ippon_log_info("store writer: writes go through again (after %d failed attempts)", l->failures);
        l->failures = 0;
        l->retry_at = 0;
        finish(w, l, j, rc);
        return;
    }
    w->failures++;
    snprintf(w->last_error, sizeof w->last_error, "%s", why);
    if (cls == IPPON_WRITE_REFUSED) {
        if (j->kind == IPPON_WRITE_MATCHES && !w->q.stopping) {
            ippon_log_error("store writer: the database refused finished matches (%s); they are kept and tried "
                            "again every %d s",
                            why, REFUSED_RETRY_MS / 1000);
            j->not_before = now + REFUSED_RETRY_MS;
            ippon_job_list_remove(&l->jobs, &j->link);
            ippon_job_list_push(&l->jobs, &j->link);
        } else {
            finish(w, l, j, -1);
        }
        return;
    }
    if (j->kind != IPPON_WRITE_MATCHES && (w->q.stopping || now >= j->give_up_at)) {
        ippon_log_warn("store writer: a write was given up (%s)", why);
        finish(w, l, j, IPPON_WRITE_UNAVAILABLE);
        return;
    }
    l->failures++;
    l->retry_at = now + backoff_ms(l->failures);
    if (l->failures == 1)
        ippon_log_warn("store writer: a write failed (%s); it is tried again, and the writes behind it wait", why);
}

/* ---- the thread ---------------------------------------------------------------------------- */

static bool lanes_empty(const ippon_writer *w)
{
    return !w->lanes[LANE_REQUESTS].jobs.head && !w->lanes[LANE_MATCHES].jobs.head;
}

static void *writer_thread(void *arg)
{
    ippon_writer *w = arg;
    pthread_mutex_lock(&w->q.lock);
    for (;;) {
        int64_t now = ippon_mono_ms(), wake_at = INT64_MAX;
        give_up_late(w, now, &wake_at);
        if (w->q.stopping && (lanes_empty(w) || now >= w->stop_at))
            break;
        lane *l = &w->lanes[LANE_REQUESTS];
        writer_job *j = pick(l, now, &wake_at);
        if (!j) {
            l = &w->lanes[LANE_MATCHES];
            j = pick(l, now, &wake_at);
        }
        if (!j) {
            if (w->q.stopping && w->stop_at < wake_at)
                wake_at = w->stop_at;
            ippon_job_queue_sleep(&w->q, wake_at);
            continue;
        }
        pthread_mutex_unlock(&w->q.lock);
        int rc;
        char why[160] = "";
        ippon_write_class cls = attempt(w, j, &rc, why, sizeof why);
        pthread_mutex_lock(&w->q.lock);
        settle(w, l, j, cls, rc, why);
    }
    w->running = false;
    pthread_mutex_unlock(&w->q.lock);
    return NULL;
}

/* ---- the interface --------------------------------------------------------------------------- */

/* the first write: the header's user_version written back as it is (a real write to the log) */
static int probe_write(ippon_store *st, const char *path, char *err, size_t errlen)
{
    if (ippon_sql_engine_of(st->db) != IPPON_SQL_SQLITE) { /* PostgreSQL: it answers */
        if (ippon_store_ping(st) == 0)
            return 0;
        snprintf(err, errlen, "%s: no answer: %s", path, ippon_sql_errmsg(st->db));
        return -1;
    }
    ippon_sql_stmt *q = ippon_store_prepare(st, "PRAGMA user_version");
    int version = -1;
    if (q && ippon_sql_step(q) == IPPON_SQL_ROW)
        version = ippon_sql_column_int(q, 0);
    ippon_sql_finalize(q);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
    if (version < 0 || ippon_sql_exec(st->db, sql) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, ippon_sql_errmsg(st->db));
        return -1;
    }
    return 0;
}

static void writer_free(ippon_writer *w)
{
    ippon_store_close(w->st);
    ippon_job_queue_destroy(&w->q);
    free(w->path);
#ifdef IPPON_TEST_HOOKS
    free(w->fail_file);
#endif
    free(w);
}

/* start a worker on the database at path; probe: make sure it can write (the writer), else it
   only reads (ippon_writer_start_reader) */
static int worker_start(ippon_writer **out, const char *path, bool probe, void (*wake)(void *), void *wake_ctx,
                        char *err, size_t errlen)
{
    *out = NULL;
    if (errlen)
        err[0] = '\0';
    ippon_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->path = strdup(path))) {
        free(w);
        snprintf(err, errlen, "store writer: out of memory");
        return -1;
    }
    if (ippon_job_queue_init(&w->q, wake, wake_ctx) != 0) {
        free(w->path);
        free(w);
        snprintf(err, errlen, "store writer: cannot make its lock");
        return -1;
    }
    struct stat s;
    if (ippon_store_open(&w->st, path, err, errlen) != 0) {
        writer_free(w);
        return -1;
    }
    if (!probe) /* no checkpoints from a reader; its busy handler gives way to the timeouts below */
        ippon_store_make_reader(w->st);
    ippon_sql_set_busy_wait(w->st->db, WRITER_START_BUSY_MS);
    w->file = ippon_sql_engine_of(w->st->db) == IPPON_SQL_SQLITE;
    if ((probe && probe_write(w->st, path, err, errlen) != 0) || (w->file && stat(path, &s) != 0)) {
        if (!err[0])
            snprintf(err, errlen, "%s: cannot find the database file after opening it", path);
        writer_free(w);
        return -1;
    }
    ippon_sql_set_busy_wait(w->st->db, WRITER_BUSY_MS);
    if (w->file) {
        w->dev = s.st_dev;
        w->ino = s.st_ino;
    }
#ifdef IPPON_TEST_HOOKS
    const char *fail_file = getenv("IPPON_TEST_WRITE_FAIL_FILE");
    if (fail_file && *fail_file && !(w->fail_file = strdup(fail_file))) {
        snprintf(err, errlen, "store writer: out of memory");
        writer_free(w);
        return -1;
    }
#endif
    w->running = true;
    if (ippon_job_queue_start(&w->q, writer_thread, w) != 0) {
        snprintf(err, errlen, "store writer: cannot start its thread");
        writer_free(w);
        return -1;
    }
    *out = w;
    return 0;
}

int ippon_writer_start(ippon_writer **out, const char *path, void (*wake)(void *), void *wake_ctx, char *err,
                       size_t errlen)
{
    return worker_start(out, path, true, wake, wake_ctx, err, errlen);
}

int ippon_writer_start_reader(ippon_writer **out, const char *path, void (*wake)(void *), void *wake_ctx, char *err,
                              size_t errlen)
{
    return worker_start(out, path, false, wake, wake_ctx, err, errlen);
}

void ippon_writer_set_wake(ippon_writer *w, void (*wake)(void *), void *wake_ctx)
{
    ippon_job_queue_set_wake(&w->q, wake, wake_ctx);
}

int ippon_writer_submit(ippon_writer *w, ippon_write_kind kind, ippon_write_run run, ippon_write_done done,
                        void *arg)
{
    assert(w && run && done);
    assert(kind == IPPON_WRITE_MATCHES || kind == IPPON_WRITE_ANSWER || kind == IPPON_WRITE_BACKGROUND);
    writer_job *j = calloc(1, sizeof *j);
    if (!j)
        return -1;
    j->kind = kind;
    j->run = run;
    j->done = done;
    j->arg = arg;
    j->queued_at = ippon_mono_ms();
    j->give_up_at = kind == IPPON_WRITE_ANSWER       ? j->queued_at + IPPON_WRITE_ANSWER_MS
                    : kind == IPPON_WRITE_BACKGROUND ? j->queued_at + IPPON_WRITE_BACKGROUND_MS
                                                     : INT64_MAX;
    pthread_mutex_lock(&w->q.lock);
    bool accepted = !w->q.stopping && w->running;
    if (accepted) {
        ippon_job_list_push(&w->lanes[kind == IPPON_WRITE_MATCHES ? LANE_MATCHES : LANE_REQUESTS].jobs, &j->link);
        pthread_cond_signal(&w->q.work);
    }
    pthread_mutex_unlock(&w->q.lock);
    if (!accepted)
        free(j);
    return accepted ? 0 : -1;
}

/* a finished job's completion, then the job is freed (on the caller's thread) */
static void complete(ippon_job *link, void *unused)
{
    (void)unused;
    writer_job *j = (writer_job *)link;
    j->done(j->arg, j->rc);
    free(j);
}

int ippon_writer_poll(ippon_writer *w)
{
    if (!w)
        return 0;
    return ippon_job_chain_complete(ippon_job_queue_take_done(&w->q), complete, NULL);
}

void ippon_writer_status_get(ippon_writer *w, ippon_writer_status *out)
{
    memset(out, 0, sizeof *out);
    if (!w)
        return;
    pthread_mutex_lock(&w->q.lock);
    int64_t now = ippon_mono_ms(), oldest = now;
    for (int i = 0; i < LANES; i++)
        for (const writer_job *j = (const writer_job *)w->lanes[i].jobs.head; j; j = (const writer_job *)j->link.next)
            if (j->queued_at < oldest)
                oldest = j->queued_at;
    out->running = w->running;
    out->queued = w->lanes[LANE_REQUESTS].jobs.n + w->lanes[LANE_MATCHES].jobs.n;
    out->matches_queued = w->lanes[LANE_MATCHES].jobs.n;
    out->oldest_wait_ms = now - oldest;
    out->last = w->last;
    snprintf(out->last_error, sizeof out->last_error, "%s", w->last_error);
    out->failures = w->failures;
    pthread_mutex_unlock(&w->q.lock);
    out->file_ok = same_file(w, out->file_problem, sizeof out->file_problem); /* path, dev, ino never change */
}

void ippon_writer_stop(ippon_writer *w, int64_t wait_ms)
{
    if (!w || w->stopped)
        return;
    w->stopped = true;
    pthread_mutex_lock(&w->q.lock);
    w->stop_at = ippon_mono_ms() + (wait_ms > 0 ? wait_ms : 0); /* read once stopping is set */
    pthread_mutex_unlock(&w->q.lock);
    ippon_job_queue_stop(&w->q);
    assert(!w->running);

    /* the thread is gone: the finished jobs first, then what was still queued, requests first */
    ippon_job_chain_complete(ippon_job_list_take(&w->q.done), complete, NULL);
    for (int i = 0; i < LANES; i++) {
        ippon_job *left = ippon_job_list_take(&w->lanes[i].jobs);
        for (ippon_job *j = left; j; j = j->next)
            ((writer_job *)j)->rc = IPPON_WRITE_STOPPED;
        ippon_job_chain_complete(left, complete, NULL);
    }
    ippon_store_close(w->st);
    w->st = NULL;
}

void ippon_writer_free(ippon_writer *w)
{
    if (!w)
        return;
    ippon_writer_stop(w, 0);
    writer_free(w);
}
