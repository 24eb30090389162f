/*
 * app.h — the state that the server's modules share for the life of the process: the
 * configuration, the store, the instance id. main builds one ippon_app, hands a pointer
 * to the HTTP layer (which passes it to every REST handler and, later, to the WebSocket
 * gateway, lobby and tables), and tears it down at exit. Single-threaded: everything
 * runs on the libwebsockets event loop, so no locking (the two exceptions run on threads of
 * their own and touch nothing here: password hashing, see pwhash.h, and the database writes,
 * see store_writer.h).
 */
#ifndef IPPON_SERVER_APP_H
#define IPPON_SERVER_APP_H

#include "config.h"
#include "base/ids.h"
#include "store/store.h"

struct ippon_auth;
struct ippon_gateway;
struct ippon_settings;
struct ippon_metrics;
struct ippon_writer;
struct ippon_match_writes;

typedef struct ippon_app {
    const ippon_config *config;
    ippon_store *store;                     /* the event loop's connection, reads only; NULL: no database */
    struct ippon_writer *writer;            /* every write, on its own thread (store_writer.h); NULL: none */
    struct ippon_writer *reader;            /* slow reads off the loop (the admin's pairs); NULL: none */
    struct ippon_match_writes *match_writes; /* finished matches on their way to it (match_writes.h) */
    char instance[IPPON_ID_HEX_LEN + 1];    /* this process's random id, in hex */
    struct ippon_auth *auth;                /* identities and sessions (auth.h); NULL: none */
    struct ippon_gateway *gateway;          /* the game over WebSocket (gateway.h); NULL: none */
    struct ippon_settings *settings;        /* run-time settings an admin changes (admin_settings.h); NULL: none */
    struct ippon_metrics *metrics;          /* counters for /metrics (metrics.h); NULL: none */
} ippon_app;

#endif
