/*
 * ladder_writes.h — the bot ladder's part of storing a match (migrations/0017_bot_ladder.sql): a
 * ladder match's set and rotation recorded, and, when it was completed, its bots' ladder ratings
 * updated among themselves (include/ippon/rating.h's model with the service's parameters, every
 * AI seat rated; a house bot's seat, should one sit there, counts at the house bot's fixed rating
 * and is not stored). Runs inside the transaction that stores the match (store_matches.c), so a
 * ladder match is rated exactly once, with it. Part of the store module (its SQL).
 */
#ifndef IPPON_SERVER_LADDER_WRITES_H
#define IPPON_SERVER_LADDER_WRITES_H

#include <stdbool.h>

#include "store/store.h"
#include "store/stored_match.h"

/* records r if it is a ladder match (nothing otherwise); won: the seats that won it. 0 or -1 */
int ippon_ladder_write(ippon_store *st, const ippon_stored_match *r, const bool won[4]);

#endif
