/*
 * store_event_results.c — an event's results, met counts and standings (store_event_results.h).
 *
 * How it works: one query walks the event's seats whose table's match is stored, joined with the
 * match's players (seat s of the table is seat s of the match), table by table; each table's places
 * are worked out here from its seats' final points, then a result is made for each entrant's seat.
 * A second query adds the byes. The met counts walk the seats of every table written (played or
 * not) the same way. The standings give the included entrants consecutive numbers in registration
 * order (so the library's last tie-breaker, the lower number, stays the earlier registration),
 * rank them with ippon_event_standings, and map them back.
 */
#include "store/store_event_results.h"

#include <stdlib.h>
#include <string.h>

#include "store/store_private.h"

/* one seat of a table whose match is stored */
typedef struct table_seat {
    int seat;
    int number;               /* the entrant's number, or -1 for a bot */
    bool stand_in;
    int32_t final_points, result;
} table_seat;

/* appends to a growing array of results: 0, or -1 out of memory */
static int push_result(ippon_event_result **out, int *n, int *cap, ippon_event_result r)
{
    if (*n == *cap) {
        int grown_cap = *cap ? 2 * *cap : 64;
        ippon_event_result *grown = realloc(*out, (size_t)grown_cap * sizeof *grown);
        if (!grown)
            return -1;
        *out = grown;
        *cap = grown_cap;
    }
    (*out)[(*n)++] = r;
    return 0;
}

/* the results of one table's entrants (its k seats, the round's first dealer) */
static int table_results(const table_seat *seats, int k, int round, int first_dealer, bool voided,
                         ippon_event_result **out, int *n, int *cap)
{
    for (int i = 0; i < k; i++) {
        if (seats[i].number < 0)
            continue;
        int place = 1, wind = (seats[i].seat - first_dealer + k) % k;
        for (int j = 0; j < k; j++) {
            int other_wind = (seats[j].seat - first_dealer + k) % k;
            if (seats[j].final_points > seats[i].final_points ||
                (seats[j].final_points == seats[i].final_points && other_wind < wind))
                place++;
        }
        ippon_event_result r = {.entrant = seats[i].number, .round = round, .result = seats[i].result,
                                .place = (uint8_t)place, .last = place == k};
        if (seats[i].stand_in && voided)
            r = (ippon_event_result){.entrant = seats[i].number, .round = round};
        if (push_result(out, n, cap, r) != 0)
            return -1;
    }
    return 0;
}

static int read_played(ippon_store *st, const ippon_event_def *ev, ippon_event_result **out, int *n, int *cap)
{
    static const char sql[] =
        "SELECT s.round, s.table_no, s.seat, n.number, s.stand_in, p.final_points, p.result, r.first_dealer"
        " FROM event_seats s JOIN event_tables t ON t.event_id = s.event_id AND t.round = s.round"
        " AND t.table_no = s.table_no JOIN event_rounds r ON r.event_id = s.event_id AND r.round = s.round"
        " JOIN match_players p ON p.match_id = t.match_id AND p.seat = s.seat"
        " LEFT JOIN event_entrants n ON n.event_id = s.event_id AND n.user_id = s.user_id"
        " WHERE s.event_id = ?1 ORDER BY s.round, s.table_no, s.seat";
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q) {
        ippon_store_failed(st, "an event's results");
        return -1;
    }
    ippon_sql_bind_text(q, 1, ev->id);
    bool voided = strcmp(ev->stand_in, "void") == 0;
    table_seat seats[4];
    int k = 0, round = 0, table = 0, dealer = 0, step, rc = 0;
    while (rc == 0 && (step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        int row_round = ippon_sql_column_int(q, 0), row_table = ippon_sql_column_int(q, 1);
        if (k > 0 && (row_round != round || row_table != table)) {
            rc = table_results(seats, k, round, dealer, voided, out, n, cap);
            k = 0;
        }
        if (k == 4)
            continue; /* never: a table has at most four seats (the primary key) */
        round = row_round;
        table = row_table;
        dealer = ippon_sql_column_int(q, 7);
        seats[k++] = (table_seat){.seat = ippon_sql_column_int(q, 2),
                                  .number = ippon_sql_column_is_null(q, 3) ? -1 : ippon_sql_column_int(q, 3),
                                  .stand_in = ippon_sql_column_int(q, 4) != 0,
                                  .final_points = ippon_sql_column_int(q, 5),
                                  .result = ippon_sql_column_int(q, 6)};
    }
    if (rc == 0 && step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event's results");
        rc = -1;
    }
    ippon_sql_finalize(q);
    if (rc == 0 && k > 0)
        rc = table_results(seats, k, round, dealer, voided, out, n, cap);
    return rc;
}

