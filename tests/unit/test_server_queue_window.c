/*
 * test_server_queue_window.c — the ranked queue's rating window (src/server/game/queue_window.c)
 * and the lobby's take with it (game/lobby.c): the width from its start, growth, cap and
 * time_scale, worked by hand, and the hand-worked queues of queue_window_cases.h (the same ones
 * the cluster's Redis take must agree with: cluster/test_cluster_coord.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game/lobby.h"
#include "game/queue_window.h"
#include "queue_window_cases.h"

static void width(void **state)
{
    (void)state;
    const ippon_queue_window w = {.start = 100, .per_second = 10, .cap = 400, .time_scale = 1};
    assert_true(ippon_queue_window_width(&w, 0) == 100.0);
    assert_true(ippon_queue_window_width(&w, -5000) == 100.0); /* a clock behind: no wait */
    assert_true(ippon_queue_window_width(&w, 1500) == 115.0);
    assert_true(ippon_queue_window_width(&w, 29999) < 400.0);
    assert_true(ippon_queue_window_width(&w, 30000) == 400.0);
    assert_true(ippon_queue_window_width(&w, 3600000) == 400.0); /* capped */
    const ippon_queue_window fast = {.start = 100, .per_second = 10, .cap = 400, .time_scale = 0.5};
    assert_true(ippon_queue_window_width(&fast, 1000) == 120.0); /* a real second is two of the game's */
    assert_true(ippon_queue_window_fits(1500, 1600, 100.0));
    assert_false(ippon_queue_window_fits(1500, 1600.5, 100.0));
}

static void spread(void **state)
{
    (void)state;
    ippon_lobby_entry e[3] = {{.rating = 1620}, {.rating = 1480}, {.rating = 1555}};
    assert_true(ippon_lobby_spread(e, 3) == 140.0);
    assert_true(ippon_lobby_spread(e, 1) == 0.0);
}

static void cases(void **state)
{
    (void)state;
    for (int k = 0; k < QW_CASES; k++) {
        const qw_case *c = &qw_cases[k];
        ippon_lobby *l = ippon_lobby_new();
        ippon_mode mode = c->seats == 4 ? IPPON_MODE_4P : IPPON_MODE_3P;
        for (int i = 0; i < c->n; i++)
            ippon_lobby_join(l, mode, c->players[i].id, c->players[i].id, c->players[i].addr, c->players[i].rating,
                             c->players[i].since);
        const ippon_queue_window w = {c->start, c->per_second, c->cap, c->time_scale};
        ippon_lobby_entry out[4];
        int n = ippon_lobby_take(l, mode, c->seats, &w, c->fill_after, c->now, out);
        char got[4 * (sizeof out[0].user_id + 1)] = "";
        for (int i = 0; i < n; i++)
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%.*s", i ? "," : "",
                     (int)sizeof out[i].user_id - 1, out[i].user_id);
        if (strcmp(got, c->taken) != 0)
            fail_msg("case \"%s\": took \"%s\", expected \"%s\"", c->name, got, c->taken);
        assert_int_equal(ippon_lobby_size(l, mode), c->n - n); /* the others wait on */
        ippon_lobby_free(l);
    }
}

/* a lobby without a window (NULL) is first come, first served whatever the ratings */
static void no_window(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_join(l, IPPON_MODE_3P, "a", "A", "", 1000, 0);
    ippon_lobby_join(l, IPPON_MODE_3P, "b", "B", "", 2500, 1);
    ippon_lobby_join(l, IPPON_MODE_3P, "c", "C", "", 1700, 2);
    ippon_lobby_entry out[3];
    assert_int_equal(ippon_lobby_take(l, IPPON_MODE_3P, 3, NULL, 60000, 3, out), 3);
    ippon_lobby_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(width),
        cmocka_unit_test(spread),
        cmocka_unit_test(cases),
        cmocka_unit_test(no_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
