/*
 * store_ladder.c — reading the bot ladder (store_ladder.h): a mode's board, its recent sets, and a
 * bot's standing with its rank. The same SQL on SQLite and PostgreSQL (sql.h).
 *
 * How each read finds its rows:
 *   - a board page takes its bots from ladder_ratings_by_rating (mode, mu DESC, user_id) and reads
 *     their rows by key; a bot's complete sets are its ladder matches (match_players_user_games,
 *     then ladder_matches by key) grouped by set, a set counting when ladder_matches_by_set holds
 *     every rotation of the mode: a bot's matches are read each time, so a board page costs what
 *     its bots have played;
 *   - a bot's rank counts the bots before it in ladder_ratings_by_rating;
 *   - the recent sets walk ladder_matches_by_mode (mode, ended_at DESC) from `before` down: a
 *     set is first met at its latest match, so the sets come in the order of their latest match,
 *     and a set met there with a match at or after `before` (shown on an earlier page) is passed
 *     over. At most (limit + 1) × 4 matches are read: enough for limit + 1 sets, the last saying
 *     whether more follow. Then each set's matches and seats by ladder_matches_by_set.
 */
#include "store/store_ladder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fnv.h"
#include "store/store_private.h"

/* text column col of q's row into out (cap bytes with the '\0'; NULL as "") */
static void text_of(ippon_sql_stmt *q, int col, char *out, size_t cap)
{
    const char *s = ippon_sql_column_text(q, col);
    snprintf(out, cap, "%s", s ? s : "");
}

/* ---- a bot's complete sets ----------------------------------------------------------------- */

/* the complete sets of mode (?2) that the bot ?1 played in; ?3: the mode's rotations */
static const char sets_sql[] =
    "SELECT count(*) FROM (SELECT lm.set_id FROM match_players mp JOIN ladder_matches lm ON lm.match_id = mp.match_id"
    " WHERE mp.user_id = ?1 AND mp.mode = ?2 AND lm.mode = ?2 GROUP BY lm.set_id"
    " HAVING (SELECT count(DISTINCT x.rotation) FROM ladder_matches x WHERE x.set_id = lm.set_id) = ?3) s";

/* runs q (sets_sql, prepared) for user_id in mode: the count, or -1 */
static int64_t complete_sets(ippon_sql_stmt *q, ippon_mode mode, const char *user_id)
{
    ippon_sql_reset(q);
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_text(q, 2, ippon_mode_name(mode));
    ippon_sql_bind_int64(q, 3, ippon_mode_players(mode));
    return ippon_sql_step(q) == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : -1;
}

/* ---- the board ----------------------------------------------------------------------------- */

/* a ladder_ratings row's standing columns (r.), from column `first` on */
#define STANDING_COLUMNS "r.mu, r.sigma, r.matches, r.wins, r.points, r.last_at"
static void standing_columns(ippon_sql_stmt *q, int first, ippon_ladder_standing *s)
{
    s->rating = (ippon_rating){ ippon_sql_column_double(q, first), ippon_sql_column_double(q, first + 1) };
    s->matches = ippon_sql_column_int64(q, first + 2);
    s->wins = ippon_sql_column_int64(q, first + 3);
    s->points = ippon_sql_column_int64(q, first + 4);
    s->last_at = ippon_sql_column_int64(q, first + 5);
}

