/*
 * bench_db_check.c — how long the server's start-up check of its SQLite database takes
 * (src/server/store/db_check.h: whose file it is, then PRAGMA quick_check over every page), on a
 * database filled by bench_rankings (tests/bench/db_check.sh does both).
 *
 *   bench_db_check --db FILE --migrations DIR [--rounds 3]
 *
 * Prints the file's size, pages and matches, then each round's time of ippon_db_check with and
 * without quick_check (the first round reads the file from the disk unless the page cache holds it
 * already; the later ones from the cache), then the best and the median round.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/log.h"
#include "store/db_check.h"
#include "store/sql.h"

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* the integer sql answers on the database at path (read-only), or -1 */
static long long count_of(const char *path, const char *sql)
{
    ippon_sql *db = NULL;
    char err[300];
    if (ippon_sql_open_sqlite_readonly(&db, path, err, sizeof err) != 0)
        return -1;
    ippon_sql_stmt *q = ippon_sql_prepare(db, sql);
    long long n = q && ippon_sql_step(q) == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : -1;
    ippon_sql_finalize(q);
    ippon_sql_close(db);
    return n;
}

/* one check of path, timed: seconds, or -1 with the refusal printed */
static double timed_check(const char *path, const char *migrations, bool whole)
{
    char err[1200];
    double start = seconds();
    if (ippon_db_check(path, migrations, whole ? 3600000 : 0, err, sizeof err) != 0) {
        fprintf(stderr, "bench_db_check: %s\n", err);
        return -1;
    }
    return seconds() - start;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    const char *path = NULL, *migrations = NULL;
    int rounds = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--db"))
            path = argv[i + 1];
        else if (!strcmp(argv[i], "--migrations"))
            migrations = argv[i + 1];
        else if (!strcmp(argv[i], "--rounds"))
            rounds = atoi(argv[i + 1]);
    }
    if (!path || !migrations || rounds < 1 || rounds > 100) {
        fprintf(stderr, "usage: bench_db_check --db FILE --migrations DIR [--rounds 1..100]\n");
        return 2;
    }
    ippon_log_level_set(IPPON_LOG_WARN);
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fprintf(stderr, "bench_db_check: %s: no such file (fill it first: tests/bench/db_check.sh)\n", path);
        return 1;
    }
    printf("%s: %.2f GB, %lld pages of %lld bytes, %lld matches\n", path, sb.st_size / 1e9,
           count_of(path, "PRAGMA page_count"), count_of(path, "PRAGMA page_size"),
           count_of(path, "SELECT count(*) FROM matches"));
    double whole[100];
    for (int r = 0; r < rounds; r++) {
        double owner = timed_check(path, migrations, false);
        whole[r] = timed_check(path, migrations, true);
        if (owner < 0 || whole[r] < 0)
            return 1;
        printf("round %d: whose file %.1f ms; with quick_check %.2f s\n", r + 1, owner * 1e3, whole[r]);
    }
    qsort(whole, (size_t)rounds, sizeof whole[0], by_value);
    printf("start-up check with quick_check: best %.2f s, median %.2f s\n", whole[0], whole[rounds / 2]);
    return 0;
}
