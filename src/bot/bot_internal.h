/*
 * bot_internal.h — what the bot's files share: the table as the bot reads it from its view
 * (own counts, visible copies of every kind, who is in riichi) and the two judgements it
 * combines, tile efficiency (bot_efficiency.c) and danger (bot_danger.c).
 */
#ifndef IPPON_BOT_INTERNAL_H
#define IPPON_BOT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/match.h"

struct bot_table {
    const ippon_view *view;
    const ippon_rules *rules;
    uint8_t counts[IPPON_KINDS];  /* own concealed tiles */
    uint8_t visible[IPPON_KINDS]; /* copies the bot can see: own hand, every meld, pond, kita, indicators
                                     (counted on its own turn only, when first needed: against a
                                     threat, or for ukeire; an offer does not need them) */
    bool have_visible;
    uint8_t dora[IPPON_KINDS];    /* how many times each kind is dora */
    int melds;
    uint64_t value_honors;        /* the dragons, the round wind and the own seat wind */
    int shanten;                  /* of the concealed tiles as they are now */
    bool threat[IPPON_MAX_PLAYERS]; /* other seats in riichi or with three or more melds */
    int n_threats;
    bool plain_discards;          /* discard by shanten, then kept value only (no live-tile or
                                     connectivity tie-break): the plain style */
    uint64_t safe[IPPON_MAX_PLAYERS]; /* per threat: kinds it cannot ron (genbutsu, passed after riichi) */
    /* per-decision caches, filled on first use */
    bool have_shanten_after;
    int8_t shanten_after[IPPON_KINDS]; /* shanten after discarding one tile of each kind */
    uint64_t have_ukeire;
    int16_t ukeire[IPPON_KINDS];
};

void bot_table_read(struct bot_table *t, const ippon_view *view, const ippon_rules *rules);

/* shanten after discarding one tile of `kind` (held) */
int bot_shanten_after(struct bot_table *t, int kind);
/* the same for every kind at once (entries of kinds not held: IPPON_SHANTEN_NONE) */
const int8_t *bot_shanten_after_all(struct bot_table *t);
/* live tiles that would lower the shanten after discarding `kind` */
int bot_ukeire_without(struct bot_table *t, int kind);
/* computes bot_ukeire_without for every kind in `kinds` (each held) at once */
void bot_ukeire_prepare(struct bot_table *t, uint64_t kinds);
/* how well a kind connects with the rest of the hand (neighbours, pairs): higher = keep */
int bot_connectivity(const struct bot_table *t, int kind);
/* how much the bot would rather keep a kind (dora, red, value honors): higher = keep */
int bot_keep_value(const struct bot_table *t, int kind);

/* fills t->safe for every threat (called once per decision by bot_table_read) */
void bot_danger_prepare(struct bot_table *t);
/* danger of discarding `kind` against the current threats: 0 = safe … 100 = very dangerous */
int bot_danger(const struct bot_table *t, int kind);

#endif
