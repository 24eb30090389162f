/*
 * job_queue.h — the shape the server's worker threads share (auth/pwhash.c's password hashing,
 * store/store_writer.c's database writes): one thread takes jobs from its queue under a mutex,
 * runs each without the lock, and puts it on a "done" list, calling the wake function (the server
 * passes lws_cancel_service) so that the event loop polls; the loop's poll, or the stop, takes the
 * done list and runs the completions on its own thread.
 *
 * What a job holds, which one runs next and when the worker sleeps are the module's own: here are
 * the lock, the condition variable the worker sleeps on (on CLOCK_MONOTONIC, so that it can sleep
 * until an ippon_mono_ms time), the thread, the done list, the stopping flag and the wake. A job is
 * a struct of the module's with an ippon_job as its first member; the lists are FIFO and never own
 * their jobs.
 */
#ifndef IPPON_SERVER_JOB_QUEUE_H
#define IPPON_SERVER_JOB_QUEUE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ippon_job {
    struct ippon_job *next;
} ippon_job;

typedef struct ippon_job_list {
    ippon_job *head, *tail;
    size_t n;
} ippon_job_list;

/* append j */
void ippon_job_list_push(ippon_job_list *l, ippon_job *j);
/* the first job, taken off the list; NULL if it is empty */
ippon_job *ippon_job_list_pop(ippon_job_list *l);
/* take j, which is on l, off it */
void ippon_job_list_remove(ippon_job_list *l, ippon_job *j);
/* every job, in order, as a chain through next; the list is empty after */
ippon_job *ippon_job_list_take(ippon_job_list *l);

typedef struct ippon_job_queue {
    pthread_mutex_t lock;
    pthread_cond_t work;   /* the worker sleeps on it: signal it when there is something to do */
    pthread_t thread;
    ippon_job_list done;   /* finished jobs waiting for their completions */
    bool stopping;         /* set by ippon_job_queue_stop: the worker is to return */
    bool started;
    void (*wake)(void *);
    void *wake_ctx;
} ippon_job_queue;

/* the lock and the condition variable: 0, or -1 (nothing to destroy then) */
int ippon_job_queue_init(ippon_job_queue *q, void (*wake)(void *), void *wake_ctx);

/* start the worker thread, worker(arg): 0, or -1 */
int ippon_job_queue_start(ippon_job_queue *q, void *(*worker)(void *), void *arg);

/* replace the wake function; thread-safe (takes the lock) */
void ippon_job_queue_set_wake(ippon_job_queue *q, void (*wake)(void *), void *wake_ctx);

/* with the lock held: j is finished; it joins the done list and the wake function is called
   (under the lock, so that a wake never reaches a loop that has already replaced or dropped it) */
void ippon_job_queue_finished(ippon_job_queue *q, ippon_job *j);

/* with the lock held: sleep until signalled, or until the ippon_mono_ms time until_ms
   (INT64_MAX: no time); returns at once if that time has passed. Wakes may be spurious. */
void ippon_job_queue_sleep(ippon_job_queue *q, int64_t until_ms);

/* with the lock held, for a worker that runs every job as it comes: the first job of todo, taken
   off it, once there is one; NULL once stopping is set (the jobs still on todo stay there) */
ippon_job *ippon_job_queue_next(ippon_job_queue *q, ippon_job_list *todo);
/* the finished jobs, in order, as a chain through next (takes the lock) */
ippon_job *ippon_job_queue_take_done(ippon_job_queue *q);

/* run complete(job, ctx) for each job of a chain, in order (complete may free the job); how many */
int ippon_job_chain_complete(ippon_job *chain, void (*complete)(ippon_job *job, void *ctx), void *ctx);

/* set stopping, wake the worker and wait for its thread to return (it must, once stopping is set
   and it has done what it still does at a stop); the lists are then the caller's alone */
void ippon_job_queue_stop(ippon_job_queue *q);

/* destroy the lock and the condition variable (after ippon_job_queue_stop, or if never started) */
void ippon_job_queue_destroy(ippon_job_queue *q);

#endif
