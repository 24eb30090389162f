/*
 * app.h — the state that the server's modules share for the life of the process: the
 * configuration, the store's connections, the instance id, and the services main builds (auth,
 * gateway, settings, metrics). main builds one ippon_app and hands a pointer to the HTTP layer,
 * which passes it to every REST handler and, through libwebsockets' context, to the WebSocket
 * (net/ws.c → the gateway); it is torn down at exit. A layer reads only the members of the layers
 * it may use (README.md, "Layers"): the members are pointers to incomplete types here, and the
 * services' headers say what they are. Single-threaded: everything runs on the libwebsockets
 * event loop, so no locking (the exceptions run on threads of their own and touch nothing here:
 * password hashing, auth/pwhash.h, and the database's writes and slow reads,
 * store/store_writer.h).
 */
#ifndef IPPON_SERVER_APP_H
#define IPPON_SERVER_APP_H

#include "config.h"
#include "base/ids.h"

struct ippon_store;
struct ippon_auth;
struct ippon_gateway;
struct ippon_settings;
struct ippon_metrics;
struct ippon_writer;
struct ippon_pending_matches;
struct ippon_journal;
struct ippon_cluster;
struct ippon_ratelimit;

typedef struct ippon_app {
    const ippon_config *config;
    struct ippon_store *store;                   /* the event loop's connection, reads only; NULL: no database */
    struct ippon_writer *writer;            /* every write, on its own thread (store_writer.h); NULL: none */
    struct ippon_writer *reader;            /* slow reads off the loop (the admin's pairs); NULL: none */
    struct ippon_pending_matches *pending_matches; /* finished matches on their way to it (pending_matches.h) */
    struct ippon_journal *journal;          /* running matches' write-ahead journals (match_journal.h); NULL: none */
    char instance[IPPON_ID_HEX_LEN + 1];    /* this process's random id, in hex */
    struct ippon_auth *auth;                /* identities and sessions (auth.h); NULL: none */
    struct ippon_gateway *gateway;          /* the game over WebSocket (gateway.h); NULL: none */
    struct ippon_settings *settings;        /* run-time settings an admin changes (admin_settings.h); NULL: none */
    struct ippon_metrics *metrics;          /* counters for /metrics (metrics.h); NULL: none */
    struct ippon_cluster *cluster;          /* this node of a cluster (cluster/node.h); NULL: a single node */
    struct ippon_ratelimit *reviews;        /* POST /api/review per address (api/review_rest.c); NULL: unlimited */
} ippon_app;

#endif
