/*
 * bench_rankings.c — fills a database with synthetic but realistic finished matches and measures
 * how fast the store writes them (tests/bench/rankings.sh then measures the REST routes on it
 * with wrk).
 *
 *   bench_rankings --db FILE --migrations DIR [--matches 1000000] [--players 20000] [--days 365]
 *                  [--writes 20000] [--group 8] [--batch 1000] [--seed 1] [--ids FILE]
 *                  [--autocheckpoint PAGES]
 *
 * What is written: --players guests (ippon_store_user_create), then --matches matches spread
 * evenly over the last --days days up to now, oldest first, through ippon_store_save_matches
 * in batches of --batch (the bulk path: the same inserts and triggers as a single match, fewer
 * commits). Then --writes more matches one by one through ippon_store_save_match, each in its
 * own transaction as a table's end writes it: that rate is the "match writes per second"
 * (timed around ippon_store_save_match only; the store is reopened between the two phases; the
 * slowest write and the 99th percentile are printed too). Then --writes more through the group
 * commit the server uses (ippon_store_batch_add as each match ends, ippon_store_write_batch
 * every --group matches: the groups that form when matches end a few milliseconds apart, see
 * tests/bench/README.md), timed around both calls. Then
 * 1,000 more single writes into an emptied write-ahead log, not checkpointed meanwhile: its
 * length in frames over 1,000 is the pages each match write puts in the log; and the same for
 * 1,000 more in groups of --group.
 *
 * Every write keeps the season totals as a server with season_months 1 does (the store's
 * seasons made ready first, store/season_writes.h) and rates the match (store/rating_writes.h).
 *
 * A match: 4-player (70 %) or 3-player, with a bot in one seat one time in five, ranked 19 times
 * in 20, finished 99 times in 100; hands as in bot self-play (an exhaustive draw 19 % of the
 * time carries the match on); one seed (64 hex) per hand; an action log of the usual size
 * (about 60 discards per hand, from a pool of logs made up once); one winning hand worth
 * 1,000–48,000 (mostly small), by ron from one seat (60 %) or by tsumo paid by all; 1,000 per
 * exhaustive draw moved between seats; results summing to 0. Players are picked with a skew
 * (a few play much more than most), as on a real service.
 *
 * --autocheckpoint PAGES sets the write-ahead log's checkpoint interval for the timed writes
 * instead of the store's own (store.c), e.g. 1000, SQLite's default, for comparison.
 *
 * --ids FILE writes 1,000 player ids (one per line) for the profile benchmark.
 */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "ippon/rules.h"
#include "store/season_writes.h"
#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_private.h"

enum { POOL = 64, IDS_OUT = 1000, PAGES_SAMPLE = 1000 };

static uint64_t rng_state = 1;

static uint64_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

static int below(int n) { return (int)(rnd() % (uint64_t)n); }

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* player p's id: p in 8 hex digits (hence at most 2^32 players, see --players) and a fixed tail */
static void player_id(uint32_t p, char out[33]) { snprintf(out, 33, "%08" PRIx32 "%024x", p, 0xbe7c4); }

/* a pool of made-up action logs, one hand each, of the usual length */
static json_t *pool[2][POOL];

static void make_pool(void)
{
    static const char *const suits = "mpsz";
    for (int mode = 0; mode < 2; mode++)
        for (int i = 0; i < POOL; i++) {
            json_t *hand = json_array();
            int n = 45 + below(35), players = mode ? 3 : 4;
            for (int k = 0; k < n; k++) {
                char tile[3] = {(char)('1' + below(7)), suits[below(4)], 0};
                json_t *a = below(12) ? json_pack("{s:s,s:s}", "type", "discard", "tile", tile)
                                      : json_pack("{s:s}", "type", "pass");
                if (below(2))
                    json_object_set_new(a, "tsumogiri", json_true());
                json_array_append_new(hand, json_pack("[i,i,o]", 0, k % players, a));
            }
            pool[mode][i] = hand;
        }
}

/* the players of the service: skewed, so that some play far more than others */
static long pick_player(long players)
{
    double u = (double)(rnd() >> 11) / 9007199254740992.0;
    return (long)((double)players * u * u) % players;
}

