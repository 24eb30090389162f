/*
 * store_board.c — the leaderboards in memory (store_board.h). What counts, the periods and the
 * tie rules are those of store_rankings.h; this file only makes them cheap.
 *
 * Why: at a million matches, adding up the counted games of a period on every request takes
 * from milliseconds (a day) to seconds (all time). So each store keeps, per mode and per
 * period (all, month, week, day), every player's games, total and wins, and the players in
 * rank order; a page is then a slice of an array.
 *
 * What it holds, per mode:
 *   - all time: the totals per player, loaded from rank_totals (0005_rank_totals.sql, kept by
 *     triggers in the database) and then added to as matches are written;
 *   - the counted games that ended in the last 30 days (and later), oldest first: one entry
 *     per game (time, player, result, won), each linked to the player's previous entry. Each
 *     rolling period has an edge, the first entry inside its window: its totals are the sum of
 *     the entries from the edge on. When time passes, the edge moves forward over the entries
 *     that left the window, taking them off their players' totals; a query for an earlier
 *     time moves it back. When a player's best game leaves, its best becomes unknown and is
 *     found again when the player is next shown, by walking its linked entries back to the
 *     edge.
 *   - per period, the players with at least one game in rank order, with each player's
 *     position. A change marks the player; before the next read the marked players are taken
 *     out and put back by binary search (or, when many changed, the whole order is sorted
 *     again). With min_games above 1 the qualifying players are filtered out of that order
 *     once per change.
 *   - the last KEPT replies (JSON text, by query), each with the stamp of the standings it
 *     showed; the REST route sends one again while the stamp has not moved.
 *
 * How it stays right: the database's rank_version.data moves with every change to counted
 * games, whoever makes it (triggers in 0005). A match written through this store reads the
 * number before and after its own inserts, inside its transaction, and adds the match here;
 * any other change (an admin voiding a match, another process writing) leaves the number
 * different from what the board expects, and the board is loaded again from the database on
 * its next use (rank_totals and the last 30 days: a fraction of a second at a million
 * matches). Renames move rank_version.names: the names held here are then looked up again.
 * A game that ended before the newest one held (a clock going back) also makes it reload.
 *
 * Writes made on another connection (the store writer's: store_writer.h) are told here on the
 * event loop, after they committed (ippon_store_batch_tell); while one is in flight, a moved
 * rank_version is left to its completion instead of making the board reload (store.h).
 *
 * Single-threaded, like the rest of the store: the server calls it from its event loop.
 */
#include "store/store_board.h"

#include <stdlib.h>
#include <string.h>

#include "store/store_private.h"
#include "base/season.h"
#include "base/strmap.h"

#define COUNTED "m.ranked = 1 AND m.completed = 1 AND m.voided_at IS NULL"
#define HUMAN "p.user_id IS NOT NULL AND p.is_bot = 0"

enum { PERIODS = IPPON_PERIODS, RESORT_OVER = 256, COMPACT_OVER = 4096, KEPT = 32, SEASONS_HELD = 64 };
#define MONTH_MS (30 * 86400000LL)

#define BEST_UNKNOWN INT32_MIN /* a rolling period's best after its best game left the window */

typedef struct board_agg {
    int64_t total;
    int32_t games, wins, best;
} board_agg;

typedef struct board_entry {
    int64_t ended_at;
    int64_t prev; /* seq of the player's previous entry in this mode, or -1 */
    int32_t user, result;
    int32_t won;
} board_entry;

typedef struct board_user {
    char id[IPPON_USER_ID_LEN + 1];
    char name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    bool named; /* name holds the current display name */
    bool bot;   /* ... and the user is a bot account (users.is_bot) */
} board_user;

typedef struct board_period {
    int32_t *who;         /* a season's: its index → the board's user (NULL: indexed by the board's user) */
    int32_t n_idx;        /* ... and how many indices it has */
    board_agg *agg;       /* per user */
    int32_t *pos;         /* per user: index in order, or -1 */
    uint8_t *dirty;       /* per user: changed since the order was fixed */
    int32_t *order, n_order;
    int32_t *dirty_list, n_dirty;
    bool resort;
    int64_t edge, since;  /* rolling: seq of the first entry inside; the window's start */
    uint64_t gen;         /* moves whenever the standings change */
    int32_t *qual, n_qual; /* order filtered by qual_min games, as of qual_gen */
    int qual_min;
    uint64_t qual_gen;
} board_period;

typedef struct board_mode {
    board_period p[PERIODS];
    board_entry *e;   /* seq s is e[s - base] */
    int64_t base, end;
    size_t cap;
    int64_t *last;    /* per user: seq of the latest entry, or -1 */
} board_mode;

/* one season's standings of a mode: a period indexed by its own players only (who), found by
   the board's user index through by_user (its indices sorted by who) */