static int read_byes(ippon_store *st, const char *id, ippon_event_result **out, int *n, int *cap)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, "SELECT b.round, n.number FROM event_byes b JOIN event_entrants n"
                                                " ON n.event_id = b.event_id AND n.user_id = b.user_id"
                                                " WHERE b.event_id = ?1 ORDER BY b.round, n.number");
    if (!q) {
        ippon_store_failed(st, "an event's byes");
        return -1;
    }
    ippon_sql_bind_text(q, 1, id);
    int step, rc = 0;
    while (rc == 0 && (step = ippon_sql_step(q)) == IPPON_SQL_ROW)
        rc = push_result(out, n, cap,
                         (ippon_event_result){.entrant = ippon_sql_column_int(q, 1), .round = ippon_sql_column_int(q, 0)});
    if (rc == 0 && step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event's byes");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

int ippon_store_event_results(ippon_store *st, const ippon_event_def *ev, ippon_event_result **out, int *n)
{
    *out = NULL;
    *n = 0;
    int cap = 0, rc = read_played(st, ev, out, n, &cap);
    if (rc == 0)
        rc = read_byes(st, ev->id, out, n, &cap);
    if (rc != 0) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

/* the pairs of one table's entrants met once more */
static void table_met(const int *numbers, int k, uint8_t *met)
{
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++) {
            int a = numbers[i], b = numbers[j];
            if (a < b && met[a * IPPON_EVENT_MAX_ENTRANTS + b] < UINT8_MAX)
                met[a * IPPON_EVENT_MAX_ENTRANTS + b]++;
        }
}

int ippon_store_event_met(ippon_store *st, const char *id, uint8_t *met, uint8_t *byes)
{
    memset(met, 0, (size_t)IPPON_EVENT_MAX_ENTRANTS * IPPON_EVENT_MAX_ENTRANTS);
    memset(byes, 0, IPPON_EVENT_MAX_ENTRANTS);
    ippon_sql_stmt *q = ippon_store_prepare(st, "SELECT s.round, s.table_no, n.number FROM event_seats s"
                                                " JOIN event_entrants n ON n.event_id = s.event_id AND n.user_id = s.user_id"
                                                " WHERE s.event_id = ?1 ORDER BY s.round, s.table_no, s.seat");
    if (!q) {
        ippon_store_failed(st, "an event's tables met");
        return -1;
    }
    ippon_sql_bind_text(q, 1, id);
    int numbers[4], k = 0, round = 0, table = 0, step;
    while ((step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        int row_round = ippon_sql_column_int(q, 0), row_table = ippon_sql_column_int(q, 1);
        int number = ippon_sql_column_int(q, 2);
        if (k > 0 && (row_round != round || row_table != table)) {
            table_met(numbers, k, met);
            k = 0;
        }
        round = row_round;
        table = row_table;
        if (k < 4 && number >= 0 && number < IPPON_EVENT_MAX_ENTRANTS)
            numbers[k++] = number;
    }
    ippon_sql_finalize(q);
    if (step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event's tables met");
        return -1;
    }
    table_met(numbers, k, met);
    if (!(q = ippon_store_prepare(st, "SELECT n.number FROM event_byes b JOIN event_entrants n"
                                      " ON n.event_id = b.event_id AND n.user_id = b.user_id WHERE b.event_id = ?1"))) {
        ippon_store_failed(st, "an event's byes");
        return -1;
    }
    ippon_sql_bind_text(q, 1, id);
    while ((step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        int number = ippon_sql_column_int(q, 0);
        if (number >= 0 && number < IPPON_EVENT_MAX_ENTRANTS && byes[number] < UINT8_MAX)
            byes[number]++;
    }
    ippon_sql_finalize(q);
    if (step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event's byes");
        return -1;
    }
    return 0;
}

/* the standings of the entrants included (index: their consecutive number) from results */
static int rank_lines(ippon_event_line *lines, int n, const int *index_of, const ippon_event_result *results,
                      int n_results)
{
    ippon_event_result *mapped = malloc((size_t)(n_results > 0 ? n_results : 1) * sizeof *mapped);
    ippon_event_standing *standing = malloc((size_t)(n > 0 ? n : 1) * sizeof *standing);
    int m = 0, rc = mapped && standing ? 0 : -1;
    for (int i = 0; rc == 0 && i < n_results; i++) {
        int e = results[i].entrant, r = results[i].round;
        if (e < 0 || e >= IPPON_EVENT_MAX_ENTRANTS || index_of[e] < 0 || r < 1 || r > IPPON_EVENT_MAX_ROUNDS)
            continue;
        mapped[m] = results[i];
        mapped[m++].entrant = index_of[e];
        lines[index_of[e]].played[r - 1] = true;
        lines[index_of[e]].result[r - 1] = results[i].result;
    }
    if (rc == 0)
        rc = ippon_event_standings(n, mapped, m, standing);
    for (int i = 0; rc == 0 && i < n; i++) {
        int number = lines[standing[i].entrant].s.entrant;
        lines[standing[i].entrant].s = standing[i];
        lines[standing[i].entrant].s.entrant = number;
    }
    free(mapped);
    free(standing);
    return rc;
}

static int by_rank(const void *a, const void *b)
{
    const ippon_event_line *x = a, *y = b;
    return (x->s.rank > y->s.rank) - (x->s.rank < y->s.rank);
}

int ippon_store_event_standings(ippon_store *st, const ippon_event_def *ev, ippon_event_line **out, int *n)
{
    *out = NULL;
    *n = 0;
    ippon_event_entrant *entrants = NULL;
    ippon_event_result *results = NULL;
    int n_entrants = 0, n_results = 0;
    if (ippon_store_event_entrants(st, ev->id, &entrants, &n_entrants) != 0)
        return -1;
    int rc = ippon_store_event_results(st, ev, &results, &n_results);
    bool *has = calloc(IPPON_EVENT_MAX_ENTRANTS, sizeof *has);
    int *index_of = malloc(IPPON_EVENT_MAX_ENTRANTS * sizeof *index_of);
    ippon_event_line *lines = calloc((size_t)(n_entrants > 0 ? n_entrants : 1), sizeof *lines);
    if (rc == 0 && (!has || !index_of || !lines))
        rc = -1;
    for (int i = 0; rc == 0 && i < n_results; i++)
        if (results[i].entrant >= 0 && results[i].entrant < IPPON_EVENT_MAX_ENTRANTS)
            has[results[i].entrant] = true;
    int k = 0;
    for (int i = 0; rc == 0 && i < IPPON_EVENT_MAX_ENTRANTS; i++)
        index_of[i] = -1;
    for (int i = 0; rc == 0 && i < n_entrants; i++) { /* registration order: the numbers ascending */
        int number = entrants[i].number;
        if (number < 0 || number >= IPPON_EVENT_MAX_ENTRANTS ||
            (strcmp(entrants[i].status, "registered") != 0 && !has[number]))
            continue;
        index_of[number] = k;
        lines[k].s.entrant = number;
        memcpy(lines[k].user_id, entrants[i].user_id, sizeof lines[k].user_id);
        memcpy(lines[k].display_name, entrants[i].display_name, sizeof lines[k].display_name);
        k++;
    }
    if (rc == 0)
        rc = rank_lines(lines, k, index_of, results, n_results);
    if (rc == 0) {
        qsort(lines, (size_t)k, sizeof *lines, by_rank);
        *out = lines;
        *n = k;
    } else {
        free(lines);
    }
    free(entrants);
    free(results);
    free(has);
    free(index_of);
    return rc;
}
