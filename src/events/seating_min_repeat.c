/*
 * seating_min_repeat.c — the seating with the fewest repeated pairs (src/events/README.md
 * "min_repeat"): a greedy seating in a seeded random order, then a tabu search of swaps between
 * tables with a fixed budget of moves, keeping the best seating seen.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "seating_internal.h"

enum {
    MIN_REPEAT_MOVES = 20000, /* the search's budget of swaps … */
    MIN_REPEAT_WORK = 4000000, /* … at most this many swaps looked at (moves × entrants): 7,812 at 512 */
    MIN_REPEAT_TENURE = 7,    /* moves during which an entrant may not go back to the table it left */
    REPEAT_WEIGHT = 256,      /* a repeated pair's weight, plus its met count: fewest pairs first */
};

/* the search's work space */
typedef struct search {
    seating_round *r;
    int n, tables;
    uint16_t *w;              /* n × n: a pair's weight at one table (0 when they never met) */
    int32_t *conf;            /* n × tables: an entrant's weight with the entrants at a table */
    int32_t *tabu;            /* n × tables: the move before which an entrant may not join a table */
    int tab[IPPON_EVENT_MAX_ENTRANTS];     /* local entrant → its table */
    int slot_of[IPPON_EVENT_MAX_ENTRANTS]; /* local entrant → its slot */
} search;

static void join(search *s, int e, int t, int sign)
{
    for (int j = 0; j < s->n; j++)
        s->conf[(size_t)j * s->tables + t] += sign * s->w[(size_t)j * s->n + e];
}

/* entrants in a seeded random order, each to the table with a free seat where it adds the least weight */
static void seat_greedily(search *s)
{
    seating_round *r = s->r;
    int order[IPPON_EVENT_MAX_ENTRANTS], filled[IPPON_EVENT_MAX_TABLES] = { 0 };
    for (int i = 0; i < s->n; i++)
        order[i] = i;
    seating_rng_shuffle(&r->rng, order, s->n);
    for (int i = 0; i < s->n; i++) {
        int e = order[i], best = -1;
        for (int t = 0; t < s->tables; t++)
            if (r->first[t] + filled[t] < r->first[t + 1] &&
                (best < 0 || s->conf[(size_t)e * s->tables + t] < s->conf[(size_t)e * s->tables + best]))
                best = t;
        int k = r->first[best] + filled[best]++;
        r->slot[k] = e;
        s->slot_of[e] = k;
        s->tab[e] = best;
        join(s, e, best, +1);
    }
}

static void swap_entrants(search *s, int a, int b, int move)
{
    int t = s->tab[a], u = s->tab[b];
    join(s, a, t, -1);
    join(s, b, u, -1);
    join(s, a, u, +1);
    join(s, b, t, +1);
    int ka = s->slot_of[a], kb = s->slot_of[b];
    s->r->slot[ka] = b;
    s->r->slot[kb] = a;
    s->slot_of[a] = kb;
    s->slot_of[b] = ka;
    s->tab[a] = u;
    s->tab[b] = t;
    s->tabu[(size_t)a * s->tables + t] = move + MIN_REPEAT_TENURE;
    s->tabu[(size_t)b * s->tables + u] = move + MIN_REPEAT_TENURE;
}

/* a seeded random entrant with a repeated partner at its table, or −1 */
static int pick_repeated(search *s)
{
    int start = (int)seating_rng_below(&s->r->rng, (uint32_t)s->n);
    for (int q = 0; q < s->n; q++) {
        int e = (start + q) % s->n;
        if (s->conf[(size_t)e * s->tables + s->tab[e]] > 0)
            return e;
    }
    return -1;
}

/*
 * The tabu search: each move takes an entrant a with a repeated partner and makes the best swap
 * of a with an entrant of another table (the first best from a seeded start), unless it takes
 * either back to a table it left in the last MIN_REPEAT_TENURE moves and does not beat the best
 * seating seen; it may make the seating worse (to leave a local minimum).
 */
static void search_swaps(search *s, int64_t cost)
{
    seating_round *r = s->r;
    int64_t best_cost = cost;
    int best_slot[IPPON_EVENT_MAX_ENTRANTS];
    memcpy(best_slot, r->slot, (size_t)s->n * sizeof best_slot[0]);
    int moves = MIN_REPEAT_WORK / s->n < MIN_REPEAT_MOVES ? MIN_REPEAT_WORK / s->n : MIN_REPEAT_MOVES;
    for (int move = 0; move < moves && best_cost > 0; move++) {
        int a = pick_repeated(s);
        if (a < 0)
            break;
        int t = s->tab[a], chosen = -1;
        int64_t best_delta = INT64_MAX;
        const int32_t *ca = s->conf + (size_t)a * s->tables;
        int start = (int)seating_rng_below(&r->rng, (uint32_t)s->n);
        for (int q = 0; q < s->n; q++) {
            int b = (start + q) % s->n, u = s->tab[b];
            if (u == t)
                continue;
            const int32_t *cb = s->conf + (size_t)b * s->tables;
            int32_t wab = s->w[(size_t)a * s->n + b];
            int64_t delta = (int64_t)ca[u] - wab + cb[t] - wab - ca[t] - cb[u];
            bool tabu = s->tabu[(size_t)a * s->tables + u] > move || s->tabu[(size_t)b * s->tables + t] > move;
            if ((!tabu || cost + delta < best_cost) && delta < best_delta)
                best_delta = delta, chosen = b;
        }
        if (chosen < 0)
            continue;
        swap_entrants(s, a, chosen, move);
        cost += best_delta;
        if (cost < best_cost) {
            best_cost = cost;
            memcpy(best_slot, r->slot, (size_t)s->n * sizeof best_slot[0]);
        }
    }
    memcpy(r->slot, best_slot, (size_t)s->n * sizeof best_slot[0]);
}

int seating_min_repeat(seating_round *r)
{
    search *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    *s = (search){ .r = r, .n = r->n, .tables = r->tables };
    size_t nn = (size_t)s->n * (size_t)s->n, nt = (size_t)s->n * (size_t)s->tables;
    s->w = calloc(nn, sizeof *s->w);
    s->conf = calloc(nt, sizeof *s->conf);
    s->tabu = calloc(nt, sizeof *s->tabu);
    int rc = -1;
    if (s->w && s->conf && s->tabu) {
        for (int a = 0; a < s->n; a++)
            for (int b = 0; b < s->n; b++) {
                int met = a == b ? 0 : seating_met(r->in, r->id[a], r->id[b]);
                s->w[(size_t)a * s->n + b] = (uint16_t)(met > 0 ? REPEAT_WEIGHT + met : 0);
            }
        seat_greedily(s);
        int64_t cost = 0;
        for (int e = 0; e < s->n; e++)
            cost += s->conf[(size_t)e * s->tables + s->tab[e]];
        if (s->tables > 1)
            search_swaps(s, cost / 2);
        rc = 0;
    }
    free(s->w);
    free(s->conf);
    free(s->tabu);
    free(s);
    return rc;
}