typedef struct board_season {
    bool held;
    ippon_mode mode;
    int32_t season;
    int months;
    int64_t version; /* rank_version.data its rows were read at, moved by the writes told since */
    uint64_t used;   /* when last asked for: the least recent is let go first */
    board_period p;
    int32_t *by_user, cap;
} board_season;

/* a reply sent for a query, kept while the query's stamp stays the same */
typedef struct kept_reply {
    char key[64];
    uint64_t stamp, used;
    char *body;
    size_t len;
} kept_reply;

struct ippon_board {
    bool loaded, stale;
    int64_t data_version, names_version;
    int64_t held_since; /* the entries held are all counted games that ended at or after this */
    uint64_t loads;     /* how many times it was loaded (part of the stamp) */
    board_user *users;
    int32_t n_users, cap_users;
    ippon_strmap *ids;  /* user id → index + 1 */
    board_mode m[IPPON_MODES];
    ippon_sql_stmt *version_q, *name_q, *name_then_q;
    kept_reply kept[KEPT];
    uint64_t kept_clock;
    board_season seasons[SEASONS_HELD]; /* loaded when asked for (a board, a profile's history) */
    uint64_t season_clock;
    uint64_t gen_clock; /* every standings' gen is taken from it: no two states of any share one */
};

/* a mode as the database writes it (matches.mode: its CHECK allows the two names only) */
static ippon_mode mode_of_text(const char *text)
{
    ippon_mode mode = IPPON_MODE_4P;
    ippon_mode_parse(text, &mode);
    return mode;
}

/* ---- memory ------------------------------------------------------------------------------- */

static void period_free(board_period *pp)
{
    free(pp->who);
    free(pp->agg);
    free(pp->pos);
    free(pp->dirty);
    free(pp->order);
    free(pp->dirty_list);
    free(pp->qual);
}

static void season_let_go(board_season *s)
{
    period_free(&s->p);
    free(s->by_user);
    memset(s, 0, sizeof *s);
}

static void board_clear(ippon_board *b)
{
    for (int mi = 0; mi < IPPON_MODES; mi++) {
        board_mode *m = &b->m[mi];
        for (int p = 0; p < PERIODS; p++) {
            period_free(&m->p[p]);
        }
        free(m->e);
        free(m->last);
        memset(m, 0, sizeof *m);
    }
    for (int i = 0; i < SEASONS_HELD; i++)
        season_let_go(&b->seasons[i]);
    free(b->users);
    b->users = NULL;
    b->n_users = b->cap_users = 0;
    ippon_strmap_free(b->ids);
    b->ids = NULL;
    b->loaded = false;
}

void ippon_board_free(ippon_board *b)
{
    if (!b)
        return;
    board_clear(b);
    for (int i = 0; i < KEPT; i++)
        free(b->kept[i].body);
    ippon_sql_finalize(b->version_q);
    ippon_sql_finalize(b->name_q);
    ippon_sql_finalize(b->name_then_q);
    free(b);
}

