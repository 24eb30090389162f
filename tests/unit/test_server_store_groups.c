/*
 * test_server_store_groups.c — group commit (store_matches.h: ippon_store_batch): queued
 * matches are copies (the record may be freed at once), a group is written in one transaction
 * with everything a single write stores, a match the database refuses costs only itself, an
 * incomplete record is refused when queued, and a writer killed (SIGKILL) in the middle of
 * groups leaves whole groups only: every stored match has all its seats and sums to 0, and the
 * players' totals equal their games.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "server_fixture.h"

#include "ippon/rules.h"
#include "base/log.h"
#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_private.h"
#include "api/rankings_json.h"
#include "store/store_rankings.h"

enum { GROUP = 16, KILLS = 6 };

static char dir[256], db[300];

/* an action log of n discards */
static json_t *discards(int n)
{
    json_t *log = json_array();
    for (int k = 0; k < n; k++)
        json_array_append_new(log, json_pack("[i,i,{s:s,s:s}]", 0, k % 3, "type", "discard", "tile", "5m"));
    return log;
}

/* one made-up match, its own storage: match n of a series, 4 players (every third one 3), seat 2
   a bot, results summing to 0, the action log given (make: one of `actions` discards) */
typedef struct made {
    char id[33];
    ippon_seat_player seats[4];
    int32_t finals[4], results[4];
    json_t *seeds, *actions, *wins;
    ippon_stored_match rec;
} made;

static void make_with(made *m, long n, json_t *log)
{
    memset(m, 0, sizeof *m);
    snprintf(m->id, sizeof m->id, "%016lx%016x", n, 0x9c0);
    int players = n % 3 == 0 ? 3 : 4;
    int32_t sum = 0;
    for (int s = 0; s < players; s++) {
        int user = (int)((n * 5 + s * 3) % 12);
        m->seats[s].bot = s == 2;
        if (!m->seats[s].bot)
            snprintf(m->seats[s].user_id, sizeof m->seats[s].user_id, "%030x%02d", 0x9c0, user);
        snprintf(m->seats[s].name, sizeof m->seats[s].name, "p%d", user);
        m->results[s] = s + 1 < players ? (int32_t)((n + s) % 5 - 2) * 1000 : -sum;
        sum += m->results[s];
        m->finals[s] = (players == 3 ? 35000 : 25000) + m->results[s];
    }
    m->seeds = json_pack("[s]", "ab");
    m->actions = json_incref(log);
    m->wins = json_pack("[{s:i,s:i}]", "seat", 0, "from", 1);
    m->rec = (ippon_stored_match){.id = m->id, .rules = ippon_rules_preset(players == 3 ? "sanma" : "yonma"),
                                  .players = players, .ranked = true, .completed = true,
                                  .started_ms = 1700000000000LL, .ended_ms = 1700000000000LL + n, .hands = 1,
                                  .seats = m->seats, .final_points = m->finals, .results = m->results,
                                  .seeds = m->seeds, .actions = m->actions, .wins = m->wins};
}

static void make(made *m, long n, int actions)
{
    json_t *log = discards(actions);
    make_with(m, n, log);
    json_decref(log);
}

static void unmake(made *m)
{
    json_decref(m->seeds);
    json_decref(m->actions);
    json_decref(m->wins);
    memset(m, 0x5a, sizeof *m); /* the queue must not have kept pointers into it */
}

