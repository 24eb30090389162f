/*
 * pending_matches.c — finished matches through the store writer (pending_matches.h).
 *
 * How it works: each group is one writer job owning its queue. The job runs
 * ippon_store_batch_store on the writer's connection; its completion, on the loop, tells the
 * loop's store what was stored (marking the write as no longer in flight: store.h) and keeps any
 * match still unstored (only when the writer stopped first) in a list for the pending-matches
 * file (written into the disk reserve's room if the disk is full: disk_reserve.h). The matches read from that file at start are counted apart: when the last of them is
 * stored, the file is removed.
 */
#include "store/pending_matches.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/disk_reserve.h"
#include "store/store_spill.h"

struct ippon_pending_matches {
    ippon_store *st;
    ippon_writer *w;
    char *spill_path;
    int waiting;        /* matches handed over, not stored yet */
    int from_file;      /* of the pending-matches file's matches, how many are not stored yet */
    ippon_store_batch **kept; /* queues with matches the writer could not store (for the file) */
    int n_kept, cap_kept;
    void (*on_stored)(void *ctx, const char *match_id); /* ippon_pending_matches_on_stored */
    void *on_stored_ctx;
};

typedef struct match_job {
    ippon_pending_matches *mw;
    ippon_store_batch *q;
    int unstored;   /* when submitted */
    bool from_file; /* read from the pending-matches file */
} match_job;

ippon_pending_matches *ippon_pending_matches_new(ippon_store *st, ippon_writer *w, const char *spill_path)
{
    ippon_pending_matches *mw = calloc(1, sizeof *mw);
    if (!mw || !(mw->spill_path = strdup(spill_path))) {
        free(mw);
        return NULL;
    }
    mw->st = st;
    mw->w = w;
    return mw;
}

void ippon_pending_matches_free(ippon_pending_matches *mw)
{
    if (!mw)
        return;
    for (int i = 0; i < mw->n_kept; i++)
        ippon_store_batch_free(mw->kept[i]);
    free(mw->kept);
    free(mw->spill_path);
    free(mw);
}

void ippon_pending_matches_on_stored(ippon_pending_matches *mw, void (*fn)(void *ctx, const char *match_id),
                                     void *ctx)
{
    mw->on_stored = fn;
    mw->on_stored_ctx = ctx;
}

int ippon_pending_matches_waiting(const ippon_pending_matches *mw)
{
    return mw ? mw->waiting : 0;
}

/* keeps q (its unstored matches) for the pending-matches file; if even that fails, says so */
static void keep(ippon_pending_matches *mw, ippon_store_batch *q)
{
    if (mw->n_kept == mw->cap_kept) {
        int cap = mw->cap_kept ? 2 * mw->cap_kept : 8;
        ippon_store_batch **grown = realloc(mw->kept, (size_t)cap * sizeof *grown);
        if (!grown) {
            ippon_log_error("match writes: out of memory keeping %d unstored matches; they follow on standard "
                            "error",
                            ippon_store_batch_unstored(q));
            ippon_store_batch_dump(q, stderr, "ippon: unstored match: ");
            ippon_store_batch_free(q);
            return;
        }
        mw->kept = grown;
        mw->cap_kept = cap;
    }
    mw->kept[mw->n_kept++] = q;
}

static int match_job_run(ippon_store *st, void *arg)
{
    match_job *job = arg;
    char err[256];
    return ippon_store_batch_store(st, job->q, err, sizeof err);
}

static void match_job_done(void *arg, int rc)
{
    match_job *job = arg;
    ippon_pending_matches *mw = job->mw;
    (void)rc; /* what is stored is marked in the queue, whatever the result */
    int left = ippon_store_batch_unstored(job->q);
    ippon_store_writes_in_flight(mw->st, -1);
    ippon_store_batch_tell(mw->st, job->q);
    if (mw->on_stored)
        ippon_store_batch_each(job->q, true, mw->on_stored, mw->on_stored_ctx);
    mw->waiting -= job->unstored - left;
    if (job->from_file) {
        mw->from_file -= job->unstored - left;
        if (mw->from_file == 0 && left == 0) {
            char err[512];
            if (ippon_spill_remove(mw->spill_path, err, sizeof err) == 0)
                ippon_log_info("the pending matches of %s are stored; the file is removed", mw->spill_path);
            else
                ippon_log_warn("%s (its matches are stored)", err);
        }
    }
    if (left > 0)
        keep(mw, job->q);
    else
        ippon_store_batch_free(job->q);
    free(job);
}

/* hands q to the writer (taking it); from_file: its matches come from the pending-matches file */
static int submit(ippon_pending_matches *mw, ippon_store_batch *q, bool from_file)
{
    int n = ippon_store_batch_unstored(q);
    match_job *job = calloc(1, sizeof *job);
    mw->waiting += n;
    if (from_file)
        mw->from_file += n;
    if (job) {
        *job = (match_job){mw, q, n, from_file};
        ippon_store_writes_in_flight(mw->st, +1);
        if (ippon_writer_submit(mw->w, IPPON_WRITE_MATCHES, match_job_run, match_job_done, job) == 0)
            return 0;
        ippon_store_writes_in_flight(mw->st, -1);
        free(job);
    }
    ippon_log_warn("match writes: the writer took no more matches; %d kept for %s", n, mw->spill_path);
    keep(mw, q);
    return -1;
}

int ippon_pending_matches_submit(ippon_pending_matches *mw, ippon_store_batch *q)
{
    return submit(mw, q, false);
}

int ippon_pending_matches_resume(ippon_pending_matches *mw, char *err, size_t errlen)
{
    ippon_store_batch *q = ippon_store_batch_new();
    if (!q) {
        snprintf(err, errlen, "%s: out of memory", mw->spill_path);
        return -1;
    }
    int n = ippon_spill_read(mw->spill_path, q, err, errlen);
    if (n <= 0) {
        ippon_store_batch_free(q);
        return n;
    }
    ippon_log_info("%s: %d finished matches not stored by the last run are queued again", mw->spill_path, n);
    submit(mw, q, true);
    return n;
}

int ippon_pending_matches_spill(ippon_pending_matches *mw, const char *reserve_path, char *err, size_t errlen)
{
    int n = ippon_spill_write(mw->spill_path, mw->kept, mw->n_kept, err, errlen);
    if (n < 0 && reserve_path && ippon_disk_reserve_release(reserve_path)) {
        ippon_log_warn("%s; the disk reserve %s is given back to write it again", err, reserve_path);
        n = ippon_spill_write(mw->spill_path, mw->kept, mw->n_kept, err, errlen);
    }
    if (n < 0) {
        for (int i = 0; i < mw->n_kept; i++)
            ippon_store_batch_dump(mw->kept[i], stderr, "ippon: unstored match: ");
        return n;
    }
    if (n > 0)
        ippon_log_warn("%d finished matches could not be stored before the exit: kept in %s for the next start", n,
                       mw->spill_path);
    if (mw->on_stored) /* kept whole in the file: their journals have served */
        for (int i = 0; i < mw->n_kept; i++)
            ippon_store_batch_each(mw->kept[i], false, mw->on_stored, mw->on_stored_ctx);
    return n;
}
