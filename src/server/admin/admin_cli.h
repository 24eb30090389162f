/*
 * admin_cli.h — the `ippon admin` command: administrator accounts from the command line, on
 * the database the configuration names (the server may be running; SQLite waits its turn).
 * There are no default credentials anywhere: the first administrator is made here.
 *
 *     ippon admin create USERNAME [--display-name NAME] [--config PATH] [--db PATH]
 *     ippon admin grant USERNAME  [--config PATH] [--db PATH]    an existing account becomes an admin
 *     ippon admin revoke USERNAME [--config PATH] [--db PATH]    … stops being one
 *     ippon admin ratings --recompute [--mode 4p|3p] [--check] …  the ratings replayed (ratings_cli.h)
 *
 * create reads the password from the terminal without echo (asked twice), or, when standard
 * input is not a terminal, its first line. An administrator's password must be stronger than
 * a player's (ippon_admin_check_password). Every change is in the audit log, by "(command
 * line)". Exit status: 0 done, 1 refused or failed (one line on stderr says why), 2 bad usage.
 */
#ifndef IPPON_SERVER_ADMIN_CLI_H
#define IPPON_SERVER_ADMIN_CLI_H

#include <stddef.h>

#include "auth/pwpolicy.h"
#include "config.h"
#include "store/store.h"

#define IPPON_ADMIN_PASSWORD_MIN IPPON_PWPOLICY_ADMIN_MIN /* bytes */

/* argv[0] is "admin"; returns the exit status */
int ippon_admin_cli(int argc, char **argv);

/*
 * What every `ippon admin` command does first: the configuration loaded as the server loads it
 * (config_path, then db for the key "database" if not NULL), the database checked to be ippon's,
 * opened and migrated into *st. 0, or -1 with err (*st may be open: the caller closes it, and
 * frees *cfg either way).
 */
int ippon_admin_open_store(const char *config_path, const char *db, ippon_config *cfg, ippon_store **st, char *err,
                           size_t errlen);

/*
 * Is password (len bytes) strong enough for the administrator username? A player's rules
 * (auth.h) and the password policy (pwpolicy.h: libpwquality and cracklib's dictionary, as for
 * every account) with a longer minimum, IPPON_ADMIN_PASSWORD_MIN bytes. 0, or -1 with the
 * problem in problem.
 */
int ippon_admin_check_password(const char *password, size_t len, const char *username, char *problem,
                               size_t problen);

#endif
