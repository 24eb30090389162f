/*
 * season_writes.c — season_totals kept right (season_writes.h): the match writer's upserts, a
 * void's recount, and the start-up count from the stored matches.
 *
 * The start-up count reads every counted game once, in the order of the players' index
 * (match_players_user_games: user, then ended_at), so a player's games of one mode and season come
 * one after the other: a sum per mode is enough, written when the player, or the game's season,
 * changes. No sorting and no map, whatever the number of matches.
 */
#include "store/season_writes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/season.h"
#include "store/store_private.h"

struct ippon_season_writes {
    ippon_sql_stmt *basis, *add;
};

void ippon_season_writes_free(struct ippon_season_writes *w)
{
    if (!w)
        return;
    ippon_sql_finalize(w->basis);
    ippon_sql_finalize(w->add);
    free(w);
}

/* adds a game (games 1) or a player's whole season (games > 1, then best is the season's) */
#define SEASON_ADD                                                                                             \
    "INSERT INTO season_totals AS t (mode, season, user_id, games, total, wins, best) VALUES (?1,?2,?3,?4,?5,?6,?7)" \
    " ON CONFLICT (mode, season, user_id) DO UPDATE SET games = t.games + excluded.games,"                    \
    " total = t.total + excluded.total, wins = t.wins + excluded.wins,"                                       \
    " best = CASE WHEN excluded.best > t.best THEN excluded.best ELSE t.best END"

static bool is_pg(ippon_store *st) { return ippon_sql_engine_of(st->db) == IPPON_SQL_POSTGRES; }

/* the store's kept statement in *slot, prepared on first use; NULL noted */
static ippon_sql_stmt *kept(ippon_store *st, ippon_sql_stmt **slot, const char *sql)
{
    if (!*slot && !(*slot = ippon_store_prepare(st, sql)))
        ippon_store_failed(st, "prepare a season write");
    return *slot;
}

static struct ippon_season_writes *writes(ippon_store *st)
{
    if (!st->season_writes && !(st->season_writes = calloc(1, sizeof *st->season_writes)))
        ippon_store_failed(st, "out of memory");
    return st->season_writes;
}

/* season_basis.months into *months (0: no row); 0 or -1 noted */
static int read_basis(ippon_store *st, ippon_sql_stmt *q, int *months)
{
    int rc = ippon_sql_step(q);
    *months = rc == IPPON_SQL_ROW ? ippon_sql_column_int(q, 0) : 0;
    if (rc == IPPON_SQL_ERROR)
        ippon_store_failed(st, "read season_basis");
    ippon_sql_reset(q);
    return rc == IPPON_SQL_ERROR ? -1 : 0;
}

static int basis_of_write(ippon_store *st, int *months)
{
    struct ippon_season_writes *w = writes(st);
    ippon_sql_stmt *q = w ? kept(st, &w->basis,
                                 is_pg(st) ? "SELECT months FROM season_basis WHERE id = 1 FOR SHARE"
                                           : "SELECT months FROM season_basis WHERE id = 1")
                          : NULL;
    return q ? read_basis(st, q, months) : -1;
}

