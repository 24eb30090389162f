/*
 * win_check.c — is a described win possible at all? (ippon_win_check in ippon/score.h)
 *
 * Checks tile counts (at most four of a kind across the hand, melds, winning tile, Norths set
 * aside and every indicator; no kinds the rules lack), red fives, meld shapes and sources,
 * seats, and the flags that only make sense together (ippatsu needs riichi, rinshan needs a
 * kan or kita, tenhou is the dealer's, …). The scorer refuses what this refuses, so a caller
 * gets a reason instead of a meaningless score.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/score.h"
#include "ippon/tile.h"

static int fail(char *why, int cap, int err, const char *fmt, ...)
{
    if (why && cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, (size_t)cap, fmt, ap);
        va_end(ap);
    }
    return err;
}

#define FAIL(err, ...) return fail(why, why_cap, err, __VA_ARGS__)

/* whether any of 34 counts is above 4, eight bytes at a time (a byte + 123 sets bit 7 iff > 4) */
static bool any_over_four(const uint8_t c[IPPON_KINDS])
{
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t w[4], over = 0;
    memcpy(w, c, 32);
    for (int i = 0; i < 4; i++)
        over |= (w[i] + 123 * ones) | w[i];
    return (over & 0x80 * ones) || c[32] > 4 || c[33] > 4;
}

/* a kind in short notation, e.g. "5m" or "4z", for messages */
struct kind_text { char s[4]; };
static struct kind_text kind_name(int k)
{
    struct kind_text t = { "?" };
    ippon_code code = (ippon_code)k;
    if (k >= 0 && k < IPPON_KINDS)
        ippon_notation_format(&code, 1, t.s, sizeof t.s);
    return t;
}

static int check_meld(const ippon_rules *rules, const ippon_win *win, int i, char *why, int why_cap)
{
    const ippon_meld *m = &win->melds[i];
    int players = rules->players;
    if (m->type > IPPON_MELD_KAKAN)
        FAIL(IPPON_EINVAL, "meld %d: unknown type", i);
    if (m->kind >= IPPON_KINDS || !ippon_rules_has_kind(rules, m->kind))
        FAIL(IPPON_EINVAL, "meld %d: %s does not exist in %s", i, kind_name(m->kind).s, rules->name);
    if (m->type == IPPON_MELD_ANKAN) {
        if (m->from != -1)
            FAIL(IPPON_EINVAL, "meld %d: an ankan has no source", i);
        return IPPON_OK;
    }
    if (m->from < 0 || m->from >= players || m->from == win->seat)
        FAIL(IPPON_EINVAL, "meld %d: source seat %d is not another player", i, m->from);
    if (m->type == IPPON_MELD_CHI) {
        if (!rules->chi)
            FAIL(IPPON_EILLEGAL, "meld %d: no chi in %s", i, rules->name);
        if (m->kind >= 27 || m->kind % 9 > 6 || !ippon_rules_has_kind(rules, m->kind + 2))
            FAIL(IPPON_EINVAL, "meld %d: a chi must be a run of one suit", i);
        if (m->from != (win->seat + players - 1) % players)
            FAIL(IPPON_EILLEGAL, "meld %d: a chi comes only from the player on the left", i);
        if (m->called < m->kind || m->called > m->kind + 2)
            FAIL(IPPON_EINVAL, "meld %d: the called tile is not in the chi", i);
    } else if (m->called != m->kind) {
        FAIL(IPPON_EINVAL, "meld %d: the called tile is not the set's kind", i);
    }
    return IPPON_OK;
}

