/*
 * agari.c — every reading of a complete concealed part as sets and a pair (ippon/agari.h).
 *
 * For each kind that can be the pair, the rest is split by always looking at the lowest kind
 * still holding tiles: it must start a triplet or a sequence (nothing lower is left to pair it
 * with), so trying both in that order lists every split exactly once, in a canonical order.
 */
#include <string.h>

#include "ippon/agari.h"

struct search {
    uint8_t counts[IPPON_KINDS];
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

static void split_sets(struct search *s, int from)
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
        split_sets(s, k);
        s->current.n_sets--;
        s->counts[k] += 3;
    }
    if (may_start_sequence(s, k)) {
        s->counts[k]--, s->counts[k + 1]--, s->counts[k + 2]--;
        *set = (ippon_agari_set){ .kind = (uint8_t)k, .shape = IPPON_SET_SEQUENCE };
        s->current.n_sets++;
        split_sets(s, k);
        s->current.n_sets--;
        s->counts[k]++, s->counts[k + 1]++, s->counts[k + 2]++;
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
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (s.counts[k] < 2)
            continue;
        s.counts[k] -= 2;
        s.current.pair = (uint8_t)k;
        s.current.n_sets = 0;
        split_sets(&s, 0);
        s.counts[k] += 2;
    }
    return s.found;
}
