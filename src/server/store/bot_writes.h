/*
 * bot_writes.h — an owner's changes to its bots (store_bots.h) as store writer jobs
 * (store_writer.h): a job holds a copy of everything it writes (the bot, the new token's hash),
 * runs the store's function on the writer's connection, and hands the store's code back on the
 * event loop. Every one has someone waiting (IPPON_WRITE_ANSWER: given up after
 * IPPON_WRITE_ANSWER_MS with IPPON_WRITE_UNAVAILABLE). An administrator's suspensions go with
 * their audit rows through admin_writes.h.
 */
#ifndef IPPON_SERVER_BOT_WRITES_H
#define IPPON_SERVER_BOT_WRITES_H

#include <stdbool.h>

#include "store/store_bots.h"
#include "store/store_writer.h"

typedef enum ippon_bot_write_kind {
    IPPON_BW_CREATE, /* bot (id, owner_id, name, description, public_bot, created_at) with token_hash */
    IPPON_BW_UPDATE, /* bot.owner_id's bot.id: description if has_description, public_bot if has_public,
                        its ladder suspension lifted if lift_ladder */
    IPPON_BW_TOKEN,  /* bot.owner_id's bot.id gets token_hash at now (the old token revoked) */
    IPPON_BW_DELETE, /* bot.owner_id's bot.id retired at now */
    IPPON_BW_LADDER_SUSPEND, /* bot.id suspended from the ladder at now, for bot.suspend_reason */
} ippon_bot_write_kind;

typedef struct ippon_bot_write ippon_bot_write;

/* the completion, on the loop: the store's code (0, IPPON_STORE_NOT_FOUND, _CONFLICT, _LIMIT, -1) or
   IPPON_WRITE_UNAVAILABLE / _STOPPED; bw is the job (its taken) and is freed after */
typedef void (*ippon_bot_write_done)(const ippon_bot_write *bw, int rc, void *ctx);

struct ippon_bot_write {
    ippon_bot_write_kind kind;
    ippon_bot bot;
    bool has_description, has_public, lift_ladder;
    unsigned char token_hash[IPPON_TOKEN_HASH_BYTES];
    long long now; /* Unix seconds */
    int taken;     /* out (CREATE after IPPON_STORE_CONFLICT): IPPON_TAKEN_* bits */
    ippon_bot_write_done done;
    void *ctx;
};

/*
 * Queue a copy of bw (the caller's may go at once). 0: done will be called exactly once. -1: the
 * writer refused it (stopping, or out of memory; w may be NULL): done is not called.
 */
int ippon_bot_write_submit(ippon_writer *w, const ippon_bot_write *bw);

#endif
