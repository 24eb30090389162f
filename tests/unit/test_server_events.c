/*
 * test_server_events.c — an event's rounds in the store (store_event_rounds.h) and what they add up
 * to (store_event_results.h), with the REST shapes made of them (api/event_rounds_json.h): rounds
 * and tables written and refused, a round done when its last table's match is stored through the
 * store's normal path, the met counts and byes, the standings worked out by hand, a stand-in's
 * result counted or voided, and the standings' CSV. Runs on SQLite and PostgreSQL (server_fixture.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "server_fixture.h"

#include "api/event_rounds_json.h"
#include "store/store_event_results.h"
#include "store/store_event_rounds.h"
#include "store/store_events.h"

#define EVENT_A "000000000000000000000000000000e1"
#define EVENT_B "000000000000000000000000000000e2"
#define T0 1700000000000LL

/* the match id fixture_save_match gives "k" */
static const char *mid(const char *k)
{
    static char ids[8][IPPON_USER_ID_LEN + 1];
    static int next;
    char *out = ids[next++ % 8];
    size_t n = strlen(k) < IPPON_USER_ID_LEN ? strlen(k) : IPPON_USER_ID_LEN;
    snprintf(out, IPPON_USER_ID_LEN + 1, "%032x", 0);
    memcpy(out + IPPON_USER_ID_LEN - n, k, n);
    return out;
}

/* event id (running, round 0) organised by 'o', entrants the letters of who in registration order */
static void add_event(ippon_store *st, const char *id, const char *mode, const char *fill, const char *who)
{
    char sql[1024];
    snprintf(sql, sizeof sql,
             "INSERT INTO events (id, name, kind, organiser_id, mode, rounds, starts_at, round_start, seating, entry,"
             " cap, clocks, fill, stand_in, status, round, created_at) VALUES ('%s', 'Cup', 'club', '%s', '%s', 2,"
             " %lld, 'when_done', 'random', 'open', 64, 'standard', '%s', 'counts', 'running', 0, %lld)",
             id, fixture_uid('o'), mode, (long long)T0, fill, (long long)T0);
    fixture_exec(st, sql);
    for (int i = 0; who[i]; i++) {
        snprintf(sql, sizeof sql,
                 "INSERT INTO event_entrants (event_id, user_id, number, status, registered_at, checked_in_at)"
                 " VALUES ('%s', '%s', %d, 'registered', %lld, %lld)",
                 id, fixture_uid(who[i]), i, (long long)T0, (long long)T0);
        fixture_exec(st, sql);
    }
}

/* table t of r: seats the letters of who ('.': a bot), match k */
static void set_table(ippon_event_table *tb, int t, const char *who, const char *k)
{
    memset(tb, 0, sizeof *tb);
    tb->table = t;
    tb->players = (int)strlen(who);
    snprintf(tb->match_id, sizeof tb->match_id, "%s", mid(k));
    for (int s = 0; who[s]; s++)
        if (who[s] != '.')
            snprintf(tb->seats[s].user_id, sizeof tb->seats[s].user_id, "%s", fixture_uid(who[s]));
}

static int setup(void **state)
{
    ippon_store *st;
    if (fixture_store_migrated(&st, ":memory:") != 0)
        return -1;
    static const char names[] = "oabcdefgh";
    for (int i = 0; names[i]; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player-%c", names[i]);
        fixture_add_guest(st, names[i], names[i] == 'a' ? "麻雀,\"A\"" : name);
    }
    *state = st;
    return 0;
}

static int teardown(void **state)
{
    return fixture_store_close((ippon_store **)state);
}

/* round n of EVENT_A: table 1 and 2 as given, first dealer fd, playing */
static int write_round(ippon_store *st, int n, const char *t1, const char *k1, const char *t2, const char *k2, int fd)
{
    ippon_event_table tables[2];
    set_table(&tables[0], 1, t1, k1);
    set_table(&tables[1], 2, t2, k2);
    ippon_event_round r = {.round = n, .status = IPPON_ROUND_PLAYING, .starts_at = T0 + n, .first_dealer = fd,
                           .n_tables = 2, .tables = tables};
    snprintf(r.commitment, sizeof r.commitment, "%064x", n);
    snprintf(r.secret, sizeof r.secret, "%063x%d", 0, n);
    return ippon_store_event_round_write(st, EVENT_A, &r);
}

