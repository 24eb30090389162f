/*
 * test_event_seating.c — unit tests of a round's seating (src/events/seating*.c,
 * src/events/README.md "Seating"), on inputs worked by hand: Swiss tables by standing and its
 * swap rule, min_repeat's 0 repeats over 6 rounds of 64 (4p) and 63 (3p) entrants and its count
 * against a lower bound where repeats cannot be avoided, bots and byes (who gets them), the
 * random seating's spread and determinism, and the check's refusals.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/event.h"

enum { MAX = IPPON_EVENT_MAX_ENTRANTS };

static uint8_t met[MAX * MAX];

static ippon_seating_input input(int players, ippon_seating_rule rule, ippon_fill_rule fill, int n, const int *ids,
                                 int seed)
{
    ippon_seating_input in = { .players = players, .rule = rule, .fill = fill, .n = n, .ids = ids };
    in.seed[0] = (uint8_t)seed;
    in.seed[1] = (uint8_t)(seed >> 8);
    return in;
}

static int *first_ids(int n)
{
    static int ids[MAX];
    for (int i = 0; i < n; i++)
        ids[i] = i;
    return ids;
}

static void meet(int a, int b)
{
    met[a * MAX + b]++;
    met[b * MAX + a]++;
}

/* the entrants at table t, sorted, bots left out; returns how many */
static int table_of(const ippon_seating *s, int t, int players, int out[4])
{
    int k = 0;
    for (int i = 0; i < players; i++)
        if (s->seat[t][i] >= 0)
            out[k++] = s->seat[t][i];
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int v = out[j];
            out[j] = out[j - 1];
            out[j - 1] = v;
        }
    return k;
}

static void assert_table(const ippon_seating *s, int t, int players, int want_n, const int *want)
{
    int got[4];
    assert_int_equal(table_of(s, t, players, got), want_n);
    for (int i = 0; i < want_n; i++)
        assert_int_equal(got[i], want[i]);
}

static int bots_at(const ippon_seating *s, int t, int players)
{
    int k = 0;
    for (int i = 0; i < players; i++)
        k += s->seat[t][i] == IPPON_EVENT_BOT;
    return k;
}

static void assert_checks(const ippon_seating_input *in, const ippon_seating *s)
{
    char err[160] = "";
    bool ok = ippon_seating_check(in, s, err, sizeof err);
    if (!ok)
        fail_msg("check refused: %s", err);
}

/*
 * Totals 0 … 7: −5,000, 12,000, 3,000, 0, 8,000, −1,000, 20,000, −9,000 → standing 6, 1, 4, 2,
 * 3, 5, 0, 7 → table 1 {1, 2, 4, 6}, table 2 {0, 3, 5, 7}.
 */
static void swiss_by_totals(void **state)
{
    (void)state;
    memset(met, 0, sizeof met);
    int64_t total[MAX] = { -5000, 12000, 3000, 0, 8000, -1000, 20000, -9000 };
    ippon_seating_input in = input(4, IPPON_SEATING_SWISS, IPPON_FILL_BOTS, 8, first_ids(8), 1);
    in.total = total;
    ippon_seating s;
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_int_equal(s.tables, 2);
    assert_table(&s, 0, 4, 4, (int[]){ 1, 2, 4, 6 });
    assert_table(&s, 1, 4, 4, (int[]){ 0, 3, 5, 7 });
    assert_int_equal(s.repeats, 0);
    assert_checks(&in, &s);

    /* ranks given win over totals: ranks 8, 7, …, 1 put 7, 6, 5, 4 first */
    int rank[MAX] = { 8, 7, 6, 5, 4, 3, 2, 1 };
    in.rank = rank;
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_table(&s, 0, 4, 4, (int[]){ 4, 5, 6, 7 });
    assert_table(&s, 1, 4, 4, (int[]){ 0, 1, 2, 3 });

    /* equal totals: the lower number first; 3p with 6 */
    int64_t zero[MAX] = { 0 };
    ippon_seating_input in3 = input(3, IPPON_SEATING_SWISS, IPPON_FILL_BOTS, 6, (int[]){ 5, 3, 1, 0, 4, 2 }, 1);
    in3.total = zero;
    assert_int_equal(ippon_seat_round(&in3, &s), 0);
    assert_table(&s, 0, 3, 3, (int[]){ 0, 1, 2 });
    assert_table(&s, 1, 3, 3, (int[]){ 3, 4, 5 });
    assert_int_equal(s.seat[0][3], IPPON_EVENT_NO_SEAT);
}

