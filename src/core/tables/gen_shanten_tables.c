/*
 * gen_shanten_tables.c — build-time generator of the constant tables behind the shanten
 * calculator (src/core/shanten.c, src/core/wait.c). CMake runs it as
 * `gen_shanten_tables OUT_DIR`; it writes OUT_DIR/shanten_tables.h and shanten_tables.c, which
 * is compiled into ippon_core, so the library needs no initialisation at run time.
 *
 * The idea (tomohxx's table method). For a target hand T (4 − melds sets and one pair) the
 * *distance* of a hand H is the number of tiles H lacks: Σ_kind max(0, T[kind] − H[kind]).
 * Standard-form shanten = min over all targets of that distance, − 1. Kinds of different suits
 * never share a set, so the distance splits into a sum of per-suit distances, and the best
 * target can be found suit by suit: for every pattern of one suit we store the least distance
 * d(k, p) to any pattern made of exactly k sets (k = 0..4) and p pairs (p = 0..1) of that suit,
 * ten small numbers (each ≤ 3k + 2p ≤ 14, so 4 bits). The calculator takes the min-plus
 * convolution of the four suits' vectors and reads d(4 − melds, 1).
 *
 * Counting by shape, like majiang-core (the oracle the tests compare against): a target may
 * hold more than four copies of a kind. The hand 1111m is thus worth a pair 11m plus a
 * pon-taatsu 11m, as majiang-core reads it. Honors are the exception, again as majiang-core
 * counts them: each honor kind forms one block only (1 copy: an isolated tile, 2: a toitsu,
 * 3 or 4: a koutsu; the fourth copy of a koutsu is dead), except that the kind that gives the
 * pair keeps what is left of it as a second block (3 copies: pair + a single, 4: pair + toitsu).
 *
 * Table 1, suits (m, p, s in 4p; p, s in 3p). Every pattern c[0..8] with 0..4 copies per kind
 * and at most 14 tiles (405,350 patterns). d(k, p) comes from a dynamic programme over the
 * nine kinds, left to right. At kind i the target places x koutsu, q pairs (0/1) and starts
 * s shuntsu (i ≤ 6); shuntsu started at i−2 and i−1 also need a tile of kind i. The target then
 * holds need = 3x + 2q + s + (shuntsu started at i−1) + (started at i−2) tiles of kind i, and
 * the hand lacks max(0, need − c[i]) of them. The state carried from kind to kind is
 * (sets so far k, pairs so far p, shuntsu started at i−2, shuntsu started at i−1); the DP keeps
 * the least distance per state. Patterns are enumerated depth first, so every prefix
 * c[0..i] is stepped once and its state shared by all its completions.
 *
 * Table 2, isolated kinds (kinds that cannot form shuntsu: the 7 honors; in 3p also 1m and 9m,
 * since 2m–8m do not exist). The vector only depends on how many kinds hold 1, 2, 3 and 4
 * copies (n1..n4), so it is indexed by key = n1 + 10·n2 + 100·n3 + 1000·n4 (at most 9 kinds,
 * hence base 10). It is a small knapsack over the kinds: each kind is left out, or put in a set
 * slot (worth min(c, 3) tiles of the target), or in the pair slot (worth min(c, 2)), or gives
 * the pair and its remainder a set slot (c ≥ 3: 2 + (c − 2)); d(k, p) = 3k + 2p − best worth.
 *
 * Index of a suit pattern. Patterns are ordered by tile count, then lexicographically. With
 * u[i] = c[i] + … + c[8] (suffix sums), the rank is Σ_i rank[i][u[i]][c[i]], where rank[i][u][c]
 * counts the patterns of kinds i..8 holding u tiles whose kind i holds fewer than c (plus, for
 * i = 0, all patterns with fewer than u tiles). Ordering by tile count puts the small patterns
 * that real hands mostly have at the front of the table, close together in the cache. The nine
 * terms are summed ahead of time in two tables: the terms of kinds 4..8 depend only on
 * c[4..8] (rank_low, by the base-5 number of c[4..8]), those of kinds 0..3 only on c[0..3] and
 * u[4] (rank_high, by the base-5 number of c[0..3] and u[4]). So
 *   rank = rank_high[c0 + 5c1 + 25c2 + 125c3][c4 + … + c8] + rank_low[c4 + 5c5 + … + 625c8].
 *
 * Classes: the 405,350 suit patterns have only 110 different vectors, the isolated-kind keys 65,
 * and min-plus convolution closes over a set of just 164 vectors (every vector a hand's suits
 * can combine into). So instead of vectors the tables hold small class numbers, and the
 * convolution itself is tabulated:
 *   suit_class[rank]          the class (0..109) of a suit pattern's vector (class 0 = no tiles);
 *   isolated_class[key]       the class (0..64) of an isolated-kinds vector;
 *   convolve[a][b]            the class of the convolution of class a with suit class b;
 *   distance[melds][a][z]     the least distance to 4 − melds sets and a pair, classes a ⊕ z.
 * Standard shanten is then distance[melds][convolve[convolve[m][p]][s]][z] − 1: a few byte
 * look-ups. The generator checks the class counts fit in a byte.
 */
