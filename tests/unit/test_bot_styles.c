/*
 * test_bot_styles.c — unit tests of the bot's three styles (include/ippon/bot.h) and of
 * self-play with a style per seat (include/ippon/selfplay.h). Matches on seeded walls; at every
 * decision of every seat the styles are asked side by side on the same view:
 *   - plain, whenever nobody threatens (no other seat in riichi or with three melds), answers an
 *     offer exactly as the standard bot and on its turn makes a discard of the least shanten
 *     among those offered (counted here with ippon_shanten), yet somewhere picks another such
 *     discard than the standard bot (it skips the live-tile tie-break); and somewhere under a
 *     threat it decides otherwise (it does not fold);
 *   - tsumogiri wins when it can, else discards its drawn tile without riichi (a plain discard
 *     when it has none: the seat is played by the standard bot here, which calls), passes every
 *     offer, and so never calls, kans, sets North aside or declares kyuushu.
 * And ippon_selfplay_match_seats reports each seat's final points and result as the match's own
 * MATCH_END event gives them, with the styles seated where asked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/bot.h"
#include "ippon/match.h"
#include "ippon/selfplay.h"
#include "ippon/shanten.h"
#include "ippon/wall.h"

static bool threatened(const ippon_view *v)
{
    for (int s = 0; s < v->players; s++)
        if (s != v->seat && (v->seats[s].riichi || v->seats[s].n_melds >= 3))
            return true;
    return false;
}

static bool same_action(const ippon_action *a, const ippon_action *b)
{
    return a->type == b->type && a->seat == b->seat && a->tile == b->tile && a->riichi == b->riichi &&
           a->with[0] == b->with[0] && a->with[1] == b->with[1];
}

/* the shanten of the concealed hand after discarding one tile of `kind` */
static int shanten_without(const ippon_view *v, const ippon_rules *rules, int kind)
{
    uint8_t counts[IPPON_KINDS] = { 0 };
    for (int i = 0; i < v->n_hand; i++)
        counts[ippon_tile_kind(v->hand[i])]++;
    counts[kind]--;
    return ippon_shanten(counts, v->seats[v->seat].n_melds, rules);
}

/* what plain must choose on an unthreatened turn: a plain discard of the least shanten offered */
static void check_plain_discard(const ippon_view *v, const ippon_rules *rules, const ippon_action *a)
{
    int least = 99;
    for (int i = 0; i < v->n_legal; i++)
        if (v->legal[i].type == IPPON_ACT_DISCARD && !v->legal[i].riichi) {
            int s = shanten_without(v, rules, ippon_tile_kind(v->legal[i].tile));
            least = s < least ? s : least;
        }
    assert_int_equal(shanten_without(v, rules, ippon_tile_kind(a->tile)), least);
}

/* what tsumogiri must choose on this view */
static void check_tsumogiri(const ippon_view *v, const ippon_action *a)
{
    bool can_win = false;
    for (int i = 0; i < v->n_legal; i++)
        can_win |= v->legal[i].type == IPPON_ACT_TSUMO || v->legal[i].type == IPPON_ACT_RON;
    if (can_win) {
        assert_true(a->type == IPPON_ACT_TSUMO || a->type == IPPON_ACT_RON);
    } else if (v->phase == IPPON_PHASE_OFFER) {
        assert_int_equal(a->type, IPPON_ACT_PASS);
    } else {
        assert_int_equal(a->type, IPPON_ACT_DISCARD);
        assert_false(a->riichi);
        if (v->drawn >= 0)
            assert_int_equal(a->tile, v->drawn);
    }
}

/* plays `matches` matches of this preset with the standard bot, asking all three styles at every decision */
static void styles_side_by_side(const char *preset, int matches, int *differed_threatened, int *differed_discard)
{
    const ippon_rules *rules = ippon_rules_preset(preset);
    ippon_match *m = malloc(ippon_match_size());
    assert_non_null(m);
    ippon_tile wall[IPPON_TILE_IDS];
    ippon_event ev[IPPON_MAX_EVENTS];
    ippon_view v;
    for (int k = 0; k < matches; k++) {
        uint64_t rng = 1000u + (uint64_t)k;
        ippon_match_init(m, rules, k % rules->players);
        for (int hand = 0; ippon_match_phase(m) == IPPON_PHASE_NEED_WALL && hand < 50; hand++) {
            int n = ippon_wall_tiles(rules, wall);
            ippon_wall_shuffle(wall, n, ippon_splitmix_word, &rng);
            assert_true(ippon_match_start_hand(m, wall, n, ev, IPPON_MAX_EVENTS) >= 0);
            while (ippon_match_phase(m) == IPPON_PHASE_TURN || ippon_match_phase(m) == IPPON_PHASE_OFFER) {
                int s = 0;
                while (!ippon_match_waiting_for(m, s))
                    s++;
                ippon_match_view(m, s, &v);
                ippon_action std, plain, giri;
                assert_int_equal(ippon_bot_choose(&v, rules, &std), 0);
                assert_int_equal(ippon_bot_choose_styled(&v, rules, IPPON_BOT_PLAIN, &plain), 0);
                assert_int_equal(ippon_bot_choose_styled(&v, rules, IPPON_BOT_TSUMOGIRI, &giri), 0);
                if (threatened(&v)) {
                    *differed_threatened += !same_action(&std, &plain);
                } else if (v.phase == IPPON_PHASE_OFFER) {
                    assert_true(same_action(&std, &plain));
                } else if (plain.type == IPPON_ACT_DISCARD && !plain.riichi) {
                    check_plain_discard(&v, rules, &plain);
                    *differed_discard += std.type == IPPON_ACT_DISCARD && !same_action(&std, &plain);
                }
                check_tsumogiri(&v, &giri);
                ippon_action again;
                assert_int_equal(ippon_bot_choose_styled(&v, rules, IPPON_BOT_STANDARD, &again), 0);
                assert_true(same_action(&std, &again));
                assert_true(ippon_match_apply(m, &std, ev, IPPON_MAX_EVENTS) >= 0);
            }
        }
    }
    free(m);
}

