/*
 * store_matches.c — writing finished matches (store_matches.h).
 *
 * One transaction per match or per group of matches: the matches row, then one match_players
 * row per seat with its result, whether it won (a result > 0 that no seat beats), whether it dealt in
 * (the seat a ron was won from, read from the wins), and copies of the match's end time, mode
 * and whether it counts (a new match is never voided; 0007_player_games.sql checks the copies
 * and keeps them right when the match changes). The triggers of 0005_rank_totals.sql
 * add each counted game to rank_totals and move rank_version in the same transaction; the
 * version read before and after the inserts tells a store's in-memory leaderboard
 * (store_board.c) whether the match is the only change since it last looked. A match that
 * counts is rated in the same transaction (rate: rating_writes.h), and its counted games added to
 * their players' seasons (add_to_seasons: season_writes.h), and its human seats' review summaries
 * written (write_reviews: review_writes.h; reviewed before the transaction begins), and an event
 * table's round marked done once its last table's match is in (store_event_rounds.h). The write itself
 * and that telling are apart (write_pending, tell): the server writes on the store writer's
 * connection and tells the event loop's store afterwards, on the loop.
 *
 * Group commit: a match queue (ippon_store_batch) holds copies of finished matches, their logs
 * already serialized, until they are written in one transaction a few milliseconds later. A
 * transaction of whole matches leaves each match whole or absent after a crash, and the
 * pages every write touches (rank_version, the last leaves of the tables and of the time-ordered
 * indexes, busy players' index and totals pages) go into the log once per group instead of once
 * per match: 12.5 pages per match in groups of 8 against 20 alone (tests/bench/README.md).
 * The two inserts are prepared once per store (st->match_insert, st->player_insert): preparing
 * them compiles their triggers and foreign key checks, a sizeable part of a single write.
 *
 * The pending-matches file (store_spill.h) holds queued matches as JSON lines: dumped from a
 * queue's copies, read back into a queue through ippon_store_batch_add like any finished match.
 */
#include "store/store_matches.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/mode.h"
#include "ippon/rules.h"

#include "store/ladder_writes.h"
#include "store/store_event_rounds.h"
#include "store/match_ladder.h"
#include "store/store_board.h"
#include "store/store_private.h"
#include "store/store_queue_stats.h"
#include "store/rating_writes.h"
#include "store/review_writes.h"
#include "store/season_writes.h"
#include "store/store_profiles.h"
#include "store/store_writer.h"

static int fail(ippon_store *st, char *err, size_t errlen, const char *what)
{
    ippon_store_failed(st, what); /* its code first: the ROLLBACK would replace it */
    snprintf(err, errlen, "%s: %s", what, st->last_message);
    ippon_sql_rollback(st->db);
    return -1;
}

/* the two statements of a write (prepared once per store: st->match_insert, st->player_insert) */
typedef struct writer {
    ippon_sql_stmt *match, *player;
} writer;

/* a finished match as written: the record's fields with the logs serialized, who won and who
   dealt in, in storage of its own (a queue keeps it after the table is gone) */
typedef struct pending {
    ippon_stored_match rec;
    char *id, *rules, *seeds, *actions, *wins; /* rules: the preset's name */
    char *fairness; /* NULL: none (stored_match.h) */
    ippon_seat_player seats[4];
    int32_t finals[4], results[4];
    bool won[4], dealt_in[4];
    bool reviewed; /* review[] holds the human seats' review summaries (review_writes.h) */
    bool review_want[4];
    ippon_review_row review[4];
    bool stored;   /* committed (by this queue's writes) */
    bool inserted; /* ... and new then: not a match the database already held */
} pending;

/* what a queue's writes changed, for telling a store's caches (tell) */
typedef struct written {
    bool one;      /* every stored match went in one transaction: the versions below hold */
    bool unknown;  /* stored by several transactions: the caches load again */
    int64_t before, after;            /* rank_version.data around the inserts */
    ippon_profiles_version pbefore, pafter;
} written;

