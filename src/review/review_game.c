/*
 * review_game.c — the decisions of one seat through a whole tenhou.net/6 game
 * (ippon_review_game): each hand is replayed through the engine (tenhou_replay.h) and, just
 * before each discard of the seat, its view gives the position whose options are kept, with the
 * value of each tenpai option (review_value.c) and the danger of each against the opponents in
 * riichi (review_danger.c); the other decisions come from
 * review_moves.c through both of the replay's observers, and each decision's mark from
 * review_marks.c once the game is walked. The replay of a game's hands with observers is shared
 * with the danger rows (review_danger_rows.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/tenhou_replay.h"
#include "review_internal.h"

struct walk {
    ippon_review *r;
    const ippon_rules *rules;
    int hand, turn;
    ippon_danger_watch watch;
    char *err;
    size_t err_cap;
    review_pending pending;
};

static int moves_failed(struct walk *w)
{
    snprintf(w->err, w->err_cap, "log[%d]: seat %d: out of memory, or more than four copies of a kind seen",
             w->hand, w->r->seat);
    return -1;
}

/* the observer of the replay's turns: the decisions beyond discards (review_moves.c), then a
   discard of the reviewed seat becomes a decision */
static int observe(void *ctx, const ippon_match *m, const tenhou_step *st)
{
    struct walk *w = ctx;
    ippon_view v;
    ippon_match_view(m, st->seat, &v);
    ippon_danger_watch_see(&w->watch, &v);
    if (review_turn_moves(w->r, w->rules, w->hand, w->turn, m, st, &w->pending) < 0)
        return moves_failed(w);
    if (st->type != TENHOU_DISCARD || st->seat != w->r->seat)
        return 0;
    w->turn++;
    ippon_review_position pos;
    if (ippon_review_position_from_view(&v, w->rules, &pos) < 0) {
        snprintf(w->err, w->err_cap, "log[%d]: seat %d's discard %d: the engine shows no turn with 3n+2 tiles",
                 w->hand, st->seat, w->turn);
        return -1;
    }
    if (__builtin_popcountll(pos.legal) < 2)
        return 0; /* forced (a discard in riichi): no decision */
    ippon_review_decision *d = review_push(w->r);
    if (!d) {
        snprintf(w->err, w->err_cap, "out of memory");
        return -1;
    }
    d->hand = w->hand;
    d->turn = w->turn;
    d->pos = pos;
    d->n_held = v.n_hand;
    for (int i = 0; i < v.n_hand; i++)
        d->held[i] = (ippon_code)ippon_tile_code(v.hand[i], w->rules->red_fives);
    d->chosen = st->tile;
    d->riichi = st->riichi;
    d->tsumogiri = st->tsumogiri;
    int n = ippon_review_options(&pos, w->rules, d->options);
    int chosen_kind = ippon_code_kind(st->tile), found = 0;
    for (int i = 0; i < n; i++)
        found |= d->options[i].kind == chosen_kind;
    if (n < 0 || !found) {
        snprintf(w->err, w->err_cap, "log[%d]: seat %d's discard %d: %s", w->hand, st->seat, w->turn,
                 n < 0 ? "the hand has no options" : "the discarded tile is not among the legal discards");
        return -1;
    }
    d->n_options = (uint8_t)n;
    review_value_of(&v, w->rules, d);
    review_danger_of(&v, &w->watch, w->rules, d);
    return 0;
}

/* the observer of the answers to offers and of a tsumo that ends the log */
static int observe_answer(void *ctx, const ippon_match *m, const ippon_action *a)
{
    struct walk *w = ctx;
    return review_answer_moves(w->r, w->rules, w->hand, w->turn, m, a, &w->pending) < 0 ? moves_failed(w) : 0;
}

