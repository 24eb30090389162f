/*
 * store_events.c — the SQL of events and their entry lists (store_events.h; tables:
 * migrations/0019_events.sql).
 *
 * How it works: an event is read with its organiser's name and its count of registered entrants in
 * one query (EV_SELECT). Every change is one transaction: the guarded UPDATE or INSERT, then the
 * audit row (store_admin.h), so either both are stored or neither. A change whose guard matched no
 * row looks the event up to tell "no such event" (IPPON_STORE_NOT_FOUND) from "not in a status
 * that allows it" (IPPON_STORE_CONFLICT). A registration counts the registered entrants in the
 * transaction, so the cap holds with the writer's one connection.
 */
#include "store/store_events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store_private.h"

static const char *const status_names[IPPON_EVENT_STATUSES] = {
    "registration", "checkin", "running", "paused", "finished", "cancelled",
};

const char *ippon_event_status_name(ippon_event_status s)
{
    return (unsigned)s < IPPON_EVENT_STATUSES ? status_names[s] : "registration";
}

int ippon_event_status_parse(const char *name)
{
    for (int i = 0; i < IPPON_EVENT_STATUSES; i++)
        if (name && strcmp(name, status_names[i]) == 0)
            return i;
    return -1;
}

void ippon_event_clear(ippon_event_def *ev)
{
    free(ev->entry_list);
    ev->entry_list = NULL;
}

#define EV_COLUMNS                                                                                            \
    "e.id, e.name, e.description, e.kind, e.organiser_id, o.display_name, e.mode, e.rounds, e.starts_at,"   \
    " e.checkin_minutes, e.round_start, e.round_times, e.break_minutes, e.seating, e.duplicate, e.entry,"    \
    " e.entry_code_hash, e.entry_list, e.entry_min, e.cap, e.clocks, e.fill, e.stand_in, e.spectators,"      \
    " e.watch_delay_s, e.recurrence, e.status, e.round, e.announcement, e.created_at,"                       \
    " (SELECT count(*) FROM event_entrants n WHERE n.event_id = e.id AND n.status = 'registered')"
#define EV_FROM " FROM events e JOIN users o ON o.id = e.organiser_id"
#define EV_SELECT "SELECT " EV_COLUMNS EV_FROM

static ippon_sql_stmt *se_prepare(ippon_store *st, const char *sql)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        ippon_store_failed(st, sql);
    return q;
}

static void se_copy(ippon_sql_stmt *q, int col, char *dst, size_t len)
{
    const char *s = ippon_sql_column_text(q, col);
    snprintf(dst, len, "%s", s ? s : "");
}

