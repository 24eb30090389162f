/*
 * cluster_text.c — a cluster's names, "host:port" texts and Redis addresses (cluster_text.h).
 */
#include "base/cluster_text.h"

#include <ctype.h>
#include <stdio.h>
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

/*
 * "host:port" into host (brackets of an IPv6 literal taken off; at most hostlen - 1 bytes) and
 * port (1..65535, digits only); false if it is not one. *bracketed says the host was in brackets.
 * The host itself is not checked here.
 */
static bool ippon_endpoint_split(const char *endpoint, char *host, size_t hostlen, int *port, bool *bracketed)
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

/* a URI's part (n bytes at text, %XX escapes decoded) into out (outlen bytes); false if too long, a
   bad escape or one that decodes to NUL */
static bool uri_part_decode(const char *text, size_t n, char *out, size_t outlen)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)text[i];
        if (c == '%') {
            unsigned int v;
            if (i + 2 >= n || !isxdigit((unsigned char)text[i + 1]) || !isxdigit((unsigned char)text[i + 2]) ||
                sscanf(text + i + 1, "%2x", &v) != 1 || v == 0)
                return false;
            c = (int)v;
            i += 2;
        }
        if (o + 1 >= outlen)
            return false;
        out[o++] = (char)c;
    }
    out[o] = '\0';
    return true;
}

#define REDIS_SCHEME "redis://"

bool ippon_redis_address_parse(const char *text, ippon_redis_address *a)
{
    memset(a, 0, sizeof *a);
    if (strncmp(text, REDIS_SCHEME, strlen(REDIS_SCHEME)) != 0) /* another scheme (rediss://) is no host:port */
        return !strstr(text, "://") && ippon_endpoint_split(text, a->host, sizeof a->host, &a->port, &a->bracketed);
    const char *authority = text + strlen(REDIS_SCHEME);
    const char *slash = strchr(authority, '/');
    size_t alen = slash ? (size_t)(slash - authority) : strlen(authority);
    const char *at = NULL; /* the last '@' of the authority ends the user and password */
    for (const char *p = authority; p < authority + alen; p++)
        if (*p == '@')
            at = p;
    const char *hostport = at ? at + 1 : authority;
    char endpoint[300];
    size_t hlen = (size_t)(authority + alen - hostport);
    if (hlen >= sizeof endpoint)
        return false;
    memcpy(endpoint, hostport, hlen);
    endpoint[hlen] = '\0';
    if (!ippon_endpoint_split(endpoint, a->host, sizeof a->host, &a->port, &a->bracketed))
        return false;
    if (at) {
        const char *colon = memchr(authority, ':', (size_t)(at - authority));
        const char *user_end = colon ? colon : at;
        if (!uri_part_decode(authority, (size_t)(user_end - authority), a->user, sizeof a->user))
            return false;
        if (colon && !uri_part_decode(colon + 1, (size_t)(at - colon - 1), a->password, sizeof a->password))
            return false;
    }
    if (slash && slash[1]) {
        const char *d = slash + 1;
        if (strlen(d) > 5)
            return false;
        for (; *d; d++) {
            if (!isdigit((unsigned char)*d))
                return false;
            a->db = a->db * 10 + (*d - '0');
        }
        if (a->db > 65535)
            return false;
    }
    return true;
}

bool ippon_postgres_uri(const char *text)
{
    return text && (strncmp(text, "postgresql://", 13) == 0 || strncmp(text, "postgres://", 11) == 0);
}
