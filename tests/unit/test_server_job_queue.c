/*
 * test_server_job_queue.c — the worker threads' queue (src/server/base/job_queue.h): its lists keep
 * their order and count through push, pop, remove and take; a worker built on it hands every job to
 * the done list in order and calls the wake function for each, and the completions run on the
 * polling thread, never on the worker's; the worker's sleep ends when signalled and, with a time,
 * not before that time; a stop lets the worker return and leaves what it did not take to the caller.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "base/job_queue.h"
#include "base/wall_clock.h"

typedef struct number_job {
    ippon_job link;
    int value, squared;
    pthread_t ran_on;
} number_job;

/* ---- the lists ------------------------------------------------------------------------------- */

static void expect_list(const ippon_job_list *l, number_job *jobs, const int *want, int n)
{
    assert_int_equal(l->n, (size_t)n);
    const ippon_job *j = l->head;
    for (int i = 0; i < n; i++, j = j->next) {
        assert_non_null(j);
        assert_ptr_equal(j, &jobs[want[i]].link);
    }
    assert_null(j);
    assert_ptr_equal(l->tail, n ? &jobs[want[n - 1]].link : NULL);
}

static void lists_keep_order_and_count(void **state)
{
    (void)state;
    number_job jobs[5] = {0};
    ippon_job_list l = {0};
    assert_null(ippon_job_list_pop(&l));
    for (int i = 0; i < 5; i++)
        ippon_job_list_push(&l, &jobs[i].link);
    expect_list(&l, jobs, (int[]){0, 1, 2, 3, 4}, 5);
    ippon_job_list_remove(&l, &jobs[2].link); /* the middle */
    expect_list(&l, jobs, (int[]){0, 1, 3, 4}, 4);
    ippon_job_list_remove(&l, &jobs[4].link); /* the tail */
    expect_list(&l, jobs, (int[]){0, 1, 3}, 3);
    ippon_job_list_push(&l, &jobs[2].link); /* after a removed tail, at the end */
    expect_list(&l, jobs, (int[]){0, 1, 3, 2}, 4);
    assert_ptr_equal(ippon_job_list_pop(&l), &jobs[0].link);
    expect_list(&l, jobs, (int[]){1, 3, 2}, 3);
    ippon_job *chain = ippon_job_list_take(&l);
    expect_list(&l, jobs, NULL, 0);
    assert_ptr_equal(chain, &jobs[1].link);
    assert_ptr_equal(chain->next, &jobs[3].link);
    assert_ptr_equal(chain->next->next, &jobs[2].link);
    assert_null(chain->next->next->next);
}

/* ---- a worker on the queue ------------------------------------------------------------------- */

typedef struct squares {
    ippon_job_queue q;
    ippon_job_list todo;
    atomic_int wakes;
} squares;

static void count_wake(void *ctx)
{
    atomic_fetch_add(&((squares *)ctx)->wakes, 1);
}

static void *square_worker(void *arg)
{
    squares *s = arg;
    pthread_mutex_lock(&s->q.lock);
    number_job *j;
    while ((j = (number_job *)ippon_job_queue_next(&s->q, &s->todo))) {
        pthread_mutex_unlock(&s->q.lock);
        j->squared = j->value * j->value;
        j->ran_on = pthread_self();
        pthread_mutex_lock(&s->q.lock);
        ippon_job_queue_finished(&s->q, &j->link);
    }
    pthread_mutex_unlock(&s->q.lock);
    return NULL;
}

typedef struct completions {
    int values[64];
    int n;
    pthread_t worker_seen;
} completions;

