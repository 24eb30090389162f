/*
 * redis_password.h — Redis's password read from a file of its own (key
 * "cluster.redis_password_file"), so that the config need not hold it.
 */
#ifndef IPPON_SERVER_REDIS_PASSWORD_H
#define IPPON_SERVER_REDIS_PASSWORD_H

#include <stddef.h>

/*
 * The first line of the file at path (without its line end) into out (outlen bytes). -1 with a
 * message in err (naming the file, never the password) if it cannot be read, is not a regular
 * file, may be read by its group or by others (it must be 0600 or stricter, as ssh and libpq
 * want of their secrets), or its first line is empty or longer than outlen - 1 bytes.
 */
int ippon_redis_password_read(const char *path, char *out, size_t outlen, char *err, size_t errlen);

#endif
