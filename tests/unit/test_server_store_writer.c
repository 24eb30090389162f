/*
 * test_server_store_writer.c — the store writer (store_writer.c) and what rides on it: jobs run in
 * order on the writer's thread and complete on the polling thread; a job failing for the
 * database's state is tried again after a back-off while the jobs behind it wait; a request is
 * given up after IPPON_WRITE_ANSWER_MS and one the database refuses is not tried again; the health
 * status says how the last attempt ended; a finished match written twice (two groups, or the
 * pending-matches file read back after the match was stored) is stored once and counted once, and
 * the loop store's leaderboard follows the writes; the pending-matches file holds a match whole
 * (store_spill.c) and is removed once its matches are stored (pending_matches.c); and the start-up
 * guards of the database's files (db_guard.c): a folder that is a file, a database that is a
 * folder, one server per database. And the event loop's reading connection: a read that finds
 * the database locked does not wait, and its REST call answers 503 busy.
 *
 * Failures are injected by jobs that note a SQLite code on the writer's store as the store's own
 * functions do (store_private.h: ippon_store_failed) and return -1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <sqlite3.h> /* the writer against SQLite's own locks and failure codes */

#include "server_fixture.h"

#include "store/db_guard.h"
#include "base/log.h"
#include "store/pending_matches.h"
#include "api/rest.h"
#include "api/rankings_json.h"
#include "store/store_rankings.h"
#include "store/store_spill.h"
#include "store/store_writer.h"

