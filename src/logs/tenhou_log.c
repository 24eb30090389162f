/*
 * tenhou_log.c — walking a tenhou.net/6 hand's columns in play order (tenhou_log.h).
 *
 * Each seat has a draw column (tiles drawn, and call strings such as "c272628", "46p4646",
 * "272727m27": the letter's position says which seat the tile came from) and a discard column
 * (tiles, 60 = tsumogiri, "r35" riichi, "434343a43" ankan, "3333k3333" kakan, "f44" kita,
 * 0 after a daiminkan). The dealer moves first; a turn takes the seat's next draw and next
 * discard; after a discard, a pon/kan of exactly that tile from that discarder at the head of
 * another seat's draw column (or else a chi at the head of the next seat's) takes the turn
 * without a draw; an ankan, kakan, daiminkan or kita is followed by a replacement draw.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/wall.h"
#include "ippon/tenhou_log.h"

struct walker {
    const json_t *draws[4], *discards[4];
    size_t draw_at[4], discard_at[4];
    tenhou_hand *h;
    long *budget;           /* loop turns left for the whole walk, backtracking included */
    char *err;
    size_t err_cap;
};

static int fail(struct walker *w, const char *msg, int seat)
{
    snprintf(w->err, w->err_cap, "%s (seat %d)", msg, seat);
    return -1;
}

static int code_of(json_int_t t)
{
    return ippon_code_from_tenhou((int)t);
}

/* a call or kan string: its tile codes in order, the letter and where it stands (in tiles) */
struct meld_text {
    char letter;
    int letter_at;
    int n;
    int codes[4];
};

static bool parse_meld_text(const char *s, struct meld_text *mt)
{
    memset(mt, 0, sizeof *mt);
    mt->letter_at = -1;
    for (size_t i = 0; s[i];) {
        if (s[i] >= 'a' && s[i] <= 'z') {
            if (mt->letter_at >= 0)
                return false;
            mt->letter = s[i];
            mt->letter_at = mt->n;
            i++;
            continue;
        }
        if (!(s[i] >= '0' && s[i] <= '9') || !(s[i + 1] >= '0' && s[i + 1] <= '9') || mt->n == 4)
            return false;
        int c = code_of((s[i] - '0') * 10 + (s[i + 1] - '0'));
        if (c < 0)
            return false;
        mt->codes[mt->n++] = c;
        i += 2;
    }
    return mt->letter_at >= 0;
}

static tenhou_step *push(struct walker *w, int type, int seat)
{
    tenhou_hand *h = w->h;
    if (h->n_steps >= TENHOU_MAX_STEPS)
        return NULL;
    tenhou_step *st = &h->steps[h->n_steps++];
    memset(st, 0, sizeof *st);
    st->type = (unsigned char)type;
    st->seat = (signed char)seat;
    st->from = -1;
    return st;
}

/* the call at the head of `seat`'s draw column, if it takes `code` discarded by `from` */
static bool call_at_head(struct walker *w, int seat, int from, int code, bool chi_only, struct meld_text *mt)
{
    const json_t *col = w->draws[seat];
    if (w->draw_at[seat] >= json_array_size(col))
        return false;
    const char *s = json_string_value(json_array_get(col, w->draw_at[seat]));
    if (!s || !parse_meld_text(s, mt) || mt->letter_at >= mt->n)
        return false;
    if (chi_only != (mt->letter == 'c'))
        return false;
    if (mt->codes[mt->letter_at] != code)
        return false;
    /* the letter's position: 0 = from the left, 1 = across, 2 (3 for kans) = from the right */
    int slot = mt->letter_at == 0 ? 3 : mt->letter_at == 1 ? 2 : 1;
    return (seat + slot) % 4 == from;
}

static int take_call(struct walker *w, int seat, int from, const struct meld_text *mt)
{
    int type = mt->letter == 'c' ? TENHOU_CHI : mt->letter == 'p' ? TENHOU_PON : TENHOU_DAIMINKAN;
    tenhou_step *st = push(w, type, seat);
    if (!st || (mt->letter != 'c' && mt->letter != 'p' && mt->letter != 'm'))
        return fail(w, "bad call string", seat);
    st->from = (signed char)from;
    st->tile = (ippon_code)mt->codes[mt->letter_at];
    int k = 0;
    for (int i = 0; i < mt->n; i++)
        if (i != mt->letter_at)
            st->with[k++] = (ippon_code)mt->codes[i];
    w->draw_at[seat]++;
    return 0;
}

