/*
 * redis_password.c — Redis's password from its file (redis_password.h).
 */
#include "cluster/redis_password.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ippon_redis_password_read(const char *path, char *out, size_t outlen, char *err, size_t errlen)
{
    const char *key = "key \"cluster.redis_password_file\"";
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s: %s", key, path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: %s: not a regular file", key, path);
        close(fd);
        return -1;
    }
    if (st.st_mode & (S_IRWXG | S_IRWXO)) {
        snprintf(err, errlen, "%s: %s: its group or others may read it (mode %03o): chmod 600 it", key, path,
                 (unsigned)(st.st_mode & 0777));
        close(fd);
        return -1;
    }
    size_t got = 0;
    for (;;) { /* up to outlen bytes: one more than a password may have, to see it is too long */
        ssize_t n = read(fd, out + got, outlen - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(err, errlen, "%s: %s: %s", key, path, strerror(errno));
            close(fd);
            memset(out, 0, outlen);
            return -1;
        }
        got += (size_t)n;
        if (n == 0 || got == outlen || memchr(out, '\n', got))
            break;
    }
    close(fd);
    char *end = memchr(out, '\n', got);
    size_t len = end ? (size_t)(end - out) : got;
    if (len > 0 && out[len - 1] == '\r')
        len--;
    int bad = len == 0 ? 1 : len >= outlen || memchr(out, '\0', len) ? 2 : 0;
    memset(out + len, 0, outlen - len);
    if (bad) {
        memset(out, 0, outlen);
        snprintf(err, errlen, "%s: %s: %s", key, path,
                 bad == 1 ? "its first line is empty (it holds Redis's password)"
                          : "its first line is not a password (too long, or a NUL byte)");
        return -1;
    }
    return 0;
}
