/*
 * load_play.c — the shanten player of the load generator (load_play.h).
 */
#include "load_play.h"

#include <string.h>

#include "ippon/shanten.h"

int ippon_load_tile_kind(const char *s, int len)
{
    if (len != 2 || s[0] < '0' || s[0] > '9')
        return -1;
    int d = s[0] - '0';
    switch (s[1]) {
    case 'm': return d == 0 ? IPPON_5M : d - 1 + IPPON_1M;
    case 'p': return d == 0 ? IPPON_5P : d - 1 + IPPON_1P;
    case 's': return d == 0 ? IPPON_5S : d - 1 + IPPON_1S;
    case 'z': return d >= 1 && d <= 7 ? d - 1 + IPPON_EAST : -1;
    default: return -1;
    }
}

void ippon_load_hand_clear(ippon_load_hand *h)
{
    memset(h, 0, sizeof *h);
    h->known = true;
}

void ippon_load_hand_add(ippon_load_hand *h, int kind)
{
    if (kind < 0 || kind >= IPPON_KINDS || h->counts[kind] >= 4 || h->n >= 14) {
        h->known = false;
        return;
    }
    h->counts[kind]++;
    h->n++;
}

void ippon_load_hand_remove(ippon_load_hand *h, int kind)
{
    if (kind < 0 || kind >= IPPON_KINDS || h->counts[kind] == 0) {
        h->known = false;
        return;
    }
    h->counts[kind]--;
    h->n--;
}

static int find_type(const char *const *types, int n, const char *type)
{
    for (int i = 0; i < n; i++)
        if (types[i] && !strcmp(types[i], type))
            return i;
    return -1;
}

static int popcount64(uint64_t x)
{
    int c = 0;
    for (; x; x &= x - 1)
        c++;
    return c;
}

int ippon_load_choose(const ippon_load_hand *h, const ippon_rules *rules, const char *const *types,
                      const int *kinds, const bool *red, int n)
{
    static const char *const first[] = { "tsumo", "ron", "riichi", "kita" };
    for (size_t k = 0; k < sizeof first / sizeof first[0]; k++) {
        int i = find_type(types, n, first[k]);
        if (i >= 0)
            return i;
    }
    int pass = find_type(types, n, "pass");
    if (pass >= 0)
        return pass; /* an offer to call: stay closed */
    if (find_type(types, n, "discard") < 0 || !h->known || h->n % 3 != 2)
        return 0;
    int8_t after[IPPON_KINDS];
    if (ippon_shanten_discards(h->counts, (14 - h->n) / 3, rules, after) != 0)
        return 0;
    int best = -1, best_sh = 0, best_uke = -1;
    for (int i = 0; i < n; i++) {
        int k = kinds[i];
        if (!types[i] || strcmp(types[i], "discard") != 0 || k < 0 || after[k] == IPPON_SHANTEN_NONE)
            continue;
        if (best >= 0 && after[k] > best_sh)
            continue;
        int uke = -1;
        if (best < 0 || after[k] < best_sh || kinds[best] != k) {
            uint8_t c[IPPON_KINDS];
            memcpy(c, h->counts, sizeof c);
            c[k]--;
            uke = popcount64(ippon_ukeire_known(c, (14 - h->n) / 3, rules, after[k]));
        } else {
            uke = best_uke; /* the same kind again (a red and a plain five): keep the red */
            if (red[best] && !red[i]) {
                best = i;
            }
            continue;
        }
        if (best < 0 || after[k] < best_sh || uke > best_uke) {
            best = i;
            best_sh = after[k];
            best_uke = uke;
        }
    }
    return best >= 0 ? best : 0;
}
