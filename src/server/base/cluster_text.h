/*
 * cluster_text.h — the two kinds of text a cluster's settings are made of, checked and read in one
 * place for the config (config.c), the node (cluster/node.c) and Redis's keys (cluster/coord.c):
 * a name (a node's, the keys' prefix) and a "host:port".
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

#endif