#include "gen_output.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    KINDS = 9,          /* kinds per suit */
    MAX_TILES = 14,     /* most tiles of one suit in a hand */
    MAX_SETS = 4,
    INF = 0xFF,
    ISOLATED_KEYS = 10000,
};

/* ---- index of suit patterns ---------------------------------------------------------------- */

/* exact[i][w]: patterns of kinds i..8 (0..4 copies each) holding exactly w tiles */
static uint32_t exact[KINDS + 1][MAX_TILES + 1];
/* rank[i][u][c], as described at the top */
static uint32_t rank_part[KINDS][MAX_TILES + 1][5];
static uint32_t n_patterns;

static void build_rank(void)
{
    exact[KINDS][0] = 1;
    for (int i = KINDS - 1; i >= 0; i--)
        for (int w = 0; w <= MAX_TILES; w++)
            for (int c = 0; c <= 4 && c <= w; c++)
                exact[i][w] += exact[i + 1][w - c];

    uint32_t fewer_tiles = 0; /* patterns with fewer than u tiles */
    for (int u = 0; u <= MAX_TILES; u++) {
        for (int i = 0; i < KINDS; i++) {
            uint32_t below = 0;
            for (int c = 0; c <= 4; c++) {
                rank_part[i][u][c] = below + (i == 0 ? fewer_tiles : 0);
                if (c <= u)
                    below += exact[i + 1][u - c];
            }
        }
        fewer_tiles += exact[0][u];
    }
    n_patterns = fewer_tiles;
}

/* the nine terms summed ahead: rank_low by c[4..8], rank_high by c[0..3] and u[4] */
static uint32_t rank_high[625][16], rank_low[3125];

static void build_rank_halves(void)
{
    for (int a = 0; a < 625; a++)
        for (int u4 = 0; u4 <= MAX_TILES; u4++) {
            int u = u4, y = a, c[4];
            uint32_t r = 0;
            for (int i = 0; i < 4; i++, y /= 5)
                c[i] = y % 5;
            for (int i = 3; i >= 0 && r != UINT32_MAX; i--) {
                u += c[i];
                r = u <= MAX_TILES ? r + rank_part[i][u][c[i]] : UINT32_MAX;
            }
            rank_high[a][u4] = r == UINT32_MAX ? 0 : r; /* 0: more than 14 tiles, never asked */
        }
    for (int b = 0; b < 3125; b++) {
        int u = 0, y = b, c[5];
        uint32_t r = 0;
        for (int i = 0; i < 5; i++, y /= 5)
            c[i] = y % 5;
        for (int i = 4; i >= 0 && r != UINT32_MAX; i--) {
            u += c[i];
            r = u <= MAX_TILES ? r + rank_part[4 + i][u][c[i]] : UINT32_MAX;
        }
        rank_low[b] = r == UINT32_MAX ? 0 : r;
    }
}

/* the rank as the library computes it, from the two tables */
static uint32_t rank_from_halves(const int c[KINDS])
{
    int a = c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3];
    int b = c[4] + 5 * c[5] + 25 * c[6] + 125 * c[7] + 625 * c[8];
    return rank_high[a][c[4] + c[5] + c[6] + c[7] + c[8]] + rank_low[b];
}

static uint32_t pattern_rank(const int c[KINDS])
{
    uint32_t r = 0;
    int u = 0;
    for (int i = KINDS - 1; i >= 0; i--) {
        u += c[i];
        r += rank_part[i][u][c[i]];
    }
    return r;
}