/*
 * Standing = number (ranks 1 … 8), 4p. Entrants 2 and 3 met: the lower, 3, swaps with table 2's
 * highest, 4 (3 met none of 5, 6, 7; 4 none of 0, 1, 2) → {0, 1, 2, 4}, {3, 5, 6, 7}.
 * With 0 and 4 met too, 4 may not come up; the next, 5, does → {0, 1, 2, 5}, {3, 4, 6, 7}.
 * With 6 and 7 met instead: 7 has no table below; table 1 from its lowest up: 3 goes down
 * (7 met none of 0, 1, 2; 3 none of 4, 5, 6) → {0, 1, 2, 7}, {3, 4, 5, 6}.
 */
static void swiss_swaps(void **state)
{
    (void)state;
    int rank[MAX];
    for (int i = 0; i < 8; i++)
        rank[i] = i + 1;
    ippon_seating_input in = input(4, IPPON_SEATING_SWISS, IPPON_FILL_BOTS, 8, first_ids(8), 2);
    in.rank = rank;
    in.met = met;
    ippon_seating s;

    memset(met, 0, sizeof met);
    meet(2, 3);
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_table(&s, 0, 4, 4, (int[]){ 0, 1, 2, 4 });
    assert_table(&s, 1, 4, 4, (int[]){ 3, 5, 6, 7 });
    assert_int_equal(s.repeats, 0);

    meet(0, 4);
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_table(&s, 0, 4, 4, (int[]){ 0, 1, 2, 5 });
    assert_table(&s, 1, 4, 4, (int[]){ 3, 4, 6, 7 });
    assert_int_equal(s.repeats, 0);

    memset(met, 0, sizeof met);
    meet(6, 7);
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_table(&s, 0, 4, 4, (int[]){ 0, 1, 2, 7 });
    assert_table(&s, 1, 4, 4, (int[]){ 3, 4, 5, 6 });

    /* every entrant met every other: no swap helps, the standing's tables stay, 12 repeats */
    for (int a = 0; a < 8; a++)
        for (int b = a + 1; b < 8; b++)
            meet(a, b);
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_table(&s, 0, 4, 4, (int[]){ 0, 1, 2, 3 });
    assert_table(&s, 1, 4, 4, (int[]){ 4, 5, 6, 7 });
    assert_int_equal(s.repeats, 12);
    memset(met, 0, sizeof met);
}

/*
 * Round 1 sat {0, 1, 2, 3}, {4, 5, 6, 7}, … in groups of four. 8 entrants: a table holding k of
 * the first group repeats C(k, 2) + C(4 − k, 2) pairs, fewest (2) at k = 2, so round 2 has 4
 * repeats at best, two of each group at each table. 16 entrants: 0 repeats is possible, and only
 * with one of each group at each table.
 */
static void min_repeat_by_hand(void **state)
{
    (void)state;
    memset(met, 0, sizeof met);
    for (int a = 0; a < 16; a++)
        for (int b = a + 1; b < 16; b++)
            if (a / 4 == b / 4)
                meet(a, b);
    for (int seed = 0; seed < 20; seed++) {
        ippon_seating_input in = input(4, IPPON_SEATING_MIN_REPEAT, IPPON_FILL_BOTS, 8, first_ids(8), seed);
        in.met = met;
        ippon_seating s;
        assert_int_equal(ippon_seat_round(&in, &s), 0);
        assert_int_equal(s.repeats, 4);
        for (int t = 0; t < 2; t++) {
            int got[4], low = 0;
            table_of(&s, t, 4, got);
            for (int i = 0; i < 4; i++)
                low += got[i] < 4;
            assert_int_equal(low, 2);
        }
        assert_checks(&in, &s);

        in.n = 16;
        in.ids = first_ids(16);
        assert_int_equal(ippon_seat_round(&in, &s), 0);
        assert_int_equal(s.repeats, 0);
        for (int t = 0; t < 4; t++) {
            int got[4];
            table_of(&s, t, 4, got);
            for (int i = 0; i < 4; i++)
                assert_int_equal(got[i] / 4, i);
        }
    }
    memset(met, 0, sizeof met);
}

