/*
 * store_event_rounds.c — the SQL of events' rounds, tables, seats and byes (store_event_rounds.h;
 * tables: migrations/0019_events.sql, 0020_event_rounds.sql).
 *
 * How it works: a round is written in one transaction: the event's status and round checked, the
 * round's row, each table's row and its seats' rows (each entrant's entry checked registered, each
 * match id checked unused), the byes' rows, and the event's round moved on; any refusal rolls the
 * whole round back. A table is done when a match with its match id is stored (read as a join on
 * matches, so it holds from the match's own transaction on); that transaction also marks the
 * round done once no table of the round is without its match (ippon_event_match_write, called by
 * store_matches.c). The rounds are read in four ordered queries (rounds, tables, seats, byes)
 * merged here; a round's secret is read back only once it is done.
 */
#include "store/store_event_rounds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/store_private.h"

static const char *const round_status_names[] = {"seated", "playing", "done"};

const char *ippon_round_status_name(ippon_round_status s)
{
    return (unsigned)s <= IPPON_ROUND_DONE ? round_status_names[s] : "seated";
}

static ippon_round_status round_status_parse(const char *name)
{
    for (int i = 0; i <= IPPON_ROUND_DONE; i++)
        if (name && strcmp(name, round_status_names[i]) == 0)
            return (ippon_round_status)i;
    return IPPON_ROUND_SEATED;
}

static ippon_sql_stmt *er_prepare(ippon_store *st, const char *sql)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        ippon_store_failed(st, sql);
    return q;
}

static void er_copy(ippon_sql_stmt *q, int col, char *dst, size_t len)
{
    const char *s = ippon_sql_column_text(q, col);
    snprintf(dst, len, "%s", s ? s : "");
}

/* step a bound write to its end and finalize it: 0, or -1 (noted) */
static int er_done(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = ippon_sql_step(q) == IPPON_SQL_DONE ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, what);
    ippon_sql_finalize(q);
    return rc;
}

/* the one integer of a bound query (finalized): ≥ 0, or -1 (noted) */
static int64_t er_count(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int step = ippon_sql_step(q);
    int64_t n = step == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : step == IPPON_SQL_DONE ? 0 : -1;
    if (n < 0)
        ippon_store_failed(st, what);
    ippon_sql_finalize(q);
    return n;
}

/* r's shape: round ≥ 1, status seated or playing, tables 1 … n with players seats, first dealer
   among them, texts that fit; the first fault into why, or NULL */
static const char *round_fault(const ippon_event_round *r)
{
    if (r->round < 1 || r->round > IPPON_EVENT_MAX_ROUNDS)
        return "round out of range";
    if (r->status == IPPON_ROUND_DONE || (unsigned)r->status > IPPON_ROUND_DONE)
        return "a round is written seated or playing";
    if (r->n_tables < 1 || r->n_tables > IPPON_EVENT_MAX_TABLES || !r->tables)
        return "tables out of range";
    if (r->n_byes < 0 || r->n_byes > IPPON_EVENT_MAX_ENTRANTS || (r->n_byes && !r->byes))
        return "byes out of range";
    for (int t = 0; t < r->n_tables; t++) {
        const ippon_event_table *tb = &r->tables[t];
        if (tb->table != t + 1)
            return "tables are numbered 1 … n in order";
        if (tb->players != r->tables[0].players || tb->players < 3 || tb->players > 4)
            return "every table has the event's 3 or 4 seats";
        if (strlen(tb->match_id) != IPPON_USER_ID_LEN)
            return "a table's match id is 32 hex digits";
    }
    if (r->first_dealer < 0 || r->first_dealer >= r->tables[0].players)
        return "first dealer out of range";
    return NULL;
}

/* user_id is a registered entrant of event id (in the transaction): 0, IPPON_STORE_CONFLICT or -1 */
static int er_entrant(ippon_store *st, const char *id, const char *user_id)
{
    ippon_sql_stmt *q = er_prepare(st, "SELECT count(*) FROM event_entrants WHERE event_id = ?1 AND user_id = ?2"
                                       " AND status = 'registered'");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    ippon_sql_bind_text(q, 2, user_id);
    int64_t n = er_count(st, q, "an event's entrant");
    return n < 0 ? -1 : n == 0 ? IPPON_STORE_CONFLICT : 0;
}

