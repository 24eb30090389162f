/*
 * cluster_text.h — the kinds of text a cluster's settings are made of, checked and read in one
 * place for the config (config.c), the node (cluster/node.c), Redis's keys (cluster/coord.c) and
 * the store (store/sql.c): a name (a node's, the keys' prefix), a "host:port" and a PostgreSQL
 * connection URI.
 */
#ifndef IPPON_SERVER_CLUSTER_TEXT_H
#define IPPON_SERVER_CLUSTER_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#define IPPON_CLUSTER_NAME_MAX 32

/* 1..IPPON_CLUSTER_NAME_MAX of A-Z a-z 0-9 '_' '-' */
bool ippon_cluster_name_ok(const char *name);

/*
 * "host:port" into host (brackets of an IPv6 literal taken off; at most hostlen - 1 bytes) and
 * port (1..65535, digits only); false if it is not one. *bracketed says the host was in brackets.
 * The host itself is not checked here.
 */
bool ippon_endpoint_split(const char *endpoint, char *host, size_t hostlen, int *port, bool *bracketed);

/* a libpq connection URI: "postgresql://..." or "postgres://..." (the rest is libpq's to judge) */
bool ippon_postgres_uri(const char *text);

#endif
