/*
 * test_server_table_fairness.c — a table takes the players' contributions to its walls
 * (src/server/game/table.h; the scheme in include/ippon/fairness.h), with a fake clock.
 *
 * Two humans and two bots. Each human's first message is match_found with the commitment to
 * the match's secret and the wait for contributions; nothing is dealt until both humans have
 * contributed (the deal then comes at once) or the wait is over (a seat that sent nothing
 * contributes nothing). Bad contributions (not hex, the wrong length, a second one, one after the
 * deal, one from a finished match) are refused with their codes and change nothing. Every
 * hand_start names the contributions used, the end reveals the secret, and the test recomputes
 * every seed from them (fairness.h's definition, with libsodium directly) and the secret's
 * commitment. A table restored from a journal that ends inside the wait keeps the contributions
 * journaled and waits the whole wait again for the others (a returning player is told it may
 * give one); one restored after the deal keeps its seeds; a restored table with a
 * resume hold makes no move and sends nothing before the hold is over, unless every human is
 * back sooner: the hold then ends at once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/table.h"
#include "ippon/rules.h"

enum { WAIT = 2000, T0 = 1000000 };

typedef struct seen {
    ippon_table *t;
    json_t *msgs[4];  /* per seat, every message */
    json_t *journal;  /* every journal record */
    json_t *fairness; /* the finished record's */
    json_t *seeds;
    int finished;
} seen;

static void on_send(void *ctx, ippon_table *t, int seat, const char *user_id, json_t *msg)
{
    seen *s = ctx;
    (void)t;
    (void)user_id;
    assert_true(seat == 0 || seat == 1); /* the humans only */
    json_array_append_new(s->msgs[seat], msg);
}

static void on_finished(void *ctx, ippon_table *t, const ippon_stored_match *rec)
{
    seen *s = ctx;
    (void)t;
    s->finished++;
    assert_non_null(rec->fairness);
    s->fairness = json_deep_copy(rec->fairness);
    s->seeds = json_deep_copy(rec->seeds);
}

static void on_journal(void *ctx, ippon_table *t, json_t *record)
{
    seen *s = ctx;
    (void)t;
    json_array_append_new(s->journal, record);
}

static const ippon_table_settings settings = {
    .clock = {.move_ms = 5000, .bank_ms = 20000, .refill_ms = 10000, .grace_ms = 1000},
    .bot_delay_ms = 600,
    .max_hands = 30,
    .contribution_ms = WAIT,
};

static seen *seen_new(void)
{
    seen *s = calloc(1, sizeof *s);
    assert_non_null(s);
    for (int i = 0; i < 4; i++)
        s->msgs[i] = json_array();
    s->journal = json_array();
    return s;
}

static void seen_free(seen *s)
{
    ippon_table_free(s->t);
    for (int i = 0; i < 4; i++)
        json_decref(s->msgs[i]);
    json_decref(s->journal);
    json_decref(s->fairness);
    json_decref(s->seeds);
    free(s);
}

static ippon_table_hooks hooks_of(seen *s)
{
    return (ippon_table_hooks){.ctx = s, .send = on_send, .finished = on_finished, .journal = on_journal,
                               .journal_ctx = s};
}

static void seats_of(ippon_seat_player seats[4])
{
    memset(seats, 0, 4 * sizeof seats[0]);
    for (int i = 0; i < 4; i++) {
        seats[i].bot = i >= 2;
        if (!seats[i].bot)
            snprintf(seats[i].user_id, sizeof seats[i].user_id, "user%d", i);
        snprintf(seats[i].name, sizeof seats[i].name, "Seat %d", i);
    }
}

static const char *type_of(const json_t *m) { return json_string_value(json_object_get(m, "type")); }

/* a new 4p table (two humans, two bots) watched by a new seen */
static seen *open_table(const char *id, bool ranked, const ippon_table_settings *set)
{
    seen *s = seen_new();
    ippon_seat_player seats[4];
    seats_of(seats);
    ippon_table_hooks hooks = hooks_of(s);
    s->t = ippon_table_new(id, ippon_rules_preset("yonma"), seats, ranked, set, &hooks, T0);
    assert_non_null(s->t);
    return s;
}

/* the seat's hand_start events, in order (borrowed) */
static int hand_starts(const seen *s, int seat, const json_t **out, int cap)
{
    int n = 0;
    size_t i;
    const json_t *m;
    json_array_foreach(s->msgs[seat], i, m) {
        const json_t *ev = json_object_get(m, "event");
        if (!strcmp(type_of(m), "event") && !strcmp(type_of(ev), "hand_start") && n < cap)
            out[n++] = ev;
    }
    return n;
}