/* one upsert of SEASON_ADD: 0 or -1 noted */
static int add_row(ippon_store *st, ippon_sql_stmt *q, const char *mode, int32_t season, const char *user_id,
                   int64_t games, int64_t total, int64_t wins, int64_t best)
{
    ippon_sql_bind_text(q, 1, mode);
    ippon_sql_bind_int64(q, 2, season);
    ippon_sql_bind_text(q, 3, user_id);
    ippon_sql_bind_int64(q, 4, games);
    ippon_sql_bind_int64(q, 5, total);
    ippon_sql_bind_int64(q, 6, wins);
    ippon_sql_bind_int64(q, 7, best);
    int rc = ippon_sql_step(q);
    if (rc != IPPON_SQL_DONE)
        ippon_store_failed(st, "write season_totals");
    ippon_sql_reset(q);
    ippon_sql_clear_bindings(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

int ippon_season_write(ippon_store *st, ippon_mode mode, int64_t ended_ms, const ippon_season_game *games, int n)
{
    if (n <= 0)
        return 0;
    int months;
    if (basis_of_write(st, &months) != 0)
        return -1;
    if (months == 0)
        return 0; /* not counted yet: the start-up count will add this match */
    ippon_sql_stmt *q = kept(st, &writes(st)->add, SEASON_ADD);
    if (!q)
        return -1;
    int32_t season = ippon_season_of(ended_ms, months);
    for (int i = 0; i < n; i++)
        if (add_row(st, q, ippon_mode_name(mode), season, games[i].user_id, 1, games[i].result, games[i].won,
                    games[i].result) != 0)
            return -1;
    return 0;
}

int ippon_season_void(ippon_store *st, const char *match_id)
{
    int months;
    if (basis_of_write(st, &months) != 0)
        return -1;
    if (months == 0)
        return 0;
    ippon_sql_stmt *players = ippon_store_prepare(st, "SELECT mode, ended_at, user_id FROM match_players"
                                                      " WHERE match_id = ?1 AND user_id IS NOT NULL AND is_bot = 0");
    ippon_sql_stmt *drop = ippon_store_prepare(st, "DELETE FROM season_totals WHERE mode = ?1 AND season = ?2"
                                                   " AND user_id = ?3");
    ippon_sql_stmt *recount = ippon_store_prepare(
        st, "INSERT INTO season_totals (mode, season, user_id, games, total, wins, best)"
            " SELECT ?1, ?2, user_id, count(*), sum(result), sum(coalesce(won, 0)), max(result) FROM match_players"
            " WHERE user_id = ?3 AND mode = ?1 AND counted = 1 AND is_bot = 0 AND ended_at >= ?4 AND ended_at < ?5"
            " GROUP BY user_id");
    int rc = players && drop && recount ? 0 : -1;
    if (rc != 0)
        ippon_store_failed(st, "prepare a season recount");
    else
        ippon_sql_bind_text(players, 1, match_id);
    /* each seat's row is read before any is written: a match holds at most four */
    char modes[4][4], users[4][IPPON_USER_ID_LEN + 1];
    int64_t ended[4];
    int n = 0, step = IPPON_SQL_DONE;
    while (rc == 0 && n < 4 && (step = ippon_sql_step(players)) == IPPON_SQL_ROW) {
        snprintf(modes[n], sizeof modes[n], "%s", ippon_sql_column_text(players, 0));
        ended[n] = ippon_sql_column_int64(players, 1);
        snprintf(users[n], sizeof users[n], "%s", ippon_sql_column_text(players, 2));
        n++;
    }
    if (rc == 0 && step == IPPON_SQL_ERROR) {
        ippon_store_failed(st, "read a voided match's players");
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < n; i++) {
        int32_t season = ippon_season_of(ended[i], months);
        ippon_sql_stmt *qs[2] = {drop, recount};
        for (int k = 0; k < 2 && rc == 0; k++) {
            ippon_sql_bind_text(qs[k], 1, modes[i]);
            ippon_sql_bind_int64(qs[k], 2, season);
            ippon_sql_bind_text(qs[k], 3, users[i]);
            if (k == 1) {
                ippon_sql_bind_int64(qs[k], 4, ippon_season_start_ms(season));
                ippon_sql_bind_int64(qs[k], 5, ippon_season_end_ms(season, months));
            }
            if (ippon_sql_step(qs[k]) != IPPON_SQL_DONE) {
                ippon_store_failed(st, "count a season again");
                rc = -1;
            }
            ippon_sql_reset(qs[k]);
        }
    }
    ippon_sql_finalize(players);
    ippon_sql_finalize(drop);
    ippon_sql_finalize(recount);
    return rc;
}

/* ---- the start-up count ----------------------------------------------------------------------- */

/* one player's running sums in one mode's current season */
typedef struct season_sum {
    int32_t season;
    int64_t games, total, wins, best;
} season_sum;

/* writes a player's sum if it holds games, and empties it: 0 or -1 noted */
static int flush(ippon_store *st, ippon_sql_stmt *add, ippon_mode mode, const char *user_id, season_sum *s, long *rows)
{
    if (s->games == 0)
        return 0;
    int rc = add_row(st, add, ippon_mode_name(mode), s->season, user_id, s->games, s->total, s->wins, s->best);
    *s = (season_sum){0};
    (*rows)++;
    return rc;
}

static int count_all(ippon_store *st, int months, long *rows)
{
    ippon_sql_stmt *games = ippon_store_prepare(st, "SELECT user_id, mode, ended_at, result, coalesce(won, 0)"
                                                    " FROM match_players WHERE user_id IS NOT NULL AND counted = 1"
                                                    " AND is_bot = 0 ORDER BY user_id, ended_at");
    ippon_sql_stmt *add = ippon_store_prepare(st, SEASON_ADD);
    if (!games || !add) {
        ippon_store_failed(st, "prepare the seasons' count");
        ippon_sql_finalize(games);
        ippon_sql_finalize(add);
        return -1;
    }
    char user[IPPON_USER_ID_LEN + 1] = "";
    season_sum sums[IPPON_MODES] = {{0}};
    int rc = 0, step;
    while (rc == 0 && (step = ippon_sql_step(games)) == IPPON_SQL_ROW) {
        const char *id = ippon_sql_column_text(games, 0);
        ippon_mode mode = IPPON_MODE_4P;
        ippon_mode_parse(ippon_sql_column_text(games, 1), &mode);
        int32_t season = ippon_season_of(ippon_sql_column_int64(games, 2), months);
        int64_t result = ippon_sql_column_int64(games, 3);
        if (strcmp(id, user) != 0) {
            for (int m = 0; m < IPPON_MODES && rc == 0; m++)
                rc = flush(st, add, (ippon_mode)m, user, &sums[m], rows);
            snprintf(user, sizeof user, "%s", id);
        } else if (sums[mode].games > 0 && sums[mode].season != season) {
            rc = flush(st, add, mode, user, &sums[mode], rows);
        }
        season_sum *s = &sums[mode];
        if (s->games == 0 || result > s->best)
            s->best = result;
        s->season = season;
        s->games++;
        s->total += result;
        s->wins += ippon_sql_column_int64(games, 4) != 0;
    }
    if (rc == 0 && step != IPPON_SQL_DONE) {
        ippon_store_failed(st, "read the counted games");
        rc = -1;
    }
    for (int m = 0; m < IPPON_MODES && rc == 0; m++)
        rc = flush(st, add, (ippon_mode)m, user, &sums[m], rows);
    ippon_sql_finalize(games);
    ippon_sql_finalize(add);
    return rc;
}

int ippon_store_seasons_ready(ippon_store *st, int months, long *rows, char *err, size_t errlen)
{
    *rows = 0;
    if (!ippon_season_months_ok(months)) {
        snprintf(err, errlen, "seasons: %d months is not a season's length (" IPPON_SEASON_MONTHS_CHOICES ")", months);
        return -1;
    }
    if (ippon_store_begin(st) != 0 || (is_pg(st) && ippon_store_exec(st, "LOCK TABLE season_basis IN EXCLUSIVE MODE") != 0)) {
        snprintf(err, errlen, "seasons: %s", st->last_message);
        ippon_sql_rollback(st->db);
        return -1;
    }
    ippon_sql_stmt *basis = ippon_store_prepare(st, "SELECT months FROM season_basis WHERE id = 1");
    int held = 0;
    int rc = basis ? read_basis(st, basis, &held) : -1;
    ippon_sql_finalize(basis);
    if (rc == 0 && held != months) {
        rc = ippon_store_exec(st, "DELETE FROM season_totals");
        if (rc == 0)
            rc = count_all(st, months, rows);
        ippon_sql_stmt *set = rc == 0 ? ippon_store_prepare(st, "INSERT INTO season_basis (id, months) VALUES (1, ?1)"
                                                                " ON CONFLICT (id) DO UPDATE SET months = excluded.months")
                                      : NULL;
        if (rc == 0 && !set)
            rc = -1;
        if (set) {
            ippon_sql_bind_int64(set, 1, months);
            if (ippon_sql_step(set) != IPPON_SQL_DONE) {
                ippon_store_failed(st, "write season_basis");
                rc = -1;
            }
            ippon_sql_finalize(set);
        }
        if (rc == 0)
            rc = ippon_store_exec(st, "UPDATE rank_version SET data = data + 1 WHERE id = 1");
    }
    if (rc == 0 && ippon_sql_commit(st->db) != 0) {
        ippon_store_failed(st, "commit the seasons' count");
        rc = -1;
    }
    if (rc != 0) {
        snprintf(err, errlen, "seasons: %s", st->last_message);
        ippon_sql_rollback(st->db);
        *rows = 0;
    }
    return rc;
}
