/*
 * store_private.h — the store's insides, shared by the store's own files only (store.c,
 * store_users.c, store_matches.c, store_rankings.c, store_board.c, ...). Nothing outside
 * the store includes this: the rest of the server sees only store.h.
 */
#ifndef IPPON_SERVER_STORE_PRIVATE_H
#define IPPON_SERVER_STORE_PRIVATE_H

#include <sqlite3.h>

#include "store.h"

struct ippon_board;

struct ippon_store {
    sqlite3 *db;
    struct ippon_board *board; /* the leaderboards in memory (store_board.c); NULL until first used */
};

#endif
