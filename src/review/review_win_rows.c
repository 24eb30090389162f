/*
 * review_win_rows.c — the data the win-chance model is fitted and checked on (ippon_win_rows): a
 * game replayed through the engine and, at every discard of any seat that leaves its hand tenpai,
 * a CSV row with the model's inputs, the seat's riichi and the model's chance; the rows of a hand
 * wait for its end, whose result gives the labels: did that seat win the hand, and by tsumo.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ippon/shanten.h"
#include "review_internal.h"

struct win_row {
    int seat;
    review_win_inputs in;
    bool riichi;
};

struct rows {
    const char *game_id;
    const ippon_rules *rules;
    int hand;
    struct win_row *row;
    int n, cap;
    FILE *out;
};

static void start_hand(void *ctx, int hand)
{
    struct rows *r = ctx;
    r->hand = hand;
    r->n = 0;
}

static int observe(void *ctx, const ippon_match *m, const tenhou_step *st)
{
    struct rows *r = ctx;
    if (st->type != TENHOU_DISCARD)
        return 0;
    ippon_view v;
    ippon_match_view(m, st->seat, &v);
    ippon_review_position pos;
    if (ippon_review_position_from_view(&v, r->rules, &pos) < 0)
        return 0;
    int kind = ippon_code_kind(st->tile);
    uint8_t left[IPPON_KINDS];
    for (int k = 0; k < IPPON_KINDS; k++)
        left[k] = pos.concealed[k];
    if (!left[kind])
        return 0;
    left[kind]--;
    uint64_t waits = ippon_waits(left, pos.melds, r->rules);
    if (!waits)
        return 0;
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        struct win_row *more = realloc(r->row, (size_t)cap * sizeof *more);
        if (!more)
            return -1;
        r->row = more;
        r->cap = cap;
    }
    struct win_row *w = &r->row[r->n++];
    w->seat = st->seat;
    w->riichi = v.seats[st->seat].riichi || st->riichi;
    review_win_inputs_of(&v, pos.unseen, kind, waits, &w->in);
    return 0;
}

/* the hand's result names its winners: each row's label is whether its seat is one */
static int end_hand(void *ctx, const json_t *result)
{
    struct rows *r = ctx;
    bool won[IPPON_MAX_PLAYERS] = { false }, tsumo[IPPON_MAX_PLAYERS] = { false };
    const json_t *wins = json_object_get(result, "wins");
    for (size_t i = 0; i < json_array_size(wins); i++) {
        const json_t *win = json_array_get(wins, i);
        json_int_t who = json_integer_value(json_object_get(win, "who"));
        if (who >= 0 && who < IPPON_MAX_PLAYERS) {
            won[who] = true;
            tsumo[who] = json_integer_value(json_object_get(win, "from")) == who;
        }
    }
    for (int i = 0; i < r->n; i++) {
        const struct win_row *w = &r->row[i];
        fprintf(r->out, "%s,%d,%d,%d,%d,%d,%d,%d,%d,%.6f,%d,%d\n", r->game_id, r->hand, w->seat, w->in.waits_unseen,
                w->in.unseen, w->in.own_draws, w->in.other_draws, w->in.furiten, w->riichi,
                review_win_chance(&w->in, w->riichi), won[w->seat], tsumo[w->seat]);
    }
    r->n = 0;
    return 0;
}

int ippon_win_rows(const json_t *game, const char *game_id, const ippon_rules *rules, bool header, FILE *out,
                   char *err, size_t err_cap)
{
    if (header)
        fputs("game,hand,seat,waits_unseen,unseen,own_draws,other_draws,furiten,riichi,p,label,tsumo\n", out);
    if (review_game_players(game, rules, err, err_cap) < 0)
        return -1;
    struct rows r = { .game_id = game_id, .rules = rules, .out = out };
    review_walker wk = { .observe = observe, .start_hand = start_hand, .end_hand = end_hand, .ctx = &r };
    int hands = 0;
    int rc = review_game_replay(game, rules, &wk, &hands, err, err_cap);
    free(r.row);
    return rc;
}
