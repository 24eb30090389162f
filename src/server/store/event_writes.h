/*
 * event_writes.h — the changes to events (store_events.h) as store writer jobs (store_writer.h): a
 * job holds copies of everything it writes (the event and its entry list, the ids, the texts, the
 * audit row's strings and detail), runs the store's function on the writer's connection and hands
 * the store's code back on the event loop. Every one has someone waiting (IPPON_WRITE_ANSWER).
 */
#ifndef IPPON_SERVER_EVENT_WRITES_H
#define IPPON_SERVER_EVENT_WRITES_H

#include <jansson.h>
#include <stdbool.h>

#include "store/store_events.h"
#include "store/store_writer.h"

typedef enum ippon_event_write_kind {
    IPPON_EW_CREATE,   /* ev, under the limits open_max and day_max at now_ms (out: which) */
    IPPON_EW_UPDATE,   /* ev's new rules */
    IPPON_EW_STATUS,   /* event id: from_mask → to, with round (< 0: kept); no audit row when action
                          is "" (the runner's own moves: check-in opening, the start, the end) */
    IPPON_EW_ANNOUNCE, /* event id's announcement: text */
    IPPON_EW_ENTRY,    /* op on user_id's entry in event id at now_ms (check_in with a registration;
                          out: why); no audit row when audited is false (the entrant's own) */
} ippon_event_write_kind;

typedef struct ippon_event_write ippon_event_write;

/* the completion, on the loop: the store's code or IPPON_WRITE_UNAVAILABLE / _STOPPED; ew is the job
   (its outs) and is freed after */
typedef void (*ippon_event_write_done)(const ippon_event_write *ew, int rc, void *ctx);

struct ippon_event_write {
    ippon_event_write_kind kind;
    ippon_event_def ev;           /* CREATE, UPDATE (its entry_list is copied) */
    char id[IPPON_USER_ID_LEN + 1];
    char user_id[IPPON_USER_ID_LEN + 1];
    ippon_entry_op op;
    bool check_in;
    unsigned from_mask;
    ippon_event_status to;
    int round;
    char text[4 * IPPON_EVENT_ANNOUNCEMENT_MAX + 1];
    int open_max, day_max;
    int64_t now_ms;
    bool audited;
    /* the audit row: actor, action (event_*), reason; target is the event's id; detail copied */
    char actor_id[IPPON_USER_ID_LEN + 1];
    char actor_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    char action[32];
    char reason[2048];
    json_t *detail;
    int which;                /* out (CREATE after IPPON_STORE_LIMIT): 1 open events, 2 the day's */
    ippon_entry_refusal why;  /* out (ENTRY after IPPON_STORE_CONFLICT) */
    ippon_event_write_done done;
    void *ctx;
};

/*
 * Queue a copy of ew (the caller's may go at once; its detail is deep-copied, its entry_list
 * duplicated). 0: done will be called exactly once. -1: refused (w NULL, stopping, out of memory):
 * done is not called.
 */
int ippon_event_write_submit(ippon_writer *w, const ippon_event_write *ew);

#endif
