/*
 * test_server_table_mjai.c — an AI seat at a table (table.h "AI seats", table_mjai.h), driven with
 * a fake clock: the AI is played by the test, which reads every mjai line it is sent and answers
 * every one, in order, as src/server/MJAI.md says.
 *
 * The test's AI: a drawn tile is discarded (tsumogiri) unless the line offers hora, which it
 * takes; another seat's tile is passed unless hora is offered; every other line is answered
 * "none". What is checked, from MJAI.md and mjai's message set, not from the code:
 *   - the first line is start_game with the AI's own id; no start_kyoku comes before it is
 *     answered, or before 30 s when it is not (the warm-up);
 *   - the AI sees only its own tiles: every other seat's 13 in start_kyoku and every other
 *     seat's tsumo are "?";
 *   - whole matches in 4p and 3p end with end_game as the last line, and the table's record is
 *     stored with the AI as a player (not a bot);
 *   - an answer not given in time: the table discards the drawn tile exactly at 5 s + 20 s bank +
 *     1 s grace, says so through the timed_out hook, and the late answer is refused as late;
 *   - garbage for a decision: refused with a reason, and the default (the drawn tile) is taken;
 *   - an answer to a line already answered is dropped; an answer to no line is refused;
 *   - a table restored from its journal numbers the same lines again, and counts as answered all
 *     but the open decision's line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/rules.h"
#include "game/table.h"
#include "game/table_mjai.h"

enum { MOVE = 5000, BANK = 20000, REFILL = 10000, GRACE = 1000, WINDOW = 700 };

static const ippon_table_settings settings = {
    .clock = {.move_ms = MOVE, .bank_ms = BANK, .refill_ms = REFILL, .grace_ms = GRACE},
    .bot_delay_ms = 600,
    .call_window_ms = WINDOW,
    .max_hands = 60,
};

typedef struct world {
    ippon_table *t;
    int ai;               /* the AI's table seat */
    json_t *lines;        /* every line the AI was sent, parsed */
    json_t *journal;
    long answered;        /* the test's answers so far (its numbering) */
    int64_t now;
    int timeouts, finished, errors;
    bool completed, ai_is_bot;
    char last_error[300];
} world;

static void on_send(void *ctx, ippon_table *t, int seat, const char *user_id, json_t *msg)
{
    (void)ctx, (void)t, (void)seat, (void)user_id;
    json_decref(msg); /* the bots' and the AI's seats get no game messages; there are no people */
}

static void on_line(void *ctx, ippon_table *t, int seat, const char *user_id, const char *line)
{
    world *w = ctx;
    (void)t;
    assert_int_equal(seat, w->ai);
    assert_string_equal(user_id, "ai-user");
    json_t *msg = json_loads(line, 0, NULL);
    assert_non_null(msg);
    json_array_append_new(w->lines, msg);
}

static void on_timeout(void *ctx, ippon_table *t, int seat, const char *user_id)
{
    world *w = ctx;
    (void)t, (void)user_id;
    assert_int_equal(seat, w->ai);
    w->timeouts++;
}

static void on_finished(void *ctx, ippon_table *t, const ippon_stored_match *rec)
{
    world *w = ctx;
    (void)t;
    w->finished++;
    w->completed = rec->completed;
    w->ai_is_bot = rec->seats[w->ai].bot;
    assert_string_equal(rec->seats[w->ai].user_id, "ai-user");
}

static void on_journal(void *ctx, ippon_table *t, json_t *record)
{
    (void)t;
    json_array_append_new(((world *)ctx)->journal, record);
}

static const char *type_of(const json_t *msg) { return json_string_value(json_object_get(msg, "type")); }

