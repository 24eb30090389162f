/*
 * test_server_lobby.c — the waiting queues of src/server/game/lobby.c: first come first served,
 * a full table's worth forms a group of exactly `players` (the rest keep waiting, in order),
 * bots fill the empty seats only once the oldest player has waited bot_fill_after, a user who
 * joins again moves (to the end, or to the other mode), leaving, the two modes independent,
 * the entries and positions reported, and groups from distinct client addresses (two players
 * of one address never form one table unless the lobby allows it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "game/lobby.h"

static const ippon_mode M4 = IPPON_MODE_4P, M3 = IPPON_MODE_3P;

/* the user ids of a mode's queue joined by spaces, e.g. "a b c" */
static const char *queue_text(const ippon_lobby *l, int mode)
{
    static char buf[1024];
    int n = -1;
    const ippon_lobby_entry *e = ippon_lobby_entries(l, mode, &n);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(buf, " ");
        strcat(buf, e[i].user_id);
    }
    assert_int_equal(n, ippon_lobby_size(l, mode));
    return buf;
}

static void empty(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    assert_non_null(l);
    for (ippon_mode m = 0; m < IPPON_MODES; m++) {
        assert_int_equal(ippon_lobby_size(l, m), 0);
        assert_int_equal(ippon_lobby_oldest(l, m), -1);
        ippon_lobby_entry out[4];
        assert_int_equal(ippon_lobby_take(l, m, 4, NULL, 0, 1000000, out), 0);
    }
    assert_int_equal(ippon_lobby_mode_of(l, "nobody"), -1);
    assert_false(ippon_lobby_leave(l, "nobody"));
    ippon_lobby_free(l);
    ippon_lobby_free(NULL);
}

static void fifo_positions(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    assert_int_equal(ippon_lobby_join(l, M4, "u1", "Alice", "", 1500.0, 100), 1);
    assert_int_equal(ippon_lobby_join(l, M4, "u2", "Bob", "", 1500.0, 200), 2);
    assert_int_equal(ippon_lobby_join(l, M4, "u3", "Carol", "", 1500.0, 300), 3);
    assert_string_equal(queue_text(l, M4), "u1 u2 u3");
    assert_int_equal(ippon_lobby_oldest(l, M4), 100);
    int n;
    const ippon_lobby_entry *e = ippon_lobby_entries(l, M4, &n);
    assert_int_equal(n, 3);
    assert_string_equal(e[0].name, "Alice");
    assert_string_equal(e[1].name, "Bob");
    assert_string_equal(e[2].name, "Carol");
    assert_int_equal(e[0].since, 100);
    assert_int_equal(e[1].since, 200);
    assert_int_equal(e[2].since, 300);
    assert_int_equal(ippon_lobby_mode_of(l, "u2"), M4);
    /* not a full table and nobody waited long: no group */
    ippon_lobby_entry out[4];
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 60000, 1000, out), 0);
    assert_string_equal(queue_text(l, M4), "u1 u2 u3");
    /* a bad mode is refused */
    assert_int_equal(ippon_lobby_join(l, 2, "x", "X", "", 1500.0, 0), -1);
    assert_int_equal(ippon_lobby_join(l, -1, "x", "X", "", 1500.0, 0), -1);
    assert_int_equal(ippon_lobby_mode_of(l, "x"), -1);
    ippon_lobby_free(l);
}

static void full_table_group(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    const char *ids[] = { "a", "b", "c", "d", "e", "f" };
    for (int i = 0; i < 6; i++)
        assert_int_equal(ippon_lobby_join(l, M4, ids[i], ids[i], "", 1500.0, 1000 + i), i + 1);
    ippon_lobby_entry out[4];
    memset(out, 0, sizeof out);
    /* long before bot fill: the four first form a table, the rest stay */
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 60000, 1010, out), 4);
    assert_string_equal(out[0].user_id, "a");
    assert_string_equal(out[1].user_id, "b");
    assert_string_equal(out[2].user_id, "c");
    assert_string_equal(out[3].user_id, "d");
    assert_int_equal(out[3].since, 1003);
    assert_string_equal(queue_text(l, M4), "e f");
    assert_int_equal(ippon_lobby_oldest(l, M4), 1004);
    assert_int_equal(ippon_lobby_mode_of(l, "a"), -1);
    assert_int_equal(ippon_lobby_mode_of(l, "e"), M4);
    /* two left: no group yet */
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 60000, 1010, out), 0);
    /* positions continue from the new head */
    assert_int_equal(ippon_lobby_join(l, M4, "g", "g", "", 1500.0, 1020), 3);
    ippon_lobby_free(l);
}

static void three_player_group(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_join(l, M3, "p", "P", "", 1500.0, 0);
    ippon_lobby_join(l, M3, "q", "Q", "", 1500.0, 0);
    ippon_lobby_entry out[4];
    assert_int_equal(ippon_lobby_take(l, M3, 3, NULL, 60000, 1, out), 0);
    ippon_lobby_join(l, M3, "r", "R", "", 1500.0, 1);
    ippon_lobby_join(l, M3, "s", "S", "", 1500.0, 2);
    assert_int_equal(ippon_lobby_take(l, M3, 3, NULL, 60000, 3, out), 3);
    assert_string_equal(out[0].user_id, "p");
    assert_string_equal(out[1].user_id, "q");
    assert_string_equal(out[2].user_id, "r");
    assert_string_equal(queue_text(l, M3), "s");
    ippon_lobby_free(l);
}