typedef struct built {
    char id[33];
    ippon_seat_player seats[4];
    int32_t finals[4], results[4];
    json_t *seeds, *actions, *wins;
    ippon_stored_match rec;
} built;

static void build(built *b, long n, long players, int64_t ended_ms)
{
    memset(b, 0, sizeof *b);
    snprintf(b->id, sizeof b->id, "%016lx%016llx", n, (unsigned long long)(rnd() & 0xffffffffffffull));
    int mode = below(10) < 3, seats = mode ? 3 : 4, start = mode ? 35000 : 25000;
    int bot = below(5) == 0 ? below(seats) : -1;
    long chosen[4] = {-1, -1, -1, -1};
    for (int s = 0; s < seats; s++) {
        ippon_seat_player *p = &b->seats[s];
        if (s == bot) {
            p->bot = true;
            snprintf(p->name, sizeof p->name, "Bot %d", s);
            continue;
        }
        long who;
        bool again;
        do {
            who = pick_player(players);
            again = false;
            for (int k = 0; k < s; k++)
                again |= chosen[k] == who;
        } while (again);
        chosen[s] = who;
        player_id((uint32_t)who, p->user_id);
        snprintf(p->name, sizeof p->name, "Player %ld", who);
    }
    int hands = 1;
    while (below(100) < 19 && hands < 12)
        hands++;
    /* exhaustive draws move 1,000 at a time; then one win ends the match */
    for (int h = 1; h < hands; h++) {
        int from = below(seats), to = (from + 1 + below(seats - 1)) % seats;
        b->results[from] -= 1000;
        b->results[to] += 1000;
    }
    static const int values[] = {1000, 1300, 2000, 2600, 3900, 5200, 7700, 8000, 12000, 18000, 24000, 32000, 48000};
    int value = values[below(4) ? below(7) : below(13)];
    int winner = below(seats), from = winner;
    if (below(10) < 6) {
        from = (winner + 1 + below(seats - 1)) % seats;
        b->results[from] -= value;
    } else {
        int share = value / (seats - 1) / 100 * 100;
        for (int s = 0; s < seats; s++)
            if (s != winner)
                b->results[s] -= share;
        value = share * (seats - 1);
    }
    b->results[winner] += value;
    for (int s = 0; s < seats; s++)
        b->finals[s] = start + b->results[s];
    b->seeds = json_array();
    b->actions = json_array();
    for (int h = 0; h < hands; h++) {
        char seed[65];
        for (int k = 0; k < 64; k++)
            seed[k] = "0123456789abcdef"[below(16)];
        seed[64] = '\0';
        json_array_append_new(b->seeds, json_string(seed));
        size_t i;
        json_t *a;
        json_array_foreach(pool[mode][below(POOL)], i, a) {
            json_t *copy = json_copy(a);
            json_array_set_new(copy, 0, json_integer(h));
            json_array_append_new(b->actions, copy);
        }
    }
    b->wins = json_pack("[{s:s,s:i,s:i}]", "type", "win", "seat", winner, "from", from);
    b->rec = (ippon_stored_match){
        .id = b->id, .rules = ippon_rules_preset(mode ? "sanma" : "yonma"), .players = seats,
        .ranked = below(20) != 0, .completed = true, .started_ms = ended_ms - 60000 * hands, .ended_ms = ended_ms,
        .hands = hands, .seats = b->seats, .final_points = b->finals, .results = b->results, .seeds = b->seeds,
        .actions = b->actions, .wins = b->wins,
    };
    if (below(100) == 0) { /* closed without a winner: nothing moves */
        b->rec.completed = false;
        b->rec.ranked = false;
        memset(b->results, 0, sizeof b->results);
    }
}

static void unbuild(built *b)
{
    json_decref(b->seeds);
    json_decref(b->actions);
    json_decref(b->wins);
}

