/*
 * metrics_rest.c — the /metrics page (metrics_rest.h): the game's and the store's gauges read
 * now, then the process's own counters (metrics.c).
 */
#include "api/metrics_rest.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/mode.h"
#include "base/wall_clock.h"
#include "cluster/node.h"
#include "game/gateway.h"
#include "store/db_health.h"

static void write_game(ippon_metrics_page *p, const ippon_gateway_stats *g, const ippon_metrics *m)
{
    ippon_metrics_family(p, "ippon_connections", "gauge", "Open game WebSockets.");
    ippon_metrics_line(p, "ippon_connections %ld\n", g->connections);
    ippon_metrics_family(p, "ippon_players_online", "gauge", "Signed-in players with an open WebSocket.");
    ippon_metrics_line(p, "ippon_players_online %ld\n", g->players_online);
    ippon_metrics_family(p, "ippon_tables", "gauge", "Running tables.");
    for (ippon_mode i = 0; i < IPPON_MODES; i++)
        ippon_metrics_line(p, "ippon_tables{mode=\"%s\"} %ld\n", ippon_mode_name(i), g->tables[i]);
    ippon_metrics_family(p, "ippon_queue_length", "gauge", "Players waiting in the queue.");
    for (ippon_mode i = 0; i < IPPON_MODES; i++)
        ippon_metrics_line(p, "ippon_queue_length{mode=\"%s\"} %ld\n", ippon_mode_name(i), g->queued[i]);
    ippon_metrics_family(p, "ippon_queue_longest_wait_seconds", "gauge",
                         "How long the first player in the queue has waited.");
    for (ippon_mode i = 0; i < IPPON_MODES; i++)
        ippon_metrics_line(p, "ippon_queue_longest_wait_seconds{mode=\"%s\"} %.3f\n", ippon_mode_name(i),
                           g->longest_wait_s[i]);
    ippon_metrics_family(p, "ippon_table_longest_idle_seconds", "gauge",
                         "The running table longest without a public event (a stuck table shows here).");
    ippon_metrics_line(p, "ippon_table_longest_idle_seconds %.3f\n", g->longest_idle_s);
    ippon_metrics_family(p, "ippon_ladder_waiting", "gauge", "Bots waiting on the bot ladder for a set.");
    for (ippon_mode i = 0; i < IPPON_MODES; i++)
        ippon_metrics_line(p, "ippon_ladder_waiting{mode=\"%s\"} %ld\n", ippon_mode_name(i), g->ladder.waiting[i]);
    ippon_metrics_family(p, "ippon_ladder_sets_running", "gauge",
                         "Bot-ladder sets playing a rotation or waiting for their bots between two.");
    ippon_metrics_line(p, "ippon_ladder_sets_running %ld\n", g->ladder.sets_running);
    ippon_metrics_family(p, "ippon_ladder_sets_total", "counter", "Bot-ladder sets that ended, by how.");
    ippon_metrics_line(p, "ippon_ladder_sets_total{end=\"complete\"} %ld\n", g->ladder.sets_completed);
    ippon_metrics_line(p, "ippon_ladder_sets_total{end=\"early\"} %ld\n", g->ladder.sets_ended_early);
    ippon_metrics_family(p, "ippon_ladder_suspended_total", "counter", "Bots suspended from the ladder for timeouts.");
    ippon_metrics_line(p, "ippon_ladder_suspended_total %ld\n", g->ladder.suspended);
    ippon_metrics_family(p, "ippon_draining", "gauge", "1 while the server shuts down (no new matches).");
    ippon_metrics_line(p, "ippon_draining %d\n", g->draining ? 1 : 0);
    ippon_metrics_family(p, "ippon_maintenance", "gauge", "1 in maintenance mode (no new matches; running ones finish).");
    ippon_metrics_line(p, "ippon_maintenance %d\n", g->maintenance ? 1 : 0);
    ippon_metrics_family(p, "ippon_matches_finished_total", "counter",
                         "Tables that ended (won, or closed without a result).");
    ippon_metrics_line(p, "ippon_matches_finished_total %ld\n", g->matches_finished);
    ippon_metrics_family(p, "ippon_messages_received_total", "counter", "Game messages received from players.");
    ippon_metrics_line(p, "ippon_messages_received_total %ld\n", g->messages_in);
    ippon_metrics_family(p, "ippon_matches_lost_total", "counter",
                         "Matches lost since the start: journals set aside as unreadable at start-up, restored "
                         "matches voided because a player proved their journal lost its end.");
    ippon_metrics_line(p, "ippon_matches_lost_total{kind=\"journal_unreadable\"} %ld\n", g->journals_unreadable);
    ippon_metrics_line(p, "ippon_matches_lost_total{kind=\"voided_at_resume\"} %ld\n", g->matches_voided_at_resume);
    ippon_metrics_family(p, "ippon_messages_sent_total", "counter", "Game messages queued to players.");
    ippon_metrics_line(p, "ippon_messages_sent_total %ld\n", g->messages_out);
    ippon_metrics_family(p, "ippon_errors_total", "counter",
                         "Errors: bad game messages, matches the database did not take, HTTP 5xx replies.");
    ippon_metrics_line(p, "ippon_errors_total{kind=\"bad_message\"} %ld\n", g->bad_messages);
    ippon_metrics_line(p, "ippon_errors_total{kind=\"match_not_stored\"} %llu\n",
                       (unsigned long long)ippon_metrics_counter(m, IPPON_METRIC_MATCH_NOT_STORED));
    ippon_metrics_line(p, "ippon_errors_total{kind=\"http_5xx\"} %llu\n",
                       (unsigned long long)ippon_metrics_http_class(m, 5));
}