static int grow(void **p, size_t size, int32_t cap)
{
    void *q = realloc(*p, size * (size_t)cap);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

/* room for cap users in every per-user array */
static int board_reserve_users(ippon_board *b, int32_t cap)
{
    if (cap <= b->cap_users)
        return 0;
    int32_t old = b->cap_users;
    if (grow((void **)&b->users, sizeof *b->users, cap) != 0)
        return -1;
    for (int mi = 0; mi < IPPON_MODES; mi++) {
        board_mode *m = &b->m[mi];
        if (grow((void **)&m->last, sizeof *m->last, cap) != 0)
            return -1;
        for (int32_t u = old; u < cap; u++)
            m->last[u] = -1;
        for (int p = 0; p < PERIODS; p++) {
            board_period *pp = &m->p[p];
            if (grow((void **)&pp->agg, sizeof *pp->agg, cap) != 0 || grow((void **)&pp->pos, sizeof *pp->pos, cap) != 0 ||
                grow((void **)&pp->dirty, sizeof *pp->dirty, cap) != 0 ||
                grow((void **)&pp->order, sizeof *pp->order, cap) != 0 ||
                grow((void **)&pp->dirty_list, sizeof *pp->dirty_list, cap) != 0 ||
                grow((void **)&pp->qual, sizeof *pp->qual, cap) != 0)
                return -1;
            memset(pp->agg + old, 0, sizeof *pp->agg * (size_t)(cap - old));
            memset(pp->dirty + old, 0, sizeof *pp->dirty * (size_t)(cap - old));
            for (int32_t u = old; u < cap; u++)
                pp->pos[u] = -1;
        }
    }
    b->cap_users = cap;
    return 0;
}

/* the index of a user, added if new; -1 when out of memory */
static int32_t board_user_index(ippon_board *b, const char *id)
{
    intptr_t found = (intptr_t)ippon_strmap_get(b->ids, id);
    if (found)
        return (int32_t)(found - 1);
    if (b->n_users == b->cap_users && board_reserve_users(b, b->cap_users ? 2 * b->cap_users : 1024) != 0)
        return -1;
    int32_t u = b->n_users;
    board_user *bu = &b->users[u];
    memset(bu, 0, sizeof *bu);
    snprintf(bu->id, sizeof bu->id, "%s", id);
    if (ippon_strmap_put(b->ids, bu->id, (void *)(intptr_t)(u + 1)) != 0)
        return -1;
    b->n_users++;
    return u;
}

/* ---- standings ------------------------------------------------------------------------------ */

static void mark(board_period *pp, int32_t u)
{
    if (pp->dirty[u])
        return;
    pp->dirty[u] = 1;
    pp->dirty_list[pp->n_dirty++] = u;
}

/* adds (sign +1) or takes off (-1) a game; a best that leaves becomes unknown until shown */
static void add_game(board_period *pp, int32_t u, int32_t result, int32_t won, int sign)
{
    board_agg *a = &pp->agg[u];
    if (sign > 0 && a->games == 0)
        a->best = result;
    else if (sign > 0 && a->best != BEST_UNKNOWN && result > a->best)
        a->best = result;
    else if (sign < 0 && (a->games == 1 || result >= a->best))
        a->best = BEST_UNKNOWN;
    a->games += sign;
    a->total += sign * (int64_t)result;
    a->wins += sign * won;
    mark(pp, u);
}

/* the board's user of a period's index */
static const board_user *user_of(const ippon_board *b, const board_period *pp, int32_t x)
{
    return &b->users[pp->who ? pp->who[x] : x];
}

/* rank order: total desc, average desc, games desc, user id asc (store_rankings.h) */
static int before(const ippon_board *b, const board_period *pp, int32_t x, int32_t y)
{
    const board_agg *a = &pp->agg[x], *c = &pp->agg[y];
    if (a->total != c->total)
        return a->total > c->total ? -1 : 1;
    double ax = (double)a->total / a->games, cy = (double)c->total / c->games;
    if (ax != cy)
        return ax > cy ? -1 : 1;
    if (a->games != c->games)
        return a->games > c->games ? -1 : 1;
    return strcmp(user_of(b, pp, x)->id, user_of(b, pp, y)->id) < 0 ? -1 : 1;
}

typedef struct sort_key {
    int64_t total;
    double average;
    int32_t games, user;
    const char *id;
} sort_key;

static int sort_key_cmp(const void *pa, const void *pb)
{
    const sort_key *a = pa, *c = pb;
    if (a->total != c->total)
        return a->total > c->total ? -1 : 1;
    if (a->average != c->average)
        return a->average > c->average ? -1 : 1;
    if (a->games != c->games)
        return a->games > c->games ? -1 : 1;
    return strcmp(a->id, c->id);
}

static int resort(ippon_board *b, board_period *pp)
{
    int32_t count = pp->who ? pp->n_idx : b->n_users;
    sort_key *keys = malloc(sizeof *keys * (size_t)(count ? count : 1));
    if (!keys)
        return -1;
    int32_t n = 0;
    for (int32_t u = 0; u < count; u++) {
        pp->pos[u] = -1;
        const board_agg *a = &pp->agg[u];
        if (a->games > 0)
            keys[n++] = (sort_key){a->total, (double)a->total / a->games, a->games, u, user_of(b, pp, u)->id};
    }
    qsort(keys, (size_t)n, sizeof *keys, sort_key_cmp);
    for (int32_t i = 0; i < n; i++) {
        pp->order[i] = keys[i].user;
        pp->pos[keys[i].user] = i;
    }
    pp->n_order = n;
    free(keys);
    return 0;
}

static void take_out(board_period *pp, int32_t u)
{
    int32_t i = pp->pos[u];
    if (i < 0)
        return;
    memmove(pp->order + i, pp->order + i + 1, sizeof *pp->order * (size_t)(pp->n_order - i - 1));
    pp->n_order--;
    for (int32_t k = i; k < pp->n_order; k++)
        pp->pos[pp->order[k]] = k;
    pp->pos[u] = -1;
}

static void put_back(const ippon_board *b, board_period *pp, int32_t u)
{
    int32_t lo = 0, hi = pp->n_order;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (before(b, pp, pp->order[mid], u) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(pp->order + lo + 1, pp->order + lo, sizeof *pp->order * (size_t)(pp->n_order - lo));
    pp->order[lo] = u;
    pp->n_order++;
    for (int32_t k = lo; k < pp->n_order; k++)
        pp->pos[pp->order[k]] = k;
}

/* brings a period's order up to date with its totals */
static int fix_order(ippon_board *b, board_period *pp)
{
    if (!pp->resort && pp->n_dirty == 0)
        return 0;
    if (pp->resort || pp->n_dirty > RESORT_OVER) {
        if (resort(b, pp) != 0)
            return -1;
    } else {
        /* all out first: the binary search needs the others in order of their current totals */
        for (int32_t i = 0; i < pp->n_dirty; i++)
            take_out(pp, pp->dirty_list[i]);
        for (int32_t i = 0; i < pp->n_dirty; i++)
            if (pp->agg[pp->dirty_list[i]].games > 0)
                put_back(b, pp, pp->dirty_list[i]);
    }
    for (int32_t i = 0; i < pp->n_dirty; i++)
        pp->dirty[pp->dirty_list[i]] = 0;
    pp->n_dirty = 0;
    pp->resort = false;
    pp->gen = ++b->gen_clock;
    return 0;
}

/* ---- the rolling windows ---------------------------------------------------------------------- */

static board_entry *entry(board_mode *m, int64_t seq) { return &m->e[seq - m->base]; }

/* moves a rolling period's edge to the first entry at or after since */
static void set_edge(board_mode *m, int p, int64_t since)
{
    board_period *pp = &m->p[p];
    while (pp->edge > m->base && entry(m, pp->edge - 1)->ended_at >= since) {
        pp->edge--;
        const board_entry *x = entry(m, pp->edge);
        add_game(pp, x->user, x->result, x->won, +1);
    }
    while (pp->edge < m->end && entry(m, pp->edge)->ended_at < since) {
        const board_entry *x = entry(m, pp->edge);
        add_game(pp, x->user, x->result, x->won, -1);
        pp->edge++;
    }
    pp->since = since;
}

/* appends a game to a mode's entries (ended_at not before the newest); -1 out of memory */
static int append_entry(board_mode *m, int64_t ended_at, int32_t u, int32_t result, int32_t won)
{
    size_t n = (size_t)(m->end - m->base);
    if (n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 4096;
        board_entry *e = realloc(m->e, sizeof *e * cap);
        if (!e)
            return -1;
        m->e = e;
        m->cap = cap;
    }
    m->e[n] = (board_entry){ended_at, m->last[u], u, result, won};
    m->last[u] = m->end++;
    return 0;
}

/* forgets the entries before the month's edge once they are many */
static void compact(ippon_board *b, board_mode *m)
{
    int64_t drop = m->p[IPPON_PERIOD_MONTH].edge - m->base;
    if (drop < COMPACT_OVER || drop < (m->end - m->base) / 2)
        return;
    memmove(m->e, m->e + drop, sizeof *m->e * (size_t)(m->end - m->base - drop));
    m->base += drop;
    if (m->p[IPPON_PERIOD_MONTH].since > b->held_since)
        b->held_since = m->p[IPPON_PERIOD_MONTH].since;
}

/* ---- seasons ------------------------------------------------------------------------------- */

/* room for cap indices in a season's arrays; -1 out of memory */
static int season_reserve(board_season *s, int32_t cap)
{
    if (cap <= s->cap)
        return 0;
    board_period *pp = &s->p;
    if (grow((void **)&pp->who, sizeof *pp->who, cap) != 0 || grow((void **)&pp->agg, sizeof *pp->agg, cap) != 0 ||
        grow((void **)&pp->pos, sizeof *pp->pos, cap) != 0 || grow((void **)&pp->dirty, sizeof *pp->dirty, cap) != 0 ||
        grow((void **)&pp->order, sizeof *pp->order, cap) != 0 ||
        grow((void **)&pp->dirty_list, sizeof *pp->dirty_list, cap) != 0 ||
        grow((void **)&pp->qual, sizeof *pp->qual, cap) != 0 || grow((void **)&s->by_user, sizeof *s->by_user, cap) != 0)
        return -1;
    s->cap = cap;
    return 0;
}

/* where by_user has (or would put) the board's user u */
static int32_t season_slot_of(const board_season *s, int32_t u)
{
    int32_t lo = 0, hi = s->p.n_idx;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (s->p.who[s->by_user[mid]] < u)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* the season's index of the board's user u: -1 if it has none (add: made, -1 only out of memory) */
static int32_t season_index(board_season *s, int32_t u, bool add)
{
    int32_t at = season_slot_of(s, u);
    if (at < s->p.n_idx && s->p.who[s->by_user[at]] == u)
        return s->by_user[at];
    if (!add || (s->p.n_idx == s->cap && season_reserve(s, s->cap ? 2 * s->cap : 256) != 0))
        return -1;
    board_period *pp = &s->p;
    int32_t x = pp->n_idx++;
    pp->who[x] = u;
    pp->agg[x] = (board_agg){0};
    pp->pos[x] = -1;
    pp->dirty[x] = 0;
    memmove(s->by_user + at + 1, s->by_user + at, sizeof *s->by_user * (size_t)(x - at));
    s->by_user[at] = x;
    return x;
}

/* reads a season's rows (and the version they are at) into s; 0 or -1 */
static int season_load(ippon_store *st, ippon_board *b, board_season *s, ippon_mode mode, int32_t season, int months)
{
    season_let_go(s);
    *s = (board_season){.mode = mode, .season = season, .months = months};
    if (season_reserve(s, 256) != 0)
        return -1;
    ippon_sql_stmt *q = ippon_store_prepare(st, "SELECT user_id, games, total, wins, best FROM season_totals"
                                                " WHERE mode = ?1 AND season = ?2");
    if (!q || ippon_sql_begin_read(st->db) != 0) {
        ippon_sql_finalize(q);
        return -1;
    }
    ippon_sql_bind_text(q, 1, ippon_mode_name(mode));
    ippon_sql_bind_int64(q, 2, season);
    int64_t names;
    int rc = ippon_board_read_version(st, &s->version, &names) == 0 ? IPPON_SQL_ROW : IPPON_SQL_ERROR;
    while (rc == IPPON_SQL_ROW && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        int32_t u = board_user_index(b, ippon_sql_column_text(q, 0));
        int32_t x = u < 0 ? -1 : season_index(s, u, true);
        if (x < 0) {
            rc = IPPON_SQL_ERROR;
            break;
        }
        s->p.agg[x] = (board_agg){ippon_sql_column_int64(q, 2), ippon_sql_column_int(q, 1), ippon_sql_column_int(q, 3),
                                  ippon_sql_column_int(q, 4)};
    }
    ippon_sql_finalize(q);
    ippon_sql_commit(st->db);
    if (rc != IPPON_SQL_DONE) {
        season_let_go(s);
        return -1;
    }
    s->p.resort = true;
    s->p.gen = ++b->gen_clock;
    s->held = true;
    return 0;
}

/* the standings of a season, loaded if not held (letting the least recently asked for go), in
   order; NULL on failure */
static board_season *season_at(ippon_store *st, ippon_board *b, ippon_mode mode, int32_t season, int months)
{
    board_season *slot = NULL;
    for (int i = 0; i < SEASONS_HELD && !slot; i++) {
        board_season *s = &b->seasons[i];
        if (s->held && s->mode == mode && s->season == season && s->months == months)
            slot = s;
    }
    if (!slot) {
        slot = &b->seasons[0];
        for (int i = 0; i < SEASONS_HELD; i++) {
            if (!b->seasons[i].held) {
                slot = &b->seasons[i];
                break;
            }
            if (b->seasons[i].used < slot->used)
                slot = &b->seasons[i];
        }
        if (season_load(st, b, slot, mode, season, months) != 0)
            return NULL;
    }
    slot->used = ++b->season_clock;
    return fix_order(b, &slot->p) == 0 ? slot : NULL;
}

/* the seasons held after a match write of the versions before and after it (as
   ippon_board_written): its games added to the season they ended in, if held */
static void seasons_written(ippon_board *b, int64_t version_before, int64_t version_after, ippon_mode mode,
                            int64_t ended_ms, const ippon_board_game *games, int n)
{
    for (int i = 0; i < SEASONS_HELD; i++) {
        board_season *s = &b->seasons[i];
        if (!s->held || (version_before != s->version && version_after <= s->version))
            continue; /* read after the write committed: the match is in already */
        if (version_before != s->version) {
            season_let_go(s); /* something else moved it: read again when asked for */
            continue;
        }
        s->version = version_after;
        if (s->mode != mode || s->season != ippon_season_of(ended_ms, s->months))
            continue;
        for (int k = 0; k < n; k++) {
            int32_t u = board_user_index(b, games[k].user_id);
            int32_t x = u < 0 ? -1 : season_index(s, u, true);
            if (x < 0) {
                season_let_go(s);
                break;
            }
            add_game(&s->p, x, games[k].result, games[k].won, +1);
        }
    }
}

/* ---- loading -------------------------------------------------------------------------------- */

int ippon_board_read_version(ippon_store *st, int64_t *data, int64_t *names)
{
    ippon_board *b = st->board;
    ippon_sql_stmt *own = NULL, *q = b ? b->version_q : NULL;
    if (!q && !(q = own = ippon_store_prepare(st, "SELECT data, names FROM rank_version WHERE id = 1")))
        return -1;
    int rc = ippon_sql_step(q);
    if (rc == IPPON_SQL_ROW) {
        *data = ippon_sql_column_int64(q, 0);
        *names = ippon_sql_column_int64(q, 1);
    }
    ippon_sql_reset(q);
    ippon_sql_finalize(own);
    return rc == IPPON_SQL_ROW ? 0 : -1;
}

static int load_totals(ippon_store *st, ippon_board *b)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, "SELECT mode, user_id, games, total, wins, best FROM rank_totals");
    if (!q)
        return -1;
    int rc;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        int32_t u = board_user_index(b, ippon_sql_column_text(q, 1));
        if (u < 0)
            break;
        board_agg *a = &b->m[mode_of_text(ippon_sql_column_text(q, 0))].p[IPPON_PERIOD_ALL].agg[u];
        *a = (board_agg){ippon_sql_column_int64(q, 3), ippon_sql_column_int(q, 2), ippon_sql_column_int(q, 4),
                         ippon_sql_column_int(q, 5)};
    }
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

static int load_entries(ippon_store *st, ippon_board *b, int mi)
{
    static const char sql[] = "SELECT m.ended_at, p.user_id, p.result, coalesce(p.won, 0)"
                              " FROM matches m JOIN match_players p ON p.match_id = m.id"
                              " WHERE m.mode = ?1 AND m.ended_at >= ?2 AND " COUNTED " AND " HUMAN
                              " ORDER BY m.ended_at";
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, ippon_mode_name((ippon_mode)mi));
    ippon_sql_bind_int64(q, 2, b->held_since);
    board_mode *m = &b->m[mi];
    int rc;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        int32_t u = board_user_index(b, ippon_sql_column_text(q, 1));
        if (u < 0 || append_entry(m, ippon_sql_column_int64(q, 0), u, ippon_sql_column_int(q, 2),
                                  ippon_sql_column_int(q, 3)) != 0)
            break;
    }
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

