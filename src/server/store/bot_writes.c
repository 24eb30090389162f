/*
 * bot_writes.c — an owner's bot changes on the store writer (bot_writes.h): one job type, its run
 * a switch over store_bots.h, its completion the caller's; the token's hash is wiped when the job
 * is freed.
 */
#include "store/bot_writes.h"

#include <sodium.h>
#include <stdlib.h>

static int bot_write_run(ippon_store *st, void *arg)
{
    ippon_bot_write *bw = arg;
    const ippon_bot *b = &bw->bot;
    switch (bw->kind) {
    case IPPON_BW_CREATE:
        return ippon_store_bot_create(st, b, bw->token_hash, &bw->taken);
    case IPPON_BW_UPDATE: {
        int rc = ippon_store_bot_update(st, b->owner_id, b->id, bw->has_description ? b->description : NULL,
                                        bw->has_public ? (b->public_bot ? 1 : 0) : -1);
        return rc == 0 && bw->lift_ladder ? ippon_store_bot_ladder_lift(st, b->owner_id, b->id) : rc;
    }
    case IPPON_BW_TOKEN:
        return ippon_store_bot_new_token(st, b->owner_id, b->id, bw->token_hash, bw->now);
    case IPPON_BW_DELETE:
        return ippon_store_bot_delete(st, b->owner_id, b->id, bw->now);
    case IPPON_BW_LADDER_SUSPEND:
        return ippon_store_bot_ladder_suspend(st, b->id, b->suspend_reason, bw->now);

    }
    return -1;
}

static void bot_write_done(void *arg, int rc)
{
    ippon_bot_write *bw = arg;
    bw->done(bw, rc, bw->ctx);
    sodium_memzero(bw, sizeof *bw);
    free(bw);
}

int ippon_bot_write_submit(ippon_writer *w, const ippon_bot_write *bw)
{
    ippon_bot_write *copy = w && bw->done ? malloc(sizeof *copy) : NULL;
    if (!copy)
        return -1;
    *copy = *bw;
    if (ippon_writer_submit(w, IPPON_WRITE_ANSWER, bot_write_run, bot_write_done, copy) != 0) {
        sodium_memzero(copy, sizeof *copy);
        free(copy);
        return -1;
    }
    return 0;
}
