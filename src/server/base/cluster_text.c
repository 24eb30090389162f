/*
 * cluster_text.c — a cluster's names and "host:port" texts (cluster_text.h).
 */
#include "base/cluster_text.h"

#include <ctype.h>
#include <string.h>

bool ippon_cluster_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > IPPON_CLUSTER_NAME_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)name[i]) && name[i] != '_' && name[i] != '-')
            return false;
    return true;
}

bool ippon_endpoint_split(const char *endpoint, char *host, size_t hostlen, int *port, bool *bracketed)
{
    const char *colon = strrchr(endpoint, ':');
    if (!colon || colon == endpoint || !colon[1] || strlen(colon + 1) > 5)
        return false;
    int p = 0;
    for (const char *d = colon + 1; *d; d++) {
        if (!isdigit((unsigned char)*d))
            return false;
        p = p * 10 + (*d - '0');
    }
    if (p < 1 || p > 65535)
        return false;
    const char *h = endpoint;
    size_t n = (size_t)(colon - endpoint);
    *bracketed = h[0] == '[';
    if (*bracketed) { /* [IPv6] */
        if (n < 3 || h[n - 1] != ']')
            return false;
        h++;
        n -= 2;
    }
    if (n >= hostlen)
        return false;
    memcpy(host, h, n);
    host[n] = '\0';
    *port = p;
    return true;
}

bool ippon_postgres_uri(const char *text)
{
    return text && (strncmp(text, "postgresql://", 13) == 0 || strncmp(text, "postgres://", 11) == 0);
}