static char dir[256], db[300];
static ippon_store *loop_st; /* the event loop's store, a reader as in the server */
static ippon_writer *writer;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int setup(void **state)
{
    (void)state;
    ippon_log_level_set(IPPON_LOG_ERROR);
    char err[512];
    if (fixture_temp_db(dir, sizeof dir, db, sizeof db, "writer") != 0 || fixture_store_migrated(&loop_st, db) != 0 ||
        ippon_store_make_reader(loop_st) != 0 || ippon_writer_start(&writer, db, NULL, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "setup: %s\n", err);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ippon_writer_free(writer);
    writer = NULL;
    fixture_store_close(&loop_st);
    fixture_remove_tree(dir);
    return 0;
}

/* poll until *count reaches want (10 s at most) */
static void poll_until(const int *count, int want)
{
    for (int i = 0; i < 10000 && *count < want; i++)
        if (ippon_writer_poll(writer) == 0)
            sleep_ms(1);
    assert_int_equal(*count, want);
}

/* ---- order, threads ------------------------------------------------------------------------ */

enum { JOBS = 40 };

typedef struct order_log {
    int ran[JOBS], n_ran;        /* written by the writer's thread only */
    pthread_t run_thread[JOBS];
    int done[JOBS], n_done;      /* written by the polling thread only */
    pthread_t done_thread[JOBS];
    int rc[JOBS];
} order_log;

typedef struct order_job {
    order_log *log;
    int index;
} order_job;

static order_job order_jobs[JOBS];

static int order_run(ippon_store *st, void *arg)
{
    (void)st;
    order_job *j = arg;
    j->log->run_thread[j->log->n_ran] = pthread_self();
    j->log->ran[j->log->n_ran++] = j->index;
    return j->index % 3 == 0 ? IPPON_STORE_NOT_FOUND : 0; /* an answer, not a failure */
}

static void order_done(void *arg, int rc)
{
    order_job *j = arg;
    j->log->done_thread[j->log->n_done] = pthread_self();
    j->log->rc[j->log->n_done] = rc;
    j->log->done[j->log->n_done++] = j->index;
}

static void jobs_in_order_completed_on_the_polling_thread(void **state)
{
    (void)state;
    static order_log log;
    memset(&log, 0, sizeof log);
    for (int i = 0; i < JOBS; i++) {
        order_jobs[i] = (order_job){&log, i};
        assert_int_equal(ippon_writer_submit(writer, i % 2 ? IPPON_WRITE_ANSWER : IPPON_WRITE_BACKGROUND, order_run,
                                             order_done, &order_jobs[i]),
                         0);
    }
    assert_int_equal(log.n_done, 0); /* never from inside submit */
    poll_until(&log.n_done, JOBS);
    for (int i = 0; i < JOBS; i++) {
        assert_int_equal(log.ran[i], i);
        assert_int_equal(log.done[i], i);
        assert_int_equal(log.rc[i], i % 3 == 0 ? IPPON_STORE_NOT_FOUND : 0);
        assert_false(pthread_equal(log.run_thread[i], pthread_self()));
        assert_true(pthread_equal(log.done_thread[i], pthread_self()));
    }
    ippon_writer_status ws;
    ippon_writer_status_get(writer, &ws);
    assert_true(ws.running);
    assert_int_equal(ws.queued, 0);
    assert_int_equal(ws.last, IPPON_WRITE_OK);
    assert_int_equal(ws.failures, 0);
}

/* ---- failures -------------------------------------------------------------------------------- */

typedef struct failing {
    int fail_times;   /* fail this many attempts (-1: always) */
    int code;         /* with this SQLite code */
    int attempts;
    int64_t at[16];   /* when each attempt ran */
    int done_calls, rc;
    int64_t done_at;
} failing;

static int failing_run(ippon_store *st, void *arg)
{
    failing *f = arg;
    if (f->attempts < 16)
        f->at[f->attempts] = now_ms();
    f->attempts++;
    if (f->fail_times < 0 || f->attempts <= f->fail_times) {
        st->last_error = ippon_sql_failure_of_sqlite(f->code); /* as the SQLite driver sorts it */
        snprintf(st->last_message, sizeof st->last_message, "%s", sqlite3_errstr(f->code));
        return -1;
    }
    return 0;
}

static void failing_done(void *arg, int rc)
{
    failing *f = arg;
    f->done_calls++;
    f->rc = rc;
    f->done_at = now_ms();
}

/* the writer's status once an attempt has failed (5 s at most) */
static ippon_writer_status writer_failed_once(void)
{
    ippon_writer_status ws;
    for (int i = 0; i < 5000; i++) {
        ippon_writer_status_get(writer, &ws);
        if (ws.failures > 0)
            return ws;
        sleep_ms(1);
    }
    fail_msg("no attempt failed in 5 s");
    return ws;
}

static void busy_retried_with_backoff_in_order(void **state)
{
    (void)state;
    failing first = {.fail_times = 3, .code = SQLITE_BUSY};
    failing behind = {.fail_times = 0};
    int64_t t0 = now_ms();
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_ANSWER, failing_run, failing_done, &first), 0);
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_BACKGROUND, failing_run, failing_done, &behind), 0);
    ippon_writer_status ws = writer_failed_once();
    assert_int_equal(ws.last, IPPON_WRITE_BUSY); /* retrying: what /api/health calls degraded */
    assert_int_equal(ws.queued, 2);
    assert_non_null(strstr(ws.last_error, "locked"));
    poll_until(&behind.done_calls, 1);
    assert_int_equal(first.done_calls, 1);
    assert_int_equal(first.rc, 0);
    assert_int_equal(first.attempts, 4);
    /* back-off: 25, 50, 100 ms between the attempts; the job behind waited for the last */
    assert_true(first.at[1] - first.at[0] >= 25);
    assert_true(first.at[2] - first.at[1] >= 50);
    assert_true(first.at[3] - first.at[2] >= 100);
    assert_true(first.at[3] - t0 >= 175);
    assert_int_equal(behind.attempts, 1);
    assert_true(behind.at[0] >= first.at[3]);
    ippon_writer_status_get(writer, &ws);
    assert_int_equal(ws.last, IPPON_WRITE_OK);
    assert_int_equal(ws.failures, 3);
    assert_int_equal(ws.queued, 0);
}