static int check_tiles(const ippon_rules *rules, const ippon_win *win, char *why, int why_cap)
{
    uint8_t seen[IPPON_KINDS];
    int concealed = 0;
    if (any_over_four(win->hand))
        for (int k = 0; k < IPPON_KINDS; k++)
            if (win->hand[k] > 4)
                FAIL(IPPON_EINVAL, "hand: more than 4 of %s", kind_name(k).s);
    memcpy(seen, win->hand, IPPON_KINDS);
    for (int k = 0; k < IPPON_KINDS; k++)
        concealed += win->hand[k];
    for (int k = IPPON_1M + 1; rules->man_terminals_only && k < IPPON_9M; k++)
        if (win->hand[k])
            FAIL(IPPON_EINVAL, "hand: %s does not exist in %s", kind_name(k).s, rules->name);
    if (concealed != 13 - 3 * win->n_melds)
        FAIL(IPPON_EINVAL, "hand: %d concealed tiles, %d melds need %d", concealed, win->n_melds,
             13 - 3 * win->n_melds);
    seen[win->win]++;
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        if (m->type == IPPON_MELD_CHI)
            seen[m->kind]++, seen[m->kind + 1]++, seen[m->kind + 2]++;
        else
            seen[m->kind] += ippon_meld_is_kan(m) ? 4 : 3;
    }
    seen[IPPON_NORTH] += win->kita;
    int held_fives[3] = { seen[IPPON_5M], seen[IPPON_5P], seen[IPPON_5S] }; /* before the indicators */
    for (int i = 0; i < win->n_dora; i++)
        seen[win->dora[i]]++;
    for (int i = 0; i < win->n_ura; i++)
        seen[win->ura[i]]++;
    for (int k = 0; any_over_four(seen) && k < IPPON_KINDS; k++)
        if (seen[k] > 4)
            FAIL(IPPON_EILLEGAL, "tiles: %d copies of %s in hand, melds, win, kita and indicators (at most 4)",
                 seen[k], kind_name(k).s);
    for (int s = 0; s < 3; s++) {
        int fives = held_fives[s];
        if (win->red[s] > rules->red_fives[s])
            FAIL(IPPON_EILLEGAL, "red: %d red 5%c, the rules have %d", win->red[s], "mps"[s],
                 rules->red_fives[s]);
        if (win->red[s] > fives)
            FAIL(IPPON_EILLEGAL, "red: more red 5%c than 5%c held", "mps"[s], "mps"[s]);
        if (rules->red_fives[s] && fives == 4 && win->red[s] == 0)
            FAIL(IPPON_EILLEGAL, "red: all four 5%c are held, so one is red", "mps"[s]);
    }
    return IPPON_OK;
}

static int check_flags(const ippon_rules *rules, const ippon_win *win, char *why, int why_cap)
{
    bool open = false, own_kan = false;
    for (int i = 0; i < win->n_melds; i++) {
        open |= ippon_meld_is_open(&win->melds[i]);
        own_kan |= ippon_meld_is_kan(&win->melds[i]);
    }
    bool riichi = win->riichi || win->double_riichi;
    if (win->riichi && win->double_riichi)
        FAIL(IPPON_EILLEGAL, "riichi and double riichi together");
    if (riichi && open)
        FAIL(IPPON_EILLEGAL, "riichi with an open hand");
    if (win->ippatsu && !riichi)
        FAIL(IPPON_EILLEGAL, "ippatsu without riichi");
    if (win->haitei && !win->tsumo)
        FAIL(IPPON_EILLEGAL, "haitei needs a tsumo");
    if (win->houtei && win->tsumo)
        FAIL(IPPON_EILLEGAL, "houtei needs a ron");
    if (win->rinshan) {
        if (!win->tsumo)
            FAIL(IPPON_EILLEGAL, "rinshan needs a tsumo");
        if (!own_kan && !(rules->kita && win->kita > 0))
            FAIL(IPPON_EILLEGAL, "rinshan needs an own kan%s", rules->kita ? " or kita" : "");
        if (win->haitei || win->ippatsu)
            FAIL(IPPON_EILLEGAL, "rinshan excludes haitei and ippatsu");
    }
    if (win->chankan) {
        if (win->tsumo)
            FAIL(IPPON_EILLEGAL, "chankan needs a ron");
        if (win->houtei)
            FAIL(IPPON_EILLEGAL, "chankan excludes houtei");
    }
    if (win->tenhou || win->chiihou) {
        if (win->tenhou && win->chiihou)
            FAIL(IPPON_EILLEGAL, "tenhou and chiihou together");
        if (win->tenhou != (win->seat == 0))
            FAIL(IPPON_EILLEGAL, "tenhou is the dealer's, chiihou a non-dealer's");
        if (!win->tsumo || win->n_melds || win->kita || riichi || win->ippatsu || win->haitei || win->rinshan)
            FAIL(IPPON_EILLEGAL, "tenhou/chiihou: a tsumo on the first draw, nothing before it");
    }
    if (win->n_dora < 1 || win->n_dora > 5)
        FAIL(IPPON_EINVAL, "dora: 1 to 5 indicators");
    if (riichi ? win->n_ura != win->n_dora : win->n_ura != 0)
        FAIL(IPPON_EINVAL, "ura: as many as dora with riichi, none without");
    if (win->kita && !rules->kita)
        FAIL(IPPON_EILLEGAL, "kita: not in %s", rules->name);
    if (win->kita > 4)
        FAIL(IPPON_EINVAL, "kita: 0 to 4");
    if (win->honba < 0 || win->riichi_sticks < 0)
        FAIL(IPPON_EINVAL, "honba and riichi sticks cannot be negative");
    return IPPON_OK;
}

