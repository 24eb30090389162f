/*
 * ippon/tile.h — tile kinds, tile codes, physical tiles and their notations.
 *
 * Three ways to name a tile, each for its own job:
 *   - a *kind* (0–33) is what the rules look at: 0–8 = 1m–9m, 9–17 = 1p–9p, 18–26 = 1s–9s,
 *     27–30 = East South West North, 31–33 = haku hatsu chun. Hands are counted per kind.
 *   - a *code* (0–36) is a tile as a player sees it: a kind, or one of the red fives
 *     34 = red 5m, 35 = red 5p, 36 = red 5s. Notations and logs speak in codes.
 *   - a *tile id* (0–135) is one physical tile of the wall: id = kind * 4 + copy. Copy 0 of
 *     a five is the red one when the rule set has a red five in that suit.
 *
 * The short notation is the community's: digits then a suit letter, "123m456p789s1122z",
 * with 0 for a red five ("0m" = red 5m) and 1z–7z for E S W N haku hatsu chun.
 * Community codes: tenhou.net/6 integers (11–19 m, 21–29 p, 31–39 s, 41–47 honors,
 * 51–53 red fives) and mjai strings ("1m".."9s", "E" "S" "W" "N" "P" "F" "C", "5mr").
 */
#ifndef IPPON_TILE_H
#define IPPON_TILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    IPPON_KINDS = 34,
    IPPON_1M = 0, IPPON_5M = 4, IPPON_9M = 8,
    IPPON_1P = 9, IPPON_5P = 13, IPPON_9P = 17,
    IPPON_1S = 18, IPPON_5S = 22, IPPON_9S = 26,
    IPPON_EAST = 27, IPPON_SOUTH = 28, IPPON_WEST = 29, IPPON_NORTH = 30,
    IPPON_HAKU = 31, IPPON_HATSU = 32, IPPON_CHUN = 33,
};

enum { IPPON_MAN = 0, IPPON_PIN = 1, IPPON_SOU = 2, IPPON_HONOR = 3 };

enum {
    IPPON_RED_5M = 34, IPPON_RED_5P = 35, IPPON_RED_5S = 36,
    IPPON_CODES = 37,
    IPPON_TILE_IDS = 136,
};

typedef uint8_t ippon_code;  /* 0–36 */
typedef uint8_t ippon_tile;  /* 0–135 */

/* suit of a kind: IPPON_MAN, IPPON_PIN, IPPON_SOU or IPPON_HONOR */
static inline int ippon_kind_suit(int kind) { return kind / 9; }
/* 1–9 for suited kinds, 1–7 for honors (E S W N haku hatsu chun) */
static inline int ippon_kind_number(int kind) { return kind < 27 ? kind % 9 + 1 : kind - 26; }
static inline bool ippon_kind_is_honor(int kind) { return kind >= 27; }
static inline bool ippon_kind_is_wind(int kind) { return kind >= 27 && kind <= 30; }
static inline bool ippon_kind_is_dragon(int kind) { return kind >= 31; }
/* the six terminal kinds 1m 9m 1p 9p 1s 9s as a 34-bit mask */
#define IPPON_TERMINAL_MASK (1ull << 0 | 1ull << 8 | 1ull << 9 | 1ull << 17 | 1ull << 18 | 1ull << 26)
#define IPPON_HONOR_MASK (0x7full << 27)
static inline bool ippon_kind_is_terminal(int kind) { return IPPON_TERMINAL_MASK >> kind & 1; }
/* yaochuuhai: terminals and honors */
static inline bool ippon_kind_is_yaochu(int kind) { return (IPPON_TERMINAL_MASK | IPPON_HONOR_MASK) >> kind & 1; }
static inline bool ippon_kind_is_simple(int kind) { return !ippon_kind_is_yaochu(kind); }

static inline int ippon_code_kind(int code) { return code < IPPON_KINDS ? code : 4 + 9 * (code - IPPON_RED_5M); }
static inline bool ippon_code_is_red(int code) { return code >= IPPON_RED_5M; }
/* the red code of a suit (IPPON_MAN..IPPON_SOU) */
static inline int ippon_red_code(int suit) { return IPPON_RED_5M + suit; }

static inline int ippon_tile_kind(ippon_tile t) { return t >> 2; }
/* the code of a physical tile; red_per_suit[s] says whether suit s has a red five */
static inline int ippon_tile_code(ippon_tile t, const uint8_t red_per_suit[3])
{
    int kind = t >> 2;
    if ((t & 3) == 0 && kind < 27 && kind % 9 == 4 && red_per_suit[kind / 9])
        return IPPON_RED_5M + kind / 9;
    return kind;
}

/*
 * Parses the short notation into codes. Returns the number of codes written (at most cap),
 * or a negative IPPON_E* error: IPPON_EINVAL for a malformed string (a digit with no suit,
 * an unknown letter, 8z, 0z), IPPON_ERANGE when more than cap tiles are named.
 * Spaces between groups are allowed. An empty string gives 0 tiles.
 */
int ippon_notation_parse(const char *s, ippon_code *out, int cap);

/*
 * Writes codes in short notation, grouping runs of the same suit in the order given
 * ("123m0p11z"). Returns the length written (without the NUL), or IPPON_ERANGE if buf is
 * too small (buf then holds an empty string), or IPPON_EINVAL for a code out of range.
 */
int ippon_notation_format(const ippon_code *codes, int n, char *buf, size_t cap);

/* tenhou.net/6 integer of a code (11–47, 51–53), and back; IPPON_EINVAL for a bad value */
int ippon_code_to_tenhou(int code);
int ippon_code_from_tenhou(int tenhou);

/* mjai string of a code ("1m", "5mr", "E", "P" …), and back; NULL / IPPON_EINVAL for a bad value */
const char *ippon_code_to_mjai(int code);
int ippon_code_from_mjai(const char *s);

/* adds the codes' kinds into counts[34]; returns IPPON_ERANGE if any kind passes 4 */
int ippon_counts_add(uint8_t counts[IPPON_KINDS], const ippon_code *codes, int n);

#endif
