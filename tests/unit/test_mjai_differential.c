/*
 * test_mjai_differential.c — the built-in bot seated over mjai makes exactly the choices it makes
 * seated in-process (issue 28, item 6): the protocol loses and invents nothing.
 *
 * Whole matches on seeded walls in yonma, tenhou4, sanma and tenhou3, every seat both ways at
 * every decision: the server's side of the seat (ippon_mjai_seat, fed every event as
 * src/mjai/README.md shows) → its lines → the AI's side (ippon_mjai_client) → ippon_bot_choose on
 * the client's view → the answer line → ippon_mjai_seat_answer → the action; and ippon_bot_choose
 * on the core's own ippon_match_view for that seat. The two must name the same option (a discard
 * by its code, a call by its tiles' codes, a kan or kita by its kind, riichi alike), and the
 * mjai one is the action the match goes on with. At every decision the client's view is compared
 * field by field with the core's, the seats turned to mjai's numbering (seat 0 dealt the first
 * hand): players, dealer, round wind, phase, turn, honba, sticks, live tiles, hand number, dora
 * indicators, each seat's points, wind, melds, pond (with its flags), kita, tile count, riichi and
 * double riichi, the own hand, the tile drawn, the offer, and the legal actions one by one. One
 * allowance: an open kan's indicator revealed with the discard after it (the delayed rule) comes
 * after that dahai, so a seat asked about the dahai has not seen it yet (the bot reads no dora on
 * an offer); the test checks that the missing indicator is the next dora message.
 * With IPPON_MJAI_RECORD=FILE, the first matches of yonma and sanma are appended to FILE, one
 * JSON line per seat: every line it received and, for those it decided on, the answer the
 * in-process bot's choice makes (tests/integration/fixtures/mjai_bot_matches.jsonl, for
 * tests/integration/mjai_bot_tcp.test.mjs).
 * The styles plain (every seat) and tsumogiri (one seat, among standard bots) are played too, on
 * fewer matches. The counts are printed:
 * matches, decisions compared, mismatches (0).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/bot.h"
#include "ippon/match.h"
#include "ippon/mjai.h"
#include "ippon/mjai_client.h"
#include "ippon/wall.h"

enum { MATCHES = 400, STYLE_MATCHES = 40, MAX_STEPS = 1000, MAX_LINES = 64, RECORDED = 4 };

typedef struct tally {
    long matches, decisions, offers, riichi, calls, kans, kitas, mismatches, view_mismatches, late_dora;
} tally;

typedef struct table {
    const ippon_rules *rules;
    ippon_bot_style style[4]; /* by table seat */
    ippon_match *m;
    ippon_mjai_seat *server[4];
    ippon_mjai_client *client[4];
    int players, first;
    bool decided[4];       /* the seat's answer to its decision is in */
    ippon_action action[4]; /* that answer, as the server read it */
    json_t *record[4];      /* with IPPON_MJAI_RECORD: each seat's lines and the answers expected */
    tally t;
} table;

static uint64_t rng_state; /* ippon_splitmix_word's */

static int rot(const table *tb, int seat) { return seat < 0 ? seat : (seat - tb->first + tb->players) % tb->players; }

static int code(const table *tb, int tile)
{
    return tile >= IPPON_TILE_IDS ? -1 : ippon_tile_code((ippon_tile)tile, tb->rules->red_fives);
}

static void sorted_codes(const table *tb, const ippon_action *a, int *out)
{
    int n = a->type == IPPON_ACT_DAIMINKAN ? 3 : 2;
    for (int i = 0; i < 3; i++)
        out[i] = i < n ? code(tb, a->with[i]) : 0;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int x = out[j];
            out[j] = out[j - 1];
            out[j - 1] = x;
        }
}

