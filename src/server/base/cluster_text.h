/*
 * cluster_text.h — the kinds of text a cluster's settings are made of, checked and read in one
 * place for the config (config.c), the node (cluster/node.c), Redis's keys (cluster/coord.c) and
 * the store (store/sql.c): a name (a node's, the keys' prefix), a "host:port", Redis's address
 * (a "host:port" or a redis:// URI with its user, password and database) and a PostgreSQL
 * connection URI.
 */
#ifndef IPPON_SERVER_CLUSTER_TEXT_H
#define IPPON_SERVER_CLUSTER_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#define IPPON_CLUSTER_NAME_MAX 32

/* 1..IPPON_CLUSTER_NAME_MAX of A-Z a-z 0-9 '_' '-' */
bool ippon_cluster_name_ok(const char *name);

/* the longest Redis user name or password taken (bytes) */
#define IPPON_REDIS_SECRET_MAX 256

/* where Redis is and how to sign in to it */
typedef struct ippon_redis_address {
    char host[256];                        /* brackets of an IPv6 literal taken off */
    bool bracketed;                        /* the host was in brackets */
    int port;
    char user[IPPON_REDIS_SECRET_MAX];     /* "": none (AUTH with the password alone); a user
                                              without a password takes it from a file */
    char password[IPPON_REDIS_SECRET_MAX]; /* "": none (no AUTH) */
    int db;                                /* the database to SELECT (0: Redis's first) */
} ippon_redis_address;

/*
 * "host:port", or "redis://[user[:password]@]host:port[/db]" (user and password may hold %XX
 * escapes, e.g. %40 for '@'; db 0..65535 in digits) into *a; false if it is neither. The host
 * itself is not checked here.
 */
bool ippon_redis_address_parse(const char *text, ippon_redis_address *a);

/* a libpq connection URI: "postgresql://..." or "postgres://..." (the rest is libpq's to judge) */
bool ippon_postgres_uri(const char *text);

#endif
