/*
 * load_play.h — how a load-generator player (ippon-load --play shanten) picks its move from
 * an "ask": it keeps its concealed tiles from its own events (deal, draw, discard, kita) and,
 * on its turn, discards the tile that leaves the lowest shanten (ties: the widest ukeire),
 * declares riichi when it may, wins when it may, and passes on every call, so its hand
 * stays closed and riichi gives it a yaku. Cheap (two shanten-table lookups and a few ukeire
 * per turn) so that thousands of players fit on one event loop.
 */
#ifndef IPPON_LOAD_PLAY_H
#define IPPON_LOAD_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/tile.h"

typedef struct ippon_load_hand {
    uint8_t counts[IPPON_KINDS];
    int n;      /* concealed tiles */
    bool known; /* false after something it does not follow (a call of its own, a bad tile) */
} ippon_load_hand;

/* the kind (0..33) of a tile in short notation ("5m", "0p" red five, "7z"), or -1 */
int ippon_load_tile_kind(const char *s, int len);

void ippon_load_hand_clear(ippon_load_hand *h);
void ippon_load_hand_add(ippon_load_hand *h, int kind);
void ippon_load_hand_remove(ippon_load_hand *h, int kind);

/*
 * The option to play among n options of one ask, each given by its type ("discard",
 * "riichi", "tsumo", …) and its tile's kind (-1 if none). Returns the index to play.
 */
int ippon_load_choose(const ippon_load_hand *h, const ippon_rules *rules, const char *const *types,
                      const int *kinds, const bool *red, int n);

#endif
