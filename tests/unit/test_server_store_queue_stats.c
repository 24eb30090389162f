/*
 * test_server_store_queue_stats.c — the ranked queue's statistics in the store
 * (src/server/store/store_queue_stats.c; migrations 0014 / postgres 0007): a match the queue
 * formed is stored with its spread and each human's wait (a bot's none), one it did not form
 * with none; the medians per mode and UTC day worked by hand — an even count's the mean of its
 * two middle values —, newest day first, only ranked tables counted; and the record crossing the
 * pending-matches file (dumped, read back, stored) keeps them. Runs on PostgreSQL too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_fixture.h"

#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_private.h"
#include "store/store_queue_stats.h"

#define DAY (86400LL * 1000)
static const int64_t D = 20000 * DAY; /* 2024-10-04 00:00 UTC */

/* a record for seats "ab.." (letters: users, '.': bots) started at `at`; formed by the queue
   with this spread and these waits (for the seats in order) when waits is not NULL */
typedef struct built {
    ippon_seat_player seats[4];
    int32_t finals[4], results[4];
    char id[IPPON_USER_ID_LEN + 1];
    json_t *seeds, *actions, *wins;
    ippon_stored_match rec;
} built;

static void build(built *b, const char *id, const char *seats, int64_t at, bool ranked, double spread,
                  const int64_t *waits)
{
    int n = (int)strlen(seats);
    memset(b, 0, sizeof *b);
    for (int i = 0; i < n; i++) {
        b->seats[i].bot = seats[i] == '.';
        if (!b->seats[i].bot)
            snprintf(b->seats[i].user_id, sizeof b->seats[i].user_id, "%s", fixture_uid(seats[i]));
        snprintf(b->seats[i].name, sizeof b->seats[i].name, "p%d", i);
        b->results[i] = i == 0 ? 3000 : i == 1 ? -3000 : 0;
        b->finals[i] = (n == 4 ? 25000 : 35000) + b->results[i];
    }
    snprintf(b->id, sizeof b->id, "%032x", 0);
    memcpy(b->id + IPPON_USER_ID_LEN - strlen(id), id, strlen(id));
    b->seeds = json_pack("[s]", "ab");
    b->actions = json_array();
    b->wins = json_loads("[{\"seat\":0,\"from\":1}]", 0, NULL);
    b->rec = (ippon_stored_match){
        .id = b->id, .rules = ippon_rules_preset(n == 4 ? "yonma" : "sanma"), .players = n, .ranked = ranked,
        .completed = true, .started_ms = at, .ended_ms = at + 60000, .hands = 1, .seats = b->seats,
        .final_points = b->finals, .results = b->results, .seeds = b->seeds, .actions = b->actions, .wins = b->wins,
    };
    if (waits) {
        b->rec.queue.formed = true;
        b->rec.queue.spread = spread;
        for (int i = 0; i < n; i++)
            b->rec.queue.wait_ms[i] = waits[i];
    }
}

static void unbuild(built *b)
{
    json_decref(b->seeds);
    json_decref(b->actions);
    json_decref(b->wins);
}

static void save(ippon_store *st, const char *id, const char *seats, int64_t at, bool ranked, double spread,
                 const int64_t *waits)
{
    built b;
    build(&b, id, seats, at, ranked, spread, waits);
    char err[256];
    if (ippon_store_save_match(st, &b.rec, err, sizeof err) != 0)
        fail_msg("%s", err);
    unbuild(&b);
}

static int setup(void **state)
{
    ippon_store *st;
    if (fixture_store_migrated(&st, ":memory:") != 0)
        return -1;
    for (char c = 'a'; c <= 'f'; c++)
        fixture_add_guest(st, c, (char[]){'P', c, 0});
    *state = st;
    return 0;
}

static int teardown(void **state)
{
    ippon_store *st = *state;
    return fixture_store_close(&st);
}

