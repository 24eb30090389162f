/*
 * log.c — leveled, timestamped log lines on standard error (see log.h).
 *
 * Each line is formatted into one buffer and written with a single fputs, so lines from
 * this process never interleave mid-line. Timestamps are UTC with milliseconds, which
 * sorts and compares across machines. Long messages are cut at the buffer size.
 */
#include "base/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static ippon_log_level log_threshold = IPPON_LOG_INFO;

static const char *const level_names[] = {
    [IPPON_LOG_DEBUG] = "debug",
    [IPPON_LOG_INFO] = "info",
    [IPPON_LOG_WARN] = "warn",
    [IPPON_LOG_ERROR] = "error",
};

void ippon_log_level_set(ippon_log_level level)
{
    log_threshold = level;
}

ippon_log_level ippon_log_level_get(void)
{
    return log_threshold;
}

int ippon_log_level_parse(const char *name, ippon_log_level *out)
{
    for (size_t i = 0; i < sizeof level_names / sizeof level_names[0]; i++) {
        if (strcmp(name, level_names[i]) == 0) {
            *out = (ippon_log_level)i;
            return 0;
        }
    }
    return -1;
}

const char *ippon_log_level_name(ippon_log_level level)
{
    if ((unsigned)level >= sizeof level_names / sizeof level_names[0])
        return "?";
    return level_names[level];
}

const char *ippon_log_level_names(void)
{
    return "\"debug\", \"info\", \"warn\", \"error\"";
}

void ippon_log(ippon_log_level level, const char *fmt, ...)
{
    if (level < log_threshold)
        return;

    char line[2048];
    struct timespec now;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &now);
    gmtime_r(&now.tv_sec, &tm);
    size_t n = strftime(line, sizeof line, "%Y-%m-%dT%H:%M:%S", &tm);
    n += (size_t)snprintf(line + n, sizeof line - n, ".%03ldZ %-5s ", now.tv_nsec / 1000000L,
                          ippon_log_level_name(level));

    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(line + n, sizeof line - n, fmt, ap);
    va_end(ap);
    if (m > 0)
        n += (size_t)m < sizeof line - n ? (size_t)m : sizeof line - n - 1;

    while (n > 0 && line[n - 1] == '\n')
        n--;
    if (n > sizeof line - 2)
        n = sizeof line - 2;
    line[n++] = '\n';
    line[n] = '\0';
    fputs(line, stderr);
}
