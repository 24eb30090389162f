/*
 * agari.c — every reading of a complete concealed part as sets and a pair (ippon/agari.h).
 *
 * For each kind that can be the pair, the rest is split by always looking at the lowest kind
 * still holding tiles (the lowest bit of a presence mask): it must start a triplet or a sequence (nothing lower is left to pair it
 * with), so trying both in that order lists every split exactly once, in a canonical order.
 */
#include <string.h>

#include "ippon/agari.h"

struct search {
    uint8_t counts[IPPON_KINDS];
    uint64_t present;           /* bit k set while counts[k] > 0 */
    bool man_runs;
    ippon_agari current;
    ippon_agari *out;
    int cap;
    int found;
};

static bool may_start_sequence(const struct search *s, int k)
{
    if (k >= 27 || k % 9 > 6)
        return false;
    if (k < 9 && !s->man_runs)
        return false;
    return s->counts[k + 1] > 0 && s->counts[k + 2] > 0;
}

static void take(struct search *s, int k, int n)
{
    s->counts[k] = (uint8_t)(s->counts[k] - n);
    if (!s->counts[k])
        s->present &= ~(1ull << k);
}

static void put_back(struct search *s, int k, int n)
{
    s->counts[k] = (uint8_t)(s->counts[k] + n);
    s->present |= 1ull << k;
}

static void split_sets(struct search *s)
{
    if (!s->present) {
        if (s->found < s->cap)
            s->out[s->found] = s->current;
        s->found++;
        return;
    }
    if (s->current.n_sets == 4)
        return;
    int k = __builtin_ctzll(s->present); /* the lowest kind still holding tiles */
    ippon_agari_set *set = &s->current.sets[s->current.n_sets];
    if (s->counts[k] >= 3) {
        take(s, k, 3);
        *set = (ippon_agari_set){ .kind = (uint8_t)k, .shape = IPPON_SET_TRIPLET };
        s->current.n_sets++;
        split_sets(s);
        s->current.n_sets--;
        put_back(s, k, 3);
    }
    if (may_start_sequence(s, k)) {
        take(s, k, 1), take(s, k + 1, 1), take(s, k + 2, 1);
        *set = (ippon_agari_set){ .kind = (uint8_t)k, .shape = IPPON_SET_SEQUENCE };
        s->current.n_sets++;
        split_sets(s);
        s->current.n_sets--;
        put_back(s, k, 1), put_back(s, k + 1, 1), put_back(s, k + 2, 1);
    }
}

int ippon_agari_readings(const uint8_t counts[IPPON_KINDS], bool man_runs, ippon_agari *out, int cap)
{
    struct search s;
    int total = 0;
    memcpy(s.counts, counts, sizeof s.counts);
    for (int k = 0; k < IPPON_KINDS; k++)
        total += counts[k];
    if (total % 3 != 2 || total > 14)
        return 0;
    s.man_runs = man_runs;
    s.out = out;
    s.cap = cap;
    s.found = 0;
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
    s.present = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        s.present |= (uint64_t)(s.counts[k] != 0) << k;
    int first = 9 * pair_suit, last = first + (pair_suit == 3 ? 7 : 9);
    for (int k = first; k < last; k++) {
        if (s.counts[k] < 2)
            continue;
        take(&s, k, 2);
        s.current.pair = (uint8_t)k;
        s.current.n_sets = 0;
        split_sets(&s);
        put_back(&s, k, 2);
    }
    return s.found;
}
