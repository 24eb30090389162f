/*
 * client_addr.c — the client's address, through a trusted reverse proxy when there is one
 * (client_addr.h).
 */
#include "net/client_addr.h"

#include <arpa/inet.h>
#include <libwebsockets.h>
#include <stdio.h>
#include <string.h>

/* an address as inet_ntop writes it, so "::ffff:127.0.0.1" style peers compare sensibly */
static int same_address(const char *a, const char *b)
{
    unsigned char x[16], y[16];
    if (inet_pton(AF_INET, a, x) == 1 && inet_pton(AF_INET, b, y) == 1)
        return !memcmp(x, y, 4);
    if (inet_pton(AF_INET6, a, x) == 1 && inet_pton(AF_INET6, b, y) == 1)
        return !memcmp(x, y, 16);
    /* an IPv4 proxy seen through an IPv6 socket: ::ffff:a.b.c.d */
    if (!strncmp(a, "::ffff:", 7))
        return same_address(a + 7, b);
    return 0;
}

int ippon_forwarded_last(const char *header, char *out, size_t cap)
{
    if (!header)
        return -1;
    const char *last = strrchr(header, ',');
    last = last ? last + 1 : header;
    while (*last == ' ' || *last == '\t')
        last++;
    size_t n = strcspn(last, " \t");
    if (last[n] != '\0' && last[n + strspn(last + n, " \t")] != '\0')
        return -1; /* something after the address */
    char addr[64];
    unsigned char buf[16];
    if (n == 0 || n >= sizeof addr || n >= cap)
        return -1;
    memcpy(addr, last, n);
    addr[n] = '\0';
    if (inet_pton(AF_INET, addr, buf) != 1 && inet_pton(AF_INET6, addr, buf) != 1)
        return -1;
    memcpy(out, addr, n + 1);
    return 0;
}

void ippon_client_address_from(const char *peer, const char *trusted_proxy, const char *forwarded, char *out,
                               size_t cap)
{
    if (trusted_proxy && *trusted_proxy && peer[0] && same_address(peer, trusted_proxy) && forwarded &&
        ippon_forwarded_last(forwarded, out, cap) == 0)
        return;
    snprintf(out, cap, "%s", peer);
}

void ippon_client_address(struct lws *wsi, const char *trusted_proxy, char *out, size_t cap)
{
    char peer[64] = "";
    lws_get_peer_simple(wsi, peer, sizeof peer);
    if (!peer[0]) {
        char name[64];
        lws_get_peer_addresses(wsi, lws_get_socket_fd(wsi), name, sizeof name, peer, (int)sizeof peer);
    }
    char header[512];
    const char *forwarded = NULL;
    if (trusted_proxy && *trusted_proxy && lws_hdr_copy(wsi, header, (int)sizeof header, WSI_TOKEN_X_FORWARDED_FOR) > 0)
        forwarded = header;
    ippon_client_address_from(peer, trusted_proxy, forwarded, out, cap);
}
