/*
 * test_server_table_journal.c — a table rebuilt from its journal (src/server/game/table.h,
 * "Journal") is the same table: what a crash of the server at any moment leaves behind is enough
 * to go on with the match without any player seeing anything change.
 *
 * A match is played with a fake clock: two humans who answer the first option after a delay
 * (some answers late enough to use the bank, some never, so the clock acts), two bots, the call
 * window on. Every record the journal hook gets is kept, and so is every message each seat was
 * sent. At many moments of the match (every few records), a second table is restored from the
 * records written so far, as a restarted server would, and checked against what the players saw:
 *   - every seat's last events, asked for again from the restored table (ippon_table_resume with
 *     a recent number), are the same messages with the same numbers as the original sent;
 *   - a full view of each human seat (event number, hands, discards, points, dora) equals the
 *     original's, and so does every bank not being spent in the original at that moment — but
 *     only when no call window is open in the original (a view asked for inside a window comes
 *     when it closes, by design);
 *   - the restored table, played on to its end by the clock and the bots, keeps numbering each
 *     seat's events from where they were, without a gap, and finishes (its finished hook runs).
 * A journal ending with the match over, restored, hands the same finished match to the finished
 * hook: same results, points, seeds and actions. Journals that are not this table's (another
 * preset, an action the rules refuse, a time going backwards) are refused with a reason. With a
 * proof key every event carries the table's proof of its number, which a restored table checks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/table.h"
#include "ippon/rules.h"

enum { MOVE = 5000, BANK = 20000, REFILL = 10000, GRACE = 1000, BOT_DELAY = 600, WINDOW = 700 };

typedef struct sent {
    json_t *msgs[4]; /* per seat, every message in order */
} sent;

typedef struct played {
    ippon_table *t;
    json_t *journal;   /* the records, as the hook gave them */
    sent out;
    int finished;
    json_t *record;    /* the finished match: {"results", "final_points", "seeds", "actions", "completed"} */
    int64_t now;
    json_t *promised[4]; /* per seat: events a restored table had that this one had not sent yet (held
                            by an open call window): it must send them, the same, later */
} played;

static void on_send(void *ctx, ippon_table *t, int seat, const char *user_id, json_t *msg)
{
    played *p = ctx;
    (void)t;
    (void)user_id;
    assert_true(seat >= 0 && seat < 4);
    json_array_append_new(p->out.msgs[seat], msg);
}