/* the EV_COLUMNS of the current row into out (the entry list too if with_list) */
static int se_read(ippon_sql_stmt *q, ippon_event_def *out, bool with_list)
{
    memset(out, 0, sizeof *out);
    se_copy(q, 0, out->id, sizeof out->id);
    se_copy(q, 1, out->name, sizeof out->name);
    se_copy(q, 2, out->description, sizeof out->description);
    se_copy(q, 3, out->kind, sizeof out->kind);
    se_copy(q, 4, out->organiser_id, sizeof out->organiser_id);
    se_copy(q, 5, out->organiser_name, sizeof out->organiser_name);
    se_copy(q, 6, out->mode, sizeof out->mode);
    out->rounds = ippon_sql_column_int(q, 7);
    out->starts_at = ippon_sql_column_int64(q, 8);
    out->checkin_minutes = ippon_sql_column_int(q, 9);
    se_copy(q, 10, out->round_start, sizeof out->round_start);
    se_copy(q, 11, out->round_times, sizeof out->round_times);
    out->break_minutes = ippon_sql_column_int(q, 12);
    se_copy(q, 13, out->seating, sizeof out->seating);
    out->duplicate = ippon_sql_column_int(q, 14) != 0;
    se_copy(q, 15, out->entry, sizeof out->entry);
    se_copy(q, 16, out->entry_code_hash, sizeof out->entry_code_hash);
    if (with_list) {
        const char *list = ippon_sql_column_text(q, 17);
        out->entry_list = strdup(list ? list : "[]");
        if (!out->entry_list)
            return -1;
    }
    out->entry_min = ippon_sql_column_int(q, 18);
    out->cap = ippon_sql_column_int(q, 19);
    se_copy(q, 20, out->clocks, sizeof out->clocks);
    se_copy(q, 21, out->fill, sizeof out->fill);
    se_copy(q, 22, out->stand_in, sizeof out->stand_in);
    out->spectators = ippon_sql_column_int(q, 23) != 0;
    out->watch_delay_s = ippon_sql_column_int(q, 24);
    se_copy(q, 25, out->recurrence, sizeof out->recurrence);
    int status = ippon_event_status_parse(ippon_sql_column_text(q, 26));
    out->status = status < 0 ? IPPON_EVENT_CANCELLED : (ippon_event_status)status;
    out->round = ippon_sql_column_int(q, 27);
    se_copy(q, 28, out->announcement, sizeof out->announcement);
    out->created_at = ippon_sql_column_int64(q, 29);
    out->entrants = ippon_sql_column_int(q, 30);
    return 0;
}

int ippon_store_event_get(ippon_store *st, const char *id, ippon_event_def *out)
{
    memset(out, 0, sizeof *out);
    ippon_sql_stmt *q = se_prepare(st, EV_SELECT " WHERE e.id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int step = ippon_sql_step(q), rc = 0;
    if (step == IPPON_SQL_ROW)
        rc = se_read(q, out, true);
    else if (step == IPPON_SQL_DONE)
        rc = IPPON_STORE_NOT_FOUND;
    else {
        ippon_store_failed(st, "event by id");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

/* the WHERE of a list's filter (?1 the kind or NULL) and its order */
static const char *const list_where[] = {
    [IPPON_EVENTS_ANY] = " WHERE (CAST(?1 AS TEXT) IS NULL OR e.kind = ?1)",
    [IPPON_EVENTS_UPCOMING] = " WHERE (CAST(?1 AS TEXT) IS NULL OR e.kind = ?1) AND e.status IN ('registration', 'checkin')",
    [IPPON_EVENTS_RUNNING] = " WHERE (CAST(?1 AS TEXT) IS NULL OR e.kind = ?1) AND e.status IN ('running', 'paused')",
    [IPPON_EVENTS_FINISHED] = " WHERE (CAST(?1 AS TEXT) IS NULL OR e.kind = ?1) AND e.status IN ('finished', 'cancelled')",
};

int ippon_store_events_list(ippon_store *st, ippon_event_filter filter, const char *kind, int page, int limit,
                            ippon_event_page *out)
{
    memset(out, 0, sizeof *out);
    if ((unsigned)filter > IPPON_EVENTS_FINISHED || page < 1 || limit < 1)
        return -1;
    char sql[2048];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM events e%s", list_where[filter]);
    ippon_sql_stmt *q = se_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, kind);
    int rc = ippon_sql_step(q) == IPPON_SQL_ROW ? 0 : -1;
    out->total = rc == 0 ? ippon_sql_column_int64(q, 0) : 0;
    ippon_sql_finalize(q);
    if (rc != 0) {
        ippon_store_failed(st, "count events");
        return -1;
    }
    snprintf(sql, sizeof sql, EV_SELECT "%s ORDER BY e.starts_at %s, e.id LIMIT ?2 OFFSET ?3", list_where[filter],
             filter == IPPON_EVENTS_FINISHED || filter == IPPON_EVENTS_ANY ? "DESC" : "ASC");
    if (!(q = se_prepare(st, sql)))
        return -1;
    ippon_sql_bind_text(q, 1, kind);
    ippon_sql_bind_int64(q, 2, limit);
    ippon_sql_bind_int64(q, 3, (int64_t)(page - 1) * limit);
    out->events = calloc((size_t)limit, sizeof *out->events);
    int step = IPPON_SQL_DONE;
    while (out->events && out->count < limit && (step = ippon_sql_step(q)) == IPPON_SQL_ROW)
        se_read(q, &out->events[out->count++], false);
    rc = out->events && (step == IPPON_SQL_ROW || step == IPPON_SQL_DONE) ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, "list events");
    ippon_sql_finalize(q);
    return rc;
}

int ippon_store_events_due(ippon_store *st, int64_t now_ms, int limit, ippon_event_page *out)
{
    memset(out, 0, sizeof *out);
    if (limit < 1)
        return -1;
    ippon_sql_stmt *q = se_prepare(st, EV_SELECT " WHERE e.status IN ('running', 'paused') OR (e.status IN"
                                               " ('registration', 'checkin') AND e.starts_at - e.checkin_minutes"
                                               " * 60000 <= ?1) ORDER BY e.starts_at, e.id LIMIT ?2");
    if (!q)
        return -1;
    ippon_sql_bind_int64(q, 1, now_ms);
    ippon_sql_bind_int64(q, 2, limit);
    out->events = calloc((size_t)limit, sizeof *out->events);
    int step = IPPON_SQL_DONE;
    while (out->events && out->count < limit && (step = ippon_sql_step(q)) == IPPON_SQL_ROW)
        se_read(q, &out->events[out->count++], false);
    int rc = out->events && (step == IPPON_SQL_ROW || step == IPPON_SQL_DONE) ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, "events due");
    ippon_sql_finalize(q);
    out->total = out->count;
    return rc;
}

