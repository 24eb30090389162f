/*
 * test_server_store_concurrent.c — many matches ending at once: WRITERS processes (fork), each
 * with its own connection to one database file, write MATCHES matches each through
 * ippon_store_save_match as fast as they can, all at the same moment (they wait on a pipe to
 * start together), some matches written twice by two processes (the id makes the second a
 * no-op). SQLite's lock and the busy timeout must serialise them: every process reports
 * success, every match is stored exactly once with all its seats, the results of every stored
 * match sum to 0, rank_totals equals the sums over the stored games, and the leaderboard of a
 * store that was open (and had read the board) before the writers started shows every game.
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

enum { WRITERS = 6, MATCHES = 150, PLAYERS = 40 };

static char dir[256], db[300];

/* the id of player u (0 <= u < PLAYERS); asked for another, the writer (a child) exits with 1 */
static const char *uid(int u)
{
    static char id[33];
    if (u < 0 || u >= PLAYERS) {
        fprintf(stderr, "uid(%d): no such player\n", u);
        _exit(1);
    }
    snprintf(id, sizeof id, "%030x%02d", 0xc0c, u);
    return id;
}

/* writer w's match i: the players and results follow from (w, i) alone, so the parent can check */
static void match_of(int w, int i, char id[33], int *players, int user[4], int32_t result[4])
{
    int shared = i % 10 == 0; /* every tenth match is written by two writers: w and w ^ 1 */
    snprintf(id, 33, "%08x%08x%016x", shared ? (w & ~1) : w, i, shared);
    *players = (i % 3 == 0) ? 3 : 4;
    int32_t sum = 0;
    for (int s = 0; s < *players; s++) {
        int ww = shared ? (w & ~1) : w;
        user[s] = (ww * 7 + i * 3 + s * 11) % PLAYERS;
        if (s == 2)
            user[s] = -1; /* a bot */
        result[s] = s + 1 < *players ? ((ww + i + s) % 7 - 3) * 1300 : -sum;
        sum += result[s];
    }
}

static int writer(int w)
{
    char err[256];
    ippon_store *st;
    if (ippon_store_open(&st, db, err, sizeof err) != 0)
        return 1;
    int failures = 0;
    for (int i = 0; i < MATCHES; i++) {
        char id[33];
        int players, user[4];
        int32_t result[4], finals[4];
        match_of(w, i, id, &players, user, result);
        ippon_seat_player seats[4];
        memset(seats, 0, sizeof seats);
        for (int s = 0; s < players; s++) {
            seats[s].bot = user[s] < 0;
            if (!seats[s].bot)
                snprintf(seats[s].user_id, sizeof seats[s].user_id, "%s", uid(user[s]));
            snprintf(seats[s].name, sizeof seats[s].name, "p%d", user[s]);
            finals[s] = (players == 3 ? 35000 : 25000) + result[s];
        }
        json_t *seeds = json_pack("[s]", "00"), *actions = json_array(), *wins = json_array();
        ippon_stored_match rec = {.id = id, .rules = ippon_rules_preset(players == 3 ? "sanma" : "yonma"),
                                  .players = players, .ranked = true, .completed = true,
                                  .started_ms = 1700000000000LL, .ended_ms = 1700000000000LL + i, .hands = 1,
                                  .seats = seats, .final_points = finals, .results = result, .seeds = seeds,
                                  .actions = actions, .wins = wins};
        if (ippon_store_save_match(st, &rec, err, sizeof err) != 0) {
            fprintf(stderr, "writer %d, match %d: %s\n", w, i, err);
            failures++;
        }
        json_decref(seeds);
        json_decref(actions);
        json_decref(wins);
    }
    ippon_store_close(st);
    return failures ? 1 : 0;
}


static void many_writers_lose_nothing(void **state)
{
    (void)state;
    char err[512];
    ippon_store *st;
    assert_int_equal(ippon_store_open(&st, db, err, sizeof err), 0);
    if (ippon_store_migrate(st, fixture_migrations(), NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    /* the reader's board is loaded (empty) before anything is written */
    json_t *page = NULL;
    ippon_leaderboard_query q = {IPPON_MODE_4P, IPPON_PERIOD_ALL, 1700000000000LL, 1, 100, 1, 0, 0};
    assert_int_equal(ippon_json_load_leaderboard(st, &q, &page), 0);
    assert_int_equal(json_integer_value(json_object_get(page, "total")), 0);
    json_decref(page);

    int go[2];
    assert_int_equal(pipe(go), 0);
    pid_t pids[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        pids[w] = fork();
        assert_true(pids[w] >= 0);
        if (pids[w] == 0) {
            close(go[1]);
            char c;
            ssize_t got = read(go[0], &c, 1); /* returns when the parent closes its end */
            (void)got;
            _exit(writer(w));
        }
    }
    close(go[0]);
    close(go[1]); /* everybody starts */
    for (int w = 0; w < WRITERS; w++) {
        int status;
        assert_int_equal(waitpid(pids[w], &status, 0), pids[w]);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
    }

    /* every match once: the shared ones (every tenth, by writer pairs) once for the pair */
    int64_t want = (int64_t)WRITERS * MATCHES - (WRITERS / 2) * (MATCHES / 10);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches"), want);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM (SELECT m.id FROM matches m JOIN match_players p ON"
                                 " p.match_id = m.id GROUP BY m.id HAVING count(*) = CASE m.mode WHEN '3p' THEN 3"
                                 " ELSE 4 END AND sum(p.result) = 0) whole"),
                     want);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM (SELECT m.mode, user_id, count(*) AS g, sum(result) AS t"
                                 " FROM matches m JOIN match_players p ON p.match_id = m.id WHERE p.user_id IS NOT NULL"
                                 " GROUP BY m.mode, user_id) x JOIN rank_totals r USING (mode, user_id)"
                                 " WHERE r.games = x.g AND r.total = x.t"),
                     fixture_int(st, "SELECT count(*) FROM rank_totals"));

    /* the board of the open store sees every game (the writers moved rank_version) */
    int64_t games4 = fixture_int(st, "SELECT count(*) FROM match_players p JOIN matches m ON m.id = p.match_id"
                                 " WHERE m.mode = '4p' AND p.user_id IS NOT NULL");
    assert_int_equal(ippon_json_load_leaderboard(st, &q, &page), 0);
    int64_t sum_games = 0, sum_total = 0;
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(page, "rows"), i, row) {
        sum_games += json_integer_value(json_object_get(row, "games"));
        sum_total += json_integer_value(json_object_get(row, "total"));
    }
    assert_int_equal(json_integer_value(json_object_get(page, "total")), json_array_size(json_object_get(page, "rows")));
    assert_int_equal(sum_games, games4);
    assert_int_equal(sum_total, fixture_int(st, "SELECT sum(p.result) FROM match_players p JOIN matches m ON"
                                            " m.id = p.match_id WHERE m.mode = '4p' AND p.user_id IS NOT NULL"));
    json_decref(page);
    ippon_store_close(st);
}

static int setup(void **state)
{
    (void)state;
    if (fixture_temp_db(dir, sizeof dir, db, sizeof db, "concurrent") != 0)
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
        cmocka_unit_test_setup_teardown(many_writers_lose_nothing, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
