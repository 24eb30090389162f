/*
 * gen_agari_tables.c — build-time generator of the table behind the readings of a complete
 * hand (src/core/agari.c). CMake runs it as `gen_agari_tables OUT_DIR`; it writes
 * OUT_DIR/agari_tables.h and agari_tables.c, compiled into ippon_core as constant data.
 *
 * Sets take three tiles of one suit, so a hand's readings are the product of each suit's own
 * splits. For every *complete* pattern of one suit — counts c[0..8] (0..4 copies, at most 14
 * tiles) that splits into sets, or into sets and one pair — the table lists every split of it,
 * in the order agari.c's search would find them: by pair kind, then depth first from the lowest
 * kind still holding tiles, a triplet before a sequence.
 *
 * Key of a pattern: the nine counts as 3-bit digits, key = Σ c[i] << 3i (27 bits). The empty
 * pattern (key 0) is not stored: agari.c handles it. The 21,742 other complete patterns sit in
 * an open-addressing hash of 2^15 slots with linear probing; slot = (key × HASH_MUL mod 2^32)
 * >> 17. A slot is 64 bits:
 *   bits 0–26  the key (0 = empty slot)
 *   bits 27–29 the number of splits n (1–4)
 *   bits 32–63 n = 1: the split itself; n > 1: the index of the first of n splits in the
 *              extra list.
 * A split is 32 bits: bits 0–3 the pair's kind in the suit (0–8, 15 = no pair), bits 4–6 the
 * number of sets, then 5 bits per set from bit 7: the kind (4 bits) and bit 4 = triplet.
 * The generator checks that every lookup ends within MAX_PROBE slots and says so in the header.
 */
#include "gen_output.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    KINDS = 9,
    MAX_TILES = 14,
    SLOT_BITS = 15,
    SLOTS = 1 << SLOT_BITS,
    PATTERNS = 1953125, /* 5^9 */
    NO_PAIR = 15,
};

#define HASH_MUL 0x9E3779B1u

static uint32_t key_of(const int c[KINDS])
{
    uint32_t key = 0;
    for (int i = 0; i < KINDS; i++)
        key |= (uint32_t)c[i] << (3 * i);
    return key;
}

static int base5_of(const int c[KINDS])
{
    int v = 0;
    for (int i = KINDS - 1; i >= 0; i--)
        v = v * 5 + c[i];
    return v;
}

/* ---- the splits of one pattern, in search order ---------------------------------------- */

struct splits {
    uint32_t s[8];
    int n;
};

static void search(int c[KINDS], int pair, int n_sets, uint32_t sets, struct splits *out)
{
    int k = 0;
    while (k < KINDS && c[k] == 0)
        k++;
    if (k == KINDS) {
        if (out->n == 8) {
            fprintf(stderr, "gen_agari_tables: too many splits\n");
            exit(1);
        }
        out->s[out->n++] = (uint32_t)pair | (uint32_t)n_sets << 4 | sets;
        return;
    }
    if (n_sets == 4)
        return;
    int at = 7 + 5 * n_sets;
    if (c[k] >= 3) {
        c[k] -= 3;
        search(c, pair, n_sets + 1, sets | (uint32_t)(k | 16) << at, out);
        c[k] += 3;
    }
    if (k <= 6 && c[k + 1] > 0 && c[k + 2] > 0) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        search(c, pair, n_sets + 1, sets | (uint32_t)k << at, out);
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
}

static void splits_of(const int pattern[KINDS], struct splits *out)
{
    int c[KINDS], tiles = 0;
    memcpy(c, pattern, sizeof c);
    for (int i = 0; i < KINDS; i++)
        tiles += c[i];
    out->n = 0;
    if (tiles % 3 == 0) {
        search(c, NO_PAIR, 0, 0, out);
        return;
    }
    if (tiles % 3 != 2)
        return;
    for (int p = 0; p < KINDS; p++) {
        if (c[p] < 2)
            continue;
        c[p] -= 2;
        search(c, p, 0, 0, out);
        c[p] += 2;
    }
}

/* ---- every complete pattern, built from up to four sets and a pair ------------------------ */

static uint8_t *seen;          /* by base-5 number */
static int (*patterns)[KINDS];
static int n_patterns;

static void note(const int c[KINDS])
{
    int v = base5_of(c);
    if (v == 0 || seen[v])
        return;
    seen[v] = 1;
    memcpy(patterns[n_patterns++], c, sizeof patterns[0]);
}