static void given_up_refused_and_unwritable(void **state)
{
    (void)state;
    /* a request the database never takes: given up after IPPON_WRITE_ANSWER_MS, not before */
    failing locked = {.fail_times = -1, .code = SQLITE_BUSY};
    int64_t t0 = now_ms();
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_ANSWER, failing_run, failing_done, &locked), 0);
    poll_until(&locked.done_calls, 1);
    assert_int_equal(locked.rc, IPPON_WRITE_UNAVAILABLE);
    assert_true(locked.done_at - t0 >= IPPON_WRITE_ANSWER_MS);
    assert_true(locked.done_at - t0 < IPPON_WRITE_ANSWER_MS + 2500);
    assert_true(locked.attempts >= 4);

    /* refused by the database itself (a constraint): one attempt, the caller gets -1 */
    failing refused = {.fail_times = -1, .code = SQLITE_CONSTRAINT_UNIQUE};
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_ANSWER, failing_run, failing_done, &refused), 0);
    poll_until(&refused.done_calls, 1);
    assert_int_equal(refused.rc, -1);
    assert_int_equal(refused.attempts, 1);

    /* a full disk: unwritable until a write goes through again */
    failing full = {.fail_times = 2, .code = SQLITE_FULL};
    uint64_t failures_before = writer_failed_once().failures;
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_MATCHES, failing_run, failing_done, &full), 0);
    ippon_writer_status ws;
    for (int i = 0; i < 5000; i++) {
        ippon_writer_status_get(writer, &ws);
        if (ws.failures > failures_before)
            break;
        sleep_ms(1);
    }
    assert_int_equal(ws.last, IPPON_WRITE_UNWRITABLE);
    assert_int_equal(ws.matches_queued, 1);
    poll_until(&full.done_calls, 1);
    assert_int_equal(full.rc, 0);
    ippon_writer_status_get(writer, &ws);
    assert_int_equal(ws.last, IPPON_WRITE_OK);

    assert_int_equal(ippon_write_class_of(ippon_sql_failure_of_sqlite(SQLITE_IOERR_WRITE)), IPPON_WRITE_UNWRITABLE);
    assert_int_equal(ippon_write_class_of(ippon_sql_failure_of_sqlite(SQLITE_READONLY)), IPPON_WRITE_UNWRITABLE);
    assert_int_equal(ippon_write_class_of(ippon_sql_failure_of_sqlite(SQLITE_BUSY_SNAPSHOT)), IPPON_WRITE_BUSY);
    assert_int_equal(ippon_write_class_of(ippon_sql_failure_of_sqlite(SQLITE_CONSTRAINT_TRIGGER)), IPPON_WRITE_REFUSED);
}

static void matches_never_given_up_until_stopped(void **state)
{
    (void)state;
    /* a match the database refuses is set aside (not given up), and a locked one is retried until
       the writer stops; then both come back IPPON_WRITE_STOPPED, and later requests are refused */
    failing refused = {.fail_times = -1, .code = SQLITE_CONSTRAINT_CHECK};
    failing locked = {.fail_times = -1, .code = SQLITE_LOCKED};
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_MATCHES, failing_run, failing_done, &refused), 0);
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_MATCHES, failing_run, failing_done, &locked), 0);
    sleep_ms(IPPON_WRITE_ANSWER_MS + 500);
    assert_int_equal(ippon_writer_poll(writer), 0); /* neither given up */
    ippon_writer_stop(writer, 300);
    assert_int_equal(refused.attempts, 1); /* it would be tried again only after a minute */
    assert_true(locked.attempts > 4);
    assert_int_equal(refused.done_calls, 1);
    assert_int_equal(refused.rc, IPPON_WRITE_STOPPED);
    assert_int_equal(locked.done_calls, 1);
    assert_int_equal(locked.rc, IPPON_WRITE_STOPPED);
    failing late = {.fail_times = 0};
    assert_int_equal(ippon_writer_submit(writer, IPPON_WRITE_ANSWER, failing_run, failing_done, &late), -1);
    ippon_writer_status ws;
    ippon_writer_status_get(writer, &ws);
    assert_false(ws.running);
}

/* ---- matches ---------------------------------------------------------------------------------- */

/* one finished 4p match of three guests and a bot, its own storage */
typedef struct made {
    char id[IPPON_USER_ID_LEN + 1];
    ippon_seat_player seats[4];
    int32_t finals[4], results[4];
    json_t *seeds, *actions, *wins;
    ippon_stored_match rec;
} made;