/* the seat's latest view (a pending ask may follow it) */
static const json_t *last_view(const seen *s, int seat)
{
    const json_t *view = NULL;
    size_t i;
    const json_t *m;
    json_array_foreach(s->msgs[seat], i, m)
        if (!strcmp(type_of(m), "view"))
            view = m;
    assert_non_null(view);
    return view;
}

/* a contribution message with these bytes as hex (or the text given) */
static json_t *contribution(const char *hex)
{
    return json_pack("{s:s,s:s}", "type", "contribute", "bytes", hex);
}

static int contribute(seen *s, int seat, const char *hex, int64_t now, const char **code)
{
    char err[200];
    json_t *msg = contribution(hex);
    int rc = ippon_table_contribute(s->t, seat, msg, now, code, err, sizeof err);
    json_decref(msg);
    if (rc != 0)
        assert_true(strlen(err) > 0);
    return rc;
}

static const char C0[] = "0101010101010101010101010101010101010101010101010101010101010101";
static const char C1[] = "f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a5968778695a4b3c2d1e0f";

/* plays the table to its end with the clock (the humans never answer) */
static void play_out(seen *s, int64_t now)
{
    for (int guard = 0; guard < 100000 && !ippon_table_over(s->t); guard++) {
        int64_t at = ippon_table_next_wakeup(s->t);
        assert_true(at >= 0);
        now = at > now ? at : now;
        ippon_table_tick(s->t, now);
    }
    assert_true(ippon_table_over(s->t));
}

/* the record's seeds are the secret's keyed BLAKE2b-256 of u32le(k) ‖ (length ‖ bytes) per seat,
   and its commitment BLAKE2b-256 of the secret: built here from fairness.h's words */
static void check_record(const seen *s, const char *want_contrib[4], const char *found_commitment)
{
    assert_int_equal(s->finished, 1);
    uint8_t secret[32], digest[32];
    char hex[65];
    assert_int_equal(ippon_unhex(json_string_value(json_object_get(s->fairness, "secret")), secret, 32), 0);
    crypto_generichash(digest, 32, secret, 32, NULL, 0);
    ippon_hex(digest, 32, hex);
    assert_string_equal(hex, found_commitment);
    assert_string_equal(json_string_value(json_object_get(s->fairness, "commitment")), found_commitment);
    const json_t *contributions = json_object_get(s->fairness, "contributions");
    for (int i = 0; i < 4; i++)
        assert_string_equal(json_string_value(json_array_get(contributions, (size_t)i)), want_contrib[i]);
    assert_true(json_array_size(s->seeds) >= 1);
    for (size_t k = 0; k < json_array_size(s->seeds); k++) {
        uint8_t msg[4 + 4 * 33];
        size_t len = 0;
        for (int b = 0; b < 4; b++)
            msg[len++] = (uint8_t)(k >> (8 * b));
        for (int i = 0; i < 4; i++) {
            size_t n = strlen(want_contrib[i]) / 2;
            msg[len++] = (uint8_t)n;
            assert_int_equal(ippon_unhex(want_contrib[i], msg + len, n), 0);
            len += n;
        }
        crypto_generichash(digest, 32, msg, len, secret, 32);
        ippon_hex(digest, 32, hex);
        assert_string_equal(hex, json_string_value(json_array_get(s->seeds, k)));
    }
}

/* the secret's commitment from the seat's match_found, checked for shape */
static const char *found_commitment(const seen *s, int seat)
{
    const json_t *first = json_array_get(s->msgs[seat], 0);
    assert_string_equal(type_of(first), "match_found");
    assert_int_equal(json_integer_value(json_object_get(first, "seat")), seat);
    const json_t *fair = json_object_get(first, "fairness");
    assert_int_equal(json_integer_value(json_object_get(fair, "contribute_ms")), WAIT);
    const char *c = json_string_value(json_object_get(fair, "commitment"));
    assert_non_null(c);
    assert_int_equal(strlen(c), 64);
    return c;
}

