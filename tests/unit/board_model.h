/*
 * board_model.h — the point-sum boards' model, shared by the store's board tests
 * (test_server_store_board.c: all-time and the rolling periods; test_server_store_seasons.c: the
 * seasons): a seeded xorshift, the test's players, random matches kept in the test's own list
 * and written through the store, the sums a list of counted games gives, ordered by the tie rules
 * of store_rankings.h, and a board page's rows compared with them.
 *
 * Header-only (static inline), included after server_fixture.h. The including test defines
 * MODEL_USERS (its players: uid 0 … MODEL_USERS − 1) and MODEL_TAG (a number in its players' and
 * matches' ids, so two tests' ids never meet in one database) first.
 */
#ifndef IPPON_TESTS_BOARD_MODEL_H
#define IPPON_TESTS_BOARD_MODEL_H

#if !defined(MODEL_USERS) || !defined(MODEL_TAG)
#error "define MODEL_USERS and MODEL_TAG before including board_model.h"
#endif

#include "store/store_matches.h"

/* a match as the model holds it */
typedef struct model_match {
    char id[33];
    int mode; /* 0: 4p, 1: 3p */
    int seats;
    int user[4]; /* -1: a bot */
    int32_t result[4];
    bool ranked, completed, voided;
    int64_t ended_at;
} model_match;

/* a player's sums over the games that count */
typedef struct model_row {
    int user, games, wins;
    int64_t total;
    int32_t best;
} model_row;

static uint64_t model_rng = 88172645463325252ull;

static inline uint64_t model_next(void)
{
    model_rng ^= model_rng << 13;
    model_rng ^= model_rng >> 7;
    model_rng ^= model_rng << 17;
    return model_rng;
}

static inline int model_below(int n) { return (int)(model_next() % (uint64_t)n); }

/* the id of player u (0 <= u < MODEL_USERS; the test fails for another) */
static inline const char *model_uid(int u)
{
    static char ids[MODEL_USERS][33];
    if (u < 0 || u >= MODEL_USERS) {
        fail_msg("model_uid(%d): no such player", u);
        return "";
    }
    snprintf(ids[u], sizeof ids[u], "%030x%02d", MODEL_TAG, u);
    return ids[u];
}

/* creates the players (guests) named name_of(u): 0 or -1 */
static inline int model_users_create(ippon_store *st, const char *(*name_of)(int u))
{
    for (int u = 0; u < MODEL_USERS; u++) {
        ippon_user user = {0};
        snprintf(user.id, sizeof user.id, "%.32s", model_uid(u));
        snprintf(user.display_name, sizeof user.display_name, "%.*s", (int)sizeof user.display_name - 1, name_of(u));
        user.guest = true;
        user.created_at = user.last_seen_at = 1000;
        ippon_session s = {.created_at = 1000, .expires_at = 1LL << 40, .last_used_at = 1000};
        memset(s.token_hash, u + 1, sizeof s.token_hash);
        int taken = 0;
        if (ippon_store_user_create(st, &user, NULL, &s, &taken) != 0)
            return -1;
    }
    return 0;
}

/* m as the model's number-th match ending at ended_at, its id made, the rest empty */
static inline void model_match_new(model_match *m, int number, int64_t ended_at)
{
    memset(m, 0, sizeof *m);
    snprintf(m->id, sizeof m->id, "%08x%024x", number, MODEL_TAG);
    m->ended_at = ended_at;
}

/* fills in a random table: the mode, humans (each once) and bots, small results summing to 0 (so
   that ties on the total and the average happen), ranked 5 times in 6, completed 7 in 8 */
static inline void model_match_random(model_match *m)
{
    m->mode = model_below(3) == 0;
    m->seats = m->mode ? 3 : 4;
    int32_t sum = 0;
    for (int s = 0; s < m->seats; s++) {
        int u;
        bool taken;
        do { /* a human not yet at the table, or a bot */
            u = model_below(4) == 0 ? -1 : model_below(MODEL_USERS);
            taken = false;
            for (int k = 0; k < s; k++)
                taken |= u >= 0 && m->user[k] == u;
        } while (taken);
        m->user[s] = u;
        m->result[s] = s + 1 < m->seats ? (model_below(9) - 4) * 1000 : -sum;
        sum += m->result[s];
    }
    m->ranked = model_below(6) != 0;
    m->completed = model_below(8) != 0;
}

