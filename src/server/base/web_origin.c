/*
 * web_origin.c — a web origin's text, read and compared (web_origin.h).
 */
#include "base/web_origin.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/*
 * "host[:port]" (len bytes) into a lower-case host and its port (0 when none is written);
 * false if the host is not a name or a bracketed IPv6 literal, or the port not 1..65535.
 */
static bool authority_parse(const char *text, size_t len, char *host, int *port)
{
    size_t host_len = len;
    const char *colon = NULL;
    if (len > 0 && text[0] == '[') {
        const char *close = memchr(text, ']', len);
        if (!close)
            return false;
        host_len = (size_t)(close - text) + 1;
        if (host_len < len && text[host_len] != ':')
            return false;
        colon = host_len < len ? text + host_len : NULL;
    } else {
        colon = memchr(text, ':', len);
        if (colon)
            host_len = (size_t)(colon - text);
    }
    if (host_len == 0 || host_len >= IPPON_ORIGIN_HOST_MAX)
        return false;
    for (size_t i = 0; i < host_len; i++) {
        unsigned char c = (unsigned char)text[i];
        bool name = isalnum(c) || c == '.' || c == '-';
        bool literal = text[0] == '[' && (isxdigit(c) || c == ':' || c == '.' || c == '[' || c == ']');
        if (!name && !literal)
            return false;
        host[i] = (char)tolower(c);
    }
    host[host_len] = '\0';
    *port = 0;
    if (!colon)
        return true;
    const char *digits = colon + 1, *end = text + len;
    if (digits == end || end - digits > 5)
        return false;
    int value = 0;
    for (const char *d = digits; d < end; d++) {
        if (!isdigit((unsigned char)*d))
            return false;
        value = value * 10 + (*d - '0');
    }
    if (value < 1 || value > 65535)
        return false;
    *port = value;
    return true;
}

bool ippon_origin_parse(const char *text, size_t len, ippon_origin *out)
{
    static const char http[] = "http://", https[] = "https://";
    memset(out, 0, sizeof *out);
    size_t skip;
    if (len > strlen(https) && !strncasecmp(text, https, strlen(https))) {
        out->https = true;
        skip = strlen(https);
    } else if (len > strlen(http) && !strncasecmp(text, http, strlen(http))) {
        skip = strlen(http);
    } else {
        return false;
    }
    int port;
    if (!authority_parse(text + skip, len - skip, out->host, &port))
        return false;
    out->port = port ? port : out->https ? 443 : 80;
    return true;
}

bool ippon_origin_same(const ippon_origin *a, const ippon_origin *b)
{
    return a->https == b->https && a->port == b->port && !strcmp(a->host, b->host);
}

bool ippon_origin_is_host(const ippon_origin *o, const char *host, size_t len)
{
    char name[IPPON_ORIGIN_HOST_MAX];
    int port;
    if (!authority_parse(host, len, name, &port) || strcmp(name, o->host) != 0)
        return false;
    return o->port == (port ? port : o->https ? 443 : 80);
}