static void bot_fill(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_join(l, M4, "old", "Old", "", 1500.0, 10000);
    ippon_lobby_join(l, M4, "new", "New", "", 1500.0, 25000);
    ippon_lobby_entry out[4];
    /* the oldest has waited 29,999 ms of 30,000: not yet */
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 30000, 39999, out), 0);
    assert_string_equal(queue_text(l, M4), "old new");
    /* exactly 30 s: everybody waiting goes, bots fill the rest */
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 30000, 40000, out), 2);
    assert_string_equal(out[0].user_id, "old");
    assert_string_equal(out[1].user_id, "new");
    assert_int_equal(ippon_lobby_size(l, M4), 0);
    assert_int_equal(ippon_lobby_oldest(l, M4), -1);
    /* only the oldest's wait counts: a newcomer alone waits its own time */
    ippon_lobby_join(l, M4, "late", "Late", "", 1500.0, 50000);
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 30000, 79999, out), 0);
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 30000, 80000, out), 1);
    assert_string_equal(out[0].user_id, "late");
    ippon_lobby_free(l);
}

static void rejoin_moves(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_join(l, M4, "a", "A", "", 1500.0, 0);
    ippon_lobby_join(l, M4, "b", "B", "", 1500.0, 1);
    ippon_lobby_join(l, M4, "c", "C", "", 1500.0, 2);
    /* joining the same mode again: to the end, with the new time and name */
    assert_int_equal(ippon_lobby_join(l, M4, "a", "A2", "", 1500.0, 5), 3);
    assert_string_equal(queue_text(l, M4), "b c a");
    int n;
    const ippon_lobby_entry *e = ippon_lobby_entries(l, M4, &n);
    assert_string_equal(e[2].name, "A2");
    assert_int_equal(e[2].since, 5);
    assert_int_equal(ippon_lobby_oldest(l, M4), 1);
    /* joining the other mode: leaves this one */
    assert_int_equal(ippon_lobby_join(l, M3, "b", "B", "", 1500.0, 6), 1);
    assert_string_equal(queue_text(l, M4), "c a");
    assert_string_equal(queue_text(l, M3), "b");
    assert_int_equal(ippon_lobby_mode_of(l, "b"), M3);
    /* nobody is ever queued twice */
    ippon_lobby_join(l, M4, "b", "B", "", 1500.0, 7);
    assert_string_equal(queue_text(l, M4), "c a b");
    assert_string_equal(queue_text(l, M3), "");
    ippon_lobby_free(l);
}

static void leave(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_join(l, M4, "a", "A", "", 1500.0, 0);
    ippon_lobby_join(l, M4, "b", "B", "", 1500.0, 1);
    ippon_lobby_join(l, M4, "c", "C", "", 1500.0, 2);
    ippon_lobby_join(l, M3, "x", "X", "", 1500.0, 3);
    assert_true(ippon_lobby_leave(l, "b"));
    assert_string_equal(queue_text(l, M4), "a c");
    assert_false(ippon_lobby_leave(l, "b"));
    assert_int_equal(ippon_lobby_mode_of(l, "b"), -1);
    assert_true(ippon_lobby_leave(l, "a"));
    assert_int_equal(ippon_lobby_oldest(l, M4), 2);
    assert_true(ippon_lobby_leave(l, "x"));
    assert_int_equal(ippon_lobby_size(l, M3), 0);
    assert_true(ippon_lobby_leave(l, "c"));
    assert_int_equal(ippon_lobby_size(l, M4), 0);
    /* a user who left does not count toward a table */
    ippon_lobby_join(l, M3, "p", "P", "", 1500.0, 10);
    ippon_lobby_join(l, M3, "q", "Q", "", 1500.0, 11);
    ippon_lobby_join(l, M3, "r", "R", "", 1500.0, 12);
    ippon_lobby_leave(l, "q");
    ippon_lobby_entry out[4];
    assert_int_equal(ippon_lobby_take(l, M3, 3, NULL, 60000, 20, out), 0);
    ippon_lobby_free(l);
}