/* which seats won (top result > 0) and which dealt in (a ron was won from them) */
static void outcome(const ippon_stored_match *r, bool won[4], bool dealt_in[4])
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
    free(p->fairness);
    memset(p, 0, sizeof *p);
}

/* copies a checked record into p (its json values serialized); 0, or -1 out of memory */
static int pending_make(pending *p, const ippon_stored_match *r)
{
    memset(p, 0, sizeof *p);
    p->rec = *r;
    p->id = strdup(r->id);
    p->rules = strdup(r->rules->name);
    p->seeds = json_dumps(r->seeds, JSON_COMPACT);
    p->actions = json_dumps(r->actions, JSON_COMPACT);
    p->wins = json_dumps(r->wins, JSON_COMPACT);
    p->fairness = r->fairness ? json_dumps(r->fairness, JSON_COMPACT) : NULL;
    if (!p->id || !p->rules || !p->seeds || !p->actions || !p->wins || (r->fairness && !p->fairness)) {
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
    p->rec.seeds = p->rec.actions = p->rec.wins = p->rec.fairness = NULL;
    return 0;
}

static int insert_match(ippon_store *st, writer *w, const pending *p, char *err, size_t errlen)
{
    ippon_sql_stmt *q = w->match;
    const ippon_stored_match *r = &p->rec;
    ippon_sql_bind_text(q, 1, r->id);
    ippon_sql_bind_text(q, 2, ippon_mode_name(ippon_mode_of_players(r->players)));
    ippon_sql_bind_text(q, 3, p->rules);
    ippon_sql_bind_int64(q, 4, r->ranked);
    ippon_sql_bind_int64(q, 5, r->completed);
    ippon_sql_bind_int64(q, 6, r->started_ms);
    ippon_sql_bind_int64(q, 7, r->ended_ms);
    ippon_sql_bind_int64(q, 8, r->hands);
    ippon_sql_bind_text(q, 9, p->seeds);
    ippon_sql_bind_text(q, 10, p->actions);
    ippon_sql_bind_text(q, 11, p->wins);
    if (p->fairness)
        ippon_sql_bind_text(q, 12, p->fairness);
    else
        ippon_sql_bind_null(q, 12);
    ippon_sql_bind_int64(q, 13, r->private_match);
    int rc = ippon_sql_step(q);
    ippon_sql_reset(q);
    ippon_sql_clear_bindings(q);
    if (rc != IPPON_SQL_DONE)
        return fail(st, err, errlen, "insert match");
    return ippon_sql_changes(st->db);
}

static int insert_players(ippon_store *st, writer *w, const pending *p, char *err, size_t errlen)
{
    ippon_sql_stmt *q = w->player;
    const ippon_stored_match *r = &p->rec;
    for (int s = 0; s < r->players; s++) {
        const ippon_seat_player *pl = &r->seats[s];
        ippon_sql_bind_text(q, 1, r->id);
        ippon_sql_bind_int64(q, 2, s);
        if (pl->bot)
            ippon_sql_bind_null(q, 3);
        else
            ippon_sql_bind_text(q, 3, pl->user_id);
        ippon_sql_bind_text(q, 4, pl->name);
        ippon_sql_bind_int64(q, 5, pl->bot);
        ippon_sql_bind_int64(q, 6, r->final_points[s]);
        ippon_sql_bind_int64(q, 7, r->results[s]);
        ippon_sql_bind_int64(q, 8, p->won[s]);
        ippon_sql_bind_int64(q, 9, p->dealt_in[s]);
        ippon_sql_bind_int64(q, 10, r->ended_ms);
        ippon_sql_bind_text(q, 11, ippon_mode_name(ippon_mode_of_players(r->players)));
        ippon_sql_bind_int64(q, 12, r->ranked && r->completed);
        int rc = ippon_sql_step(q);
        ippon_sql_reset(q);
        ippon_sql_clear_bindings(q); /* the bound text is the caller's: nothing kept past the write */
        if (rc != IPPON_SQL_DONE)
            return fail(st, err, errlen, "insert match player");
    }
    return 0;
}

/* rates p if it counts (rating_writes.h), in the transaction that stores it: 0 or -1 */
static int rate(ippon_store *st, const pending *p, char *err, size_t errlen)
{
    const ippon_stored_match *r = &p->rec;
    if (!ippon_rating_counts(r->ranked, r->completed, r->private_match))
        return 0;
    ippon_rated_match m = {.match_id = r->id, .mode = ippon_mode_of_players(r->players), .players = r->players,
                           .ended_ms = r->ended_ms};
    for (int s = 0; s < r->players; s++)
        m.seats[s] = (ippon_rated_seat){r->seats[s].bot ? NULL : r->seats[s].user_id, r->final_points[s],
                                        r->results[s]};
    return ippon_rating_write(st, &m) < 0 ? fail(st, err, errlen, "rate match") : 0;
}

/* adds p's counted games to their players' seasons (season_writes.h), in the transaction that
   stores it: 0 or -1 */
static int add_to_seasons(ippon_store *st, const pending *p, char *err, size_t errlen)
{
    const ippon_stored_match *r = &p->rec;
    ippon_season_game games[4];
    int n = 0;
    if (r->ranked && r->completed)
        for (int s = 0; s < r->players; s++)
            if (!r->seats[s].bot && r->seats[s].user_id[0])
                games[n++] = (ippon_season_game){r->seats[s].user_id, r->results[s], p->won[s]};
    return ippon_season_write(st, ippon_mode_of_players(r->players), r->ended_ms, games, n) < 0
               ? fail(st, err, errlen, "add to the seasons")
               : 0;
}

/* reviews p's human seats (review_writes.h: the hook main.c sets), once, before the transaction
   that stores it: a registered or guest player's seat, not a built-in bot's or a bot account's AI */
static void review_pending(pending *p)
{
    ippon_match_reviewer reviewer = ippon_store_reviewer();
    if (p->reviewed || !reviewer)
        return;
    bool any = false;
    for (int s = 0; s < p->rec.players; s++)
        any |= p->review_want[s] = !p->seats[s].bot && !p->seats[s].mjai && p->seats[s].user_id[0];
    json_t *seeds = any ? json_loads(p->seeds, 0, NULL) : NULL, *actions = any ? json_loads(p->actions, 0, NULL) : NULL;
    if (seeds && actions)
        reviewer(p->id, p->rules, seeds, actions, p->rec.players, p->review_want, p->review);
    else
        memset(p->review_want, 0, sizeof p->review_want); /* no human seat, or out of memory: filled later */
    json_decref(seeds);
    json_decref(actions);
    p->reviewed = true;
}

/* writes p's review summaries in the transaction that stores it: 0 or -1 */
static int write_reviews(ippon_store *st, const pending *p, char *err, size_t errlen)
{
    for (int s = 0; s < p->rec.players; s++)
        if (p->review_want[s] && ippon_review_row_write(st, p->id, s, &p->review[s]) != 0)
            return fail(st, err, errlen, "write the review summary");
    return 0;
}

/* tells the in-memory leaderboard about a match written (after the commit) */
static void tell_board(ippon_store *st, const pending *p, int64_t before, int64_t after)
{
    const ippon_stored_match *r = &p->rec;
    ippon_board_game games[4];
    int n = 0;
    if (p->inserted && r->ranked && r->completed)
        for (int s = 0; s < r->players; s++)
            if (!r->seats[s].bot && r->seats[s].user_id[0])
                games[n++] = (ippon_board_game){r->seats[s].user_id, r->results[s], p->won[s]};
    ippon_board_written(st, before, after, ippon_mode_of_players(r->players), r->ended_ms, games, n);
}

/* tells the kept profile replies whose players the matches written concern (after the commit) */
static void tell_profiles(ippon_store *st, const pending *ps, int n, const ippon_profiles_version *before,
                          const ippon_profiles_version *after)
{
    enum { CHUNK = 256 };
    const char *ids[CHUNK];
    int count = 0;
    bool first = true;
    for (int i = 0; i < n; i++)
        for (int s = 0; ps[i].inserted && s < ps[i].rec.players; s++) {
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

/* tells st's caches what the writes recorded in w did to the matches ps (see written) */
static void tell(ippon_store *st, const pending *ps, int n, const written *w)
{
    if (w->unknown) {
        ippon_store_caches_forget(st);
    } else if (w->one) {
        /* the first match takes the board from `before` to `after`; the others add to it */
        bool first = true;
        for (int i = 0; i < n; i++)
            if (ps[i].stored) {
                tell_board(st, &ps[i], first ? w->before : w->after, w->after);
                first = false;
            }
        tell_profiles(st, ps, n, &w->pbefore, &w->pafter);
    }
}

static bool record_ok(const ippon_stored_match *r, char *err, size_t errlen)
{
    if (!r || !r->id || !r->rules || !r->seats || !r->final_points || !r->results || r->players < 3 ||
        r->players > 4) {
        snprintf(err, errlen, "match %s: incomplete record", r && r->id ? r->id : "(no id)");
        return false;
    }
    return true;
}

/*
 * Writes the matches of ps not stored yet in one transaction (everything or nothing), marks them
 * stored and inserted, and records the versions around the inserts in w (a second transaction
 * for the same matches makes w unknown). 0 or -1.
 */
static int write_pending(ippon_store *st, pending *ps, int n, written *w, char *err, size_t errlen)
{
    static const char match_sql[] =
        "INSERT INTO matches (id, mode, rules, ranked, completed, started_at, ended_at, hands, seeds,"
        " actions, wins, fairness, private) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT DO NOTHING";
    static const char player_sql[] =
        "INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot, final_points, result, won,"
        " dealt_in, ended_at, mode, counted, voided) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,0)";
    st->last_error = 0;
    if (!st->match_insert &&
        !(st->match_insert = ippon_store_prepare(st, match_sql)))
        return fail(st, err, errlen, "prepare");
    if (!st->player_insert &&
        !(st->player_insert = ippon_store_prepare(st, player_sql)))
        return fail(st, err, errlen, "prepare");
    writer wr = {st->match_insert, st->player_insert};
    for (int i = 0; i < n; i++) /* the reviews read nothing from the database: before the transaction */
        if (!ps[i].stored)
            review_pending(&ps[i]);
    bool *inserted = calloc((size_t)(n > 0 ? n : 1), sizeof *inserted);
    int64_t before = 0, after = 0, names;
    ippon_profiles_version profiles_before, profiles_after;
    int rc = -1;
    if (!inserted)
        snprintf(err, errlen, "out of memory");
    else if (ippon_sql_begin(st->db) != 0)
        fail(st, err, errlen, "begin");
    else if (ippon_board_read_version(st, &before, &names) != 0 ||
             ippon_profiles_read_version(st, &profiles_before) != 0)
        fail(st, err, errlen, "read rank_version");
    else {
        rc = 0;
        for (int i = 0; i < n && rc == 0; i++) {
            if (ps[i].stored)
                continue;
            int got = insert_match(st, &wr, &ps[i], err, errlen);
            if (got < 0 || (got > 0 && (insert_players(st, &wr, &ps[i], err, errlen) < 0 ||
                                        rate(st, &ps[i], err, errlen) < 0 ||
                                        add_to_seasons(st, &ps[i], err, errlen) < 0 ||
                                        write_reviews(st, &ps[i], err, errlen) < 0 ||
                                        (ippon_ladder_write(st, &ps[i].rec, ps[i].won) < 0 &&
                                         fail(st, err, errlen, "record the ladder match") < 0) ||
                                        (ippon_event_match_write(st, &ps[i].rec) < 0 &&
                                         fail(st, err, errlen, "record the event table's match") < 0))))
                rc = -1;
            else if (got > 0 && ippon_store_queue_record(st, &ps[i].rec) < 0) /* store_queue_stats.h */
                rc = fail(st, err, errlen, "record the queue's statistics");
            else
                inserted[i] = got > 0;
        }
        if (rc == 0 && (ippon_board_read_version(st, &after, &names) != 0 ||
                        ippon_profiles_read_version(st, &profiles_after) != 0))
            rc = fail(st, err, errlen, "read rank_version");
        if (rc == 0 && ippon_sql_commit(st->db) != 0)
            rc = fail(st, err, errlen, "commit");
    }
    if (rc == 0) {
        bool any = false;
        for (int i = 0; i < n; i++)
            if (!ps[i].stored) {
                ps[i].stored = true;
                ps[i].inserted = inserted[i];
                any = true;
            }
        if (any && (w->one || w->unknown)) {
            w->one = false;
            w->unknown = true;
        } else if (any) {
            *w = (written){.one = true, .before = before, .after = after, .pbefore = profiles_before,
                           .pafter = profiles_after};
        }
    }
    free(inserted);
    return rc;
}

int ippon_store_save_matches(ippon_store *st, const ippon_stored_match *const *recs, int n, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++)
        if (!record_ok(recs[i], err, errlen))
            return -1;
    pending *ps = calloc((size_t)(n > 0 ? n : 1), sizeof *ps);
    int made = 0, rc = -1;
    while (ps && made < n && pending_make(&ps[made], recs[made]) == 0)
        made++;
    written w = {0};
    if (!ps || made < n)
        snprintf(err, errlen, "out of memory");
    else if ((rc = write_pending(st, ps, n, &w, err, errlen)) == 0)
        tell(st, ps, n, &w);
    for (int i = 0; i < made; i++)
        pending_clear(&ps[i]);
    free(ps);
    return rc;
}

int ippon_store_save_match(ippon_store *st, const ippon_stored_match *rec, char *err, size_t errlen)
{
    return ippon_store_save_matches(st, &rec, 1, err, errlen);
}

struct ippon_store_batch {
    pending *items;
    int n, cap;
    written w; /* what its writes changed, until told */
};

ippon_store_batch *ippon_store_batch_new(void) { return calloc(1, sizeof(ippon_store_batch)); }

void ippon_store_batch_each(const ippon_store_batch *q, bool stored, void (*fn)(void *ctx, const char *match_id),
                            void *ctx)
{
    for (int i = 0; q && i < q->n; i++)
        if (q->items[i].stored == stored)
            fn(ctx, q->items[i].id);
}

static void queue_clear(ippon_store_batch *q)
{
    for (int i = 0; i < q->n; i++)
        pending_clear(&q->items[i]);
    q->n = 0;
    q->w = (written){0};
}

void ippon_store_batch_free(ippon_store_batch *q)
{
    if (!q)
        return;
    queue_clear(q);
    free(q->items);
    free(q);
}

int ippon_store_batch_count(const ippon_store_batch *q) { return q ? q->n : 0; }

int ippon_store_batch_unstored(const ippon_store_batch *q)
{
    int n = 0;
    for (int i = 0; q && i < q->n; i++)
        n += !q->items[i].stored;
    return n;
}

int ippon_store_batch_add(ippon_store_batch *q, const ippon_stored_match *rec, char *err, size_t errlen)
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

/*
 * Writes the queue's matches not stored yet in one transaction (everything or nothing) and marks
 * them stored. 0, or -1 with err saying why (and the store's last failure noted: the writer tells a
 * locked database from a full disk by it).
 */
static int ippon_store_batch_write(ippon_store *st, ippon_store_batch *q, char *err, size_t errlen)
{
    return ippon_store_batch_unstored(q) ? write_pending(st, q->items, q->n, &q->w, err, errlen) : 0;
}

/*
 * The same, one match per transaction: after the group failed for a reason that was not the
 * database's state (a match it refuses), so that such a match costs only itself. 0 if every
 * match is stored now, else -1 with err naming the last match that failed.
 */
static int ippon_store_batch_write_each(ippon_store *st, ippon_store_batch *q, char *err, size_t errlen)
{
    /* the failure noted at the end is one of the database's state if any was (the writer then tries
       again soon), else the last refusal */
    ippon_sql_failure code = IPPON_SQL_FINE;
    char message[sizeof st->last_message] = "";
    for (int i = 0; i < q->n; i++) {
        char one[256];
        if (q->items[i].stored || write_pending(st, &q->items[i], 1, &q->w, one, sizeof one) == 0)
            continue;
        snprintf(err, errlen, "match %s: %s", q->items[i].id, one);
        if (!code || ippon_write_class_of(code) == IPPON_WRITE_REFUSED) {
            code = st->last_error ? st->last_error : IPPON_SQL_BUSY;
            snprintf(message, sizeof message, "%s", st->last_message);
        }
    }
    st->last_error = code;
    snprintf(st->last_message, sizeof st->last_message, "%s", message);
    return code ? -1 : 0;
}

int ippon_store_batch_store(ippon_store *st, ippon_store_batch *q, char *err, size_t errlen)
{
    if (ippon_store_batch_write(st, q, err, errlen) == 0)
        return 0;
    if (!st->last_error || ippon_write_class_of(st->last_error) != IPPON_WRITE_REFUSED)
        return -1; /* the database's state: the whole group is tried again */
    return ippon_store_batch_write_each(st, q, err, errlen);
}

void ippon_store_batch_tell(ippon_store *st, ippon_store_batch *q)
{
    tell(st, q->items, q->n, &q->w);
    q->w = (written){0};
}

int ippon_store_write_batch(ippon_store *st, ippon_store_batch *q, char *err, size_t errlen)
{
    /* the group failed as a whole: each match alone, so that one bad match costs only itself */
    if (ippon_store_batch_write(st, q, err, errlen) != 0)
        ippon_store_batch_write_each(st, q, err, errlen);
    int lost = ippon_store_batch_unstored(q);
    ippon_store_batch_tell(st, q);
    queue_clear(q);
    return lost;
}

/* ---- the pending-matches file's lines ----------------------------------------------------- */

static json_t *int_array(const int32_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

/* a queued match as a JSON object (new reference), or NULL when out of memory */
static json_t *pending_json(const pending *p)
{
    const ippon_stored_match *r = &p->rec;
    json_t *seats = json_array();
    for (int s = 0; seats && s < r->players; s++)
        json_array_append_new(seats, json_pack("{s:s,s:s,s:b}", "user_id", p->seats[s].user_id, "name",
                                               p->seats[s].name, "bot", p->seats[s].bot));
    json_t *o = json_pack("{s:s,s:s,s:i,s:b,s:b,s:I,s:I,s:i,s:o,s:o,s:o,s:o,s:o,s:o}", "id", p->id, "rules",
                          p->rules, "players", r->players, "ranked", r->ranked, "completed", r->completed,
                          "started_ms", (json_int_t)r->started_ms, "ended_ms", (json_int_t)r->ended_ms, "hands",
                          r->hands, "seats", seats, "final_points", int_array(p->finals, r->players), "results",
                          int_array(p->results, r->players), "seeds", json_loads(p->seeds, 0, NULL), "actions",
                          json_loads(p->actions, 0, NULL), "wins", json_loads(p->wins, 0, NULL));
    if (o && p->fairness && json_object_set_new(o, "fairness", json_loads(p->fairness, 0, NULL)) != 0) {
        json_decref(o);
        return NULL;
    }
    if (o && r->private_match && json_object_set_new(o, "private", json_true()) != 0) {
        json_decref(o);
        return NULL;
    }
    if (o && r->queue.formed && json_object_set_new(o, "queue", ippon_match_queue_json(&r->queue, r->players)) != 0) {
        json_decref(o);
        return NULL;
    }
    if (o && r->ladder.set_id[0] && json_object_set_new(o, "ladder", ippon_match_ladder_json(&r->ladder)) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

int ippon_store_batch_dump(const ippon_store_batch *q, FILE *f, const char *prefix)
{
    int written_lines = 0;
    for (int i = 0; i < q->n; i++) {
        if (q->items[i].stored)
            continue;
        json_t *o = pending_json(&q->items[i]);
        char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
        json_decref(o);
        int ok = text && fputs(prefix, f) >= 0 && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
        free(text);
        if (!ok)
            return -1;
        written_lines++;
    }
    return written_lines;
}

/* n integers of the array member name of o into out; -1 if it is not such an array */
static int int_member(const json_t *o, const char *name, int32_t *out, int n)
{
    const json_t *a = json_object_get(o, name);
    if (!json_is_array(a) || (int)json_array_size(a) != n)
        return -1;
    for (int i = 0; i < n; i++) {
        const json_t *v = json_array_get(a, (size_t)i);
        if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN || json_integer_value(v) > INT32_MAX)
            return -1;
        out[i] = (int32_t)json_integer_value(v);
    }
    return 0;
}

int ippon_store_batch_add_line(ippon_store_batch *q, const char *line, char *err, size_t errlen)
{
    json_error_t jerr;
    json_t *o = json_loads(line, JSON_REJECT_DUPLICATES, &jerr);
    const char *id = NULL, *rules_name = NULL;
    json_t *seats = NULL, *seeds = NULL, *actions = NULL, *wins = NULL, *fairness = NULL;
    int players = 0, ranked = 0, completed = 0, hands = 0;
    json_int_t started = 0, ended = 0;
    if (!o) {
        snprintf(err, errlen, "not JSON (%s at column %d)", jerr.text, jerr.column);
        return -1;
    }
    int rc = -1;
    if (json_unpack_ex(o, &jerr, 0, "{s:s,s:s,s:i,s:b,s:b,s:I,s:I,s:i,s:o,s:o,s:o,s:o,s?o}", "id", &id, "rules",
                       &rules_name, "players", &players, "ranked", &ranked, "completed", &completed, "started_ms",
                       &started, "ended_ms", &ended, "hands", &hands, "seats", &seats, "seeds", &seeds, "actions",
                       &actions, "wins", &wins, "fairness", &fairness) != 0) {
        snprintf(err, errlen, "%s", jerr.text);
    } else if (!ippon_rules_preset(rules_name) || players < 3 || players > 4 || !json_is_array(seats) ||
               (int)json_array_size(seats) != players) {
        snprintf(err, errlen, "match %s: unknown rules \"%s\" or seats not matching %d players", id, rules_name,
                 players);
    } else {
        ippon_seat_player table_seats[4];
        int32_t finals[4], results[4];
        memset(table_seats, 0, sizeof table_seats);
        bool seats_ok = int_member(o, "final_points", finals, players) == 0 &&
                        int_member(o, "results", results, players) == 0;
        for (int s = 0; seats_ok && s < players; s++) {
            const json_t *seat = json_array_get(seats, (size_t)s);
            const char *user_id = json_string_value(json_object_get(seat, "user_id"));
            const char *name = json_string_value(json_object_get(seat, "name"));
            seats_ok = user_id && name && json_is_boolean(json_object_get(seat, "bot")) &&
                       strlen(user_id) < sizeof table_seats[s].user_id && strlen(name) < sizeof table_seats[s].name;
            if (seats_ok) {
                snprintf(table_seats[s].user_id, sizeof table_seats[s].user_id, "%s", user_id);
                snprintf(table_seats[s].name, sizeof table_seats[s].name, "%s", name);
                table_seats[s].bot = json_is_true(json_object_get(seat, "bot"));
            }
        }
        if (!seats_ok) {
            snprintf(err, errlen, "match %s: a seat, final_points or results is malformed", id);
        } else if (fairness && !json_is_object(fairness)) {
            snprintf(err, errlen, "match %s: fairness: not an object", id);
        } else {
            ippon_stored_match rec = {.id = id, .rules = ippon_rules_preset(rules_name), .players = players,
                                      .ranked = ranked, .completed = completed, .started_ms = started,
                                      .ended_ms = ended, .hands = hands, .seats = table_seats,
                                      .final_points = finals, .results = results, .seeds = seeds,
                                      .actions = actions, .wins = wins, .fairness = fairness,
                                      .private_match = json_is_true(json_object_get(o, "private"))};
            ippon_match_queue_read(json_object_get(o, "queue"), players, &rec.queue);
            if (ippon_match_ladder_read(json_object_get(o, "ladder"), players, &rec.ladder) != 0)
                snprintf(err, errlen, "match %s: ladder: not a set id and rotation", id);
            else
                rc = ippon_store_batch_add(q, &rec, err, errlen);
        }
    }
    json_decref(o);
    return rc;
}