static ippon_store *open_migrated(void)
{
    char err[512];
    ippon_store *st;
    if (ippon_store_open(&st, db, err, sizeof err) != 0 || ippon_store_migrate(st, fixture_migrations(), NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    return st;
}

/* the checks every stored match and total must pass, whoever wrote them */
static void assert_whole(ippon_store *st)
{
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches m WHERE (SELECT count(*) FROM match_players p"
                                 " WHERE p.match_id = m.id) <> CASE m.mode WHEN '3p' THEN 3 ELSE 4 END"
                                 " OR (SELECT sum(result) FROM match_players p WHERE p.match_id = m.id) <> 0"),
                     0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM (SELECT m.mode, user_id, count(*) AS g, sum(result) AS t"
                                 " FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id IS NOT NULL"
                                 " GROUP BY m.mode, user_id) x JOIN rank_totals r USING (mode, user_id)"
                                 " WHERE r.games = x.g AND r.total = x.t"),
                     fixture_int(st, "SELECT count(*) FROM rank_totals"));
    assert_int_equal(fixture_int(st, "SELECT matches FROM rank_version"), fixture_int(st, "SELECT count(*) FROM matches"));
}

static void group_written_from_copies(void **state)
{
    (void)state;
    ippon_store *st = open_migrated();
    char err[256];
    made first;
    make(&first, 0, 30);
    assert_int_equal(ippon_store_save_match(st, &first.rec, err, sizeof err), 0);
    unmake(&first);
    /* the board is read before the group, so the group must move it */
    json_t *page = NULL;
    ippon_leaderboard_query q = {IPPON_MODE_4P, IPPON_PERIOD_ALL, 1700000000000LL, 1, 100, 1, 0, 0};
    assert_int_equal(ippon_json_load_leaderboard(st, &q, &page), 0);
    json_decref(page);

    ippon_store_batch *queue = ippon_store_batch_new();
    assert_non_null(queue);
    for (long n = 0; n < 6; n++) { /* match 0 again: already stored, ignored */
        made m;
        make(&m, n, 40);
        ippon_rules *rules = malloc(sizeof *rules); /* the table's own, as in the server */
        assert_non_null(rules);
        *rules = *m.rec.rules;
        m.rec.rules = rules;
        assert_int_equal(ippon_store_batch_add(queue, &m.rec, err, sizeof err), n + 1);
        memset(rules, 0x5a, sizeof *rules);
        free(rules);
        unmake(&m);
    }
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches"), 1); /* nothing written yet */
    assert_int_equal(ippon_store_write_batch(st, queue, err, sizeof err), 0);
    assert_int_equal(ippon_store_batch_count(queue), 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches"), 6);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM match_players"), 3 + 4 + 4 + 3 + 4 + 4);
    /* what was stored is the record as it was queued */
    assert_int_equal(fixture_int(st, fixture_postgres() ? "SELECT json_array_length(actions::json) FROM matches WHERE id = '0000000000000004"
                                                           "0000000000000" "9c0'"
                                                         : "SELECT json_array_length(actions) FROM matches WHERE id = '0000000000000004"
                                                           "0000000000000" "9c0'"),
                     40);
    assert_int_equal(fixture_int(st, "SELECT result FROM match_players WHERE match_id = '00000000000000040000000000000"
                                 "9c0' AND seat = 0"),
                     2000);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM match_players WHERE dealt_in = 1"), 6);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches WHERE rules = CASE mode WHEN '3p' THEN 'sanma'"
                                 " ELSE 'yonma' END"),
                     6);
    assert_whole(st);
    /* the open store's board shows the group's games */
    assert_int_equal(ippon_json_load_leaderboard(st, &q, &page), 0);
    int64_t games = 0;
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(page, "rows"), i, row)
        games += json_integer_value(json_object_get(row, "games"));
    json_decref(page);
    assert_int_equal(games, fixture_int(st, "SELECT count(*) FROM match_players p JOIN matches m ON m.id = p.match_id"
                                        " WHERE m.mode = '4p' AND p.user_id IS NOT NULL"));
    /* an empty queue writes nothing and succeeds */
    assert_int_equal(ippon_store_write_batch(st, queue, err, sizeof err), 0);
    ippon_store_batch_free(queue);
    ippon_store_close(st);
}

static void refused_match_costs_only_itself(void **state)
{
    (void)state;
    ippon_store *st = open_migrated();
    char err[256];
    /* one match the database refuses (each engine's own way to say so) */
    fixture_exec(st, fixture_postgres() ? "ALTER TABLE matches ADD CONSTRAINT refuse CHECK (id <> '00000000000000020000000000000" "9c0')"
                                        : "CREATE TRIGGER refuse BEFORE INSERT ON matches"
                                          " WHEN NEW.id = '00000000000000020000000000000" "9c0'"
                                          " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
    ippon_store_batch *queue = ippon_store_batch_new();
    for (long n = 1; n <= 4; n++) {
        made m;
        make(&m, n, 10);
        assert_int_equal(ippon_store_batch_add(queue, &m.rec, err, sizeof err), n);
        unmake(&m);
    }
    assert_int_equal(ippon_store_write_batch(st, queue, err, sizeof err), 1);
    assert_non_null(strstr(err, "00000000000000020000000000000" "9c0"));
    assert_non_null(strstr(err, fixture_postgres() ? "constraint \"refuse\"" : "refused by the test"));
    assert_int_equal(ippon_store_batch_count(queue), 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches"), 3);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches WHERE id = '00000000000000020000000000000" "9c0'"), 0);
    assert_whole(st);
    ippon_store_batch_free(queue);
    ippon_store_close(st);
}