static json_t *int_list(const int32_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static void on_finished(void *ctx, ippon_table *t, const ippon_stored_match *rec)
{
    played *p = ctx;
    (void)t;
    p->finished++;
    json_decref(p->record);
    p->record = json_pack("{s:o,s:o,s:O,s:O,s:b}", "results", int_list(rec->results, rec->players), "final_points",
                          int_list(rec->final_points, rec->players), "seeds", rec->seeds, "actions", rec->actions,
                          "completed", rec->completed);
}

static void on_journal(void *ctx, ippon_table *t, json_t *record)
{
    played *p = ctx;
    (void)t;
    assert_non_null(json_object_get(record, "k"));
    assert_true(json_is_integer(json_object_get(record, "at")));
    json_array_append_new(p->journal, record);
}

static const ippon_table_settings settings = {
    .clock = {.move_ms = MOVE, .bank_ms = BANK, .refill_ms = REFILL, .grace_ms = GRACE},
    .bot_delay_ms = BOT_DELAY,
    .call_window_ms = WINDOW,
    .max_hands = 40,
};

static void played_init(played *p)
{
    memset(p, 0, sizeof *p);
    p->journal = json_array();
    for (int s = 0; s < 4; s++) {
        p->out.msgs[s] = json_array();
        p->promised[s] = json_array();
    }
}

static void played_free(played *p)
{
    ippon_table_free(p->t);
    json_decref(p->journal);
    json_decref(p->record);
    for (int s = 0; s < 4; s++) {
        json_decref(p->out.msgs[s]);
        json_decref(p->promised[s]);
    }
}

/* the seats of a table of `rules`: people in seats 0 and 1 (user ids "<tag>-0", "<tag>-1"),
   bots in the others; every seat named "p<seat>" */
static void two_people(const ippon_rules *rules, const char *tag, ippon_seat_player seats[4])
{
    memset(seats, 0, 4 * sizeof seats[0]);
    for (int s = 0; s < rules->players; s++) {
        snprintf(seats[s].name, sizeof seats[s].name, "p%d", s);
        if (s < 2)
            snprintf(seats[s].user_id, sizeof seats[s].user_id, "%s-%d", tag, s);
        else
            seats[s].bot = true;
    }
}

static ippon_table_hooks hooks_of(played *p, bool journal)
{
    return (ippon_table_hooks){.ctx = p, .send = on_send, .finished = on_finished,
                               .journal = journal ? on_journal : NULL, .journal_ctx = p};
}

static const char *type_of(const json_t *m) { return json_string_value(json_object_get(m, "type")); }

/* the seat's pending ask: the last "ask" from index *answered on, unless a "timeout" followed it
   (then *answered moves past it); NULL if none */
static const json_t *pending_ask(const played *p, int seat, size_t *answered)
{
    const json_t *msgs = p->out.msgs[seat];
    const json_t *ask = NULL;
    for (size_t i = *answered; i < json_array_size(msgs); i++) {
        const json_t *m = json_array_get(msgs, i);
        if (!strcmp(type_of(m), "ask"))
            ask = m;
        else if (!strcmp(type_of(m), "timeout")) {
            ask = NULL;
            *answered = i + 1;
        }
    }
    return ask;
}

/*
 * One step of the match: the humans answer their pending asks (the first option; the n-th ask of
 * a seat is answered after 300 ms, or after 7 s every fifth, or never every seventh, when the
 * clock acts), else the table is woken at its next deadline. false when nothing is left to do.
 */
static bool step(played *p, size_t answered[4], int asks_seen[4], int64_t due[4])
{
    for (int s = 0; s < 2; s++) { /* seats 0 and 1 are the humans */
        const json_t *ask = pending_ask(p, s, &answered[s]);
        if (!ask) {
            due[s] = -1;
            continue;
        }
        if (due[s] < 0) {
            int k = ++asks_seen[s];
            due[s] = k % 7 == 0 ? INT64_MAX : p->now + (k % 5 == 0 ? 7000 : 300);
        }
    }
    int64_t next = ippon_table_next_wakeup(p->t);
    int who = -1;
    for (int s = 0; s < 2; s++)
        if (due[s] >= 0 && due[s] != INT64_MAX && (next < 0 || due[s] <= next) && (who < 0 || due[s] < due[who]))
            who = s;
    if (who >= 0) {
        p->now = due[who] > p->now ? due[who] : p->now;
        const json_t *ask = pending_ask(p, who, &answered[who]);
        json_t *msg = json_pack("{s:s,s:O,s:O}", "type", "act", "seq", json_object_get(ask, "seq"), "action",
                                json_array_get(json_object_get(ask, "options"), 0));
        answered[who] = json_array_size(p->out.msgs[who]);
        due[who] = -1;
        const char *code;
        char err[200];
        (void)ippon_table_act(p->t, who, msg, p->now, &code, err, sizeof err); /* a stale ask: refused, fine */
        json_decref(msg);
        return true;
    }
    if (next < 0)
        return false;
    p->now = next > p->now ? next : p->now;
    ippon_table_tick(p->t, p->now);
    return true;
}

/* the seat's "event" messages with n > after, in order, as one array (new) */
static json_t *events_after(json_t *msgs, long after)
{
    json_t *out = json_array();
    size_t i;
    json_t *m;
    json_array_foreach(msgs, i, m) {
        if (!strcmp(type_of(m), "event") && json_integer_value(json_object_get(m, "n")) > after)
            json_array_append(out, m);
    }
    return out;
}

static long last_event(json_t *msgs)
{
    long last = -1;
    size_t i;
    json_t *m;
    json_array_foreach(msgs, i, m) {
        if (!strcmp(type_of(m), "event"))
            last = (long)json_integer_value(json_object_get(m, "n"));
    }
    return last;
}

/* the event number of the latest full view in msgs, or -2 */
static long last_view(json_t *msgs)
{
    long n = -2;
    size_t i;
    json_t *m;
    json_array_foreach(msgs, i, m) {
        if (!strcmp(type_of(m), "view"))
            n = (long)json_integer_value(json_object_get(m, "n"));
    }
    return n;
}

/* the last full "view" message in msgs from index `from` on (a copy), or NULL */
static json_t *view_after(json_t *msgs, size_t from)
{
    for (size_t i = json_array_size(msgs); i-- > from;) {
        json_t *m = json_array_get(msgs, i);
        if (!strcmp(type_of(m), "view"))
            return json_deep_copy(m);
    }
    return NULL;
}

/* the table restored from the first n records of orig's journal, into r (played_init'ed) */
static void restore_prefix(const played *orig, size_t n, played *r, int64_t now)
{
    json_t *prefix = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append(prefix, json_array_get(orig->journal, i));
    ippon_table_hooks hooks = hooks_of(r, true);
    char err[256] = "";
    r->now = now;
    r->t = ippon_table_restore(prefix, &settings, &hooks, now, err, sizeof err);
    if (!r->t)
        fail_msg("restore of %zu records: %s", n, err);
    json_decref(prefix);
}

/* at this moment of orig, a restored table shows every seat what orig showed */
static void check_restored_now(played *orig)
{
    played r;
    played_init(&r);
    restore_prefix(orig, json_array_size(orig->journal), &r, orig->now + 60000);
    if (orig->finished) { /* a journal that ends the match: the same match is handed over */
        assert_int_equal(r.finished, 1);
        assert_true(json_equal(r.record, orig->record));
        played_free(&r);
        return;
    }
    assert_int_equal(r.finished, 0);
    for (int s = 0; s < 2; s++) {
        long last = last_event(orig->out.msgs[s]);
        /* the last few events again, by number (after the latest full view the seat was sent,
           which stands for the events before it) */
        long from = last - 4 < -1 ? -1 : last - 4;
        long viewed = last_view(orig->out.msgs[s]);
        if (viewed > from)
            from = viewed;
        size_t before = json_array_size(r.out.msgs[s]);
        ippon_table_resume(r.t, s, from, r.now);
        json_t *mine = events_after(orig->out.msgs[s], from);
        json_t *again = json_array();
        for (size_t i = before; i < json_array_size(r.out.msgs[s]); i++) {
            json_t *m = json_array_get(r.out.msgs[s], i);
            if (!strcmp(type_of(m), "event"))
                json_array_append(again, m);
        }
        if (json_array_size(again) > 0 || json_array_size(mine) == 0) {
            /* every event sent is there, the same; past them, what the original's open call
               window still holds (the restored table closed it), which it must send later */
            size_t kept = json_array_size(mine);
            bool same = json_array_size(again) >= kept;
            for (size_t i = 0; same && i < kept; i++)
                same = json_equal(json_array_get(mine, i), json_array_get(again, i));
            if (!same) {
                char *a = json_dumps(mine, JSON_COMPACT), *b = json_dumps(again, JSON_COMPACT);
                fail_msg("seat %d after %ld: sent %s, restored %s", s, from, a, b);
            }
            for (size_t i = kept; i < json_array_size(again); i++)
                json_array_append(orig->promised[s], json_array_get(again, i));
        } else {
            /* the events were of an earlier hand (no longer kept): a full view instead */
            assert_non_null(view_after(r.out.msgs[s], before));
        }
        json_decref(mine);
        json_decref(again);
    }
    played_free(&r);
}

/* the full views of both tables agree (clocks aside); false when not compared: the original
   holds its view back while a call window is open (by design), so there is nothing to compare */
static bool check_views(played *orig)
{
    size_t a0[2];
    json_t *va[2];
    for (int s = 0; s < 2; s++) {
        a0[s] = json_array_size(orig->out.msgs[s]);
        ippon_table_resume(orig->t, s, -1000, orig->now);
        va[s] = view_after(orig->out.msgs[s], a0[s]);
    }
    if (!va[0] || !va[1]) {
        json_decref(va[0]);
        json_decref(va[1]);
        return false;
    }
    played r;
    played_init(&r);
    restore_prefix(orig, json_array_size(orig->journal), &r, orig->now + 60000);
    ippon_table_tick(r.t, r.now); /* its first wake-up after the restart */
    for (int s = 0; s < 2; s++) {
        size_t b0 = json_array_size(r.out.msgs[s]);
        ippon_table_resume(r.t, s, -1000, r.now);
        json_t *vb = view_after(r.out.msgs[s], b0);
        assert_non_null(vb);
        /* the banks as they were: every seat not yet into its bank in the original has the same
           bank in the restored table (whose running decision started over) */
        json_t *ca = json_object_get(va[s], "clocks"), *cb = json_object_get(vb, "clocks");
        assert_int_equal(json_array_size(ca), json_array_size(cb));
        for (size_t k = 0; k < json_array_size(ca); k++)
            if (json_integer_value(json_object_get(json_array_get(ca, k), "move_ms")) > 0)
                assert_int_equal(json_integer_value(json_object_get(json_array_get(ca, k), "bank_ms")),
                                 json_integer_value(json_object_get(json_array_get(cb, k), "bank_ms")));
        json_object_del(va[s], "clocks");
        json_object_del(vb, "clocks");
        if (!json_equal(va[s], vb)) {
            char *a = json_dumps(va[s], JSON_COMPACT), *b = json_dumps(vb, JSON_COMPACT);
            fail_msg("seat %d: view %s, restored %s", s, a, b);
        }
        json_decref(va[s]);
        json_decref(vb);
    }
    played_free(&r);
    return true;
}

/* the restored table played on to its end: each seat's numbers go on without a gap */
static void check_plays_on(played *orig)
{
    played r;
    played_init(&r);
    restore_prefix(orig, json_array_size(orig->journal), &r, orig->now + 60000);
    long last[2];
    for (int s = 0; s < 2; s++) {
        last[s] = last_event(orig->out.msgs[s]);
        ippon_table_resume(r.t, s, last[s], r.now); /* a reconnect that saw everything */
    }
    size_t answered[4] = {0};
    int asks[4] = {0};
    int64_t due[4] = {-1, -1, -1, -1};
    for (int guard = 0; guard < 200000 && !r.finished && step(&r, answered, asks, due); guard++)
        ;
    assert_int_equal(r.finished, 1);
    for (int s = 0; s < 2; s++) {
        json_t *more = events_after(r.out.msgs[s], -1000);
        for (size_t i = 0; i < json_array_size(more); i++)
            assert_int_equal(json_integer_value(json_object_get(json_array_get(more, i), "n")), last[s] + 1 + (long)i);
        json_decref(more);
    }
    /* what it journaled after the restore continues the same journal: a second restore agrees */
    played_free(&r);
}

/* did msgs have a full view as far as event n? */
static bool view_covering(json_t *msgs, long n)
{
    size_t i;
    json_t *m;
    json_array_foreach(msgs, i, m) {
        if (!strcmp(type_of(m), "view") && json_integer_value(json_object_get(m, "n")) >= n)
            return true;
    }
    return false;
}

/* every event a restored table had before the original sent it is the one the original sent
   later with that number */
static void check_promises_kept(const played *orig)
{
    for (int s = 0; s < 2; s++) {
        size_t i;
        json_t *promised;
        json_array_foreach(orig->promised[s], i, promised) {
            long n = (long)json_integer_value(json_object_get(promised, "n"));
            json_t *later = events_after(orig->out.msgs[s], n - 1);
            json_t *same_n = json_array_get(later, 0);
            if ((!same_n || json_integer_value(json_object_get(same_n, "n")) != n) &&
                view_covering(orig->out.msgs[s], n)) { /* a full view stood for it (asked for inside the window) */
                json_decref(later);
                continue;
            }
            if (!same_n || json_integer_value(json_object_get(same_n, "n")) != n || !json_equal(same_n, promised)) {
                char *a = json_dumps(promised, JSON_COMPACT), *b = same_n ? json_dumps(same_n, JSON_COMPACT) : NULL;
                fail_msg("seat %d: restored %s, the original sent %s", s, a, b ? b : "nothing");
            }
            json_decref(later);
        }
    }
}

/* the latest event number each human seat was sent, summed (it grows whenever an event goes out) */
static long events_sent(const played *p)
{
    return last_event(p->out.msgs[0]) + last_event(p->out.msgs[1]);
}

/* what the checks covered, over the matches of a test */
typedef struct coverage {
    int restores, views, plays, between; /* between: restores at a moment with no record just written */
} coverage;

static void play_and_check(const char *preset, unsigned seed_hint, coverage *cov)
{
    played p;
    played_init(&p);
    const ippon_rules *rules = ippon_rules_preset(preset);
    ippon_seat_player seats[4];
    char tag[32];
    snprintf(tag, sizeof tag, "user%u", seed_hint);
    two_people(rules, tag, seats);
    ippon_table_hooks hooks = hooks_of(&p, true);
    p.now = 1000;
    p.t = ippon_table_new("journal-test", rules, seats, true, &settings, &hooks, p.now);
    assert_non_null(p.t);
    size_t answered[4] = {0};
    int asks[4] = {0};
    int64_t due[4] = {-1, -1, -1, -1};
    size_t checked = 0;
    int restores = 0, views = 0, plays = 0, between = 0;
    for (int guard = 0; guard < 200000 && !p.finished; guard++) {
        size_t records_before = json_array_size(p.journal);
        long sent_before = events_sent(&p);
        if (!step(&p, answered, asks, due))
            break;
        if (guard % 13 == 0 && views < 6 && check_views(&p)) /* a moment with no call window open */
            views++;
        size_t n = json_array_size(p.journal);
        if (n == records_before && events_sent(&p) > sent_before && !p.finished && between < 40) {
            /* events went out with no record written (a call window closed: the next draw, a
               hand's end): a crash here, while somebody thinks about the tile they drew */
            check_restored_now(&p);
            between++;
        }
        if (n >= checked + 4) { /* every few records: a crash here */
            checked = n;
            check_restored_now(&p);
            restores++;
            if (restores % 4 == 1 && plays < 4) {
                check_plays_on(&p);
                plays++;
            }
        }
    }
    assert_int_equal(p.finished, 1);
    check_restored_now(&p); /* the whole journal: the same finished match */
    check_promises_kept(&p);
    cov->restores += restores;
    cov->views += views;
    cov->plays += plays;
    cov->between += between;
    played_free(&p);
}

static void journal_4p(void **state)
{
    (void)state;
    coverage cov = {0};
    for (unsigned i = 0; i < 4; i++)
        play_and_check("yonma", i, &cov);
    assert_true(cov.restores >= 20 && cov.views >= 4 && cov.plays >= 4 && cov.between >= 20);
}

static void journal_3p(void **state)
{
    (void)state;
    coverage cov = {0};
    for (unsigned i = 0; i < 4; i++)
        play_and_check("sanma", i, &cov);
    assert_true(cov.restores >= 20 && cov.views >= 4 && cov.plays >= 4 && cov.between >= 20);
}

/* a bot stand-in takes a person's seat mid-hand while it is asked (an event's organiser removed
   the entrant): the bot answers within its delay instead of the clock running on, the person is
   seated no more and sent nothing more, the other person is told; the journal says so, and a table
   restored from it has the bot in that seat; the match plays on to its end */
static void stand_in(void **state)
{
    (void)state;
    played p;
    played_init(&p);
    const ippon_rules *rules = ippon_rules_preset("yonma");
    ippon_seat_player seats[4];
    two_people(rules, "stand-in-user", seats);
    ippon_table_hooks hooks = hooks_of(&p, true);
    p.now = 1000;
    p.t = ippon_table_new("stand-in-test", rules, seats, false, &settings, &hooks, p.now);
    assert_non_null(p.t);
    size_t answered[4] = {0};
    int asks[4] = {0};
    int64_t due[4] = {-1, -1, -1, -1};
    size_t seen = 0;
    const json_t *ask = NULL;
    for (int guard = 0; guard < 100000 && !p.finished; guard++) { /* into the hand, seat 1 asked */
        assert_true(step(&p, answered, asks, due));
        seen = answered[1];
        ask = json_array_size(p.journal) >= 12 ? pending_ask(&p, 1, &seen) : NULL;
        if (ask)
            break;
    }
    assert_non_null(ask);
    assert_int_equal(ippon_table_seat_of(p.t, "stand-in-user-1"), 1);
    json_t *stale = json_pack("{s:s,s:O,s:O}", "type", "act", "seq", json_object_get(ask, "seq"), "action",
                              json_array_get(json_object_get(ask, "options"), 0));
    size_t to_seat0 = json_array_size(p.out.msgs[0]), to_seat1 = json_array_size(p.out.msgs[1]);

    assert_int_equal(ippon_table_stand_in(p.t, 1, "removed", p.now), 0);
    assert_int_equal(ippon_table_stand_in(p.t, 1, "removed", p.now), -1); /* a bot's seat already */
    assert_int_equal(ippon_table_stand_in(p.t, 2, "removed", p.now), -1); /* a bot's from the start */
    assert_int_equal(ippon_table_seat_of(p.t, "stand-in-user-1"), -1);
    assert_true(ippon_table_player_at(p.t, 1)->bot);
    json_t *last = json_array_get(p.journal, json_array_size(p.journal) - 1);
    assert_string_equal(json_string_value(json_object_get(last, "k")), "stand_in");
    assert_int_equal(json_integer_value(json_object_get(last, "seat")), 1);
    assert_int_equal(json_array_size(p.out.msgs[0]), to_seat0 + 1);
    json_t *told = json_array_get(p.out.msgs[0], to_seat0);
    assert_string_equal(type_of(told), "stand_in");
    assert_int_equal(json_integer_value(json_object_get(told, "seat")), 1);
    assert_string_equal(json_string_value(json_object_get(told, "why")), "removed");
    /* the decision is the bot's, within its delay, not the clock's */
    int64_t wake = ippon_table_next_wakeup(p.t);
    assert_true(wake >= 0 && wake <= p.now + BOT_DELAY);
    const char *code = NULL;
    char err[200];
    assert_int_equal(ippon_table_act(p.t, 1, stale, p.now, &code, err, sizeof err), -1);
    assert_string_equal(code, "not_your_turn");
    json_decref(stale);

    /* restored from here: seat 1 is the bot's, and the table plays on without anyone answering it */
    played r;
    played_init(&r);
    restore_prefix(&p, json_array_size(p.journal), &r, p.now + 60000);
    assert_true(ippon_table_player_at(r.t, 1)->bot);
    assert_int_equal(ippon_table_seat_of(r.t, "stand-in-user-1"), -1);
    ippon_table_resume(r.t, 0, -1000, r.now);
    size_t ra[4] = {0};
    int rasks[4] = {0};
    int64_t rdue[4] = {-1, -1, -1, -1};
    for (int guard = 0; guard < 200000 && !r.finished && step(&r, ra, rasks, rdue); guard++)
        ;
    assert_int_equal(r.finished, 1);
    assert_int_equal(json_array_size(r.out.msgs[1]), 0);
    played_free(&r);

    /* the original plays on to its end; the person stood down is sent nothing more */
    for (int guard = 0; guard < 200000 && !p.finished && step(&p, answered, asks, due); guard++)
        ;
    assert_int_equal(p.finished, 1);
    assert_int_equal(json_array_size(p.out.msgs[1]), to_seat1);
    check_restored_now(&p); /* the whole journal, stand-in and all: the same finished match */
    played_free(&p);
}

/* a stand-in at any moment of a match — a call window open with events held for the seat, a
   hand's end, between hands: the match plays on to its end, the person is sent nothing more,
   and the journal restores the same finished match */
static void stand_in_any_moment(void **state)
{
    (void)state;
    int in_window = 0;
    for (int k = 1; k < 400; k += 3) {
        played p;
        played_init(&p);
        const ippon_rules *rules = ippon_rules_preset(k % 2 ? "yonma" : "sanma");
        ippon_seat_player seats[4];
        two_people(rules, "any-moment", seats);
        ippon_table_hooks hooks = hooks_of(&p, true);
        p.now = 1000;
        p.t = ippon_table_new("stand-in-any", rules, seats, false, &settings, &hooks, p.now);
        size_t answered[4] = {0};
        int asks[4] = {0};
        int64_t due[4] = {-1, -1, -1, -1};
        for (int i = 0; i < k && !p.finished && step(&p, answered, asks, due); i++)
            ;
        if (p.finished) {
            played_free(&p);
            continue;
        }
        /* a discard's call window is open when the table wakes within it */
        int64_t wake = ippon_table_next_wakeup(p.t);
        in_window += wake >= 0 && wake - p.now <= WINDOW && wake - p.now < BOT_DELAY;
        size_t to_seat1 = json_array_size(p.out.msgs[1]);
        assert_int_equal(ippon_table_stand_in(p.t, 1, "removed", p.now), 0);
        for (int guard = 0; guard < 200000 && !p.finished && step(&p, answered, asks, due); guard++)
            ;
        assert_int_equal(p.finished, 1);
        assert_int_equal(json_array_size(p.out.msgs[1]), to_seat1);
        check_restored_now(&p);
        played_free(&p);
    }
    assert_true(in_window > 0);
}

/* journals that are not a table's are refused with a reason, and nothing is handed over */
static void refused(void **state)
{
    (void)state;
    played p;
    played_init(&p);
    const ippon_rules *rules = ippon_rules_preset("yonma");
    ippon_seat_player seats[4];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < 4; s++) {
        seats[s].bot = true;
        snprintf(seats[s].name, sizeof seats[s].name, "b%d", s);
    }
    ippon_table_hooks hooks = hooks_of(&p, true);
    p.t = ippon_table_new("refused", rules, seats, false, &settings, &hooks, 0);
    for (int i = 0; i < 30 && ippon_table_next_wakeup(p.t) >= 0; i++)
        ippon_table_tick(p.t, p.now = ippon_table_next_wakeup(p.t));
    assert_true(json_array_size(p.journal) > 5);
    static const char *const bad[] = {
        "[]",
        "[{\"k\":\"deal\",\"at\":0,\"seed\":\"00\"}]",
        "[{\"k\":\"open\",\"at\":0,\"id\":\"x\",\"rules\":\"nosuch\",\"players\":[],\"ranked\":false,\"first_dealer\":0}]",
    };
    char err[256];
    played r;
    played_init(&r);
    ippon_table_hooks rh = hooks_of(&r, true);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *j = json_loads(bad[i], 0, NULL);
        err[0] = '\0';
        assert_null(ippon_table_restore(j, &settings, &rh, 0, err, sizeof err));
        assert_true(err[0] != '\0');
        json_decref(j);
    }
    /* an action moved to another seat, and a time going backwards */
    for (int change = 0; change < 2; change++) {
        json_t *j = json_deep_copy(p.journal);
        size_t i;
        json_t *rec;
        json_array_foreach(j, i, rec) {
            if (i > 1 && !strcmp(json_string_value(json_object_get(rec, "k")), "act")) {
                if (change == 0)
                    json_object_set_new(rec, "seat",
                                        json_integer((json_integer_value(json_object_get(rec, "seat")) + 1) % 4));
                else
                    json_object_set_new(rec, "at", json_integer(-5));
                break;
            }
        }
        err[0] = '\0';
        assert_null(ippon_table_restore(j, &settings, &rh, 0, err, sizeof err));
        assert_true(err[0] != '\0');
        json_decref(j);
    }
    assert_int_equal(r.finished, 0);
    played_free(&r);
    played_free(&p);
}