int ippon_store_ladder_board(ippon_store *st, ippon_mode mode, int limit, int64_t offset, ippon_ladder_board *out)
{
    /* the page's bots from the index alone, then their rows by key */
    static const char page_sql[] =
        "SELECT r.user_id, u.display_name, b.owner_id, o.display_name, b.description, " STANDING_COLUMNS ","
        " b.ladder_suspended_at IS NOT NULL, b.deleted_at IS NOT NULL"
        " FROM (SELECT user_id FROM ladder_ratings WHERE mode = ?1 ORDER BY mu DESC, user_id LIMIT ?2 OFFSET ?3) p"
        " JOIN ladder_ratings r ON r.mode = ?1 AND r.user_id = p.user_id JOIN users u ON u.id = r.user_id"
        " LEFT JOIN bots b ON b.user_id = r.user_id LEFT JOIN users o ON o.id = b.owner_id"
        " ORDER BY r.mu DESC, r.user_id";
    *out = (ippon_ladder_board){ 0 };
    if (limit < 1 || limit > IPPON_LADDER_BOARD_MAX || offset < 0)
        return -1;
    ippon_sql_stmt *qc = ippon_store_prepare(st, "SELECT count(*) FROM ladder_ratings WHERE mode = ?1");
    ippon_sql_stmt *q = ippon_store_prepare(st, page_sql), *qs = ippon_store_prepare(st, sets_sql);
    ippon_ladder_row *rows = calloc((size_t)limit, sizeof *rows);
    int n = 0, rc = IPPON_SQL_ERROR;
    int64_t total = -1;
    if (!qc || !q || !qs || !rows)
        goto done;
    const char *name = ippon_mode_name(mode);
    ippon_sql_bind_text(qc, 1, name);
    if (ippon_sql_step(qc) != IPPON_SQL_ROW)
        goto done;
    int64_t count = ippon_sql_column_int64(qc, 0);
    ippon_sql_bind_text(q, 1, name);
    ippon_sql_bind_int64(q, 2, limit);
    ippon_sql_bind_int64(q, 3, offset);
    while (n < limit && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_ladder_row *r = &rows[n++];
        text_of(q, 0, r->user_id, sizeof r->user_id);
        text_of(q, 1, r->display_name, sizeof r->display_name);
        text_of(q, 2, r->owner_id, sizeof r->owner_id);
        text_of(q, 3, r->owner_name, sizeof r->owner_name);
        text_of(q, 4, r->description, sizeof r->description);
        standing_columns(q, 5, &r->standing);
        r->suspended = ippon_sql_column_int(q, 11) != 0;
        r->deleted = ippon_sql_column_int(q, 12) != 0;
        r->standing.rank = offset + n;
    }
    if (n < limit && rc != IPPON_SQL_DONE)
        goto done;
    for (int i = 0; i < n; i++)
        if ((rows[i].standing.sets = complete_sets(qs, mode, rows[i].user_id)) < 0)
            goto done;
    total = count;
done:
    if (total < 0)
        ippon_store_failed(st, "read the ladder's board");
    ippon_sql_finalize(qc);
    ippon_sql_finalize(q);
    ippon_sql_finalize(qs);
    if (total < 0) {
        free(rows);
        return -1;
    }
    *out = (ippon_ladder_board){ .total = total, .n = n, .rows = rows };
    return 0;
}

void ippon_ladder_board_free(ippon_ladder_board *board)
{
    if (board) {
        free(board->rows);
        *board = (ippon_ladder_board){ 0 };
    }
}

/* ---- a bot's standing ---------------------------------------------------------------------- */

int ippon_store_ladder_standing(ippon_store *st, ippon_mode mode, const char *user_id, ippon_ladder_standing *out)
{
    /* the rank: 1 + the bots before it in the board's order (mu desc, then user id) */
    static const char sql[] =
        "SELECT " STANDING_COLUMNS ", 1 + (SELECT count(*) FROM ladder_ratings o WHERE o.mode = r.mode"
        " AND o.mu >= r.mu AND (o.mu > r.mu OR o.user_id < r.user_id))"
        " FROM ladder_ratings r WHERE r.mode = ?1 AND r.user_id = ?2";
    *out = (ippon_ladder_standing){ 0 };
    ippon_sql_stmt *q = ippon_store_prepare(st, sql), *qs = NULL;
    int found = -1, rc = q ? IPPON_SQL_ROW : IPPON_SQL_ERROR;
    if (q) {
        ippon_sql_bind_text(q, 1, ippon_mode_name(mode));
        ippon_sql_bind_text(q, 2, user_id);
        rc = ippon_sql_step(q);
    }
    if (rc == IPPON_SQL_DONE) {
        found = 0;
    } else if (rc == IPPON_SQL_ROW) {
        standing_columns(q, 0, out);
        out->rank = ippon_sql_column_int64(q, 6);
        if ((qs = ippon_store_prepare(st, sets_sql)) && (out->sets = complete_sets(qs, mode, user_id)) >= 0)
            found = 1;
    }
    if (found < 0) {
        ippon_store_failed(st, "read a ladder standing");
        *out = (ippon_ladder_standing){ 0 };
    }
    ippon_sql_finalize(q);
    ippon_sql_finalize(qs);
    return found;
}