static ippon_event_def get_event(ippon_store *st, const char *id)
{
    ippon_event_def ev;
    assert_int_equal(ippon_store_event_get(st, id, &ev), 0);
    ippon_event_clear(&ev);
    return ev;
}

/* the standings line of user c */
static const ippon_event_line *line_of(const ippon_event_line *lines, int n, char c)
{
    for (int i = 0; i < n; i++)
        if (strcmp(lines[i].user_id, fixture_uid(c)) == 0)
            return &lines[i];
    fail_msg("no standings line for %c", c);
    return NULL;
}

/* two rounds of two tables (worked by hand below) */
static void play_two_rounds(ippon_store *st)
{
    add_event(st, EVENT_A, "4p", "bots", "abcdefgh");
    assert_int_equal(write_round(st, 1, "abcd", "a1", "efgh", "a2", 0), 0);
    /* round 1, first dealer seat 0. Table 1: a +12000 first; b, c, d tie at 21000: b, c, d by wind */
    fixture_save_match(st, "a1", "abcd", (const int[]){12000, -4000, -4000, -4000}, false, true, T0 + 10);
    /* table 2: f first, g and h tie at 25000 (g's wind first), e last */
    fixture_save_match(st, "a2", "efgh", (const int[]){-8000, 8000, 0, 0}, false, true, T0 + 11);
    /* round 2, first dealer seat 1 (winds: seat 1, 2, 3, 0). Table 1: f first, e and a tie (a at seat
       1 first), b last; table 2: h (a stand-in) first, d, then c and g tie (g at seat 1 first) */
    assert_int_equal(write_round(st, 2, "eafb", "a3", "cgdh", "a4", 1), 0);
    assert_int_equal(ippon_store_event_stand_in(st, EVENT_A, 2, 2, 3), 0);
    fixture_save_match(st, "a3", "eafb", (const int[]){0, 0, 6000, -6000}, false, true, T0 + 20);
    fixture_save_match(st, "a4", "cgdh", (const int[]){-2000, -2000, 1000, 3000}, false, true, T0 + 21);
}

static void round_written_and_done_with_its_last_match(void **state)
{
    ippon_store *st = *state;
    add_event(st, EVENT_A, "4p", "bots", "abcdefgh");
    assert_int_equal(write_round(st, 1, "abc.", "b1", "defg", "b2", 2), 0);
    assert_int_equal(get_event(st, EVENT_A).round, 1);
    ippon_event_round *rounds;
    int n;
    assert_int_equal(ippon_store_event_rounds(st, EVENT_A, &rounds, &n), 0);
    assert_int_equal(n, 1);
    assert_int_equal(rounds[0].status, IPPON_ROUND_PLAYING);
    assert_int_equal(rounds[0].first_dealer, 2);
    assert_string_equal(rounds[0].secret, ""); /* not shown before the round is done */
    assert_int_equal(rounds[0].n_tables, 2);
    assert_int_equal(rounds[0].tables[0].players, 4);
    assert_string_equal(rounds[0].tables[0].seats[3].user_id, "");
    assert_string_equal(rounds[0].tables[1].seats[0].display_name, "Player-d");
    assert_false(rounds[0].tables[0].done);
    ippon_event_rounds_free(rounds, n);

    fixture_save_match(st, "b1", "abc.", (const int[]){1000, 0, 0, -1000}, false, true, T0 + 5);
    fixture_save_match(st, "c9", "abcd", (const int[]){1000, 0, 0, -1000}, false, true, T0 + 6); /* not the event's */
    assert_int_equal(ippon_store_event_rounds(st, EVENT_A, &rounds, &n), 0);
    assert_true(rounds[0].tables[0].done);
    assert_false(rounds[0].tables[1].done);
    assert_int_equal(rounds[0].status, IPPON_ROUND_PLAYING);
    ippon_event_rounds_free(rounds, n);

    fixture_save_match(st, "b2", "defg", (const int[]){1000, 0, 0, -1000}, false, true, T0 + 7);
    assert_int_equal(ippon_store_event_rounds(st, EVENT_A, &rounds, &n), 0);
    assert_int_equal(rounds[0].status, IPPON_ROUND_DONE);
    assert_true(rounds[0].tables[1].done);
    char secret[IPPON_EVENT_SECRET_HEX + 1];
    snprintf(secret, sizeof secret, "%063x1", 0);
    assert_string_equal(rounds[0].secret, secret);
    ippon_event_rounds_free(rounds, n);
}

