/*
 * app.h — the state that the server's modules share for the life of the process: the
 * configuration, the store, the instance id. main builds one ippon_app, hands a pointer
 * to the HTTP layer (which passes it to every REST handler and, later, to the WebSocket
 * gateway, lobby and tables), and tears it down at exit. Single-threaded: everything
 * runs on the libwebsockets event loop, so no locking.
 */
#ifndef IPPON_SERVER_APP_H
#define IPPON_SERVER_APP_H

#include "config.h"
#include "ids.h"
#include "store.h"

typedef struct ippon_app {
    const ippon_config *config;
    ippon_store *store;                     /* NULL: no database (health reports "error") */
    char instance[IPPON_ID_HEX_LEN + 1];    /* this process's random id, in hex */
} ippon_app;

#endif
