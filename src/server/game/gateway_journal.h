/*
 * gateway_journal.h — a running table's write-ahead journal (gateway_journal.c; table.h,
 * "Journal"; store/match_journal.h): its records written with wall-clock times that never go
 * back. Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_JOURNAL_H
#define IPPON_SERVER_GATEWAY_JOURNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/gateway.h"
#include "game/table.h"

/* a table's journal: part of its gw_table; gateway_journal.c's alone */
struct gw_journal {
    ippon_gateway *gw;
    struct ippon_journal_file *file; /* NULL: none */
    bool failed;                     /* an append failed: said once, the match goes on unjournaled */
    int64_t last_at;                 /* the latest "at" (unix ms) in it: none goes before it */
};

/* a new table's journal (j->file NULL, said in the log, when it cannot be made) */
void gw_journal_begin(ippon_gateway *gw, struct gw_journal *j, const char *match_id);
/* a journal left by the previous run, reopened to go on (its latest "at": last_at): 0, or -1 (why in err) */
int gw_journal_reopen(ippon_gateway *gw, struct gw_journal *j, const char *match_id, int64_t last_at, char *err,
                      size_t errlen);
/* the table's journal hook (ctx: the gw_journal) */
void gw_journal_record(void *ctx, ippon_table *t, json_t *record);
/* closed; its records stay until its match is stored */
void gw_journal_end(struct gw_journal *j);
/* closed and removed: a table that never started */
void gw_journal_drop(struct gw_journal *j, const char *match_id);

#endif