void ippon_event_page_free(ippon_event_page *p)
{
    free(p->events);
    memset(p, 0, sizeof *p);
}

#define ENTRANT_SELECT                                                                                  \
    "SELECT n.user_id, u.display_name, n.number, n.status, n.registered_at, n.checked_in_at"          \
    " FROM event_entrants n JOIN users u ON u.id = n.user_id"

static void se_read_entrant(ippon_sql_stmt *q, ippon_event_entrant *e)
{
    memset(e, 0, sizeof *e);
    se_copy(q, 0, e->user_id, sizeof e->user_id);
    se_copy(q, 1, e->display_name, sizeof e->display_name);
    e->number = ippon_sql_column_int(q, 2);
    se_copy(q, 3, e->status, sizeof e->status);
    e->registered_at = ippon_sql_column_int64(q, 4);
    e->checked_in_at = ippon_sql_column_is_null(q, 5) ? 0 : ippon_sql_column_int64(q, 5);
}

int ippon_store_event_entrants(ippon_store *st, const char *id, ippon_event_entrant **out, int *n)
{
    *out = NULL;
    *n = 0;
    ippon_sql_stmt *q = se_prepare(st, ENTRANT_SELECT " WHERE n.event_id = ?1 ORDER BY n.number");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int cap = 0, step, rc = 0;
    while ((step = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            ippon_event_entrant *grown = realloc(*out, (size_t)cap * sizeof *grown);
            if (!grown) {
                rc = -1;
                break;
            }
            *out = grown;
        }
        se_read_entrant(q, &(*out)[(*n)++]);
    }
    if (rc == 0 && step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "an event's entrants");
        rc = -1;
    }
    ippon_sql_finalize(q);
    if (rc != 0) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

