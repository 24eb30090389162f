/*
 * seating_check.c — checks a round's seating before anything starts (include/ippon/event.h,
 * src/events/README.md "The check"): every entrant of the round seated once or given a bye, no
 * one else, the tables' number and size as the fill rule makes them, bots only with bots and
 * never a table of bots alone. A refusal says why in one line.
 */
#include <stdarg.h>
#include <stdio.h>

#include "ippon/event.h"

static bool refuse(char *err, size_t cap, const char *fmt, ...)
{
    if (err && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, cap, fmt, ap);
        va_end(ap);
    }
    return false;
}

enum { UNKNOWN = 0, EXPECTED, PLACED };

/* marks entrant e as placed at `where`; false with the reason when it cannot be */
static bool place(unsigned char state[], int e, const char *where, char *err, size_t cap)
{
    if (e < 0 || e >= IPPON_EVENT_MAX_ENTRANTS || state[e] == UNKNOWN)
        return refuse(err, cap, "%s: %d is not an entrant of this round", where, e);
    if (state[e] == PLACED)
        return refuse(err, cap, "%s: entrant %d is placed twice", where, e);
    state[e] = PLACED;
    return true;
}

bool ippon_seating_check(const ippon_seating_input *in, const ippon_seating *s, char *err, size_t err_cap)
{
    if (!in || !s)
        return refuse(err, err_cap, "no input or no seating");
    if (in->players != 3 && in->players != 4)
        return refuse(err, err_cap, "players %d: a table has 3 or 4", in->players);
    if (!in->ids || in->n < 2 || in->n > IPPON_EVENT_MAX_ENTRANTS)
        return refuse(err, err_cap, "%d entrants: a round seats 2 to %d", in->n, IPPON_EVENT_MAX_ENTRANTS);
    unsigned char state[IPPON_EVENT_MAX_ENTRANTS] = { UNKNOWN };
    for (int i = 0; i < in->n; i++) {
        int e = in->ids[i];
        if (e < 0 || e >= IPPON_EVENT_MAX_ENTRANTS)
            return refuse(err, err_cap, "entrant number %d is out of range", e);
        if (state[e] == EXPECTED)
            return refuse(err, err_cap, "entrant %d is listed twice in the round", e);
        state[e] = EXPECTED;
    }
    int p = in->players;
    bool bots = in->fill == IPPON_FILL_BOTS;
    int tables = bots ? (in->n + p - 1) / p : in->n / p, byes = bots ? 0 : in->n % p;
    if (s->tables != tables)
        return refuse(err, err_cap, "%d tables: %d entrants make %d with %s", s->tables, in->n, tables,
                      bots ? "bots" : "byes");
    if (s->n_byes != byes)
        return refuse(err, err_cap, "%d byes: %d entrants %s %d", s->n_byes, in->n, bots ? "with bots give" : "give",
                      byes);
    for (int t = 0; t < tables; t++) {
        int entrants = 0;
        for (int k = 0; k < 4; k++) {
            int e = s->seat[t][k];
            if (k >= p) {
                if (e != IPPON_EVENT_NO_SEAT)
                    return refuse(err, err_cap, "table %d has a seat %d: a table has %d seats", t + 1, k + 1, p);
            } else if (e == IPPON_EVENT_BOT) {
                if (!bots)
                    return refuse(err, err_cap, "table %d seat %d is a bot: this event gives byes", t + 1, k + 1);
            } else if (e == IPPON_EVENT_NO_SEAT) {
                return refuse(err, err_cap, "table %d seat %d is empty: a table has %d seats", t + 1, k + 1, p);
            } else {
                char where[40];
                snprintf(where, sizeof where, "table %d seat %d", t + 1, k + 1);
                if (!place(state, e, where, err, err_cap))
                    return false;
                entrants++;
            }
        }
        if (entrants == 0)
            return refuse(err, err_cap, "table %d has bots alone", t + 1);
    }
    for (int i = 0; i < byes; i++) {
        char where[24];
        snprintf(where, sizeof where, "bye %d", i + 1);
        if (!place(state, s->bye[i], where, err, err_cap))
            return false;
    }
    for (int i = 0; i < in->n; i++)
        if (state[in->ids[i]] != PLACED)
            return refuse(err, err_cap, "entrant %d is neither seated nor given a bye", in->ids[i]);
    return true;
}