/* adds sets of type ≥ from (types 0–8 triplets, 9–15 sequences) to c, with and without a pair */
static void build(int c[KINDS], int from, int n_sets)
{
    note(c);
    for (int p = 0; p < KINDS; p++)
        if (c[p] + 2 <= 4) {
            c[p] += 2;
            note(c);
            c[p] -= 2;
        }
    if (n_sets == 4)
        return;
    for (int t = from; t < 16; t++) {
        int k = t < 9 ? t : t - 9;
        if (t < 9) {
            if (c[k] + 3 > 4)
                continue;
            c[k] += 3;
        } else {
            if (c[k] == 4 || c[k + 1] == 4 || c[k + 2] == 4)
                continue;
            c[k]++, c[k + 1]++, c[k + 2]++;
        }
        build(c, t, n_sets + 1);
        if (t < 9)
            c[k] -= 3;
        else
            c[k]--, c[k + 1]--, c[k + 2]--;
    }
}

/* ---- output ---------------------------------------------------------------------------------- */

static uint64_t slots[SLOTS];
static uint32_t extra[8 * 4096];
static int n_extra;

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT_DIR\n", argv[0]);
        return 2;
    }
    seen = calloc(PATTERNS, 1);
    patterns = malloc(sizeof *patterns * 32768);
    if (!seen || !patterns)
        return 1;
    int c[KINDS] = { 0 };
    build(c, 0, 0);

    int max_probe = 0;
    long probes = 0;
    for (int i = 0; i < n_patterns; i++) {
        struct splits sp;
        splits_of(patterns[i], &sp);
        if (sp.n == 0) {
            fprintf(stderr, "gen_agari_tables: a built pattern has no split\n");
            return 1;
        }
        uint32_t key = key_of(patterns[i]);
        uint64_t slot = (uint64_t)sp.n << 27 | key;
        if (sp.n == 1) {
            slot |= (uint64_t)sp.s[0] << 32;
        } else {
            if (n_extra + sp.n > (int)(sizeof extra / sizeof extra[0])) {
                fprintf(stderr, "gen_agari_tables: extra list too small\n");
                return 1;
            }
            slot |= (uint64_t)n_extra << 32;
            memcpy(&extra[n_extra], sp.s, sizeof sp.s[0] * (size_t)sp.n);
            n_extra += sp.n;
        }
        uint32_t h = (key * HASH_MUL) >> (32 - SLOT_BITS);
        int probe = 1;
        while (slots[h]) {
            h = (h + 1) & (SLOTS - 1);
            probe++;
        }
        slots[h] = slot;
        probes += probe;
        if (probe > max_probe)
            max_probe = probe;
    }

    FILE *h = gen_open_out(argv[1], "agari_tables.h");
    fprintf(h, "/* agari_tables.h — generated by src/core/tables/gen_agari_tables.c; do not edit. */\n"
               "#ifndef IPPON_AGARI_TABLES_H\n#define IPPON_AGARI_TABLES_H\n\n#include <stdint.h>\n\n"
               "/* %d complete suit patterns, %d splits in the extra list, average probe %.2f */\n"
               "enum { AGARI_SLOT_BITS = %d, AGARI_MAX_PROBE = %d };\n"
               "#define AGARI_HASH_MUL 0x%08Xu\n\n"
               "extern const uint64_t ippon_agari_slots[%d];\n"
               "extern const uint32_t ippon_agari_extra[%d];\n\n#endif\n",
            n_patterns, n_extra, (double)probes / n_patterns, SLOT_BITS, max_probe, HASH_MUL, SLOTS,
            n_extra ? n_extra : 1);
    gen_close_out(h, "gen_agari_tables");

    FILE *f = gen_open_out(argv[1], "agari_tables.c");
    fprintf(f, "/* agari_tables.c — generated by src/core/tables/gen_agari_tables.c; do not edit. */\n"
               "#include \"agari_tables.h\"\n\nconst uint64_t ippon_agari_slots[%d] = {\n", SLOTS);
    for (int i = 0; i < SLOTS; i++)
        fprintf(f, "0x%llx,%s", (unsigned long long)slots[i], i % 8 == 7 ? "\n" : "");
    fprintf(f, "};\n\nconst uint32_t ippon_agari_extra[%d] = {\n", n_extra ? n_extra : 1);
    for (int i = 0; i < n_extra; i++)
        fprintf(f, "0x%x,%s", extra[i], i % 8 == 7 ? "\n" : "");
    if (!n_extra)
        fprintf(f, "0");
    fprintf(f, "};\n");
    gen_close_out(f, "gen_agari_tables");
    free(seen);
    free(patterns);
    return 0;
}
