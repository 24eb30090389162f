/*
 * disk_reserve.c — the room kept for the pending-matches file (disk_reserve.h): a file whose
 * blocks posix_fallocate allocates (on a file system without fallocate, glibc writes them), and
 * unlink to give them back.
 */
#include "store/disk_reserve.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int ippon_disk_reserve_path(const char *db_path, char *out, size_t outlen)
{
    int n = snprintf(out, outlen, "%s%s", db_path, IPPON_DISK_RESERVE_SUFFIX);
    return n > 0 && (size_t)n < outlen ? 0 : -1;
}

int ippon_disk_reserve_take(const char *path, long bytes, char *err, size_t errlen)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot make the disk reserve: %s", path, strerror(errno));
        return -1;
    }
    int rc = posix_fallocate(fd, 0, (off_t)bytes); /* the error number itself, not errno */
    if (rc == 0 && fsync(fd) != 0)
        rc = errno;
    close(fd);
    if (rc != 0) {
        snprintf(err, errlen, "%s: cannot keep %ld bytes for the pending matches: %s", path, bytes, strerror(rc));
        unlink(path); /* a part of it would only take room that others need */
        return -1;
    }
    return 0;
}

bool ippon_disk_reserve_release(const char *path)
{
    return unlink(path) == 0;
}