/* FNV-1a continued from h over x's eight bytes, lowest first */
static uint64_t fnv_mix(uint64_t h, uint64_t x)
{
    unsigned char bytes[8];
    for (int i = 0; i < 8; i++, x >>= 8)
        bytes[i] = (unsigned char)(x & 0xff);
    return ippon_fnv1a(h, bytes, sizeof bytes);
}

uint64_t ippon_ladder_stamp(uint64_t stamp, const ippon_ladder_standing *by_mode[IPPON_MODES])
{
    bool any = false;
    uint64_t h = fnv_mix(IPPON_FNV_OFFSET, stamp);
    for (int m = 0; m < IPPON_MODES; m++) {
        any = any || by_mode[m];
        h = fnv_mix(h, by_mode[m] ? (uint64_t)by_mode[m]->rank : 0);
    }
    /* 60 bits: the kept reply's name is "profile " and the stamp in at most 15 hex digits */
    return any ? (h & 0x0fffffffffffffffULL) | 1 : stamp;
}

/* ---- the recent sets ----------------------------------------------------------------------- */

/* a set met in the walk: its id and its latest match's end */
typedef struct set_head {
    char id[IPPON_LADDER_SET_ID_MAX + 1];
    int64_t ended_at;
} set_head;

/*
 * The heads of the sets of mode before `before`, newest first, into heads (room for limit + 1):
 * their count, *more (whether older sets follow the first limit), or -1.
 */
static int set_heads(ippon_store *st, ippon_mode mode, int64_t before, int limit, set_head *heads, bool *more)
{
    static const char sql[] =
        "SELECT m.set_id, m.ended_at FROM ladder_matches m WHERE m.mode = ?1 AND m.ended_at < ?2"
        " AND NOT EXISTS (SELECT 1 FROM ladder_matches x WHERE x.set_id = m.set_id AND x.ended_at >= ?2)"
        " ORDER BY m.ended_at DESC, m.set_id DESC LIMIT ?3";
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    int64_t cap = (int64_t)(limit + 1) * IPPON_LADDER_SEATS, rows = 0;
    ippon_sql_bind_text(q, 1, ippon_mode_name(mode));
    ippon_sql_bind_int64(q, 2, before);
    ippon_sql_bind_int64(q, 3, cap);
    int n = 0, rc = IPPON_SQL_DONE;
    while (n <= limit && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        rows++;
        const char *id = ippon_sql_column_text(q, 0);
        if (!id || strlen(id) > IPPON_LADDER_SET_ID_MAX)
            continue; /* not a set id as the writer makes them */
        bool seen = false;
        for (int i = 0; i < n && !seen; i++)
            seen = !strcmp(heads[i].id, id);
        if (!seen) {
            snprintf(heads[n].id, sizeof heads[n].id, "%s", id);
            heads[n++].ended_at = ippon_sql_column_int64(q, 1);
        }
    }
    if (n <= limit && rc != IPPON_SQL_DONE) {
        ippon_sql_finalize(q);
        return -1;
    }
    ippon_sql_finalize(q);
    /* more sets follow the first limit: one was met, or the walk stopped at its cap (a set of more
       matches than seats, which the writer never makes, could hide others) */
    *more = n > limit || rows == cap;
    return n;
}