/* seats `rounds` rounds of n entrants with min_repeat, each with the met counts of the ones before */
static void play_rounds(int n, int players, int rounds, int seed, int repeats[])
{
    memset(met, 0, sizeof met);
    for (int round = 0; round < rounds; round++) {
        ippon_seating_input in = input(players, IPPON_SEATING_MIN_REPEAT, IPPON_FILL_BOTS, n, first_ids(n),
                                       seed * 100 + round);
        in.met = met;
        ippon_seating s;
        assert_int_equal(ippon_seat_round(&in, &s), 0);
        assert_checks(&in, &s);
        repeats[round] = s.repeats;
        for (int t = 0; t < s.tables; t++)
            for (int a = 0; a < players; a++)
                for (int b = a + 1; b < players; b++)
                    if (s.seat[t][a] >= 0 && s.seat[t][b] >= 0)
                        meet(s.seat[t][a], s.seat[t][b]);
    }
}

/* 64 entrants, 4p, 6 rounds: each meets 18 of 63, so 0 repeats is possible, and is what it gives */
static void min_repeat_64_4p(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 3; seed++) {
        int repeats[6];
        play_rounds(64, 4, 6, seed, repeats);
        for (int r = 0; r < 6; r++)
            assert_int_equal(repeats[r], 0);
    }
}

/* 63 entrants, 3p, 6 rounds: each meets 12 of 62 */
static void min_repeat_63_3p(void **state)
{
    (void)state;
    for (int seed = 1; seed <= 3; seed++) {
        int repeats[6];
        play_rounds(63, 3, 6, seed, repeats);
        for (int r = 0; r < 6; r++)
            assert_int_equal(repeats[r], 0);
    }
}

/*
 * 16 entrants, 4p, 6 rounds: 24 pairs a round (4 tables × 6), 120 pairs in all, so 6 rounds seat
 * at least 144 − 120 = 24 repeated pairs; 5 rounds can be without (the affine plane of order 4),
 * so round 6 must repeat all 24. A round seated with history has at least
 * max(0, 24 − pairs not yet met) repeats. Each round here stays within 4 of that bound and the
 * 6 rounds together reach the bound, 24.
 */
static void min_repeat_16_4p(void **state)
{
    (void)state;
    int repeats[6];
    memset(met, 0, sizeof met);
    int total = 0, fresh = 120;
    for (int round = 0; round < 6; round++) {
        ippon_seating_input in = input(4, IPPON_SEATING_MIN_REPEAT, IPPON_FILL_BOTS, 16, first_ids(16), 700 + round);
        in.met = met;
        ippon_seating s;
        assert_int_equal(ippon_seat_round(&in, &s), 0);
        repeats[round] = s.repeats;
        int bound = 24 - fresh > 0 ? 24 - fresh : 0;
        assert_true(s.repeats >= bound);
        assert_true(s.repeats <= bound + 4);
        fresh -= 24 - s.repeats;
        total += s.repeats;
        for (int t = 0; t < 4; t++)
            for (int a = 0; a < 4; a++)
                for (int b = a + 1; b < 4; b++)
                    meet(s.seat[t][a], s.seat[t][b]);
    }
    print_message("16 entrants, 6 rounds: repeats %d %d %d %d %d %d = %d (lower bound 24)\n", repeats[0], repeats[1],
                  repeats[2], repeats[3], repeats[4], repeats[5], total);
    assert_int_equal(total, 24);
    memset(met, 0, sizeof met);
}

/* the same input and seed give the same seating, another seed another one */
static void deterministic(void **state)
{
    (void)state;
    memset(met, 0, sizeof met);
    for (int a = 0; a < 40; a++)
        meet(a, (a * 7 + 3) % 40);
    ippon_seating_rule rules[] = { IPPON_SEATING_RANDOM, IPPON_SEATING_SWISS, IPPON_SEATING_MIN_REPEAT };
    for (int r = 0; r < 3; r++) {
        ippon_seating_input in = input(4, rules[r], IPPON_FILL_BOTS, 40, first_ids(40), 5);
        in.met = met;
        ippon_seating a, b, c;
        assert_int_equal(ippon_seat_round(&in, &a), 0);
        assert_int_equal(ippon_seat_round(&in, &b), 0);
        assert_memory_equal(&a, &b, sizeof a);
        in.seed[31] = 1;
        assert_int_equal(ippon_seat_round(&in, &c), 0);
        assert_memory_not_equal(a.seat, c.seat, sizeof a.seat);
    }
    memset(met, 0, sizeof met);
}

