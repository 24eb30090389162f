/* job_queue.c — a worker thread's queue, done list and wake (job_queue.h). */
#include "base/job_queue.h"

#include <assert.h>
#include <time.h>

#include "base/wall_clock.h"

void ippon_job_list_push(ippon_job_list *l, ippon_job *j)
{
    assert((l->head == NULL) == (l->n == 0));
    j->next = NULL;
    if (l->tail)
        l->tail->next = j;
    else
        l->head = j;
    l->tail = j;
    l->n++;
}

ippon_job *ippon_job_list_pop(ippon_job_list *l)
{
    ippon_job *j = l->head;
    if (j)
        ippon_job_list_remove(l, j);
    return j;
}

void ippon_job_list_remove(ippon_job_list *l, ippon_job *j)
{
    ippon_job *prev = NULL;
    for (ippon_job *x = l->head; x; prev = x, x = x->next) {
        if (x != j)
            continue;
        if (prev)
            prev->next = x->next;
        else
            l->head = x->next;
        if (l->tail == x)
            l->tail = prev;
        x->next = NULL;
        assert(l->n > 0);
        l->n--;
        return;
    }
    assert(!"ippon_job_list_remove: the job is on the list");
}

ippon_job *ippon_job_list_take(ippon_job_list *l)
{
    ippon_job *chain = l->head;
    *l = (ippon_job_list){ 0 };
    return chain;
}

int ippon_job_queue_init(ippon_job_queue *q, void (*wake)(void *), void *wake_ctx)
{
    *q = (ippon_job_queue){ .wake = wake, .wake_ctx = wake_ctx };
    pthread_condattr_t attr;
    if (pthread_condattr_init(&attr) != 0)
        return -1;
    int rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC); /* as ippon_mono_ms reads it */
    if (rc == 0 && (rc = pthread_mutex_init(&q->lock, NULL)) == 0 && (rc = pthread_cond_init(&q->work, &attr)) != 0)
        pthread_mutex_destroy(&q->lock);
    pthread_condattr_destroy(&attr);
    return rc == 0 ? 0 : -1;
}

int ippon_job_queue_start(ippon_job_queue *q, void *(*worker)(void *), void *arg)
{
    assert(!q->started);
    q->started = pthread_create(&q->thread, NULL, worker, arg) == 0;
    return q->started ? 0 : -1;
}

void ippon_job_queue_set_wake(ippon_job_queue *q, void (*wake)(void *), void *wake_ctx)
{
    pthread_mutex_lock(&q->lock);
    q->wake = wake;
    q->wake_ctx = wake_ctx;
    pthread_mutex_unlock(&q->lock);
}

void ippon_job_queue_finished(ippon_job_queue *q, ippon_job *j)
{
    ippon_job_list_push(&q->done, j);
    if (q->wake)
        q->wake(q->wake_ctx);
}

void ippon_job_queue_sleep(ippon_job_queue *q, int64_t until_ms)
{
    if (until_ms == INT64_MAX) {
        pthread_cond_wait(&q->work, &q->lock);
        return;
    }
    if (until_ms - ippon_mono_ms() <= 0)
        return;
    /* the condition variable's deadline is a timespec on CLOCK_MONOTONIC (ippon_job_queue_init),
       the clock whose milliseconds ippon_mono_ms gives: until_ms itself, split */
    struct timespec at = { .tv_sec = (time_t)(until_ms / 1000), .tv_nsec = (long)(until_ms % 1000) * 1000000L };
    pthread_cond_timedwait(&q->work, &q->lock, &at);
}

ippon_job *ippon_job_queue_next(ippon_job_queue *q, ippon_job_list *todo)
{
    while (!q->stopping && !todo->head)
        ippon_job_queue_sleep(q, INT64_MAX);
    return q->stopping ? NULL : ippon_job_list_pop(todo);
}

ippon_job *ippon_job_queue_take_done(ippon_job_queue *q)
{
    pthread_mutex_lock(&q->lock);
    ippon_job *chain = ippon_job_list_take(&q->done);
    pthread_mutex_unlock(&q->lock);
    return chain;
}

int ippon_job_chain_complete(ippon_job *chain, void (*complete)(ippon_job *job, void *ctx), void *ctx)
{
    int n = 0;
    while (chain) {
        ippon_job *next = chain->next;
        complete(chain, ctx);
        chain = next;
        n++;
    }
    return n;
}

void ippon_job_queue_stop(ippon_job_queue *q)
{
    pthread_mutex_lock(&q->lock);
    q->stopping = true;
    pthread_cond_broadcast(&q->work);
    pthread_mutex_unlock(&q->lock);
    if (q->started)
        pthread_join(q->thread, NULL);
    q->started = false;
}

void ippon_job_queue_destroy(ippon_job_queue *q)
{
    pthread_cond_destroy(&q->work);
    pthread_mutex_destroy(&q->lock);
}