int ippon_store_event_entrant(ippon_store *st, const char *id, const char *user_id, ippon_event_entrant *out)
{
    ippon_sql_stmt *q = se_prepare(st, ENTRANT_SELECT " WHERE n.event_id = ?1 AND n.user_id = ?2");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    ippon_sql_bind_text(q, 2, user_id);
    int step = ippon_sql_step(q), rc = 0;
    if (step == IPPON_SQL_ROW)
        se_read_entrant(q, out);
    else if (step == IPPON_SQL_DONE)
        rc = IPPON_STORE_NOT_FOUND;
    else {
        ippon_store_failed(st, "an event's entrant");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

/* ---- changes ----------------------------------------------------------------------------- */

/* step a bound write to its end and finalize it: 0, or -1 (noted) */
static int se_done(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = ippon_sql_step(q) == IPPON_SQL_DONE ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, what);
    ippon_sql_finalize(q);
    return rc;
}

/* one integer a bound query gives (finalized): ≥ 0, or -1 (noted) */
static int64_t se_count(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int64_t n = ippon_sql_step(q) == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : -1;
    if (n < 0)
        ippon_store_failed(st, what);
    ippon_sql_finalize(q);
    return n;
}

/* event id's status (in the transaction): ≥ 0, IPPON_STORE_NOT_FOUND or -1 */
static int se_status(ippon_store *st, const char *id)
{
    ippon_sql_stmt *q = se_prepare(st, "SELECT status FROM events WHERE id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int step = ippon_sql_step(q), rc;
    if (step == IPPON_SQL_ROW) {
        rc = ippon_event_status_parse(ippon_sql_column_text(q, 0));
        rc = rc < 0 ? IPPON_EVENT_CANCELLED : rc;
    } else if (step == IPPON_SQL_DONE) {
        rc = IPPON_STORE_NOT_FOUND;
    } else {
        ippon_store_failed(st, "an event's status");
        rc = -1;
    }
    ippon_sql_finalize(q);
    return rc;
}

/* after a guarded write of event id that changed no row: NOT_FOUND, CONFLICT or -1 */
static int se_unchanged(ippon_store *st, const char *id)
{
    int s = se_status(st, id);
    return s >= 0 ? IPPON_STORE_CONFLICT : s;
}

/* bind the rule columns ?2 … ?23 of ev (the INSERT's and the UPDATE's) */
static void se_bind_rules(ippon_sql_stmt *q, const ippon_event_def *ev)
{
    ippon_sql_bind_text(q, 2, ev->name);
    ippon_sql_bind_text(q, 3, ev->description);
    ippon_sql_bind_text(q, 4, ev->mode);
    ippon_sql_bind_int64(q, 5, ev->rounds);
    ippon_sql_bind_int64(q, 6, ev->starts_at);
    ippon_sql_bind_int64(q, 7, ev->checkin_minutes);
    ippon_sql_bind_text(q, 8, ev->round_start);
    ippon_sql_bind_text(q, 9, ev->round_times[0] ? ev->round_times : "[]");
    ippon_sql_bind_int64(q, 10, ev->break_minutes);
    ippon_sql_bind_text(q, 11, ev->seating);
    ippon_sql_bind_int64(q, 12, ev->duplicate ? 1 : 0);
    ippon_sql_bind_text(q, 13, ev->entry);
    ippon_sql_bind_text(q, 14, ev->entry_code_hash[0] ? ev->entry_code_hash : NULL);
    ippon_sql_bind_text(q, 15, ev->entry_list ? ev->entry_list : "[]");
    ippon_sql_bind_int64(q, 16, ev->entry_min);
    ippon_sql_bind_int64(q, 17, ev->cap);
    ippon_sql_bind_text(q, 18, ev->clocks);
    ippon_sql_bind_text(q, 19, ev->fill);
    ippon_sql_bind_text(q, 20, ev->stand_in);
    ippon_sql_bind_int64(q, 21, ev->spectators ? 1 : 0);
    ippon_sql_bind_int64(q, 22, ev->watch_delay_s);
    ippon_sql_bind_text(q, 23, ev->recurrence[0] ? ev->recurrence : NULL);
}

/* a club organiser's limits, in the transaction: 0, IPPON_STORE_LIMIT (*which) or -1 */
static int se_limits(ippon_store *st, const ippon_event_def *ev, int open_max, int day_max, int64_t now_ms, int *which)
{
    ippon_sql_stmt *q = se_prepare(st, "SELECT count(*) FROM events WHERE organiser_id = ?1 AND kind = 'club'"
                                       " AND status NOT IN ('finished', 'cancelled')");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, ev->organiser_id);
    int64_t open = se_count(st, q, "count open club events");
    if (open < 0)
        return -1;
    if (open >= open_max) {
        *which = 1;
        return IPPON_STORE_LIMIT;
    }
    if (!(q = se_prepare(st, "SELECT count(*) FROM events WHERE organiser_id = ?1 AND kind = 'club'"
                             " AND created_at > ?2")))
        return -1;
    ippon_sql_bind_text(q, 1, ev->organiser_id);
    ippon_sql_bind_int64(q, 2, now_ms - 24LL * 3600 * 1000);
    int64_t day = se_count(st, q, "count the day's club events");
    if (day < 0)
        return -1;
    if (day >= day_max) {
        *which = 2;
        return IPPON_STORE_LIMIT;
    }
    return 0;
}

int ippon_store_event_create(ippon_store *st, const ippon_event_def *ev, int open_max, int day_max, int64_t now_ms,
                             int *which, const ippon_audit *audit)
{
    *which = 0;
    if (ippon_store_begin(st) != 0)
        return -1;
    int rc = strcmp(ev->kind, "club") == 0 ? se_limits(st, ev, open_max, day_max, now_ms, which) : 0;
    if (rc == 0) {
        ippon_sql_stmt *q = se_prepare(
            st, "INSERT INTO events (id, name, description, mode, rounds, starts_at, checkin_minutes, round_start,"
                " round_times, break_minutes, seating, duplicate, entry, entry_code_hash, entry_list, entry_min, cap,"
                " clocks, fill, stand_in, spectators, watch_delay_s, recurrence, kind, organiser_id, status, round,"
                " announcement, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,"
                " ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, 'registration', 0, '', ?26)");
        rc = q ? 0 : -1;
        if (q) {
            ippon_sql_bind_text(q, 1, ev->id);
            se_bind_rules(q, ev);
            ippon_sql_bind_text(q, 24, ev->kind);
            ippon_sql_bind_text(q, 25, ev->organiser_id);
            ippon_sql_bind_int64(q, 26, ev->created_at);
            rc = se_done(st, q, "insert an event");
        }
    }
    if (rc == 0)
        rc = ippon_store_audit_add(st, audit);
    return ippon_store_end(st, rc);
}

int ippon_store_event_update(ippon_store *st, const ippon_event_def *ev, const ippon_audit *audit)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *q = se_prepare(
        st, "UPDATE events SET name = ?2, description = ?3, mode = ?4, rounds = ?5, starts_at = ?6,"
            " checkin_minutes = ?7, round_start = ?8, round_times = ?9, break_minutes = ?10, seating = ?11,"
            " duplicate = ?12, entry = ?13, entry_code_hash = ?14, entry_list = ?15, entry_min = ?16, cap = ?17,"
            " clocks = ?18, fill = ?19, stand_in = ?20, spectators = ?21, watch_delay_s = ?22, recurrence = ?23"
            " WHERE id = ?1 AND status = 'registration'");
    int rc = q ? 0 : -1;
    if (q) {
        ippon_sql_bind_text(q, 1, ev->id);
        se_bind_rules(q, ev);
        rc = se_done(st, q, "update an event");
        if (rc == 0 && ippon_sql_changes(st->db) != 1)
            rc = se_unchanged(st, ev->id);
    }
    if (rc == 0)
        rc = ippon_store_audit_add(st, audit);
    return ippon_store_end(st, rc);
}

