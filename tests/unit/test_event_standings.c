/*
 * test_event_standings.c — unit tests of an event's standings (src/events/standings.c,
 * src/server/EVENTS.md "Standings"), on results worked by hand: the order by total, then first
 * places, then the best single result, then fewer last places, then registration.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ippon/event.h"

static ippon_event_result r(int entrant, int round, int32_t result, int place, bool last)
{
    return (ippon_event_result){ .entrant = entrant, .round = round, .result = result, .place = (uint8_t)place,
                                 .last = last };
}

/*
 * Two rounds of a 4p table of entrants 0–3:
 *   round 1: 0 +12,000 (1st), 1 −2,000, 2 −4,000, 3 −6,000 (last)
 *   round 2: 3 +12,000 (1st), 2 +2,000, 1 −6,000 (last), 0 −8,000
 * totals: 0 +4,000; 1 −8,000; 2 −2,000; 3 +6,000 → 3, 0, 2, 1.
 */
static void by_total(void **state)
{
    (void)state;
    ippon_event_result res[] = {
        r(0, 1, 12000, 1, false), r(1, 1, -2000, 2, false), r(2, 1, -4000, 3, false), r(3, 1, -6000, 4, true),
        r(3, 2, 12000, 1, false), r(2, 2, 2000, 2, false),  r(1, 2, -6000, 4, true),  r(0, 2, -8000, 3, false),
    };
    ippon_event_standing s[4];
    assert_int_equal(ippon_event_standings(4, res, 8, s), 0);
    int want[] = { 3, 0, 2, 1 };
    int64_t total[] = { 6000, 4000, -2000, -8000 };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(s[i].entrant, want[i]);
        assert_int_equal(s[i].rank, i + 1);
        assert_int_equal(s[i].total, total[i]);
        assert_int_equal(s[i].played, 2);
    }
    assert_int_equal(s[0].tops, 1);
    assert_int_equal(s[0].lasts, 1);
    assert_int_equal(s[0].best, 12000);
    assert_int_equal(s[3].best, -2000);
}

/*
 * Equal totals of 0, each tie broken one step further down:
 *   entrant 0: +8,000 1st, −8,000 3rd          (1 top, best 8,000)
 *   entrant 1: +5,000 1st, −5,000 2nd          (1 top, best 5,000)
 *   entrant 2: +3,000 2nd, −3,000 3rd          (0 tops, best 3,000, no last)
 *   entrant 3: +3,000 2nd, −3,000 4th (last)   (0 tops, best 3,000, 1 last)
 *   entrant 4: +3,000 2nd, −3,000 3rd          (as entrant 2, registered later)
 *   entrant 5: no result                       (total 0, played 0: after everyone with a best)
 */
static void tie_breakers(void **state)
{
    (void)state;
    ippon_event_result res[] = {
        r(0, 1, 8000, 1, false), r(0, 2, -8000, 3, false), r(1, 1, 5000, 1, false), r(1, 2, -5000, 2, false),
        r(2, 1, 3000, 2, false), r(2, 2, -3000, 3, false), r(3, 1, 3000, 2, false), r(3, 2, -3000, 4, true),
        r(4, 1, 3000, 2, false), r(4, 2, -3000, 3, false),
    };
    ippon_event_standing s[6];
    assert_int_equal(ippon_event_standings(6, res, 10, s), 0);
    int want[] = { 0, 1, 2, 4, 3, 5 };
    for (int i = 0; i < 6; i++)
        assert_int_equal(s[i].entrant, want[i]);
    assert_int_equal(s[5].played, 0);
    assert_int_equal(s[5].best, INT32_MIN);
}

/* a bye scores 0, counts as played, and is no place */
static void byes_and_errors(void **state)
{
    (void)state;
    ippon_event_result res[] = { r(0, 1, 0, 0, false), r(1, 1, -1000, 3, true) };
    ippon_event_standing s[2];
    assert_int_equal(ippon_event_standings(2, res, 2, s), 0);
    assert_int_equal(s[0].entrant, 0);
    assert_int_equal(s[0].played, 1);
    assert_int_equal(s[0].tops, 0);
    assert_int_equal(s[0].best, INT32_MIN);
    ippon_event_result bad = r(2, 1, 0, 1, false);
    assert_int_equal(ippon_event_standings(2, &bad, 1, s), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(by_total),
        cmocka_unit_test(tie_breakers),
        cmocka_unit_test(byes_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
