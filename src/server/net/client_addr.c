/*
 * client_addr.c — the client's address, through a trusted reverse proxy when there is one
 * (client_addr.h).
 */
#include "net/client_addr.h"

#include <arpa/inet.h>
#include <libwebsockets.h>
#include <stdio.h>
#include <string.h>

/* an IP literal as 16 bytes, an IPv4 address in its IPv4-mapped IPv6 form (::ffff:a.b.c.d) */
static int address_bytes(const char *text, unsigned char out[16])
{
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (inet_pton(AF_INET, text, out + 12) == 1) {
        memcpy(out, mapped, sizeof mapped);
        return 1;
    }
    return inet_pton(AF_INET6, text, out) == 1;
}

/* the same address however written, so a proxy at 127.0.0.1 seen through an IPv6 socket as
 * ::ffff:127.0.0.1 is still the proxy; anything that is not an IP literal matches nothing */
static int same_address(const char *a, const char *b)
{
    unsigned char x[16], y[16];
    return address_bytes(a, x) && address_bytes(b, y) && !memcmp(x, y, sizeof x);
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
