/*
 * test_server_store_logs.c — real matches through the store and back out as logs: tables
 * (table.c) play to the end with bots and with "humans" whose clocks run out (the table acts
 * for them), in both modes; each finished record is written with ippon_store_save_match into
 * an in-memory store migrated with the real migrations; then the stored seeds and actions are
 * replayed (replay_logs.c) and must give the match again: the same number of hands, the same
 * final points, over exactly when the record says completed, the winners of the stored wins
 * in both logs' results. Also what the writer derives per seat (won, dealt_in) against the
 * wins as announced, a match closed half-way (replays to the points it had), and records that
 * do not replay (bad seed, an action nobody could take) giving an error that names them. Both
 * logs say which seats bots played ("bots", numbered from the first dealer as the names are),
 * from the seats the test made bots, and say nothing of bots when not told.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "server_fixture.h"

#include "ippon/rules.h"
#include "base/log.h"
#include "game/replay_logs.h"
#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_private.h"
#include "api/rankings_json.h"
#include "store/store_rankings.h"
#include "game/table.h"

static ippon_store *st;

/* what the finished hook saw */
typedef struct played {
    int finished;
    bool completed;
    int hands, players;
    int32_t final_points[4];
    json_t *wins;
    int first_dealer; /* the seat of the first action: the first dealer's */
    int actions;
    bool bot[4]; /* by table seat: the seats the test gave to bots */
    char id[40];
} played;

static void on_finished(void *ctx, ippon_table *t, const ippon_stored_match *rec)
{
    (void)t;
    played *p = ctx;
    char err[256];
    if (ippon_store_save_match(st, rec, err, sizeof err) != 0)
        fail_msg("save: %s", err);
    p->finished++;
    p->completed = rec->completed;
    p->hands = rec->hands;
    p->players = rec->players;
    memcpy(p->final_points, rec->final_points, sizeof p->final_points);
    p->wins = json_deep_copy(rec->wins);
    p->first_dealer = (int)json_integer_value(json_array_get(json_array_get(rec->actions, 0), 1));
    p->actions = (int)json_array_size(rec->actions);
    snprintf(p->id, sizeof p->id, "%s", rec->id);
}

/* plays one table: seats with human[s] get user ids and never answer; stop_after > 0 closes it then */
static void play(const char *preset, int n, const bool human[4], int stop_after, played *out)
{
    const ippon_rules *rules = ippon_rules_preset(preset);
    ippon_seat_player seats[4];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < rules->players; s++) {
        seats[s].bot = !human[s];
        if (human[s])
            snprintf(seats[s].user_id, sizeof seats[s].user_id, "%031x%d", n, s);
        snprintf(seats[s].name, sizeof seats[s].name, "%s %d-%d", human[s] ? "Player" : "Bot", n, s);
    }
    ippon_table_settings set = {.clock = {300, 1000, 500, 100}, .bot_delay_ms = 10, .max_hands = 50};
    ippon_table_hooks hooks = {.ctx = out, .finished = on_finished};
    char id[40];
    snprintf(id, sizeof id, "%030x%02d", n, rules->players);
    memset(out, 0, sizeof *out);
    ippon_table *t = ippon_table_new(id, rules, seats, true, &set, &hooks, 0);
    assert_non_null(t);
    for (int s = 0; s < rules->players; s++)
        out->bot[s] = !human[s];
    int64_t now = 0;
    for (int i = 0; i < 200000 && !ippon_table_over(t); i++) {
        if (stop_after && i == stop_after) {
            ippon_table_abandon(t, "closed by the test", now);
            break;
        }
        int64_t w = ippon_table_next_wakeup(t);
        now = w > now ? w : now;
        ippon_table_tick(t, now);
    }
    assert_true(ippon_table_over(t));
    assert_int_equal(out->finished, 1);
    ippon_table_free(t);
}