/*
 * The random seating over 4,000 seeds, 8 entrants, 4p: entrant 0 sits at each of the 8 seats
 * (table × seat) 1/8 of the time (500, binomial sd 21), and shares a table with entrant 1 3/7 of
 * the time (1,714, sd 31); allowed ±5 sd.
 */
static void random_is_uniform(void **state)
{
    (void)state;
    int at[8] = { 0 }, with_1 = 0;
    for (int seed = 0; seed < 4000; seed++) {
        ippon_seating_input in = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 8, first_ids(8), seed);
        ippon_seating s;
        assert_int_equal(ippon_seat_round(&in, &s), 0);
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < 4; k++)
                if (s.seat[t][k] == 0) {
                    at[t * 4 + k]++;
                    for (int j = 0; j < 4; j++)
                        with_1 += s.seat[t][j] == 1;
                }
    }
    for (int i = 0; i < 8; i++)
        assert_in_range(at[i], 500 - 105, 500 + 105);
    assert_in_range(with_1, 1714 - 155, 1714 + 155);
}

/*
 * Bots, 4p: 17 → 5 tables, 3 bots on tables 3, 4, 5 (one each); 18 → 2 bots on tables 4, 5;
 * 19 → 1 bot on table 5; 5 → 2 tables and 3 bots, 2 on table 2 and 1 on table 1. 3p: 2 entrants
 * → one table with a bot.
 */
static void fill_bots(void **state)
{
    (void)state;
    struct {
        int players, n, tables;
        int bots[5];
    } cases[] = {
        { 4, 17, 5, { 0, 0, 1, 1, 1 } }, { 4, 18, 5, { 0, 0, 0, 1, 1 } }, { 4, 19, 5, { 0, 0, 0, 0, 1 } },
        { 4, 20, 5, { 0, 0, 0, 0, 0 } }, { 4, 5, 2, { 1, 2 } },            { 3, 2, 1, { 1 } },
        { 4, 2, 1, { 2 } },
    };
    ippon_seating_rule rules[] = { IPPON_SEATING_RANDOM, IPPON_SEATING_SWISS, IPPON_SEATING_MIN_REPEAT };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int r = 0; r < 3; r++) {
            ippon_seating_input in =
                input(cases[c].players, rules[r], IPPON_FILL_BOTS, cases[c].n, first_ids(cases[c].n), 9);
            ippon_seating s;
            assert_int_equal(ippon_seat_round(&in, &s), 0);
            assert_int_equal(s.tables, cases[c].tables);
            assert_int_equal(s.n_byes, 0);
            for (int t = 0; t < s.tables; t++)
                assert_int_equal(bots_at(&s, t, cases[c].players), cases[c].bots[t]);
            assert_checks(&in, &s);
        }
}

/*
 * Byes, 4p. 17 entrants, totals = 100 × number (16 the leader, 0 the last): the bye goes to 0;
 * with 0 and 1 having had a bye already, to 2. 19 entrants, equal totals, byes {0: 1}: the three
 * highest numbers without a bye, 18, 17, 16. 3p, 8 entrants by rank (rank = number + 1): 7 and 6.
 */
