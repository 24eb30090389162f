/*
 * listen.h — the server's listening socket: bound exactly where the config says, read back
 * from the kernel, and accepting connections into libwebsockets without ever spinning when
 * the process runs out of file descriptors.
 *
 * http.c opens it before the lws context, gives the context CONTEXT_PORT_NO_LISTEN_SERVER
 * (lws does not listen itself), lists ippon_listener_protocol() among its protocols and then
 * attaches the socket to the vhost. From then on lws polls it like any other descriptor and
 * every accepted connection is adopted as an HTTP connection of that vhost.
 *
 * Binding: an IPv4 literal binds that address (IPv4 only: "0.0.0.0" is every IPv4 address);
 * an IPv6 literal binds that address with IPV6_V6ONLY ("::" is every IPv6 address, never
 * IPv4). After listen() the address is read back with getsockname and compared with the one
 * asked for; any difference refuses the start.
 *
 * Running out of descriptors: a connection that would take one of the last descriptors below
 * RLIMIT_NOFILE (the headroom kept for the database, the static files and the threads) is
 * answered 503 and closed. If accept() itself fails with EMFILE/ENFILE, a descriptor kept in
 * reserve is released long enough to accept the waiting connection and refuse it the same
 * way, so the listening socket does not stay readable and the loop does not spin; without a
 * reserve, accepting pauses for a second. Refusals and accept errors are logged at most once
 * a second, with their count.
 */
#ifndef IPPON_SERVER_LISTEN_H
#define IPPON_SERVER_LISTEN_H

#include <libwebsockets.h>
#include <stddef.h>

typedef struct ippon_listener ippon_listener;

/*
 * Bind a TCP socket to address (an IPv4 or IPv6 literal) and port (0: the kernel picks one),
 * listen, and check with getsockname that it is bound exactly there. Returns 0, or -1 with one
 * line in err ("cannot listen on 127.0.0.1 port 8080: Address already in use", "asked for ::1
 * port 8080 but the socket is bound to :: port 8080").
 */
int ippon_listener_open(ippon_listener **out, const char *address, int port, char *err, size_t errlen);

/* the bound address as the kernel reports it (getsockname): "127.0.0.1", "::1"; and its port */
const char *ippon_listener_address(const ippon_listener *l);
int ippon_listener_port(const ippon_listener *l);

/* the lws protocol that services the listening socket (list it in the vhost's protocols) */
struct lws_protocols ippon_listener_protocol(void);

/*
 * Put the socket into vh's event loop (as a raw descriptor of ippon_listener_protocol); every
 * connection accepted from then on is adopted into vh as HTTP. 0, or -1 with err. Afterwards
 * lws owns the descriptor and closes it when its context is destroyed.
 */
int ippon_listener_attach(ippon_listener *l, struct lws_vhost *vh, char *err, size_t errlen);

/* close the socket (unless lws owns it by now) and free; l may be NULL. After the lws context */
void ippon_listener_free(ippon_listener *l);

#endif