/* the stored match replayed into its logs (bots: by table seat, or NULL) */
static int replay(const char *id, const bool *bots, ippon_replay_logs *logs, char *err, size_t errlen)
{
    ippon_stored_replay rec;
    ippon_stored_detail detail;
    assert_int_equal(ippon_store_match_replay(st, id, &rec), 0);
    assert_int_equal(ippon_store_match_detail(st, id, &detail), 0);
    const char *names[4] = {NULL, NULL, NULL, NULL};
    for (int s = 0; s < detail.match.players; s++)
        names[s] = detail.match.seats[s].display_name;
    int rc = ippon_replay_logs_build(rec.rules, rec.seeds, rec.actions, names, bots, "test", "match", logs, err, errlen);
    ippon_stored_replay_free(&rec);
    ippon_stored_detail_free(&detail);
    return rc;
}

/* both logs' "bots": log seat r is table seat (r + first dealer) mod players, as for the names; the
   tenhou.net/6 list has four entries (a 3-player log's fourth false), mjai's one per player */
static void check_bots(const played *p, const ippon_replay_logs *logs)
{
    const json_t *tenhou = json_object_get(logs->tenhou, "bots");
    const json_t *mjai = json_object_get(json_array_get(logs->mjai, 0), "bots");
    assert_int_equal(json_array_size(tenhou), 4);
    assert_int_equal(json_array_size(mjai), (size_t)p->players);
    for (int r = 0; r < 4; r++) {
        bool bot = r < p->players && p->bot[(r + p->first_dealer) % p->players];
        if (!json_is_boolean(json_array_get(tenhou, (size_t)r)) || json_is_true(json_array_get(tenhou, (size_t)r)) != bot)
            fail_msg("%s: tenhou.net/6 bots[%d] should be %s", p->id, r, bot ? "true" : "false");
        if (r < p->players && json_is_true(json_array_get(mjai, (size_t)r)) != bot)
            fail_msg("%s: mjai start_game bots[%d] should be %s", p->id, r, bot ? "true" : "false");
    }
}

static void check_match(const played *p)
{
    ippon_replay_logs logs;
    char err[256] = "";
    if (replay(p->id, p->bot, &logs, err, sizeof err) != 0)
        fail_msg("%s: %s", p->id, err);
    assert_int_equal(logs.players, p->players);
    assert_int_equal(logs.hands, p->hands);
    assert_int_equal(logs.over, p->completed);
    for (int s = 0; s < p->players; s++)
        assert_int_equal(logs.final_points[s], p->final_points[s]);
    /* tenhou.net/6: one entry per hand, the first dealt by log seat 0 (the table's first dealer);
       the last one's winners are the stored wins' seats, counted from there */
    json_t *hands = json_object_get(logs.tenhou, "log");
    assert_int_equal(json_array_size(hands), p->hands);
    assert_int_equal(json_integer_value(json_array_get(json_array_get(json_array_get(hands, 0), 0), 0)), 0);
    json_t *result = json_array_get(json_array_get(hands, json_array_size(hands) - 1), 16);
    size_t nwins = json_array_size(p->wins);
    if (p->completed) {
        assert_string_equal(json_string_value(json_array_get(result, 0)), "和了");
        assert_int_equal(json_array_size(result), 1 + 2 * nwins);
        for (size_t w = 0; w < nwins; w++)
            assert_int_equal(json_integer_value(json_array_get(json_array_get(result, 2 + 2 * w), 0)),
                             (json_integer_value(json_object_get(json_array_get(p->wins, w), "seat")) -
                              p->first_dealer + p->players) % p->players);
    }
    /* the replay's steps: one per deal (every seat's deal in it, with its seat) and one per action
       (with its time and the seat's bank after it, both from the table's clock: never negative) */
    assert_int_equal(logs.first_dealer, p->first_dealer);
    assert_int_equal(json_array_size(logs.steps), (size_t)(p->hands + p->actions));
    size_t si;
    const json_t *step;
    int deal_steps = 0;
    json_array_foreach(logs.steps, si, step) {
        const json_t *events = json_object_get(step, "events");
        if (!json_object_get(step, "seat")) {
            deal_steps++;
            int deals = 0;
            for (size_t e = 0; e < json_array_size(events); e++)
                if (!strcmp(json_string_value(json_object_get(json_array_get(events, e), "type")), "deal")) {
                    assert_true(json_is_integer(json_object_get(json_array_get(events, e), "seat")));
                    deals++;
                }
            assert_int_equal(deals, p->players);
        } else {
            assert_true(json_integer_value(json_object_get(step, "at_ms")) >= 0);
            assert_true(json_integer_value(json_object_get(step, "bank_ms")) >= 0);
            assert_true(json_is_object(json_object_get(step, "action")));
        }
    }
    assert_int_equal(deal_steps, p->hands);
    check_bots(p, &logs);
    /* mjai: start_game, one start_kyoku per hand, a hora per win, end_game when it ended */
    json_t *ev = logs.mjai;
    size_t kyoku = 0, hora = 0, n = json_array_size(ev);
    for (size_t i = 0; i < n; i++) {
        const char *type = json_string_value(json_object_get(json_array_get(ev, i), "type"));
        kyoku += !strcmp(type, "start_kyoku");
        hora += !strcmp(type, "hora");
    }
    assert_string_equal(json_string_value(json_object_get(json_array_get(ev, 0), "type")), "start_game");
    assert_int_equal(kyoku, p->hands);
    assert_int_equal(hora, p->completed ? nwins : 0);
    assert_int_equal(!strcmp(json_string_value(json_object_get(json_array_get(ev, n - 1), "type")), "end_game"),
                     p->completed);
    ippon_replay_logs_free(&logs);
}

