/*
 * bot_danger.c — how dangerous a discard is against the players in riichi.
 *
 * Per threat: genbutsu (the kind is in the threat's own pond: it cannot ron it) is safe;
 * honors get safer with every visible copy; a suited tile is suji-safe when the tiles three
 * away on the open side(s) are in the threat's pond (1/9 need one side, 4–6 both); kabe (all
 * four copies of a neighbour visible) makes the ryanmen through that neighbour impossible.
 * Middle tiles are the most dangerous, terminals the least. The danger of a discard is the
 * worst over all threats.
 */
#include "bot_internal.h"

static bool in_pond(const ippon_seat_public *p, int kind)
{
    for (int i = 0; i < p->n_discards; i++)
        if (ippon_tile_kind(p->discards[i].tile) == kind)
            return true;
    return false;
}

static int danger_against(const struct bot_table *t, const ippon_seat_public *p, int kind)
{
    if (in_pond(p, kind))
        return 0;
    if (ippon_kind_is_honor(kind)) {
        int seen = t->visible[kind];
        return seen >= 3 ? 3 : seen == 2 ? 15 : 30;
    }
    int n = kind % 9;
    bool suji_low = n < 3 || in_pond(p, kind - 3);
    bool suji_high = n > 5 || in_pond(p, kind + 3);
    /* kabe: a neighbour whose four copies are all visible cannot be part of the wait's run */
    bool kabe_low = n == 0 || t->visible[kind - 1] >= 4;
    bool kabe_high = n == 8 || t->visible[kind + 1] >= 4;
    int danger = (n == 0 || n == 8) ? 40 : (n == 1 || n == 7) ? 55 : 70;
    if ((suji_low || kabe_low) && (suji_high || kabe_high))
        danger /= 3;
    else if (suji_low || suji_high || kabe_low || kabe_high)
        danger = danger * 2 / 3;
    return danger;
}

int bot_danger(const struct bot_table *t, int kind)
{
    int worst = 0;
    for (int s = 0; s < t->view->players; s++) {
        if (!t->threat[s])
            continue;
        int d = danger_against(t, &t->view->seats[s], kind);
        if (d > worst)
            worst = d;
    }
    return worst;
}