static void make(made *m, int n, int64_t ended_ms)
{
    static const int32_t results[4] = {8000, -8000, 0, 0};
    memset(m, 0, sizeof *m);
    snprintf(m->id, sizeof m->id, "%030x%02d", 0xabc, n);
    for (int s = 0; s < 4; s++) {
        m->seats[s].bot = s == 3;
        if (!m->seats[s].bot)
            snprintf(m->seats[s].user_id, sizeof m->seats[s].user_id, "%s", fixture_uid((char)('a' + s)));
        snprintf(m->seats[s].name, sizeof m->seats[s].name, "p%d", s);
        m->results[s] = results[s];
        m->finals[s] = 25000 + results[s];
    }
    m->seeds = json_pack("[s]", "ab");
    m->actions = json_pack("[[i,i,{s:s,s:s}]]", 0, 0, "type", "discard", "tile", "5m");
    m->wins = json_pack("[{s:i,s:i}]", "seat", 0, "from", 1);
    m->rec = (ippon_stored_match){.id = m->id, .rules = ippon_rules_preset("yonma"), .players = 4, .ranked = true,
                                  .completed = true, .started_ms = ended_ms - 60000, .ended_ms = ended_ms, .hands = 1,
                                  .seats = m->seats, .final_points = m->finals, .results = m->results,
                                  .seeds = m->seeds, .actions = m->actions, .wins = m->wins};
}

static void unmake(made *m)
{
    json_decref(m->seeds);
    json_decref(m->actions);
    json_decref(m->wins);
}

static int64_t one_int(const char *sql)
{
    return fixture_int(loop_st, sql);
}

/* the 4p all-time leaderboard on the loop's store: the games of fixture_uid('a') */
static int64_t board_games_of_a(void)
{
    json_t *page = NULL;
    ippon_leaderboard_query q = {IPPON_MODE_4P, IPPON_PERIOD_ALL, 1800000000000LL, 1, 100, 1, 0, 0};
    assert_int_equal(ippon_json_load_leaderboard(loop_st, &q, &page), 0);
    int64_t games = 0;
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(page, "rows"), i, row)
        if (!strcmp(json_string_value(json_object_get(row, "user_id")), fixture_uid('a')))
            games = json_integer_value(json_object_get(row, "games"));
    json_decref(page);
    return games;
}

static ippon_store_batch *queue_of(const made *m)
{
    ippon_store_batch *q = ippon_store_batch_new();
    char err[256];
    assert_non_null(q);
    assert_int_equal(ippon_store_batch_add(q, &m->rec, err, sizeof err), 1);
    return q;
}

static void wait_stored(ippon_pending_matches *mw)
{
    for (int i = 0; i < 10000 && ippon_pending_matches_waiting(mw) > 0; i++)
        if (ippon_writer_poll(writer) == 0)
            sleep_ms(1);
    assert_int_equal(ippon_pending_matches_waiting(mw), 0);
}

static void a_match_is_stored_and_counted_once(void **state)
{
    (void)state;
    char spill[400];
    assert_int_equal(ippon_spill_path(db, spill, sizeof spill), 0);
    ippon_pending_matches *mw = ippon_pending_matches_new(loop_st, writer, spill);
    assert_non_null(mw);
    assert_int_equal(board_games_of_a(), 0); /* the board is loaded before the writes */
    made m;
    make(&m, 1, 1700000000000LL);
    /* the same match handed over twice (a group written again, or read back from the file after
       it was stored): one record, one result per player, one game on the board */
    assert_int_equal(ippon_pending_matches_submit(mw, queue_of(&m)), 0);
    assert_int_equal(ippon_pending_matches_submit(mw, queue_of(&m)), 0);
    assert_int_equal(ippon_pending_matches_waiting(mw), 2);
    wait_stored(mw);
    assert_int_equal(one_int("SELECT count(*) FROM matches"), 1);
    assert_int_equal(one_int("SELECT count(*) FROM match_players"), 4);
    assert_int_equal(one_int("SELECT games FROM rank_totals WHERE user_id = '000000000000000000000000000000" "0a'"),
                     1);
    assert_int_equal(board_games_of_a(), 1);
    /* and written directly once more, as after a COMMIT that reached the disk but reported a failure */
    char err[256];
    ippon_store *direct;
    assert_int_equal(ippon_store_open(&direct, db, err, sizeof err), 0);
    assert_int_equal(ippon_store_save_match(direct, &m.rec, err, sizeof err), 0);
    ippon_store_close(direct);
    assert_int_equal(one_int("SELECT count(*) FROM match_players"), 4);
    assert_int_equal(board_games_of_a(), 1);
    unmake(&m);
    ippon_pending_matches_free(mw);
}