static void note(ippon_job *link, void *ctx)
{
    completions *c = ctx;
    number_job *j = (number_job *)link;
    assert_int_equal(j->squared, j->value * j->value);
    assert_false(pthread_equal(pthread_self(), j->ran_on)); /* the poller's thread, not the worker's */
    c->values[c->n++] = j->value;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void a_worker_finishes_every_job_in_order(void **state)
{
    (void)state;
    static squares s;
    s = (squares){0};
    assert_int_equal(ippon_job_queue_init(&s.q, count_wake, &s), 0);
    assert_int_equal(ippon_job_queue_start(&s.q, square_worker, &s), 0);
    number_job jobs[40] = {0};
    completions c = {0};
    for (int i = 0; i < 40; i++) {
        jobs[i].value = i + 1;
        pthread_mutex_lock(&s.q.lock);
        ippon_job_list_push(&s.todo, &jobs[i].link);
        pthread_cond_signal(&s.q.work);
        pthread_mutex_unlock(&s.q.lock);
    }
    for (int tries = 0; c.n < 40 && tries < 5000; tries++)
        if (ippon_job_chain_complete(ippon_job_queue_take_done(&s.q), note, &c) == 0)
            sleep_ms(1);
    assert_int_equal(c.n, 40);
    for (int i = 0; i < 40; i++)
        assert_int_equal(c.values[i], i + 1);
    assert_int_equal(atomic_load(&s.wakes), 40);
    assert_null(ippon_job_queue_take_done(&s.q));
    ippon_job_queue_stop(&s.q);
    ippon_job_queue_destroy(&s.q);
}

/* a stop with jobs not taken: the worker returns, and the jobs are still on the caller's list */
static void a_stop_leaves_the_untaken_jobs(void **state)
{
    (void)state;
    static squares s;
    s = (squares){0};
    assert_int_equal(ippon_job_queue_init(&s.q, NULL, NULL), 0);
    number_job jobs[3] = {{.value = 1}, {.value = 2}, {.value = 3}};
    pthread_mutex_lock(&s.q.lock);
    s.q.stopping = true; /* the worker starts stopped: it takes nothing */
    for (int i = 0; i < 3; i++)
        ippon_job_list_push(&s.todo, &jobs[i].link);
    pthread_mutex_unlock(&s.q.lock);
    assert_int_equal(ippon_job_queue_start(&s.q, square_worker, &s), 0);
    ippon_job_queue_stop(&s.q); /* returns: the thread was joined */
    assert_int_equal(s.todo.n, 3);
    assert_null(s.q.done.head);
    for (int i = 0; i < 3; i++)
        assert_int_equal(jobs[i].squared, 0);
    ippon_job_queue_destroy(&s.q);
}

/* ---- sleeping -------------------------------------------------------------------------------- */

static void a_timed_sleep_lasts_until_its_time(void **state)
{
    (void)state;
    ippon_job_queue q;
    assert_int_equal(ippon_job_queue_init(&q, NULL, NULL), 0);
    pthread_mutex_lock(&q.lock);
    int64_t start = ippon_mono_ms(), until = start + 60;
    int sleeps = 0;
    while (ippon_mono_ms() < until) { /* a spurious wake may end a sleep early: the caller sleeps again */
        ippon_job_queue_sleep(&q, until);
        sleeps++;
    }
    int64_t slept = ippon_mono_ms() - start;
    assert_true(slept >= 60);
    assert_true(slept < 5000);
    /* the deadline is until itself on the clock the condition variable waits on: a sleep or two, not a
       deadline already past (another clock, another time) returning at once again and again */
    if (sleeps > 3)
        fail_msg("60 ms took %d sleeps", sleeps);
    start = ippon_mono_ms();
    ippon_job_queue_sleep(&q, start - 1000); /* a time that has passed: at once */
    assert_true(ippon_mono_ms() - start < 1000);
    pthread_mutex_unlock(&q.lock);
    ippon_job_queue_destroy(&q);
}

typedef struct sleeper {
    ippon_job_queue *q;
    bool woke;
} sleeper;

static void *sleep_forever(void *arg)
{
    sleeper *z = arg;
    pthread_mutex_lock(&z->q->lock);
    while (!z->q->stopping)
        ippon_job_queue_sleep(z->q, INT64_MAX);
    z->woke = true;
    pthread_mutex_unlock(&z->q->lock);
    return NULL;
}

static void a_stop_wakes_a_sleeping_worker(void **state)
{
    (void)state;
    ippon_job_queue q;
    assert_int_equal(ippon_job_queue_init(&q, NULL, NULL), 0);
    sleeper z = {.q = &q};
    assert_int_equal(ippon_job_queue_start(&q, sleep_forever, &z), 0);
    ippon_job_queue_stop(&q);
    assert_true(z.woke);
    ippon_job_queue_destroy(&q);
}

/* the wake function replaced: the next finished job calls the new one only */
static void the_wake_can_be_replaced(void **state)
{
    (void)state;
    squares a = {0}, b = {0};
    ippon_job_queue q;
    assert_int_equal(ippon_job_queue_init(&q, count_wake, &a), 0);
    number_job j1 = {.value = 1}, j2 = {.value = 2};
    pthread_mutex_lock(&q.lock);
    ippon_job_queue_finished(&q, &j1.link);
    pthread_mutex_unlock(&q.lock);
    ippon_job_queue_set_wake(&q, count_wake, &b);
    pthread_mutex_lock(&q.lock);
    ippon_job_queue_finished(&q, &j2.link);
    pthread_mutex_unlock(&q.lock);
    assert_int_equal(atomic_load(&a.wakes), 1);
    assert_int_equal(atomic_load(&b.wakes), 1);
    ippon_job *done = ippon_job_queue_take_done(&q);
    assert_ptr_equal(done, &j1.link);
    assert_ptr_equal(done->next, &j2.link);
    ippon_job_queue_stop(&q); /* never started: nothing to join */
    ippon_job_queue_destroy(&q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lists_keep_order_and_count),
        cmocka_unit_test(a_worker_finishes_every_job_in_order),
        cmocka_unit_test(a_stop_leaves_the_untaken_jobs),
        cmocka_unit_test(a_timed_sleep_lasts_until_its_time),
        cmocka_unit_test(a_stop_wakes_a_sleeping_worker),
        cmocka_unit_test(the_wake_can_be_replaced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
