/*
 * metrics.h — numbers about the running server for monitoring, served at GET /metrics in the
 * Prometheus text format (version 0.0.4):
 *
 *     ippon_connections 12                       open WebSockets
 *     ippon_players_online 11                    of them signed in (said hello)
 *     ippon_tables{mode="4p"} 2                  running tables
 *     ippon_queue_length{mode="4p"} 1            players waiting
 *     ippon_queue_longest_wait_seconds{mode="4p"} 3.2
 *     ippon_queue_wait_seconds_bucket{le="5"} 40 how long players waited before being seated
 *     ippon_action_latency_seconds_bucket{le="0.001"} 9120
 *                                                a player's action handled: message in → the
 *                                                events queued to every seat
 *     ippon_mjai_relay_out_seconds_bucket{le="0.005"} 88120
 *                                                an AI's line: handed to its seat by the table →
 *                                                written to its socket (game/gateway_mjai.c)
 *     ippon_mjai_relay_in_seconds_bucket{le="0.0001"} 88000
 *                                                an AI's answer: its message in → taken by the table
 *     ippon_matches_finished_total 301           tables that ended (won or closed)
 *     ippon_messages_received_total, ippon_messages_sent_total
 *     ippon_matches_lost_total{kind="journal_unreadable"|"voided_at_resume"}
 *                                                matches lost since the start: journals set aside
 *                                                as unreadable at start-up; restored matches voided
 *                                                because a player proved their journal lost its end
 *     ippon_errors_total{kind="bad_message"|"match_not_stored"|"http_5xx"}
 *     ippon_http_responses_total{class="2xx"} …
 *     ippon_logins_failed_total, ippon_admin_logins_failed_total, ippon_admin_actions_total
 *     ippon_draining, ippon_maintenance           0 or 1
 *     ippon_store_db_state 0                     the database (db_health.h): 0 ok, 1 degraded, 2 unwritable, 3 unreadable
 *     ippon_store_matches_waiting 0              finished matches not stored yet
 *     ippon_store_writer_queue 0                 the store writer's jobs, waiting or running
 *     ippon_store_write_failures_total 0         its failed attempts
 *     ippon_uptime_seconds, ippon_build_info{version="0.1.0"} 1
 *
 * The counters live in one ippon_metrics (app->metrics), which every layer may count into; the
 * gauges are read from the gateway and the store (store/db_health.h) when the page is made, by
 * the route (api/metrics_rest.h), which writes them and then this module's counters into one
 * ippon_metrics_page. Every recording function accepts NULL (no metrics: nothing happens), so
 * modules used without a server (unit tests) need not care. Single-threaded (event loop).
 */
#ifndef IPPON_SERVER_METRICS_H
#define IPPON_SERVER_METRICS_H

#include <stdint.h>


typedef struct ippon_metrics ippon_metrics;

typedef enum ippon_metric_counter {
    IPPON_METRIC_MATCH_NOT_STORED,
    IPPON_METRIC_LOGIN_FAILED,
    IPPON_METRIC_ADMIN_LOGIN_FAILED,
    IPPON_METRIC_ADMIN_ACTION,
    IPPON_METRIC_COUNTERS
} ippon_metric_counter;

/* started_ms: the process's start, for ippon_uptime_seconds (any clock, ms) */
ippon_metrics *ippon_metrics_new(int64_t started_ms);
void ippon_metrics_free(ippon_metrics *m);

void ippon_metrics_count(ippon_metrics *m, ippon_metric_counter which);
/* one HTTP response with this status */
void ippon_metrics_http(ippon_metrics *m, int status);
/* one player's action took this long to handle */
void ippon_metrics_action_latency(ippon_metrics *m, double seconds);
/* a queued player was seated after waiting this long */
void ippon_metrics_queue_wait(ippon_metrics *m, double seconds);

/* the two ways of the mjai relay (game/gateway_mjai.c): a table's line out to an AI's socket, an
   AI's answer in to its table */
typedef enum ippon_mjai_relay_way {
    IPPON_MJAI_RELAY_OUT,
    IPPON_MJAI_RELAY_IN,
    IPPON_MJAI_RELAY_WAYS
} ippon_mjai_relay_way;
/* one line relayed that way took this long (seconds, on the monotonic clock) */
void ippon_metrics_mjai_relay(ippon_metrics *m, ippon_mjai_relay_way way, double seconds);

/* the count so far of a counter; of HTTP responses of status class cls (1..5; 0: other) */
uint64_t ippon_metrics_counter(const ippon_metrics *m, ippon_metric_counter which);
uint64_t ippon_metrics_http_class(const ippon_metrics *m, int cls);

/* ---- the page: Prometheus text, families appended in order ---- */
typedef struct ippon_metrics_page ippon_metrics_page;

ippon_metrics_page *ippon_metrics_page_new(void); /* NULL: out of memory */
/* "# HELP name help" and "# TYPE name type" */
void ippon_metrics_family(ippon_metrics_page *p, const char *name, const char *type, const char *help);
void ippon_metrics_line(ippon_metrics_page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* this module's own families: build info, uptime at now_ms, HTTP replies, logins, admin actions,
   the latency histograms (m NULL: zeros, no histograms) */
void ippon_metrics_write(const ippon_metrics *m, ippon_metrics_page *p, int64_t now_ms);
/* the page's text (malloc'd) and p freed; NULL if it ran out of memory at any point */
char *ippon_metrics_page_text(ippon_metrics_page *p);

#endif
