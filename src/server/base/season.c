/*
 * season.c — the seasons' calendar arithmetic (season.h), in whole days from 1970-01-01 with the
 * proleptic Gregorian calendar's rules (a leap year: divisible by 4, not by 100 unless by 400);
 * no time zone and no libc calendar, so UTC alone.
 */
#include "base/season.h"

#define DAY_MS 86400000LL

bool ippon_season_months_ok(int months)
{
    return months == 1 || months == 2 || months == 3 || months == 4 || months == 6 || months == 12;
}

/* floor division: the instants before 1970 fall in earlier days */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* days since 1970-01-01 of the first day of month (1..12) of year: the days of the 400-year
   cycles, of the years and of the months before it, with March first so February comes last */
static int64_t days_from_civil(int64_t year, int month)
{
    year -= month <= 2;
    int64_t era = floor_div(year, 400);
    int64_t yoe = year - era * 400;                                  /* 0..399 */
    int64_t doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5;    /* day 1 of the month, March = 0 */
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;             /* 0..146096 */
    return era * 146097 + doe - 719468;
}

/* the year and month (1..12) of a day since 1970-01-01 */
static void civil_from_days(int64_t days, int64_t *year, int *month)
{
    days += 719468;
    int64_t era = floor_div(days, 146097);
    int64_t doe = days - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153; /* March = 0 */
    *month = (int)(mp < 10 ? mp + 3 : mp - 9);
    *year = yoe + era * 400 + (*month <= 2);
}

int32_t ippon_season_of(int64_t ms, int months)
{
    int64_t year;
    int month;
    civil_from_days(floor_div(ms, DAY_MS), &year, &month);
    int64_t number = year * 12 + (month - 1);
    return (int32_t)(number - (int64_t)(month - 1) % months);
}

int64_t ippon_season_start_ms(int32_t season)
{
    return days_from_civil(floor_div(season, 12), (int)(season - floor_div(season, 12) * 12) + 1) * DAY_MS;
}

int64_t ippon_season_end_ms(int32_t season, int months)
{
    return ippon_season_start_ms(season + months);
}

void ippon_season_format(int32_t season, char out[IPPON_SEASON_TEXT])
{
    int64_t year = floor_div(season, 12);
    int month = (int)(season - year * 12) + 1;
    unsigned y = (unsigned)(year % 10000 + 10000) % 10000; /* seasons are 1970..9999 (ippon_season_parse) */
    out[0] = (char)('0' + y / 1000);
    out[1] = (char)('0' + y / 100 % 10);
    out[2] = (char)('0' + y / 10 % 10);
    out[3] = (char)('0' + y % 10);
    out[4] = '-';
    out[5] = (char)('0' + month / 10);
    out[6] = (char)('0' + month % 10);
    out[7] = '\0';
}

ippon_season_problem ippon_season_parse(const char *text, int months, int32_t *season)
{
    for (int i = 0; i < 7; i++)
        if (i == 4 ? text[i] != '-' : (text[i] < '0' || text[i] > '9'))
            return IPPON_SEASON_MALFORMED;
    if (text[7] != '\0')
        return IPPON_SEASON_MALFORMED;
    int year = (text[0] - '0') * 1000 + (text[1] - '0') * 100 + (text[2] - '0') * 10 + (text[3] - '0');
    int month = (text[5] - '0') * 10 + (text[6] - '0');
    if (year < 1970 || month < 1 || month > 12)
        return IPPON_SEASON_MALFORMED;
    if ((month - 1) % months != 0)
        return IPPON_SEASON_UNALIGNED;
    *season = year * 12 + (month - 1);
    return IPPON_SEASON_OK;
}