/* won and dealt_in as stored, against the wins as announced and the results */
static void check_outcome(const played *p)
{
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, "SELECT seat, result, won, dealt_in FROM match_players"
                                                  " WHERE match_id = ?1 ORDER BY seat");
    assert_non_null(q);
    ippon_sql_bind_text(q, 1, p->id);
    int results[4], won[4], dealt[4], n = 0;
    while (ippon_sql_step(q) == IPPON_SQL_ROW) {
        int s = ippon_sql_column_int(q, 0);
        results[s] = ippon_sql_column_int(q, 1);
        won[s] = ippon_sql_column_int(q, 2);
        dealt[s] = ippon_sql_column_int(q, 3);
        n++;
    }
    ippon_sql_finalize(q);
    assert_int_equal(n, p->players);
    int top = results[0];
    for (int s = 1; s < n; s++)
        top = results[s] > top ? results[s] : top;
    for (int s = 0; s < n; s++) {
        int ronned = 0;
        for (size_t w = 0; w < json_array_size(p->wins); w++) {
            json_t *win = json_array_get(p->wins, w);
            ronned |= json_integer_value(json_object_get(win, "from")) == s &&
                      json_integer_value(json_object_get(win, "seat")) != s;
        }
        assert_int_equal(dealt[s], ronned);
        assert_int_equal(won[s], results[s] > 0 && results[s] == top);
    }
}

static int setup(void **state)
{
    (void)state;
    return fixture_store_migrated(&st, ":memory:");
}

static int teardown(void **state)
{
    (void)state;
    return fixture_store_close(&st);
}

static void matches(const char *preset, int count, int first)
{
    int multi = 0, ron = 0, turned = 0;
    for (int i = 0; i < count; i++) {
        bool human[4] = {i % 2 == 0, i % 3 == 0, false, i % 4 == 1};
        played p;
        play(preset, first + i, human, 0, &p);
        check_match(&p);
        check_outcome(&p);
        multi += p.hands > 1;
        turned += p.first_dealer != 0;
        for (size_t w = 0; w < json_array_size(p.wins); w++)
            ron += json_integer_value(json_object_get(json_array_get(p.wins, w), "from")) !=
                   json_integer_value(json_object_get(json_array_get(p.wins, w), "seat"));
        json_decref(p.wins);
    }
    /* the sample is wide enough to mean something: draws carried over, deal-ins, and logs whose
       seats are turned (a first dealer other than seat 0) */
    assert_true(multi > 0);
    assert_true(ron > 0);
    assert_true(turned > 0);
}

