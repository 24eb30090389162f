/*
 * private_files.h — the modes of every file and folder the server and its admin commands create
 * (the database and its -wal and -shm, the lock file, the match journal's folder, files and
 * event.key, the pending matches, a backup, the folders made for them): the owner's alone, 0600
 * and 0700, whatever the process's umask. open(2) and mkdir(2) are given these modes, which a
 * umask can only narrow; SQLite, which would create a database 0644 (and its -wal and -shm with
 * the database's mode), is handed an empty file made here first.
 */
#ifndef IPPON_SERVER_PRIVATE_FILES_H
#define IPPON_SERVER_PRIVATE_FILES_H

#define IPPON_PRIVATE_FILE_MODE 0600
#define IPPON_PRIVATE_FOLDER_MODE 0700

/*
 * Create path as an empty file, mode 0600 (O_EXCL: never an existing one): 0 made, 1 if something
 * is already there, -1 with errno for any other failure.
 */
int ippon_private_file_create(const char *path);

#endif