static void both_contribute(void **state)
{
    (void)state;
    seen *s = open_table("fair-1", true, &settings);
    const char *commitment = found_commitment(s, 0);
    assert_string_equal(commitment, found_commitment(s, 1));
    const json_t *starts[64];
    assert_int_equal(hand_starts(s, 0, starts, 64), 0); /* nothing dealt yet */
    assert_int_equal(ippon_table_next_wakeup(s->t), T0 + WAIT);

    /* a view asked for inside the wait: the table, nothing dealt, this seat still to contribute */
    ippon_table_resume(s->t, 0, -2, T0 + 5); /* -2: it knows no event number */
    const json_t *view = last_view(s, 0);
    const json_t *vf = json_object_get(view, "fairness");
    assert_string_equal(json_string_value(json_object_get(vf, "commitment")), commitment);
    assert_true(json_is_null(json_object_get(vf, "contributions")));
    assert_true(json_is_true(json_object_get(vf, "contributing")));

    const char *code = NULL;
    assert_int_equal(contribute(s, 0, "zz", T0 + 10, &code), -1);
    assert_string_equal(code, "bad_message");
    assert_int_equal(contribute(s, 0, "0101", T0 + 10, &code), -1); /* too short */
    assert_string_equal(code, "bad_message");
    json_t *no_bytes = json_pack("{s:s}", "type", "contribute");
    char err[200];
    assert_int_equal(ippon_table_contribute(s->t, 0, no_bytes, T0 + 10, &code, err, sizeof err), -1);
    assert_string_equal(code, "bad_message");
    json_decref(no_bytes);
    assert_int_equal(contribute(s, 0, C0, T0 + 20, &code), 0);
    assert_int_equal(contribute(s, 0, C1, T0 + 30, &code), -1);
    assert_string_equal(code, "already_contributed");
    assert_int_equal(hand_starts(s, 0, starts, 64), 0); /* seat 1 still to come */
    assert_int_equal(contribute(s, 1, C1, T0 + 40, &code), 0);
    assert_int_equal(hand_starts(s, 0, starts, 64), 1); /* dealt at once */
    assert_int_equal(hand_starts(s, 1, starts, 64), 1);
    const json_t *list = json_object_get(starts[0], "contributions");
    assert_string_equal(json_string_value(json_array_get(list, 0)), C0);
    assert_string_equal(json_string_value(json_array_get(list, 1)), C1);
    assert_string_equal(json_string_value(json_array_get(list, 2)), "");
    assert_string_equal(json_string_value(json_array_get(list, 3)), "");
    assert_int_equal(contribute(s, 1, C0, T0 + 50, &code), -1);
    assert_string_equal(code, "too_late");

    /* the journal: opened with the secret, then the two contributions, then the deal */
    const json_t *open = json_array_get(s->journal, 0);
    assert_string_equal(json_string_value(json_object_get(open, "k")), "open");
    assert_int_equal(strlen(json_string_value(json_object_get(open, "secret"))), 64);
    const json_t *j1 = json_array_get(s->journal, 1), *j2 = json_array_get(s->journal, 2);
    assert_string_equal(json_string_value(json_object_get(j1, "k")), "contribute");
    assert_string_equal(json_string_value(json_object_get(j1, "bytes")), C0);
    assert_string_equal(json_string_value(json_object_get(j2, "bytes")), C1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(s->journal, 3), "k")), "deal");

    play_out(s, T0 + 50);
    assert_int_equal(contribute(s, 0, C0, T0 + 99999999, &code), -1);
    assert_string_equal(code, "match_over");
    const char *want[4] = {C0, C1, "", ""};
    check_record(s, want, commitment);
    /* every hand_start named the same contributions; match_end revealed the record's secret */
    int n = hand_starts(s, 1, starts, 64);
    assert_int_equal((size_t)n, json_array_size(s->seeds));
    for (int k = 0; k < n; k++)
        assert_true(json_equal(json_object_get(starts[k], "contributions"), list));
    const json_t *last = json_array_get(s->msgs[1], json_array_size(s->msgs[1]) - 1);
    const json_t *end = json_object_get(last, "event");
    assert_string_equal(type_of(end), "match_end");
    assert_true(json_equal(json_object_get(end, "secret"), json_object_get(s->fairness, "secret")));
    seen_free(s);
}

static void wait_runs_out(void **state)
{
    (void)state;
    seen *s = open_table("fair-2", false, &settings);
    const char *commitment = found_commitment(s, 1);
    const char *code = NULL;
    assert_int_equal(contribute(s, 1, C1, T0 + 100, &code), 0);
    const json_t *starts[64];
    ippon_table_tick(s->t, T0 + WAIT - 1);
    assert_int_equal(hand_starts(s, 0, starts, 64), 0);
    ippon_table_tick(s->t, T0 + WAIT);
    assert_int_equal(hand_starts(s, 0, starts, 64), 1);
    assert_int_equal(contribute(s, 0, C0, T0 + WAIT + 1, &code), -1);
    assert_string_equal(code, "too_late");
    play_out(s, T0 + WAIT);
    const char *want[4] = {"", C1, "", ""};
    check_record(s, want, commitment);
    seen_free(s);
}