/* whether two actions name the same option (the core's seat of `want` turned to mjai's) */
static bool same_option(const table *tb, const ippon_action *want, const ippon_action *got, bool rotate)
{
    if (want->type != got->type || want->riichi != got->riichi ||
        (rotate ? rot(tb, want->seat) : want->seat) != got->seat)
        return false;
    switch (want->type) {
    case IPPON_ACT_DISCARD:
    case IPPON_ACT_TSUMO: return code(tb, want->tile) == code(tb, got->tile);
    case IPPON_ACT_CHI:
    case IPPON_ACT_PON:
    case IPPON_ACT_DAIMINKAN: {
        int x[3], y[3];
        sorted_codes(tb, want, x);
        sorted_codes(tb, got, y);
        return !memcmp(x, y, sizeof x);
    }
    case IPPON_ACT_ANKAN:
    case IPPON_ACT_KAKAN:
    case IPPON_ACT_KITA: return ippon_tile_kind(want->tile) == ippon_tile_kind(got->tile);
    default: return true;
    }
}

#define SAME(what, a, b)                                                                                               \
    do {                                                                                                               \
        if ((long)(a) != (long)(b)) {                                                                                  \
            snprintf(why, cap, "%s: core %ld, client %ld", what, (long)(a), (long)(b));                                \
            return false;                                                                                              \
        }                                                                                                              \
    } while (0)

static bool same_meld(const table *tb, const ippon_meld_tiles *a, const ippon_meld_tiles *b, char *why, size_t cap)
{
    SAME("meld type", a->type, b->type);
    SAME("meld size", a->n, b->n);
    for (int i = 0; i < a->n; i++)
        SAME("meld tile", code(tb, a->tiles[i]), code(tb, b->tiles[i]));
    SAME("meld called", code(tb, a->called), code(tb, b->called));
    SAME("meld added", code(tb, a->added), code(tb, b->added));
    SAME("meld from", rot(tb, a->from), b->from);
    SAME("meld kan order", a->kan_seq, b->kan_seq);
    /* the tile called is the pond's: one copy, the meld's called one */
    for (int i = 0; i < a->n; i++)
        SAME("meld called copy", a->tiles[i] == a->called, b->tiles[i] == b->called);
    return true;
}

static bool same_seat(const table *tb, const ippon_seat_public *a, const ippon_seat_public *b, char *why, size_t cap)
{
    SAME("points", a->points, b->points);
    SAME("wind", a->wind, b->wind);
    SAME("melds", a->n_melds, b->n_melds);
    for (int i = 0; i < a->n_melds; i++)
        if (!same_meld(tb, &a->melds[i], &b->melds[i], why, cap))
            return false;
    SAME("discards", a->n_discards, b->n_discards);
    for (int i = 0; i < a->n_discards; i++) {
        SAME("discard", code(tb, a->discards[i].tile), code(tb, b->discards[i].tile));
        /* tsumogiri as the server's stream says it: the client's own copies are its own */
        SAME("discard flags", a->discards[i].flags & ~IPPON_DISCARD_TSUMOGIRI, b->discards[i].flags & ~IPPON_DISCARD_TSUMOGIRI);
    }
    SAME("kita", a->n_kita, b->n_kita);
    for (int i = 0; i < a->n_kita; i++)
        SAME("kita tile", code(tb, a->kita[i]), code(tb, b->kita[i]));
    SAME("concealed tiles", a->n_concealed, b->n_concealed);
    SAME("riichi", a->riichi, b->riichi);
    SAME("double riichi", a->double_riichi, b->double_riichi);
    return true;
}