/* a table whose match was lost without a record is made void: the round is done without it, its
   seats have no result that round, and a void is refused once its match is stored or it is void */
static void lost_table_void_ends_its_round(void **state)
{
    ippon_store *st = *state;
    add_event(st, EVENT_A, "4p", "bots", "abcdefgh");
    assert_int_equal(write_round(st, 1, "abcd", "v1", "efgh", "v2", 0), 0);
    fixture_save_match(st, "v1", "abcd", (const int[]){4000, 0, -1000, -3000}, false, true, T0 + 5);
    assert_int_equal(ippon_store_event_table_void(st, EVENT_A, 1, 1, T0 + 8), IPPON_STORE_CONFLICT); /* stored */
    assert_int_equal(ippon_store_event_table_void(st, EVENT_A, 1, 3, T0 + 8), IPPON_STORE_CONFLICT); /* none */
    ippon_event_round *rounds;
    int n;
    assert_int_equal(ippon_store_event_rounds(st, EVENT_A, &rounds, &n), 0);
    assert_int_equal(rounds[0].status, IPPON_ROUND_PLAYING);
    assert_int_equal(rounds[0].tables[1].voided_at, 0);
    ippon_event_rounds_free(rounds, n);

    assert_int_equal(ippon_store_event_table_void(st, EVENT_A, 1, 2, T0 + 9), 0);
    assert_int_equal(ippon_store_event_table_void(st, EVENT_A, 1, 2, T0 + 10), IPPON_STORE_CONFLICT); /* void already */
    assert_int_equal(ippon_store_event_rounds(st, EVENT_A, &rounds, &n), 0);
    assert_int_equal(rounds[0].status, IPPON_ROUND_DONE);
    assert_int_equal(rounds[0].tables[1].voided_at, T0 + 9);
    assert_false(rounds[0].tables[1].done);
    assert_int_equal(rounds[0].done_at, T0 + 9); /* the next round's break counts from the void */
    ippon_event_rounds_free(rounds, n);

    ippon_event_def ev = get_event(st, EVENT_A);
    ippon_event_line *lines;
    assert_int_equal(ippon_store_event_standings(st, &ev, &lines, &n), 0);
    assert_int_equal(n, 8);
    assert_string_equal(lines[0].user_id, fixture_uid('a')); /* +4000 */
    for (const char *c = "efgh"; *c; c++) {
        const ippon_event_line *l = line_of(lines, n, *c);
        assert_int_equal(l->s.played, 0);
        assert_false(l->played[0]);
    }
    assert_int_equal(line_of(lines, n, 'd')->s.played, 1);
    free(lines);
}

/* the organiser's stand-in (ippon_store_event_entry, IPPON_ENTRY_STAND_IN): the entrant's seat in
   the playing round's table still running becomes a stand-in's, once; a stored or void table's
   seat, an entrant at no table, a round not playing, an event not live: refused, nothing changed */