/* ---- distance DP over one suit ------------------------------------------------------------- */

/*
 * dp.d[k][p][a][b]: least number of missing tiles so far, for a target prefix holding k sets
 * and p pairs, with a shuntsu begun two kinds back and b begun one kind back (a + b ≤ k).
 */
typedef struct {
    uint8_t d[MAX_SETS + 1][2][MAX_SETS + 1][MAX_SETS + 1];
} dp_state;

static void relax(uint8_t *slot, int cost)
{
    if (cost < *slot)
        *slot = (uint8_t)cost;
}

/* extends the target by kind `pos`, where the hand holds `have` tiles */
static void dp_step(const dp_state *in, dp_state *out, int pos, int have)
{
    memset(out, INF, sizeof *out);
    int shuntsu_may_start = pos <= KINDS - 3;
    for (int k = 0; k <= MAX_SETS; k++)
        for (int p = 0; p <= 1; p++)
            for (int a = 0; a <= k; a++)
                for (int b = 0; a + b <= k; b++) {
                    int cur = in->d[k][p][a][b];
                    if (cur == INF)
                        continue;
                    for (int x = 0; k + x <= MAX_SETS; x++)                       /* koutsu at pos */
                        for (int s = 0; k + x + s <= MAX_SETS; s++) {             /* shuntsu from pos */
                            if (s > 0 && !shuntsu_may_start)
                                break;
                            for (int q = 0; p + q <= 1; q++) {                    /* the pair at pos */
                                int need = 3 * x + 2 * q + s + a + b;
                                int lack = need > have ? need - have : 0;
                                relax(&out->d[k + x + s][p + q][b][s], cur + lack);
                            }
                        }
                }
}

/* ---- vectors and their classes ------------------------------------------------------------ */

/* a vector, unpacked: d[p][k] */
typedef struct {
    uint8_t d[2][MAX_SETS + 1];
} vec;

enum { MAX_CLASSES = 256 };

/* a registry of distinct vectors; its index is the class number */
typedef struct {
    vec v[MAX_CLASSES];
    int n;
} classes;

