/*
 * win_check.c — is a described win possible at all? (ippon_win_check in ippon/score.h)
 *
 * Checks tile counts (at most four of a kind across the hand, melds, winning tile, Norths set
 * aside and every indicator; no kinds the rules lack), red fives, meld shapes and sources,
 * seats, and the flags that only make sense together (ippatsu needs riichi, rinshan needs a
 * kan or kita, tenhou is the dealer's, …). The scorer refuses what this refuses, so a caller
 * gets a reason instead of a meaningless score.
 *
 * Scoring checks every win, so the check has two halves: win_possible, a branch-light test of
 * every condition at once that says only yes or no, and the ordered checks below it, which run
 * only when that test says no and find the first problem and its reason. A mistake in the fast
 * half that refused a possible win would only cost time; it accepts nothing the ordered checks
 * refuse.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/score.h"
#include "ippon/tile.h"
#include "counts_internal.h"

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

static bool any_over_four(const uint8_t c[IPPON_KINDS]) { return counts_any_over_four(c); }

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

/* ---- the fast half: every condition below, tested at once ------------------------------------ */

enum { ALL_KINDS = 34 };
#define KINDS_MASK ((1ull << ALL_KINDS) - 1)

/* the kinds that exist under the rules, as a 34-bit mask */
static uint64_t kinds_of(const ippon_rules *rules)
{
    return rules->man_terminals_only ? KINDS_MASK & ~0xFEull : KINDS_MASK;
}

static bool melds_possible(const ippon_rules *rules, const ippon_win *win, uint64_t kinds, bool *open,
                           bool *own_kan)
{
    int players = rules->players, left = win->seat == 0 ? players - 1 : win->seat - 1; /* seat < players */
    bool bad = false;
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        if (m->type > IPPON_MELD_KAKAN || m->kind >= ALL_KINDS || !(kinds >> m->kind & 1))
            return false;
        *open |= m->type != IPPON_MELD_ANKAN;
        *own_kan |= m->type >= IPPON_MELD_DAIMINKAN;
        if (m->type == IPPON_MELD_ANKAN) {
            bad |= m->from != -1;
            continue;
        }
        bad |= m->from < 0 || m->from >= players || m->from == win->seat;
        if (m->type == IPPON_MELD_CHI)
            bad |= !rules->chi || m->kind >= 27 || m->kind % 9 > 6 || !(kinds >> (m->kind + 2) & 1) ||
                   m->from != left || m->called < m->kind || m->called > m->kind + 2;
        else
            bad |= m->called != m->kind;
    }
    return !bad;
}

static bool tiles_possible(const ippon_rules *rules, const ippon_win *win, uint64_t kinds)
{
    if (counts_any_over_four(win->hand) || (counts_present(win->hand) & ~kinds) ||
        counts_sum(win->hand) != 13 - 3 * win->n_melds)
        return false;
    /* the hand holds at most four of a kind, so only the kinds the other tiles add to can go over:
       those are tested one by one (reading the bytes back as words would wait for their stores) */
    uint8_t seen[ALL_KINDS];
    memcpy(seen, win->hand, ALL_KINDS);
    seen[win->win]++;
    bool over = seen[win->win] > 4;
    for (int i = 0; i < win->n_melds; i++) {
        const ippon_meld *m = &win->melds[i];
        if (m->type == IPPON_MELD_CHI) {
            seen[m->kind]++, seen[m->kind + 1]++, seen[m->kind + 2]++;
            over |= (seen[m->kind] > 4) | (seen[m->kind + 1] > 4) | (seen[m->kind + 2] > 4);
        } else {
            seen[m->kind] += m->type >= IPPON_MELD_DAIMINKAN ? 4 : 3;
            over |= seen[m->kind] > 4;
        }
    }
    seen[IPPON_NORTH] += win->kita;
    over |= seen[IPPON_NORTH] > 4;
    bool bad = false;
    for (int s = 0; s < 3; s++) {
        int fives = seen[IPPON_5M + 9 * s], red = win->red[s], rules_red = rules->red_fives[s];
        bad |= (red > rules_red) | (red > fives) | (rules_red && fives == 4 && red == 0);
    }
    for (int i = 0; i < win->n_dora; i++)
        over |= ++seen[win->dora[i]] > 4;
    for (int i = 0; i < win->n_ura; i++)
        over |= ++seen[win->ura[i]] > 4;
    return !bad && !over;
}

static bool flags_possible(const ippon_rules *rules, const ippon_win *win, bool open, bool own_kan)
{
    bool riichi = win->riichi || win->double_riichi, tsumo = win->tsumo;
    bool bad = (win->riichi && win->double_riichi) | (riichi && open) | (win->ippatsu && !riichi) |
               (win->haitei && !tsumo) | (win->houtei && tsumo);
    if (win->rinshan)
        bad |= !tsumo || (!own_kan && !(rules->kita && win->kita > 0)) || win->haitei || win->ippatsu;
    if (win->chankan)
        bad |= tsumo || win->houtei;
    if (win->tenhou || win->chiihou)
        bad |= (win->tenhou && win->chiihou) || win->tenhou != (win->seat == 0) || !tsumo || win->n_melds ||
               win->kita || riichi || win->ippatsu || win->haitei || win->rinshan;
    bad |= (riichi ? win->n_ura != win->n_dora : win->n_ura != 0) | (win->kita && !rules->kita) | (win->kita > 4) |
           (win->honba < 0) | (win->riichi_sticks < 0);
    return !bad;
}

/* the chankan tile's kind shows nowhere else: hand, melds, indicators */
static bool chankan_possible(const ippon_win *win)
{
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
    return !elsewhere;
}

/* yes when the ordered checks below would find nothing */
static bool win_possible(const ippon_rules *rules, const ippon_win *win)
{
    if (!rules || !win)
        return false;
    int players = rules->players;
    if (win->seat >= players || win->round_wind >= players || win->n_melds > 4 || win->n_dora < 1 ||
        win->n_dora > 5 || win->n_ura > 5 || win->win >= ALL_KINDS)
        return false;
    if (!win->tsumo && (win->from < 0 || win->from >= players || win->from == win->seat))
        return false;
    uint64_t kinds = kinds_of(rules), indicators = 0;
    for (int i = 0; i < win->n_dora; i++)
        indicators |= win->dora[i] < ALL_KINDS ? 1ull << win->dora[i] : 1ull << 63;
    for (int i = 0; i < win->n_ura; i++)
        indicators |= win->ura[i] < ALL_KINDS ? 1ull << win->ura[i] : 1ull << 63;
    if (!(kinds >> win->win & 1) || (indicators & ~kinds))
        return false;
    bool open = false, own_kan = false;
    return melds_possible(rules, win, kinds, &open, &own_kan) && tiles_possible(rules, win, kinds) &&
           flags_possible(rules, win, open, own_kan) && (!win->chankan || chankan_possible(win));
}

/* ---- the ordered checks, with their reasons ----------------------------------------------------- */

int ippon_win_check(const ippon_rules *rules, const ippon_win *win, char *why, int why_cap)
{
    if (win_possible(rules, win))
        return IPPON_OK;
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
    if (win->chankan && !chankan_possible(win))
        FAIL(IPPON_EILLEGAL, "chankan: the robbed tile's kind is already visible elsewhere");
    return IPPON_OK;
}