/* one pragma's first row as integers (up to 3 columns) */
static int pragma_ints(ippon_store *st, const char *sql, long out[3])
{
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, sql);
    int rc = q ? ippon_sql_step(q) : IPPON_SQL_ERROR;
    for (int i = 0; i < 3 && rc == IPPON_SQL_ROW; i++)
        out[i] = i < ippon_sql_column_count(q) ? (long)ippon_sql_column_int64(q, i) : 0;
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_ROW || rc == IPPON_SQL_DONE ? 0 : -1;
}

static int by_time(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int usage(void)
{
    fputs("usage: bench_rankings --db FILE --migrations DIR [--matches N] [--players N] [--days N] [--writes N]\n"
          "                      [--group N] [--batch N] [--seed S] [--ids FILE] [--autocheckpoint PAGES]\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    const char *db = NULL, *migrations = NULL, *ids_file = NULL;
    long matches = 1000000, players = 20000, days = 365, writes = 20000, batch = 1000, group = 8, autocheckpoint = 0;
    for (int i = 1; i < argc; i += 2) { /* --name value pairs */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long *num = !strcmp(a, "--matches") ? &matches : !strcmp(a, "--players") ? &players
                  : !strcmp(a, "--days")    ? &days    : !strcmp(a, "--writes") ? &writes
                  : !strcmp(a, "--batch")   ? &batch   : !strcmp(a, "--group") ? &group
                  : !strcmp(a, "--autocheckpoint") ? &autocheckpoint : NULL;
        if (!v)
            return usage();
        if (num) {
            char *end;
            *num = strtol(v, &end, 10);
            if (*end || *num < 0 || (num != &matches && num != &writes && num != &autocheckpoint && *num == 0)) {
                fprintf(stderr, "bench_rankings: %s: a positive integer\n", a);
                return 2;
            }
            if (num == &players && (unsigned long)players > UINT32_MAX) { /* ids hold 8 hex digits */
                fprintf(stderr, "bench_rankings: %s: at most %" PRIu32 "\n", a, UINT32_MAX);
                return 2;
            }
        } else if (!strcmp(a, "--seed")) {
            rng_state = strtoull(v, NULL, 10) * 2654435761u + 1;
        } else if (!strcmp(a, "--db")) {
            db = v;
        } else if (!strcmp(a, "--migrations")) {
            migrations = v;
        } else if (!strcmp(a, "--ids")) {
            ids_file = v;
        } else {
            return usage();
        }
    }
    if (!db || !migrations)
        return usage();
    char err[512];
    ippon_store *st;
    int applied;
    long season_rows;
    if (ippon_store_open(&st, db, err, sizeof err) != 0 || ippon_store_migrate(st, migrations, &applied, err, sizeof err) != 0 ||
        ippon_store_seasons_ready(st, 1, &season_rows, err, sizeof err) != 0) {
        fprintf(stderr, "bench_rankings: %s\n", err);
        return 1;
    }
    make_pool();
    /* the bulk fill's connection keeps 512 MB of pages: a transaction of --batch matches touches
       many players' pages (their totals, their ratings and rating history), and SQLite's default
       of 2 MB would spill and read them again and again. The timed writes below reopen the store
       with its own settings. */
    long ignored[3];
    if (pragma_ints(st, "PRAGMA cache_size = -524288", ignored) != 0) {
        fprintf(stderr, "bench_rankings: cannot set the fill's cache size\n");
        return 1;
    }

    double t0 = seconds();
    for (long p = 0; p < players; p++) {
        ippon_user u = {0};
        player_id((uint32_t)p, u.id);
        if (ippon_store_user_get(st, u.id, &u) == 0)
            continue; /* a database filled before */
        snprintf(u.display_name, sizeof u.display_name, "Player %ld", p);
        u.guest = true;
        u.created_at = u.last_seen_at = now_ms() / 1000;
        ippon_session s = {.created_at = u.created_at, .expires_at = u.created_at + 86400, .last_used_at = u.created_at};
        for (int k = 0; k < 32; k++)
            s.token_hash[k] = (unsigned char)rnd();
        int taken = 0;
        if (ippon_store_user_create(st, &u, NULL, &s, &taken) != 0) {
            fprintf(stderr, "bench_rankings: creating player %ld failed (taken %d)\n", p, taken);
            return 1;
        }
    }
    double t1 = seconds();
    printf("players: %ld in %.1f s\n", players, t1 - t0);

    int64_t end = now_ms(), span = days * 86400000LL;
    built *bs = calloc((size_t)batch, sizeof *bs);
    const ippon_stored_match **recs = calloc((size_t)batch, sizeof *recs);
    if (!bs || !recs)
        return 1;
    double build_s = 0, write_s = 0;
    for (long done = 0; done < matches;) {
        int n = (int)(matches - done < batch ? matches - done : batch);
        double a = seconds();
        for (int i = 0; i < n; i++) {
            build(&bs[i], done + i, players, end - span + span * (done + i) / (matches ? matches : 1));
            recs[i] = &bs[i].rec;
        }
        double b = seconds();
        if (ippon_store_save_matches(st, recs, n, err, sizeof err) != 0) {
            fprintf(stderr, "bench_rankings: %s\n", err);
            return 1;
        }
        write_s += seconds() - b;
        build_s += b - a;
        for (int i = 0; i < n; i++)
            unbuild(&bs[i]);
        done += n;
        if (done % 100000 == 0 || done == matches) {
            fprintf(stderr, "\r%ld matches", done);
            fflush(stderr);
        }
    }
    if (matches)
        fprintf(stderr, "\n");
    printf("bulk fill: %ld matches in %.1f s of writing (%.0f matches/s in batches of %ld; %.1f s making them up)\n",
           matches, write_s, write_s > 0 ? matches / write_s : 0.0, batch, build_s);

    /* closing folds the bulk fill's write-ahead log into the database, as a server's restart
       would; the single writes below then start from a steady state */
    ippon_store_close(st);
    if (ippon_store_open(&st, db, err, sizeof err) != 0) {
        fprintf(stderr, "bench_rankings: %s\n", err);
        return 1;
    }
    /* one match per transaction, through the write path a table's end uses. Their ids are new
       (numbered after the matches stored, random bits from the clock): a match already stored
       would be ignored, and an ignored write is not a write. */
    long r[3] = {0, 0, 0};
    char set[64];
    snprintf(set, sizeof set, "PRAGMA wal_autocheckpoint = %ld", autocheckpoint);
    if (autocheckpoint && pragma_ints(st, set, r) != 0) {
        fprintf(stderr, "bench_rankings: cannot set the checkpoint interval\n");
        return 1;
    }
    if (pragma_ints(st, "SELECT count(*) FROM matches", r) != 0) {
        fprintf(stderr, "bench_rankings: cannot count the matches\n");
        return 1;
    }
    const long stored = r[0];
    rng_state ^= (uint64_t)now_ms() * 2654435761u;
    double single_s = 0;
    double *took = calloc((size_t)(writes ? writes : 1), sizeof *took);
    if (!took)
        return 1;
    int64_t at = now_ms();
    for (long i = 0; i < writes; i++) {
        built b;
        build(&b, stored + i, players, at + i);
        double a = seconds();
        if (ippon_store_save_match(st, &b.rec, err, sizeof err) != 0) {
            fprintf(stderr, "bench_rankings: %s\n", err);
            return 1;
        }
        took[i] = seconds() - a;
        single_s += took[i];
        unbuild(&b);
    }
    if (writes) {
        qsort(took, (size_t)writes, sizeof *took, by_time);
        printf("match writes: %ld one per transaction in %.2f s: %.0f writes/s (%.0f us each; 99th percentile %.1f ms,"
               " slowest %.1f ms)\n",
               writes, single_s, writes / single_s, 1e6 * single_s / writes, 1e3 * took[writes * 99 / 100],
               1e3 * took[writes - 1]);
    }

    /* the same through the group commit: queued as they end, written every `group` matches */
    ippon_store_batch *queue = ippon_store_batch_new();
    double grouped_s = 0, slowest_group = 0;
    for (long i = 0; queue && i < writes; i++) {
        built b;
        build(&b, stored + writes + i, players, at + writes + i);
        double a = seconds();
        if (ippon_store_batch_add(queue, &b.rec, err, sizeof err) < 0) {
            fprintf(stderr, "bench_rankings: %s\n", err);
            return 1;
        }
        double flush = 0;
        if (ippon_store_batch_count(queue) == group || i == writes - 1) {
            double f = seconds();
            if (ippon_store_write_batch(st, queue, err, sizeof err) != 0) {
                fprintf(stderr, "bench_rankings: %s\n", err);
                return 1;
            }
            flush = seconds() - f;
        }
        grouped_s += seconds() - a;
        if (flush > slowest_group)
            slowest_group = flush;
        unbuild(&b);
    }
    if (!queue)
        return 1;
    ippon_store_batch_free(queue);
    if (writes)
        printf("match writes: %ld in groups of %ld per transaction in %.2f s: %.0f writes/s (slowest group %.1f ms)\n",
               writes, group, grouped_s, writes / grouped_s, 1e3 * slowest_group);
    free(took);
    const long written = 2 * writes;

    /* pages per match: PAGES_SAMPLE more single writes into an emptied log that is not
       checkpointed meanwhile, its length in frames (pages) then being what they wrote; then as
       many in groups of `group` the same way */
    ippon_store_batch *sample = ippon_store_batch_new();
    for (int grouped = 0; writes && grouped < 2; grouped++) {
        if (!sample || pragma_ints(st, "PRAGMA wal_checkpoint(TRUNCATE)", r) != 0 || r[0] != 0 ||
            pragma_ints(st, "PRAGMA wal_autocheckpoint = 0", r) != 0) {
            fprintf(stderr, "bench_rankings: cannot empty the write-ahead log\n");
            return 1;
        }
        for (long i = 0; i < PAGES_SAMPLE; i++) {
            built b;
            long n = written + grouped * PAGES_SAMPLE + i;
            build(&b, stored + n, players, at + n);
            int rc = grouped ? ippon_store_batch_add(sample, &b.rec, err, sizeof err) < 0 ? -1 : 0
                             : ippon_store_save_match(st, &b.rec, err, sizeof err);
            if (rc == 0 && grouped && (ippon_store_batch_count(sample) == group || i == PAGES_SAMPLE - 1))
                rc = ippon_store_write_batch(st, sample, err, sizeof err) != 0 ? -1 : 0;
            if (rc != 0) {
                fprintf(stderr, "bench_rankings: %s\n", err);
                return 1;
            }
            unbuild(&b);
        }
        if (pragma_ints(st, "PRAGMA wal_checkpoint(PASSIVE)", r) == 0) { /* busy, frames, copied */
            if (grouped)
                printf("pages written per match: %.1f in groups of %ld\n", (double)r[1] / PAGES_SAMPLE, group);
            else
                printf("pages written per match: %.1f one per transaction (the log's frames after %d writes)\n",
                       (double)r[1] / PAGES_SAMPLE, PAGES_SAMPLE);
        }
    }
    ippon_store_batch_free(sample);
    long want = stored + (writes ? written + 2 * PAGES_SAMPLE : 0);
    if (pragma_ints(st, "SELECT count(*) FROM matches", r) != 0 || r[0] != want) {
        fprintf(stderr, "bench_rankings: %ld matches stored, %ld expected: some writes were not written\n", r[0],
                want);
        return 1;
    }

    if (ids_file) {
        FILE *f = fopen(ids_file, "w");
        if (!f) {
            fprintf(stderr, "bench_rankings: cannot write %s\n", ids_file);
            return 1;
        }
        for (int i = 0; i < IDS_OUT; i++) {
            char id[33];
            player_id((uint32_t)pick_player(players), id);
            fprintf(f, "%s\n", id);
        }
        fclose(f);
    }
    ippon_store_close(st);
    struct stat sb;
    if (stat(db, &sb) == 0)
        printf("database: %s, %.0f MB\n", db, sb.st_size / 1e6);
    for (int mode = 0; mode < 2; mode++)
        for (int i = 0; i < POOL; i++)
            json_decref(pool[mode][i]);
    free(bs);
    free(recs);
    return 0;
}
