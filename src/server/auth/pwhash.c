/*
 * pwhash.c — the password-hashing worker thread (see pwhash.h).
 *
 * How it works: a worker thread of base/job_queue.h. submit appends to the "todo" list under
 * the queue's lock and signals it; the worker pops the head of todo, runs argon2id without
 * holding the lock, and hands the job to the queue's done list, which calls the wake function;
 * poll takes the done list and runs the callbacks outside the lock. Passwords live only in the
 * job and are wiped (sodium_memzero) before the job is freed. A checked hash is a hash job whose
 * password the policy (pwpolicy.h) sees first, on the worker too, since a check can take more
 * than a millisecond.
 */
#include "auth/pwhash.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/job_queue.h"

typedef enum pwhash_kind { PWHASH_HASH, PWHASH_VERIFY, PWHASH_CHECKED } pwhash_kind;

typedef struct pwhash_job {
    ippon_job link; /* first: the queue's lists hold jobs by it */
    pwhash_kind kind;
    char *password;
    size_t len;
    char *stored;                          /* verify: the hash to check, or NULL; checked: the old password */
    char *username;                        /* checked: the account's username, or NULL */
    ippon_pwpolicy *policy;                /* checked */
    char out[crypto_pwhash_STRBYTES];      /* a new hash, or the policy's reason, when have_out */
    int have_out;
    ippon_pwhash_result result;
    ippon_pwhash_done done;
    void *ctx;
} pwhash_job;

struct ippon_pwhash {
    ippon_job_queue q; /* its lock guards todo and in_flight too */
    ippon_job_list todo;
    size_t in_flight; /* todo + the running job */
    size_t max_queue;
    unsigned long long ops;
    size_t mem;
};

static void job_free(pwhash_job *j)
{
    if (j->password) {
        sodium_memzero(j->password, j->len);
        free(j->password);
    }
    if (j->stored) {
        sodium_memzero(j->stored, strlen(j->stored));
        free(j->stored);
    }
    free(j->username);
    sodium_memzero(j->out, sizeof j->out);
    free(j);
}

/* the worker's part of a job: argon2id, no shared state touched */
static void job_run(const ippon_pwhash *pool, pwhash_job *j)
{
    if (j->kind == PWHASH_CHECKED) {
        if (ippon_pwpolicy_check(j->policy, j->password, j->len, j->username, j->stored, j->out, sizeof j->out) != 0) {
            j->result = IPPON_PWHASH_WEAK;
            j->have_out = 1;
            return;
        }
        j->kind = PWHASH_HASH;
    }
    if (j->kind == PWHASH_HASH) {
        j->result = crypto_pwhash_str(j->out, j->password, j->len, pool->ops, pool->mem) == 0
                        ? IPPON_PWHASH_OK
                        : IPPON_PWHASH_FAILED;
        j->have_out = j->result == IPPON_PWHASH_OK;
        return;
    }
    if (!j->stored) { /* no account: spend the same time, then say no */
        char scratch[crypto_pwhash_STRBYTES];
        int rc = crypto_pwhash_str(scratch, j->password, j->len, pool->ops, pool->mem);
        sodium_memzero(scratch, sizeof scratch);
        j->result = rc == 0 ? IPPON_PWHASH_MISMATCH : IPPON_PWHASH_FAILED;
        return;
    }
    if (crypto_pwhash_str_verify(j->stored, j->password, j->len) != 0) {
        j->result = IPPON_PWHASH_MISMATCH;
        return;
    }
    j->result = IPPON_PWHASH_OK;
    if (crypto_pwhash_str_needs_rehash(j->stored, pool->ops, pool->mem) == 1 &&
        crypto_pwhash_str(j->out, j->password, j->len, pool->ops, pool->mem) == 0)
        j->have_out = 1;
}

static void *pwhash_worker(void *arg)
{
    ippon_pwhash *pool = arg;
    pthread_mutex_lock(&pool->q.lock);
    pwhash_job *j;
    while ((j = (pwhash_job *)ippon_job_queue_next(&pool->q, &pool->todo))) {
        pthread_mutex_unlock(&pool->q.lock);
        job_run(pool, j);
        pthread_mutex_lock(&pool->q.lock);
        pool->in_flight--;
        ippon_job_queue_finished(&pool->q, &j->link);
    }
    pthread_mutex_unlock(&pool->q.lock);
    return NULL;
}

int ippon_pwhash_start(ippon_pwhash **out, unsigned long long ops, size_t mem_bytes,
                       size_t max_queue, void (*wake)(void *), void *wake_ctx)
{
    *out = NULL;
    if (ops < crypto_pwhash_OPSLIMIT_MIN || ops > crypto_pwhash_OPSLIMIT_MAX ||
        mem_bytes < crypto_pwhash_MEMLIMIT_MIN || mem_bytes > crypto_pwhash_MEMLIMIT_MAX ||
        max_queue < 1)
        return -1;
    ippon_pwhash *pool = calloc(1, sizeof *pool);
    if (!pool)
        return -1;
    pool->ops = ops;
    pool->mem = mem_bytes;
    pool->max_queue = max_queue;
    if (ippon_job_queue_init(&pool->q, wake, wake_ctx) != 0) {
        free(pool);
        return -1;
    }
    if (ippon_job_queue_start(&pool->q, pwhash_worker, pool) != 0) {
        ippon_job_queue_destroy(&pool->q);
        free(pool);
        return -1;
    }
    *out = pool;
    return 0;
}