/* the event's status and round allow round r (in the transaction): 0, NOT_FOUND, CONFLICT or -1 */
static int er_event_ready(ippon_store *st, const char *id, const ippon_event_round *r)
{
    ippon_sql_stmt *q = er_prepare(st, "SELECT status, round, mode, rounds FROM events WHERE id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int step = ippon_sql_step(q), rc = 0;
    if (step == IPPON_SQL_ROW) {
        const char *status = ippon_sql_column_text(q, 0), *mode = ippon_sql_column_text(q, 2);
        int players = mode && strcmp(mode, "3p") == 0 ? 3 : 4;
        if (!status || (strcmp(status, "running") != 0 && strcmp(status, "paused") != 0) ||
            ippon_sql_column_int(q, 1) + 1 != r->round || r->round > ippon_sql_column_int(q, 3) ||
            r->tables[0].players != players)
            rc = IPPON_STORE_CONFLICT;
    } else if (step == IPPON_SQL_DONE) {
        rc = IPPON_STORE_NOT_FOUND;
    } else {
        ippon_store_failed(st, "an event's round");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

/* table tb of round r (its row, its seats) in the transaction: 0, CONFLICT or -1 */
static int er_write_table(ippon_store *st, const char *id, const ippon_event_round *r, const ippon_event_table *tb)
{
    ippon_sql_stmt *q = er_prepare(st, "SELECT count(*) FROM event_tables WHERE match_id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, tb->match_id);
    int64_t taken = er_count(st, q, "an event table's match");
    if (taken != 0)
        return taken < 0 ? -1 : IPPON_STORE_CONFLICT;
    if (!(q = er_prepare(st, "INSERT INTO event_tables (event_id, round, table_no, match_id) VALUES (?1, ?2, ?3, ?4)")))
        return -1;
    ippon_sql_bind_text(q, 1, id);
    ippon_sql_bind_int64(q, 2, r->round);
    ippon_sql_bind_int64(q, 3, tb->table);
    ippon_sql_bind_text(q, 4, tb->match_id);
    int rc = er_done(st, q, "insert an event table");
    for (int s = 0; rc == 0 && s < tb->players; s++) {
        const ippon_event_seat *seat = &tb->seats[s];
        if (seat->user_id[0] && (rc = er_entrant(st, id, seat->user_id)) != 0)
            break;
        if (!(q = er_prepare(st, "INSERT INTO event_seats (event_id, round, table_no, seat, user_id, stand_in)"
                                 " VALUES (?1, ?2, ?3, ?4, ?5, ?6)")))
            return -1;
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_int64(q, 2, r->round);
        ippon_sql_bind_int64(q, 3, tb->table);
        ippon_sql_bind_int64(q, 4, s);
        ippon_sql_bind_text(q, 5, seat->user_id[0] ? seat->user_id : NULL);
        ippon_sql_bind_int64(q, 6, seat->stand_in ? 1 : 0);
        rc = er_done(st, q, "insert an event seat");
    }
    return rc;
}

int ippon_store_event_round_write(ippon_store *st, const char *id, const ippon_event_round *r)
{
    const char *fault = round_fault(r);
    if (fault) {
        ippon_log_error("store: event %s round %d: %s", id, r->round, fault);
        return -1;
    }
    if (ippon_store_begin(st) != 0)
        return -1;
    int rc = er_event_ready(st, id, r);
    ippon_sql_stmt *q = NULL;
    if (rc == 0 && !(q = er_prepare(st, "INSERT INTO event_rounds (event_id, round, status, starts_at, commitment,"
                                        " secret, first_dealer) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")))
        rc = -1;
    if (q) {
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_int64(q, 2, r->round);
        ippon_sql_bind_text(q, 3, ippon_round_status_name(r->status));
        ippon_sql_bind_int64(q, 4, r->starts_at);
        ippon_sql_bind_text(q, 5, r->commitment[0] ? r->commitment : NULL);
        ippon_sql_bind_text(q, 6, r->secret[0] ? r->secret : NULL);
        ippon_sql_bind_int64(q, 7, r->first_dealer);
        rc = er_done(st, q, "insert an event round");
    }
    for (int t = 0; rc == 0 && t < r->n_tables; t++)
        rc = er_write_table(st, id, r, &r->tables[t]);
    for (int b = 0; rc == 0 && b < r->n_byes; b++) {
        if ((rc = er_entrant(st, id, r->byes[b].user_id)) != 0)
            break;
        if (!(q = er_prepare(st, "INSERT INTO event_byes (event_id, round, user_id) VALUES (?1, ?2, ?3)"))) {
            rc = -1;
            break;
        }
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_int64(q, 2, r->round);
        ippon_sql_bind_text(q, 3, r->byes[b].user_id);
        rc = er_done(st, q, "insert an event bye");
    }
    if (rc == 0 && !(q = er_prepare(st, "UPDATE events SET round = ?2 WHERE id = ?1")))
        rc = -1;
    else if (rc == 0) {
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_int64(q, 2, r->round);
        rc = er_done(st, q, "an event's round");
    }
    return ippon_store_end(st, rc);
}

int ippon_store_event_round_playing(ippon_store *st, const char *id, int round)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *q = er_prepare(st, "SELECT status FROM event_rounds WHERE event_id = ?1 AND round = ?2");
    int rc = q ? 0 : -1;
    if (q) {
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_int64(q, 2, round);
        int step = ippon_sql_step(q);
        if (step == IPPON_SQL_ROW)
            rc = round_status_parse(ippon_sql_column_text(q, 0)) == IPPON_ROUND_SEATED ? 0 : IPPON_STORE_CONFLICT;
        else if (step == IPPON_SQL_DONE)
            rc = IPPON_STORE_NOT_FOUND;
        else {
            ippon_store_failed(st, "an event round's status");
            rc = -1;
        }
        ippon_sql_finalize(q);
    }
    if (rc == 0 && !(q = er_prepare(st, "UPDATE event_rounds SET status = 'playing' WHERE event_id = ?1 AND round = ?2")))
        rc = -1;
    else if (rc == 0) {
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_int64(q, 2, round);
        rc = er_done(st, q, "an event round playing");
    }
    return ippon_store_end(st, rc);
}

int ippon_store_event_stand_in(ippon_store *st, const char *id, int round, int table, int seat)
{
    ippon_sql_stmt *q = er_prepare(st, "UPDATE event_seats SET stand_in = 1 WHERE event_id = ?1 AND round = ?2"
                                       " AND table_no = ?3 AND seat = ?4 AND user_id IS NOT NULL");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    ippon_sql_bind_int64(q, 2, round);
    ippon_sql_bind_int64(q, 3, table);
    ippon_sql_bind_int64(q, 4, seat);
    if (er_done(st, q, "an event seat's stand-in") != 0)
        return -1;
    return ippon_sql_changes(st->db) == 1 ? 0 : IPPON_STORE_NOT_FOUND;
}

int ippon_store_event_round_secret(ippon_store *st, const char *id, int round, char secret[IPPON_EVENT_SECRET_HEX + 1])
{
    secret[0] = '\0';
    ippon_sql_stmt *q = er_prepare(st, "SELECT secret FROM event_rounds WHERE event_id = ?1 AND round = ?2");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    ippon_sql_bind_int64(q, 2, round);
    int step = ippon_sql_step(q), rc = 0;
    if (step == IPPON_SQL_ROW)
        er_copy(q, 0, secret, IPPON_EVENT_SECRET_HEX + 1);
    else if (step == IPPON_SQL_DONE)
        rc = IPPON_STORE_NOT_FOUND;
    else {
        ippon_store_failed(st, "an event round's secret");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

/* ---- reading ----------------------------------------------------------------------------------- */

void ippon_event_rounds_free(ippon_event_round *rounds, int n)
{
    for (int i = 0; rounds && i < n; i++) {
        free(rounds[i].tables);
        free(rounds[i].byes);
    }
    free(rounds);
}

/* the round numbered `round` of rounds[0 … n), or NULL */
static ippon_event_round *round_of(ippon_event_round *rounds, int n, int round)
{
    if (round >= 1 && round <= n && rounds[round - 1].round == round)
        return &rounds[round - 1];
    for (int i = 0; i < n; i++)
        if (rounds[i].round == round)
            return &rounds[i];
    return NULL;
}

/* the next query of a read, bound to the event id, or NULL (noted) */
static ippon_sql_stmt *er_read(ippon_store *st, const char *sql, const char *id)
{
    ippon_sql_stmt *q = er_prepare(st, sql);
    if (q)
        ippon_sql_bind_text(q, 1, id);
    return q;
}

static int read_rounds(ippon_store *st, const char *id, ippon_event_round **out, int *n)
{
    ippon_sql_stmt *q = er_read(st, "SELECT round, status, starts_at, commitment, secret, first_dealer FROM event_rounds"
                                    " WHERE event_id = ?1 ORDER BY round", id);
    if (!q)
        return -1;
    *out = calloc(IPPON_EVENT_MAX_ROUNDS, sizeof **out);
    int step = IPPON_SQL_DONE;
    while (*out && *n < IPPON_EVENT_MAX_ROUNDS && (step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_event_round *r = &(*out)[(*n)++];
        r->round = ippon_sql_column_int(q, 0);
        r->status = round_status_parse(ippon_sql_column_text(q, 1));
        r->starts_at = ippon_sql_column_int64(q, 2);
        er_copy(q, 3, r->commitment, sizeof r->commitment);
        if (r->status == IPPON_ROUND_DONE)
            er_copy(q, 4, r->secret, sizeof r->secret);
        r->first_dealer = ippon_sql_column_int(q, 5);
    }
    int rc = *out && (step == IPPON_SQL_ROW || step == IPPON_SQL_DONE) ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, "an event's rounds");
    ippon_sql_finalize(q);
    return rc;
}

static int read_tables(ippon_store *st, const char *id, ippon_event_round *rounds, int n)
{
    ippon_sql_stmt *q = er_read(st, "SELECT t.round, t.table_no, t.match_id, (SELECT count(*) FROM matches m WHERE m.id = t.match_id),"
                                    " (SELECT max(m.ended_at) FROM matches m WHERE m.id = t.match_id), t.voided_at"
                                    " FROM event_tables t WHERE t.event_id = ?1"
                                    " ORDER BY t.round, t.table_no", id);
    if (!q)
        return -1;
    int step, rc = 0;
    while (rc == 0 && (step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_event_round *r = round_of(rounds, n, ippon_sql_column_int(q, 0));
        if (!r)
            continue;
        ippon_event_table *grown = realloc(r->tables, (size_t)(r->n_tables + 1) * sizeof *grown);
        if (!grown) {
            rc = -1;
            break;
        }
        r->tables = grown;
        ippon_event_table *tb = &r->tables[r->n_tables++];
        memset(tb, 0, sizeof *tb);
        tb->table = ippon_sql_column_int(q, 1);
        er_copy(q, 2, tb->match_id, sizeof tb->match_id);
        tb->done = ippon_sql_column_int64(q, 3) > 0;
        tb->voided_at = ippon_sql_column_is_null(q, 5) ? 0 : ippon_sql_column_int64(q, 5);
        tb->ended_at = tb->done ? ippon_sql_column_int64(q, 4) : tb->voided_at;
        if (r->status == IPPON_ROUND_DONE && tb->ended_at > r->done_at)
            r->done_at = tb->ended_at;
    }
    if (rc == 0 && step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event's tables");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

static int read_seats(ippon_store *st, const char *id, ippon_event_round *rounds, int n)
{
    ippon_sql_stmt *q = er_read(st, "SELECT s.round, s.table_no, s.seat, s.user_id, u.display_name, s.stand_in"
                                    " FROM event_seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.event_id = ?1"
                                    " ORDER BY s.round, s.table_no, s.seat", id);
    if (!q)
        return -1;
    int step;
    while ((step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_event_round *r = round_of(rounds, n, ippon_sql_column_int(q, 0));
        int table = ippon_sql_column_int(q, 1), seat = ippon_sql_column_int(q, 2);
        if (!r || table < 1 || table > r->n_tables || seat < 0 || seat > 3)
            continue;
        ippon_event_table *tb = &r->tables[table - 1];
        ippon_event_seat *s = &tb->seats[seat];
        er_copy(q, 3, s->user_id, sizeof s->user_id);
        er_copy(q, 4, s->display_name, sizeof s->display_name);
        s->stand_in = ippon_sql_column_int(q, 5) != 0;
        if (seat + 1 > tb->players)
            tb->players = seat + 1;
    }
    int rc = step == IPPON_SQL_DONE ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, "an event's seats");
    ippon_sql_finalize(q);
    return rc;
}

static int read_byes(ippon_store *st, const char *id, ippon_event_round *rounds, int n)
{
    ippon_sql_stmt *q = er_read(st, "SELECT b.round, b.user_id, u.display_name FROM event_byes b"
                                    " JOIN users u ON u.id = b.user_id LEFT JOIN event_entrants n"
                                    " ON n.event_id = b.event_id AND n.user_id = b.user_id WHERE b.event_id = ?1"
                                    " ORDER BY b.round, n.number", id);
    if (!q)
        return -1;
    int step, rc = 0;
    while (rc == 0 && (step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_event_round *r = round_of(rounds, n, ippon_sql_column_int(q, 0));
        if (!r)
            continue;
        ippon_event_seat *grown = realloc(r->byes, (size_t)(r->n_byes + 1) * sizeof *grown);
        if (!grown) {
            rc = -1;
            break;
        }
        r->byes = grown;
        ippon_event_seat *b = &r->byes[r->n_byes++];
        memset(b, 0, sizeof *b);
        er_copy(q, 1, b->user_id, sizeof b->user_id);
        er_copy(q, 2, b->display_name, sizeof b->display_name);
    }
    if (rc == 0 && step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event's byes");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

int ippon_store_event_rounds(ippon_store *st, const char *id, ippon_event_round **out, int *n)
{
    *out = NULL;
    *n = 0;
    int rc = read_rounds(st, id, out, n);
    if (rc == 0)
        rc = read_tables(st, id, *out, *n);
    if (rc == 0)
        rc = read_seats(st, id, *out, *n);
    if (rc == 0)
        rc = read_byes(st, id, *out, *n);
    if (rc != 0) {
        ippon_event_rounds_free(*out, *n);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

/* ---- a table's match stored --------------------------------------------------------------------- */

/* round `round` of event id done once each of its tables has its match stored or is void */
static int round_done_if_complete(ippon_store *st, const char *event_id, int round)
{
    ippon_sql_stmt *q = er_prepare(st, "UPDATE event_rounds SET status = 'done' WHERE event_id = ?1 AND round = ?2"
                                       " AND status <> 'done' AND NOT EXISTS (SELECT 1 FROM event_tables t WHERE"
                                       " t.event_id = ?1 AND t.round = ?2 AND t.voided_at IS NULL AND NOT EXISTS"
                                       " (SELECT 1 FROM matches m WHERE m.id = t.match_id))");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, event_id);
    ippon_sql_bind_int64(q, 2, round);
    return er_done(st, q, "an event round done");
}

int ippon_event_match_write(ippon_store *st, const ippon_stored_match *r)
{
    ippon_sql_stmt *q = er_prepare(st, "SELECT event_id, round FROM event_tables WHERE match_id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, r->id);
    char event_id[IPPON_USER_ID_LEN + 1] = "";
    int round = 0, step = ippon_sql_step(q);
    if (step == IPPON_SQL_ROW) {
        er_copy(q, 0, event_id, sizeof event_id);
        round = ippon_sql_column_int(q, 1);
    } else if (step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event table by its match");
    }
    ippon_sql_finalize(q);
    if (step != IPPON_SQL_ROW)
        return step == IPPON_SQL_DONE ? 0 : -1;
    return round_done_if_complete(st, event_id, round);
}

int ippon_store_event_table_void(ippon_store *st, const char *id, int round, int table, int64_t now_ms)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *q = er_prepare(st, "UPDATE event_tables SET voided_at = ?4 WHERE event_id = ?1 AND round = ?2"
                                       " AND table_no = ?3 AND voided_at IS NULL AND match_id IS NOT NULL"
                                       " AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.id = event_tables.match_id)");
    int rc = q ? 0 : -1;
    if (q) {
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_int64(q, 2, round);
        ippon_sql_bind_int64(q, 3, table);
        ippon_sql_bind_int64(q, 4, now_ms);
        rc = ippon_sql_step(q) == IPPON_SQL_DONE ? 0 : -1;
        if (rc != 0)
            ippon_store_failed(st, "an event table void");
        else if (ippon_sql_changes(st->db) == 0)
            rc = IPPON_STORE_CONFLICT;
        ippon_sql_finalize(q);
    }
    if (rc == 0)
        rc = round_done_if_complete(st, id, round);
    return ippon_store_end(st, rc);
}

int ippon_store_event_table_of_match(ippon_store *st, const char *match_id, char event_id[IPPON_USER_ID_LEN + 1],
                                     int *round, int *table)
{
    event_id[0] = '\0';
    ippon_sql_stmt *q = er_prepare(st, "SELECT event_id, round, table_no FROM event_tables WHERE match_id = ?1"
                                       " AND voided_at IS NULL");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, match_id);
    int step = ippon_sql_step(q), rc = 0;
    if (step == IPPON_SQL_ROW) {
        er_copy(q, 0, event_id, IPPON_USER_ID_LEN + 1);
        *round = (int)ippon_sql_column_int64(q, 1);
        *table = (int)ippon_sql_column_int64(q, 2);
    } else if (step == IPPON_SQL_DONE) {
        rc = IPPON_STORE_NOT_FOUND;
    } else {
        ippon_store_failed(st, "an event table by its match");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}
