/*
 * db_guard.c — the lock file and the writability check of the database's files (db_guard.h).
 */
#include "store/db_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store/private_files.h"

struct ippon_db_lock {
    int fd;
    char path[4096];
};

/* the lock file of the database at db_path ("<db_path>.lock") into out: 0, or -1 if it does not fit */
static int ippon_db_lock_path(const char *db_path, char *out, size_t outlen)
{
    int n = snprintf(out, outlen, "%s.lock", db_path);
    return n > 0 && (size_t)n < outlen ? 0 : -1;
}

int ippon_db_lock_take(ippon_db_lock **out, const char *db_path, char *err, size_t errlen)
{
    *out = NULL;
    ippon_db_lock *lock = calloc(1, sizeof *lock);
    if (!lock) {
        snprintf(err, errlen, "%s: out of memory", db_path);
        return -1;
    }
    if (ippon_db_lock_path(db_path, lock->path, sizeof lock->path) != 0) {
        snprintf(err, errlen, "%s: path too long", db_path);
        free(lock);
        return -1;
    }
    lock->fd = open(lock->path, O_RDWR | O_CREAT | O_CLOEXEC, IPPON_PRIVATE_FILE_MODE);
    if (lock->fd < 0) {
        snprintf(err, errlen, "%s: cannot open the lock file: %s", lock->path, strerror(errno));
        free(lock);
        return -1;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(lock->fd, F_SETLK, &fl) != 0) {
        int why = errno;
        struct flock holder = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
        if ((why == EACCES || why == EAGAIN) && fcntl(lock->fd, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK)
            snprintf(err, errlen, "%s: the database is in use by another ippon server (pid %ld); one server per "
                     "database",
                     lock->path, (long)holder.l_pid);
        else
            snprintf(err, errlen, "%s: cannot lock: %s", lock->path, strerror(why));
        close(lock->fd);
        free(lock);
        return -1;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(lock->fd, 0) != 0 || pwrite(lock->fd, pid, (size_t)n, 0) != n) {
        snprintf(err, errlen, "%s: cannot write the lock file: %s", lock->path, strerror(errno));
        close(lock->fd); /* releases the lock */
        free(lock);
        return -1;
    }
    *out = lock;
    return 0;
}

void ippon_db_lock_release(ippon_db_lock *lock)
{
    if (!lock)
        return;
    if (ftruncate(lock->fd, 0) != 0) {
        /* the pid stays in the file; the lock goes with the descriptor all the same */
    }
    close(lock->fd);
    free(lock);
}

/* is path a folder the server may create files in? 0, or -1 with err */
static int folder_writable(const char *path, char *err, size_t errlen)
{
    struct stat s;
    if (stat(path, &s) != 0) {
        snprintf(err, errlen, "%s: the database folder cannot be used: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(s.st_mode)) {
        snprintf(err, errlen, "%s: the database folder is not a folder", path);
        return -1;
    }
    if (access(path, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s: the database folder is not writable (%s); the server needs to create the "
                 "database's -wal and -shm files there",
                 path, strerror(errno));
        return -1;
    }
    return 0;
}

int ippon_db_check_writable(const char *db_path, char *err, size_t errlen)
{
    char folder[4096];
    if (snprintf(folder, sizeof folder, "%s", db_path) >= (int)sizeof folder) {
        snprintf(err, errlen, "%s: path too long", db_path);
        return -1;
    }
    /* the folder, or the nearest one above it that exists (the missing ones are made in it) */
    for (;;) {
        char *slash = strrchr(folder, '/');
        if (!slash)
            snprintf(folder, sizeof folder, ".");
        else if (slash == folder)
            folder[1] = '\0';
        else
            *slash = '\0';
        struct stat s;
        if (!slash || slash == folder || stat(folder, &s) == 0 || errno != ENOENT)
            break;
    }
    if (folder_writable(folder, err, errlen) != 0)
        return -1;
    static const char *const suffixes[] = {"", "-wal", "-shm"};
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s%s", db_path, suffixes[i]);
        struct stat s;
        if (stat(path, &s) != 0) {
            if (errno == ENOENT)
                continue;
            snprintf(err, errlen, "%s: cannot be used: %s", path, strerror(errno));
            return -1;
        }
        if (!S_ISREG(s.st_mode)) {
            snprintf(err, errlen, "%s: not a regular file (a database file was expected)", path);
            return -1;
        }
        if (access(path, R_OK | W_OK) != 0) {
            snprintf(err, errlen, "%s: the database's file is not writable (%s)", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}
