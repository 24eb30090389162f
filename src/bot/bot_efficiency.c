/*
 * bot_efficiency.c — tile efficiency for the bot: what it can see of the table, shanten after a
 * discard, and ukeire (how many live tiles would improve the hand).
 */
#include <string.h>

#include "bot_internal.h"
#include "ippon/shanten.h"

/* every copy the bot can see: own hand, indicators, every meld, pond and kita area */
static void count_visible(struct bot_table *t)
{
    if (t->have_visible)
        return;
    t->have_visible = true;
    ippon_view_seen(t->view, t->visible);
}

void bot_table_read(struct bot_table *t, const ippon_view *v, const ippon_rules *rules)
{
    memset(t, 0, sizeof *t);
    t->view = v;
    t->rules = rules;
    for (int i = 0; i < v->n_hand; i++)
        t->counts[ippon_tile_kind(v->hand[i])]++;
    for (int s = 0; s < v->players; s++) {
        const ippon_seat_public *p = &v->seats[s];
        /* threats: a riichi, or an open hand with three or more melds */
        if (s != v->seat && (p->riichi || p->n_melds >= 3)) {
            t->threat[s] = true;
            t->n_threats++;
        }
    }
    for (int i = 0; i < v->n_dora; i++)
        t->dora[ippon_rules_dora_of(rules, ippon_tile_kind(v->dora[i]))]++;
    t->melds = v->seats[v->seat].n_melds;
    t->value_honors = 7ull << IPPON_HAKU | 1ull << (IPPON_EAST + v->round_wind) |
                      1ull << (IPPON_EAST + v->seats[v->seat].wind);
    if (v->phase == IPPON_PHASE_TURN) {
        /* a turn nearly always needs the shanten after each discard too: both in one pass */
        t->shanten = ippon_shanten_with_discards(t->counts, t->melds, rules, t->shanten_after);
        t->have_shanten_after = true;
    } else {
        t->shanten = ippon_shanten(t->counts, t->melds, rules);
    }
    /* answering an offer needs neither the visible copies nor the danger of discards; on a turn
       without threats the copies are counted only if ukeire needs them */
    if (v->phase == IPPON_PHASE_TURN && t->n_threats > 0) {
        count_visible(t);
        bot_danger_prepare(t);
    }
}

/* live copies (not visible to the bot) of the kinds in mask */
static int bot_live_count(struct bot_table *t, uint64_t mask)
{
    count_visible(t);
    int live = 0;
    for (mask &= (1ull << IPPON_KINDS) - 1; mask; mask &= mask - 1) {
        int k = __builtin_ctzll(mask);
        live += 4 - (t->visible[k] > 4 ? 4 : t->visible[k]);
    }
    return live;
}

const int8_t *bot_shanten_after_all(struct bot_table *t)
{
    if (!t->have_shanten_after) {
        ippon_shanten_discards(t->counts, t->melds, t->rules, t->shanten_after);
        t->have_shanten_after = true;
    }
    return t->shanten_after;
}

int bot_shanten_after(struct bot_table *t, int kind) { return bot_shanten_after_all(t)[kind]; }

int bot_ukeire_without(struct bot_table *t, int kind)
{
    if (!(t->have_ukeire >> kind & 1)) {
        uint8_t c[IPPON_KINDS];
        memcpy(c, t->counts, IPPON_KINDS);
        c[kind]--;
        uint64_t improving = ippon_ukeire_known(c, t->melds, t->rules, bot_shanten_after(t, kind));
        t->ukeire[kind] = (int16_t)bot_live_count(t, improving);
        t->have_ukeire |= 1ull << kind;
    }
    return t->ukeire[kind];
}

void bot_ukeire_prepare(struct bot_table *t, uint64_t kinds)
{
    kinds &= ~t->have_ukeire;
    if (!kinds)
        return;
    uint64_t improving[IPPON_KINDS];
    ippon_ukeire_discards(t->counts, t->melds, t->rules, bot_shanten_after_all(t), kinds, improving);
    for (uint64_t left = kinds; left; left &= left - 1) {
        int k = __builtin_ctzll(left);
        t->ukeire[k] = (int16_t)bot_live_count(t, improving[k]);
    }
    t->have_ukeire |= kinds;
}

int bot_connectivity(const struct bot_table *t, int kind)
{
    int others = t->counts[kind] - 1;
    int links = others * 3; /* a pair or a triplet is worth keeping */
    if (kind >= 27 || (kind < 9 && t->rules->man_terminals_only))
        return links;
    int n = kind % 9;
    for (int d = -2; d <= 2; d++) {
        int m = n + d;
        if (d == 0 || m < 0 || m > 8)
            continue;
        int c = t->counts[kind + d];
        links += c * (d == -1 || d == 1 ? 2 : 1);
    }
    return links;
}

int bot_keep_value(const struct bot_table *t, int kind)
{
    int value = 3 * t->dora[kind];
    if (t->value_honors >> kind & 1)
        value += t->counts[kind] >= 2 ? 4 : 1;
    if (ippon_kind_is_simple(kind))
        value += 1;
    return value;
}
