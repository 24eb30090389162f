/*
 * agari.c — every reading of a complete concealed part as sets and a pair (ippon/agari.h).
 *
 * Sets never mix suits, so the readings of a hand are the product of each suit's own splits.
 * A suit that can form sequences looks its pattern up in a table generated at build time
 * (tables/gen_agari_tables.c: every complete pattern of one suit with its splits); a part that
 * cannot (the honors, and the man suit when man_runs is false) splits only one way: every kind
 * a triplet, except one pair. The product is listed by the pair's kind, then suit by suit from
 * the man suit up, each suit's splits in the table's order — the order of a depth-first search
 * that always takes the lowest kind still holding tiles, a triplet before a sequence.
 *
 * Counts above four are not in the table; such inputs (never a real hand) go through that
 * depth-first search itself, which gives the same readings in the same order.
 */
#include <string.h>

#include "agari_internal.h"
#include "agari_tables.h"
#include "counts_internal.h"
#include "ippon/agari.h"

/* the nine counts of a suit as 3-bit digits (each count ≤ 4) */
static uint32_t suit_key(const uint8_t *c)
{
    uint64_t w;
    memcpy(&w, c, 8);
    w = (w | w >> 5) & 0x003F003F003F003Full;
    w = (w | w >> 10) & 0x00000FFF00000FFFull;
    w = (w | w >> 20) & 0xFFFFFFull;
    return (uint32_t)w | (uint32_t)c[8] << 24;
}

/* a suit's splits from the table; false when the suit does not split at all */
static bool suit_splits(const uint8_t *c, struct agari_part *p)
{
    uint32_t key = suit_key(c);
    p->n = 1;
    if (key == 0) {
        p->split[0] = AGARI_NO_PAIR;
        return true;
    }
    uint32_t h = (key * AGARI_HASH_MUL) >> (32 - AGARI_SLOT_BITS);
    for (;;) {
        uint64_t slot = ippon_agari_slots[h];
        if (!slot)
            return false;
        if ((slot & 0x7FFFFFF) == key) {
            uint32_t payload = (uint32_t)(slot >> 32);
            p->n = (int)(slot >> 27 & 7);
            if (p->n == 1)
                p->split[0] = payload;
            else
                memcpy(p->split, &ippon_agari_extra[payload], sizeof p->split[0] * (size_t)p->n);
            return true;
        }
        h = (h + 1) & ((1u << AGARI_SLOT_BITS) - 1);
    }
}

/* kinds that form no sequences — up to eight in the bytes of w, and one more in ninth (the
   man suit in 3p) — each hold 0 or 3 tiles, or 2 as the one pair */
static bool isolated_split(uint64_t w, unsigned ninth, struct agari_part *p)
{
    p->n = 1;
    if (!w && !ninth) {
        p->split[0] = AGARI_NO_PAIR;
        return true;
    }
    /* bit i: kind i holds 3 / 2 / 0 tiles; the ninth kind becomes bit 8 */
    uint64_t threes = counts_word_equal(w, 3) | (uint64_t)(ninth == 3) << 8;
    uint64_t twos = counts_word_equal(w, 2) | (uint64_t)(ninth == 2) << 8;
    uint64_t zeros = counts_word_equal(w, 0) | (uint64_t)(ninth == 0) << 8;
    if ((threes | twos | zeros) != 0x1FF || (twos & (twos - 1)))
        return false; /* a kind with 1 or 4 tiles, or two pairs */
    uint32_t sets = 0;
    int n_sets = 0;
    for (; threes; threes &= threes - 1, n_sets++) {
        if (n_sets == 4)
            return false;
        sets |= (uint32_t)(__builtin_ctzll(threes) | 16) << (7 + 5 * n_sets);
    }
    uint32_t pair = twos ? (uint32_t)__builtin_ctzll(twos) : AGARI_NO_PAIR;
    p->split[0] = pair | (uint32_t)n_sets << 4 | sets;
    return true;
}

static void add_sets(ippon_agari *a, const struct agari_part *p, uint32_t s)
{
    int n = agari_split_sets(s);
    for (int i = 0; i < n; i++)
        a->sets[a->n_sets++] = (ippon_agari_set){
            .kind = (uint8_t)(p->base + agari_split_set_kind(s, i)),
            .shape = agari_split_set_triplet(s, i) ? IPPON_SET_TRIPLET : IPPON_SET_SEQUENCE };
}

/* ---- the depth-first search, for counts the table does not hold ---------------------------- */

struct search {
    uint8_t counts[IPPON_KINDS];
    bool man_runs;
    ippon_agari current;
    ippon_agari *out;
    int cap;
    int found;
};

