/*
 * test_server_gateway_send.c — a connection is never sent a sequence with a gap in it
 * (gateway_conn.c): when a message cannot be made or queued for lack of memory, the connection
 * closes after what it already has, with the error "overloaded" it keeps ready from the moment
 * it opens, and nothing more is queued for it (the client connects again and resumes from its
 * last event). Memory running out is injected: json_pack's NULL, and the test hook
 * gw_test_failing_sends. Also the mjai relay's outward timing: a table's line for an AI counts in
 * ippon_mjai_relay_out_seconds once written (ippon_gateway_out_written), and no other message does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libwebsockets.h>

#include "app.h"
#include "base/log.h"
#include "game/gateway_conn.h"
#include "metrics.h"

typedef struct fixture {
    ippon_app app;
    ippon_gateway *gw;
    ippon_conn *c;
    int socket; /* its address stands for the lws socket; nothing writes to it */
} fixture;

static int setup(void **state)
{
    ippon_log_level_set((ippon_log_level)(IPPON_LOG_ERROR + 1)); /* the warning is expected */
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->app.metrics = ippon_metrics_new(0);
    assert_non_null(f->app.metrics);
    ippon_game_settings set;
    assert_int_equal(ippon_game_settings_default(&set), 0);
    f->gw = ippon_gateway_new(&f->app, &set);
    assert_non_null(f->gw);
    f->c = ippon_gateway_open(f->gw, &f->socket, "192.0.2.1");
    assert_non_null(f->c);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    gw_test_failing_sends = 0;
    ippon_gateway_close(f->gw, f->c);
    ippon_gateway_free(f->gw);
    ippon_metrics_free(f->app.metrics);
    free(f);
    return 0;
}

/* the next queued message's text (give *block back with ippon_gateway_out_free), or NULL */
static char *next(fixture *f, bool *close_after, unsigned char **block)
{
    size_t len;
    *block = ippon_gateway_next_out(f->gw, f->c, &len, close_after);
    if (!*block)
        return NULL;
    char *text = (char *)*block + IPPON_GATEWAY_HEAD_ROOM;
    text[len] = '\0'; /* the block has room: the head room was moved to its front */
    return text;
}

static void expect(fixture *f, const char *fragment, bool close_after)
{
    bool closes;
    unsigned char *block;
    char *text = next(f, &closes, &block);
    assert_non_null(text);
    if (!strstr(text, fragment))
        fail_msg("expected a message with %s, got %s", fragment, text);
    assert_int_equal(closes, close_after);
    ippon_gateway_out_free(f->gw, block);
}

static void expect_nothing(fixture *f)
{
    bool closes;
    unsigned char *block;
    assert_null(next(f, &closes, &block));
}

static json_t *event(int n) { return json_pack("{s:s,s:i}", "type", "event", "n", n); }

/* a message that cannot be made (json_pack out of memory) closes the connection after the ones before it */
static void unmade_message_closes_after_what_was_queued(void **state)
{
    fixture *f = *state;
    gw_send(f->gw, f->c, event(1));
    gw_send(f->gw, f->c, event(2));
    gw_send(f->gw, f->c, NULL); /* event 3 could not be made */
    gw_send(f->gw, f->c, event(4));
    gw_send_error(f->gw, f->c, "stale", "later messages are not queued either");
    expect(f, "\"n\":1", false);
    expect(f, "\"n\":2", false);
    expect(f, "\"code\":\"overloaded\"", true);
    expect_nothing(f);
    assert_int_equal(ippon_gateway_unsent(f->gw), 0);
}

/* no memory for a message's block: the same */
static void unqueued_message_closes_after_what_was_queued(void **state)
{
    fixture *f = *state;
    gw_send(f->gw, f->c, event(1));
    gw_test_failing_sends = 1;
    gw_send(f->gw, f->c, event(2));
    gw_send(f->gw, f->c, event(3));
    expect(f, "\"n\":1", false);
    expect(f, "\"code\":\"overloaded\"", true);
    expect_nothing(f);
}