static void incomplete_record_not_queued(void **state)
{
    (void)state;
    char err[256] = "";
    ippon_store_batch *queue = ippon_store_batch_new();
    made m;
    make(&m, 7, 5);
    m.rec.players = 5;
    assert_int_equal(ippon_store_batch_add(queue, &m.rec, err, sizeof err), -1);
    assert_non_null(strstr(err, "incomplete record"));
    m.rec.players = 4;
    m.rec.results = NULL;
    assert_int_equal(ippon_store_batch_add(queue, &m.rec, err, sizeof err), -1);
    assert_int_equal(ippon_store_batch_count(queue), 0);
    unmake(&m);
    ippon_store_batch_free(queue);
}

/* the child: groups of GROUP matches, numbered from `from`, until it is killed */
static int grouped_writer(long from, int ready)
{
    char err[256];
    ippon_store *st;
    if (ippon_store_open(&st, db, err, sizeof err) != 0)
        return 1;
    ippon_store_batch *queue = ippon_store_batch_new();
    json_t *log = discards(400); /* made once: the child's time goes to queueing and writing */
    for (long n = from;; n++) {
        made m;
        make_with(&m, n, log); /* a long log: a group spans many pages */
        if (ippon_store_batch_add(queue, &m.rec, err, sizeof err) < 0)
            return 1;
        unmake(&m);
        if (ippon_store_batch_count(queue) == GROUP) {
            if (ippon_store_write_batch(st, queue, err, sizeof err) != 0)
                return 1;
            if (n + 1 - from == GROUP) { /* the first group is in: the parent may start its clock */
                char c = 1;
                if (write(ready, &c, 1) != 1)
                    return 1;
            }
        }
    }
}

static void killed_writer_leaves_whole_groups(void **state)
{
    (void)state;
    ippon_store *st = open_migrated();
    int64_t stored = 0;
    for (int k = 0; k < KILLS; k++) {
        int ready[2];
        assert_int_equal(pipe(ready), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(ready[0]);
            _exit(grouped_writer(1000000L * (k + 1), ready[1]));
        }
        close(ready[1]);
        char c;
        assert_int_equal(read(ready[0], &c, 1), 1);
        close(ready[0]);
        struct timespec wait = {0, (k + 1) * 23 * 1000000L}; /* a different moment each time */
        nanosleep(&wait, NULL);
        assert_int_equal(kill(pid, SIGKILL), 0);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));
        int64_t now = fixture_int(st, "SELECT count(*) FROM matches");
        assert_true(now >= stored + GROUP);
        assert_int_equal((now - stored) % GROUP, 0); /* whole groups only */
        stored = now;
        assert_whole(st);
    }
    if (!fixture_postgres()) { /* SQLite's files after the kills */
        ippon_sql_stmt *check = ippon_sql_prepare(st->db, "PRAGMA integrity_check");
        assert_non_null(check);
        assert_int_equal(ippon_sql_step(check), IPPON_SQL_ROW);
        assert_string_equal(ippon_sql_column_text(check, 0), "ok");
        ippon_sql_finalize(check);
    }
    ippon_store_close(st);
}

static int setup(void **state)
{
    (void)state;
    if (fixture_temp_db(dir, sizeof dir, db, sizeof db, "groups") != 0)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    fixture_remove_tree(dir);
    return 0;
}

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(group_written_from_copies, setup, teardown),
        cmocka_unit_test_setup_teardown(refused_match_costs_only_itself, setup, teardown),
        cmocka_unit_test_setup_teardown(incomplete_record_not_queued, setup, teardown),
        cmocka_unit_test_setup_teardown(killed_writer_leaves_whole_groups, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
