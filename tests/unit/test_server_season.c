/*
 * test_server_season.c — the seasons' calendar (src/server/base/season.h), against instants
 * worked by hand from the Unix epoch: 2024-01-01T00:00:00Z is 19723 days (1704067200 s),
 * 2025-01-01 is 366 days later (2024 is a leap year: 1735689600 s), 2026-01-01 365 days after that
 * (1767225600 s). A month's last millisecond (…:59.999) is in its season, the next month's first
 * (00:00:00.000) in the next.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/season.h"

#define DAY_MS 86400000LL
#define Y2024 1704067200000LL /* 2024-01-01T00:00:00.000Z */
#define Y2025 1735689600000LL
#define Y2026 1767225600000LL

/* year × 12 + (month − 1): the season's number (season.h) */
static int32_t month_no(int year, int month) { return year * 12 + (month - 1); }

static void lengths_allowed(void **state)
{
    (void)state;
    const int ok[] = {1, 2, 3, 4, 6, 12}, bad[] = {0, -1, 5, 7, 8, 9, 10, 11, 13, 24};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        assert_true(ippon_season_months_ok(ok[i]));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(ippon_season_months_ok(bad[i]));
}

static void month_ends_one_month(void **state)
{
    (void)state;
    assert_int_equal(month_no(2026, 4), 24315);
    /* 2026-01 has 31 days: 2026-02-01 is Y2026 + 31 days */
    int64_t feb = Y2026 + 31 * DAY_MS;
    assert_int_equal(feb, 1769904000000LL);
    assert_int_equal(ippon_season_of(feb - 1, 1), month_no(2026, 1));
    assert_int_equal(ippon_season_of(feb, 1), month_no(2026, 2));
    assert_int_equal(ippon_season_of(Y2026, 1), month_no(2026, 1));
    assert_int_equal(ippon_season_of(Y2026 - 1, 1), month_no(2025, 12));
    assert_int_equal(ippon_season_start_ms(month_no(2026, 2)), feb);
    assert_int_equal(ippon_season_end_ms(month_no(2026, 1), 1), feb);
    /* 2026-02 has 28 days */
    assert_int_equal(ippon_season_end_ms(month_no(2026, 2), 1) - feb, 28 * DAY_MS);
    /* the epoch and the instant before it */
    assert_int_equal(ippon_season_of(0, 1), month_no(1970, 1));
    assert_int_equal(ippon_season_of(-1, 1), month_no(1969, 12));
    assert_int_equal(ippon_season_start_ms(month_no(1970, 1)), 0);
}

static void leap_years(void **state)
{
    (void)state;
    /* 2024: January 31 days, February 29: 2024-03-01 is Y2024 + 60 days = 1709251200 s */
    int64_t march = Y2024 + 60 * DAY_MS;
    assert_int_equal(march, 1709251200000LL);
    assert_int_equal(ippon_season_start_ms(month_no(2024, 3)), march);
    assert_int_equal(ippon_season_of(march - 1, 1), month_no(2024, 2)); /* 2024-02-29T23:59:59.999Z */
    assert_int_equal(ippon_season_of(march, 1), month_no(2024, 3));
    assert_int_equal(ippon_season_end_ms(month_no(2024, 2), 1) - ippon_season_start_ms(month_no(2024, 2)), 29 * DAY_MS);
    /* 2100 is not a leap year (divisible by 100), 2000 is (by 400) */
    assert_int_equal(ippon_season_end_ms(month_no(2100, 2), 1) - ippon_season_start_ms(month_no(2100, 2)), 28 * DAY_MS);
    assert_int_equal(ippon_season_end_ms(month_no(2000, 2), 1) - ippon_season_start_ms(month_no(2000, 2)), 29 * DAY_MS);
    /* a year of 2024 is 366 days, of 2025 365 */
    assert_int_equal(ippon_season_end_ms(month_no(2024, 1), 12), Y2025);
    assert_int_equal(Y2025 - Y2024, 366 * DAY_MS);
    assert_int_equal(ippon_season_end_ms(month_no(2025, 1), 12), Y2026);
}