int ippon_win_check(const ippon_rules *rules, const ippon_win *win, char *why, int why_cap)
{
    if (!rules || !win)
        FAIL(IPPON_EINVAL, "no rules or no win");
    if (win->seat >= rules->players || win->round_wind >= rules->players)
        FAIL(IPPON_EINVAL, "seat and round wind must be 0..%d", rules->players - 1);
    if (!win->tsumo && (win->from < 0 || win->from >= rules->players || win->from == win->seat))
        FAIL(IPPON_EINVAL, "from: a ron needs another player as discarder");
    if (win->win >= IPPON_KINDS || !ippon_rules_has_kind(rules, win->win))
        FAIL(IPPON_EINVAL, "win: %s does not exist in %s", kind_name(win->win).s, rules->name);
    if (win->n_melds > 4)
        FAIL(IPPON_EINVAL, "melds: at most 4");
    for (int i = 0; i < win->n_dora; i++)
        if (win->dora[i] >= IPPON_KINDS || !ippon_rules_has_kind(rules, win->dora[i]))
            FAIL(IPPON_EINVAL, "dora: indicator kind does not exist in %s", rules->name);
    for (int i = 0; i < win->n_ura; i++)
        if (win->ura[i] >= IPPON_KINDS || !ippon_rules_has_kind(rules, win->ura[i]))
            FAIL(IPPON_EINVAL, "ura: indicator kind does not exist in %s", rules->name);
    if (win->n_dora > 5 || win->n_ura > 5)
        FAIL(IPPON_EINVAL, "dora: 1 to 5 indicators");
    for (int i = 0; i < win->n_melds; i++) {
        int err = check_meld(rules, win, i, why, why_cap);
        if (err < 0)
            return err;
    }
    int err = check_tiles(rules, win, why, why_cap);
    if (err < 0)
        return err;
    err = check_flags(rules, win, why, why_cap);
    if (err < 0)
        return err;
    if (win->chankan) {
        const uint8_t k = win->win;
        bool elsewhere = win->hand[k] > 0;
        for (int i = 0; i < win->n_melds; i++) {
            const ippon_meld *m = &win->melds[i];
            elsewhere |= m->type == IPPON_MELD_CHI ? (k >= m->kind && k <= m->kind + 2) : m->kind == k;
        }
        for (int i = 0; i < win->n_dora; i++)
            elsewhere |= win->dora[i] == k;
        for (int i = 0; i < win->n_ura; i++)
            elsewhere |= win->ura[i] == k;
        if (elsewhere)
            FAIL(IPPON_EILLEGAL, "chankan: the robbed tile's kind is already visible elsewhere");
    }
    return IPPON_OK;
}