static void fill_byes(void **state)
{
    (void)state;
    int64_t total[MAX] = { 0 };
    uint8_t byes[MAX] = { 0 };
    for (int i = 0; i < 17; i++)
        total[i] = 100 * i;
    ippon_seating_input in = input(4, IPPON_SEATING_SWISS, IPPON_FILL_BYES, 17, first_ids(17), 3);
    in.total = total;
    ippon_seating s;
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_int_equal(s.tables, 4);
    assert_int_equal(s.n_byes, 1);
    assert_int_equal(s.bye[0], 0);
    assert_table(&s, 0, 4, 4, (int[]){ 13, 14, 15, 16 });
    assert_checks(&in, &s);

    byes[0] = byes[1] = 1;
    in.byes = byes;
    assert_int_equal(ippon_seat_round(&in, &s), 0);
    assert_int_equal(s.bye[0], 2);

    int64_t zero[MAX] = { 0 };
    memset(byes, 0, sizeof byes);
    byes[18] = 1;
    ippon_seating_input in19 = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BYES, 19, first_ids(19), 3);
    in19.total = zero;
    in19.byes = byes;
    assert_int_equal(ippon_seat_round(&in19, &s), 0);
    assert_int_equal(s.tables, 4);
    assert_int_equal(s.n_byes, 3);
    assert_int_equal(s.bye[0], 17);
    assert_int_equal(s.bye[1], 16);
    assert_int_equal(s.bye[2], 15);
    for (int t = 0; t < 4; t++)
        assert_int_equal(bots_at(&s, t, 4), 0);
    assert_checks(&in19, &s);

    int rank[MAX];
    for (int i = 0; i < 8; i++)
        rank[i] = i + 1;
    ippon_seating_input in3 = input(3, IPPON_SEATING_MIN_REPEAT, IPPON_FILL_BYES, 8, first_ids(8), 3);
    in3.rank = rank;
    assert_int_equal(ippon_seat_round(&in3, &s), 0);
    assert_int_equal(s.tables, 2);
    assert_int_equal(s.n_byes, 2);
    assert_int_equal(s.bye[0], 7);
    assert_int_equal(s.bye[1], 6);
    assert_checks(&in3, &s);
}

/* every rule, fill, mode and size from 2 to 60 seats a round that checks */
static void every_seating_checks(void **state)
{
    (void)state;
    memset(met, 0, sizeof met);
    for (int a = 0; a < 60; a++)
        meet(a, (a * 13 + 5) % 60);
    int ids[60];
    for (int i = 0; i < 60; i++)
        ids[i] = (i * 37 + 11) % 60;
    for (int players = 3; players <= 4; players++)
        for (int fill = 0; fill < 2; fill++)
            for (int rule = 0; rule < 3; rule++)
                for (int n = 2; n <= 60; n++) {
                    ippon_seating_input in = input(players, (ippon_seating_rule)rule, (ippon_fill_rule)fill, n, ids, n);
                    in.met = met;
                    ippon_seating s;
                    if (fill == IPPON_FILL_BYES && n < players) {
                        assert_int_equal(ippon_seat_round(&in, &s), -1);
                        continue;
                    }
                    assert_int_equal(ippon_seat_round(&in, &s), 0);
                    assert_checks(&in, &s);
                }
    memset(met, 0, sizeof met);
}

static void bad_inputs(void **state)
{
    (void)state;
    ippon_seating s;
    ippon_seating_input in = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 1, first_ids(8), 0);
    assert_int_equal(ippon_seat_round(&in, &s), -1); /* one entrant */
    in.n = 513;
    assert_int_equal(ippon_seat_round(&in, &s), -1);
    in = input(5, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 8, first_ids(8), 0);
    assert_int_equal(ippon_seat_round(&in, &s), -1); /* five a table */
    in = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 3, (int[]){ 1, 2, 1 }, 0);
    assert_int_equal(ippon_seat_round(&in, &s), -1); /* 1 twice */
    in = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 3, (int[]){ 1, 2, 512 }, 0);
    assert_int_equal(ippon_seat_round(&in, &s), -1); /* out of range */
    in = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BYES, 3, (int[]){ 1, 2, 3 }, 0);
    assert_int_equal(ippon_seat_round(&in, &s), -1); /* byes and not one table */
    in = input(4, (ippon_seating_rule)3, IPPON_FILL_BOTS, 4, first_ids(4), 0);
    assert_int_equal(ippon_seat_round(&in, &s), -1);
    in = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 4, NULL, 0);
    assert_int_equal(ippon_seat_round(&in, &s), -1);
}

/* asserts that the check refuses s and that its reason contains `why` */
static void assert_refused(const ippon_seating_input *in, const ippon_seating *s, const char *why)
{
    char err[160] = "";
    assert_false(ippon_seating_check(in, s, err, sizeof err));
    if (!strstr(err, why))
        fail_msg("reason \"%s\" does not say \"%s\"", err, why);
    assert_null(strchr(err, '\n'));
}