static void world_open(world *w, const char *preset, int ai)
{
    memset(w, 0, sizeof *w);
    w->lines = json_array();
    w->journal = json_array();
    w->ai = ai;
    w->now = 1000000;
    const ippon_rules *rules = ippon_rules_preset(preset);
    ippon_seat_player seats[4];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < rules->players; s++) {
        seats[s].bot = s != ai;
        snprintf(seats[s].name, sizeof seats[s].name, "Seat %d", s);
    }
    snprintf(seats[ai].user_id, sizeof seats[ai].user_id, "ai-user");
    seats[ai].mjai = true;
    ippon_table_hooks hooks = { .ctx = w, .send = on_send, .finished = on_finished, .journal = on_journal,
                                .journal_ctx = w, .send_line = on_line, .timed_out = on_timeout };
    w->t = ippon_table_new("0123456789abcdef0123456789abcdef", rules, seats, false, &settings, &hooks, w->now);
    assert_non_null(w->t);
}

static void world_close(world *w)
{
    ippon_table_free(w->t);
    json_decref(w->lines);
    json_decref(w->journal);
}

/* the next line's answer, given */
static int answer(world *w, const char *text)
{
    char err[300];
    int r = ippon_table_mjai_answer(w->t, w->ai, ++w->answered, text, w->now, err, sizeof err);
    if (err[0]) {
        w->errors++;
        snprintf(w->last_error, sizeof w->last_error, "%s", err);
    }
    return r;
}

/* the test AI's answer to line msg */
static void think(const world *w, const json_t *msg, char *out, size_t cap)
{
    int me = (int)json_integer_value(json_object_get(json_array_get(w->lines, 0), "id"));
    const json_t *possible = json_object_get(msg, "possible_actions");
    size_t i;
    const json_t *a;
    json_array_foreach(possible, i, a)
        if (!strcmp(type_of(a), "hora")) {
            char *text = json_dumps(a, JSON_COMPACT);
            snprintf(out, cap, "%s", text);
            free(text);
            return;
        }
    if (!strcmp(type_of(msg), "tsumo") && json_integer_value(json_object_get(msg, "actor")) == me) {
        snprintf(out, cap, "{\"type\":\"dahai\",\"actor\":%d,\"pai\":\"%s\",\"tsumogiri\":true}", me,
                 json_string_value(json_object_get(msg, "pai")));
        return;
    }
    snprintf(out, cap, "{\"type\":\"none\"}");
}

/* answers every line not answered yet; true if there was one */
static bool answer_all(world *w)
{
    bool any = false;
    while (w->answered < (long)json_array_size(w->lines)) {
        char text[300];
        think(w, json_array_get(w->lines, (size_t)w->answered), text, sizeof text);
        answer(w, text);
        any = true;
    }
    return any;
}

/* plays on: the AI answers at once, time moves to each wake-up; until the match ends */
static void play_out(world *w)
{
    for (int guard = 0; guard < 200000 && !w->finished; guard++) {
        if (answer_all(w))
            continue;
        int64_t next = ippon_table_next_wakeup(w->t);
        assert_true(next >= 0);
        w->now = next > w->now ? next : w->now;
        ippon_table_tick(w->t, w->now);
    }
    answer_all(w);
}

/* what the AI may see: its own tiles only */
static void check_masking(const world *w)
{
    int me = (int)json_integer_value(json_object_get(json_array_get(w->lines, 0), "id"));
    size_t i;
    const json_t *msg;
    int kyoku = 0;
    json_array_foreach(w->lines, i, msg) {
        if (!strcmp(type_of(msg), "start_kyoku")) {
            kyoku++;
            const json_t *tehais = json_object_get(msg, "tehais");
            for (size_t r = 0; r < json_array_size(tehais); r++) {
                const json_t *hand = json_array_get(tehais, r);
                assert_int_equal(json_array_size(hand), 13);
                for (size_t k = 0; k < 13; k++) {
                    bool hidden = !strcmp(json_string_value(json_array_get(hand, k)), "?");
                    assert_true((int)r == me ? !hidden : hidden);
                }
            }
        }
        if (!strcmp(type_of(msg), "tsumo")) {
            bool hidden = !strcmp(json_string_value(json_object_get(msg, "pai")), "?");
            assert_true(json_integer_value(json_object_get(msg, "actor")) == me ? !hidden : hidden);
        }
    }
    assert_true(kyoku >= 1);
}