int ippon_store_event_set_status(ippon_store *st, const char *id, unsigned from_mask, ippon_event_status to,
                                 int round, const ippon_audit *audit)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    int rc = se_status(st, id);
    if (rc >= 0)
        rc = from_mask & (1u << rc) ? 0 : IPPON_STORE_CONFLICT;
    if (rc == 0) {
        ippon_sql_stmt *q = se_prepare(st, "UPDATE events SET status = ?2,"
                                           " round = CASE WHEN ?3 < 0 THEN round ELSE ?3 END WHERE id = ?1");
        rc = q ? 0 : -1;
        if (q) {
            ippon_sql_bind_text(q, 1, id);
            ippon_sql_bind_text(q, 2, ippon_event_status_name(to));
            ippon_sql_bind_int64(q, 3, round);
            rc = se_done(st, q, "an event's status");
        }
    }
    if (rc == 0 && audit)
        rc = ippon_store_audit_add(st, audit);
    return ippon_store_end(st, rc);
}

int ippon_store_event_announce(ippon_store *st, const char *id, const char *text, const ippon_audit *audit)
{
    if (ippon_store_begin(st) != 0)
        return -1;
    ippon_sql_stmt *q = se_prepare(st, "UPDATE events SET announcement = ?2 WHERE id = ?1"
                                       " AND status NOT IN ('finished', 'cancelled')");
    int rc = q ? 0 : -1;
    if (q) {
        ippon_sql_bind_text(q, 1, id);
        ippon_sql_bind_text(q, 2, text);
        rc = se_done(st, q, "an event's announcement");
        if (rc == 0 && ippon_sql_changes(st->db) != 1)
            rc = se_unchanged(st, id);
    }
    if (rc == 0)
        rc = ippon_store_audit_add(st, audit);
    return ippon_store_end(st, rc);
}

