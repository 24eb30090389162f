/*
 * store_private.h — the store's insides, shared by the store's own files only (store.c,
 * store_users.c, and the files later added for matches and rankings). Nothing outside
 * the store includes this: the rest of the server sees only store.h.
 */
#ifndef IPPON_SERVER_STORE_PRIVATE_H
#define IPPON_SERVER_STORE_PRIVATE_H

#include <sqlite3.h>

#include "store.h"

struct ippon_store {
    sqlite3 *db;
};

#endif
