/*
 * review_win.c — the chance that a tenpai hand wins the hand it is in (src/review/README.md,
 * "Win chance"): its waits' unseen copies against every tile it cannot see, over the draws it
 * has left and the discards the other seats have left to make (ron looks), with the model's
 * weights (review_win_model.c) saying how much each kind of look is worth; a furiten hand wins
 * only by its own draws.
 */
#include <math.h>

#include "review_internal.h"

void review_win_inputs_of(const ippon_view *v, const uint8_t unseen[IPPON_KINDS], int discard_kind, uint64_t waits,
                          review_win_inputs *out)
{
    *out = (review_win_inputs){ 0 };
    for (int k = 0; k < IPPON_KINDS; k++) {
        out->unseen += unseen[k];
        if (waits >> k & 1)
            out->waits_unseen += unseen[k];
    }
    /* after this discard the other seats draw first: the seat draws every players-th live tile */
    int live = v->live_tiles > 0 ? v->live_tiles : 0;
    out->own_draws = live / v->players;
    out->other_draws = live - out->own_draws;
    /* discard furiten: a wait among the seat's own discards, this one included */
    uint64_t pond = discard_kind >= 0 ? UINT64_C(1) << discard_kind : 0;
    const ippon_seat_public *me = &v->seats[v->seat];
    for (int i = 0; i < me->n_discards; i++)
        pond |= UINT64_C(1) << ippon_tile_kind(me->discards[i].tile);
    out->furiten = (pond & waits) != 0;
}

double review_win_looks(const review_win_inputs *in, bool riichi)
{
    double ron = in->furiten ? 0.0 : (riichi ? ippon_win_weights.ron_riichi : ippon_win_weights.ron_dama);
    return ippon_win_weights.own * in->own_draws + ron * in->other_draws;
}

double review_win_chance(const review_win_inputs *in, bool riichi)
{
    if (in->waits_unseen <= 0 || in->unseen <= 0)
        return 0.0;
    double miss = 1.0 - (double)in->waits_unseen / in->unseen;
    return 1.0 - pow(miss, review_win_looks(in, riichi));
}

double review_win_tsumo_share(const review_win_inputs *in, bool riichi)
{
    double looks = review_win_looks(in, riichi);
    return looks > 0 ? ippon_win_weights.own * in->own_draws / looks : 1.0;
}
