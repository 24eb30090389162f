/*
 * db_guard.h — what start-up makes sure of about the database's files before the server uses
 * them (main.c; the admin command line, a short-lived second writer, does not take part):
 *
 *   - one server per database: "<database>.lock" beside it, held with an exclusive fcntl lock
 *     (F_SETLK) for the life of the process, with the holder's pid written inside. A second server
 *     is refused at once, naming the lock file and the holder's pid (the kernel's answer, F_GETLK,
 *     so it is right even if the file's text is stale). The kernel releases the lock when the
 *     process ends in any way — a crash or SIGKILL included — so a stale file never blocks a start;
 *     the file itself stays (removing it would let two servers lock two different files).
 *
 *   - the folder and the files can be written: the folder (SQLite creates "-wal" and "-shm" files
 *     in it), the database file and its -wal and -shm files if they exist. Checked with access(2),
 *     which also sees a read-only file system even for root; the store writer then makes one real
 *     write (store_writer.h), which nothing but a working database passes.
 */
#ifndef IPPON_SERVER_DB_GUARD_H
#define IPPON_SERVER_DB_GUARD_H

#include <stddef.h>

typedef struct ippon_db_lock ippon_db_lock;

/*
 * Take the lock of the database at db_path (its folder must exist): 0, or -1 with one line in err
 * ("data/ippon.db.lock: the database is in use by another ippon server (pid 4242)").
 */
int ippon_db_lock_take(ippon_db_lock **out, const char *db_path, char *err, size_t errlen);

/* release it (the pid in the file is cleared; the file stays); lock may be NULL */
void ippon_db_lock_release(ippon_db_lock *lock);

/*
 * Can the server write the database at db_path? Its folder (or, if that does not exist yet, the
 * nearest folder above it, where it will be made) and each of db_path, "-wal" and "-shm" that
 * exists. 0, or -1 with one line in err naming the path and the reason.
 */
int ippon_db_check_writable(const char *db_path, char *err, size_t errlen);

#endif