/* the client's view against the core's; late_dora: indicators still in the seat's queue */
static bool same_view(const table *tb, const ippon_view *a, const ippon_view *b, int late_dora, char *why, size_t cap)
{
    SAME("players", a->players, b->players);
    SAME("seat", rot(tb, a->seat), b->seat);
    SAME("dealer", rot(tb, a->dealer), b->dealer);
    SAME("round wind", a->round_wind, b->round_wind);
    SAME("phase", a->phase, b->phase);
    SAME("turn", rot(tb, a->turn), b->turn);
    SAME("honba", a->honba, b->honba);
    SAME("sticks", a->sticks, b->sticks);
    SAME("live tiles", a->live_tiles, b->live_tiles);
    SAME("hand number", a->hand_number, b->hand_number);
    SAME("dora indicators", a->n_dora, b->n_dora + late_dora);
    for (int i = 0; i < b->n_dora; i++)
        SAME("dora indicator", code(tb, a->dora[i]), code(tb, b->dora[i]));
    for (int s = 0; s < a->players; s++) {
        if (!same_seat(tb, &a->seats[s], &b->seats[rot(tb, s)], why, cap)) {
            size_t n = strlen(why);
            snprintf(why + n, cap - n, " (core seat %d)", s);
            return false;
        }
    }
    SAME("hand", a->n_hand, b->n_hand);
    for (int i = 0; i < a->n_hand; i++)
        SAME("hand tile", code(tb, a->hand[i]), code(tb, b->hand[i]));
    SAME("drawn", code(tb, a->drawn < 0 ? 255 : a->drawn), code(tb, b->drawn < 0 ? 255 : b->drawn));
    SAME("offer from", rot(tb, a->offer_from), b->offer_from);
    SAME("offer tile", code(tb, a->offer_tile), code(tb, b->offer_tile));
    SAME("legal actions", a->n_legal, b->n_legal);
    for (int i = 0; i < a->n_legal; i++)
        if (!same_option(tb, &a->legal[i], &b->legal[i], true)) {
            snprintf(why, cap, "legal action %d: core type %d tile %d riichi %d, client type %d tile %d riichi %d", i,
                     a->legal[i].type, code(tb, a->legal[i].tile), a->legal[i].riichi, b->legal[i].type,
                     code(tb, b->legal[i].tile), b->legal[i].riichi);
            return false;
        }
    return true;
}

static bool is_type(const char *line, const char *type)
{
    json_t *msg = json_loads(line, 0, NULL);
    const char *t = json_string_value(json_object_get(msg, "type"));
    bool yes = t && !strcmp(t, type);
    json_decref(msg);
    return yes;
}

/* a line the seat received, for the recording (the answer expected: none until decide says) */
static void record_line(table *tb, int s, const char *line)
{
    if (tb->record[s])
        json_array_append_new(tb->record[s], json_pack("{s:s,s:n}", "line", line, "expect"));
}

/* the answer the in-process bot's choice makes, as this test writes it from the mjai format
   (the TCP test, tests/integration/mjai_bot_tcp.test.mjs, holds the client to it) */
static void record_expect(table *tb, int s, const ippon_action *a, bool echo)
{
    if (!tb->record[s])
        return;
    int me = rot(tb, s);
    json_t *e = NULL;
    switch (a->type) {
    case IPPON_ACT_DISCARD:
        e = a->riichi && !echo ? json_pack("{s:s,s:i}", "type", "reach", "actor", me)
                               : json_pack("{s:s,s:i,s:s}", "type", "dahai", "actor", me, "pai",
                                           ippon_code_to_mjai(code(tb, a->tile)));
        break;
    case IPPON_ACT_TSUMO:
    case IPPON_ACT_RON: e = json_pack("{s:s,s:i}", "type", "hora", "actor", me); break;
    case IPPON_ACT_CHI:
    case IPPON_ACT_PON:
    case IPPON_ACT_DAIMINKAN: {
        int c[3];
        sorted_codes(tb, a, c);
        json_t *consumed = json_array();
        for (int i = 0; i < (a->type == IPPON_ACT_DAIMINKAN ? 3 : 2); i++)
            json_array_append_new(consumed, json_string(ippon_code_to_mjai(c[i])));
        e = json_pack("{s:s,s:i,s:o}", "type", a->type == IPPON_ACT_CHI ? "chi" : a->type == IPPON_ACT_PON ? "pon" : "daiminkan",
                      "actor", me, "consumed", consumed);
        break;
    }
    case IPPON_ACT_ANKAN:
    case IPPON_ACT_KAKAN:
        e = json_pack("{s:s,s:i,s:s}", "type", a->type == IPPON_ACT_ANKAN ? "ankan" : "kakan", "actor", me, "kind",
                      ippon_code_to_mjai(ippon_tile_kind(a->tile)));
        break;
    case IPPON_ACT_KITA: e = json_pack("{s:s,s:i}", "type", "kita", "actor", me); break;
    case IPPON_ACT_KYUUSHU: e = json_pack("{s:s,s:i}", "type", "ryukyoku", "actor", me); break;
    default: e = json_pack("{s:s}", "type", "none"); break;
    }
    json_t *list = tb->record[s];
    json_object_set_new(json_array_get(list, json_array_size(list) - 1), "expect", e);
}

