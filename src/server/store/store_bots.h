/*
 * store_bots.h — bot accounts: AI players a registered user (the owner) makes, which sit at tables
 * over the mjai route (MJAI.md) with a token of their own. Part of the store module: only
 * store_bots.c knows their SQL (tables: migrations/0016_bots.sql; PostgreSQL 0009_bots.sql).
 *
 * A bot is a users row (is_bot = 1, no username or password: never a guest) — its display name is
 * the bot's name, unique among every user's names — and a bots row: its owner, a description, whether
 * others may seat it (public), its token's hash (BLAKE2b of the 32-byte token, as a session's:
 * auth.h ippon_auth_token_hash; the token itself is shown once and never stored), and an
 * administrator's suspension. Deleting a bot retires it: its token is revoked and it leaves its
 * owner's list, but its users row and everything it played stay.
 *
 * Reads (the lookups, the owner's list) run on the event loop's reading connection; every change
 * runs on the store writer (bot_writes.h; the suspensions with their audit rows: admin_writes.h).
 * Return values as in store.h: 0, -1 (the database failed; logged), IPPON_STORE_NOT_FOUND,
 * IPPON_STORE_CONFLICT, IPPON_STORE_LIMIT.
 */
#ifndef IPPON_SERVER_STORE_BOTS_H
#define IPPON_SERVER_STORE_BOTS_H

#include <stdbool.h>
#include <stddef.h>

#include "store/store.h"
#include "store/store_admin.h"

#define IPPON_BOTS_PER_OWNER 10          /* live bots one owner may have */
#define IPPON_BOT_DESCRIPTION_MAX 200    /* characters */
#define IPPON_BOT_DESCRIPTION_MAX_BYTES (4 * IPPON_BOT_DESCRIPTION_MAX)
#define IPPON_BOT_REASON_MAX_BYTES 500   /* a suspension's reason, as every admin reason */

/* a live bot as the store reads it */
typedef struct ippon_bot {
    char id[40];                          /* its users row's id: 32 lowercase hex */
    char owner_id[40];
    char name[80];                        /* its display name */
    char description[IPPON_BOT_DESCRIPTION_MAX_BYTES + 1];
    bool public_bot;                      /* others may seat it (private rooms, the ladder) */
    long long created_at;                 /* Unix seconds */
    long long suspended_at;               /* Unix seconds; 0 = not suspended */
    char suspend_reason[IPPON_BOT_REASON_MAX_BYTES + 1]; /* "" unless suspended */
    long long ladder_suspended_at;        /* Unix seconds; 0 = free to enter the bot ladder */
    char ladder_reason[IPPON_BOT_REASON_MAX_BYTES + 1];  /* why it was suspended from it, or "" */
} ippon_bot;

/*
 * The bot holding the token whose hash is token_hash (the mjai route's check, on the event loop):
 * 0 — a suspended bot too, with suspended_at and suspend_reason set: the caller refuses it —,
 * IPPON_STORE_NOT_FOUND for an unknown, revoked (renewed) or deleted bot's token, or a bot whose
 * owner is banned (or that an administrator banned itself), or -1.
 */
int ippon_store_bot_by_token(ippon_store *st, const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES], ippon_bot *out);

/* the live bot bot_id: 0, IPPON_STORE_NOT_FOUND (no such bot, or deleted) or -1 */
int ippon_store_bot_get(ippon_store *st, const char *bot_id, ippon_bot *out);

/*
 * What a player's profile says of a bot, deleted ones too: the bot (its row as ippon_store_bot_get
 * reads it), its owner's current display name into owner_name, and *deleted. 0,
 * IPPON_STORE_NOT_FOUND (user_id is no bot) or -1.
 */
int ippon_store_bot_about(ippon_store *st, const char *user_id, ippon_bot *out, char *owner_name, size_t owner_len,
                          bool *deleted);

/*
 * The live bot whose name is `name` (any case), with its owner's display name into owner_name (a
 * host seating it in a private room by name: game/gateway_room_bots.c). A bot whose owner is
 * banned, or that is banned itself, is not found, as at the token's check. 0,
 * IPPON_STORE_NOT_FOUND or -1.
 */
int ippon_store_bot_by_name(ippon_store *st, const char *name, ippon_bot *out, char *owner_name, size_t owner_len);

/* owner_id's live bots, oldest first, into out (at most IPPON_BOTS_PER_OWNER); *n their count. 0 or -1 */
int ippon_store_bots_of(ippon_store *st, const char *owner_id, ippon_bot out[IPPON_BOTS_PER_OWNER], int *n);

/*
 * A new bot of bot->owner_id in one transaction: its users row (bot->id, bot->name as display
 * name, created_at) and its bots row (description, public_bot, created_at, token_hash). 0,
 * IPPON_STORE_CONFLICT (the name is taken: *taken gets IPPON_TAKEN_DISPLAY_NAME; nothing is
 * written), IPPON_STORE_LIMIT (the owner has IPPON_BOTS_PER_OWNER live bots already) or -1.
 */
int ippon_store_bot_create(ippon_store *st, const ippon_bot *bot,
                           const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES], int *taken);

/*
 * Change owner_id's live bot bot_id: its description (NULL: kept) and whether it is public
 * (public_bot < 0: kept). 0, IPPON_STORE_NOT_FOUND (no such live bot of that owner) or -1.
 */
int ippon_store_bot_update(ippon_store *st, const char *owner_id, const char *bot_id, const char *description,
                           int public_bot);

/* a new token for owner_id's live bot bot_id at now_s (the old one revoked): 0, IPPON_STORE_NOT_FOUND or -1 */
int ippon_store_bot_new_token(ippon_store *st, const char *owner_id, const char *bot_id,
                              const unsigned char token_hash[IPPON_TOKEN_HASH_BYTES], long long now_s);

/* retire owner_id's live bot bot_id at now_s (its token revoked): 0, IPPON_STORE_NOT_FOUND or -1 */
int ippon_store_bot_delete(ippon_store *st, const char *owner_id, const char *bot_id, long long now_s);

/*
 * An administrator suspends the live bot bot_id at now_s for reason, with the audit row: 0,
 * IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT (already suspended) or -1. Unsuspending: 0,
 * IPPON_STORE_NOT_FOUND, IPPON_STORE_CONFLICT (not suspended) or -1.
 */
int ippon_store_bot_suspend(ippon_store *st, const char *bot_id, const char *reason, long long now_s,
                            const ippon_audit *audit);
int ippon_store_bot_unsuspend(ippon_store *st, const char *bot_id, const ippon_audit *audit);

/*
 * The bot ladder (game/gateway_ladder.h) suspends the live bot bot_id from the ladder at now_s for
 * reason (it ran out of time too often): 0, IPPON_STORE_NOT_FOUND (no such live bot, or suspended
 * from it already) or -1. Its owner lifts that: 0, IPPON_STORE_NOT_FOUND or -1.
 */
int ippon_store_bot_ladder_suspend(ippon_store *st, const char *bot_id, const char *reason, long long now_s);
int ippon_store_bot_ladder_lift(ippon_store *st, const char *owner_id, const char *bot_id);

#endif