int review_game_players(const json_t *game, const ippon_rules *rules, char *err, size_t err_cap)
{
    if (!json_is_array(json_object_get(game, "log"))) {
        snprintf(err, err_cap, "the game has no \"log\" array");
        return -1;
    }
    int players = tenhou_game_is_sanma(game) ? 3 : 4;
    if (players != rules->players) {
        snprintf(err, err_cap, "the game is %d-player but the rules are for %d players", players, rules->players);
        return -1;
    }
    return players;
}

int review_game_replay(const json_t *game, const ippon_rules *rules, const review_walker *wk, int *hands, char *err,
                       size_t err_cap)
{
    const json_t *log = json_object_get(game, "log");
    ippon_match *m = malloc(ippon_match_size());
    tenhou_hand *h = malloc(sizeof *h);
    int rc = 0;
    if (!m || !h) {
        snprintf(err, err_cap, "out of memory");
        rc = -1;
    }
    for (size_t i = 0; rc == 0 && i < json_array_size(log); i++) {
        if (wk->start_hand)
            wk->start_hand(wk->ctx, (int)i);
        err[0] = '\0';
        json_t *res =
            tenhou_replay_hand_watched(rules, json_array_get(log, i), m, h, wk->observe, wk->answer, wk->ctx);
        if (res && !json_object_get(res, "error") && wk->end_hand && wk->end_hand(wk->ctx, res) != 0) {
            json_decref(res); /* only out of memory */
            res = NULL;
        }
        const char *why = res ? json_string_value(json_object_get(res, "error")) : "out of memory";
        if (why) {
            if (!err[0]) /* else the observer said why */
                snprintf(err, err_cap, "log[%zu]: %s", i, why);
            rc = -1;
        }
        json_decref(res);
        ++*hands;
    }
    free(h);
    free(m);
    return rc;
}

static void start_hand(void *ctx, int hand)
{
    struct walk *w = ctx;
    w->hand = hand;
    w->turn = 0;
    w->pending.set = false;
    ippon_danger_watch_start(&w->watch);
}

/* the end of a hand: a complete shape on another's discard that was never offered */
static int end_hand(void *ctx, const json_t *result)
{
    (void)result;
    struct walk *w = ctx;
    return review_flush_pending(w->r, w->hand, w->turn, &w->pending);
}

int ippon_review_game(const json_t *game, int seat, const ippon_rules *rules, ippon_review *out, char *err,
                      size_t err_cap)
{
    memset(out, 0, sizeof *out);
    out->seat = seat;
    out->players = rules->players;
    int players = review_game_players(game, rules, err, err_cap);
    if (players < 0)
        return -1;
    if (seat < 0 || seat >= players) {
        snprintf(err, err_cap, "seat %d is not at a %d-player table (0..%d)", seat, players, players - 1);
        return -1;
    }
    struct walk w = { .r = out, .rules = rules, .err = err, .err_cap = err_cap };
    review_walker wk = { .observe = observe, .answer = observe_answer, .start_hand = start_hand, .end_hand = end_hand,
                         .ctx = &w };
    int rc = review_game_replay(game, rules, &wk, &out->hands, err, err_cap);
    for (int i = 0; i < out->n_decisions; i++)
        out->decisions[i].mark = ippon_review_mark_of(&out->decisions[i]);
    return rc;
}

void ippon_review_free(ippon_review *r)
{
    free(r->decisions);
    r->decisions = NULL;
    r->n_decisions = r->cap = 0;
}

bool ippon_review_is_choice(const ippon_review_decision *d)
{
    return d->kind != IPPON_REVIEW_WIN || d->u.win.legal;
}

bool ippon_review_agrees(const ippon_review_decision *d)
{
    if (d->kind != IPPON_REVIEW_DISCARD)
        return ippon_review_is_choice(d) && ippon_review_mark_of(d).severity == IPPON_REVIEW_NO_MARK;
    for (int j = 0; j < d->n_options; j++)
        if (d->options[j].kind == ippon_code_kind(d->chosen))
            return ippon_review_is_best(d->options, d->n_options, j);
    return false;
}
