/*
 * test_server_timers.c — the server's own timers on libev (src/server/base/timers.h), on a real
 * libev loop on epoll, as the server runs them.
 *
 * What they must do that lws 4.1's libev plugin did not: a timer scheduled after a later one is
 * already armed fires first, at its own time, not when the later one does. And what every timer
 * list must do: fire in the order of their due times, never fire once cancelled, move when
 * scheduled again, and let a callback schedule timers (itself too).
 *
 * Time: the delays are tens of milliseconds and the checks are of order (which fired first),
 * never of speed; the one bound on time (the early timer fires before the late one is due) has
 * hundreds of milliseconds of room.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <ev.h>
#include <stdlib.h>

#include "base/timers.h"

enum { MANY = 200 };

typedef struct probe {
    lws_sorted_usec_list_t sul;
    int id;
    lws_usec_t due;       /* when it was asked to fire (absolute, lws_now_usecs) */
    lws_usec_t fired_at;  /* 0: not fired */
    int fired;            /* how many times */
} probe;

static probe *order[MANY * 2];
static int order_len;

static void probe_fire(lws_sorted_usec_list_t *sul)
{
    probe *p = lws_container_of(sul, probe, sul);
    p->fired++;
    p->fired_at = lws_now_usecs();
    if (order_len < (int)(sizeof order / sizeof order[0]))
        order[order_len++] = p;
}

static void schedule(ippon_timers *t, probe *p, lws_usec_t us)
{
    lws_usec_t asked = lws_now_usecs();
    ippon_timers_schedule(t, &p->sul, probe_fire, us);
    p->due = asked + us; /* at the earliest: the list's own now is taken a moment later */
    assert_true(p->sul.us >= p->due);
    p->due = p->sul.us;
}

/* turns of the loop until done() or a second has passed */
static void run_until(struct ev_loop *loop, int (*done)(void *), void *arg)
{
    lws_usec_t give_up = lws_now_usecs() + LWS_US_PER_SEC * 2;
    while (!done(arg) && lws_now_usecs() < give_up)
        ev_run(loop, EVRUN_ONCE);
}

static int probe_fired(void *arg) { return ((probe *)arg)->fired > 0; }
static int all_fired(void *arg)
{
    (void)arg;
    return order_len >= MANY;
}

static int setup(void **state)
{
    struct ev_loop *loop = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOSIGMASK);
    assert_non_null(loop);
    *state = loop;
    order_len = 0;
    return 0;
}

static int teardown(void **state)
{
    ev_loop_destroy(*state);
    return 0;
}

/* the case lws's plugin got wrong: a sooner timer scheduled while a later one is armed */
static void sooner_timer_is_not_held_by_a_later_one(void **state)
{
    struct ev_loop *loop = *state;
    ippon_timers *t = ippon_timers_new(NULL, loop);
    assert_non_null(t);
    probe late = {.id = 1}, soon = {.id = 2};
    schedule(t, &late, 800 * LWS_US_PER_MS);
    ev_run(loop, EVRUN_NOWAIT); /* the wake-up is armed for the late one */
    schedule(t, &soon, 20 * LWS_US_PER_MS);
    run_until(loop, probe_fired, &soon);
    assert_int_equal(soon.fired, 1);
    assert_int_equal(late.fired, 0);
    assert_true(soon.fired_at >= soon.due);
    assert_true(soon.fired_at < late.due); /* not held until the late one's time */
    run_until(loop, probe_fired, &late);
    assert_int_equal(late.fired, 1);
    assert_true(late.fired_at >= late.due);
    ippon_timers_free(t);
}

/* MANY timers at random delays fire once each, in the order of their due times */
static void timers_fire_in_due_order(void **state)
{
    struct ev_loop *loop = *state;
    ippon_timers *t = ippon_timers_new(NULL, loop);
    static probe p[MANY];
    uint32_t rng = 12345;
    for (int i = 0; i < MANY; i++) {
        rng = rng * 1103515245u + 12345u;
        p[i] = (probe){.id = i};
        schedule(t, &p[i], (lws_usec_t)(rng >> 16) % 60 * LWS_US_PER_MS);
    }
    run_until(loop, all_fired, NULL);
    assert_int_equal(order_len, MANY);
    for (int i = 0; i < MANY; i++)
        assert_int_equal(p[i].fired, 1);
    for (int i = 1; i < MANY; i++)
        assert_true(order[i - 1]->due <= order[i]->due);
    ippon_timers_free(t);
}

/* cancelled: never fires; scheduled again: fires once, at the new time */
static void cancel_and_move(void **state)
{
    struct ev_loop *loop = *state;
    ippon_timers *t = ippon_timers_new(NULL, loop);
    probe gone = {.id = 1}, moved = {.id = 2}, marker = {.id = 3};
    schedule(t, &gone, 10 * LWS_US_PER_MS);
    schedule(t, &moved, 10 * LWS_US_PER_MS);
    ippon_timers_cancel(&gone.sul);
    schedule(t, &moved, 60 * LWS_US_PER_MS); /* later than before */
    schedule(t, &marker, 30 * LWS_US_PER_MS);
    run_until(loop, probe_fired, &moved);
    assert_int_equal(gone.fired, 0);
    assert_int_equal(moved.fired, 1);
    assert_int_equal(marker.fired, 1);
    assert_int_equal(order_len, 2);
    assert_ptr_equal(order[0], &marker); /* the move took: the 30 ms one came first */
    assert_true(moved.fired_at >= moved.due);
    ippon_timers_cancel(&gone.sul); /* cancelling what is not scheduled is harmless */
    ippon_timers_free(t);
}

/* a callback that schedules itself again, five times, each 5 ms on */
typedef struct repeater {
    lws_sorted_usec_list_t sul;
    ippon_timers *t;
    int left;
} repeater;

static void repeater_fire(lws_sorted_usec_list_t *sul)
{
    repeater *r = lws_container_of(sul, repeater, sul);
    if (--r->left > 0)
        ippon_timers_schedule(r->t, &r->sul, repeater_fire, 5 * LWS_US_PER_MS);
}

static int repeater_done(void *arg) { return ((repeater *)arg)->left == 0; }

static void callback_schedules_itself(void **state)
{
    struct ev_loop *loop = *state;
    ippon_timers *t = ippon_timers_new(NULL, loop);
    repeater r = {.t = t, .left = 5};
    ippon_timers_schedule(t, &r.sul, repeater_fire, 0);
    run_until(loop, repeater_done, &r);
    assert_int_equal(r.left, 0);
    ippon_timers_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(sooner_timer_is_not_held_by_a_later_one, setup, teardown),
        cmocka_unit_test_setup_teardown(timers_fire_in_due_order, setup, teardown),
        cmocka_unit_test_setup_teardown(cancel_and_move, setup, teardown),
        cmocka_unit_test_setup_teardown(callback_schedules_itself, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