static void organiser_stand_in(void **state)
{
    ippon_store *st = *state;
    add_event(st, EVENT_A, "4p", "bots", "abcdefgh");
    ippon_entry_refusal why;
    assert_int_equal(ippon_store_event_entry(st, EVENT_A, fixture_uid('b'), IPPON_ENTRY_STAND_IN, false, T0, &why, NULL),
                     IPPON_STORE_CONFLICT); /* no round yet */
    assert_int_equal(why, IPPON_ENTRY_NOT_PLAYING);
    assert_int_equal(write_round(st, 1, "abcd", "s1", "efgh", "s2", 0), 0);
    fixture_save_match(st, "s2", "efgh", (const int[]){1000, -1000, 0, 0}, false, true, T0 + 5); /* table 2 ended */
    assert_int_equal(ippon_store_event_entry(st, EVENT_A, fixture_uid('b'), IPPON_ENTRY_STAND_IN, false, T0, &why, NULL), 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM event_seats WHERE stand_in = 1"), 1);
    assert_int_equal(fixture_int(st, "SELECT seat FROM event_seats WHERE stand_in = 1 AND table_no = 1"), 1);
    assert_int_equal(ippon_store_event_entry(st, EVENT_A, fixture_uid('b'), IPPON_ENTRY_STAND_IN, false, T0, &why, NULL),
                     IPPON_STORE_CONFLICT); /* a stand-in's already */
    assert_int_equal(why, IPPON_ENTRY_NOT_PLAYING);
    assert_int_equal(ippon_store_event_entry(st, EVENT_A, fixture_uid('f'), IPPON_ENTRY_STAND_IN, false, T0, &why, NULL),
                     IPPON_STORE_CONFLICT); /* its match is stored */
    assert_int_equal(why, IPPON_ENTRY_NOT_PLAYING);
    assert_int_equal(ippon_store_event_table_void(st, EVENT_A, 1, 1, T0 + 9), 0);
    assert_int_equal(ippon_store_event_entry(st, EVENT_A, fixture_uid('c'), IPPON_ENTRY_STAND_IN, false, T0, &why, NULL),
                     IPPON_STORE_CONFLICT); /* its table is void (and the round done) */
    assert_int_equal(why, IPPON_ENTRY_NOT_PLAYING);
    assert_int_equal(ippon_store_event_entry(st, EVENT_A, fixture_uid('o'), IPPON_ENTRY_STAND_IN, false, T0, &why, NULL),
                     IPPON_STORE_CONFLICT); /* the organiser is no entrant */
    assert_int_equal(why, IPPON_ENTRY_NOT_ENTRANT);
    fixture_exec(st, "UPDATE events SET status = 'finished'");
    assert_int_equal(ippon_store_event_entry(st, EVENT_A, fixture_uid('a'), IPPON_ENTRY_STAND_IN, false, T0, &why, NULL),
                     IPPON_STORE_CONFLICT);
    assert_int_equal(why, IPPON_ENTRY_CLOSED);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM event_seats WHERE stand_in = 1"), 1);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM event_entrants WHERE status = 'registered'"), 8);
}

static void round_refusals_leave_nothing(void **state)
{
    ippon_store *st = *state;
    add_event(st, EVENT_A, "4p", "bots", "abcdefg");
    assert_int_equal(write_round(st, 2, "abcd", "d1", "efg.", "d2", 0), IPPON_STORE_CONFLICT); /* not the next */
    assert_int_equal(write_round(st, 1, "abch", "d1", "efg.", "d2", 0), IPPON_STORE_CONFLICT); /* h: no entrant */
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM event_rounds"), 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM event_seats"), 0);
    assert_int_equal(write_round(st, 1, "abcd", "d1", "efg.", "d1", 0), IPPON_STORE_CONFLICT); /* one match id */
    assert_int_equal(write_round(st, 1, "abcd", "d1", "efg", "d2", 0), -1); /* 3 seats at a 4p table */
    assert_int_equal(get_event(st, EVENT_A).round, 0);
    assert_int_equal(write_round(st, 1, "abcd", "d1", "efg.", "d2", 0), 0);
    assert_int_equal(write_round(st, 1, "abcd", "d3", "efg.", "d4", 0), IPPON_STORE_CONFLICT); /* written */
    assert_int_equal(ippon_store_event_round_playing(st, EVENT_A, 1), IPPON_STORE_CONFLICT); /* playing already */
    assert_int_equal(ippon_store_event_stand_in(st, EVENT_A, 1, 2, 3), IPPON_STORE_NOT_FOUND); /* a bot's seat */
    assert_int_equal(write_round(st, 2, "abcd", "d3", "efg.", "d4", 0), 0);
    assert_int_equal(write_round(st, 3, "abcd", "d5", "efg.", "d6", 0), IPPON_STORE_CONFLICT); /* 2 rounds */
    fixture_exec(st, "UPDATE events SET status = 'finished'");
    ippon_event_table t;
    set_table(&t, 1, "abcd", "d7");
    ippon_event_round r = {.round = 3, .status = IPPON_ROUND_SEATED, .n_tables = 1, .tables = &t};
    assert_int_equal(ippon_store_event_round_write(st, EVENT_B, &r), IPPON_STORE_NOT_FOUND);
}

