/*
 * wall_script.c — a wall laid out from a script of deals, draws and indicators
 * (ippon_wall_from_script in ippon/wall.h), for scenario tests and for replaying recorded games.
 */
#include <assert.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/wall.h"

enum { EMPTY = 255 };

struct placer {
    const ippon_rules *rules;
    bool used[IPPON_TILE_IDS];
};

/* a free tile id for a code, or a negative error */
static int take(struct placer *p, int code)
{
    if (code < 0 || code >= IPPON_CODES)
        return IPPON_EINVAL;
    int kind = ippon_code_kind(code);
    if (!ippon_rules_has_kind(p->rules, kind))
        return IPPON_EINVAL;
    bool five = kind < 27 && kind % 9 == 4;
    bool red_exists = five && p->rules->red_fives[kind / 9];
    if (ippon_code_is_red(code)) {
        if (!red_exists)
            return IPPON_EINVAL;
        if (p->used[kind * 4])
            return IPPON_ERANGE;
        p->used[kind * 4] = true;
        return kind * 4;
    }
    for (int copy = red_exists ? 1 : 0; copy < 4; copy++)
        if (!p->used[kind * 4 + copy]) {
            p->used[kind * 4 + copy] = true;
            return kind * 4 + copy;
        }
    return IPPON_ERANGE;
}

static int place(struct placer *p, ippon_tile *wall, int pos, int code)
{
    int id = take(p, code);
    if (id < 0)
        return id;
    if (wall[pos] != EMPTY)
        return IPPON_ERANGE;
    wall[pos] = (ippon_tile)id;
    return IPPON_OK;
}

int ippon_wall_from_script(const ippon_rules *rules, const ippon_wall_script *sc, ippon_tile *wall)
{
    assert(rules && sc && wall);
    struct placer p = { .rules = rules };
    int n = ippon_rules_wall_tiles(rules);
    int players = rules->players;
    memset(wall, EMPTY, (size_t)n);
    int err = IPPON_OK;
    for (int w = 0; w < players && err == IPPON_OK; w++)
        for (int i = 0; sc->deal[w] && i < 13 && err == IPPON_OK; i++)
            err = place(&p, wall, 13 * w + i, sc->deal[w][i]);
    int first_draw = 13 * players, live_end = n - rules->dead_wall;
    if (sc->n_draws > live_end - first_draw || sc->n_replacements > rules->replacement_tiles || sc->n_dora > 5 ||
        sc->n_ura > 5)
        return IPPON_ERANGE;
    for (int i = 0; i < sc->n_draws && err == IPPON_OK; i++)
        err = place(&p, wall, first_draw + i, sc->draws[i]);
    for (int i = 0; i < sc->n_replacements && err == IPPON_OK; i++)
        err = place(&p, wall, n - 1 - i, sc->replacements[i]);
    for (int i = 0; i < sc->n_dora && err == IPPON_OK; i++)
        err = place(&p, wall, n - 9 - 2 * i, sc->dora[i]);
    for (int i = 0; i < sc->n_ura && err == IPPON_OK; i++)
        err = place(&p, wall, n - 10 - 2 * i, sc->ura[i]);
    if (err != IPPON_OK)
        return err;
    int next = 0;
    for (int pos = 0; pos < n; pos++) {
        if (wall[pos] != EMPTY)
            continue;
        while (p.used[next] || !ippon_rules_has_kind(rules, ippon_tile_kind((ippon_tile)next)))
            next++;
        p.used[next] = true;
        wall[pos] = (ippon_tile)next;
    }
    return n;
}