/* writes m through `through` as a table's end would */
static inline void model_match_save(ippon_store *through, const model_match *m)
{
    ippon_seat_player seats[4];
    int32_t finals[4];
    memset(seats, 0, sizeof seats);
    for (int s = 0; s < m->seats; s++) {
        seats[s].bot = m->user[s] < 0;
        if (!seats[s].bot)
            snprintf(seats[s].user_id, sizeof seats[s].user_id, "%s", model_uid(m->user[s]));
        snprintf(seats[s].name, sizeof seats[s].name, "then %d", m->user[s]);
        finals[s] = (m->mode ? 35000 : 25000) + m->result[s];
    }
    json_t *seeds = json_array(), *actions = json_array(), *wins = json_array();
    ippon_stored_match rec = {
        .id = m->id, .rules = ippon_rules_preset(m->mode ? "sanma" : "yonma"), .players = m->seats,
        .ranked = m->ranked, .completed = m->completed, .started_ms = m->ended_at - 1000, .ended_ms = m->ended_at,
        .hands = 1, .seats = seats, .final_points = finals, .results = m->result, .seeds = seeds,
        .actions = actions, .wins = wins,
    };
    char err[256];
    if (ippon_store_save_match(through, &rec, err, sizeof err) != 0)
        fail_msg("%s", err);
    json_decref(seeds);
    json_decref(actions);
    json_decref(wins);
}

/* every player's row empty (indexed by user) */
static inline void model_rows_clear(model_row all[MODEL_USERS])
{
    for (int u = 0; u < MODEL_USERS; u++)
        all[u] = (model_row){.user = u, .best = INT32_MIN};
}

/* adds m's games to its humans' rows if it counts (ranked, completed, not voided); a win is a
   result above 0 that no seat's beats */
static inline void model_rows_add(model_row all[MODEL_USERS], const model_match *m)
{
    if (!m->ranked || !m->completed || m->voided)
        return;
    int32_t top = m->result[0];
    for (int s = 1; s < m->seats; s++)
        top = m->result[s] > top ? m->result[s] : top;
    for (int s = 0; s < m->seats; s++) {
        if (m->user[s] < 0)
            continue;
        model_row *r = &all[m->user[s]];
        r->games++;
        r->total += m->result[s];
        r->wins += m->result[s] > 0 && m->result[s] == top;
        r->best = m->result[s] > r->best ? m->result[s] : r->best;
    }
}

/* the tie rules: total, average, games (each descending), then the id */
static inline int model_row_cmp(const void *pa, const void *pb)
{
    const model_row *a = pa, *b = pb;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    double x = (double)a->total / a->games, y = (double)b->total / b->games;
    if (x != y)
        return x > y ? -1 : 1;
    if (a->games != b->games)
        return a->games > b->games ? -1 : 1;
    return strcmp(model_uid(a->user), model_uid(b->user));
}

/* the standings of all: the players with >= min_games games (and one at least), in order, into
   rows; their number */
static inline int model_standings(const model_row all[MODEL_USERS], int min_games, model_row *rows)
{
    int n = 0;
    for (int u = 0; u < MODEL_USERS; u++)
        if (all[u].games > 0 && all[u].games >= min_games)
            rows[n++] = all[u];
    qsort(rows, (size_t)n, sizeof *rows, model_row_cmp);
    return n;
}

/* compares a page's rows (JSON) with the model's standings want (n of them) from rank first + 1;
   names: each player's current name */
static inline void model_same_rows(json_t *got_rows, const model_row *want, int n, int first, int limit,
                                   const char *(*name_of)(int u), const char *what)
{
    int expect = n - first < limit ? n - first : limit;
    if (expect < 0)
        expect = 0;
    if ((int)json_array_size(got_rows) != expect)
        fail_msg("%s: %zu rows, the model has %d", what, json_array_size(got_rows), expect);
    for (int i = 0; i < expect; i++) {
        const model_row *w = &want[first + i];
        json_t *r = json_array_get(got_rows, (size_t)i);
        const char *id = json_string_value(json_object_get(r, "user_id"));
        if (!id || strcmp(id, model_uid(w->user)) || json_integer_value(json_object_get(r, "rank")) != first + i + 1 ||
            json_integer_value(json_object_get(r, "games")) != w->games ||
            json_integer_value(json_object_get(r, "total")) != w->total ||
            json_integer_value(json_object_get(r, "wins")) != w->wins ||
            json_integer_value(json_object_get(r, "best")) != w->best ||
            json_real_value(json_object_get(r, "average")) != (double)w->total / w->games ||
            strcmp(json_string_value(json_object_get(r, "display_name")), name_of(w->user))) {
            char *text = json_dumps(r, JSON_COMPACT);
            fail_msg("%s, rank %d: %s; the model has user %d games %d total %lld wins %d best %d name %s", what,
                     first + i + 1, text, w->user, w->games, (long long)w->total, w->wins, w->best, name_of(w->user));
        }
    }
}

#endif
