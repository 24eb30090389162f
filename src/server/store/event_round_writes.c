/*
 * event_round_writes.c — the event runner's writes on the store writer (event_round_writes.h):
 * one job type whose run is a switch over store_event_rounds.h, holding its own copy of the round.
 */
#include "store/event_round_writes.h"

#include <stdlib.h>
#include <string.h>

static int round_write_run(ippon_store *st, void *arg)
{
    ippon_round_write *rw = arg;
    switch (rw->kind) {
    case IPPON_RW_SEAT:
        return ippon_store_event_round_write(st, rw->event_id, &rw->round);
    case IPPON_RW_PLAYING:
        return ippon_store_event_round_playing(st, rw->event_id, rw->round.round);
    case IPPON_RW_STAND_IN:
        return ippon_store_event_stand_in(st, rw->event_id, rw->round.round, rw->table, rw->seat);
    case IPPON_RW_VOID:
        return ippon_store_event_table_void(st, rw->event_id, rw->round.round, rw->table, rw->now_ms);
    }
    return -1;
}

static void round_write_free(ippon_round_write *rw)
{
    free(rw->round.tables);
    free(rw->round.byes);
    free(rw);
}

static void round_write_done(void *arg, int rc)
{
    ippon_round_write *rw = arg;
    rw->done(rw, rc, rw->ctx);
    round_write_free(rw);
}

/* a copy of n items of size bytes at from (NULL for none), into *to: 0 or -1 */
static int copy_items(void **to, const void *from, int n, size_t size)
{
    *to = NULL;
    if (n <= 0 || !from)
        return 0;
    if (!(*to = malloc((size_t)n * size)))
        return -1;
    memcpy(*to, from, (size_t)n * size);
    return 0;
}

int ippon_round_write_submit(ippon_writer *w, const ippon_round_write *rw)
{
    ippon_round_write *copy = w && rw->done ? malloc(sizeof *copy) : NULL;
    if (!copy)
        return -1;
    *copy = *rw;
    int failed = copy_items((void **)&copy->round.tables, rw->round.tables, rw->round.n_tables,
                            sizeof *rw->round.tables);
    failed |= copy_items((void **)&copy->round.byes, rw->round.byes, rw->round.n_byes, sizeof *rw->round.byes);
    if (failed || ippon_writer_submit(w, IPPON_WRITE_ANSWER, round_write_run, round_write_done, copy) != 0) {
        round_write_free(copy);
        return -1;
    }
    return 0;
}