/* (re)loads everything from the database, holding the games since now − 30 days */
static int board_load(ippon_store *st, ippon_board *b, int64_t now_ms)
{
    board_clear(b);
    b->ids = ippon_strmap_new();
    if (!b->ids || board_reserve_users(b, 1024) != 0)
        return -1;
    b->held_since = ippon_rank_period_since(IPPON_PERIOD_MONTH, now_ms);
    if (ippon_sql_begin_read(st->db) != 0)
        return -1;
    int rc = ippon_board_read_version(st, &b->data_version, &b->names_version) == 0 && load_totals(st, b) == 0 &&
                     load_entries(st, b, 0) == 0 && load_entries(st, b, 1) == 0
                 ? 0
                 : -1;
    ippon_sql_commit(st->db);
    if (rc != 0)
        return -1;
    for (int mi = 0; mi < IPPON_MODES; mi++) {
        board_mode *m = &b->m[mi];
        for (int p = 0; p < PERIODS; p++) {
            board_period *pp = &m->p[p];
            pp->resort = true;
            pp->qual_gen = 0;
            pp->gen = ++b->gen_clock;
            if (p == IPPON_PERIOD_ALL)
                continue;
            /* every entry held starts inside; set_edge then moves the edge to the window */
            pp->edge = m->base;
            for (int64_t s = m->base; s < m->end; s++)
                add_game(pp, entry(m, s)->user, entry(m, s)->result, entry(m, s)->won, +1);
            set_edge(m, p, ippon_rank_period_since((ippon_rank_period)p, now_ms));
        }
    }
    b->loaded = true;
    b->stale = false;
    b->loads++;
    return 0;
}