static void seated_then_playing(void **state)
{
    ippon_store *st = *state;
    add_event(st, EVENT_B, "3p", "byes", "abcd");
    ippon_event_table t;
    set_table(&t, 1, "abc", "s1");
    ippon_event_seat bye = {0};
    snprintf(bye.user_id, sizeof bye.user_id, "%.32s", fixture_uid('d'));
    ippon_event_round r = {.round = 1, .status = IPPON_ROUND_SEATED, .n_tables = 1, .tables = &t, .n_byes = 1,
                           .byes = &bye};
    assert_int_equal(ippon_store_event_round_write(st, EVENT_B, &r), 0);
    assert_int_equal(ippon_store_event_round_playing(st, EVENT_B, 1), 0);
    assert_int_equal(ippon_store_event_round_playing(st, EVENT_B, 2), IPPON_STORE_NOT_FOUND);
    ippon_event_round *rounds;
    int n;
    assert_int_equal(ippon_store_event_rounds(st, EVENT_B, &rounds, &n), 0);
    assert_int_equal(rounds[0].status, IPPON_ROUND_PLAYING);
    assert_int_equal(rounds[0].tables[0].players, 3);
    assert_int_equal(rounds[0].n_byes, 1);
    assert_string_equal(rounds[0].byes[0].display_name, "Player-d");
    ippon_event_rounds_free(rounds, n);

    /* a 3-player table: b first, a and c tie at 35000 (first dealer 0: a first), the bye's 0 */
    fixture_save_match(st, "s1", "abc", (const int[]){0, 2000, -2000}, false, true, T0 + 5);
    ippon_event_def ev = get_event(st, EVENT_B);
    ippon_event_line *lines;
    assert_int_equal(ippon_store_event_standings(st, &ev, &lines, &n), 0);
    assert_int_equal(n, 4);
    static const char order[] = "badc"; /* b 2000; a 0 (a place), d 0 (a bye: no best); c −2000 */
    for (int i = 0; i < 4; i++)
        assert_string_equal(lines[i].user_id, fixture_uid(order[i]));
    const ippon_event_line *d = line_of(lines, n, 'd');
    assert_int_equal(d->s.played, 1);
    assert_true(d->played[0]);
    assert_int_equal(d->result[0], 0);
    assert_int_equal(d->s.best, INT32_MIN);
    assert_int_equal(line_of(lines, n, 'c')->s.lasts, 1);
    assert_int_equal(line_of(lines, n, 'a')->s.lasts, 0);
    free(lines);
    static uint8_t met[IPPON_EVENT_MAX_ENTRANTS * IPPON_EVENT_MAX_ENTRANTS], byes[IPPON_EVENT_MAX_ENTRANTS];
    assert_int_equal(ippon_store_event_met(st, EVENT_B, met, byes), 0);
    assert_int_equal(byes[3], 1);
    assert_int_equal(byes[0], 0);
    assert_int_equal(met[0 * IPPON_EVENT_MAX_ENTRANTS + 2], 1);
    assert_int_equal(met[0 * IPPON_EVENT_MAX_ENTRANTS + 3], 0);
}

static void standings_by_hand(void **state)
{
    ippon_store *st = *state;
    play_two_rounds(st);
    ippon_event_def ev = get_event(st, EVENT_A);
    ippon_event_line *lines;
    int n;
    assert_int_equal(ippon_store_event_standings(st, &ev, &lines, &n), 0);
    assert_int_equal(n, 8);
    /* totals: f 8000+6000, a 12000+0, h 0+3000, g 0−2000, d −4000+1000, c −4000−2000, e −8000+0,
       b −4000−6000 */
    static const char order[] = "fahgdceb";
    static const int64_t totals[] = {14000, 12000, 3000, -2000, -3000, -6000, -8000, -10000};
    for (int i = 0; i < 8; i++) {
        assert_string_equal(lines[i].user_id, fixture_uid(order[i]));
        assert_int_equal(lines[i].s.rank, i + 1);
        assert_int_equal(lines[i].s.total, totals[i]);
        assert_int_equal(lines[i].s.played, 2);
    }
    const ippon_event_line *f = line_of(lines, n, 'f'), *a = line_of(lines, n, 'a'), *g = line_of(lines, n, 'g'),
                           *c = line_of(lines, n, 'c'), *h = line_of(lines, n, 'h'), *e = line_of(lines, n, 'e');
    assert_int_equal(f->s.tops, 2);
    assert_int_equal(f->s.best, 8000);
    assert_int_equal(a->s.tops, 1);
    assert_int_equal(a->s.lasts, 0);
    assert_int_equal(h->s.tops, 1);     /* the stand-in's first place counts */
    assert_int_equal(g->s.lasts, 0);    /* 2nd and 3rd: the ties went by wind */
    assert_int_equal(c->s.lasts, 1);
    assert_int_equal(e->s.lasts, 1);
    assert_int_equal(c->result[1], -2000);
    assert_true(c->played[0] && c->played[1]);

    size_t len;
    char *csv = ippon_event_standings_csv(lines, n, ev.rounds, &len);
    assert_non_null(csv);
    char want[512];
    snprintf(want, sizeof want,
             "rank,name,user_id,total,played,tops,best,lasts,round_1,round_2\r\n"
             "1,Player-f,%.32s,14000,2,2,8000,0,8000,6000\r\n"
             "2,\"麻雀,\"\"A\"\"\",%.32s,12000,2,1,12000,0,12000,0\r\n",
             fixture_uid('f'), fixture_uid('a'));
    assert_true(len > strlen(want));
    assert_memory_equal(csv, want, strlen(want));
    assert_int_equal(csv[len - 1], '\n');
    free(csv);

    json_t *rows = ippon_event_standings_json(lines, n, ev.rounds);
    json_t *first = json_array_get(rows, 0);
    assert_int_equal(json_integer_value(json_object_get(first, "total")), 14000);
    assert_int_equal(json_array_size(json_object_get(first, "results")), 2);
    json_decref(rows);
    free(lines);

    /* void: h's stand-in round scores 0 with no place */
    fixture_exec(st, "UPDATE events SET stand_in = 'void'");
    ev = get_event(st, EVENT_A);
    assert_int_equal(ippon_store_event_standings(st, &ev, &lines, &n), 0);
    h = line_of(lines, n, 'h');
    assert_int_equal(h->s.total, 0);
    assert_int_equal(h->s.tops, 0);
    assert_int_equal(h->s.played, 2);
    assert_int_equal(h->s.rank, 3); /* 0 is still above g's −2000 */
    free(lines);
}

