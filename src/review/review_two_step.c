/*
 * review_two_step.c — the two-step measure of an option (src/review/README.md, "Two-step"): for
 * each kind d that would lower the shanten s the option leaves and still has a copy unseen, draw
 * d, and take the most unseen ukeire that any discard keeping shanten s − 1 then leaves (with one
 * copy of d fewer unseen); average over those draws, each weighted by its unseen copies. Not for a
 * tenpai option (s = 0), whose improving draw wins.
 */
#include <string.h>

#include "ippon/shanten.h"
#include "review_internal.h"

void review_two_step(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                     const uint8_t unseen[IPPON_KINDS], ippon_review_option *o)
{
    o->has_two_step = o->shanten > 0;
    o->two_step_weight = 0;
    o->two_step_sum = 0;
    if (!o->has_two_step)
        return;
    for (uint64_t draws = o->ukeire; draws; draws &= draws - 1) {
        int d = __builtin_ctzll(draws);
        if (!unseen[d])
            continue;
        uint8_t drawn[IPPON_KINDS], left[IPPON_KINDS];
        memcpy(drawn, hand, IPPON_KINDS);
        drawn[d]++;
        memcpy(left, unseen, IPPON_KINDS);
        left[d]--;
        int8_t after[IPPON_KINDS];
        ippon_shanten_discards(drawn, melds, rules, after);
        uint64_t keep = 0, ukeire[IPPON_KINDS];
        for (int e = 0; e < IPPON_KINDS; e++)
            if (drawn[e] && after[e] == o->shanten - 1)
                keep |= UINT64_C(1) << e;
        ippon_ukeire_discards(drawn, melds, rules, after, keep, ukeire);
        int best = 0;
        for (; keep; keep &= keep - 1) {
            int n = review_unseen_of(left, ukeire[__builtin_ctzll(keep)]);
            best = n > best ? n : best;
        }
        o->two_step_weight += unseen[d];
        o->two_step_sum += (long)unseen[d] * best;
    }
}