/* the board of the store, loaded and current for the time now; NULL on failure */
static ippon_board *board_ready(ippon_store *st, int64_t now_ms)
{
    ippon_board *b = st->board;
    if (!b) {
        b = st->board = calloc(1, sizeof *b);
        if (!b)
            return NULL;
        b->version_q = ippon_store_prepare(st, "SELECT data, names FROM rank_version WHERE id = 1");
        b->name_q = ippon_store_prepare(st, "SELECT display_name, is_bot FROM users WHERE id = ?1");
        b->name_then_q = ippon_store_prepare(st, "SELECT max(display_name), 0 FROM match_players WHERE user_id = ?1");
        if (!b->version_q || !b->name_q || !b->name_then_q) {
            ippon_board_free(b);
            st->board = NULL;
            return NULL;
        }
    }
    if (b->loaded && !b->stale) {
        int64_t data, names;
        if (ippon_board_read_version(st, &data, &names) != 0)
            return NULL;
        /* while a match write of this store is in flight, its completion says what moved */
        if (data != b->data_version && st->writes_in_flight == 0)
            b->stale = true;
        if (names != b->names_version) {
            for (int32_t u = 0; u < b->n_users; u++)
                b->users[u].named = false;
            b->names_version = names;
        }
    }
    if (!b->loaded || b->stale || ippon_rank_period_since(IPPON_PERIOD_MONTH, now_ms) < b->held_since) {
        if (board_load(st, b, now_ms) != 0) {
            board_clear(b);
            return NULL;
        }
    }
    return b;
}

