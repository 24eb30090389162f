/*
 * mjai_internal.h — the state of one seat's mjai stream (mjai.h), shared by the stream
 * (mjai_seat.c: events in, messages out) and the answer reader (mjai_answer.c).
 */
#ifndef IPPON_MJAI_INTERNAL_H
#define IPPON_MJAI_INTERNAL_H

#include <jansson.h>

#include "ippon/mjai.h"
#include "ippon/mjai_event.h"

typedef struct mjai_message {
    json_t *json;
    bool asks;       /* the AI's answer to it is the seat's decision */
    uint8_t may_ask; /* MAY_TURN or MAY_OFFER: a decision of that kind may follow it */
} mjai_message;

enum { MAY_NOT, MAY_TURN, MAY_OFFER };

struct ippon_mjai_seat {
    ippon_mjai_frame frame;
    int seat;                     /* table seat */
    const char *kita_type;        /* the KITA event's name: "kita" */
    char names[4][48];
    bool started, in_hand;
    json_t *start_kyoku;          /* the hand's start_kyoku while still queued (the first dora goes in it) */
    mjai_message *queue;
    size_t head, n, cap;
    char *line;                   /* the text ippon_mjai_seat_next gave last */
    /* the seat's own tiles, by id */
    ippon_tile hand[14];
    int n_hand, drawn;            /* drawn: the tile just drawn, or -1 */
    int n_pons;
    ippon_tile pons[4][3];        /* its pons' three tiles (for a kakan's consumed) */
    /* the tile others may claim now: the last discard, kakan, ankan or kita of another seat */
    int claim_tile, claim_from;
    /* the decision asked */
    bool asked, on_offer, reach_declared, reach_echoed;
    int n_options;
    ippon_action options[IPPON_MAX_LEGAL];
};

/* code of a tile under the seat's rules */
int mjai_code(const ippon_mjai_seat *s, int tile);
/* queues a message (taking the reference) */
void mjai_push(ippon_mjai_seat *s, json_t *msg, bool asks, int may_ask);
/* the action the table's clock takes for the seat now (ippon_match_timeout_action) */
ippon_action mjai_default_action(const ippon_mjai_seat *s);

#endif
