/*
 * bot_danger.c — how dangerous a discard is against the threats (riichi, or three melds).
 *
 * Per threat: genbutsu (the kind is in the threat's own pond, or another seat discarded it
 * after the riichi and the threat let it pass: either way it cannot ron it) is safe;
 * honors get safer with every visible copy; a suited tile is suji-safe when the tiles three
 * away on the open side(s) are in the threat's pond (1/9 need one side, 4–6 both); kabe (all
 * four copies of a neighbour visible) makes the ryanmen through that neighbour impossible.
 * Middle tiles are the most dangerous, terminals the least. The danger of a discard is the
 * worst over all threats.
 */
#include "bot_internal.h"

/* the index of the threat's riichi declaration in its pond, or -1 */
static int riichi_index(const ippon_seat_public *p)
{
    for (int i = 0; i < p->n_discards; i++)
        if (p->discards[i].flags & IPPON_DISCARD_RIICHI)
            return i;
    return -1;
}

/*
 * Kinds a threat cannot ron: its own discards (furiten), and kinds another seat discarded after
 * its riichi that it let pass. Ponds are counted turn by turn (a seat's k-th discard follows the
 * threat's k-th when the seat comes later in turn order, which starts at the dealer: a larger
 * seat wind), which calls can shift by a turn; close enough for a bot. Only winds are compared,
 * never seat numbers, so the reading is the same however the seats are numbered (an mjai
 * client numbers them from the first dealer).
 */
static uint64_t safe_kinds(const ippon_view *v, int threat)
{
    const ippon_seat_public *p = &v->seats[threat];
    uint64_t safe = 0;
    for (int i = 0; i < p->n_discards; i++)
        safe |= 1ull << ippon_tile_kind(p->discards[i].tile);
    int r = riichi_index(p);
    for (int s = 0; r >= 0 && s < v->players; s++) {
        if (s == threat)
            continue;
        const ippon_seat_public *o = &v->seats[s];
        for (int i = o->wind > p->wind ? r : r + 1; i < o->n_discards; i++)
            safe |= 1ull << ippon_tile_kind(o->discards[i].tile);
    }
    return safe;
}

void bot_danger_prepare(struct bot_table *t)
{
    for (int s = 0; s < t->view->players; s++)
        t->safe[s] = t->threat[s] ? safe_kinds(t->view, s) : 0;
}

static int danger_against(const struct bot_table *t, int threat, int kind)
{
    uint64_t safe = t->safe[threat];
    if (safe >> kind & 1)
        return 0;
    if (ippon_kind_is_honor(kind)) {
        int seen = t->visible[kind];
        return seen >= 3 ? 3 : seen == 2 ? 15 : 30;
    }
    int n = kind % 9;
    bool suji_low = n < 3 || (safe >> (kind - 3) & 1);
    bool suji_high = n > 5 || (safe >> (kind + 3) & 1);
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
    if (t->n_threats == 0)
        return 0;
    for (int s = 0; s < t->view->players; s++) {
        if (!t->threat[s])
            continue;
        int d = danger_against(t, s, kind);
        if (d > worst)
            worst = d;
    }
    return worst;
}