/* the next discard (or kan/kita) entry of `seat`; returns 1 when the column is used up */
static int discard_entry(struct walker *w, int seat, int drawn, bool *replacement_next, int *discarded)
{
    const json_t *col = w->discards[seat];
    *replacement_next = false;
    *discarded = -1;
    if (w->discard_at[seat] >= json_array_size(col))
        return 1;
    const json_t *e = json_array_get(col, w->discard_at[seat]++);
    if (json_is_integer(e)) {
        json_int_t t = json_integer_value(e);
        if (t == 0) { /* the placeholder after a daiminkan */
            *replacement_next = true;
            return 0;
        }
        tenhou_step *st = push(w, TENHOU_DISCARD, seat);
        int code = t == 60 ? drawn : code_of(t);
        if (!st || code < 0)
            return fail(w, "bad discard", seat);
        st->tile = (ippon_code)code;
        st->tsumogiri = t == 60;
        *discarded = code;
        return 0;
    }
    const char *s = json_string_value(e);
    if (!s)
        return fail(w, "bad discard entry", seat);
    if (s[0] == 'r') {
        /* "r" and a tile's two digits (60: the tile just drawn) */
        if (!(s[1] >= '0' && s[1] <= '9') || !(s[2] >= '0' && s[2] <= '9') || s[3])
            return fail(w, "bad riichi entry", seat);
        int t = (s[1] - '0') * 10 + (s[2] - '0');
        tenhou_step *st = push(w, TENHOU_DISCARD, seat);
        int code = t == 60 ? drawn : code_of(t);
        if (!st || code < 0)
            return fail(w, "bad riichi discard", seat);
        st->tile = (ippon_code)code;
        st->tsumogiri = t == 60;
        st->riichi = true;
        *discarded = code;
        return 0;
    }
    if (!strcmp(s, "f44")) {
        tenhou_step *st = push(w, TENHOU_KITA, seat);
        if (!st)
            return fail(w, "too many steps", seat);
        st->tile = IPPON_NORTH;
        *replacement_next = true;
        return 0;
    }
    struct meld_text mt;
    if (!parse_meld_text(s, &mt) || (mt.letter != 'a' && mt.letter != 'k') || mt.letter_at >= mt.n)
        return fail(w, "bad kan entry", seat);
    tenhou_step *st = push(w, mt.letter == 'a' ? TENHOU_ANKAN : TENHOU_KAKAN, seat);
    if (!st)
        return fail(w, "too many steps", seat);
    st->tile = (ippon_code)mt.codes[mt.letter_at];
    *replacement_next = true;
    return 0;
}

/* every column read to its end: the walk took the log's own path */
static int used_up(struct walker *w)
{
    for (int s = 0; s < w->h->players; s++)
        if (w->draw_at[s] != json_array_size(w->draws[s]) || w->discard_at[s] != json_array_size(w->discards[s]))
            return fail(w, "columns not used up in play order", s);
    return 0;
}

/*
 * Walks from `seat`'s turn to the end of the hand. When a discarded tile could be the one a
 * later call took (the same tile discarded twice in a row, one of them called), the log does not
 * say which: the call is tried at once first, and if the rest of the log then does not fit, the
 * walk comes back and lets this discard pass.
 */
static int walk(struct walker *w, int seat, bool need_draw, bool replacement, int depth)
{
    tenhou_hand *h = w->h;
    int players = h->players;
    if (depth > 64)
        return fail(w, "too many ambiguous calls", seat);
    for (;;) {
        if (--*w->budget < 0)
            return fail(w, "the columns cannot be put in play order", seat);
        int drawn = -1;
        if (need_draw) {
            const json_t *col = w->draws[seat];
            if (w->draw_at[seat] >= json_array_size(col))
                return used_up(w); /* nothing more to draw: the hand ended on the last discard */
            const json_t *e = json_array_get(col, w->draw_at[seat]++);
            drawn = json_is_integer(e) ? code_of(json_integer_value(e)) : -1;
            tenhou_step *st = push(w, TENHOU_DRAW, seat);
            if (!st || drawn < 0)
                return fail(w, "expected a drawn tile", seat);
            st->tile = (ippon_code)drawn;
            st->replacement = replacement;
        }
        bool replacement_next;
        int discarded;
        int rc = discard_entry(w, seat, drawn, &replacement_next, &discarded);
        if (rc < 0)
            return -1;
        if (rc == 1) {
            h->ends_after_draw = need_draw;
            return used_up(w);
        }
        if (replacement_next) {
            need_draw = true;
            replacement = true;
            continue;
        }
        /* a discard: does anybody call it? */
        struct meld_text mt;
        int caller = -1;
        for (int i = 1; i < players && caller < 0; i++) {
            int s = (seat + i) % players;
            if (call_at_head(w, s, seat, discarded, false, &mt))
                caller = s;
        }
        if (caller < 0 && call_at_head(w, (seat + 1) % players, seat, discarded, true, &mt))
            caller = (seat + 1) % players;
        if (caller >= 0) {
            struct walker saved = *w;
            int saved_steps = h->n_steps;
            if (take_call(w, caller, seat, &mt) == 0 && walk(w, caller, false, false, depth + 1) == 0)
                return 0;
            *w = saved; /* the call belongs to a later discard of the same tile */
            h->n_steps = saved_steps;
        }
        seat = (seat + 1) % players;
        need_draw = true;
        replacement = false;
    }
}

/* an integer lo..hi into *out */
static bool int_in(const json_t *v, long lo, long hi, int *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return false;
    *out = (int)json_integer_value(v);
    return true;
}