static void search_sets(struct search *s, int from)
{
    int k = from;
    while (k < IPPON_KINDS && s->counts[k] == 0)
        k++;
    if (k == IPPON_KINDS) {
        if (s->found < s->cap)
            s->out[s->found] = s->current;
        s->found++;
        return;
    }
    if (s->current.n_sets == 4)
        return;
    ippon_agari_set *set = &s->current.sets[s->current.n_sets];
    if (s->counts[k] >= 3) {
        s->counts[k] -= 3;
        *set = (ippon_agari_set){ .kind = (uint8_t)k, .shape = IPPON_SET_TRIPLET };
        s->current.n_sets++;
        search_sets(s, k);
        s->current.n_sets--;
        s->counts[k] += 3;
    }
    bool runs = k < 27 && k % 9 <= 6 && (k >= 9 || s->man_runs);
    if (runs && s->counts[k + 1] > 0 && s->counts[k + 2] > 0) {
        s->counts[k]--, s->counts[k + 1]--, s->counts[k + 2]--;
        *set = (ippon_agari_set){ .kind = (uint8_t)k, .shape = IPPON_SET_SEQUENCE };
        s->current.n_sets++;
        search_sets(s, k);
        s->current.n_sets--;
        s->counts[k]++, s->counts[k + 1]++, s->counts[k + 2]++;
    }
}

static int readings_by_search(const uint8_t counts[IPPON_KINDS], bool man_runs, ippon_agari *out, int cap)
{
    struct search s = { .man_runs = man_runs, .out = out, .cap = cap };
    memcpy(s.counts, counts, sizeof s.counts);
    /* sets take three tiles of one suit (honors: of one kind), so the pair sits in the one suit
       whose count is 2 mod 3, and every other suit's count is a multiple of 3 */
    int pair_suit = -1;
    for (int suit = 0; suit < 4; suit++) {
        int n = 0;
        for (int k = 9 * suit; k < 9 * suit + (suit == 3 ? 7 : 9); k++)
            n += counts[k];
        if (n % 3 == 1 || (n % 3 == 2 && pair_suit >= 0))
            return 0;
        if (n % 3 == 2)
            pair_suit = suit;
    }
    if (pair_suit < 0)
        return 0;
    int first = 9 * pair_suit, last = first + (pair_suit == 3 ? 7 : 9);
    for (int k = first; k < last; k++) {
        if (s.counts[k] < 2)
            continue;
        s.counts[k] -= 2;
        s.current.pair = (uint8_t)k;
        s.current.n_sets = 0;
        search_sets(&s, 0);
        s.counts[k] += 2;
    }
    return s.found;
}

/* ---- readings ------------------------------------------------------------------------------- */

int agari_parts_of(const uint8_t counts[IPPON_KINDS], bool man_runs, struct agari_part parts[4])
{
    for (int s = 0; s < 3; s++) {
        parts[s].base = 9 * s;
        bool ok = s == 0 && !man_runs ? isolated_split(counts_word(counts, 0), counts[8], &parts[s])
                                      : suit_splits(counts + 9 * s, &parts[s]);
        if (!ok)
            return -1;
    }
    parts[3].base = IPPON_EAST;
    if (!isolated_split(counts_word(counts, IPPON_EAST - 1) >> 8, 0, &parts[3]))
        return -1;
    int pair_part = -1;
    for (int s = 0; s < 4; s++) {
        if (agari_split_pair(parts[s].split[0]) == AGARI_NO_PAIR)
            continue;
        if (pair_part >= 0)
            return -1;
        pair_part = s;
    }
    return pair_part;
}

int ippon_agari_readings(const uint8_t counts[IPPON_KINDS], bool man_runs, ippon_agari *out, int cap)
{
    if (counts_any_over_four(counts)) {
        int total = 0;
        for (int k = 0; k < IPPON_KINDS; k++)
            total += counts[k];
        return total % 3 != 2 || total > 14 ? 0 : readings_by_search(counts, man_runs, out, cap);
    }
    int total = counts_sum(counts);
    if (total % 3 != 2 || total > 14)
        return 0;
    struct agari_part parts[4];
    int pair_part = agari_parts_of(counts, man_runs, parts);
    if (pair_part < 0)
        return 0;

    int found = 0;
    struct agari_walk w;
    agari_walk_start(&w, parts, pair_part);
    do {
        if (found < cap) {
            ippon_agari *a = &out[found];
            a->pair = (uint8_t)(parts[pair_part].base + w.pair);
            a->n_sets = 0;
            for (int s = 0; s < 4; s++)
                add_sets(a, &parts[s], parts[s].split[w.at[s]]);
        }
        found++;
    } while (agari_walk_next(&w));
    return found;
}
