/*
 * tenhou_log.h — reading tenhou.net/6 game logs (the community's JSON log format; see
 * tests/data/replay/README.md): one hand's header, starting hands and draw/discard columns,
 * walked in play order as a list of steps, and the wall that reproduces them under the
 * layout of ippon/match.h.
 */
#ifndef IPPON_TENHOU_LOG_H
#define IPPON_TENHOU_LOG_H

#include <stdbool.h>

#include <jansson.h>

#include "ippon/rules.h"
#include "ippon/tile.h"

enum tenhou_step_type {
    TENHOU_DRAW,     /* seat draws `tile` (replacement: after a kan or kita) */
    TENHOU_DISCARD,  /* seat discards `tile` (tsumogiri, riichi) */
    TENHOU_CHI, TENHOU_PON, TENHOU_DAIMINKAN, /* seat calls `tile` from `from` with `with` */
    TENHOU_ANKAN,    /* seat declares an ankan of `tile`'s kind */
    TENHOU_KAKAN,    /* seat adds `tile` to its pon */
    TENHOU_KITA,     /* seat sets a North aside */
};

typedef struct tenhou_step {
    unsigned char type;
    signed char seat, from;
    ippon_code tile;
    ippon_code with[3];
    bool tsumogiri, riichi, replacement;
} tenhou_step;

enum { TENHOU_MAX_STEPS = 400 };

/* the largest score a hand's header may give a seat, either way (tenhou_hand_read refuses more) */
enum { TENHOU_MAX_SCORE = 10000000 };

typedef struct tenhou_hand {
    int round, honba, sticks;
    int players;
    int dealer, round_wind;
    int32_t scores[4];
    ippon_code dora[5], ura[5];
    int n_dora, n_ura;
    ippon_code deal[4][13];
    int n_steps;
    tenhou_step steps[TENHOU_MAX_STEPS];
    bool ends_after_draw;   /* the last step is a draw with no discard (tsumo or kyuushu) */
    const json_t *result;   /* element 16 */
} tenhou_hand;

/*
 * Reads hand `log` (one element of a game's "log") for `players` players and walks its columns
 * into steps. Returns 0, or -1 with a message in err. The header must be integers: a round of
 * 0 or more (its dealer, round mod 4, one of the players; a round past 15 is a match played on
 * past North 4, and its wind, round / 4, is taken modulo the players' cycle of winds, as the
 * engine plays it), honba and sticks 0..1000, and four scores within ±TENHOU_MAX_SCORE.
 */
int tenhou_hand_read(const json_t *log, int players, tenhou_hand *h, char *err, size_t err_cap);

/* the wall that makes the engine deal and draw exactly the hand's tiles; returns its size or < 0 */
int tenhou_hand_wall(const tenhou_hand *h, const ippon_rules *rules, ippon_tile *wall);

/* whether a game is 3-player (rule.disp contains 三, or seat 3 empty with score 0) */
bool tenhou_game_is_sanma(const json_t *game);

#endif
