/*
 * match_journal.c — running matches' journals as append-only files (match_journal.h).
 *
 * How it works: each journal is an O_APPEND file descriptor kept open while its match runs; a
 * record is serialized with a '\n' into one buffer and written with one write(2), retried on a
 * short write; after a failed or partial write the file is marked failed and refuses every later
 * record, so what is on disk is always a prefix of what the table wrote. Reading back splits
 * lines; a last line without its '\n' (a crash inside the write) is dropped; a file that does not
 * read (a damaged line before the last, nothing in it, a read error, a name that is no match id)
 * is renamed aside and reading goes on with the next.
 */
#include "store/match_journal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "store/private_files.h"

#define JOURNAL_SUFFIX ".journal"
#define FILE_SUFFIX ".jsonl"

struct ippon_journal {
    char *dir;
    uint8_t key[IPPON_JOURNAL_KEY_BYTES];
    ippon_journal_file *open;  /* every file open, for sync and close */
    uint64_t records, bytes;
};

struct ippon_journal_file {
    ippon_journal *j;
    int fd;
    int failed;
    ippon_journal_file *prev, *next;
};

int ippon_journal_path(const char *db_path, char *out, size_t outlen)
{
    int n = snprintf(out, outlen, "%s%s", db_path, JOURNAL_SUFFIX);
    return n > 0 && (size_t)n < outlen ? 0 : -1;
}

/* the folder's key: read from event.key, or made and written there (O_EXCL: one maker) */
static int read_key(ippon_journal *j, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/event.key", j->dir);
    for (int attempt = 0; attempt < 2; attempt++) {
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            ssize_t n = read(fd, j->key, sizeof j->key);
            close(fd);
            if (n == (ssize_t)sizeof j->key)
                return 0;
            snprintf(err, errlen, "%s: not a key of %zu bytes (remove it to make a new one)", path, sizeof j->key);
            return -1;
        }
        randombytes_buf(j->key, sizeof j->key);
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, IPPON_PRIVATE_FILE_MODE);
        if (fd < 0 && errno == EEXIST)
            continue; /* made meanwhile: read it */
        ssize_t n = fd >= 0 ? write(fd, j->key, sizeof j->key) : -1;
        int synced = fd >= 0 && n == (ssize_t)sizeof j->key ? fsync(fd) : -1;
        if (fd >= 0)
            close(fd);
        if (synced != 0) {
            snprintf(err, errlen, "%s: cannot write the journal's key: %s", path, strerror(errno));
            unlink(path);
            return -1;
        }
        return 0;
    }
    snprintf(err, errlen, "%s: cannot read the journal's key", path);
    return -1;
}

