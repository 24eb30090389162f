/*
 * mjai_client_internal.h — the state of an AI's side of one seat (mjai_client.h), shared by the
 * reader of the messages (mjai_client.c: the view) and the decisions (mjai_client_decide.c: the
 * legal actions and the answer lines).
 */
#ifndef IPPON_MJAI_CLIENT_INTERNAL_H
#define IPPON_MJAI_CLIENT_INTERNAL_H

#include <jansson.h>

#include "ippon/mjai_client.h"
#include "ippon/mjai_event.h"

enum { MJAI_CLIENT_LINE = 160 };

/* everything a message may change: plain data, so a refused message restores a copy */
typedef struct mjai_client_state {
    ippon_rules rules;
    bool have_rules, started, in_hand, over;
    int id;                        /* the seat's own mjai seat; -1 before start_game */
    ippon_view view;
    uint8_t copies[IPPON_KINDS];   /* bit c: copy c of the kind has been given to a tile seen this hand */
    bool interrupted;              /* a call, kan or kita this hand (double riichi) */
    bool reach_pending[IPPON_MAX_PLAYERS]; /* reach read, its dahai not yet */
    uint8_t kans;
    bool after_call;               /* own chi/pon: a discard outside kuikae follows */
    uint64_t kuikae;
    /* the decision asked by the message read last */
    bool deciding, echo;           /* echo: that message is the echo of the seat's own reach */
    int8_t entry[IPPON_MAX_LEGAL]; /* legal[i]'s possible_actions entry, or -1 */
    char pending[MJAI_CLIENT_LINE]; /* the dahai that answers the reach echo ("" if none) */
} mjai_client_state;

struct ippon_mjai_client {
    mjai_client_state st;
    bool rules_fixed;              /* made with rules (else the preset for the players) */
    json_t *possible;              /* the asking message's possible_actions (an array), or NULL */
    char *line;                    /* the text ippon_mjai_client_answer gave last */
};

/* the seat's legal actions for the decision asked (possible: the message's possible_actions,
   NULL when it had none); false with the reason in error */
bool mjai_client_legal(mjai_client_state *st, const json_t *possible, char *error, size_t cap);

/* the tile id of the own hand with this code; not `avoid` when another is held; -1 if none */
int mjai_client_hand_find(const mjai_client_state *st, int code, int avoid);
/* a tile's code under the client's rules */
int mjai_client_code(const mjai_client_state *st, int tile);

#endif