static void whole_matches(const char *preset, int players)
{
    int draws_seen = 0;
    for (int k = 0; k < 12; k++) {
        world w;
        world_open(&w, preset, k % players);
        /* the warm-up: start_game alone until it is answered */
        assert_int_equal(json_array_size(w.lines), 1);
        assert_string_equal(type_of(json_array_get(w.lines, 0)), "start_game");
        w.now += 1000;
        ippon_table_tick(w.t, w.now);
        assert_int_equal(json_array_size(w.lines), 1);
        play_out(&w);
        assert_int_equal(w.finished, 1);
        assert_true(w.completed);
        assert_false(w.ai_is_bot);
        assert_string_equal(type_of(json_array_get(w.lines, 1)), "start_kyoku");
        assert_string_equal(type_of(json_array_get(w.lines, json_array_size(w.lines) - 1)), "end_game");
        check_masking(&w);
        size_t i;
        const json_t *msg;
        json_array_foreach(w.lines, i, msg)
            draws_seen += !strcmp(type_of(msg), "ryukyoku");
        assert_int_equal(w.errors, 0);
        assert_int_equal(w.timeouts, 0);
        assert_int_equal(ippon_table_mjai_answered(w.t, w.ai), (long)json_array_size(w.lines));
        world_close(&w);
    }
    print_message("%s: 12 whole matches, %d draws among them\n", preset, draws_seen);
}

static void whole_matches_4p(void **state)
{
    (void)state;
    whole_matches("yonma", 4);
}

static void whole_matches_3p(void **state)
{
    (void)state;
    whole_matches("sanma", 3);
}

/* start_game never answered: the first deal comes at 30 s, not before */
static void warm_up(void **state)
{
    (void)state;
    world w;
    world_open(&w, "yonma", 2);
    int64_t opened = w.now;
    assert_int_equal(ippon_table_next_wakeup(w.t), opened + 30000);
    w.now = opened + 29999;
    ippon_table_tick(w.t, w.now);
    assert_int_equal(json_array_size(w.lines), 1);
    w.now = opened + 30000;
    ippon_table_tick(w.t, w.now);
    assert_string_equal(type_of(json_array_get(w.lines, 1)), "start_kyoku");
    world_close(&w);
}

/* the index of the first line at or after `from` that is the AI's own tsumo, or -1 */
static long own_tsumo_from(const world *w, long from)
{
    int me = (int)json_integer_value(json_object_get(json_array_get(w->lines, 0), "id"));
    for (long i = from; i < (long)json_array_size(w->lines); i++) {
        const json_t *msg = json_array_get(w->lines, (size_t)i);
        if (!strcmp(type_of(msg), "tsumo") && json_integer_value(json_object_get(msg, "actor")) == me)
            return i;
    }
    return -1;
}

/* plays until the AI's own tsumo is the last line sent and every line before it is answered; its index */
static long to_own_tsumo(world *w)
{
    for (int guard = 0; guard < 100000; guard++) {
        long n = (long)json_array_size(w->lines);
        if (n > 0 && w->answered == n - 1 && own_tsumo_from(w, n - 1) == n - 1)
            return n - 1;
        if (w->answered < n) {
            char text[300];
            think(w, json_array_get(w->lines, (size_t)w->answered), text, sizeof text);
            answer(w, text);
            continue;
        }
        int64_t next = ippon_table_next_wakeup(w->t);
        assert_true(next >= 0);
        w->now = next > w->now ? next : w->now;
        ippon_table_tick(w->t, w->now);
    }
    fail_msg("the AI never drew");
    return -1;
}

