/*
 * store_matches.c — writing finished matches (store_matches.h).
 *
 * One transaction per match or per group of matches: the matches row, then one match_players
 * row per seat with its result, whether it won (a result > 0 that no seat beats), whether it dealt in
 * (the seat a ron was won from, read from the wins), and copies of the match's end time, mode
 * and whether it counts (a new match is never voided; 0007_player_games.sql checks the copies
 * and keeps them right when the match changes). The triggers of 0005_rank_totals.sql
 * add each counted game to rank_totals and move rank_version in the same transaction; the
 * version read before and after the inserts tells this store's in-memory leaderboard
 * (store_board.c) whether the match is the only change since it last looked.
 *
 * Group commit: a match queue (ippon_match_queue) holds copies of finished matches, their logs
 * already serialized, until the gateway writes them all in one transaction a few milliseconds
 * later. A transaction of whole matches leaves each match whole or absent after a crash, and the
 * pages every write touches (rank_version, the last leaves of the tables and of the time-ordered
 * indexes, busy players' index and totals pages) go into the log once per group instead of once
 * per match: 12.5 pages per match in groups of 8 against 20 alone (tests/bench/README.md).
 * The two inserts are prepared once per store (st->match_insert, st->player_insert): preparing
 * them compiles their triggers and foreign key checks, a sizeable part of a single write.
 */
#include "store_matches.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_board.h"
#include "store_private.h"
#include "store_profiles.h"

static int fail(ippon_store *st, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(st->db));
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* the two statements of a write (prepared once per store: st->match_insert, st->player_insert) */
typedef struct writer {
    sqlite3_stmt *match, *player;
} writer;

/* a finished match as written: the record's fields with the logs serialized, who won and who
   dealt in, in storage of its own (a queue keeps it after the table is gone) */
typedef struct pending {
    ippon_table_record rec;
    char *id, *rules, *seeds, *actions, *wins; /* rules: the preset's name */
    ippon_table_player seats[4];
    int32_t finals[4], results[4];
    bool won[4], dealt_in[4];
} pending;

/* which seats won (top result > 0) and which dealt in (a ron was won from them) */
static void outcome(const ippon_table_record *r, bool won[4], bool dealt_in[4])
{
    int32_t top = r->results[0];
    for (int s = 1; s < r->players; s++)
        if (r->results[s] > top)
            top = r->results[s];
    for (int s = 0; s < r->players; s++) {
        won[s] = r->results[s] > 0 && r->results[s] == top;
        dealt_in[s] = false;
    }
    size_t i;
    const json_t *win;
    json_array_foreach(r->wins, i, win) {
        json_int_t seat = json_integer_value(json_object_get(win, "seat")), from = json_integer_value(json_object_get(win, "from"));
        if (json_is_integer(json_object_get(win, "from")) && from != seat && from >= 0 && from < r->players)
            dealt_in[from] = true;
    }
}

static void pending_clear(pending *p)
{
    free(p->id);
    free(p->rules);
    free(p->seeds);
    free(p->actions);
    free(p->wins);
    memset(p, 0, sizeof *p);
}

/* copies a checked record into p (its json values serialized); 0, or -1 out of memory */
static int pending_make(pending *p, const ippon_table_record *r)
{
    memset(p, 0, sizeof *p);
    p->rec = *r;
    p->id = strdup(r->id);
    p->rules = strdup(r->rules->name);
    p->seeds = json_dumps(r->seeds, JSON_COMPACT);
    p->actions = json_dumps(r->actions, JSON_COMPACT);
    p->wins = json_dumps(r->wins, JSON_COMPACT);
    if (!p->id || !p->rules || !p->seeds || !p->actions || !p->wins) {
        pending_clear(p);
        return -1;
    }
    memcpy(p->seats, r->seats, (size_t)r->players * sizeof *p->seats);
    memcpy(p->finals, r->final_points, (size_t)r->players * sizeof *p->finals);
    memcpy(p->results, r->results, (size_t)r->players * sizeof *p->results);
    outcome(r, p->won, p->dealt_in);
    p->rec.id = p->id;
    p->rec.seats = p->seats;
    p->rec.final_points = p->finals;
    p->rec.results = p->results;
    p->rec.rules = NULL; /* the table's (freed with it): written from the copies above */
    p->rec.seeds = p->rec.actions = p->rec.wins = NULL;
    return 0;
}