/* the period (or season) of q, brought to q's time and in order */
static board_period *board_period_at(ippon_store *st, ippon_board *b, const ippon_leaderboard_query *q)
{
    if (q->season_months > 0) {
        board_season *s = season_at(st, b, q->mode, q->season, q->season_months);
        return s ? &s->p : NULL;
    }
    board_mode *m = &b->m[q->mode];
    if (q->period != IPPON_PERIOD_ALL) {
        set_edge(m, q->period, ippon_rank_period_since(q->period, q->now_ms));
        compact(b, m);
    }
    board_period *pp = &m->p[q->period];
    return fix_order(b, pp) == 0 ? pp : NULL;
}

/* the players of the period with at least min_games games, in rank order */
static const int32_t *qualifying(board_period *pp, int min_games, int32_t *n)
{
    if (min_games <= 1) {
        *n = pp->n_order;
        return pp->order;
    }
    if (pp->qual_gen != pp->gen || pp->qual_min != min_games) {
        pp->n_qual = 0;
        for (int32_t i = 0; i < pp->n_order; i++)
            if (pp->agg[pp->order[i]].games >= min_games)
                pp->qual[pp->n_qual++] = pp->order[i];
        pp->qual_gen = pp->gen;
        pp->qual_min = min_games;
    }
    *n = pp->n_qual;
    return pp->qual;
}