/* the discard that followed the AI's tsumo at line `at` (0-based): it must be the drawn tile */
static void expect_tsumogiri_after(const world *w, long at)
{
    const json_t *draw = json_array_get(w->lines, (size_t)at);
    for (long i = at + 1; i < (long)json_array_size(w->lines); i++) {
        const json_t *msg = json_array_get(w->lines, (size_t)i);
        if (!strcmp(type_of(msg), "dahai")) {
            assert_int_equal(json_integer_value(json_object_get(msg, "actor")),
                             json_integer_value(json_object_get(draw, "actor")));
            assert_string_equal(json_string_value(json_object_get(msg, "pai")),
                                json_string_value(json_object_get(draw, "pai")));
            assert_true(json_is_true(json_object_get(msg, "tsumogiri")));
            return;
        }
    }
    fail_msg("no discard followed the AI's draw");
}

static void timeout_and_late_answer(void **state)
{
    (void)state;
    world w;
    world_open(&w, "yonma", 1);
    long at = to_own_tsumo(&w);
    int64_t asked = w.now;
    int64_t deadline = ippon_table_next_wakeup(w.t);
    assert_int_equal(deadline, asked + MOVE + BANK + GRACE);
    w.now = deadline - 1;
    ippon_table_tick(w.t, w.now);
    assert_int_equal(w.timeouts, 0);
    w.now = deadline;
    ippon_table_tick(w.t, w.now);
    assert_int_equal(w.timeouts, 1);
    expect_tsumogiri_after(&w, at);
    /* the answer comes now: late, refused, nothing changes */
    size_t before = json_array_size(w.lines);
    char text[300];
    think(&w, json_array_get(w.lines, (size_t)at), text, sizeof text);
    assert_int_equal(answer(&w, text), TABLE_MJAI_NOTHING);
    assert_non_null(strstr(w.last_error, "late"));
    assert_int_equal(json_array_size(w.lines), before);
    world_close(&w);
}

static void garbage_takes_the_default(void **state)
{
    (void)state;
    world w;
    world_open(&w, "sanma", 0);
    long at = to_own_tsumo(&w);
    assert_int_equal(answer(&w, "{\"type\":\"dahai\",\"pai\":\"9z\""), TABLE_MJAI_ACT);
    assert_true(w.last_error[0] != '\0');
    expect_tsumogiri_after(&w, at);
    /* an answer to a line already answered is dropped, one to no line refused */
    char err[200];
    assert_int_equal(ippon_table_mjai_answer(w.t, w.ai, 1, "{\"type\":\"none\"}", w.now, err, sizeof err),
                     TABLE_MJAI_DROPPED);
    long sent = ippon_table_mjai_lines(w.t, w.ai);
    assert_int_equal(ippon_table_mjai_answer(w.t, w.ai, sent + 5, "{\"type\":\"none\"}", w.now, err, sizeof err),
                     TABLE_MJAI_NOTHING);
    assert_non_null(strstr(err, "no message"));
    world_close(&w);
}

/* the journal replayed: the same lines with the same numbers; answered all but the open one */
static void restore(void **state)
{
    (void)state;
    world w;
    world_open(&w, "yonma", 3);
    long at = to_own_tsumo(&w);
    ippon_table_hooks hooks = { 0 };
    char err[256];
    ippon_table *back = ippon_table_restore(w.journal, &settings, &hooks, w.now, err, sizeof err);
    assert_non_null(back);
    assert_int_equal(ippon_table_mjai_lines(back, w.ai), (long)json_array_size(w.lines));
    for (long n = 1; n <= (long)json_array_size(w.lines); n++) {
        json_t *again = json_loads(ippon_table_mjai_line(back, w.ai, n), 0, NULL);
        assert_true(json_equal(again, json_array_get(w.lines, (size_t)n - 1)));
        json_decref(again);
    }
    /* its decision is prompted again once the table goes on: the tsumo's answer is still wanted */
    ippon_table_tick(back, w.now);
    assert_int_equal(ippon_table_mjai_answered(back, w.ai), at);
    ippon_table_free(back);
    world_close(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_matches_4p),
        cmocka_unit_test(whole_matches_3p),
        cmocka_unit_test(warm_up),
        cmocka_unit_test(timeout_and_late_answer),
        cmocka_unit_test(garbage_takes_the_default),
        cmocka_unit_test(restore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