/* the set's matches and seats, its totals, whether it is complete: 0 or -1 */
static int read_set(ippon_sql_stmt *q, ippon_mode mode, ippon_ladder_set *set)
{
    ippon_sql_reset(q);
    ippon_sql_bind_text(q, 1, set->id);
    int rc;
    bool rotation_seen[IPPON_LADDER_SEATS] = { false };
    int players = ippon_mode_players(mode), seen = 0;
    char match_id[IPPON_USER_ID_LEN + 1] = "";
    ippon_ladder_rotation *r = NULL;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        const char *id = ippon_sql_column_text(q, 1);
        if (!r || strcmp(match_id, id ? id : "") != 0) { /* the next match */
            if (set->n == IPPON_LADDER_SEATS)
                break; /* more matches than rotations: not a set as the writer makes them */
            r = &set->rotations[set->n++];
            r->rotation = ippon_sql_column_int(q, 0);
            text_of(q, 1, r->match_id, sizeof r->match_id);
            snprintf(match_id, sizeof match_id, "%s", r->match_id);
            r->ended_at = ippon_sql_column_int64(q, 2);
            if (r->rotation >= 0 && r->rotation < players && !rotation_seen[r->rotation]) {
                rotation_seen[r->rotation] = true;
                seen++;
            }
        }
        if (r->n == IPPON_LADDER_SEATS)
            continue;
        ippon_ladder_seat *s = &r->seats[r->n++];
        s->seat = ippon_sql_column_int(q, 3);
        text_of(q, 4, s->user_id, sizeof s->user_id);
        text_of(q, 5, s->display_name, sizeof s->display_name);
        s->final_points = ippon_sql_column_int(q, 6);
        s->result = ippon_sql_column_int(q, 7);
        /* its total: by user id (a built-in bot's seat by its name) */
        int t = 0;
        while (t < set->bots && (s->user_id[0] ? strcmp(set->totals[t].user_id, s->user_id)
                                               : set->totals[t].user_id[0] ||
                                                     strcmp(set->totals[t].display_name, s->display_name)))
            t++;
        if (t == set->bots) {
            if (t == IPPON_LADDER_SEATS)
                continue;
            set->bots++;
            snprintf(set->totals[t].user_id, sizeof set->totals[t].user_id, "%s", s->user_id);
            snprintf(set->totals[t].display_name, sizeof set->totals[t].display_name, "%s", s->display_name);
        }
        set->totals[t].points += s->result;
    }
    if (rc != IPPON_SQL_ROW && rc != IPPON_SQL_DONE)
        return -1;
    set->complete = seen == players;
    /* highest total first, ties by user id */
    for (int i = 1; i < set->bots; i++)
        for (int j = i; j > 0; j--) {
            ippon_ladder_total *a = &set->totals[j - 1], *b = &set->totals[j];
            if (a->points > b->points || (a->points == b->points && strcmp(a->user_id, b->user_id) <= 0))
                break;
            ippon_ladder_total swap = *a;
            *a = *b;
            *b = swap;
        }
    return 0;
}

int ippon_store_ladder_sets(ippon_store *st, ippon_mode mode, int64_t before, int limit, ippon_ladder_sets *out)
{
    static const char set_sql[] =
        "SELECT lm.rotation, lm.match_id, lm.ended_at, mp.seat, mp.user_id, COALESCE(u.display_name, mp.display_name),"
        " mp.final_points, mp.result FROM ladder_matches lm JOIN match_players mp ON mp.match_id = lm.match_id"
        " LEFT JOIN users u ON u.id = mp.user_id WHERE lm.set_id = ?1 ORDER BY lm.rotation, lm.match_id, mp.seat";
    *out = (ippon_ladder_sets){ 0 };
    if (limit < 1 || limit > IPPON_LADDER_SETS_MAX)
        return -1;
    set_head *heads = calloc((size_t)limit + 1, sizeof *heads);
    ippon_ladder_set *sets = calloc((size_t)limit, sizeof *sets);
    ippon_sql_stmt *q = NULL;
    bool more = false;
    int n = heads && sets ? set_heads(st, mode, before, limit, heads, &more) : -1, ok = 0;
    if (n < 0)
        goto done;
    if (more) {
        /* the page ends before the sets of the last one's millisecond, unless they fill it */
        int keep = n > limit ? limit : n;
        int64_t edge = heads[keep - 1].ended_at;
        int cut = keep;
        while (cut > 0 && heads[cut - 1].ended_at == edge)
            cut--;
        bool tied = n > keep ? heads[keep].ended_at == edge : true;
        n = tied && cut > 0 ? cut : keep;
    }
    if (n > 0 && !(q = ippon_store_prepare(st, set_sql)))
        goto done;
    for (int i = 0; i < n; i++) {
        snprintf(sets[i].id, sizeof sets[i].id, "%s", heads[i].id);
        sets[i].ended_at = heads[i].ended_at;
        if (read_set(q, mode, &sets[i]) != 0)
            goto done;
    }
    ok = 1;
done:
    if (!ok)
        ippon_store_failed(st, "read the ladder's sets");
    ippon_sql_finalize(q);
    free(heads);
    if (!ok) {
        free(sets);
        return -1;
    }
    *out = (ippon_ladder_sets){ .n = n, .sets = sets, .next_before = more && n > 0 ? sets[n - 1].ended_at : 0 };
    return 0;
}

void ippon_ladder_sets_free(ippon_ladder_sets *sets)
{
    if (sets) {
        free(sets->sets);
        *sets = (ippon_ladder_sets){ 0 };
    }
}
