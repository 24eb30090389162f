/*
 * review_writes.c — the review summaries' rows (review_writes.h): the hook, one row's write, and
 * the seats filled later.
 */
#include "store/review_writes.h"

#include <string.h>

#include "store/store_private.h"
#include "store/store_rankings.h"

static ippon_match_reviewer reviewer; /* set once by main.c before the writer's thread starts */

void ippon_store_set_reviewer(ippon_match_reviewer fn) { reviewer = fn; }

ippon_match_reviewer ippon_store_reviewer(void) { return reviewer; }

int ippon_review_row_write(ippon_store *st, const char *match_id, int seat, const ippon_review_row *row)
{
    static const char sql[] =
        "INSERT INTO review_summaries (match_id, seat, version, failed, decisions, agreed, marks_efficiency,"
        " marks_defence, marks_call, marks_riichi, marks_win, marks_small, marks_clear, marks_big)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (match_id, seat) DO UPDATE SET"
        " version = excluded.version, failed = excluded.failed, decisions = excluded.decisions,"
        " agreed = excluded.agreed, marks_efficiency = excluded.marks_efficiency,"
        " marks_defence = excluded.marks_defence, marks_call = excluded.marks_call,"
        " marks_riichi = excluded.marks_riichi, marks_win = excluded.marks_win,"
        " marks_small = excluded.marks_small, marks_clear = excluded.marks_clear, marks_big = excluded.marks_big";
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q) {
        ippon_store_failed(st, "prepare the review summary");
        return -1;
    }
    const ippon_review_summary *s = &row->sum;
    int64_t values[] = {seat, IPPON_REVIEW_VERSION, row->failed, s->decisions, s->agreed,
                        s->by_category[IPPON_REVIEW_EFFICIENCY], s->by_category[IPPON_REVIEW_DEFENCE],
                        s->by_category[IPPON_REVIEW_CALLS], s->by_category[IPPON_REVIEW_RIICHIS],
                        s->by_category[IPPON_REVIEW_WINS], s->by_severity[IPPON_REVIEW_SMALL],
                        s->by_severity[IPPON_REVIEW_CLEAR], s->by_severity[IPPON_REVIEW_BIG]};
    ippon_sql_bind_text(q, 1, match_id);
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        ippon_sql_bind_int64(q, (int)i + 2, values[i]);
    int rc = ippon_sql_step(q);
    if (rc != IPPON_SQL_DONE)
        ippon_store_failed(st, "write the review summary");
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

/* reviews one gap and writes its row in a transaction of its own: 0, or -1 noted */
static int fill_one(ippon_store *st, const ippon_review_gap *gap)
{
    ippon_stored_replay record;
    int rc = ippon_store_match_replay(st, gap->match_id, &record);
    if (rc == IPPON_STORE_NOT_FOUND)
        return 0;
    if (rc != 0) {
        ippon_store_failed(st, "read a match to review");
        return -1;
    }
    int players = ippon_rules_preset(record.rules) ? ippon_rules_preset(record.rules)->players : 4;
    bool want[4] = {false};
    ippon_review_row rows[4];
    memset(rows, 0, sizeof rows);
    want[gap->seat & 3] = gap->seat >= 0 && gap->seat < players;
    reviewer(gap->match_id, record.rules, record.seeds, record.actions, players, want, rows);
    ippon_stored_replay_free(&record);
    if (!want[gap->seat & 3])
        return 0;
    if (ippon_store_begin(st) != 0)
        return -1;
    if (ippon_review_row_write(st, gap->match_id, gap->seat, &rows[gap->seat]) != 0) {
        ippon_sql_rollback(st->db);
        return -1;
    }
    if (ippon_store_exec(st, "COMMIT") != 0) {
        ippon_sql_rollback(st->db);
        return -1;
    }
    return 0;
}

int ippon_review_fill(ippon_store *st, const ippon_review_gap *gaps, int n)
{
    for (int i = 0; reviewer && i < n; i++)
        if (fill_one(st, &gaps[i]) != 0)
            return -1;
    return 0;
}