/* the match detail of id on st (new reference) */
static json_t *detail(ippon_store *st, const char *id)
{
    json_t *d = NULL;
    assert_int_equal(ippon_json_load_match_detail(st, id, &d), 0);
    return d;
}

static void pending_file_round_trip_and_removal(void **state)
{
    (void)state;
    char spill[400], err[512];
    assert_int_equal(ippon_spill_path(db, spill, sizeof spill), 0);
    assert_non_null(strstr(spill, "ippon.db.pending.jsonl"));
    made a, b;
    make(&a, 2, 1700000001000LL);
    make(&b, 3, 1700000002000LL);
    ippon_store_batch *q = queue_of(&a);
    assert_int_equal(ippon_store_batch_add(q, &b.rec, err, sizeof err), 2);
    ippon_store_batch *qs[] = {q};
    assert_int_equal(ippon_spill_write(spill, qs, 1, err, sizeof err), 2);
    ippon_store_batch_free(q);

    /* read back at the next start: queued, stored whole, and the file removed */
    ippon_pending_matches *mw = ippon_pending_matches_new(loop_st, writer, spill);
    assert_int_equal(ippon_pending_matches_resume(mw, err, sizeof err), 2);
    wait_stored(mw);
    ippon_writer_poll(writer);
    struct stat s;
    assert_int_equal(stat(spill, &s), -1);
    /* the same as the match written directly from its record */
    ippon_store *other;
    char other_db[400];
    snprintf(other_db, sizeof other_db, "%s/other.db", dir);
    assert_int_equal(fixture_store_migrated(&other, other_db), 0);
    assert_int_equal(ippon_store_save_match(other, &a.rec, err, sizeof err), 0);
    json_t *from_file = detail(loop_st, a.id), *direct = detail(other, a.id);
    assert_true(json_equal(from_file, direct));
    json_decref(from_file);
    json_decref(direct);
    ippon_store_close(other);
    unmake(&a);
    unmake(&b);

    /* a line that cannot be read stops the start, naming the file and the line, and stays */
    FILE *f = fopen(spill, "w");
    assert_non_null(f);
    fputs("\n{\"id\": \"x\"}\n", f);
    fclose(f);
    assert_int_equal(ippon_pending_matches_resume(mw, err, sizeof err), -1);
    assert_non_null(strstr(err, "pending.jsonl:2:"));
    assert_int_equal(stat(spill, &s), 0);
    ippon_pending_matches_free(mw);
}

