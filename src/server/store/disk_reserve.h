/*
 * disk_reserve.h — room kept on the database's disk for the pending-matches file (store_spill.h):
 * a file "<database>.reserve" of IPPON_DISK_RESERVE_BYTES, its blocks really allocated
 * (posix_fallocate), taken at start-up. When the disk is full at exit the pending-matches file
 * cannot be written; the reserve is then removed, which gives its room back, and the file is
 * written again into that room (pending_matches.h: ippon_pending_matches_spill). The next start
 * takes the reserve again (once the disk has room).
 *
 * Why a file and not space counted some other way: a file's blocks are the only room a process
 * can hold on a file system for later, on any file system (a tmpfs too), and removing it frees
 * them at once for whoever writes next — at exit, the server itself.
 *
 * 16 MiB holds the pending-matches lines of some thousands of finished matches (a line is a few
 * KiB), more than a server finishes while its disk stays full for the minutes an alert takes.
 */
#ifndef IPPON_SERVER_DISK_RESERVE_H
#define IPPON_SERVER_DISK_RESERVE_H

#include <stdbool.h>
#include <stddef.h>

#define IPPON_DISK_RESERVE_SUFFIX ".reserve"
#define IPPON_DISK_RESERVE_BYTES (16L * 1024 * 1024)

/* "<db_path>.reserve" into out: 0, or -1 if it does not fit */
int ippon_disk_reserve_path(const char *db_path, char *out, size_t outlen);

/*
 * Makes the file at path hold bytes of allocated room (an existing reserve is kept and completed).
 * 0, or -1 with err (no room on the disk: the file is removed again, and the server runs without
 * a reserve).
 */
int ippon_disk_reserve_take(const char *path, long bytes, char *err, size_t errlen);

/* removes the reserve, giving its room back. true if there was one to remove */
bool ippon_disk_reserve_release(const char *path);

#endif