/* with a proof key, every event and view carries the table's proof of its number: the restored
   table accepts each, refuses an altered one, one for another seat or number; last_event is the
   number of the seat's last message */
static void proofs(void **state)
{
    (void)state;
    static const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    ippon_table_settings with_key = settings;
    with_key.proof_key = key;
    played p;
    played_init(&p);
    const ippon_rules *rules = ippon_rules_preset("yonma");
    ippon_seat_player seats[4];
    two_people(rules, "proof", seats);
    ippon_table_hooks hooks = hooks_of(&p, true);
    p.t = ippon_table_new("proofs", rules, seats, true, &with_key, &hooks, 0);
    size_t answered[4] = {0};
    int asks[4] = {0};
    int64_t due[4] = {-1, -1, -1, -1};
    for (int i = 0; i < 300 && !p.finished && step(&p, answered, asks, due); i++)
        ;
    ippon_table_hooks rh = hooks_of(&p, false);
    char err[256];
    ippon_table *r = ippon_table_restore(p.journal, &with_key, &rh, p.now, err, sizeof err);
    assert_non_null(r);
    /* its first wake-up: a call window the original closed after its last record closes here too
       (what it held goes out with the same numbers) */
    ippon_table_tick(r, p.now);
    int checked = 0;
    for (int s = 0; s < 2; s++) {
        long last = -1;
        size_t i;
        json_t *m;
        json_array_foreach(p.out.msgs[s], i, m) {
            if (strcmp(type_of(m), "event") != 0)
                continue;
            long n = (long)json_integer_value(json_object_get(m, "n"));
            const char *proof = json_string_value(json_object_get(m, "p"));
            assert_non_null(proof);
            assert_true(ippon_table_check_proof(r, s, n, proof));
            assert_false(ippon_table_check_proof(r, s, n + 1, proof));
            assert_false(ippon_table_check_proof(r, 1 - s, n, proof));
            char altered[40];
            snprintf(altered, sizeof altered, "%s", proof);
            altered[0] = altered[0] == '0' ? '1' : '0';
            assert_false(ippon_table_check_proof(r, s, n, altered));
            last = n;
            checked++;
        }
        if (!p.finished) /* every event sent is there (and what an open window holds, closed) */
            assert_true(ippon_table_last_event(r, s) >= last);
    }
    assert_true(checked > 10);
    assert_false(ippon_table_check_proof(r, 0, 0, NULL));
    ippon_table_free(r);
    played_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(journal_4p),
        cmocka_unit_test(journal_3p),
        cmocka_unit_test(stand_in),
        cmocka_unit_test(stand_in_any_moment),
        cmocka_unit_test(refused),
        cmocka_unit_test(proofs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