static void styles_yonma(void **state)
{
    (void)state;
    int differed = 0, discards = 0;
    styles_side_by_side("yonma", 60, &differed, &discards);
    assert_true(differed > 0); /* threatened, plain does not fold where the standard bot does */
    assert_true(discards > 0); /* unthreatened, it keeps other tiles than the live-tile count would */
}

static void styles_sanma(void **state)
{
    (void)state;
    int differed = 0, discards = 0;
    styles_side_by_side("sanma", 60, &differed, &discards);
    assert_true(differed > 0);
    assert_true(discards > 0);
}

static void bad_style(void **state)
{
    (void)state;
    ippon_view v;
    memset(&v, 0, sizeof v);
    v.n_legal = 1;
    v.legal[0].type = IPPON_ACT_PASS;
    ippon_action a;
    assert_int_equal(ippon_bot_choose_styled(&v, ippon_rules_preset("yonma"), IPPON_BOT_STYLES, &a), -1);
    assert_int_equal(ippon_bot_choose_styled(&v, ippon_rules_preset("yonma"), (ippon_bot_style)-1, &a), -1);
    v.n_legal = 0;
    assert_int_equal(ippon_bot_choose_styled(&v, ippon_rules_preset("yonma"), IPPON_BOT_TSUMOGIRI, &a), -1);
}

/* the seats' end as the match's MATCH_END event gives it, and the tsumogiri seats' discards */
struct watch {
    const ippon_selfplay_seats *seats;
    bool ended;
    int32_t points[4], results[4];
    long tsumogiri_discards, tsumogiri_bad;
};

static void on_event(void *ctx, const ippon_event *ev)
{
    struct watch *w = ctx;
    if (ev->type == IPPON_EV_MATCH_END) {
        w->ended = true;
        memcpy(w->points, ev->u.final.points, sizeof w->points);
        memcpy(w->results, ev->u.final.results, sizeof w->results);
    }
    if (ev->seat < 0 || ev->seat >= 4 || w->seats->style[ev->seat] != IPPON_BOT_TSUMOGIRI)
        return;
    if (ev->type == IPPON_EV_DISCARD) {
        w->tsumogiri_discards++;
        w->tsumogiri_bad += !(ev->flags & IPPON_DISCARD_TSUMOGIRI) || (ev->flags & IPPON_DISCARD_RIICHI);
    }
    w->tsumogiri_bad += ev->type == IPPON_EV_CALL || ev->type == IPPON_EV_KITA;
}

static void selfplay_reports_seats(void **state)
{
    (void)state;
    static const char *const presets[2] = { "yonma", "sanma" };
    for (int p = 0; p < 2; p++) {
        const ippon_rules *rules = ippon_rules_preset(presets[p]);
        long discards = 0;
        for (long index = 0; index < 40; index++) {
            ippon_selfplay_seats seats;
            memset(&seats, 0, sizeof seats);
            seats.style[0] = IPPON_BOT_TSUMOGIRI;
            seats.style[1] = IPPON_BOT_STANDARD;
            seats.style[2] = IPPON_BOT_PLAIN;
            seats.style[3] = IPPON_BOT_TSUMOGIRI;
            struct watch w = { .seats = &seats };
            ippon_selfplay_stats st;
            memset(&st, 0, sizeof st);
            assert_int_equal(ippon_selfplay_match_seats(rules, 11, index, true, &st, on_event, &w, &seats), 0);
            assert_true(seats.over);
            assert_true(w.ended);
            assert_true(seats.first_dealer >= 0 && seats.first_dealer < rules->players);
            int32_t sum = 0;
            for (int s = 0; s < rules->players; s++) {
                assert_int_equal(seats.points[s], w.points[s]);
                assert_int_equal(seats.result[s], w.results[s]);
                assert_int_equal(seats.points[s], rules->start_points + seats.result[s]);
                sum += seats.result[s];
            }
            assert_int_equal(sum, 0);
            assert_int_equal(w.tsumogiri_bad, 0);
            discards += w.tsumogiri_discards;
        }
        assert_true(discards > 0);
    }
    /* ippon_selfplay_match is the standard bot in every seat: the same match as seating it so */
    ippon_selfplay_stats a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    ippon_selfplay_seats standard;
    memset(&standard, 0, sizeof standard);
    for (long index = 0; index < 20; index++) {
        assert_int_equal(ippon_selfplay_match(ippon_rules_preset("yonma"), 3, index, false, &a, NULL, NULL), 0);
        assert_int_equal(ippon_selfplay_match_seats(ippon_rules_preset("yonma"), 3, index, false, &b, NULL, NULL,
                                                    &standard), 0);
    }
    assert_int_equal(a.actions, b.actions);
    assert_int_equal(a.wins, b.wins);
    assert_int_equal(a.win_value_sum, b.win_value_sum);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(styles_yonma),
        cmocka_unit_test(styles_sanma),
        cmocka_unit_test(bad_style),
        cmocka_unit_test(selfplay_reports_seats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