int ippon_journal_open(ippon_journal **out, const char *dir, char *err, size_t errlen)
{
    *out = NULL;
    if (mkdir(dir, IPPON_PRIVATE_FOLDER_MODE) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot create the match journal folder: %s", dir, strerror(errno));
        return -1;
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s: the match journal folder is not a writable folder", dir);
        return -1;
    }
    ippon_journal *j = calloc(1, sizeof *j);
    if (!j || !(j->dir = strdup(dir))) {
        free(j);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (read_key(j, err, errlen) != 0) {
        ippon_journal_close(j);
        return -1;
    }
    *out = j;
    return 0;
}

const uint8_t *ippon_journal_key(const ippon_journal *j)
{
    return j->key;
}

void ippon_journal_close(ippon_journal *j)
{
    if (!j)
        return;
    while (j->open)
        ippon_journal_end(j->open);
    free(j->dir);
    free(j);
}

static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > 64)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = id[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

static int file_path(const ippon_journal *j, const char *id, char *out, size_t outlen)
{
    int n = snprintf(out, outlen, "%s/%s%s", j->dir, id, FILE_SUFFIX);
    return valid_id(id) && n > 0 && (size_t)n < outlen ? 0 : -1;
}

ippon_journal_file *ippon_journal_begin(ippon_journal *j, const char *match_id, int must_exist, char *err,
                                        size_t errlen)
{
    char path[4200];
    if (file_path(j, match_id, path, sizeof path) != 0) {
        snprintf(err, errlen, "match journal: bad match id");
        return NULL;
    }
    int flags = O_WRONLY | O_APPEND | O_CLOEXEC | (must_exist ? 0 : O_CREAT | O_EXCL);
    int fd = open(path, flags, IPPON_PRIVATE_FILE_MODE);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    ippon_journal_file *f = calloc(1, sizeof *f);
    if (!f) {
        close(fd);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    f->j = j;
    f->fd = fd;
    f->next = j->open;
    if (j->open)
        j->open->prev = f;
    j->open = f;
    return f;
}

int ippon_journal_append(ippon_journal_file *f, const json_t *record)
{
    if (!f || f->failed)
        return -1;
    size_t len = json_dumpb(record, NULL, 0, JSON_COMPACT);
    char stack[1024], *buf = len + 1 <= sizeof stack ? stack : malloc(len + 1);
    if (!buf || len == 0 || json_dumpb(record, buf, len, JSON_COMPACT) != len) {
        if (buf != stack)
            free(buf);
        f->failed = 1;
        return -1;
    }
    buf[len] = '\n';
    size_t done = 0;
    while (done < len + 1) {
        ssize_t n = write(f->fd, buf + done, len + 1 - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            f->failed = 1;
            break;
        }
        done += (size_t)n;
    }
    if (buf != stack)
        free(buf);
    if (f->failed)
        return -1;
    f->j->records++;
    f->j->bytes += len + 1;
    return 0;
}

void ippon_journal_counts(const ippon_journal *j, uint64_t *records, uint64_t *bytes)
{
    *records = j ? j->records : 0;
    *bytes = j ? j->bytes : 0;
}

void ippon_journal_end(ippon_journal_file *f)
{
    if (!f)
        return;
    ippon_journal *j = f->j;
    if (f->prev)
        f->prev->next = f->next;
    else
        j->open = f->next;
    if (f->next)
        f->next->prev = f->prev;
    close(f->fd);
    free(f);
}

int ippon_journal_remove(ippon_journal *j, const char *match_id)
{
    char path[4200];
    if (!j || file_path(j, match_id, path, sizeof path) != 0)
        return -1;
    return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* renames the folder's file "<name>.jsonl" to "<name>.jsonl.unreadable" (name: a file's stem as
   the folder lists it, or a match id) */
static int set_aside_name(ippon_journal *j, const char *name)
{
    char path[4200], to[4300];
    int n = snprintf(path, sizeof path, "%s/%s%s", j->dir, name, FILE_SUFFIX);
    if (!name[0] || strchr(name, '/') || n <= 0 || (size_t)n >= sizeof path)
        return -1;
    snprintf(to, sizeof to, "%s.unreadable", path);
    return rename(path, to) == 0 ? 0 : -1;
}

int ippon_journal_set_aside(ippon_journal *j, const char *match_id)
{
    return j && valid_id(match_id) ? set_aside_name(j, match_id) : -1;
}

int ippon_journal_sync(ippon_journal *j)
{
    if (!j)
        return 0;
    int rc = 0;
    for (ippon_journal_file *f = j->open; f; f = f->next)
        if (fsync(f->fd) != 0)
            rc = -1;
    int dfd = open(j->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0 || fsync(dfd) != 0)
        rc = -1;
    if (dfd >= 0)
        close(dfd);
    return rc;
}

/* the records of one file: an array of at least one record, or NULL with err (the path cut at 400 bytes) */
static json_t *read_records(const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(err, errlen, "%.400s: %s", path, strerror(errno));
        return NULL;
    }
    json_t *records = json_array();
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int number = 0;
    while (records && (len = getline(&line, &cap, in)) >= 0) {
        number++;
        if (len == 0 || line[len - 1] != '\n')
            break; /* cut short by a crash inside its write: never acted on */
        json_error_t jerr;
        json_t *rec = json_loadb(line, (size_t)len - 1, JSON_REJECT_DUPLICATES, &jerr);
        if (!json_is_object(rec)) {
            snprintf(err, errlen, "%.400s: line %d: not a JSON object (%s)", path, number,
                     rec ? "another JSON value" : jerr.text);
            json_decref(rec);
            json_decref(records);
            records = NULL;
            break;
        }
        json_array_append_new(records, rec);
    }
    if (records && ferror(in)) {
        snprintf(err, errlen, "%.400s: cannot be read: %s", path, strerror(errno));
        json_decref(records);
        records = NULL;
    } else if (records && json_array_size(records) == 0) {
        snprintf(err, errlen, "%.400s: no complete record", path);
        json_decref(records);
        records = NULL;
    }
    free(line);
    fclose(in);
    return records;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* a file that is no journal: set aside, and told */
static void unreadable_file(ippon_journal *j, const char *name, const char *problem,
                            void (*unreadable)(void *ctx, const char *name, const char *problem), void *ctx)
{
    char said[1024];
    if (set_aside_name(j, name) == 0)
        snprintf(said, sizeof said, "%s", problem);
    else
        snprintf(said, sizeof said, "%s (and it cannot be renamed to %s%s.unreadable: %s)", problem, name,
                 FILE_SUFFIX, strerror(errno));
    if (unreadable)
        unreadable(ctx, name, said);
}

int ippon_journal_each(ippon_journal *j, int (*fn)(void *ctx, const char *match_id, json_t *records),
                       void (*unreadable)(void *ctx, const char *name, const char *problem), void *ctx, char *err,
                       size_t errlen)
{
    DIR *d = opendir(j->dir);
    if (!d) {
        snprintf(err, errlen, "%s: %s", j->dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name), sl = strlen(FILE_SUFFIX);
        if (len <= sl || strcmp(e->d_name + len - sl, FILE_SUFFIX) != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) {
                rc = -1;
                break;
            }
            names = grown;
        }
        if (!(names[n] = strndup(e->d_name, len - sl))) {
            rc = -1;
            break;
        }
        n++;
    }
    closedir(d);
    if (rc != 0)
        snprintf(err, errlen, "out of memory");
    if (names)
        qsort(names, n, sizeof *names, by_name);
    int count = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        char path[4200], problem[600];
        if (file_path(j, names[i], path, sizeof path) != 0) {
            snprintf(problem, sizeof problem, "%s/%s%s: the name is not a match id", j->dir, names[i], FILE_SUFFIX);
            unreadable_file(j, names[i], problem, unreadable, ctx);
            continue;
        }
        json_t *records = read_records(path, problem, sizeof problem);
        if (!records) {
            unreadable_file(j, names[i], problem, unreadable, ctx);
            continue;
        }
        count++;
        if (fn(ctx, names[i], records) != 0)
            rc = 1;
        json_decref(records);
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc < 0 ? -1 : count;
}