/* the statuses in which op may happen */
static unsigned entry_statuses(ippon_entry_op op)
{
    const unsigned open = 1u << IPPON_EVENT_REGISTRATION | 1u << IPPON_EVENT_CHECKIN;
    const unsigned live = 1u << IPPON_EVENT_RUNNING | 1u << IPPON_EVENT_PAUSED;
    if (op == IPPON_ENTRY_REMOVE)
        return open | live;
    if (op == IPPON_ENTRY_STAND_IN)
        return live;
    return open;
}

/* register user_id (entry: its row, or rc NOT_FOUND for none) in the transaction */
static int se_register(ippon_store *st, const char *id, const char *user_id, int found,
                       const ippon_event_entrant *entry, bool check_in, int64_t now_ms, ippon_entry_refusal *why)
{
    if (found == 0 && strcmp(entry->status, "registered") == 0) {
        *why = IPPON_ENTRY_ALREADY;
        return IPPON_STORE_CONFLICT;
    }
    if (found == 0 && strcmp(entry->status, "removed") == 0) {
        *why = IPPON_ENTRY_REMOVED;
        return IPPON_STORE_CONFLICT;
    }
    ippon_sql_stmt *q = se_prepare(st, "SELECT e.cap - (SELECT count(*) FROM event_entrants n WHERE n.event_id = e.id"
                                       " AND n.status = 'registered') FROM events e WHERE e.id = ?1");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int64_t room = ippon_sql_step(q) == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : -1;
    ippon_sql_finalize(q);
    if (room <= 0) {
        *why = IPPON_ENTRY_FULL;
        return room < 0 ? -1 : IPPON_STORE_CONFLICT;
    }
    if (found == 0)
        q = se_prepare(st, "UPDATE event_entrants SET status = 'registered', checked_in_at = ?3"
                           " WHERE event_id = ?1 AND user_id = ?2");
    else
        q = se_prepare(st, "INSERT INTO event_entrants (event_id, user_id, number, status, registered_at,"
                           " checked_in_at) VALUES (?1, ?2, (SELECT coalesce(max(number) + 1, 0) FROM event_entrants"
                           " WHERE event_id = ?1), 'registered', ?4, ?3)");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    ippon_sql_bind_text(q, 2, user_id);
    if (check_in)
        ippon_sql_bind_int64(q, 3, now_ms);
    else
        ippon_sql_bind_null(q, 3);
    if (found != 0)
        ippon_sql_bind_int64(q, 4, now_ms);
    return se_done(st, q, "register an entrant");
}

