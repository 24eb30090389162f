/*
 * gen_shanten_tables.c — build-time generator of the constant tables behind the shanten
 * calculator (src/core/shanten.c). CMake runs it as `gen_shanten_tables OUT.c`; the C file it
 * writes is compiled into ippon_core, so the library needs no initialisation at run time.
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
 * i = 0, all patterns with fewer than u tiles). The suffix sums are plain additions, so the nine
 * look-ups are independent of each other. Ordering by tile count puts the small patterns that
 * real hands mostly have at the front of the table, close together in the cache.
 *
 * Packing: nibble (k + 5·p) of a uint64 holds d(k, p).
 */
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

static uint64_t *suit_table;
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
        uint64_t packed = 0;
        for (int p = 0; p <= 1; p++)
            for (int k = 0; k <= MAX_SETS; k++) {
                int d = next.d[k][p][0][0];
                if (d > 15) {
                    fprintf(stderr, "gen_shanten_tables: distance %d out of range\n", d);
                    exit(1);
                }
                packed |= (uint64_t)d << (4 * (k + 5 * p));
            }
        uint32_t r = pattern_rank(c);
        if (r >= n_patterns || suit_table[r] != UINT64_MAX) {
            fprintf(stderr, "gen_shanten_tables: bad pattern rank %" PRIu32 "\n", r);
            exit(1);
        }
        suit_table[r] = packed;
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
static uint64_t isolated_vector(const int n[5])
{
    int best[MAX_SETS + 1][2];
    for (int k = 0; k <= MAX_SETS; k++)
        best[k][0] = best[k][1] = 0;
    best[0][1] = 0;
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
    uint64_t packed = 0;
    for (int p = 0; p <= 1; p++)
        for (int k = 0; k <= MAX_SETS; k++) {
            int d = 3 * k + 2 * p - best[k][p];
            packed |= (uint64_t)d << (4 * (k + 5 * p));
        }
    return packed;
}

/* ---- output -------------------------------------------------------------------------------- */

static void write_u64_array(FILE *f, const char *name, const uint64_t *v, uint32_t n)
{
    fprintf(f, "const uint64_t %s[%" PRIu32 "] = {\n", name, n);
    for (uint32_t i = 0; i < n; i++)
        fprintf(f, "0x%" PRIx64 ",%s", v[i], i % 12 == 11 || i + 1 == n ? "\n" : "");
    fprintf(f, "};\n\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT.c\n", argv[0]);
        return 2;
    }

    build_rank();
    suit_table = malloc(sizeof *suit_table * n_patterns);
    if (!suit_table)
        return 1;
    memset(suit_table, 0xFF, sizeof *suit_table * n_patterns);
    dp_state start;
    memset(&start, INF, sizeof start);
    start.d[0][0][0][0] = 0;
    int c[KINDS] = { 0 };
    enumerate_suit(0, c, MAX_TILES, &start);
    if (suit_filled != n_patterns) {
        fprintf(stderr, "gen_shanten_tables: %" PRIu32 " of %" PRIu32 " patterns\n", suit_filled, n_patterns);
        return 1;
    }

    static uint64_t isolated[ISOLATED_KEYS];
    for (int key = 0; key < ISOLATED_KEYS; key++) {
        int n[5] = { 0, key % 10, key / 10 % 10, key / 100 % 10, key / 1000 };
        isolated[key] = n[1] + n[2] + n[3] + n[4] <= 9 ? isolated_vector(n) : 0;
    }

    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fprintf(f, "/* Generated by src/core/tables/gen_shanten_tables.c at build time: do not edit. */\n");
    fprintf(f, "#include \"shanten_internal.h\"\n\n");
    fprintf(f, "const uint32_t ippon_shanten_rank[9][15][5] = {\n");
    for (int i = 0; i < KINDS; i++) {
        fprintf(f, "{");
        for (int u = 0; u <= MAX_TILES; u++)
            fprintf(f, "{%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32 "},", rank_part[i][u][0],
                    rank_part[i][u][1], rank_part[i][u][2], rank_part[i][u][3], rank_part[i][u][4]);
        fprintf(f, "},\n");
    }
    fprintf(f, "};\n\n");
    write_u64_array(f, "ippon_shanten_suit", suit_table, n_patterns);
    write_u64_array(f, "ippon_shanten_isolated", isolated, ISOLATED_KEYS);
    if (fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    free(suit_table);
    return 0;
}