static int insert_match(ippon_store *st, writer *w, const pending *p, char *err, size_t errlen)
{
    sqlite3_stmt *q = w->match;
    const ippon_table_record *r = &p->rec;
    sqlite3_bind_text(q, 1, r->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, r->players == 3 ? "3p" : "4p", -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, p->rules, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 4, r->ranked);
    sqlite3_bind_int(q, 5, r->completed);
    sqlite3_bind_int64(q, 6, r->started_ms);
    sqlite3_bind_int64(q, 7, r->ended_ms);
    sqlite3_bind_int(q, 8, r->hands);
    sqlite3_bind_text(q, 9, p->seeds, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 10, p->actions, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 11, p->wins, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (rc != SQLITE_DONE)
        return fail(st, err, errlen, "insert match");
    return sqlite3_changes(st->db);
}

static int insert_players(ippon_store *st, writer *w, const pending *p, char *err, size_t errlen)
{
    sqlite3_stmt *q = w->player;
    const ippon_table_record *r = &p->rec;
    for (int s = 0; s < r->players; s++) {
        const ippon_table_player *pl = &r->seats[s];
        sqlite3_bind_text(q, 1, r->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 2, s);
        if (pl->bot)
            sqlite3_bind_null(q, 3);
        else
            sqlite3_bind_text(q, 3, pl->user_id, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 4, pl->name, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 5, pl->bot);
        sqlite3_bind_int(q, 6, r->final_points[s]);
        sqlite3_bind_int(q, 7, r->results[s]);
        sqlite3_bind_int(q, 8, p->won[s]);
        sqlite3_bind_int(q, 9, p->dealt_in[s]);
        sqlite3_bind_int64(q, 10, r->ended_ms);
        sqlite3_bind_text(q, 11, r->players == 3 ? "3p" : "4p", -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 12, r->ranked && r->completed);
        int rc = sqlite3_step(q);
        sqlite3_reset(q);
        sqlite3_clear_bindings(q); /* the bound text is the caller's: nothing kept past the write */
        if (rc != SQLITE_DONE)
            return fail(st, err, errlen, "insert match player");
    }
    return 0;
}

/* tells the in-memory leaderboard about a match written (after the commit) */
static void tell_board(ippon_store *st, const pending *p, bool inserted, int64_t before, int64_t after)
{
    const ippon_table_record *r = &p->rec;
    ippon_board_game games[4];
    int n = 0;
    if (inserted && r->ranked && r->completed)
        for (int s = 0; s < r->players; s++)
            if (!r->seats[s].bot && r->seats[s].user_id[0])
                games[n++] = (ippon_board_game){r->seats[s].user_id, r->results[s], p->won[s]};
    ippon_board_written(st, before, after, r->players == 3 ? "3p" : "4p", r->ended_ms, games, n);
}

/* tells the kept profile replies whose players the matches written concern (after the commit) */
static void tell_profiles(ippon_store *st, const pending *ps, const bool *inserted, int n,
                          const ippon_profiles_version *before, const ippon_profiles_version *after)
{
    enum { CHUNK = 256 };
    const char *ids[CHUNK];
    int count = 0;
    bool first = true;
    for (int i = 0; i < n; i++)
        for (int s = 0; inserted[i] && s < ps[i].rec.players; s++) {
            if (ps[i].seats[s].bot || !ps[i].seats[s].user_id[0])
                continue;
            if (count == CHUNK) { /* a large batch: told in parts, the row moving once */
                ippon_profiles_written(st, first ? before : after, after, ids, count);
                first = false;
                count = 0;
            }
            ids[count++] = ps[i].seats[s].user_id;
        }
    ippon_profiles_written(st, first ? before : after, after, ids, count);
}

static bool record_ok(const ippon_table_record *r, char *err, size_t errlen)
{
    if (!r || !r->id || !r->rules || !r->seats || !r->final_points || !r->results || r->players < 3 ||
        r->players > 4) {
        snprintf(err, errlen, "match %s: incomplete record", r && r->id ? r->id : "(no id)");
        return false;
    }
    return true;
}

/* writes n prepared matches in one transaction (everything or nothing); 0 or -1 */
static int write_pending(ippon_store *st, const pending *ps, int n, char *err, size_t errlen)
{
    static const char match_sql[] =
        "INSERT OR IGNORE INTO matches (id, mode, rules, ranked, completed, started_at, ended_at, hands, seeds,"
        " actions, wins) VALUES (?,?,?,?,?,?,?,?,?,?,?)";
    static const char player_sql[] =
        "INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot, final_points, result, won,"
        " dealt_in, ended_at, mode, counted, voided) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,0)";
    if (!st->match_insert &&
        sqlite3_prepare_v3(st->db, match_sql, -1, SQLITE_PREPARE_PERSISTENT, &st->match_insert, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "prepare: %s", sqlite3_errmsg(st->db));
        return -1;
    }
    if (!st->player_insert &&
        sqlite3_prepare_v3(st->db, player_sql, -1, SQLITE_PREPARE_PERSISTENT, &st->player_insert, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "prepare: %s", sqlite3_errmsg(st->db));
        return -1;
    }
    writer w = {st->match_insert, st->player_insert};
    bool *inserted = calloc((size_t)(n > 0 ? n : 1), sizeof *inserted);
    int64_t before = 0, after = 0, names;
    ippon_profiles_version profiles_before, profiles_after;
    int rc = -1;
    if (!inserted)
        snprintf(err, errlen, "out of memory");
    else if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        fail(st, err, errlen, "begin");
    else if (ippon_board_read_version(st, &before, &names) != 0 ||
             ippon_profiles_read_version(st, &profiles_before) != 0)
        fail(st, err, errlen, "read rank_version");
    else {
        rc = 0;
        for (int i = 0; i < n && rc == 0; i++) {
            int got = insert_match(st, &w, &ps[i], err, errlen);
            if (got < 0 || (got > 0 && insert_players(st, &w, &ps[i], err, errlen) < 0))
                rc = -1;
            else
                inserted[i] = got > 0;
        }
        if (rc == 0 && (ippon_board_read_version(st, &after, &names) != 0 ||
                        ippon_profiles_read_version(st, &profiles_after) != 0))
            rc = fail(st, err, errlen, "read rank_version");
        if (rc == 0 && sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
            rc = fail(st, err, errlen, "commit");
    }
    if (rc == 0) {
        /* the first match takes the board from `before` to `after`; the others add to it */
        for (int i = 0; i < n; i++)
            tell_board(st, &ps[i], inserted[i], i == 0 ? before : after, after);
        tell_profiles(st, ps, inserted, n, &profiles_before, &profiles_after);
    }
    free(inserted);
    return rc;
}

int ippon_store_save_matches(ippon_store *st, const ippon_table_record *const *recs, int n, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++)
        if (!record_ok(recs[i], err, errlen))
            return -1;
    pending *ps = calloc((size_t)(n > 0 ? n : 1), sizeof *ps);
    int made = 0, rc = -1;
    while (ps && made < n && pending_make(&ps[made], recs[made]) == 0)
        made++;
    if (!ps || made < n)
        snprintf(err, errlen, "out of memory");
    else
        rc = write_pending(st, ps, n, err, errlen);
    for (int i = 0; i < made; i++)
        pending_clear(&ps[i]);
    free(ps);
    return rc;
}

int ippon_store_save_match(ippon_store *st, const ippon_table_record *rec, char *err, size_t errlen)
{
    return ippon_store_save_matches(st, &rec, 1, err, errlen);
}

struct ippon_match_queue {
    pending *items;
    int n, cap;
};

ippon_match_queue *ippon_match_queue_new(void) { return calloc(1, sizeof(ippon_match_queue)); }

void ippon_match_queue_free(ippon_match_queue *q)
{
    if (!q)
        return;
    for (int i = 0; i < q->n; i++)
        pending_clear(&q->items[i]);
    free(q->items);
    free(q);
}

int ippon_match_queue_count(const ippon_match_queue *q) { return q ? q->n : 0; }

int ippon_match_queue_add(ippon_match_queue *q, const ippon_table_record *rec, char *err, size_t errlen)
{
    if (!record_ok(rec, err, errlen))
        return -1;
    if (q->n == q->cap) {
        int cap = q->cap ? 2 * q->cap : 16;
        pending *grown = realloc(q->items, (size_t)cap * sizeof *grown);
        if (!grown) {
            snprintf(err, errlen, "match %s: out of memory", rec->id);
            return -1;
        }
        q->items = grown;
        q->cap = cap;
    }
    if (pending_make(&q->items[q->n], rec) != 0) {
        snprintf(err, errlen, "match %s: out of memory", rec->id);
        return -1;
    }
    return ++q->n;
}

int ippon_store_write_queue(ippon_store *st, ippon_match_queue *q, char *err, size_t errlen)
{
    int lost = 0;
    if (q->n > 0 && write_pending(st, q->items, q->n, err, errlen) != 0) {
        /* the group failed as a whole: each match alone, so that one bad match costs only itself */
        char one[256];
        for (int i = 0; i < q->n; i++)
            if (write_pending(st, &q->items[i], 1, one, sizeof one) != 0) {
                snprintf(err, errlen, "match %s: %s", q->items[i].id, one);
                lost++;
            }
    }
    for (int i = 0; i < q->n; i++)
        pending_clear(&q->items[i]);
    q->n = 0;
    return lost;
}