static void unstored_matches_spilled_at_stop(void **state)
{
    (void)state;
    char spill[400], err[512];
    assert_int_equal(ippon_spill_path(db, spill, sizeof spill), 0);
    ippon_pending_matches *mw = ippon_pending_matches_new(loop_st, writer, spill);
    made m;
    make(&m, 4, 1700000003000LL);
    /* the database locked by another connection for longer than the writer's wait at exit */
    sqlite3 *holder;
    assert_int_equal(sqlite3_open(db, &holder), SQLITE_OK);
    assert_int_equal(sqlite3_exec(holder, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(ippon_pending_matches_submit(mw, queue_of(&m)), 0);
    sleep_ms(100);
    ippon_writer_stop(writer, 200);
    assert_int_equal(ippon_pending_matches_waiting(mw), 1);
    assert_int_equal(ippon_pending_matches_spill(mw, NULL, err, sizeof err), 1);
    sqlite3_exec(holder, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(holder);
    ippon_store_batch *back = ippon_store_batch_new();
    assert_int_equal(ippon_spill_read(spill, back, err, sizeof err), 1);
    assert_int_equal(ippon_store_batch_unstored(back), 1);
    assert_int_equal(ippon_store_write_batch(loop_st, back, err, sizeof err), 0);
    assert_int_equal(one_int("SELECT count(*) FROM matches WHERE id = '000000000000000000000000000abc04'"), 1);
    ippon_store_batch_free(back);
    ippon_pending_matches_free(mw);
    unmake(&m);
}

/* ---- the event loop's reads ---------------------------------------------------------------- */

static void a_locked_read_answers_503(void **state)
{
    (void)state;
    /* a reader never waits: a read that finds the database locked fails at once, is counted, and
       the REST call answers 503 busy with Retry-After (not a 500, not an empty reply). WAL readers
       are only locked out in rare moments (another connection's recovery), so the database is
       put in rollback-journal mode here, where a writer's EXCLUSIVE lock keeps readers out. */
    char path[400];
    snprintf(path, sizeof path, "%s/rollback.db", dir);
    ippon_store *reader;
    assert_int_equal(fixture_store_migrated(&reader, path), 0);
    fixture_exec(reader, "PRAGMA journal_mode=DELETE");
    assert_int_equal(ippon_store_make_reader(reader), 0);
    sqlite3 *holder;
    assert_int_equal(sqlite3_open(path, &holder), SQLITE_OK);
    assert_int_equal(sqlite3_exec(holder, "BEGIN EXCLUSIVE", NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(ippon_store_busy_hits(reader, NULL), 0);

    ippon_app app = {.store = reader};
    ippon_rest_request req = {.method = IPPON_HTTP_GET, .path = "/api/leaderboard"};
    ippon_rest_response res;
    int64_t t0 = now_ms();
    ippon_rest_handle(&app, &req, &res);
    assert_true(now_ms() - t0 < 1000); /* no busy timeout */
    assert_int_equal(res.status, 503);
    assert_int_equal(res.retry_after, 1);
    json_t *body = json_loads(res.body, 0, NULL);
    assert_string_equal(json_string_value(json_object_get(json_object_get(body, "error"), "code")), "busy");
    json_decref(body);
    ippon_rest_response_free(&res);
    long long last;
    assert_true(ippon_store_busy_hits(reader, &last) > 0);
    assert_true(last > 0);

    sqlite3_exec(holder, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(holder);
    ippon_rest_handle(&app, &req, &res);
    assert_int_equal(res.status, 200);
    ippon_rest_response_free(&res);
    ippon_store_close(reader);
}

/* ---- the database's files -------------------------------------------------------------------- */

static void db_guard(void **state)
{
    (void)state;
    char path[400], err[512];
    /* a folder that does not exist yet is made under one that can be written */
    snprintf(path, sizeof path, "%s/new/deeper/x.db", dir);
    assert_int_equal(ippon_db_check_writable(path, err, sizeof err), 0);
    /* the folder is a file */
    snprintf(path, sizeof path, "%s/ippon.db/x.db", dir);
    assert_int_equal(ippon_db_check_writable(path, err, sizeof err), -1);
    assert_non_null(strstr(err, "is not a folder"));
    /* the database is a folder */
    snprintf(path, sizeof path, "%s/adir", dir);
    assert_int_equal(mkdir(path, 0755), 0);
    assert_int_equal(ippon_db_check_writable(path, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a regular file"));
    assert_int_equal(ippon_db_check_writable(db, err, sizeof err), 0);

    /* one server per database: another process is refused with the lock file and our pid */
    ippon_db_lock *lock;
    assert_int_equal(ippon_db_lock_take(&lock, db, err, sizeof err), 0);
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        ippon_db_lock *other;
        char why[512];
        char want[64];
        snprintf(want, sizeof want, "(pid %ld)", (long)getppid());
        int refused = ippon_db_lock_take(&other, db, why, sizeof why) == -1 && strstr(why, ".lock: ") &&
                      strstr(why, want);
        _exit(refused ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ippon_db_lock_release(lock);
    /* released: another process takes it */
    child = fork();
    if (child == 0) {
        ippon_db_lock *other;
        char why[512];
        _exit(ippon_db_lock_take(&other, db, why, sizeof why) == 0 ? 0 : 1);
    }
    assert_int_equal(waitpid(child, &status, 0), child);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(jobs_in_order_completed_on_the_polling_thread, setup, teardown),
        cmocka_unit_test_setup_teardown(busy_retried_with_backoff_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(given_up_refused_and_unwritable, setup, teardown),
        cmocka_unit_test_setup_teardown(matches_never_given_up_until_stopped, setup, teardown),
        cmocka_unit_test_setup_teardown(a_match_is_stored_and_counted_once, setup, teardown),
        cmocka_unit_test_setup_teardown(pending_file_round_trip_and_removal, setup, teardown),
        cmocka_unit_test_setup_teardown(unstored_matches_spilled_at_stop, setup, teardown),
        cmocka_unit_test_setup_teardown(a_locked_read_answers_503, setup, teardown),
        cmocka_unit_test_setup_teardown(db_guard, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