static void feed(table *tb, const ippon_event *ev, int n)
{
    for (int i = 0; i < n; i++)
        for (int s = 0; s < tb->players; s++)
            ippon_mjai_seat_event(tb->server[s], &ev[i]);
}

/* the seat's decision, both ways: the client's answer as the server reads it, against the core's */
static void decide(table *tb, int s, char lines[][1024], int n_lines, int at)
{
    ippon_view core, *v = malloc(sizeof *v);
    ippon_match_view(tb->m, s, &core);
    *v = *ippon_mjai_client_view(tb->client[s]);
    int late_dora = 0;
    for (int k = at + 1; k < n_lines; k++)
        late_dora += is_type(lines[k], "dora");
    char why[256];
    if (!same_view(tb, &core, v, late_dora, why, sizeof why)) {
        if (tb->t.view_mismatches++ < 5)
            print_message("view of seat %d differs at %s: %s\n", s, lines[at], why);
    }
    tb->t.late_dora += late_dora > 0;
    ippon_action want, chosen, got;
    assert_int_equal(ippon_bot_choose_styled(&core, tb->rules, tb->style[s], &want), 0);
    assert_int_equal(ippon_bot_choose_styled(v, ippon_mjai_client_rules(tb->client[s]), tb->style[s], &chosen), 0);
    const char *answer = ippon_mjai_client_answer(tb->client[s], &chosen);
    char error[200];
    int rc = ippon_mjai_seat_answer(tb->server[s], answer, &got, error, sizeof error);
    if (rc == IPPON_MJAI_WAIT) { /* reach: the echo, answered with its dahai */
        const char *echo = ippon_mjai_seat_next(tb->server[s], NULL);
        assert_non_null(echo);
        record_expect(tb, s, &want, false);
        record_line(tb, s, echo);
        assert_int_equal(ippon_mjai_client_read(tb->client[s], echo, error, sizeof error), IPPON_MJAI_CLIENT_ANSWER);
        answer = ippon_mjai_client_answer(tb->client[s], NULL);
        rc = ippon_mjai_seat_answer(tb->server[s], answer, &got, error, sizeof error);
        tb->t.riichi++;
    }
    if (rc != IPPON_MJAI_ACT || error[0])
        fail_msg("seat %d: answer %s refused: %s", s, answer, error);
    tb->t.decisions++;
    tb->t.offers += core.phase == IPPON_PHASE_OFFER;
    tb->t.calls += want.type == IPPON_ACT_CHI || want.type == IPPON_ACT_PON || want.type == IPPON_ACT_DAIMINKAN;
    tb->t.kans += want.type == IPPON_ACT_ANKAN || want.type == IPPON_ACT_KAKAN;
    tb->t.kitas += want.type == IPPON_ACT_KITA;
    if (!same_option(tb, &want, &got, false) && tb->t.mismatches++ < 5)
        print_message("seat %d decides otherwise over mjai at %s: core type %d tile %d riichi %d, mjai %s\n", s,
                      lines[at], want.type, code(tb, want.tile), want.riichi, answer);
    record_expect(tb, s, &want, true);
    tb->decided[s] = true;
    tb->action[s] = got;
    free(v);
}