static int vec_equal(const vec *a, const vec *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* the class of v in r, added if new */
static int class_of(classes *r, const vec *v)
{
    for (int i = 0; i < r->n; i++)
        if (vec_equal(&r->v[i], v))
            return i;
    if (r->n == MAX_CLASSES) {
        fprintf(stderr, "gen_shanten_tables: more than %d vector classes\n", MAX_CLASSES);
        exit(1);
    }
    r->v[r->n] = *v;
    return r->n++;
}

/* min-plus convolution: the best split of k sets (and p pairs) between a and b */
static vec convolve(const vec *a, const vec *b)
{
    vec c;
    for (int k = 0; k <= MAX_SETS; k++) {
        int none = 255, pair = 255;
        for (int j = 0; j <= k; j++) {
            int n = a->d[0][j] + b->d[0][k - j];
            int p = a->d[0][j] + b->d[1][k - j];
            int q = a->d[1][j] + b->d[0][k - j];
            none = n < none ? n : none;
            pair = p < pair ? p : pair;
            pair = q < pair ? q : pair;
        }
        c.d[0][k] = (uint8_t)none;
        c.d[1][k] = (uint8_t)pair;
    }
    return c;
}

/* the classes of all vectors (suit vectors first, then their convolutions) */
static classes all;
static int n_suit_classes;
/* the classes of the isolated-kind vectors */
static classes isolated;

static uint8_t *suit_class;
static uint32_t suit_filled;

/* depth-first over all suit patterns: c[0..pos-1] fixed, `state` is their DP state */
static void enumerate_suit(int pos, int c[KINDS], int tiles_left, const dp_state *state)
{
    for (int have = 0; have <= 4 && have <= tiles_left; have++) {
        dp_state next;
        c[pos] = have;
        dp_step(state, &next, pos, have);
        if (pos + 1 < KINDS) {
            enumerate_suit(pos + 1, c, tiles_left - have, &next);
            continue;
        }
        /* all open shuntsu are closed by now (none may start at 7 or 8), so a = b = 0 */
        vec v;
        for (int p = 0; p <= 1; p++)
            for (int k = 0; k <= MAX_SETS; k++)
                v.d[p][k] = next.d[k][p][0][0];
        uint32_t r = pattern_rank(c);
        if (r >= n_patterns || suit_class[r] != 0xFF || rank_from_halves(c) != r) {
            fprintf(stderr, "gen_shanten_tables: bad pattern rank %" PRIu32 "\n", r);
            exit(1);
        }
        suit_class[r] = (uint8_t)class_of(&all, &v);
        suit_filled++;
    }
    c[pos] = 0;
}

/* ---- isolated kinds (honors; 1m and 9m in 3p) ---------------------------------------------- */

/*
 * The vector of a set of isolated kinds holding n[c] kinds with c copies (c = 1..4).
 * best[k][p]: the most target tiles the hand already holds with at most k set slots and
 * p pair slots filled (an empty slot holds 0, so "at most" equals "exactly").
 */
static vec isolated_vector(const int n[5])
{
    int best[MAX_SETS + 1][2];
    for (int k = 0; k <= MAX_SETS; k++)
        best[k][0] = best[k][1] = 0;
    for (int c = 1; c <= 4; c++)
        for (int kind = 0; kind < n[c]; kind++) {
            int next[MAX_SETS + 1][2];
            memcpy(next, best, sizeof next);
            for (int k = 0; k <= MAX_SETS; k++)
                for (int p = 0; p <= 1; p++) {
                    int cur = best[k][p];
                    /* a set slot: single, taatsu (toitsu) or koutsu */
                    if (k < MAX_SETS && cur + (c < 3 ? c : 3) > next[k + 1][p])
                        next[k + 1][p] = cur + (c < 3 ? c : 3);
                    if (p == 0) {
                        /* the pair slot: the pair itself, or a single waiting for its mate */
                        int pair = c < 2 ? c : 2;
                        if (cur + pair > next[k][1])
                            next[k][1] = cur + pair;
                        /* the pair, and what is left of the kind in a set slot */
                        if (c >= 3 && k < MAX_SETS && cur + c > next[k + 1][1])
                            next[k + 1][1] = cur + c;
                    }
                }
            memcpy(best, next, sizeof best);
        }
    vec v;
    for (int p = 0; p <= 1; p++)
        for (int k = 0; k <= MAX_SETS; k++)
            v.d[p][k] = (uint8_t)(3 * k + 2 * p - best[k][p]);
    return v;
}

/* ---- output -------------------------------------------------------------------------------- */

static void write_u8_array(FILE *f, const uint8_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%u,%s", v[i], i % 24 == 23 || i + 1 == n ? "\n" : "");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
        return 2;
    }

    /* suit patterns: their vectors, registered as the first classes (class 0 = no tiles) */
    build_rank();
    build_rank_halves();
    suit_class = malloc(n_patterns);
    if (!suit_class)
        return 1;
    memset(suit_class, 0xFF, n_patterns);
    dp_state start;
    memset(&start, INF, sizeof start);
    start.d[0][0][0][0] = 0;
    int c[KINDS] = { 0 };
    enumerate_suit(0, c, MAX_TILES, &start);
    if (suit_filled != n_patterns || suit_class[0] != 0) {
        fprintf(stderr, "gen_shanten_tables: %" PRIu32 " of %" PRIu32 " patterns\n", suit_filled, n_patterns);
        return 1;
    }
    n_suit_classes = all.n;

    /* close the classes under convolution with a suit class; tabulate it */
    static uint8_t conv[MAX_CLASSES][MAX_CLASSES];
    for (int a = 0; a < all.n; a++) /* all.n grows while new vectors appear */
        for (int b = 0; b < n_suit_classes; b++) {
            vec v = convolve(&all.v[a], &all.v[b]);
            conv[a][b] = (uint8_t)class_of(&all, &v);
        }

    /* isolated kinds: a class per key */
    static uint8_t isolated_class[ISOLATED_KEYS];
    for (int key = 0; key < ISOLATED_KEYS; key++) {
        int n[5] = { 0, key % 10, key / 10 % 10, key / 100 % 10, key / 1000 };
        if (n[1] + n[2] + n[3] + n[4] > 9)
            continue; /* more than nine kinds: no such hand; class 0 (no tiles) */
        vec v = isolated_vector(n);
        isolated_class[key] = (uint8_t)class_of(&isolated, &v);
    }

    /* distance[melds][a][z]: 4 − melds sets and the pair over classes a ⊕ z */
    static uint8_t distance[MAX_SETS + 1][MAX_CLASSES][MAX_CLASSES];
    for (int a = 0; a < all.n; a++)
        for (int z = 0; z < isolated.n; z++) {
            vec v = convolve(&all.v[a], &isolated.v[z]);
            for (int melds = 0; melds <= MAX_SETS; melds++)
                distance[melds][a][z] = v.d[1][MAX_SETS - melds];
        }

    FILE *h = gen_open_out(argv[1], "shanten_tables.h");
    fprintf(h,
            "/* Generated by src/core/tables/gen_shanten_tables.c at build time: do not edit. */\n"
            "#ifndef IPPON_SHANTEN_TABLES_H\n#define IPPON_SHANTEN_TABLES_H\n\n#include <stdint.h>\n\n"
            "enum {\n"
            "    SHANTEN_SUIT_PATTERNS = %" PRIu32 ",\n"
            "    SHANTEN_SUIT_CLASSES = %d,     /* vectors of single suits */\n"
            "    SHANTEN_CLASSES = %d,          /* ... and of their convolutions */\n"
            "    SHANTEN_ISOLATED_CLASSES = %d, /* vectors of isolated kinds */\n"
            "    SHANTEN_ISOLATED_KEYS = %d,\n"
            "};\n\n"
            "extern const uint32_t ippon_shanten_rank_high[625][16];\n"
            "extern const uint32_t ippon_shanten_rank_low[3125];\n"
            "extern const uint8_t ippon_shanten_suit_class[SHANTEN_SUIT_PATTERNS];\n"
            "extern const uint8_t ippon_shanten_isolated_class[SHANTEN_ISOLATED_KEYS];\n"
            "extern const uint8_t ippon_shanten_convolve[SHANTEN_CLASSES][SHANTEN_SUIT_CLASSES];\n"
            "extern const uint8_t ippon_shanten_distance[5][SHANTEN_CLASSES][SHANTEN_ISOLATED_CLASSES];\n"
            "\n#endif\n",
            n_patterns, n_suit_classes, all.n, isolated.n, ISOLATED_KEYS);
    gen_close_out(h, "gen_shanten_tables");

    FILE *f = gen_open_out(argv[1], "shanten_tables.c");
    fprintf(f, "/* Generated by src/core/tables/gen_shanten_tables.c at build time: do not edit. */\n");
    fprintf(f, "#include \"shanten_tables.h\"\n\n");
    fprintf(f, "const uint32_t ippon_shanten_rank_high[625][16] = {\n");
    for (int a = 0; a < 625; a++) {
        fprintf(f, "{");
        for (int u = 0; u < 16; u++)
            fprintf(f, "%" PRIu32 ",", rank_high[a][u]);
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n\nconst uint32_t ippon_shanten_rank_low[3125] = {\n");
    for (int b = 0; b < 3125; b++)
        fprintf(f, "%" PRIu32 ",%s", rank_low[b], b % 12 == 11 || b + 1 == 3125 ? "\n" : "");
    fprintf(f, "};\n\nconst uint8_t ippon_shanten_suit_class[SHANTEN_SUIT_PATTERNS] = {\n");
    write_u8_array(f, suit_class, n_patterns);
    fprintf(f, "};\n\nconst uint8_t ippon_shanten_isolated_class[SHANTEN_ISOLATED_KEYS] = {\n");
    write_u8_array(f, isolated_class, ISOLATED_KEYS);
    fprintf(f, "};\n\nconst uint8_t ippon_shanten_convolve[SHANTEN_CLASSES][SHANTEN_SUIT_CLASSES] = {\n");
    for (int a = 0; a < all.n; a++) {
        fprintf(f, "{");
        write_u8_array(f, conv[a], (size_t)n_suit_classes);
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n\nconst uint8_t ippon_shanten_distance[5][SHANTEN_CLASSES][SHANTEN_ISOLATED_CLASSES] = {\n");
    for (int melds = 0; melds <= MAX_SETS; melds++) {
        fprintf(f, "{");
        for (int a = 0; a < all.n; a++) {
            fprintf(f, "{");
            write_u8_array(f, distance[melds][a], (size_t)isolated.n);
            fprintf(f, "},\n");
        }
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n");
    gen_close_out(f, "gen_shanten_tables");
    free(suit_class);
    return 0;
}
