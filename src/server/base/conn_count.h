/*
 * conn_count.h — open connections counted per client address, with a cap: the HTTP layer's
 * limit on keep-alive connections per address (http.c) and the gateway's on WebSockets.
 * Addresses are the strings client_addr.h gives; nothing is kept for an address with none open.
 */
#ifndef IPPON_SERVER_CONN_COUNT_H
#define IPPON_SERVER_CONN_COUNT_H

typedef struct ippon_conn_count ippon_conn_count;

/* an empty count, or NULL if out of memory */
ippon_conn_count *ippon_conn_count_new(void);
/* cc may be NULL */
void ippon_conn_count_free(ippon_conn_count *cc);

/*
 * One more connection from addr, if it has fewer than cap open: 0 (counted), 1 (it has cap
 * open already: not counted) or -1 (out of memory: not counted).
 */
int ippon_conn_count_take(ippon_conn_count *cc, const char *addr, int cap);

/* one connection from addr closed (one that take counted) */
void ippon_conn_count_give(ippon_conn_count *cc, const char *addr);

/* connections open from addr */
int ippon_conn_count_get(const ippon_conn_count *cc, const char *addr);

#endif
