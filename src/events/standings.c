/*
 * standings.c — an event's standings from its rounds' results (include/ippon/event.h,
 * src/events/README.md "Standings"): each entrant's total, rounds played, first and last places
 * and best result, ranked by total, then tops, then best, then fewer lasts, then registration.
 */
#include <stdlib.h>
#include <string.h>

#include "ippon/event.h"

/* the order of the standings: −1 when a ranks before b */
static int by_standing(const void *pa, const void *pb)
{
    const ippon_event_standing *a = pa, *b = pb;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    if (a->tops != b->tops)
        return a->tops > b->tops ? -1 : 1;
    if (a->best != b->best)
        return a->best > b->best ? -1 : 1;
    if (a->lasts != b->lasts)
        return a->lasts < b->lasts ? -1 : 1;
    return a->entrant < b->entrant ? -1 : a->entrant > b->entrant;
}

int ippon_event_standings(int n, const ippon_event_result *results, int n_results, ippon_event_standing *out)
{
    if (n < 0 || n > IPPON_EVENT_MAX_ENTRANTS || n_results < 0)
        return -1;
    for (int i = 0; i < n_results; i++)
        if (results[i].entrant < 0 || results[i].entrant >= n)
            return -1;
    for (int e = 0; e < n; e++)
        out[e] = (ippon_event_standing){ .entrant = e, .best = INT32_MIN };
    for (int i = 0; i < n_results; i++) {
        const ippon_event_result *r = &results[i];
        ippon_event_standing *s = &out[r->entrant];
        s->total += r->result;
        s->played++;
        s->tops += r->place == 1;
        s->lasts += r->last;
        if (r->place > 0 && r->result > s->best)
            s->best = r->result;
    }
    qsort(out, (size_t)n, sizeof *out, by_standing);
    for (int i = 0; i < n; i++)
        out[i].rank = i + 1;
    return 0;
}