/* the days since `since` as "day mode tables spread wait; …" */
static const char *days_text(ippon_store *st, int64_t since)
{
    static char buf[512];
    ippon_queue_day *d;
    int n = ippon_store_queue_days(st, since, &d);
    assert_true(n >= 0);
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s %s %lld %g %g", i ? "; " : "", d[i].day, d[i].mode,
                 (long long)d[i].tables, d[i].median_spread, d[i].median_wait_ms);
    free(d);
    return buf;
}

static void stored_and_summed(void **state)
{
    ippon_store *st = *state;
    save(st, "1", "ab..", D + 10 * 3600000, true, 120, (int64_t[]){3000, 1000, 0, 0});
    save(st, "2", "cd..", D + 11 * 3600000, true, 40, (int64_t[]){5000, 7000, 0, 0});
    save(st, "3", "ef..", D + 23 * 3600000, true, 200, (int64_t[]){2000, 2000, 0, 0});
    save(st, "4", "abc", D - 3600000, true, 10.5, (int64_t[]){100, 300, 500}); /* the day before, 23:00 */
    save(st, "5", "ab..", D + 12 * 3600000, true, 0, NULL);                      /* not formed by the queue */
    save(st, "6", "cd..", D + 13 * 3600000, false, 900, (int64_t[]){9000, 9000, 0, 0}); /* not ranked */
    /* on the rows: the spread, the humans' waits, none for the bots nor for match 5 */
    assert_int_equal(fixture_int(st, "SELECT CAST(queue_spread * 10 AS INTEGER) FROM matches WHERE id LIKE '%4'"), 105);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM match_players WHERE queue_wait_ms IS NOT NULL"), 2 + 2 + 2 + 3 + 2);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches WHERE queue_spread IS NULL"), 1);
    assert_int_equal(fixture_int(st, "SELECT queue_wait_ms FROM match_players WHERE match_id LIKE '%2' AND seat = 1"), 7000);
    /* 4p on D: spreads 40, 120, 200 → 120; waits 1000 2000 2000 3000 5000 7000 → (2000 + 3000) / 2 */
    assert_string_equal(days_text(st, D - DAY), "2024-10-04 4p 3 120 2500; 2024-10-03 3p 1 10.5 300");
    assert_string_equal(days_text(st, D), "2024-10-04 4p 3 120 2500");
    assert_string_equal(days_text(st, D + DAY), "");
}

static void through_the_pending_file(void **state)
{
    ippon_store *st = *state;
    built b;
    build(&b, "7", "a.b.", D + 3600000, true, 333.25, (int64_t[]){1234, 0, 5678, 0});
    char err[256];
    ippon_store_batch *out = ippon_store_batch_new(), *in = ippon_store_batch_new();
    assert_int_equal(ippon_store_batch_add(out, &b.rec, err, sizeof err), 1);
    unbuild(&b);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_int_equal(ippon_store_batch_dump(out, f, ""), 1);
    fclose(f);
    assert_non_null(strstr(text, "\"queue\""));
    text[strcspn(text, "\n")] = '\0';
    assert_int_equal(ippon_store_batch_add_line(in, text, err, sizeof err), 1);
    assert_int_equal(ippon_store_batch_store(st, in, err, sizeof err), 0);
    assert_int_equal(fixture_int(st, "SELECT CAST(queue_spread * 100 AS INTEGER) FROM matches WHERE id LIKE '%7'"), 33325);
    assert_int_equal(fixture_int(st, "SELECT queue_wait_ms FROM match_players WHERE match_id LIKE '%7' AND seat = 2"), 5678);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM match_players WHERE match_id LIKE '%7' AND seat = 1"
                                     " AND queue_wait_ms IS NULL"), 1); /* a bot's */
    free(text);
    ippon_store_batch_free(out);
    ippon_store_batch_free(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(stored_and_summed, setup, teardown),
        cmocka_unit_test_setup_teardown(through_the_pending_file, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