/* ---- writing ---------------------------------------------------------------------------------- */

void ippon_board_forget(ippon_store *st)
{
    if (st->board)
        st->board->stale = true;
}

void ippon_board_written(ippon_store *st, int64_t version_before, int64_t version_after, ippon_mode mode,
                         int64_t ended_ms, const ippon_board_game *games, int n)
{
    ippon_board *b = st->board;
    if (!b || !b->loaded || b->stale)
        return;
    if (version_before != b->data_version && version_after <= b->data_version)
        return; /* loaded after the write committed: the match is in already */
    board_mode *m = &b->m[mode];
    if (version_before != b->data_version || (n > 0 && m->end > m->base && ended_ms < entry(m, m->end - 1)->ended_at)) {
        b->stale = true;
        return;
    }
    b->data_version = version_after;
    seasons_written(b, version_before, version_after, mode, ended_ms, games, n);
    for (int i = 0; i < n; i++) {
        int32_t u = board_user_index(b, games[i].user_id);
        if (u < 0 || append_entry(m, ended_ms, u, games[i].result, games[i].won) != 0) {
            b->stale = true;
            return;
        }
        add_game(&m->p[IPPON_PERIOD_ALL], u, games[i].result, games[i].won, +1);
        for (int p = IPPON_PERIOD_MONTH; p < PERIODS; p++) {
            /* the new entry is inside until set_edge says otherwise */
            add_game(&m->p[p], u, games[i].result, games[i].won, +1);
            set_edge(m, p, m->p[p].since);
        }
    }
}

/* ---- reading ---------------------------------------------------------------------------------- */

/* the current display name of a user (or the last one it played under, for a deleted user); whether
   it is a bot account is read with it (b->users[u].bot) */
static const char *display_name(ippon_board *b, int32_t u)
{
    board_user *bu = &b->users[u];
    if (bu->named)
        return bu->name;
    ippon_sql_stmt *qs[2] = {b->name_q, b->name_then_q};
    for (int i = 0; i < 2 && !bu->named; i++) {
        ippon_sql_bind_text(qs[i], 1, bu->id);
        if (ippon_sql_step(qs[i]) == IPPON_SQL_ROW && !ippon_sql_column_is_null(qs[i], 0)) {
            snprintf(bu->name, sizeof bu->name, "%s", ippon_sql_column_text(qs[i], 0));
            bu->bot = ippon_sql_column_int(qs[i], 1) != 0;
            bu->named = true;
        }
        ippon_sql_reset(qs[i]);
    }
    return bu->named ? bu->name : "";
}

/* a player's best result in a period; an unknown one (rolling periods) is found again from the
   player's entries, from the newest back to the edge */
static int32_t best_of(board_mode *m, board_period *pp, int32_t u)
{
    board_agg *a = &pp->agg[u];
    if (a->best == BEST_UNKNOWN) {
        for (int64_t s = m->last[u]; s >= pp->edge && s >= m->base; s = entry(m, s)->prev)
            if (a->best == BEST_UNKNOWN || entry(m, s)->result > a->best)
                a->best = entry(m, s)->result;
    }
    return a->best;
}

int ippon_board_page(ippon_store *st, const ippon_leaderboard_query *q, ippon_leaderboard_page *out)
{
    *out = (ippon_leaderboard_page){0};
    ippon_board *b = board_ready(st, q->now_ms);
    board_period *pp = b ? board_period_at(st, b, q) : NULL;
    if (!pp)
        return -1;
    board_mode *m = &b->m[q->mode];
    int32_t n;
    const int32_t *ranked = qualifying(pp, q->min_games, &n);
    int64_t first = (int64_t)(q->page - 1) * q->limit;
    int64_t last = first + q->limit < n ? first + q->limit : n;
    ippon_leaderboard_row *rows = last > first ? calloc((size_t)(last - first), sizeof *rows) : NULL;
    if (last > first && !rows)
        return -1;
    for (int64_t i = first; i < last; i++) {
        int32_t u = ranked[i], user = pp->who ? pp->who[u] : u;
        const board_agg *a = &pp->agg[u];
        ippon_leaderboard_row *row = &rows[i - first];
        row->rank = i + 1;
        snprintf(row->user_id, sizeof row->user_id, "%s", b->users[user].id);
        snprintf(row->display_name, sizeof row->display_name, "%s", display_name(b, user));
        row->bot = b->users[user].bot;
        row->games = a->games;
        row->total = a->total;
        row->wins = a->wins;
        row->best = pp->who ? a->best : best_of(m, pp, u); /* a season only adds: its best stays known */
    }
    *out = (ippon_leaderboard_page){.total = n, .n = last > first ? (int)(last - first) : 0, .rows = rows};
    return 0;
}

