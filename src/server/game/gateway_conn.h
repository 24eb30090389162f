/*
 * gateway_conn.h — a player's connection as the gateway's files see it (gateway_conn.c): who it is,
 * its abuse counters, and what it is sent. Sending never leaves a gap in what a connection gets
 * (gateway.c's top comment). Not a public header.
 */
#ifndef IPPON_SERVER_GATEWAY_CONN_H
#define IPPON_SERVER_GATEWAY_CONN_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/gateway.h"
#include "store/store.h"

struct gw_table;

struct ippon_conn {
    void *socket;               /* the lws wsi */
    char addr[64];
    char user_id[40];           /* empty until "hello" */
    char name[80];
    unsigned char session_hash[IPPON_TOKEN_HASH_BYTES]; /* the session its hello was made with */
    long long session_expires_s; /* ... and when that ends (Unix s, the auth clock); 0 before hello */
    struct out_msg *out_head, *out_tail;
    size_t out_bytes;
    bool overloaded;            /* a message could not be made for lack of memory: after what is
                                   queued, the gateway's shared "overloaded" error, then close */
    bool closing;               /* the last message is queued; the socket closes after it */
    int64_t window_start;       /* the current 10-second window */
    int msgs_in_window, bad_in_window;
    struct gw_table *watching;  /* the table it watches (gateway_watch.c), or NULL */
    int room_asks;              /* its room_joins the cluster's matchmaker looks up (counted by the
                                   limits on failed joins: gateway_room_limits.c) ... */
    int room_asks_shared;       /* ... of them, those counted across the cluster too */
    bool mjai;                  /* an AI at /mjai (gateway_mjai.c): user_id is its bot account */
    long next_answer;           /* ... the number of its next answer (MJAI.md: paired by counting) */
    bool mjai_ladder;           /* ... connected to the ladder's room, or ... */
    bool mjai_invitations;      /* ... to invitations' (waiting to be seated in private rooms) */
    ippon_mode mjai_mode;       /* ... for this mode */
    char mjai_owner[40];        /* ... its owner's user id */
    int close_status;           /* the close frame's status after its last message; 0: 1008 */
    int64_t out_relayed_at_us;  /* the message being written is a table's line for the AI, handed
                                   to its seat then (lws_now_usecs); 0: it is not one */
};

#ifdef IPPON_TEST_HOOKS
/* test builds: this many of the next messages queued fail as if memory had run out */
extern int gw_test_failing_sends;
#endif

/* queue msg for c (msg is taken). A message that cannot be made or queued (msg NULL: json_pack
   ran out of memory; or no memory for it) closes c after what is already queued, with the
   error "overloaded", and nothing more is queued for it: c's events never have a gap */
void gw_send(ippon_gateway *gw, ippon_conn *c, json_t *msg);
void gw_send_text(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len, bool close_after);
/* the same for a table's line to an AI, handed to its seat at relayed_at_us (lws_now_usecs, > 0):
   once written (ippon_gateway_out_written) the time since counts in /metrics'
   ippon_mjai_relay_out_seconds */
void gw_send_relayed(ippon_gateway *gw, ippon_conn *c, const char *text, size_t len, bool close_after,
                     int64_t relayed_at_us);
void gw_send_error(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message);
/* the last message of a connection: an error, then the socket closes */
void gw_send_error_and_close(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message);
/* tell c to move to node ("move": reason, node, what ("table" or "room") = id, and the path
   /ws?node=<node>&<what>=<id> a proxy routes by) */
void gw_send_move(ippon_gateway *gw, ippon_conn *c, const char *reason, const char *node, const char *what,
                  const char *id);
/* drops what is queued for c, unsent (gw NULL: the gateway is gone) */
void gw_conn_drop_queue(ippon_gateway *gw, ippon_conn *c);
/* the connection user_id said hello on, or NULL */
ippon_conn *gw_conn_of(ippon_gateway *gw, const char *user_id);
/* counts a bad message and answers it; true when the connection is being closed for abuse */
bool gw_bad(ippon_gateway *gw, ippon_conn *c, const char *code, const char *message);

#endif
