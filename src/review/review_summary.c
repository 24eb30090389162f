/*
 * review_summary.c — the counts of a review's summary (ippon_review_summarize): the decisions that
 * were choices, how many agreed, and the marks by category and severity. review_json.c writes them
 * in the summary; the server keeps them per match and seat for a player's trend.
 */
#include <string.h>

#include "ippon/review.h"

void ippon_review_summarize(const ippon_review *r, ippon_review_summary *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < r->n_decisions; i++) {
        const ippon_review_decision *d = &r->decisions[i];
        if (ippon_review_is_choice(d)) {
            s->decisions++;
            s->agreed += ippon_review_agrees(d);
        }
        if (d->mark.severity == IPPON_REVIEW_NO_MARK)
            continue;
        s->by_category[d->mark.category]++;
        s->by_severity[d->mark.severity]++;
    }
}
