/*
 * log.h — the server's leveled log. One line per call on standard error:
 *
 *     2025-01-31T09:14:03.127Z info  ippon 0.1.0 listening on http://127.0.0.1:8080
 *
 * Lines below the current level are dropped. The level is process-wide (set once at
 * start-up from the config key "log_level"). Fatal start-up errors do not go through
 * here: main prints them as "ippon: <message>" so they read well in a terminal.
 */
#ifndef IPPON_SERVER_LOG_H
#define IPPON_SERVER_LOG_H

typedef enum ippon_log_level {
    IPPON_LOG_DEBUG,
    IPPON_LOG_INFO,
    IPPON_LOG_WARN,
    IPPON_LOG_ERROR,
} ippon_log_level;

/* set / read the threshold: calls below it print nothing (default: info) */
void ippon_log_level_set(ippon_log_level level);
ippon_log_level ippon_log_level_get(void);

/* "debug", "info", "warn", "error" <-> level. parse returns 0, or -1 for an unknown name. */
int ippon_log_level_parse(const char *name, ippon_log_level *out);
const char *ippon_log_level_name(ippon_log_level level);
/* the accepted names, for error messages: "\"debug\", \"info\", \"warn\", \"error\"" */
const char *ippon_log_level_names(void);

/* print one line (a trailing newline in fmt is not needed and is dropped) */
void ippon_log(ippon_log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define ippon_log_debug(...) ippon_log(IPPON_LOG_DEBUG, __VA_ARGS__)
#define ippon_log_info(...) ippon_log(IPPON_LOG_INFO, __VA_ARGS__)
#define ippon_log_warn(...) ippon_log(IPPON_LOG_WARN, __VA_ARGS__)
#define ippon_log_error(...) ippon_log(IPPON_LOG_ERROR, __VA_ARGS__)

#endif
