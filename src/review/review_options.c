/*
 * review_options.c — the options of a discard decision (ippon_review_options): for each legal
 * discard kind the hand holds, the shanten it leaves, its ukeire with the copies unseen, the
 * two-step measure (review_two_step.c) and a tenpai option's waits; and which options are best.
 */
#include <string.h>

#include "ippon/error.h"
#include "ippon/shanten.h"
#include "review_internal.h"

/* unseen copies of the kinds in mask */
int review_unseen_of(const uint8_t unseen[IPPON_KINDS], uint64_t mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1)
        n += unseen[__builtin_ctzll(mask)];
    return n;
}

static int check_position(const ippon_review_position *pos, const ippon_rules *rules)
{
    int tiles = 0;
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (pos->concealed[k] > 4 || pos->unseen[k] > 4)
            return IPPON_ERANGE;
        if (pos->concealed[k] && !ippon_rules_has_kind(rules, k))
            return IPPON_EILLEGAL;
        tiles += pos->concealed[k];
    }
    return pos->melds <= 4 && tiles == 14 - 3 * pos->melds ? 0 : IPPON_ERANGE;
}

int ippon_review_options(const ippon_review_position *pos, const ippon_rules *rules, ippon_review_option *out)
{
    int err = check_position(pos, rules);
    if (err < 0)
        return err;
    int8_t after[IPPON_KINDS];
    int shanten = ippon_shanten_with_discards(pos->concealed, pos->melds, rules, after);
    if (shanten < -1)
        return shanten;
    uint64_t held = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (pos->concealed[k])
            held |= UINT64_C(1) << k;
    uint64_t kinds = held & pos->legal, ukeire[IPPON_KINDS];
    ippon_ukeire_discards(pos->concealed, pos->melds, rules, after, kinds, ukeire);
    int n = 0;
    for (; kinds; kinds &= kinds - 1) {
        int k = __builtin_ctzll(kinds);
        ippon_review_option *o = &out[n++];
        memset(o, 0, sizeof *o);
        o->kind = (uint8_t)k;
        o->shanten = after[k];
        o->ukeire = ukeire[k];
        o->ukeire_count = review_unseen_of(pos->unseen, ukeire[k]);
        uint8_t left[IPPON_KINDS];
        memcpy(left, pos->concealed, IPPON_KINDS);
        left[k]--;
        if (o->shanten == 0)
            o->waits = ippon_waits(left, pos->melds, rules);
        review_two_step(left, pos->melds, rules, pos->unseen, o);
    }
    return n;
}

double ippon_review_two_step(const ippon_review_option *o)
{
    return o->two_step_weight > 0 ? (double)o->two_step_sum / o->two_step_weight : 0.0;
}

bool ippon_review_is_best(const ippon_review_option *opts, int n, int i)
{
    for (int j = 0; j < n; j++)
        if (opts[j].shanten < opts[i].shanten ||
            (opts[j].shanten == opts[i].shanten && opts[j].ukeire_count > opts[i].ukeire_count))
            return false;
    return true;
}