static void quarters(void **state)
{
    (void)state;
    /* 2026-04-01 is Y2026 + 31 + 28 + 31 = 90 days (1775001600 s); 2026-07-01 91 days later */
    int64_t april = Y2026 + 90 * DAY_MS, july = april + 91 * DAY_MS;
    assert_int_equal(april, 1775001600000LL);
    assert_int_equal(july, 1782864000000LL);
    int64_t may15 = april + 44 * DAY_MS + 12 * 3600000LL;
    assert_int_equal(ippon_season_of(may15, 3), month_no(2026, 4));
    assert_int_equal(ippon_season_of(april - 1, 3), month_no(2026, 1)); /* 2026-03-31T23:59:59.999Z */
    assert_int_equal(ippon_season_of(april, 3), month_no(2026, 4));
    assert_int_equal(ippon_season_of(july - 1, 3), month_no(2026, 4)); /* 2026-06-30T23:59:59.999Z */
    assert_int_equal(ippon_season_of(july, 3), month_no(2026, 7));
    assert_int_equal(ippon_season_start_ms(month_no(2026, 4)), april);
    assert_int_equal(ippon_season_end_ms(month_no(2026, 4), 3), july);
    /* the last quarter of 2025 ends where 2026 begins */
    assert_int_equal(ippon_season_of(Y2026 - 1, 3), month_no(2025, 10));
    assert_int_equal(ippon_season_end_ms(month_no(2025, 10), 3), Y2026);
}

static void whole_years(void **state)
{
    (void)state;
    assert_int_equal(ippon_season_of(Y2025 - 1, 12), month_no(2024, 1)); /* 2024-12-31T23:59:59.999Z */
    assert_int_equal(ippon_season_of(Y2025, 12), month_no(2025, 1));
    assert_int_equal(ippon_season_of(Y2024 + 200 * DAY_MS, 12), month_no(2024, 1));
    /* 6 and 4 and 2 months: July, September, November */
    assert_int_equal(ippon_season_of(Y2026 + 200 * DAY_MS, 6), month_no(2026, 7)); /* 2026-07-20 */
    assert_int_equal(ippon_season_of(Y2026 + 250 * DAY_MS, 4), month_no(2026, 9)); /* 2026-09-08 */
    assert_int_equal(ippon_season_of(Y2026 + 320 * DAY_MS, 2), month_no(2026, 11)); /* 2026-11-17 */
}

static void names(void **state)
{
    (void)state;
    char text[IPPON_SEASON_TEXT];
    ippon_season_format(month_no(2026, 4), text);
    assert_string_equal(text, "2026-04");
    ippon_season_format(month_no(1970, 1), text);
    assert_string_equal(text, "1970-01");
    ippon_season_format(month_no(2024, 12), text);
    assert_string_equal(text, "2024-12");

    int32_t season = -1;
    assert_int_equal(ippon_season_parse("2026-04", 3, &season), IPPON_SEASON_OK);
    assert_int_equal(season, 24315);
    assert_int_equal(ippon_season_parse("2026-12", 1, &season), IPPON_SEASON_OK);
    assert_int_equal(season, month_no(2026, 12));
    assert_int_equal(ippon_season_parse("2026-07", 6, &season), IPPON_SEASON_OK);
    assert_int_equal(ippon_season_parse("2026-01", 12, &season), IPPON_SEASON_OK);
    assert_int_equal(ippon_season_parse("2026-05", 3, &season), IPPON_SEASON_UNALIGNED);
    assert_int_equal(ippon_season_parse("2026-07", 12, &season), IPPON_SEASON_UNALIGNED);
    assert_int_equal(ippon_season_parse("2026-03", 2, &season), IPPON_SEASON_OK);
    assert_int_equal(ippon_season_parse("2026-02", 2, &season), IPPON_SEASON_UNALIGNED);
    const char *bad[] = {"", "2026", "2026-4", "2026-13", "2026-00", "1969-12", "2026-04x", "2026/04", "20a6-04",
                         " 2026-04", "2026-4 ", "+026-04"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(ippon_season_parse(bad[i], 1, &season), IPPON_SEASON_MALFORMED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lengths_allowed), cmocka_unit_test(month_ends_one_month), cmocka_unit_test(leap_years),
        cmocka_unit_test(quarters),        cmocka_unit_test(whole_years),          cmocka_unit_test(names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