static void write_store(ippon_metrics_page *p, const ippon_db_health *h)
{
    ippon_metrics_family(p, "ippon_store_db_state", "gauge",
                         "The database: 0 ok, 1 degraded (writes wait), 2 unwritable (writes fail), 3 unreadable (a read failed).");
    ippon_metrics_line(p, "ippon_store_db_state %d\n", (int)h->state);
    ippon_metrics_family(p, "ippon_store_matches_waiting", "gauge", "Finished matches not stored yet.");
    ippon_metrics_line(p, "ippon_store_matches_waiting %d\n", h->matches_waiting);
    ippon_metrics_family(p, "ippon_store_writer_queue", "gauge", "Writes queued for the store writer (waiting or running).");
    ippon_metrics_line(p, "ippon_store_writer_queue %zu\n", h->writer_queue);
    ippon_metrics_family(p, "ippon_store_write_failures_total", "counter",
                         "Write attempts that failed (each is tried again or given up).");
    ippon_metrics_line(p, "ippon_store_write_failures_total %llu\n", (unsigned long long)h->write_failures);
}

/* a node of a cluster: Redis, and the nodes as its last renewal saw them */
static void write_cluster(ippon_metrics_page *p, const ippon_cluster *c)
{
    json_t *view = ippon_cluster_json(c);
    ippon_metrics_family(p, "ippon_cluster_redis_up", "gauge", "1 while this node is connected to the cluster's Redis.");
    ippon_metrics_line(p, "ippon_cluster_redis_up %d\n", ippon_cluster_redis_up(c) ? 1 : 0);
    ippon_metrics_family(p, "ippon_cluster_nodes", "gauge", "Nodes listed in the cluster, by whether their lease runs.");
    size_t listed = json_array_size(json_object_get(view, "nodes"));
    long alive = (long)json_integer_value(json_object_get(view, "nodes_alive"));
    ippon_metrics_line(p, "ippon_cluster_nodes{alive=\"true\"} %ld\n", alive);
    ippon_metrics_line(p, "ippon_cluster_nodes{alive=\"false\"} %ld\n", (long)listed - alive);
    ippon_metrics_family(p, "ippon_cluster_tables_voided_total", "counter",
                         "Tables of gone nodes this node voided (their leases ran out).");
    ippon_metrics_line(p, "ippon_cluster_tables_voided_total %lld\n",
                       (long long)json_integer_value(json_object_get(view, "tables_voided")));
    ippon_metrics_family(p, "ippon_cluster_queue_length", "gauge",
                         "Players waiting in the cluster's shared queue (every node's), as last counted.");
    const char *mode;
    json_t *count;
    json_object_foreach(json_object_get(view, "queued"), mode, count)
        ippon_metrics_line(p, "ippon_cluster_queue_length{mode=\"%s\"} %lld\n", mode,
                           (long long)json_integer_value(count));
    json_decref(view);
}

char *ippon_metrics_render(const ippon_metrics *m, ippon_app *app, int64_t now_ms)
{
    ippon_metrics_page *p = ippon_metrics_page_new();
    if (!p)
        return NULL;
    ippon_gateway_stats g;
    memset(&g, 0, sizeof g);
    if (app && app->gateway)
        ippon_gateway_stats_get(app->gateway, &g);
    write_game(p, &g, m);
    if (app) {
        ippon_db_health h;
        ippon_db_health_get(app, &h);
        write_store(p, &h);
    }
    if (app && app->cluster)
        write_cluster(p, app->cluster);
    ippon_metrics_write(m, p, now_ms);
    return ippon_metrics_page_text(p);
}

void ippon_metrics_get(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    (void)req;
    char *text = ippon_metrics_render(app->metrics, app, ippon_mono_ms());
    if (!text) {
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return;
    }
    free(res->body);
    res->status = 200;
    res->body = text;
    res->body_len = strlen(text);
    res->content_type = "text/plain; version=0.0.4; charset=utf-8";
}
