/*
 * migrations.c — the migration files of a folder and the run over them (migrations.h), on either
 * engine (sql.h): each file with its schema_migrations row in one transaction, rolled back whole
 * on any error (both engines' DDL is transactional).
 */
#include "store/migrations.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"

typedef struct migration_list {
    ippon_migration *items;
    size_t count, cap;
} migration_list;

static void migration_list_free(migration_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->items[i].name);
    free(list->items);
}

static int migration_cmp(const void *a, const void *b)
{
    const ippon_migration *x = a, *y = b;
    return (x->version > y->version) - (x->version < y->version);
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* "NNNN_name.sql" -> the number NNNN (0012 -> 12); -1 if the name is not digits, '_', a name, ".sql" */
static long long migration_version(const char *name)
{
    long long v = 0;
    size_t i = 0;
    for (; name[i] >= '0' && name[i] <= '9'; i++) {
        if (i >= 15)
            return -1;
        v = v * 10 + (name[i] - '0');
    }
    if (i == 0 || name[i] != '_' || strlen(name + i) <= strlen("_.sql"))
        return -1;
    return v;
}

/* the .sql files of dir, sorted by version */
static int migration_list_read(migration_list *list, const char *dir, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: cannot open migrations folder: %s", dir, strerror(errno));
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || !has_suffix(e->d_name, ".sql"))
            continue;
        long long version = migration_version(e->d_name);
        if (version < 0) {
            snprintf(err, errlen,
                     "%s/%s: a migration's file name must be NNNN_name.sql (digits, '_', a name)",
                     dir, e->d_name);
            rc = -1;
            break;
        }
        if (list->count == list->cap) {
            size_t cap = list->cap ? 2 * list->cap : 16;
            ippon_migration *items = realloc(list->items, cap * sizeof *items);
            if (!items) {
                snprintf(err, errlen, "%s: out of memory", dir);
                rc = -1;
                break;
            }
            list->items = items;
            list->cap = cap;
        }
        char *name = strdup(e->d_name);
        if (!name) {
            snprintf(err, errlen, "%s: out of memory", dir);
            rc = -1;
            break;
        }
        list->items[list->count++] = (ippon_migration){version, name};
    }
    closedir(d);
    if (rc != 0)
        return rc;

    if (list->count > 1)
        qsort(list->items, list->count, sizeof *list->items, migration_cmp);
    for (size_t i = 1; i < list->count; i++) {
        if (list->items[i].version == list->items[i - 1].version) {
            snprintf(err, errlen, "%s: %s and %s have the same number", dir,
                     list->items[i - 1].name, list->items[i].name);
            return -1;
        }
    }
    return 0;
}

/* the whole file as a NUL-terminated string (malloc'd), or NULL with errno set */
static char *read_text_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (ferror(f)) {
            free(buf);
            buf = NULL;
            errno = EIO;
            break;
        }
        if (feof(f))
            break;
        char *bigger = realloc(buf, 2 * cap);
        if (!bigger) {
            free(buf);
            buf = NULL;
            errno = ENOMEM;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

/* the name recorded for version, copied into out: 1 if found, 0 if not, -1 on error */
static int migration_recorded(ippon_sql *db, long long version, char *out, size_t outlen)
{
    ippon_sql_stmt *q = ippon_sql_prepare(db, "SELECT name FROM schema_migrations WHERE version = ?");
    if (!q)
        return -1;
    ippon_sql_bind_int64(q, 1, version);
    int rc = ippon_sql_step(q), found = -1;
    if (rc == IPPON_SQL_ROW) {
        snprintf(out, outlen, "%s", ippon_sql_column_text(q, 0));
        found = 1;
    } else if (rc == IPPON_SQL_DONE) {
        found = 0;
    }
    ippon_sql_finalize(q);
    return found;
}

/* run one migration file's sql inside a transaction with its schema_migrations row */
static int migration_apply(ippon_sql *db, const char *path, const char *sql, const ippon_migration *m, char *err,
                           size_t errlen)
{
    int rc = ippon_sql_begin(db);
    if (rc == 0) {
        rc = ippon_sql_exec(db, sql);
        if (rc == 0 && !ippon_sql_in_transaction(db)) {
            /* the file ended the transaction itself: its effects can no longer be undone */
            snprintf(err, errlen, "%s: a migration must not contain BEGIN, COMMIT or ROLLBACK", path);
            return -1;
        }
    }
    if (rc == 0) {
        ippon_sql_stmt *q = ippon_sql_prepare(db, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
        rc = -1;
        if (q) {
            ippon_sql_bind_int64(q, 1, m->version);
            ippon_sql_bind_text(q, 2, m->name);
            ippon_sql_bind_int64(q, 3, (int64_t)time(NULL));
            rc = ippon_sql_step(q) == IPPON_SQL_DONE ? 0 : -1;
        }
        ippon_sql_finalize(q);
        if (rc == 0)
            rc = ippon_sql_commit(db);
    }
    if (rc != 0) {
        snprintf(err, errlen, "%s: %s (migration rolled back)", path, ippon_sql_errmsg(db));
        ippon_sql_rollback(db);
    }
    return rc;
}

int ippon_migrations_run(const char *dir, ippon_sql *db, int *applied, char *err, size_t errlen)
{
    if (applied)
        *applied = 0;
    migration_list list = {0};
    int rc = migration_list_read(&list, dir, err, errlen);
    for (size_t i = 0; rc == 0 && i < list.count; i++) {
        const ippon_migration *m = &list.items[i];
        char path[4096], recorded[256];
        snprintf(path, sizeof path, "%s/%s", dir, m->name);
        int found = migration_recorded(db, m->version, recorded, sizeof recorded);
        if (found < 0) {
            snprintf(err, errlen, "schema_migrations: %s", ippon_sql_errmsg(db));
            rc = -1;
        } else if (found) {
            if (strcmp(recorded, m->name) != 0) {
                snprintf(err, errlen,
                         "%s: migration %lld was applied as %s; an applied migration must not be "
                         "renamed or replaced (add a new one instead)",
                         path, m->version, recorded);
                rc = -1;
            }
        } else {
            char *sql = read_text_file(path);
            if (!sql) {
                snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
                rc = -1;
            } else if ((rc = migration_apply(db, path, sql, m, err, errlen)) == 0) {
                ippon_log_info("applied migration %s", path);
                if (applied)
                    (*applied)++;
            }
            free(sql);
        }
    }
    migration_list_free(&list);
    return rc;
}

int ippon_migrations_recognised(const char *dir, ippon_sql *db, char *err, size_t errlen)
{
    migration_list list = {0};
    int rc = migration_list_read(&list, dir, err, errlen);
    if (rc == 0 && list.count > 0) {
        char recorded[256];
        int found = migration_recorded(db, list.items[0].version, recorded, sizeof recorded);
        ippon_sql_failure kind = ippon_sql_failure_of(db);
        if (found < 0 && kind != IPPON_SQL_REFUSED) { /* refused: no such table or column, not ours */
            snprintf(err, errlen, "schema_migrations: %s", ippon_sql_errmsg(db));
            rc = -1;
        } else {
            rc = found > 0 && strcmp(recorded, list.items[0].name) == 0;
        }
    }
    migration_list_free(&list);
    return rc;
}