static void met_and_round_list(void **state)
{
    ippon_store *st = *state;
    play_two_rounds(st);
    static uint8_t met[IPPON_EVENT_MAX_ENTRANTS * IPPON_EVENT_MAX_ENTRANTS], byes[IPPON_EVENT_MAX_ENTRANTS];
    assert_int_equal(ippon_store_event_met(st, EVENT_A, met, byes), 0);
    /* a0 b1 c2 d3 e4 f5 g6 h7: a-b, c-d, e-f, g-h met twice; a-e, a-f, b-f once; a-h never */
    static const int pairs[][3] = {{0, 1, 2}, {2, 3, 2}, {4, 5, 2}, {6, 7, 2}, {0, 4, 1}, {0, 5, 1},
                                   {1, 5, 1}, {0, 7, 0}, {2, 6, 1}, {3, 7, 1}, {0, 2, 1}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        assert_int_equal(met[pairs[i][0] * IPPON_EVENT_MAX_ENTRANTS + pairs[i][1]], pairs[i][2]);
    assert_int_equal(met[1 * IPPON_EVENT_MAX_ENTRANTS + 0], 0); /* a < b only */
    for (int i = 0; i < 8; i++)
        assert_int_equal(byes[i], 0);

    ippon_event_round *rounds;
    int n;
    assert_int_equal(ippon_store_event_rounds(st, EVENT_A, &rounds, &n), 0);
    json_t *list = ippon_event_round_list_json(rounds, n, false);
    ippon_event_rounds_free(rounds, n);
    assert_int_equal(json_array_size(list), 2);
    json_t *r2 = json_array_get(list, 1);
    assert_string_equal(json_string_value(json_object_get(r2, "status")), "done");
    assert_non_null(json_object_get(r2, "secret"));
    json_t *seat = json_array_get(json_object_get(json_array_get(json_object_get(r2, "tables"), 1), "seats"), 3);
    assert_true(json_is_true(json_object_get(seat, "stand_in")));
    assert_string_equal(json_string_value(json_object_get(json_object_get(seat, "user"), "display_name")), "Player-h");
    json_decref(list);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(round_written_and_done_with_its_last_match, setup, teardown),
        cmocka_unit_test_setup_teardown(round_refusals_leave_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(lost_table_void_ends_its_round, setup, teardown),
        cmocka_unit_test_setup_teardown(organiser_stand_in, setup, teardown),
        cmocka_unit_test_setup_teardown(seated_then_playing, setup, teardown),
        cmocka_unit_test_setup_teardown(standings_by_hand, setup, teardown),
        cmocka_unit_test_setup_teardown(met_and_round_list, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
