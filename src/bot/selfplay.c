/*
 * selfplay.c — bot-only matches (selfplay.h). Each decision goes to the seat's bot
 * (ippon_bot_choose_styled, the standard style unless the caller seats others) with that seat's
 * view only. With check on, after every action: the match's own invariant check, the sum
 * of points and sticks, and probes that wrong-turn and malformed actions are refused without
 * changing anything.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/bot.h"
#include "ippon/error.h"
#include "ippon/match.h"
#include "ippon/wall.h"
#include "ippon/selfplay.h"

enum { MAX_HANDS = 200, MAX_STEPS_PER_HAND = 2000 };

/* the wall of hand `hand` of match `index` for this seed (n = ippon wall size) */
static int ippon_selfplay_wall(const ippon_rules *rules, uint64_t seed, long index, int hand, uint8_t *wall)
{
    uint64_t state = seed * 0x100000001b3ull ^ (uint64_t)index * 0x9e3779b97f4a7c15ull ^ (uint64_t)hand << 48;
    int n = ippon_wall_tiles(rules, wall);
    ippon_wall_shuffle(wall, n, ippon_splitmix_word, &state);
    return n;
}

static void note_failure(ippon_selfplay_stats *st, long index, int hand, const char *what)
{
    st->checks_failed++;
    if (!st->first_failure[0])
        snprintf(st->first_failure, sizeof st->first_failure, "match %ld hand %d: %s", index, hand, what);
}

static void count_events(const ippon_event *ev, int n, ippon_selfplay_stats *st, ippon_selfplay_event_fn on_event,
                         void *ctx)
{
    for (int i = 0; i < n; i++) {
        if (on_event)
            on_event(ctx, &ev[i]);
        switch (ev[i].type) {
        case IPPON_EV_WIN:
            st->wins++;
            st->win_value_sum += ev[i].u.win.score.total;
            if (ev[i].u.win.from == ev[i].seat)
                st->tsumo_wins++;
            else
                st->deal_ins++;
            break;
        case IPPON_EV_DRAW_END: st->exhaustive_draws++; break;
        case IPPON_EV_ABORT: st->aborts++; break;
        case IPPON_EV_RIICHI_STICK: st->riichi++; break;
        case IPPON_EV_CALL: st->calls++; break;
        default: break;
        }
    }
}

/* actions that must be refused now: another seat's turn, a tile not held, a bad type */
static void probe_illegal(ippon_match *m, uint64_t *rng, long index, ippon_selfplay_stats *st)
{
    size_t size = ippon_match_size();
    unsigned char *before = malloc(size);
    if (!before)
        return;
    memcpy(before, m, size);
    ippon_event ev[IPPON_MAX_EVENTS];
    int players = ippon_match_players(m);
    for (int probe = 0; probe < 3; probe++) {
        ippon_action a;
        memset(&a, 0, sizeof a);
        uint32_t r = ippon_splitmix_word(rng);
        a.seat = (int8_t)(r % (uint32_t)(players + 1)) - (probe == 2 ? 1 : 0);
        a.type = (uint8_t)((r >> 8) % (IPPON_ACT_TYPES + 1));
        a.tile = (ippon_tile)((r >> 16) % 140);
        a.riichi = (r >> 24) & 1;
        a.with[0] = (ippon_tile)((r >> 4) % 140);
        a.with[1] = (ippon_tile)((r >> 12) % 140);
        ippon_action legal[IPPON_MAX_LEGAL];
        int n = (a.seat >= 0 && a.seat < players) ? ippon_match_legal(m, a.seat, legal, IPPON_MAX_LEGAL) : 0;
        bool is_legal = false;
        for (int i = 0; i < n && !is_legal; i++) {
            /* a random action may happen to be legal (a pass, a discard of a held tile): skip those */
            is_legal = legal[i].type == a.type;
        }
        if (is_legal)
            continue;
        int rc = ippon_match_apply(m, &a, ev, IPPON_MAX_EVENTS);
        if (rc != IPPON_EILLEGAL || memcmp(before, m, size) != 0) {
            st->illegal_accepted++;
            note_failure(st, index, ippon_match_hand_number(m), "an illegal action was accepted or changed the match");
            memcpy(m, before, size);
        }
    }
    free(before);
}