static int read_codes(const json_t *arr, ippon_code *out, int max, int *n)
{
    if (!json_is_array(arr) || (int)json_array_size(arr) > max)
        return -1;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *t = json_array_get(arr, i);
        int c = json_is_integer(t) ? code_of(json_integer_value(t)) : -1;
        if (c < 0)
            return -1;
        out[i] = (ippon_code)c;
    }
    *n = (int)json_array_size(arr);
    return 0;
}

int tenhou_hand_read(const json_t *log, int players, tenhou_hand *h, char *err, size_t err_cap)
{
    memset(h, 0, sizeof *h);
    h->players = players;
    if (!json_is_array(log) || json_array_size(log) != 17) {
        snprintf(err, err_cap, "a hand has 17 elements");
        return -1;
    }
    const json_t *head = json_array_get(log, 0), *scores = json_array_get(log, 1);
    if (!json_is_array(head) || json_array_size(head) != 3 || !json_is_array(scores) || json_array_size(scores) < 4) {
        snprintf(err, err_cap, "bad header or scores");
        return -1;
    }
    /* round = 4 x round wind + dealer, any non-negative integer: a single-hand match plays on
       past North 4 (src/core/RULES.md §1), so a log may count the round on past 15; its wind is taken
       modulo the cycle the engine plays (E S W N in 4p, E S W in 3p). Honba, sticks and scores
       within what a game can reach, so the engine's point arithmetic cannot overflow */
    int score;
    if (!int_in(json_array_get(head, 0), 0, INT_MAX, &h->round)) {
        snprintf(err, err_cap, "bad header: the round must be an integer from 0 to %d", INT_MAX);
        return -1;
    }
    if (!int_in(json_array_get(head, 1), 0, 1000, &h->honba) || !int_in(json_array_get(head, 2), 0, 1000, &h->sticks)) {
        snprintf(err, err_cap, "bad header: honba and sticks must be integers 0..1000");
        return -1;
    }
    h->dealer = h->round % 4;
    h->round_wind = (h->round / 4) % players;
    if (h->dealer >= players) {
        snprintf(err, err_cap, "round %d has no dealer among %d players", h->round, players);
        return -1;
    }
    for (int s = 0; s < 4; s++) {
        if (!int_in(json_array_get(scores, (size_t)s), -TENHOU_MAX_SCORE, TENHOU_MAX_SCORE, &score)) {
            snprintf(err, err_cap, "bad scores: integers of at most %d points either way", TENHOU_MAX_SCORE);
            return -1;
        }
        h->scores[s] = score;
    }
    if (read_codes(json_array_get(log, 2), h->dora, 5, &h->n_dora) < 0 ||
        read_codes(json_array_get(log, 3), h->ura, 5, &h->n_ura) < 0) {
        snprintf(err, err_cap, "bad dora or ura indicators");
        return -1;
    }
    long budget = 100000;
    struct walker w = { .h = h, .budget = &budget, .err = err, .err_cap = err_cap };
    for (int s = 0; s < players; s++) {
        int n;
        if (read_codes(json_array_get(log, (size_t)(4 + 3 * s)), h->deal[s], 13, &n) < 0 || n != 13) {
            snprintf(err, err_cap, "seat %d: bad starting hand", s);
            return -1;
        }
        w.draws[s] = json_array_get(log, (size_t)(5 + 3 * s));
        w.discards[s] = json_array_get(log, (size_t)(6 + 3 * s));
        if (!json_is_array(w.draws[s]) || !json_is_array(w.discards[s])) {
            snprintf(err, err_cap, "seat %d: bad columns", s);
            return -1;
        }
    }
    h->result = json_array_get(log, 16);
    return walk(&w, h->dealer, true, false, 0);
}

int tenhou_hand_wall(const tenhou_hand *h, const ippon_rules *rules, ippon_tile *wall)
{
    ippon_code draws[160], repl[8];
    int n_draws = 0, n_repl = 0;
    for (int i = 0; i < h->n_steps; i++) {
        const tenhou_step *st = &h->steps[i];
        if (st->type != TENHOU_DRAW)
            continue;
        if (st->replacement) {
            if (n_repl == 8)
                return IPPON_ERANGE;
            repl[n_repl++] = st->tile;
        } else {
            if (n_draws == 160)
                return IPPON_ERANGE;
            draws[n_draws++] = st->tile;
        }
    }
    ippon_wall_script sc = { .draws = draws, .n_draws = n_draws, .replacements = repl, .n_replacements = n_repl,
                             .dora = h->dora, .n_dora = h->n_dora, .ura = h->ura, .n_ura = h->n_ura };
    for (int w = 0; w < h->players; w++)
        sc.deal[w] = h->deal[(h->dealer + w) % h->players];
    return ippon_wall_from_script(rules, &sc, wall);
}

bool tenhou_game_is_sanma(const json_t *game)
{
    const char *disp = json_string_value(json_object_get(json_object_get(game, "rule"), "disp"));
    if (disp && strstr(disp, "三"))
        return true;
    const json_t *log = json_object_get(game, "log");
    const json_t *first = json_array_get(log, 0);
    const json_t *scores = json_array_get(first, 1);
    const json_t *north = json_array_get(first, 13);
    return json_integer_value(json_array_get(scores, 3)) == 0 && json_is_array(north) && json_array_size(north) == 0;
}
