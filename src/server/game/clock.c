/*
 * clock.c — the per-decision time and the time bank (clock.h).
 */
#include "game/clock.h"

void ippon_clock_init(ippon_clock *c, const ippon_clock_rules *rules)
{
    c->rules = *rules;
    for (int s = 0; s < 4; s++) {
        c->bank[s] = rules->bank_ms;
        c->started[s] = -1;
    }
}

void ippon_clock_start(ippon_clock *c, int seat, int64_t now) { c->started[seat] = now; }

bool ippon_clock_running(const ippon_clock *c, int seat) { return c->started[seat] >= 0; }

void ippon_clock_resume(ippon_clock *c, int seat, int64_t now)
{
    if (c->started[seat] >= 0)
        c->started[seat] = now + c->rules.grace_ms;
}

int64_t ippon_clock_deadline(const ippon_clock *c, int seat)
{
    return c->started[seat] + c->rules.move_ms + c->bank[seat] + c->rules.grace_ms;
}

void ippon_clock_stop(ippon_clock *c, int seat, int64_t now)
{
    if (c->started[seat] < 0)
        return;
    int64_t over = now - c->started[seat] - c->rules.move_ms;
    if (over > 0)
        c->bank[seat] = over >= c->bank[seat] ? 0 : c->bank[seat] - over;
    c->started[seat] = -1;
}

void ippon_clock_left(const ippon_clock *c, int seat, int64_t now, int64_t *move_left, int64_t *bank_left)
{
    if (c->started[seat] < 0) {
        *move_left = c->rules.move_ms;
        *bank_left = c->bank[seat];
        return;
    }
    int64_t used = now - c->started[seat];
    if (used < 0)
        used = 0;
    *move_left = used < c->rules.move_ms ? c->rules.move_ms - used : 0;
    int64_t over = used - c->rules.move_ms;
    *bank_left = over <= 0 ? c->bank[seat] : over >= c->bank[seat] ? 0 : c->bank[seat] - over;
}

void ippon_clock_refill(ippon_clock *c)
{
    for (int s = 0; s < 4; s++) {
        c->bank[s] += c->rules.refill_ms;
        if (c->bank[s] > c->rules.bank_ms)
            c->bank[s] = c->rules.bank_ms;
    }
}