/* every seat's lines into its client, the decisions answered */
static void deliver(table *tb)
{
    static char lines[MAX_LINES][1024];
    for (int s = 0; s < tb->players; s++) {
        int n = 0;
        bool asks[MAX_LINES];
        const char *line;
        while (n < MAX_LINES && (line = ippon_mjai_seat_next(tb->server[s], &asks[n])))
            snprintf(lines[n++], sizeof lines[0], "%s", line);
        for (int i = 0; i < n; i++) {
            char error[200];
            record_line(tb, s, lines[i]);
            int rc = ippon_mjai_client_read(tb->client[s], lines[i], error, sizeof error);
            if (rc == IPPON_MJAI_CLIENT_BAD)
                fail_msg("seat %d: the client refused %s: %s", s, lines[i], error);
            assert_int_equal(rc == IPPON_MJAI_CLIENT_DECIDE, asks[i]);
            if (rc == IPPON_MJAI_CLIENT_DECIDE)
                decide(tb, s, lines, n, i);
            else
                assert_string_equal(ippon_mjai_client_answer(tb->client[s], NULL), "{\"type\":\"none\"}");
        }
    }
}

static void play(const char *preset, ippon_bot_style style, int matches, uint64_t seed)
{
    table tb = { 0 };
    tb.rules = ippon_rules_preset(preset);
    /* plain at every seat; tsumogiri at seat 0 alone (four of them would hardly ever win, and
       the hands would go on past any honba count), the standard bot at the others */
    for (int s = 0; s < 4; s++)
        tb.style[s] = style == IPPON_BOT_TSUMOGIRI && s ? IPPON_BOT_STANDARD : style;
    tb.players = tb.rules->players;
    tb.m = malloc(ippon_match_size());
    rng_state = seed;
    for (int i = 0; i < matches; i++) {
        tb.first = (int)(ippon_splitmix_word(&rng_state) % (uint32_t)tb.players);
        ippon_match_init(tb.m, tb.rules, tb.first);
        for (int s = 0; s < tb.players; s++) {
            tb.server[s] = ippon_mjai_seat_new(tb.rules, s, NULL);
            /* half the clients are told the rules, half take the product's preset for the players */
            const char *to = getenv("IPPON_MJAI_RECORD");
            tb.record[s] = to && style == IPPON_BOT_STANDARD && i < RECORDED && strncmp(preset, "tenhou", 6) ? json_array() : NULL;
            tb.client[s] = ippon_mjai_client_new(i % 2 == 0 && strncmp(preset, "tenhou", 6) ? NULL : tb.rules);
        }
        int steps = 0;
        while (ippon_match_phase(tb.m) != IPPON_PHASE_OVER) {
            if (ippon_match_phase(tb.m) == IPPON_PHASE_NEED_WALL) {
                ippon_tile wall[IPPON_TILE_IDS];
                int n = ippon_wall_tiles(tb.rules, wall);
                ippon_wall_shuffle(wall, n, ippon_splitmix_word, &rng_state);
                ippon_event ev[IPPON_MAX_EVENTS];
                int ne = ippon_match_start_hand(tb.m, wall, n, ev, IPPON_MAX_EVENTS);
                assert_true(ne > 0);
                feed(&tb, ev, ne);
                steps = 0; /* a bound per hand: the tsumogiri style may draw many hands */
                continue;
            }
            assert_true(++steps < MAX_STEPS);
            bool asked[4] = { false };
            for (int s = 0; s < tb.players; s++)
                if (ippon_match_waiting_for(tb.m, s)) {
                    ippon_action legal[IPPON_MAX_LEGAL];
                    int n = ippon_match_legal(tb.m, s, legal, IPPON_MAX_LEGAL);
                    ippon_mjai_seat_ask(tb.server[s], legal, n);
                    tb.decided[s] = false;
                    asked[s] = true;
                }
            deliver(&tb);
            /* every seat asked has answered (an offer may ask several): the answers go to the table */
            for (int s = 0; s < tb.players; s++)
                if (asked[s]) {
                    if (!tb.decided[s])
                        fail_msg("seat %d was asked, but its client decided nothing", s);
                    tb.decided[s] = false;
                    ippon_event ev[IPPON_MAX_EVENTS];
                    int ne = ippon_match_apply(tb.m, &tb.action[s], ev, IPPON_MAX_EVENTS);
                    if (ne < 0)
                        fail_msg("the match refused the mjai action of seat %d (type %d)", s, tb.action[s].type);
                    feed(&tb, ev, ne);
                }
        }
        deliver(&tb);
        for (int s = 0; s < tb.players; s++) {
            assert_true(ippon_mjai_client_over(tb.client[s]));
            assert_int_equal(ippon_mjai_client_id(tb.client[s]), rot(&tb, s));
            for (int k = 0; k < tb.players; k++) /* the final points, as end_game leaves them */
                assert_int_equal(ippon_mjai_client_view(tb.client[s])->seats[rot(&tb, k)].points,
                                 ippon_match_points(tb.m, k));
            ippon_mjai_seat_free(tb.server[s]);
            ippon_mjai_client_free(tb.client[s]);
            if (tb.record[s]) {
                FILE *f = fopen(getenv("IPPON_MJAI_RECORD"), "a");
                assert_non_null(f);
                json_t *rec = json_pack("{s:s,s:i,s:i,s:o}", "rules", preset, "match", i, "seat", s, "lines", tb.record[s]);
                json_dumpf(rec, f, JSON_COMPACT);
                fputc('\n', f);
                fclose(f);
                json_decref(rec);
                tb.record[s] = NULL;
            }
        }
        tb.t.matches++;
    }
    static const char *const styles[] = { "standard", "plain", "tsumogiri" };
    print_message("%s %s: %ld matches, %ld decisions compared (%ld offers, %ld riichi, %ld calls, %ld kans, %ld kita; "
                  "%ld with a late dora), %ld mismatches, %ld view mismatches\n",
                  preset, styles[style], tb.t.matches, tb.t.decisions, tb.t.offers, tb.t.riichi, tb.t.calls, tb.t.kans,
                  tb.t.kitas, tb.t.late_dora, tb.t.mismatches, tb.t.view_mismatches);
    assert_int_equal(tb.t.mismatches, 0);
    assert_int_equal(tb.t.view_mismatches, 0);
    if (style == IPPON_BOT_STANDARD) {
        assert_true(tb.t.riichi > 0 && tb.t.calls > 0 && tb.t.offers > 0);
        if (tb.rules->kita)
            assert_true(tb.t.kitas > 0);
    }
    free(tb.m);
}

static void yonma(void **state) { (void)state; play("yonma", IPPON_BOT_STANDARD, MATCHES, 11); }
static void tenhou4(void **state) { (void)state; play("tenhou4", IPPON_BOT_STANDARD, MATCHES, 12); }
static void sanma(void **state) { (void)state; play("sanma", IPPON_BOT_STANDARD, MATCHES, 13); }
static void tenhou3(void **state) { (void)state; play("tenhou3", IPPON_BOT_STANDARD, MATCHES, 14); }
static void other_styles(void **state)
{
    (void)state;
    static const char *const presets[] = { "yonma", "tenhou4", "sanma", "tenhou3" };
    for (int p = 0; p < 4; p++) {
        play(presets[p], IPPON_BOT_PLAIN, STYLE_MATCHES, 21 + (uint64_t)p);
        play(presets[p], IPPON_BOT_TSUMOGIRI, STYLE_MATCHES, 31 + (uint64_t)p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yonma), cmocka_unit_test(tenhou4), cmocka_unit_test(sanma),
        cmocka_unit_test(tenhou3), cmocka_unit_test(other_styles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