static void modes_independent(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_join(l, M4, "a", "A", "", 1500.0, 0);
    ippon_lobby_join(l, M3, "b", "B", "", 1500.0, 100);
    ippon_lobby_join(l, M4, "c", "C", "", 1500.0, 200);
    ippon_lobby_join(l, M3, "d", "D", "", 1500.0, 300);
    ippon_lobby_join(l, M3, "e", "E", "", 1500.0, 400);
    assert_int_equal(ippon_lobby_size(l, M4), 2);
    assert_int_equal(ippon_lobby_size(l, M3), 3);
    assert_int_equal(ippon_lobby_oldest(l, M4), 0);
    assert_int_equal(ippon_lobby_oldest(l, M3), 100);
    ippon_lobby_entry out[4];
    /* 3 waiting for 3p: a table; the 4p queue does not move */
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 60000, 500, out), 0);
    assert_int_equal(ippon_lobby_take(l, M3, 3, NULL, 60000, 500, out), 3);
    assert_string_equal(out[0].user_id, "b");
    assert_string_equal(out[1].user_id, "d");
    assert_string_equal(out[2].user_id, "e");
    assert_string_equal(queue_text(l, M4), "a c");
    /* bot fill in one mode leaves the other alone */
    ippon_lobby_join(l, M3, "f", "F", "", 1500.0, 1000);
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 60000, 60000, out), 2);
    assert_string_equal(queue_text(l, M3), "f");
    ippon_lobby_free(l);
}

static void many(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    char id[40];
    for (int i = 0; i < 100; i++) { /* past the first growth of the queue */
        snprintf(id, sizeof id, "user%03d", i);
        assert_int_equal(ippon_lobby_join(l, M4, id, id, "", 1500.0, i), i + 1);
    }
    ippon_lobby_entry out[4];
    for (int g = 0; g < 25; g++) {
        assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 1000000, 100, out), 4);
        for (int k = 0; k < 4; k++) {
            snprintf(id, sizeof id, "user%03d", 4 * g + k);
            assert_string_equal(out[k].user_id, id);
        }
        assert_int_equal(ippon_lobby_size(l, M4), 100 - 4 * (g + 1));
    }
    ippon_lobby_free(l);
}

/* the user ids of a group joined by spaces */
static const char *group_text(const ippon_lobby_entry *g, int n)
{
    static char buf[256];
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(buf, " ");
        strcat(buf, g[i].user_id);
    }
    return buf;
}

static void distinct_addresses(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_entry g[4];
    /* a and b share an address: a table of four passes b over, b keeps its place */
    ippon_lobby_join(l, M4, "a", "A", "10.0.0.1", 1500.0, 1);
    ippon_lobby_join(l, M4, "b", "B", "10.0.0.1", 1500.0, 2);
    ippon_lobby_join(l, M4, "c", "C", "10.0.0.2", 1500.0, 3);
    ippon_lobby_join(l, M4, "d", "D", "2001:db8::1", 1500.0, 4);
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 1000, 10, g), 0); /* a, c, d: not four yet */
    ippon_lobby_join(l, M4, "e", "E", "10.0.0.3", 1500.0, 5);
    assert_int_equal(ippon_lobby_take(l, M4, 4, NULL, 1000, 10, g), 4);
    assert_string_equal(group_text(g, 4), "a c d e");
    assert_string_equal(g[0].addr, "10.0.0.1");
    assert_string_equal(queue_text(l, M4), "b");
    ippon_lobby_free(l);
}

static void distinct_addresses_with_bots(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_entry g[3];
    /* the first has waited long enough for bots: it sits with whoever can, not with its twin */
    ippon_lobby_join(l, M3, "a", "A", "10.0.0.1", 1500.0, 0);
    ippon_lobby_join(l, M3, "b", "B", "10.0.0.1", 1500.0, 1);
    ippon_lobby_join(l, M3, "c", "C", "", 1500.0, 2); /* an unknown address is never passed over */
    assert_int_equal(ippon_lobby_take(l, M3, 3, NULL, 100, 50, g), 0);
    assert_int_equal(ippon_lobby_take(l, M3, 3, NULL, 100, 100, g), 2);
    assert_string_equal(group_text(g, 2), "a c");
    assert_string_equal(queue_text(l, M3), "b");
    ippon_lobby_free(l);
}

static void shared_addresses_allowed(void **state)
{
    (void)state;
    ippon_lobby *l = ippon_lobby_new();
    ippon_lobby_entry g[3];
    ippon_lobby_distinct_addresses(l, false); /* a LAN event: everybody behind one address */
    ippon_lobby_join(l, M3, "a", "A", "192.168.0.9", 1500.0, 0);
    ippon_lobby_join(l, M3, "b", "B", "192.168.0.9", 1500.0, 1);
    ippon_lobby_join(l, M3, "c", "C", "192.168.0.9", 1500.0, 2);
    assert_int_equal(ippon_lobby_take(l, M3, 3, NULL, 1000, 5, g), 3);
    assert_string_equal(group_text(g, 3), "a b c");
    assert_int_equal(ippon_lobby_size(l, M3), 0);
    ippon_lobby_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(empty),
        cmocka_unit_test(fifo_positions),
        cmocka_unit_test(full_table_group),
        cmocka_unit_test(three_player_group),
        cmocka_unit_test(bot_fill),
        cmocka_unit_test(rejoin_moves),
        cmocka_unit_test(leave),
        cmocka_unit_test(modes_independent),
        cmocka_unit_test(many),
        cmocka_unit_test(distinct_addresses),
        cmocka_unit_test(distinct_addresses_with_bots),
        cmocka_unit_test(shared_addresses_allowed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