int ippon_selfplay_match(const ippon_rules *rules, uint64_t seed, long index, bool check, ippon_selfplay_stats *st,
                         ippon_selfplay_event_fn on_event, void *ctx)
{
    return ippon_selfplay_match_seats(rules, seed, index, check, st, on_event, ctx, NULL);
}

int ippon_selfplay_match_seats(const ippon_rules *rules, uint64_t seed, long index, bool check,
                               ippon_selfplay_stats *st, ippon_selfplay_event_fn on_event, void *ctx,
                               ippon_selfplay_seats *seats)
{
    ippon_match *m = malloc(ippon_match_size());
    if (!m)
        return -1;
    uint64_t rng = seed ^ (uint64_t)index << 20 ^ 0x5eed;
    int first_dealer = (int)(ippon_splitmix_word(&rng) % rules->players);
    ippon_match_init(m, rules, first_dealer);
    if (seats) {
        seats->first_dealer = first_dealer;
        seats->over = false;
    }
    uint8_t wall[IPPON_TILE_IDS];
    ippon_event ev[IPPON_MAX_EVENTS];
    ippon_view view;
    char why[160];
    int rc = 0;
    for (int hand = 0; ippon_match_phase(m) == IPPON_PHASE_NEED_WALL; hand++) {
        if (hand >= MAX_HANDS) {
            note_failure(st, index, hand, "the match did not end");
            rc = -1;
            break;
        }
        int n = ippon_selfplay_wall(rules, seed, index, hand, wall);
        int ne = ippon_match_start_hand(m, wall, n, ev, IPPON_MAX_EVENTS);
        count_events(ev, ne, st, on_event, ctx);
        st->hands++;
        int steps = 0;
        while (ippon_match_phase(m) == IPPON_PHASE_TURN || ippon_match_phase(m) == IPPON_PHASE_OFFER) {
            if (++steps > MAX_STEPS_PER_HAND) {
                note_failure(st, index, hand, "the hand did not end");
                rc = -1;
                goto done;
            }
            if (check)
                probe_illegal(m, &rng, index, st);
            for (int s = 0; s < rules->players; s++) {
                if (!ippon_match_waiting_for(m, s))
                    continue;
                ippon_match_view(m, s, &view);
                ippon_action a;
                if (ippon_bot_choose_styled(&view, rules, seats ? seats->style[s] : IPPON_BOT_STANDARD, &a) < 0) {
                    note_failure(st, index, hand, "a pending decision had no legal action");
                    rc = -1;
                    goto done;
                }
                ne = ippon_match_apply(m, &a, ev, IPPON_MAX_EVENTS);
                if (ne < 0) {
                    note_failure(st, index, hand, "the bot's legal action was refused");
                    rc = -1;
                    goto done;
                }
                st->actions++;
                count_events(ev, ne, st, on_event, ctx);
                if (check && ippon_match_check(m, why, sizeof why) < 0) {
                    note_failure(st, index, hand, why);
                    rc = -1;
                    goto done;
                }
                break; /* the state changed: look again from the first seat */
            }
        }
    }
    if (ippon_match_phase(m) == IPPON_PHASE_OVER) {
        long long sum = 0;
        for (int s = 0; s < rules->players; s++) {
            sum += ippon_match_result(m, s);
            if (seats) {
                seats->points[s] = ippon_match_points(m, s);
                seats->result[s] = ippon_match_result(m, s);
            }
        }
        if (seats)
            seats->over = true;
        st->result_sum += sum;
        if (sum != 0)
            note_failure(st, index, ippon_match_hand_number(m), "the results of the match do not sum to 0");
    }
done:
    st->matches++;
    free(m);
    return rc;
}