/* the closing error itself failing to be made still closes the connection */
static void failed_close_message_still_closes(void **state)
{
    fixture *f = *state;
    gw_test_failing_sends = 1;
    gw_send_error_and_close(f->gw, f->c, "abuse", "too many bad messages");
    gw_send(f->gw, f->c, event(1));
    expect(f, "\"code\":\"overloaded\"", true);
    expect_nothing(f);
}

/* without a failure nothing changes: messages in order, the connection stays open */
static void messages_go_out_in_order(void **state)
{
    fixture *f = *state;
    for (int n = 1; n <= 3; n++)
        gw_send(f->gw, f->c, event(n));
    expect(f, "\"n\":1", false);
    expect(f, "\"n\":2", false);
    expect(f, "\"n\":3", false);
    expect_nothing(f);
    gw_send(f->gw, f->c, event(4));
    expect(f, "\"n\":4", false);
}

/* the next queued message taken and written, as ws.c does */
static void write_next(fixture *f)
{
    bool closes;
    unsigned char *block;
    assert_non_null(next(f, &closes, &block));
    ippon_gateway_out_free(f->gw, block);
    ippon_gateway_out_written(f->gw, f->c);
}

/* does the /metrics text of the fixture's counters hold this line? */
static bool page_has(fixture *f, const char *line)
{
    ippon_metrics_page *p = ippon_metrics_page_new();
    assert_non_null(p);
    ippon_metrics_write(f->app.metrics, p, 0);
    char *text = ippon_metrics_page_text(p);
    assert_non_null(text);
    bool has = strstr(text, line) != NULL;
    if (!has)
        print_message("no line %s in:\n%s", line, text);
    free(text);
    return has;
}

/* a table's line for an AI, handed to its seat 3 ms ago: written, it counts once, between 3 and 10 ms;
   the messages that are not a table's line (an error, the gateway's own) count nothing */
static void relayed_line_is_timed_when_written(void **state)
{
    fixture *f = *state;
    const char *line = "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5m\"}";
    gw_send_relayed(f->gw, f->c, line, strlen(line), false, lws_now_usecs() - 3000);
    gw_send_error(f->gw, f->c, "refused", "not a relayed line");
    assert_true(page_has(f, "ippon_mjai_relay_out_seconds_count 0\n")); /* queued, not written yet */
    write_next(f);
    write_next(f);
    assert_true(page_has(f, "ippon_mjai_relay_out_seconds_count 1\n"));
    assert_true(page_has(f, "ippon_mjai_relay_out_seconds_bucket{le=\"0.003\"} 0\n"));
    assert_true(page_has(f, "ippon_mjai_relay_out_seconds_bucket{le=\"0.01\"} 1\n"));
    assert_true(page_has(f, "ippon_mjai_relay_in_seconds_count 0\n"));
    ippon_gateway_out_written(f->gw, f->c); /* told twice: counted once */
    assert_true(page_has(f, "ippon_mjai_relay_out_seconds_count 1\n"));
}

/* the queue of a client that does not read is dropped for the too_slow error, which is not timed */
static void too_slow_error_is_not_timed(void **state)
{
    fixture *f = *state;
    static char big[600 * 1024];
    memset(big, 'x', sizeof big);
    gw_send_relayed(f->gw, f->c, big, sizeof big, false, lws_now_usecs());
    gw_send_relayed(f->gw, f->c, big, sizeof big, false, lws_now_usecs()); /* over max_queued_bytes (1 MiB) */
    expect(f, "\"code\":\"too_slow\"", true);
    ippon_gateway_out_written(f->gw, f->c);
    assert_true(page_has(f, "ippon_mjai_relay_out_seconds_count 0\n"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(unmade_message_closes_after_what_was_queued, setup, teardown),
        cmocka_unit_test_setup_teardown(unqueued_message_closes_after_what_was_queued, setup, teardown),
        cmocka_unit_test_setup_teardown(failed_close_message_still_closes, setup, teardown),
        cmocka_unit_test_setup_teardown(messages_go_out_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(relayed_line_is_timed_when_written, setup, teardown),
        cmocka_unit_test_setup_teardown(too_slow_error_is_not_timed, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
