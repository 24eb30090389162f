/*
 * backup_cli.h — `ippon backup PATH [--config PATH] [--db PATH]`: a consistent copy of the
 * configured database into a new file, taken while the server runs (store.h:
 * ippon_store_backup). Exit 0 (one line: the copy and its size), 1 (refused or failed: one line
 * says why; no file left), 2 (usage). Restoring: README.md, "Backups".
 */
#ifndef IPPON_SERVER_BACKUP_CLI_H
#define IPPON_SERVER_BACKUP_CLI_H

/* argv[0] is "backup" */
int ippon_backup_cli(int argc, char **argv);

#endif
