/*
 * review_position.c — a seat's position at a discard decision, read from its view
 * (ippon_review_position_from_view): its tiles, its melds, the copies it cannot see and the kinds
 * it may discard; review_position_read does the same at any moment (an offer too).
 */
#include <string.h>

#include "ippon/error.h"
#include "review_internal.h"

int review_position_read(const ippon_view *v, const ippon_rules *rules, ippon_review_position *pos)
{
    memset(pos, 0, sizeof *pos);
    for (int i = 0; i < v->n_hand; i++)
        pos->concealed[ippon_tile_kind(v->hand[i])]++;
    pos->melds = v->seats[v->seat].n_melds;
    int rc = review_unseen_from_view(v, rules, pos->unseen);
    if (rc < 0)
        return rc;
    for (int i = 0; i < v->n_legal; i++)
        if (v->legal[i].type == IPPON_ACT_DISCARD)
            pos->legal |= UINT64_C(1) << ippon_tile_kind(v->legal[i].tile);
    return 0;
}

int ippon_review_position_from_view(const ippon_view *v, const ippon_rules *rules, ippon_review_position *pos)
{
    memset(pos, 0, sizeof *pos);
    if (v->phase != IPPON_PHASE_TURN || v->turn != v->seat || v->seat >= v->players || v->n_hand % 3 != 2)
        return IPPON_EILLEGAL;
    return review_position_read(v, rules, pos);
}
