/*
 * seating.c — seats a round of an event (include/ippon/event.h, src/events/README.md
 * "Seating"): checks the input, orders the entrants by standing, gives the byes, shapes the
 * tables (bots on the last ones), lets the rule (random, swiss, min_repeat) fill the entrant
 * seats, shuffles the seat order within each table and counts the repeated pairs.
 */
#include <stdlib.h>
#include <string.h>

#include "seating_internal.h"

int seating_met(const ippon_seating_input *in, int a, int b)
{
    if (!in->met)
        return 0;
    int ab = in->met[(size_t)a * IPPON_EVENT_MAX_ENTRANTS + (size_t)b];
    int ba = in->met[(size_t)b * IPPON_EVENT_MAX_ENTRANTS + (size_t)a];
    return ab > ba ? ab : ba;
}

/* an entrant as the standings and the byes see it */
typedef struct standing_key {
    int id;
    int rank;                 /* 0 without ranks */
    int64_t total;
    int byes;
} standing_key;

/* the standing's order: −1 when a stands above b (rank; else total, higher first; then number) */
static int by_standing(const void *pa, const void *pb)
{
    const standing_key *a = pa, *b = pb;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* who sits out first: the fewest byes so far, then the lowest standing (then the highest number) */
static int by_bye(const void *pa, const void *pb)
{
    const standing_key *a = pa, *b = pb;
    if (a->byes != b->byes)
        return a->byes < b->byes ? -1 : 1;
    return by_standing(pb, pa);
}

static bool input_ok(const ippon_seating_input *in)
{
    if (!in || !in->ids || (in->players != 3 && in->players != 4) || in->n < 2 || in->n > IPPON_EVENT_MAX_ENTRANTS)
        return false;
    if (in->rule != IPPON_SEATING_RANDOM && in->rule != IPPON_SEATING_SWISS && in->rule != IPPON_SEATING_MIN_REPEAT)
        return false;
    if (in->fill != IPPON_FILL_BOTS && in->fill != IPPON_FILL_BYES)
        return false;
    if (in->fill == IPPON_FILL_BYES && in->n < in->players)
        return false;
    bool seen[IPPON_EVENT_MAX_ENTRANTS] = { false };
    for (int i = 0; i < in->n; i++) {
        int e = in->ids[i];
        if (e < 0 || e >= IPPON_EVENT_MAX_ENTRANTS || seen[e])
            return false;
        seen[e] = true;
    }
    return true;
}

/*
 * The tables' shapes: with bots ⌈n / players⌉ tables and the k = tables · players − n bots dealt
 * one at a time from the last table backwards (table T − 1, T − 2, …, wrapping round when k > T),
 * so the last tables hold them, one a table while k ≤ T; with byes every table full.
 */
static void shape_tables(seating_round *r, int players, ippon_fill_rule fill, int bots[])
{
    int tables = r->n / players;
    if (fill == IPPON_FILL_BOTS && r->n % players)
        tables++;
    r->tables = tables;
    int k = tables * players - r->n;
    for (int t = 0; t < tables; t++)
        bots[t] = 0;
    for (int j = 0; j < k; j++)
        bots[tables - 1 - j % tables]++;
    r->first[0] = 0;
    for (int t = 0; t < tables; t++) {
        r->first[t + 1] = r->first[t] + players - bots[t];
        for (int s = r->first[t]; s < r->first[t + 1]; s++)
            r->slot_table[s] = t;
    }
}

/* pairs at one table who met before, each once */
static int count_repeats(const ippon_seating_input *in, const ippon_seating *out)
{
    int repeats = 0;
    for (int t = 0; t < out->tables; t++)
        for (int a = 0; a < in->players; a++)
            for (int b = a + 1; b < in->players; b++) {
                int x = out->seat[t][a], y = out->seat[t][b];
                repeats += x >= 0 && y >= 0 && seating_met(in, x, y) > 0;
            }
    return repeats;
}

int ippon_seat_round(const ippon_seating_input *in, ippon_seating *out)
{
    if (!input_ok(in) || !out)
        return -1;
    seating_round *r = calloc(1, sizeof *r);
    if (!r)
        return -1;
    r->in = in;
    seating_rng_init(&r->rng, in->seed);

    standing_key keys[IPPON_EVENT_MAX_ENTRANTS];
    for (int i = 0; i < in->n; i++) {
        int e = in->ids[i];
        keys[i] = (standing_key){ .id = e, .rank = in->rank ? in->rank[e] : 0, .total = in->total ? in->total[e] : 0,
                                  .byes = in->byes ? in->byes[e] : 0 };
    }
    memset(out, 0, sizeof *out);
    int n = in->n;
    if (in->fill == IPPON_FILL_BYES && n % in->players) {
        qsort(keys, (size_t)n, sizeof keys[0], by_bye);
        out->n_byes = n % in->players;
        for (int i = 0; i < out->n_byes; i++)
            out->bye[i] = keys[i].id;
        memmove(keys, keys + out->n_byes, (size_t)(n - out->n_byes) * sizeof keys[0]);
        n -= out->n_byes;
    }
    qsort(keys, (size_t)n, sizeof keys[0], by_standing);
    r->n = n;
    for (int i = 0; i < n; i++) {
        r->id[i] = keys[i].id;
        r->slot[i] = i;
    }
    int bots[IPPON_EVENT_MAX_TABLES];
    shape_tables(r, in->players, in->fill, bots);

    int rc = 0;
    if (in->rule == IPPON_SEATING_RANDOM)
        seating_random(r);
    else if (in->rule == IPPON_SEATING_SWISS)
        seating_swiss(r);
    else
        rc = seating_min_repeat(r);

    if (rc == 0) {
        out->tables = r->tables;
        for (int t = 0; t < r->tables; t++) {
            int *seat = out->seat[t];
            int s = 0;
            for (int k = r->first[t]; k < r->first[t + 1]; k++)
                seat[s++] = r->id[r->slot[k]];
            while (s < in->players)
                seat[s++] = IPPON_EVENT_BOT;
            seating_rng_shuffle(&r->rng, seat, in->players);
            for (; s < 4; s++)
                seat[s] = IPPON_EVENT_NO_SEAT;
        }
        out->repeats = count_repeats(in, out);
    }
    free(r);
    return rc;
}