/* user_id's seat at a running table of event id's playing round: a stand-in's, in the transaction */
static int se_stand_in(ippon_store *st, const char *id, const char *user_id, ippon_entry_refusal *why)
{
    ippon_sql_stmt *q = se_prepare(st, "UPDATE event_seats SET stand_in = 1 WHERE event_id = ?1 AND user_id = ?2"
                                       " AND stand_in = 0 AND round = (SELECT max(r.round) FROM event_rounds r"
                                       " WHERE r.event_id = ?1 AND r.status = 'playing') AND table_no IN"
                                       " (SELECT t.table_no FROM event_tables t WHERE t.event_id = ?1"
                                       " AND t.round = event_seats.round AND t.voided_at IS NULL"
                                       " AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.id = t.match_id))");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    ippon_sql_bind_text(q, 2, user_id);
    if (se_done(st, q, "an entrant's stand-in") != 0)
        return -1;
    if (ippon_sql_changes(st->db) == 0) {
        *why = IPPON_ENTRY_NOT_PLAYING;
        return IPPON_STORE_CONFLICT;
    }
    return 0;
}

int ippon_store_event_entry(ippon_store *st, const char *id, const char *user_id, ippon_entry_op op, bool check_in,
                            int64_t now_ms, ippon_entry_refusal *why, const ippon_audit *audit)
{
    *why = IPPON_ENTRY_OK;
    if (ippon_store_begin(st) != 0)
        return -1;
    int rc = se_status(st, id);
    if (rc >= 0 && !(entry_statuses(op) & (1u << rc))) {
        *why = IPPON_ENTRY_CLOSED;
        rc = IPPON_STORE_CONFLICT;
    } else if (rc >= 0) {
        ippon_event_entrant entry;
        int found = ippon_store_event_entrant(st, id, user_id, &entry);
        if (found != 0 && found != IPPON_STORE_NOT_FOUND) {
            rc = -1;
        } else if (op == IPPON_ENTRY_REGISTER) {
            rc = se_register(st, id, user_id, found, &entry, check_in, now_ms, why);
        } else if (found != 0 || strcmp(entry.status, "registered") != 0) {
            *why = IPPON_ENTRY_NOT_ENTRANT;
            rc = IPPON_STORE_CONFLICT;
        } else if (op == IPPON_ENTRY_STAND_IN) {
            rc = se_stand_in(st, id, user_id, why);
        } else {
            ippon_sql_stmt *q = se_prepare(st, op == IPPON_ENTRY_CHECKIN
                                                   ? "UPDATE event_entrants SET checked_in_at = coalesce(checked_in_at,"
                                                     " ?3) WHERE event_id = ?1 AND user_id = ?2"
                                               : op == IPPON_ENTRY_WITHDRAW
                                                   ? "UPDATE event_entrants SET status = 'withdrawn', checked_in_at ="
                                                     " NULL WHERE event_id = ?1 AND user_id = ?2 AND ?3 >= 0"
                                                   : "UPDATE event_entrants SET status = 'removed', checked_in_at ="
                                                     " NULL WHERE event_id = ?1 AND user_id = ?2 AND ?3 >= 0");
            rc = q ? 0 : -1;
            if (q) {
                ippon_sql_bind_text(q, 1, id);
                ippon_sql_bind_text(q, 2, user_id);
                ippon_sql_bind_int64(q, 3, now_ms);
                rc = se_done(st, q, "change an entry");
            }
        }
    }
    if (rc == 0 && audit)
        rc = ippon_store_audit_add(st, audit);
    return ippon_store_end(st, rc);
}