/* 6 entrants (10 … 15), 4p with bots: tables {10, 11, 12, bot}, {13, 14, 15, bot} */
static void check_refusals(void **state)
{
    (void)state;
    int ids[] = { 10, 11, 12, 13, 14, 15 };
    ippon_seating_input in = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 6, ids, 0);
    ippon_seating good = { .tables = 2,
                           .seat = { { 10, 11, 12, IPPON_EVENT_BOT }, { 13, 14, 15, IPPON_EVENT_BOT } } };
    assert_checks(&in, &good);

    ippon_seating s = good;
    s.seat[1][2] = IPPON_EVENT_BOT;
    assert_refused(&in, &s, "entrant 15 is neither seated nor given a bye");
    s = good;
    s.seat[1][2] = 10;
    assert_refused(&in, &s, "table 2 seat 3: entrant 10 is placed twice");
    s = good;
    s.seat[1][2] = 9;
    assert_refused(&in, &s, "table 2 seat 3: 9 is not an entrant of this round");
    s = good;
    s.seat[0][3] = IPPON_EVENT_NO_SEAT;
    assert_refused(&in, &s, "table 1 seat 4 is empty");
    s = good;
    s.tables = 3;
    s.seat[2][0] = s.seat[2][1] = s.seat[2][2] = s.seat[2][3] = IPPON_EVENT_BOT;
    assert_refused(&in, &s, "3 tables: 6 entrants make 2");
    s = good;
    s.n_byes = 1;
    s.bye[0] = 15;
    assert_refused(&in, &s, "1 byes");

    /* 5 entrants, 4p: {0, 1, 2, 3} and a table of four bots (4 left out) is refused at that table */
    ippon_seating_input in5 = input(4, IPPON_SEATING_RANDOM, IPPON_FILL_BOTS, 5, (int[]){ 0, 1, 2, 3, 4 }, 0);
    ippon_seating five = { .tables = 2,
                           .seat = { { 0, 1, 2, IPPON_EVENT_BOT }, { 3, 4, IPPON_EVENT_BOT, IPPON_EVENT_BOT } } };
    assert_checks(&in5, &five);
    five.seat[0][3] = 3;
    five.seat[1][0] = five.seat[1][1] = IPPON_EVENT_BOT;
    assert_refused(&in5, &five, "table 2 has bots alone");

    /* 3p: a fourth seat is refused; byes: a bot is refused */
    ippon_seating_input in3 = input(3, IPPON_SEATING_RANDOM, IPPON_FILL_BYES, 7, (int[]){ 0, 1, 2, 3, 4, 5, 6 }, 0);
    ippon_seating t3 = { .tables = 2,
                         .seat = { { 0, 1, 2, IPPON_EVENT_NO_SEAT }, { 3, 4, 5, IPPON_EVENT_NO_SEAT } },
                         .n_byes = 1,
                         .bye = { 6 } };
    assert_checks(&in3, &t3);
    s = t3;
    s.seat[1][3] = 6;
    s.n_byes = 0;
    assert_refused(&in3, &s, "0 byes");
    s = t3;
    s.seat[0][3] = IPPON_EVENT_BOT;
    assert_refused(&in3, &s, "table 1 has a seat 4");
    s = t3;
    s.seat[0][2] = IPPON_EVENT_BOT;
    s.bye[0] = 2;
    s.seat[1][2] = 6;
    s.seat[1][1] = 5;
    s.seat[1][0] = 4;
    assert_refused(&in3, &s, "table 1 seat 3 is a bot");
    s = t3;
    s.bye[0] = 5;
    assert_refused(&in3, &s, "bye 1: entrant 5 is placed twice");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(swiss_by_totals),   cmocka_unit_test(swiss_swaps),      cmocka_unit_test(min_repeat_by_hand),
        cmocka_unit_test(min_repeat_64_4p),  cmocka_unit_test(min_repeat_63_3p), cmocka_unit_test(min_repeat_16_4p),
        cmocka_unit_test(deterministic),     cmocka_unit_test(random_is_uniform), cmocka_unit_test(fill_bots),
        cmocka_unit_test(fill_byes),         cmocka_unit_test(every_seating_checks), cmocka_unit_test(bad_inputs),
        cmocka_unit_test(check_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
