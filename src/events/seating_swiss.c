/*
 * seating_swiss.c — the Swiss seating (src/events/README.md "swiss"): the entrants in standing
 * order fill the tables in order (table 1 the leaders), then repeated pairs are broken by swaps
 * with the adjacent tables that bring no new repeat.
 */
#include <stdbool.h>

#include "seating_internal.h"

static bool met_local(const seating_round *r, int a, int b)
{
    return seating_met(r->in, r->id[a], r->id[b]) > 0;
}

/* whether local entrant e has met anyone seated at table t apart from the one in slot skip */
static bool meets_table(const seating_round *r, int e, int t, int skip)
{
    for (int k = r->first[t]; k < r->first[t + 1]; k++)
        if (k != skip && met_local(r, e, r->slot[k]))
            return true;
    return false;
}

/*
 * Moves the entrant in slot k (table t) by a swap with the first entrant x that brings no repeat
 * in either direction, looked for at table t + 1 from its highest standing down, then at table
 * t − 1 from its lowest standing up. Returns whether it swapped.
 */
static bool swap_out(seating_round *r, int k, int t)
{
    int e = r->slot[k];
    for (int side = 0; side < 2; side++) {
        int u = side == 0 ? t + 1 : t - 1;
        if (u < 0 || u >= r->tables)
            continue;
        int n_u = r->first[u + 1] - r->first[u];
        for (int i = 0; i < n_u; i++) {
            /* the table's slots hold its entrants in standing order (kept by sorting after a swap) */
            int j = side == 0 ? r->first[u] + i : r->first[u + 1] - 1 - i;
            int x = r->slot[j];
            if (!meets_table(r, e, u, j) && !meets_table(r, x, t, k)) {
                r->slot[k] = x;
                r->slot[j] = e;
                return true;
            }
        }
    }
    return false;
}

/* keeps a table's slots in standing order (local numbers are standing positions) */
static void sort_table(seating_round *r, int t)
{
    for (int k = r->first[t] + 1; k < r->first[t + 1]; k++)
        for (int j = k; j > r->first[t] && r->slot[j - 1] > r->slot[j]; j--) {
            int v = r->slot[j];
            r->slot[j] = r->slot[j - 1];
            r->slot[j - 1] = v;
        }
}

/*
 * One repeated pair broken at table t if any can be: the pairs (a, b), a above b, taken with b
 * from the top of the table down and a likewise; the lower b moved if it can be, else a.
 */
static bool break_one(seating_round *r, int t)
{
    for (int kb = r->first[t] + 1; kb < r->first[t + 1]; kb++)
        for (int ka = r->first[t]; ka < kb; ka++) {
            if (!met_local(r, r->slot[ka], r->slot[kb]))
                continue;
            if (swap_out(r, kb, t) || swap_out(r, ka, t)) {
                for (int u = t - 1; u <= t + 1; u++)
                    if (u >= 0 && u < r->tables)
                        sort_table(r, u);
                return true;
            }
        }
    return false;
}

void seating_swiss(seating_round *r)
{
    /* every swap lowers the repeated pairs by at least one, so this ends */
    for (bool swapped = true; swapped;) {
        swapped = false;
        for (int t = 0; t < r->tables; t++)
            while (break_one(r, t))
                swapped = true;
    }
}
