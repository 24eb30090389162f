/*
 * client_addr.h — the address a request or a WebSocket comes from, as the per-address limits
 * (guests, sign-ups, logins, connections) count it.
 *
 * Normally the TCP peer. Behind a reverse proxy every peer is the proxy, so the operator names
 * it in the config ("trusted_proxy"): when the peer is exactly that address, the client is the
 * last address in the X-Forwarded-For header (the one the proxy itself added; anything before
 * it came from the client and proves nothing). A header from any other peer is ignored, so a
 * client cannot pick its own address.
 */
#ifndef IPPON_SERVER_CLIENT_ADDR_H
#define IPPON_SERVER_CLIENT_ADDR_H

#include <stddef.h>

struct lws;

/* the client's address into out ("" if it cannot be told); trusted_proxy may be NULL or "" */
void ippon_client_address(struct lws *wsi, const char *trusted_proxy, char *out, size_t cap);

/*
 * The same decision without the socket (pure; the fuzz target fuzz_rest_url drives it): the
 * client of a connection from peer whose X-Forwarded-For value is forwarded (NULL: none).
 */
void ippon_client_address_from(const char *peer, const char *trusted_proxy, const char *forwarded, char *out,
                               size_t cap);

/* the last address of an X-Forwarded-For value, if it is an IPv4 or IPv6 literal: 0, else -1 */
int ippon_forwarded_last(const char *header, char *out, size_t cap);

#endif