/* the journal up to (not including) the first record of kind k, as a new array */
static json_t *journal_before(const json_t *journal, const char *k)
{
    json_t *cut = json_array();
    size_t i;
    const json_t *r;
    json_array_foreach(journal, i, r) {
        if (!strcmp(json_string_value(json_object_get(r, "k")), k))
            break;
        json_array_append(cut, (json_t *)r);
    }
    return cut;
}

/* the table restored from `cut` at `at` (no resume hold) into a new seen */
static seen *restore_from(const json_t *cut, int64_t at)
{
    seen *r = seen_new();
    ippon_table_hooks rhooks = hooks_of(r);
    char err[200];
    r->t = ippon_table_restore(cut, &settings, &rhooks, at, err, sizeof err);
    assert_non_null(r->t);
    return r;
}

static void restored(void **state)
{
    (void)state;
    seen *s = open_table("fair-3", true, &settings);
    const char *commitment = found_commitment(s, 0);
    const char *code = NULL;
    assert_int_equal(contribute(s, 0, C0, T0 + 100, &code), 0);
    /* the server stops inside the wait: the restored table waits again, the whole wait, for the
       seat that gave nothing; seat 1 comes back, is told it may contribute, and does */
    json_t *cut = journal_before(s->journal, "deal");
    assert_int_equal(json_array_size(cut), 2);
    seen *r = restore_from(cut, T0 + 5000);
    const json_t *starts[64];
    assert_int_equal(hand_starts(r, 0, starts, 64), 0); /* not dealt yet */
    assert_int_equal(ippon_table_next_wakeup(r->t), T0 + 5000 + WAIT);
    ippon_table_resume(r->t, 1, -2, T0 + 5001);
    const json_t *vf = json_object_get(last_view(r, 1), "fairness");
    assert_string_equal(json_string_value(json_object_get(vf, "commitment")), commitment);
    assert_true(json_is_true(json_object_get(vf, "contributing")));
    assert_int_equal(contribute(r, 0, C1, T0 + 5002, &code), -1); /* seat 0's is the journaled one */
    assert_string_equal(code, "already_contributed");
    assert_int_equal(contribute(r, 1, C1, T0 + 5003, &code), 0);
    assert_int_equal(hand_starts(r, 0, starts, 64), 1); /* dealt at once: both humans have given */
    assert_string_equal(json_string_value(json_array_get(json_object_get(starts[0], "contributions"), 0)), C0);
    assert_string_equal(json_string_value(json_array_get(json_object_get(starts[0], "contributions"), 1)), C1);
    play_out(r, T0 + 5003);
    const char *both[4] = {C0, C1, "", ""};
    check_record(r, both, commitment);

    /* restored inside the wait, and nobody comes back: the wait runs out, the deal has seat 0's */
    seen *late = restore_from(cut, T0 + 6000);
    ippon_table_tick(late->t, T0 + 6000 + WAIT - 1);
    assert_int_equal(hand_starts(late, 0, starts, 64), 0);
    ippon_table_tick(late->t, T0 + 6000 + WAIT);
    assert_int_equal(hand_starts(late, 0, starts, 64), 1);
    assert_int_equal(contribute(late, 1, C1, T0 + 6000 + WAIT + 1, &code), -1);
    assert_string_equal(code, "too_late");
    play_out(late, T0 + 6000 + WAIT);
    const char *want[4] = {C0, "", "", ""};
    check_record(late, want, commitment);
    seen_free(late);

    /* restored after the deal: the same first seed as the original's */
    assert_int_equal(contribute(s, 1, C1, T0 + 200, &code), 0);
    char err[200];
    seen *r2 = seen_new();
    ippon_table_hooks r2hooks = hooks_of(r2);
    r2->t = ippon_table_restore(s->journal, &settings, &r2hooks, T0 + 300, err, sizeof err);
    assert_non_null(r2->t);
    play_out(r2, T0 + 300);
    const char *want2[4] = {C0, C1, "", ""};
    check_record(r2, want2, commitment);

    /* a contribution record the table would refuse makes the journal refused */
    json_t *bad = json_deep_copy(cut);
    json_object_set_new(json_array_get(bad, 1), "seat", json_integer(2)); /* a bot's seat */
    seen *r3 = seen_new();
    ippon_table_hooks r3hooks = hooks_of(r3);
    assert_null(ippon_table_restore(bad, &settings, &r3hooks, T0 + 300, err, sizeof err));
    assert_non_null(strstr(err, "contribute"));
    json_decref(bad);
    seen_free(r3);
    json_decref(cut);
    seen_free(r2);
    seen_free(r);
    seen_free(s);
}

