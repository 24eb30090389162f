/*
 * test_server_clock.c — the time control of src/server/game/clock.c against src/core/RULES.md §1: every
 * decision gets a fresh 5 s, time beyond it comes out of a 20 s bank that never goes below 0,
 * the table acts at start + 5 s + bank + grace, and an exhaustive draw gives every bank 10 s
 * back, capped at 20 s. All times are milliseconds passed in by the test; every expected
 * value below is worked out by hand from those rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "game/clock.h"

static const ippon_clock_rules product = { .move_ms = 5000, .bank_ms = 20000, .refill_ms = 10000, .grace_ms = 1000 };

static void fresh(ippon_clock *c)
{
    ippon_clock_init(c, &product);
}

static void init(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    for (int s = 0; s < 4; s++) {
        assert_int_equal(c.bank[s], 20000);
        assert_false(ippon_clock_running(&c, s));
    }
    /* not running: the whole move time and the whole bank are left */
    int64_t move = -1, bank = -1;
    ippon_clock_left(&c, 2, 123456, &move, &bank);
    assert_int_equal(move, 5000);
    assert_int_equal(bank, 20000);
}

static void within_move_time_keeps_bank(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    ippon_clock_start(&c, 0, 1000);
    assert_true(ippon_clock_running(&c, 0));
    assert_false(ippon_clock_running(&c, 1));
    ippon_clock_stop(&c, 0, 1000 + 4999);
    assert_false(ippon_clock_running(&c, 0));
    assert_int_equal(c.bank[0], 20000);
    /* exactly 5 s: still nothing from the bank */
    ippon_clock_start(&c, 0, 10000);
    ippon_clock_stop(&c, 0, 15000);
    assert_int_equal(c.bank[0], 20000);
    /* an instant answer */
    ippon_clock_start(&c, 0, 20000);
    ippon_clock_stop(&c, 0, 20000);
    assert_int_equal(c.bank[0], 20000);
    /* unused seconds of the 5 s are lost: 1 s used does not add 4 s to the bank */
    ippon_clock_start(&c, 0, 30000);
    ippon_clock_stop(&c, 0, 31000);
    assert_int_equal(c.bank[0], 20000);
}

static void over_move_time_takes_bank(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    /* 7 s used: 2 s from the bank */
    ippon_clock_start(&c, 1, 50000);
    ippon_clock_stop(&c, 1, 57000);
    assert_int_equal(c.bank[1], 18000);
    /* other seats untouched */
    assert_int_equal(c.bank[0], 20000);
    assert_int_equal(c.bank[2], 20000);
    assert_int_equal(c.bank[3], 20000);
    /* 5.001 s: 1 ms */
    ippon_clock_start(&c, 1, 60000);
    ippon_clock_stop(&c, 1, 65001);
    assert_int_equal(c.bank[1], 17999);
    /* 12.5 s: 7.5 s more → 10,499 */
    ippon_clock_start(&c, 1, 70000);
    ippon_clock_stop(&c, 1, 82500);
    assert_int_equal(c.bank[1], 10499);
    /* stopping a clock that is not running changes nothing */
    ippon_clock_stop(&c, 1, 999999);
    assert_int_equal(c.bank[1], 10499);
}

static void bank_never_negative(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    /* exactly 5 + 20 s: everything used, 0 left */
    ippon_clock_start(&c, 2, 0);
    ippon_clock_stop(&c, 2, 25000);
    assert_int_equal(c.bank[2], 0);
    /* already empty: a long answer keeps it at 0 */
    ippon_clock_start(&c, 2, 100000);
    ippon_clock_stop(&c, 2, 140000);
    assert_int_equal(c.bank[2], 0);
    /* far beyond the bank on a full bank: 0, not negative */
    ippon_clock_start(&c, 3, 0);
    ippon_clock_stop(&c, 3, 26000 + 60000);
    assert_int_equal(c.bank[3], 0);
}

static void deadline(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    ippon_clock_start(&c, 0, 1000);
    /* 1,000 + 5,000 + 20,000 + 1,000 */
    assert_int_equal(ippon_clock_deadline(&c, 0), 27000);
    ippon_clock_stop(&c, 0, 8000); /* 7 s: bank 18 s */
    ippon_clock_start(&c, 0, 100000);
    assert_int_equal(ippon_clock_deadline(&c, 0), 100000 + 5000 + 18000 + 1000);
    /* answering at the deadline uses the bank and the grace: the bank is empty */
    ippon_clock_stop(&c, 0, 124000);
    assert_int_equal(c.bank[0], 0);
    ippon_clock_start(&c, 0, 200000);
    assert_int_equal(ippon_clock_deadline(&c, 0), 200000 + 5000 + 0 + 1000);

    /* another grace */
    ippon_clock_rules r = product;
    r.grace_ms = 250;
    ippon_clock_init(&c, &r);
    ippon_clock_start(&c, 3, 0);
    assert_int_equal(ippon_clock_deadline(&c, 3), 25250);
}

