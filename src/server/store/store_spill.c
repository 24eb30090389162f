/*
 * store_spill.c — the pending-matches file (store_spill.h): read line by line into a match
 * queue; written as "<file>.tmp", fsynced, renamed over the file, the folder fsynced.
 */
#include "store/store_spill.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/private_files.h"

int ippon_spill_path(const char *db_path, char *out, size_t outlen)
{
    int n = snprintf(out, outlen, "%s%s", db_path, IPPON_SPILL_SUFFIX);
    return n > 0 && (size_t)n < outlen ? 0 : -1;
}

int ippon_spill_read(const char *path, ippon_store_batch *q, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: cannot read the pending matches: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int count = 0, number = 0, rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, f)) >= 0) {
        number++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len == 0)
            continue;
        char problem[256];
        if (ippon_store_batch_add_line(q, line, problem, sizeof problem) < 0) {
            snprintf(err, errlen, "%s:%d: a pending match that cannot be read (%s); move the file away to start "
                     "without it",
                     path, number, problem);
            rc = -1;
        } else {
            count++;
        }
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: cannot read the pending matches: %s", path, strerror(errno));
        rc = -1;
    }
    free(line);
    fclose(f);
    return rc == 0 ? count : -1;
}

/* fsync the folder holding path, so that a rename or unlink in it lasts */
static int sync_folder(const char *path)
{
    char *dir = strdup(path);
    if (!dir)
        return -1;
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        slash[1] = '\0';
    else if (slash)
        *slash = '\0';
    int fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY);
    int rc = fd >= 0 && fsync(fd) == 0 ? 0 : -1;
    if (fd >= 0)
        close(fd);
    free(dir);
    return rc;
}

int ippon_spill_remove(const char *path, char *err, size_t errlen)
{
    if (unlink(path) != 0 && errno != ENOENT) {
        snprintf(err, errlen, "%s: cannot remove: %s", path, strerror(errno));
        return -1;
    }
    sync_folder(path);
    return 0;
}

int ippon_spill_write(const char *path, ippon_store_batch *const *qs, int n, char *err, size_t errlen)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += ippon_store_batch_unstored(qs[i]);
    if (total == 0)
        return ippon_spill_remove(path, err, errlen);
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        snprintf(err, errlen, "%s: path too long", path);
        return -1;
    }
    unlink(tmp); /* one a crash left, whatever its mode: the new one is made 0600 */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, IPPON_PRIVATE_FILE_MODE);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        int why = errno;
        if (fd >= 0)
            close(fd);
        snprintf(err, errlen, "%s: cannot write the pending matches: %s", tmp, strerror(why));
        return -1;
    }
    int rc = 0;
    for (int i = 0; rc == 0 && i < n; i++)
        if (ippon_store_batch_dump(qs[i], f, "") < 0)
            rc = -1;
    if (rc == 0 && (fflush(f) != 0 || fsync(fileno(f)) != 0))
        rc = -1;
    int saved = errno;
    if (fclose(f) != 0 && rc == 0) {
        saved = errno;
        rc = -1;
    }
    if (rc == 0 && rename(tmp, path) != 0) {
        saved = errno;
        rc = -1;
    }
    if (rc != 0) {
        snprintf(err, errlen, "%s: cannot write the pending matches: %s", tmp, strerror(saved));
        unlink(tmp);
        return -1;
    }
    sync_folder(path);
    return total;
}