static void yonma_matches_replay(void **state)
{
    (void)state;
    matches("yonma", 40, 0);
}

static void sanma_matches_replay(void **state)
{
    (void)state;
    matches("sanma", 40, 100);
}

static void closed_match_replays_to_where_it_stopped(void **state)
{
    (void)state;
    int closed = 0;
    for (int i = 0; i < 12; i++) {
        bool human[4] = {true, false, true, false};
        played p;
        play(i % 2 ? "sanma" : "yonma", 200 + i, human, 1 + i, &p); /* some end before they are closed */
        closed += !p.completed;
        check_match(&p);
        json_decref(p.wins);
    }
    assert_true(closed >= 6);
}

/* told nothing of bots, the logs say nothing of them */
static void logs_without_bots_say_nothing(void **state)
{
    (void)state;
    bool human[4] = {true, false, false, false};
    played p;
    play("yonma", 300, human, 0, &p);
    ippon_replay_logs logs;
    char err[256] = "";
    if (replay(p.id, NULL, &logs, err, sizeof err) != 0)
        fail_msg("%s: %s", p.id, err);
    assert_null(json_object_get(logs.tenhou, "bots"));
    assert_null(json_object_get(json_array_get(logs.mjai, 0), "bots"));
    ippon_replay_logs_free(&logs);
    json_decref(p.wins);
}

/* a stored match whose record was damaged: the replay says what is wrong */
static void damaged_records(void **state)
{
    (void)state;
    bool human[4] = {true, true, false, false};
    played p;
    play("yonma", 300, human, 0, &p);
    json_decref(p.wins);
    ippon_replay_logs logs;
    char err[256];
    char sql[512];
    bool pg = fixture_postgres() != NULL; /* each engine's own JSON functions */
    snprintf(sql, sizeof sql,
             pg ? "UPDATE matches SET seeds = jsonb_set(seeds::jsonb, '{0}', '\"zz\"')::text WHERE id = '%s'"
                : "UPDATE matches SET seeds = json_set(seeds, '$[0]', 'zz') WHERE id = '%s'",
             p.id);
    fixture_exec(st, sql);
    assert_int_equal(replay(p.id, NULL, &logs, err, sizeof err), -1);
    assert_string_equal(err, "hand 1: seed: not 64 hex digits");

    play("yonma", 301, human, 0, &p);
    json_decref(p.wins);
    snprintf(sql, sizeof sql,
             pg ? "UPDATE matches SET actions = jsonb_set(actions::jsonb, '{0,2}', '{\"type\":\"chi\",\"tiles\":[\"1m\",\"2m\"]}')::text"
                  " WHERE id = '%s'"
                : "UPDATE matches SET actions = json_set(actions, '$[0][2]', json('{\"type\":\"chi\",\"tiles\":[\"1m\",\"2m\"]}'))"
                  " WHERE id = '%s'",
             p.id);
    fixture_exec(st, sql);
    assert_int_equal(replay(p.id, NULL, &logs, err, sizeof err), -1);
    assert_string_equal(err, "action 1: action: not one of your options");

    json_t *seeds = json_array(), *actions = json_array();
    assert_int_equal(ippon_replay_logs_build("nope", seeds, actions, NULL, NULL, "t", "u", &logs, err, sizeof err), -1);
    assert_string_equal(err, "rules: no preset named \"nope\"");
    json_decref(seeds);
    json_decref(actions);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        T(yonma_matches_replay),
        T(sanma_matches_replay),
        T(closed_match_replays_to_where_it_stopped),
        T(logs_without_bots_say_nothing),
        T(damaged_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