static void refill(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    /* seat 0: bank 0; seat 1: 3 s; seat 2: 15 s; seat 3: full */
    ippon_clock_start(&c, 0, 0);
    ippon_clock_stop(&c, 0, 30000);
    ippon_clock_start(&c, 1, 0);
    ippon_clock_stop(&c, 1, 22000);
    ippon_clock_start(&c, 2, 0);
    ippon_clock_stop(&c, 2, 10000);
    assert_int_equal(c.bank[0], 0);
    assert_int_equal(c.bank[1], 3000);
    assert_int_equal(c.bank[2], 15000);
    assert_int_equal(c.bank[3], 20000);
    ippon_clock_refill(&c);
    assert_int_equal(c.bank[0], 10000);
    assert_int_equal(c.bank[1], 13000);
    assert_int_equal(c.bank[2], 20000); /* 25 s capped */
    assert_int_equal(c.bank[3], 20000);
    ippon_clock_refill(&c);
    assert_int_equal(c.bank[0], 20000);
    assert_int_equal(c.bank[1], 20000);
    ippon_clock_refill(&c);
    assert_int_equal(c.bank[0], 20000);
}

static void left(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    int64_t move, bank;
    ippon_clock_start(&c, 1, 10000);
    /* at the start */
    ippon_clock_left(&c, 1, 10000, &move, &bank);
    assert_int_equal(move, 5000);
    assert_int_equal(bank, 20000);
    /* 2 s in */
    ippon_clock_left(&c, 1, 12000, &move, &bank);
    assert_int_equal(move, 3000);
    assert_int_equal(bank, 20000);
    /* exactly 5 s in */
    ippon_clock_left(&c, 1, 15000, &move, &bank);
    assert_int_equal(move, 0);
    assert_int_equal(bank, 20000);
    /* 8.5 s in: 3.5 s of the bank used */
    ippon_clock_left(&c, 1, 18500, &move, &bank);
    assert_int_equal(move, 0);
    assert_int_equal(bank, 16500);
    /* 25 s in: nothing left */
    ippon_clock_left(&c, 1, 35000, &move, &bank);
    assert_int_equal(move, 0);
    assert_int_equal(bank, 0);
    /* in the grace and past the deadline: still 0, never negative */
    ippon_clock_left(&c, 1, 35500, &move, &bank);
    assert_int_equal(move, 0);
    assert_int_equal(bank, 0);
    ippon_clock_left(&c, 1, 90000, &move, &bank);
    assert_int_equal(move, 0);
    assert_int_equal(bank, 0);
    /* a now before the start counts as no time used */
    ippon_clock_left(&c, 1, 9000, &move, &bank);
    assert_int_equal(move, 5000);
    assert_int_equal(bank, 20000);
    /* left does not change anything */
    assert_int_equal(c.bank[1], 20000);
    assert_true(ippon_clock_running(&c, 1));
    /* with a partly used bank */
    ippon_clock_stop(&c, 1, 21000); /* 11 s: 6 s from the bank → 14 s */
    assert_int_equal(c.bank[1], 14000);
    ippon_clock_left(&c, 1, 50000, &move, &bank); /* stopped: full move time, bank as it is */
    assert_int_equal(move, 5000);
    assert_int_equal(bank, 14000);
    ippon_clock_start(&c, 1, 60000);
    ippon_clock_left(&c, 1, 66000, &move, &bank);
    assert_int_equal(move, 0);
    assert_int_equal(bank, 13000);
    ippon_clock_left(&c, 1, 64000, &move, &bank);
    assert_int_equal(move, 1000);
    assert_int_equal(bank, 14000);
}

static void seats_independent(void **state)
{
    (void)state;
    ippon_clock c;
    fresh(&c);
    /* simultaneous offers: each seat on its own clock */
    ippon_clock_start(&c, 0, 1000);
    ippon_clock_start(&c, 2, 1000);
    ippon_clock_start(&c, 3, 2000);
    ippon_clock_stop(&c, 2, 3000);   /* 2 s: nothing */
    ippon_clock_stop(&c, 0, 10000);  /* 9 s: 4 s */
    ippon_clock_stop(&c, 3, 28000);  /* 26 s: everything */
    assert_int_equal(c.bank[0], 16000);
    assert_int_equal(c.bank[1], 20000);
    assert_int_equal(c.bank[2], 20000);
    assert_int_equal(c.bank[3], 0);
    for (int s = 0; s < 4; s++)
        assert_false(ippon_clock_running(&c, s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(init),
        cmocka_unit_test(within_move_time_keeps_bank),
        cmocka_unit_test(over_move_time_takes_bank),
        cmocka_unit_test(bank_never_negative),
        cmocka_unit_test(deadline),
        cmocka_unit_test(refill),
        cmocka_unit_test(left),
        cmocka_unit_test(seats_independent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