/* the stamp of the standings q reads: moves whenever its page may change */
static int board_stamp(ippon_store *st, const ippon_leaderboard_query *q, ippon_board **bp, uint64_t *stamp)
{
    ippon_board *b = board_ready(st, q->now_ms);
    board_period *pp = b ? board_period_at(st, b, q) : NULL;
    if (!pp)
        return -1;
    /* loads and renames are rare, gen moves often: apart, so that no two states share a stamp */
    *stamp = (b->loads << 48) ^ ((uint64_t)b->names_version << 32) ^ pp->gen;
    *bp = b;
    return 0;
}

/* what a kept reply answers: the query, and for a season's board whether the season is over as
   of the query's time (the reply says "final", which the season's end changes and nothing else) */
static void kept_key(const ippon_leaderboard_query *q, char key[64])
{
    bool over = q->season_months > 0 && q->now_ms >= ippon_season_end_ms(q->season, q->season_months);
    snprintf(key, 64, "%s/%d/%d/%d/%d/%d/%d/%d", ippon_mode_name(q->mode), (int)q->period, q->page, q->limit,
             q->min_games, q->season_months, (int)q->season, over);
}

int ippon_board_kept(ippon_store *st, const ippon_leaderboard_query *q, const char **body, size_t *len)
{
    ippon_board *b;
    uint64_t stamp;
    if (board_stamp(st, q, &b, &stamp) != 0)
        return -1;
    char key[64];
    kept_key(q, key);
    for (int i = 0; i < KEPT; i++) {
        kept_reply *k = &b->kept[i];
        if (k->body && k->stamp == stamp && !strcmp(k->key, key)) {
            k->used = ++b->kept_clock;
            *body = k->body;
            *len = k->len;
            return 1;
        }
    }
    return 0;
}

void ippon_board_keep(ippon_store *st, const ippon_leaderboard_query *q, const char *body, size_t len)
{
    ippon_board *b;
    uint64_t stamp;
    char *copy = malloc(len + 1);
    if (!copy || board_stamp(st, q, &b, &stamp) != 0) {
        free(copy);
        return;
    }
    memcpy(copy, body, len);
    copy[len] = '\0';
    char key[64];
    kept_key(q, key);
    kept_reply *slot = &b->kept[0];
    for (int i = 0; i < KEPT; i++) {
        kept_reply *k = &b->kept[i];
        if (!strcmp(k->key, key) || !k->body) {
            slot = k;
            break;
        }
        if (k->used < slot->used)
            slot = k;
    }
    free(slot->body);
    snprintf(slot->key, sizeof slot->key, "%s", key);
    slot->stamp = stamp;
    slot->body = copy;
    slot->len = len;
    slot->used = ++b->kept_clock;
}

/* ---- a player's seasons (profiles) ------------------------------------------------------------ */

int ippon_board_season_rank(ippon_store *st, int64_t now_ms, ippon_mode mode, int32_t season, int months,
                            const char *user_id, int min_games, int64_t *rank, int64_t *of)
{
    *rank = *of = 0;
    ippon_board *b = board_ready(st, now_ms);
    board_season *s = b ? season_at(st, b, mode, season, months) : NULL;
    if (!s)
        return -1;
    board_period *pp = &s->p;
    int32_t n;
    const int32_t *ranked = qualifying(pp, min_games, &n);
    *of = n;
    intptr_t found = (intptr_t)ippon_strmap_get(b->ids, user_id);
    int32_t x = found ? season_index(s, (int32_t)(found - 1), false) : -1;
    if (x < 0 || pp->agg[x].games < (min_games > 1 ? min_games : 1))
        return 0;
    int32_t lo = 0, hi = n; /* its place among the qualifying, who are in rank order */
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (before(b, pp, ranked[mid], x) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *rank = lo + 1;
    return 0;
}

int ippon_board_season_stamp(ippon_store *st, int64_t now_ms, int months, const char *user_id, uint64_t *stamp)
{
    *stamp = 0;
    ippon_board *b = board_ready(st, now_ms);
    if (!b)
        return -1;
    int32_t season = ippon_season_of(now_ms, months);
    uint64_t newest = 0;
    bool plays = false;
    for (int mi = 0; mi < IPPON_MODES; mi++) {
        board_season *s = season_at(st, b, (ippon_mode)mi, season, months);
        if (!s)
            return -1;
        intptr_t found = (intptr_t)ippon_strmap_get(b->ids, user_id);
        int32_t x = found ? season_index(s, (int32_t)(found - 1), false) : -1;
        plays = plays || (x >= 0 && s->p.agg[x].games > 0);
        if (s->p.gen > newest)
            newest = s->p.gen;
    }
    *stamp = plays ? newest : 0;
    return 0;
}