/* a table (id) dealt and played a little, then restored at `at` with a hold of `hold` ms from
   its journal: the original in *orig, the restored one returned */
static seen *restored_with_hold(const char *id, int64_t hold, int64_t at, seen **orig)
{
    seen *s = open_table(id, true, &settings);
    const char *code = NULL;
    assert_int_equal(contribute(s, 0, C0, T0 + 10, &code), 0);
    assert_int_equal(contribute(s, 1, C1, T0 + 20, &code), 0);
    ippon_table_tick(s->t, T0 + 3000); /* bots move, a human's clock runs */
    ippon_table_settings held = settings;
    held.resume_hold_ms = hold;
    seen *r = seen_new();
    ippon_table_hooks hooks = hooks_of(r);
    char err[200];
    r->t = ippon_table_restore(s->journal, &held, &hooks, at, err, sizeof err);
    assert_non_null(r->t);
    *orig = s;
    return r;
}

/* a table restored with a hold stands still until it is over: nothing is sent, nobody's clock
   or bot acts, and it asks to be woken no sooner */
static void resume_hold(void **state)
{
    (void)state;
    enum { HOLD = 3000 };
    seen *s;
    seen *r = restored_with_hold("fair-5", HOLD, T0 + 10000, &s);
    assert_true(ippon_table_next_wakeup(r->t) >= T0 + 10000 + HOLD);
    size_t sent[2] = {json_array_size(r->msgs[0]), json_array_size(r->msgs[1])};
    ippon_table_tick(r->t, T0 + 10000 + HOLD - 1);
    assert_int_equal(json_array_size(r->msgs[0]), sent[0]);
    assert_int_equal(json_array_size(r->msgs[1]), sent[1]);
    play_out(r, T0 + 10000 + HOLD);
    assert_int_equal(r->finished, 1);
    seen_free(r);
    seen_free(s);
}

/* the last event number sent to the seat (its resume point) */
static long last_n(const seen *s, int seat)
{
    long n = -1;
    size_t i;
    const json_t *m;
    json_array_foreach(s->msgs[seat], i, m) {
        const json_t *num = json_object_get(m, "n");
        if (json_is_integer(num) && json_integer_value(num) > n)
            n = (long)json_integer_value(num);
    }
    return n;
}

/* the hold ends once both humans are back: everything it held comes due that much sooner; one
   human back changes nothing */
static void resume_hold_ends_when_all_back(void **state)
{
    (void)state;
    enum { HOLD = 3000, T1 = T0 + 10000 };
    seen *s;
    seen *r = restored_with_hold("fair-6", HOLD, T1, &s);
    int64_t held_until = ippon_table_next_wakeup(r->t);
    assert_true(held_until >= T1 + HOLD);

    ippon_table_resume(r->t, 0, last_n(s, 0), T1 + 100);
    assert_int_equal(ippon_table_next_wakeup(r->t), held_until);
    ippon_table_resume(r->t, 1, last_n(s, 1), T1 + 300);
    assert_int_equal(ippon_table_next_wakeup(r->t), held_until - (HOLD - 300));
    ippon_table_resume(r->t, 0, last_n(s, 0), T1 + 400); /* again: the hold is over, nothing moves */
    assert_int_equal(ippon_table_next_wakeup(r->t), held_until - (HOLD - 300));
    play_out(r, T1 + 300);
    assert_int_equal(r->finished, 1);
    seen_free(r);
    seen_free(s);
}

/* no contributions taken (contribution_ms 0): dealt at once, match_found says 0 */
static void no_wait(void **state)
{
    (void)state;
    ippon_table_settings now_settings = settings;
    now_settings.contribution_ms = 0;
    seen *s = open_table("fair-4", false, &now_settings);
    const json_t *first = json_array_get(s->msgs[0], 0);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(first, "fairness"), "contribute_ms")), 0);
    const json_t *starts[64];
    assert_int_equal(hand_starts(s, 0, starts, 64), 1);
    const char *code = NULL;
    assert_int_equal(contribute(s, 0, C0, T0 + 1, &code), -1);
    assert_string_equal(code, "too_late");
    seen_free(s);
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(both_contribute),
        cmocka_unit_test(wait_runs_out),
        cmocka_unit_test(restored),
        cmocka_unit_test(no_wait),
        cmocka_unit_test(resume_hold),
        cmocka_unit_test(resume_hold_ends_when_all_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