void ippon_pwhash_set_wake(ippon_pwhash *pool, void (*wake)(void *), void *wake_ctx)
{
    ippon_job_queue_set_wake(&pool->q, wake, wake_ctx);
}

static int pwhash_submit_job(ippon_pwhash *pool, pwhash_kind kind, const char *password, size_t len,
                             const char *stored, const char *username, ippon_pwpolicy *policy,
                             ippon_pwhash_done done, void *ctx);

static int pwhash_submit(ippon_pwhash *pool, pwhash_kind kind, const char *password, size_t len,
                         const char *stored, ippon_pwhash_done done, void *ctx)
{
    return pwhash_submit_job(pool, kind, password, len, stored, NULL, NULL, done, ctx);
}

int ippon_pwhash_hash_checked(ippon_pwhash *pool, ippon_pwpolicy *policy, const char *password, size_t len,
                              const char *username, const char *old_password, ippon_pwhash_done done,
                              void *ctx)
{
    if (!policy)
        return -1;
    return pwhash_submit_job(pool, PWHASH_CHECKED, password, len, old_password, username, policy, done, ctx);
}

static int pwhash_submit_job(ippon_pwhash *pool, pwhash_kind kind, const char *password, size_t len,
                             const char *stored, const char *username, ippon_pwpolicy *policy,
                             ippon_pwhash_done done, void *ctx)
{
    pwhash_job *j = calloc(1, sizeof *j);
    if (!j)
        return -1;
    j->kind = kind;
    j->policy = policy;
    if (username)
        j->username = strdup(username);
    j->len = len;
    j->done = done;
    j->ctx = ctx;
    j->password = malloc(len ? len : 1);
    if (j->password)
        memcpy(j->password, password, len);
    if (stored)
        j->stored = strdup(stored);
    if (!j->password || (stored && !j->stored) || (username && !j->username)) {
        job_free(j);
        return -1;
    }
    pthread_mutex_lock(&pool->q.lock);
    int accepted = !pool->q.stopping && pool->in_flight < pool->max_queue;
    if (accepted) {
        ippon_job_list_push(&pool->todo, &j->link);
        pool->in_flight++;
        pthread_cond_signal(&pool->q.work);
    }
    pthread_mutex_unlock(&pool->q.lock);
    if (!accepted) {
        job_free(j);
        return -1;
    }
    return 0;
}

int ippon_pwhash_hash(ippon_pwhash *pool, const char *password, size_t len,
                      ippon_pwhash_done done, void *ctx)
{
    return pwhash_submit(pool, PWHASH_HASH, password, len, NULL, done, ctx);
}

int ippon_pwhash_verify(ippon_pwhash *pool, const char *password, size_t len, const char *hash,
                        ippon_pwhash_done done, void *ctx)
{
    return pwhash_submit(pool, PWHASH_VERIFY, password, len, hash, done, ctx);
}

/* a finished job's callback, then the job is freed (on the caller's thread) */
static void pwhash_complete(ippon_job *link, void *unused)
{
    (void)unused;
    pwhash_job *j = (pwhash_job *)link;
    j->done(j->ctx, j->result, j->have_out ? j->out : NULL);
    job_free(j);
}

int ippon_pwhash_poll(ippon_pwhash *pool)
{
    if (!pool)
        return 0;
    return ippon_job_chain_complete(ippon_job_queue_take_done(&pool->q), pwhash_complete, NULL);
}

size_t ippon_pwhash_in_flight(ippon_pwhash *pool)
{
    pthread_mutex_lock(&pool->q.lock);
    size_t n = pool->in_flight;
    pthread_mutex_unlock(&pool->q.lock);
    return n;
}

void ippon_pwhash_stop(ippon_pwhash *pool)
{
    if (!pool)
        return;
    ippon_job_queue_stop(&pool->q);

    /* the worker is gone. Detach both lists before running callbacks, so that a callback
       that polls or submits (refused: stopping) finds nothing to run twice. */
    ippon_job *done = ippon_job_list_take(&pool->q.done), *todo = ippon_job_list_take(&pool->todo);
    for (ippon_job *j = todo; j; j = j->next)
        ((pwhash_job *)j)->result = IPPON_PWHASH_CANCELLED;
    ippon_job_chain_complete(done, pwhash_complete, NULL);
    ippon_job_chain_complete(todo, pwhash_complete, NULL);
    ippon_job_queue_destroy(&pool->q);
    free(pool);
}

static const ippon_error_row pwhash_rows[] = { IPPON_PWHASH_ERRNO_MAP(IPPON_ERROR_ROW) };

const ippon_error_row *ippon_pwhash_error_row(int result)
{
    return ippon_error_find(pwhash_rows, (int)(sizeof pwhash_rows / sizeof pwhash_rows[0]), result);
}

const char *ippon_pwhash_strerror(int result)
{
    const ippon_error_row *row = ippon_pwhash_error_row(result);
    if (row)
        return row->text;
    switch (result) {
    case IPPON_PWHASH_OK: return "ok";
    case IPPON_PWHASH_MISMATCH: return "the password does not match";
    case IPPON_PWHASH_WEAK: return "the password policy refused the password";
    default: return "unknown password-hashing error";
    }
}
